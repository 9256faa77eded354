// The GUI: collidoscope [OPTIONS] [FILE] (the options: windowOptions). Arguments are checked and help and
// version printed before the QApplication exists, so that none of them needs a display.
#include "GuiMain.h"

#include "CliSupport.h"
#include "Commands.h"
#include "DocumentSession.h"
#include "FitHeatMap.h"
#include "MainWindow.h"
#include "Prompter.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QProcess>
#include <QScreen>
#include <QSize>
#include <QTimer>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cs::app {

namespace {

const char* kSample = ":/sample/sample.glb";
const char* kNoDisplay =
    "collidoscope: no display: the window needs a graphical session; for a picture without one "
    "use `--screenshot` under xvfb-run, or a command such as `inspect`";

const char* kNo3DView =
    "collidoscope: the 3D view cannot be drawn on the '%s' platform (no OpenGL there), so the picture would "
    "show an empty view; nothing was written. Take it under a virtual X server instead: xvfb-run -a "
    "collidoscope FILE --screenshot OUT.png (or without QT_QPA_PLATFORM and without a display, which runs "
    "xvfb-run by itself)\n";

/// Without a display a screenshot still works: run again inside a virtual X server.
/// The server runs with -noreset: by default it resets when its last client leaves and signals xvfb-run
/// again, and when that signal lands while xvfb-run removes its temporary folder the script exits 5 in place
/// of our status (one run in six to twenty when the program exits right after connecting).
int rerunUnderXvfb(int argc, char** argv)
{
    QStringList args{QStringLiteral("-a"), QStringLiteral("-s"),
                     QStringLiteral("-screen 0 1920x1080x24 -noreset")};
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    qputenv("CS_UNDER_XVFB", "1");
    const int code = QProcess::execute(QStringLiteral("xvfb-run"), args);
    if (code == -2)
        std::fprintf(stderr,
                     "collidoscope: there is no display and xvfb-run is not installed (apt install xvfb)\n");
    return code < 0 ? 2 : code;
}

std::optional<cs::ui::OrbitCamera::View> viewByName(const QString& name)
{
    using V = cs::ui::OrbitCamera::View;
    if (name == QLatin1String("front"))
        return V::Front;
    if (name == QLatin1String("back"))
        return V::Back;
    if (name == QLatin1String("top"))
        return V::Top;
    if (name == QLatin1String("right"))
        return V::Right;
    if (name == QLatin1String("left"))
        return V::Left;
    if (name == QLatin1String("iso"))
        return V::Iso;
    return std::nullopt;
}

QtMessageHandler previousHandler = nullptr;

/// While the QApplication is made: a platform plugin that cannot start (a DISPLAY whose server is gone) ends
/// the program with the no-display line and exit code 2 instead of an abort.
void platformFailureMeansNoDisplay(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtFatalMsg) {
        std::fprintf(stderr, "%s\n", kNoDisplay);
        std::fflush(stderr);
        std::_Exit(ExitUnusable);
    }
    if (previousHandler)
        previousHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

/// True when the Qt platform the window would use (`-platform NAME`, else QT_QPA_PLATFORM, else the default)
/// can reach a display: xcb needs DISPLAY, Wayland needs WAYLAND_DISPLAY; offscreen and the others are left
/// to Qt.
bool displayAvailable(QString requested)
{
    const bool x11 = !qEnvironmentVariableIsEmpty("DISPLAY");
    const bool wayland = !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    if (requested.isEmpty())
        requested = qEnvironmentVariable("QT_QPA_PLATFORM");
    if (requested.isEmpty())
        return x11 || wayland;
    auto reachable = [&](const QString& platform) {
        if (platform == QLatin1String("xcb"))
            return x11;
        if (platform.startsWith(QLatin1String("wayland")))
            return wayland;
        return true;
    };
    // A list such as "wayland;xcb" is tried in order; "xcb:option=value" carries options after the colon.
    for (const QString& entry : requested.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        if (reachable(entry.section(QLatin1Char(':'), 0, 0)))
            return true;
    }
    return false;
}

/// The window's size for a screenshot, or nullopt for a value that is not WxH within 64..8192.
std::optional<QSize> screenshotSize(const QString& value)
{
    const QStringList wh = value.split(QLatin1Char('x'));
    const int w = wh.size() == 2 ? wh[0].toInt() : 0;
    const int h = wh.size() == 2 ? wh[1].toInt() : 0;
    if (w < 64 || h < 64 || w > 8192 || h > 8192)
        return std::nullopt;
    return QSize(w, h);
}

/// View > Fit Heat Map at the tolerance --heat-map gives, drawn before the picture is taken; false (and why,
/// on stderr) for a tolerance that is not a positive number of metres.
bool showHeatMap(cs::ui::MainWindow& window, const QCommandLineParser& parser)
{
    bool ok = false;
    const double tolerance = parser.value(QStringLiteral("heat-map")).toDouble(&ok);
    if (!ok || !(tolerance > 0) || !std::isfinite(tolerance)) {
        std::fprintf(stderr, "collidoscope: --heat-map takes a tolerance in metres above 0, not '%s'\n",
                     qPrintable(parser.value(QStringLiteral("heat-map"))));
        return false;
    }
    cs::ui::FitHeatMap* map = window.fitHeatMap();
    map->setTolerance(tolerance);
    map->setEnabled(true);
    if (!map->waitForMap(120000) || !map->figures()) {
        std::fprintf(stderr, "collidoscope: no fit heat map: the selected node has no mesh and collider "
                             "(--select NAME)\n");
        return false;
    }
    return true;
}

/// The window as --xray, --select, --dock and --heat-map ask; false (and why, on stderr) when a node or dock
/// is unknown or there is no heat map to show.
bool arrangeForScreenshot(cs::ui::MainWindow& window, const QCommandLineParser& parser)
{
    // Through the action, so that the View menu and the toolbar show the mode too.
    window.actions().get(cs::ui::ActionId::Xray)->setChecked(parser.isSet(QStringLiteral("xray")));
    const QString colourBy = parser.value(QStringLiteral("colour-by"));
    if (colourBy != QStringLiteral("motion") && colourBy != QStringLiteral("shape")) {
        std::fprintf(stderr, "collidoscope: --colour-by takes 'motion' or 'shape', not '%s'\n",
                     qPrintable(colourBy));
        return false;
    }
    window.actions().get(cs::ui::ActionId::ColourByShape)->setChecked(colourBy == QStringLiteral("shape"));
    if (parser.isSet(QStringLiteral("select"))) {
        const std::string wanted = parser.value(QStringLiteral("select")).toStdString();
        const std::vector<size_t> named = cs::gltf::nodesNamed(window.session().document()->gltf(), wanted);
        if (named.empty()) {
            std::fprintf(stderr, "collidoscope: no node named '%s'\n", wanted.c_str());
            return false;
        }
        window.session().selectNode(named.front());
    }
    if (parser.isSet(QStringLiteral("dock"))) {
        const QString name = parser.value(QStringLiteral("dock"));
        const QString objectName = name.left(1).toUpper() + name.mid(1).toLower() + QStringLiteral("Dock");
        auto* widget = window.findChild<QDockWidget*>(objectName);
        if (!widget) {
            std::fprintf(stderr, "collidoscope: no dock named '%s'\n", qPrintable(name));
            return false;
        }
        widget->show();
        widget->raise();
    }
    return !parser.isSet(QStringLiteral("heat-map")) || showHeatMap(window, parser);
}

/// True when `image` is `size` (in the window's pixels); else says why on stderr. A window cannot be smaller
/// than its menus, toolbars and docks need, nor larger than the screen lets it be: the picture would silently
/// have another size.
bool pictureHasSize(const QImage& image, QSize size, const cs::ui::MainWindow& window, bool viewOnly)
{
    const QSize got = (QSizeF(image.size()) / image.devicePixelRatio()).toSize();
    if (got == size)
        return true;
    const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
    std::fprintf(stderr, "collidoscope: the %s came out %dx%d, not the %dx%d asked",
                 viewOnly ? "view" : "window", got.width(), got.height(), size.width(), size.height());
    if (!viewOnly && (size.width() < least.width() || size.height() < least.height()))
        std::fprintf(stderr,
                     ": its menus, toolbars and docks need at least %dx%d (use a larger --size, or "
                     "--viewport for the 3D view alone at any size)",
                     least.width(), least.height());
    else
        std::fprintf(stderr, ": the screen (%dx%d) has no room for it", window.screen()->size().width(),
                     window.screen()->size().height());
    std::fprintf(stderr, "; nothing was written\n");
    return false;
}

/// Screenshot mode: a fixed size, no questions (the window has an UnattendedPrompter), then save the picture
/// and quit; the exit status.
int takeScreenshot(QApplication& app, cs::ui::MainWindow& window, const QCommandLineParser& parser,
                   const QString& file, QSize size, cs::ui::OrbitCamera::View camera)
{
    const QString out = parser.value(QStringLiteral("screenshot"));
    const bool viewOnly = parser.isSet(QStringLiteral("viewport"));
    if (viewOnly) {
        // The view is the size asked; the window grows around it to hold the docks and bars as well.
        window.viewport()->setFixedSize(size);
        window.resize(window.minimumSizeHint());
    } else {
        window.resize(size);
    }
    window.show();
    int exitCode = 0;
    window.session().openFile(file, [&](bool ok) {
        if (!ok) {
            if (window.session().scene())
                printDiagnostics(stderr, file.toStdString(), window.session().scene()->diagnostics);
            std::fprintf(stderr, "collidoscope: %s could not be opened\n", qPrintable(file));
            exitCode = 2;
            app.exit(2);
            return;
        }
        if (!arrangeForScreenshot(window, parser)) {
            app.exit(2);
            return;
        }
        window.viewport()->setView(camera);
        QTimer::singleShot(0, &window, [&] {
            auto save = [&](const QImage& image) {
                // A platform without an OpenGL surface (offscreen, minimal) gives Qt Quick 3D nothing to draw
                // into: the picture would be a window with an empty view. No picture is better than that one.
                if (window.viewport()->rendererDescription().isEmpty()) {
                    std::fprintf(stderr, kNo3DView, qPrintable(QGuiApplication::platformName()));
                    app.exit(2);
                    return;
                }
                if (!pictureHasSize(image, size, window, viewOnly)) {
                    app.exit(2);
                    return;
                }
                if (!image.save(out)) {
                    std::fprintf(stderr, "collidoscope: cannot write %s\n", qPrintable(out));
                    app.exit(2);
                    return;
                }
                std::printf("%s\n", qPrintable(QFileInfo(out).absoluteFilePath()));
                app.exit(0);
            };
            if (viewOnly)
                window.viewport()->capture(save);
            else
                window.grabWindow(save);
        });
    });
    const int code = app.exec();
    return exitCode ? exitCode : code;
}

} // namespace

