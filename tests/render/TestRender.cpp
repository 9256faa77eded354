// Render regression tests: fixtures opened in the real window, the 3D view captured and compared with
// reviewed baseline images in tests/data/render within a tolerance (software OpenGL under Xvfb).
//
// To review a change in rendering: run with CS_UPDATE_BASELINES=1 to write new baselines, look at every
// changed picture, and commit them with the change. A failing comparison leaves the actual picture and a
// difference picture in the folder it names.
#include "DocumentSession.h"
#include "FitHeatMap.h"
#include "MainWindow.h"
#include "Prompter.h"
#include "TestSupport.h"
#include "geometry/MeshWriter.h"
#include "geometry/ShapeTessellation.h"
#include "gltf/GltfDocument.h"
#include "viewport/HeatSurfaceLayer.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QSettings>
#include <QTest>
#include <QWindow>
#include <cmath>

using cs::ui::MainWindow;

namespace {

/// The gizmo tool's command named in the test data ("actionToolMove", ...).
QAction* toolAction(const MainWindow& w, const QString& name)
{
    const std::pair<const char*, cs::ui::ActionId> tools[] = {
        {"actionToolMove", cs::ui::ActionId::ToolMove},
        {"actionToolRotate", cs::ui::ActionId::ToolRotate},
        {"actionToolScale", cs::ui::ActionId::ToolScale}};
    for (const auto& [objectName, id] : tools)
        if (name == QLatin1String(objectName))
            return w.actions().get(id);
    return nullptr;
}

struct Comparison
{
    double differingFraction = 1.0;
    QImage difference;
};

/// Pixels whose largest channel difference exceeds `threshold`, as a fraction of all pixels.
Comparison compare(const QImage& a, const QImage& b, int threshold)
{
    Comparison c;
    if (a.size() != b.size())
        return c;
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    c.difference = QImage(a.size(), QImage::Format_RGB32);
    c.difference.fill(Qt::black);
    qint64 differing = 0;
    for (int row = 0; row < x.height(); ++row) {
        const QRgb* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const QRgb* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            const int d =
                std::max({std::abs(qRed(p[col]) - qRed(q[col])), std::abs(qGreen(p[col]) - qGreen(q[col])),
                          std::abs(qBlue(p[col]) - qBlue(q[col]))});
            if (d > threshold) {
                ++differing;
                c.difference.setPixel(col, row, qRgb(255, 0, 255));
            }
        }
    }
    c.differingFraction = double(differing) / double(qint64(x.width()) * x.height());
    return c;
}

/// Pixels whose largest channel difference exceeds `threshold`, inside `rect`.
qint64 differingIn(const QImage& a, const QImage& b, const QRect& rect, int threshold)
{
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    const QRect r = rect.intersected(x.rect()).intersected(y.rect());
    qint64 differing = 0;
    for (int row = r.top(); row <= r.bottom(); ++row) {
        for (int col = r.left(); col <= r.right(); ++col) {
            const QRgb p = x.pixel(col, row), q = y.pixel(col, row);
            if (std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                          std::abs(qBlue(p) - qBlue(q))}) > threshold)
                ++differing;
        }
    }
    return differing;
}

/// The pixels around the gizmo (or its handles) may differ from the baseline in at most this many: a gizmo,
/// a ring or a set of handles that went missing changes hundreds of them, which the whole picture's
/// tolerance (0.5%, thousands of pixels) would let pass.
constexpr qint64 kGizmoRegionBudget = 40;

QString texturePath(const char* name)
{
    return QString::fromStdString(cs::test::dataPath(std::string("textures/") + name + ".gltf").string());
}

cs::ui::OrbitCamera::View viewNamed(const QString& view)
{
    using V = cs::ui::OrbitCamera::View;
    return view == QLatin1String("top")     ? V::Top
           : view == QLatin1String("front") ? V::Front
           : view == QLatin1String("back")  ? V::Back
                                            : V::Iso;
}

