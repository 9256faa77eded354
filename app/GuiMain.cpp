// The GUI: collidoscope [FILE] [--screenshot OUT.png [--size WxH] [--view VIEW] [--xray] [--viewport] [--select NAME]
//                               [--dock NAME]]
#include "GuiMain.h"

#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QProcess>
#include <QDockWidget>
#include <QTimer>

#include <cstdio>

namespace cs::app {

namespace {

const char* kSample = ":/sample/sample.glb";

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           qEnvironmentVariable("QT_QPA_PLATFORM") == QLatin1String("offscreen");
}

/// Without a display a screenshot still works: run again inside a virtual X server.
int rerunUnderXvfb(int argc, char** argv)
{
    QStringList args{QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1920x1080x24")};
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    qputenv("CS_UNDER_XVFB", "1");
    const int code = QProcess::execute(QStringLiteral("xvfb-run"), args);
    if (code == -2)
        std::fprintf(stderr, "collidoscope: there is no display and xvfb-run is not installed (apt install xvfb)\n");
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

} // namespace

int runGui(int argc, char** argv)
{
    // The OpenGL renderer works under Xvfb and draws line primitives (DESIGN.md).
    qputenv("QT3D_RENDERER", "opengl");
    bool screenshotRequested = false;
    for (int i = 1; i < argc; ++i)
        screenshotRequested = screenshotRequested || QByteArray(argv[i]) == "--screenshot";
    if (screenshotRequested && !hasDisplay() && qEnvironmentVariableIsEmpty("CS_UNDER_XVFB"))
        return rerunUnderXvfb(argc, argv);

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("collidoscope"));
    QApplication::setOrganizationName(QStringLiteral("Collidoscope"));
    QApplication::setApplicationVersion(QStringLiteral(CS_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Colliders and triggers of glTF assets. Commands: see 'collidoscope help'."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .gltf or .glb to open (default: the bundled sample)."));
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Save a picture of the window and exit."), QStringLiteral("OUT.png"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for the screenshot (default 1280x800)."), QStringLiteral("WxH"), QStringLiteral("1280x800"));
    QCommandLineOption view(QStringLiteral("view"), QStringLiteral("Camera: front, back, left, right, top or iso."), QStringLiteral("VIEW"), QStringLiteral("iso"));
    QCommandLineOption xray(QStringLiteral("xray"), QStringLiteral("Draw colliders through the meshes."));
    QCommandLineOption viewportOnly(QStringLiteral("viewport"), QStringLiteral("Save only the 3D view, not the whole window."));
    QCommandLineOption select(QStringLiteral("select"), QStringLiteral("Select the node of this name first."), QStringLiteral("NAME"));
    QCommandLineOption dock(QStringLiteral("dock"),
                            QStringLiteral("Bring this dock to the front: properties, materials, filters, history."),
                            QStringLiteral("NAME"));
    parser.addOptions({screenshot, size, view, xray, viewportOnly, select, dock});
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    const QString file = files.isEmpty() ? QString::fromLatin1(kSample) : files.first();
    auto camera = viewByName(parser.value(view));
    if (!camera) {
        std::fprintf(stderr, "collidoscope: unknown view '%s' (front, back, left, right, top, iso)\n",
                     qPrintable(parser.value(view)));
        return 2;
    }

    cs::ui::MainWindow window;
    if (!parser.isSet(screenshot)) {
        window.show();
        window.openFile(file, [&window](bool) {
            // Edits a crashed session left behind are offered once the window is up.
            QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
        });
        return app.exec();
    }

    // Screenshot mode: a fixed size, no dialogs, then save and quit.
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const int w = wh.size() == 2 ? wh[0].toInt() : 0;
    const int h = wh.size() == 2 ? wh[1].toInt() : 0;
    if (w < 64 || h < 64 || w > 8192 || h > 8192) {
        std::fprintf(stderr, "collidoscope: --size wants WxH, e.g. 1280x800\n");
        return 2;
    }
    qputenv("CS_NO_DIALOGS", "1");
    const QString out = parser.value(screenshot);
    window.resize(w, h);
    window.show();
    int exitCode = 0;
    window.openFile(file, [&, camera = *camera](bool ok) {
        if (!ok) {
            for (const auto& d : window.scene() ? window.scene()->diagnostics : cs::Diagnostics{})
                std::fprintf(stderr, "%s: %s\n", qPrintable(file), cs::formatDiagnostic(d).c_str());
            std::fprintf(stderr, "collidoscope: %s could not be opened\n", qPrintable(file));
            exitCode = 2;
            app.exit(2);
            return;
        }
        // Through the action, so that the View menu and the toolbar show the mode too.
        window.action(QStringLiteral("actionXray"))->setChecked(parser.isSet(xray));
        if (parser.isSet(select)) {
            const std::string wanted = parser.value(select).toStdString();
            int found = -1;
            const cs::gltf::GltfDocument& gltf = window.document()->gltf();
            for (size_t i = 0; i < gltf.count("nodes") && found < 0; ++i) {
                const auto* node = gltf.element("nodes", i);
                if (node && node->value("name", std::string()) == wanted)
                    found = int(i);
            }
            if (found < 0) {
                std::fprintf(stderr, "collidoscope: no node named '%s'\n", wanted.c_str());
                app.exit(2);
                return;
            }
            window.selectNode(found);
        }
        if (parser.isSet(dock)) {
            const QString name = parser.value(dock);
            const QString objectName = name.left(1).toUpper() + name.mid(1).toLower() + QStringLiteral("Dock");
            auto* widget = window.findChild<QDockWidget*>(objectName);
            if (!widget) {
                std::fprintf(stderr, "collidoscope: no dock named '%s'\n", qPrintable(name));
                app.exit(2);
                return;
            }
            widget->show();
            widget->raise();
        }
        window.viewport()->setView(camera);
        QTimer::singleShot(0, &window, [&] {
            auto save = [&](const QImage& image) {
                if (!image.save(out)) {
                    std::fprintf(stderr, "collidoscope: cannot write %s\n", qPrintable(out));
                    app.exit(2);
                    return;
                }
                std::printf("%s\n", qPrintable(QFileInfo(out).absoluteFilePath()));
                app.exit(0);
            };
            if (parser.isSet(viewportOnly))
                window.viewport()->capture(save);
            else
                window.grabWindow(save);
        });
    });
    const int code = app.exec();
    return exitCode ? exitCode : code;
}

} // namespace cs::app