QList<QCommandLineOption> windowOptions()
{
    return {
        {{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Print this text and exit.")},
        {{QStringLiteral("v"), QStringLiteral("version")}, QStringLiteral("Print the version and exit.")},
        {QStringLiteral("screenshot"),
         QStringLiteral("Save a picture of the window and exit (uses xvfb-run without a display)."),
         QStringLiteral("OUT.png")},
        {QStringLiteral("size"),
         QStringLiteral("Size of the screenshot: the window's, or with --viewport the 3D view's "
                        "(the command says so and exits 2 when it cannot be that size)."),
         QStringLiteral("WxH"), QStringLiteral("1280x800")},
        {QStringLiteral("view"), QStringLiteral("Camera: front, back, left, right, top or iso."),
         QStringLiteral("VIEW"), QStringLiteral("iso")},
        {QStringLiteral("xray"), QStringLiteral("Draw colliders through the meshes.")},
        {QStringLiteral("colour-by"),
         QStringLiteral("Colour colliders by their body's motion or by their shape's kind: motion or shape."),
         QStringLiteral("WHAT"), QStringLiteral("motion")},
        {QStringLiteral("viewport"), QStringLiteral("Save only the 3D view, not the whole window.")},
        {QStringLiteral("select"), QStringLiteral("Select the node of this name first."),
         QStringLiteral("NAME")},
        {QStringLiteral("dock"),
         QStringLiteral("Bring this dock to the front: properties, materials, filters, history."),
         QStringLiteral("NAME")},
        {QStringLiteral("heat-map"),
         QStringLiteral("Show the selected node's fit heat map, green up to this tolerance in metres."),
         QStringLiteral("METRES")},
    };
}

int runGui(int argc, char** argv)
{
    // Everything that does not need the window is settled before QApplication, which needs a display.
    // QApplication's own `-platform NAME` is left to it (and decides which display is needed).
    QStringList arguments;
    QString platform;
    for (int i = 0; i < argc; ++i) {
        if (i + 1 < argc && QByteArray(argv[i]) == "-platform")
            platform = QString::fromLocal8Bit(argv[++i]);
        else
            arguments << QString::fromLocal8Bit(argv[i]);
    }
    QCommandLineParser parser;
    parser.addOptions(windowOptions());
    if (!parser.parse(arguments)) {
        std::fprintf(stderr, "collidoscope: %s (see --help)\n", qPrintable(parser.errorText()));
        return ExitUnusable;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printUsage(stdout);
        return ExitOk;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("collidoscope %s\nLicence: Apache-2.0 (the Apache License, Version 2.0)\n", CS_VERSION);
        return ExitOk;
    }
    const QStringList files = parser.positionalArguments();
    const QString file = files.isEmpty() ? QString::fromLatin1(kSample) : files.first();
    const QString viewName = parser.value(QStringLiteral("view"));
    const auto camera = viewByName(viewName);
    if (!camera) {
        std::fprintf(stderr, "collidoscope: unknown view '%s' (front, back, left, right, top, iso)\n",
                     qPrintable(viewName));
        return ExitUnusable;
    }
    const bool screenshotMode = parser.isSet(QStringLiteral("screenshot"));
    const auto size = screenshotSize(parser.value(QStringLiteral("size")));
    if (screenshotMode && !size) {
        std::fprintf(stderr, "collidoscope: --size wants WxH, e.g. 1280x800\n");
        return ExitUnusable;
    }
    if (!displayAvailable(platform)) {
        if (screenshotMode && qEnvironmentVariableIsEmpty("CS_UNDER_XVFB"))
            return rerunUnderXvfb(argc, argv);
        std::fprintf(stderr, "%s\n", kNoDisplay);
        return ExitUnusable;
    }

    previousHandler = qInstallMessageHandler(platformFailureMeansNoDisplay);
    QApplication app(argc, argv);
    qInstallMessageHandler(previousHandler);
    QApplication::setApplicationName(QStringLiteral("collidoscope"));
    QApplication::setOrganizationName(QStringLiteral("Collidoscope"));
    QApplication::setApplicationVersion(QStringLiteral(CS_VERSION));

    // A picture is taken without anyone to answer questions.
    cs::ui::MainWindow window(screenshotMode ? std::make_shared<cs::ui::UnattendedPrompter>() : nullptr);
    if (!screenshotMode) {
        window.show();
        window.session().openFile(file, [&window](bool) {
            // Edits a crashed session left behind are offered once the window is up.
            QTimer::singleShot(0, &window, [&window] { window.session().offerRecovery(); });
        });
        return app.exec();
    }

    return takeScreenshot(app, window, parser, file, *size, *camera);
}

} // namespace cs::app