/// A sphere mesh of radius 0.5 with a box collider of 1 x 0.8 x 1 on its node: the sphere pokes out of the
/// box at its poles (0.1), the box stands off the sphere at its corners, and the two touch at the middles of
/// the four sides. `moved`: the node turned and moved, so that its mesh is drawn placed in the world.
bool writeHeatMapScene(const std::filesystem::path& path, bool moved)
{
    cs::gltf::GltfDocument g = cs::test::loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1.0, 0.8, 1.0]}}]}},
      "nodes": [{"name": "Ball", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
      "scenes": [{"nodes": [0]}],
      "scene": 0
    })");
    const auto sphere = cs::geometry::tessellateShape(cs::geometry::ShapeGeometry::sphere(0.5), 32);
    const auto mesh = cs::geometry::addTriangleMesh(g, sphere, "Ball");
    if (!mesh)
        return false;
    cs::gltf::Json& node = g.json()["nodes"][0];
    node["mesh"] = *mesh;
    if (moved) {
        node["translation"] = cs::gltf::Json::array({0.3, 0.2, -0.4});
        node["rotation"] = cs::gltf::Json::array({0.0, 0.38268343, 0.0, 0.92387953}); // 45 degrees about +Y
    }
    g.setSourcePath({});
    return !hasErrors(cs::gltf::saveGltf(g, path));
}

