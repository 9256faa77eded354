// View > Fit Heat Map in the real window (issue 36): a unit cube with a box collider of size 1.2 opens; with
// the cube selected the map draws the mesh's surface, the collider's surface and its wireframe where the node
// puts them, its figures are the closed-form ones (nothing pokes out; the collider's corners stand
// 0.1 * sqrt(3) off), the legend shows the tolerance; an edit of the box is measured again; switching the map
// off removes its surfaces.
#include "DocumentSession.h"
#include "FitHeatMap.h"
#include "GeometryTestUtil.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "geometry/MeshWriter.h"
#include "gltf/GltfDocument.h"
#include "viewport/HeatSurfaceLayer.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTest>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;

namespace {

constexpr int kWait = 60000;

bool writeCrate(const std::filesystem::path& path)
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1.2, 1.2, 1.2]}}]}},
      "nodes": [{"name": "Crate", "translation": [3, 0, 0],
                 "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
      "scenes": [{"nodes": [0]}],
      "scene": 0
    })");
    const auto mesh =
        geometry::addTriangleMesh(g, test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}), "Cube");
    if (!mesh)
        return false;
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return !hasErrors(gltf::saveGltf(g, path));
}

} // namespace

class TestFitWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void heatMapFollowsTheCollider()
    {
        const auto file = m_dir.path() / "crate.glb";
        QVERIFY(writeCrate(file));
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        w.session().selectNode(0);
        QAction* toggle = test::menuAction(w, QStringLiteral("actionFitHeatMap"));
        QVERIFY(toggle && test::menuAction(w, QStringLiteral("actionFitHeatMapTolerance")));
        ui::FitHeatMap* map = w.fitHeatMap();
        map->setTolerance(0.05);
        toggle->trigger();
        QVERIFY(map->isEnabled());
        QVERIFY(map->waitForMap(kWait));
        QVERIFY(map->figures());
        QCOMPARE(map->figures()->outside.max, 0.0);
        QVERIFY(std::fabs(map->figures()->overhang.max - 0.1 * std::sqrt(3.0)) < 1e-6);
        // The cube's 12 triangles; the box's 6 faces of 8 x 8 cells of two triangles (tessellateShape's 32
        // segments); its 12 edges.
        ui::HeatSurfaceLayer& heat = w.viewport()->heatSurfaces();
        QCOMPARE(heat.meshCornerCount(), size_t(12 * 3));
        QCOMPARE(heat.colliderCornerCount(), size_t(6 * 8 * 8 * 2 * 3));
        QCOMPARE(heat.linePointCount(), size_t(12 * 2));
        // Around the node at (3, 0, 0): the box of 1.2.
        QVector3D lo, hi;
        QVERIFY(heat.bounds(lo, hi));
        QVERIFY((lo - QVector3D(2.4f, -0.6f, -0.6f)).length() < 1e-5f);
        QVERIFY((hi - QVector3D(3.6f, 0.6f, 0.6f)).length() < 1e-5f);
        QVERIFY(!w.viewport()->heatScreenRect().isEmpty());
        auto* legend = w.findChild<QLabel*>(QStringLiteral("fitHeatMapLegend"));
        QVERIFY(legend && legend->isVisible());
        QVERIFY2(legend->text().contains(QStringLiteral("&lt;= 0.05 m")), qPrintable(legend->text()));

        // The box shrunk to the cube: nothing stands off any more.
        w.session().document()->push(
            new document::SetShapeSize(w.session().document(), 0, physics::Vec3{1, 1, 1}));
        QTRY_VERIFY_WITH_TIMEOUT(
            map->waitForMap(100) && map->figures() && map->figures()->overhang.max < 1e-6, kWait);

        toggle->trigger();
        QVERIFY(!map->isEnabled());
        QCOMPARE(heat.meshCornerCount() + heat.colliderCornerCount() + heat.linePointCount(), size_t(0));
        QVERIFY(!heat.bounds(lo, hi));
        QVERIFY(!legend->isVisible());
    }
};

QTEST_MAIN(TestFitWindow)
#include "TestFitWindow.moc"