/// The largest channel difference between two colours.
int distance(QRgb a, QRgb b)
{
    return std::max(
        {std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

} // namespace

class TestRender : public QObject
{
    Q_OBJECT

    cs::test::TempDir m_settings;
    cs::test::TempDir m_files;

private slots:
    void initTestCase()
    {
        // A fixed layout: no remembered window state from a previous run.
        QCoreApplication::setOrganizationName(QStringLiteral("CollidoscopeRenderTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           QString::fromStdString(m_settings.path().string()));
        QVERIFY(writeHeatMapScene(m_files.path() / "heat_map.gltf", false));
        QVERIFY(writeHeatMapScene(m_files.path() / "heat_map_moved.gltf", true));
    }

    void compareWithBaseline_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("view");
        QTest::addColumn<bool>("xray");
        QTest::addColumn<int>("node");     // selected, with the gizmo on it (-1: none)
        QTest::addColumn<QString>("tool"); // the gizmo tool's action
        QTest::addColumn<bool>("joints");  // the joints' region is checked on its own
        QTest::addColumn<bool>("heat");    // node 0's fit heat map shown, its region checked on its own
        const auto row = [](const QString& name, const QString& file, const char* view, bool xray,
                            int node = -1, const char* tool = "actionToolMove", bool joints = false,
                            bool heat = false) {
            QTest::newRow(qPrintable(name)) << file << QString::fromLatin1(view) << xray << node
                                            << QString::fromLatin1(tool) << joints << heat;
        };
        const QString spec = QString::fromStdString(cs::test::dataPath("spec").string());
        row("sample", CS_SAMPLE_FILE, "iso", false);
        row("sample-xray-top", CS_SAMPLE_FILE, "top", true);
        const QString triggerBox = spec + "/omi/OMI_physics_body/examples/basic/trigger_box.gltf";
        row("trigger-only", triggerBox, "iso", false);
        row("compound-trigger", spec + "/omi/OMI_physics_body/examples/basic/compound_trigger.gltf", "iso",
            false);
        row("convex-hull", spec + "/omi/OMI_physics_shape/examples/convex/convex_hull.gltf", "iso", false);
        row("trimesh", spec + "/omi/OMI_physics_shape/examples/trimesh/concave_trimesh.gltf", "iso", true);
        const QString legacy = spec + "/legacy/2023-01-05_80c2ae7/extensions/2.0/OMI_collider/examples/";
        for (const char* name : {"box_collider", "sphere_collider", "capsule_collider", "cylinder_collider"})
            row(QStringLiteral("legacy-") + name, legacy + name + ".gltf", "front", false);
        // Three balls hung from a bar by hinge joints: the joints' frames and links in their colours.
        row("joint-hinges", spec + "/omi/OMI_physics_joint/examples/pendulum_balls.gltf", "iso", false, -1,
            "actionToolMove", true);
        // Each gizmo on the trigger box (X red, Y green, Z blue, the view ring light grey) with the box's
        // face handles in the trigger's colour; a finite plane's four edge handles in the static colour.
        row("gizmo-move", triggerBox, "iso", false, 0, "actionToolMove");
        row("gizmo-rotate", triggerBox, "iso", false, 0, "actionToolRotate");
        row("gizmo-scale", triggerBox, "iso", false, 0, "actionToolScale");
        row("gizmo-scale-warning",
            QString::fromStdString(cs::test::dataPath("physics/stretched_trigger.gltf").string()), "iso",
            false, 0, "actionToolScale");
        row("gizmo-plane-handles",
            QString::fromStdString(cs::test::dataPath("physics/khr_all.gltf").string()), "top", false, 1,
            "actionToolMove");
        // Alpha modes (left half of the texture transparent black, right half white) and sides.
        for (const char* name : {"alpha-opaque", "alpha-mask", "alpha-blend"})
            row(name, texturePath(name), "front", false);
        row("single-sided-back", texturePath("single-sided"), "back", false);
        row("double-sided-back", texturePath("double-sided"), "back", false);
        // View > Fit Heat Map at a tolerance of 0.05 m: the ball green inside the box and red at its poles
        // (0.1 out), the box translucent, green where it touches the ball and red at its corners, under
        // its dark wireframe; the ball's own grey material hidden.
        row("fit-heat-map", QString::fromStdString((m_files.path() / "heat_map.gltf").string()), "iso", false,
            -1, "actionToolMove", false, true);
    }

    void compareWithBaseline()
    {
        QFETCH(QString, file);
        QFETCH(QString, view);
        QFETCH(bool, xray);
        QFETCH(int, node);
        QFETCH(QString, tool);
        QFETCH(bool, joints);
        QFETCH(bool, heat);
        MainWindow w(std::make_shared<cs::ui::UnattendedPrompter>());
        // The baselines show the view at the size it has beside the scene tree and diagnostics alone: the
        // editing docks on the right are closed.
        for (const char* dock : {"PropertiesDock", "MaterialsDock", "FiltersDock", "JointsDock"})
            if (auto* d = w.findChild<QDockWidget*>(QLatin1String(dock)))
                d->hide();
        w.resize(1000, 750);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        bool loaded = false, ok = false;
        w.session().openFile(file, [&](bool result) {
            loaded = true;
            ok = result;
        });
        QVERIFY(QTest::qWaitFor([&] { return loaded; }, 20000));
        QVERIFY2(ok, qPrintable(file));
        w.viewport()->setXray(xray);
        if (joints) // the joints' lines are drawn once the scene is shown
            QVERIFY(QTest::qWaitFor([&] { return w.viewport()->jointPointCount() > 0; }, 5000));
        if (node >= 0) {
            QAction* action = toolAction(w, tool);
            QVERIFY2(action, qPrintable(tool));
            action->trigger();
            w.session().selectNode(size_t(node));
            // The selection's overlays and the gizmo are redrawn after the event that selects.
            QVERIFY(QTest::qWaitFor([&] { return w.viewport()->gizmoPointCount() > 0; }, 5000));
            QTest::qWait(50);
        }
        if (heat) {
            showHeatMap(w);
            if (QTest::currentTestFailed())
                return;
        }
        w.viewport()->setView(viewNamed(view));
        QImage actual;
        w.viewport()->capture([&](const QImage& image) { actual = image; });
        QVERIFY(QTest::qWaitFor([&] { return !actual.isNull(); }, 20000));

        const QString name = QString::fromLatin1(QTest::currentDataTag());
        const QString baselinePath = QStringLiteral(CS_BASELINE_DIR "/") + name + QStringLiteral(".png");
        if (qEnvironmentVariableIntValue("CS_UPDATE_BASELINES") == 1) {
            QVERIFY(actual.save(baselinePath));
            qInfo("wrote %s: look at it before committing it", qPrintable(baselinePath));
            return;
        }
        const QImage baseline(baselinePath);
        QVERIFY2(!baseline.isNull(),
                 qPrintable(QStringLiteral("no baseline %1: run with CS_UPDATE_BASELINES=1, "
                                           "look at the picture, commit it")
                                .arg(baselinePath)));
        QCOMPARE(actual.size(), baseline.size());
        // Up to 0.5% of the pixels may differ by more than 40 levels: room for rasterisation differences
        // between driver versions, none for a missing or moved shape.
        const Comparison c = compare(actual, baseline, 40);
        if (node >= 0) {
            checkGizmoRegions(w, actual, baseline);
            if (QTest::currentTestFailed())
                return;
        }
        if (joints) {
            checkJointRegion(w, actual, baseline);
            if (QTest::currentTestFailed())
                return;
        }
        if (heat) {
            checkHeatRegion(w, actual, baseline);
            if (QTest::currentTestFailed())
                return;
        }
        if (c.differingFraction > 0.005) {
            const QString out = QDir::temp().filePath(QStringLiteral("collidoscope-render-") + name);
            actual.save(out + QStringLiteral("-actual.png"));
            c.difference.save(out + QStringLiteral("-difference.png"));
            QFAIL(qPrintable(
                QStringLiteral("%1% of the pixels differ from %2; see %3-actual.png and -difference.png")
                    .arg(c.differingFraction * 100, 0, 'f', 2)
                    .arg(baselinePath, out)));
        }
    }

private:
    /// The gizmo's region (and the handles', when the shape has some) matches the baseline within
    /// kGizmoRegionBudget; and the same comparison of the view with the gizmo hidden, then with the handles
    /// hidden, fails: the check sees them disappear.
    void checkGizmoRegions(MainWindow& w, const QImage& actual, const QImage& baseline)
    {
        cs::ui::Viewport& view = *w.viewport();
        const double scale = double(actual.width()) / std::max(1, view.renderWindow()->width());
        const auto toImage = [scale](const QRect& r) {
            return QRect(int(r.x() * scale), int(r.y() * scale), int(std::ceil(r.width() * scale)),
                         int(std::ceil(r.height() * scale)));
        };
        const QRect gizmo = toImage(view.gizmoScreenRect(false));
        const QRect handles = toImage(view.gizmoScreenRect(true));
        QVERIFY(!gizmo.isEmpty());
        const qint64 inGizmo = differingIn(actual, baseline, gizmo, 40);
        QVERIFY2(inGizmo <= kGizmoRegionBudget, qPrintable(QString::number(inGizmo)));
        if (!handles.isEmpty()) {
            const qint64 inHandles = differingIn(actual, baseline, handles, 40);
            QVERIFY2(inHandles <= kGizmoRegionBudget, qPrintable(QString::number(inHandles)));
        }

        const auto captured = [&] {
            QImage image;
            view.capture([&](const QImage& i) { image = i; });
            [[maybe_unused]] const bool done = QTest::qWaitFor([&] { return !image.isNull(); }, 20000);
            return image;
        };
        view.setGizmoVisible(false, true);
        const qint64 withoutGizmo = differingIn(captured(), baseline, gizmo, 40);
        QVERIFY2(withoutGizmo > kGizmoRegionBudget, qPrintable(QString::number(withoutGizmo)));
        if (!handles.isEmpty()) {
            view.setGizmoVisible(true, false);
            const qint64 withoutHandles = differingIn(captured(), baseline, handles, 40);
            QVERIFY2(withoutHandles > kGizmoRegionBudget, qPrintable(QString::number(withoutHandles)));
        }
        view.setGizmoVisible(true, true);
    }

    /// The joints' region matches the baseline within kGizmoRegionBudget, and the same comparison of the
    /// view with the joints hidden fails: the check sees them disappear.
    void checkJointRegion(MainWindow& w, const QImage& actual, const QImage& baseline)
    {
        cs::ui::Viewport& view = *w.viewport();
        const double scale = double(actual.width()) / std::max(1, view.renderWindow()->width());
        const QRect r = view.jointScreenRect();
        const QRect region(int(r.x() * scale), int(r.y() * scale), int(std::ceil(r.width() * scale)),
                           int(std::ceil(r.height() * scale)));
        QVERIFY(!region.isEmpty());
        const qint64 inJoints = differingIn(actual, baseline, region, 40);
        QVERIFY2(inJoints <= kGizmoRegionBudget, qPrintable(QString::number(inJoints)));

        view.setJointsVisible(false);
        QImage hidden;
        view.capture([&](const QImage& image) { hidden = image; });
        QVERIFY(QTest::qWaitFor([&] { return !hidden.isNull(); }, 20000));
        view.setJointsVisible(true);
        const qint64 withoutJoints = differingIn(hidden, baseline, region, 40);
        QVERIFY2(withoutJoints > kGizmoRegionBudget, qPrintable(QString::number(withoutJoints)));
    }

    /// Node 0 selected and its fit heat map drawn at a tolerance of 0.05 m.
    void showHeatMap(MainWindow& w)
    {
        cs::ui::FitHeatMap* map = w.fitHeatMap();
        map->setTolerance(0.05);
        w.session().selectNode(0);
        w.actions().get(cs::ui::ActionId::FitHeatMap)->trigger();
        QVERIFY(map->isEnabled());
        QVERIFY(map->waitForMap(60000));
        QVERIFY(map->figures());
        QVERIFY(w.viewport()->heatSurfaces().meshCornerCount() > 0);
        QTest::qWait(50);
    }

    /// The heat map's region matches the baseline within kGizmoRegionBudget, and the same comparison of the
    /// view with the coloured surfaces hidden (the mesh's own material stays hidden: nothing is drawn in its
    /// place) fails: the check sees the surfaces' colours.
    void checkHeatRegion(MainWindow& w, const QImage& actual, const QImage& baseline)
    {
        cs::ui::Viewport& view = *w.viewport();
        const double scale = double(actual.width()) / std::max(1, view.renderWindow()->width());
        const QRect r = view.heatScreenRect();
        const QRect region(int(r.x() * scale), int(r.y() * scale), int(std::ceil(r.width() * scale)),
                           int(std::ceil(r.height() * scale)));
        QVERIFY(!region.isEmpty());
        const qint64 inHeat = differingIn(actual, baseline, region, 40);
        QVERIFY2(inHeat <= kGizmoRegionBudget, qPrintable(QString::number(inHeat)));

        view.heatSurfaces().setVisible(false);
        QImage hidden;
        view.capture([&](const QImage& image) { hidden = image; });
        QVERIFY(QTest::qWaitFor([&] { return !hidden.isNull(); }, 20000));
        view.heatSurfaces().setVisible(true);
        const qint64 withoutHeat = differingIn(hidden, baseline, region, 40);
        QVERIFY2(withoutHeat > kGizmoRegionBudget, qPrintable(QString::number(withoutHeat)));
    }

private slots:
    void alphaAndSidesAsGltfSays()
    {
        // The view's centre row, a little left and right of the quad's centre (the texture's transparent
        // black and opaque white halves), and the centre itself, against the view's clear colour #26282e.
        const QRgb background = qRgb(0x26, 0x28, 0x2e);
        struct Case
        {
            const char* file;
            const char* view;
            int left; ///< 0: near black, 1: the background, 2: bright, 3: drawn (not the background), -1: not
                      ///< checked
            int centre; ///< the same
            int right;
        };
        for (const Case& c :
             {Case{"alpha-opaque", "front", 0, -1, 2}, Case{"alpha-mask", "front", 1, -1, 2},
              Case{"alpha-blend", "front", 1, -1, 2}, Case{"single-sided", "front", -1, 2, -1},
              Case{"single-sided", "back", 1, 1, 1}, Case{"double-sided", "back", -1, 3, -1}}) {
            MainWindow w(std::make_shared<cs::ui::UnattendedPrompter>());
            w.resize(1000, 750);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            bool loaded = false, ok = false;
            w.session().openFile(texturePath(c.file), [&](bool result) {
                loaded = true;
                ok = result;
            });
            QVERIFY(QTest::qWaitFor([&] { return loaded; }, 20000));
            QVERIFY(ok);
            w.viewport()->setView(viewNamed(QString::fromLatin1(c.view)));
            QImage image;
            w.viewport()->capture([&](const QImage& i) { image = i.convertToFormat(QImage::Format_RGB32); });
            QVERIFY(QTest::qWaitFor([&] { return !image.isNull(); }, 20000));
            const int y = image.height() / 2, x = image.width() / 2, d = image.width() / 30;
            const std::pair<int, QRgb> samples[] = {{c.left, image.pixel(x - d, y)},
                                                    {c.centre, image.pixel(x, y)},
                                                    {c.right, image.pixel(x + d, y)}};
            for (const auto& [expected, pixel] : samples) {
                const std::string what = std::string(c.file) + " from the " + c.view + ": " +
                                         qPrintable(QColor(pixel).name()) + " where " +
                                         (expected == 0   ? "black"
                                          : expected == 1 ? "the background"
                                          : expected == 2 ? "bright"
                                                          : "the quad") +
                                         " was expected";
                if (expected == 0)
                    QVERIFY2(distance(pixel, qRgb(0, 0, 0)) <= 12, what.c_str());
                else if (expected == 1)
                    QVERIFY2(distance(pixel, background) <= 6, what.c_str());
                else if (expected == 2)
                    QVERIFY2(distance(pixel, background) >= 30 && qGray(pixel) > 90, what.c_str());
                else if (expected == 3) // a back face: lit by the ambient light alone
                    QVERIFY2(distance(pixel, background) >= 30, what.c_str());
            }
        }
    }

    void xrayOffDrawsTheSameAsBefore()
    {
        // X-ray mode adds a render pass for hidden lines and turning it off takes that pass out again: the
        // picture with X-ray turned on and off again is the picture from before, and the one in between
        // differs.
        MainWindow w(std::make_shared<cs::ui::UnattendedPrompter>());
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        bool loaded = false, ok = false;
        w.session().openFile(QStringLiteral(CS_SAMPLE_FILE), [&](bool result) {
            loaded = true;
            ok = result;
        });
        QVERIFY(QTest::qWaitFor([&] { return loaded; }, 20000));
        QVERIFY(ok);
        w.viewport()->setView(cs::ui::OrbitCamera::View::Top);
        auto grab = [&] {
            QImage image;
            w.viewport()->capture([&](const QImage& i) { image = i; });
            (void)QTest::qWaitFor([&] { return !image.isNull(); }, 20000);
            return image;
        };
        const QImage before = grab();
        w.viewport()->setXray(true);
        const QImage xray = grab();
        w.viewport()->setXray(false);
        const QImage after = grab();
        QVERIFY(!before.isNull() && !xray.isNull() && !after.isNull());
        QVERIFY2(compare(before, xray, 20).differingFraction > 0.001,
                 qPrintable(QString::number(compare(before, xray, 20).differingFraction)));
        QCOMPARE(compare(before, after, 20).differingFraction, 0.0);
    }

    void heatMapOffDrawsTheMeshAsBefore()
    {
        // The heat map hides the node's mesh (drawn in its colours instead); switched off, the view is the
        // picture from before it was on, and the one in between differs.
        MainWindow w(std::make_shared<cs::ui::UnattendedPrompter>());
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        bool loaded = false, ok = false;
        w.session().openFile(QString::fromStdString((m_files.path() / "heat_map_moved.gltf").string()),
                             [&](bool result) {
                                 loaded = true;
                                 ok = result;
                             });
        QVERIFY(QTest::qWaitFor([&] { return loaded; }, 20000));
        QVERIFY(ok);
        w.session().selectNode(0);
        QTest::qWait(50);
        w.viewport()->setView(cs::ui::OrbitCamera::View::Iso);
        auto grab = [&] {
            QImage image;
            w.viewport()->capture([&](const QImage& i) { image = i; });
            (void)QTest::qWaitFor([&] { return !image.isNull(); }, 20000);
            return image;
        };
        const QImage before = grab();
        QAction* toggle = w.actions().get(cs::ui::ActionId::FitHeatMap);
        toggle->trigger();
        QVERIFY(w.fitHeatMap()->waitForMap(60000));
        const QImage heat = grab();
        toggle->trigger();
        QVERIFY(w.fitHeatMap()->waitForMap(60000));
        const QImage after = grab();
        QVERIFY(!before.isNull() && !heat.isNull() && !after.isNull());
        QVERIFY2(compare(before, heat, 20).differingFraction > 0.01,
                 qPrintable(QString::number(compare(before, heat, 20).differingFraction)));
        QCOMPARE(compare(before, after, 20).differingFraction, 0.0);
    }

    void comparisonNoticesAChange()
    {
        // The check itself: a picture compared with itself passes, with a shape painted over it fails.
        QImage a(200, 100, QImage::Format_RGB32);
        a.fill(QColor(38, 40, 46));
        QCOMPARE(compare(a, a, 40).differingFraction, 0.0);
        QImage b = a;
        for (int y = 40; y < 60; ++y)
            for (int x = 90; x < 110; ++x)
                b.setPixel(x, y, qRgb(90, 230, 120));
        QVERIFY(compare(a, b, 40).differingFraction > 0.005); // 400 of 20,000 pixels: 2%
    }
};

QTEST_MAIN(TestRender)
#include "TestRender.moc"
