// The fit heat map's collider fill is light enough that the mesh inside it stays recognisable (issue 46): a
// ball of radius 0.5 inside a box collider of 1.2 m, seen from the front; the ball's colours seen through the
// box's front face change little from the ball seen alone, while the fill is still there to see.
#include "ActionTable.h"
#include "DocumentSession.h"
#include "FitHeatMap.h"
#include "MainWindow.h"
#include "Prompter.h"
#include "TestSupport.h"
#include "ViewProjection.h"
#include "WindowTestUtil.h"
#include "geometry/MeshWriter.h"
#include "geometry/ShapeTessellation.h"
#include "gltf/GltfDocument.h"
#include "viewport/HeatSurfaceLayer.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QTest>
#include <QWindow>
#include <cmath>

using cs::ui::MainWindow;

namespace {

bool writeBallInBox(const std::filesystem::path& path)
{
    cs::gltf::GltfDocument g = cs::test::loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1.2, 1.2, 1.2]}}]}},
      "nodes": [{"name": "Ball", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
      "scenes": [{"nodes": [0]}],
      "scene": 0
    })");
    const auto sphere = cs::geometry::tessellateShape(cs::geometry::ShapeGeometry::sphere(0.5), 32);
    const auto mesh = cs::geometry::addTriangleMesh(g, sphere, "Ball");
    if (!mesh)
        return false;
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return !hasErrors(cs::gltf::saveGltf(g, path));
}

int distance(QRgb a, QRgb b)
{
    return std::max(
        {std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

/// The mean largest channel difference of `a` and `b` over the square of side 2 * half + 1 about `at`.
double meanDifference(const QImage& a, const QImage& b, QPoint at, int half)
{
    double sum = 0;
    int n = 0;
    for (int y = at.y() - half; y <= at.y() + half; ++y)
        for (int x = at.x() - half; x <= at.x() + half; ++x, ++n)
            sum += distance(a.pixel(x, y), b.pixel(x, y));
    return n ? sum / n : 0;
}

} // namespace

class TestColliderFill : public QObject
{
    Q_OBJECT

    cs::test::TempDir m_settings;
    cs::test::TempDir m_files;

private slots:
    void initTestCase()
    {
        cs::test::useTestSettings(m_settings.path());
        QVERIFY(writeBallInBox(m_files.path() / "ball_in_box.gltf"));
    }

    void meshRecognisableThroughTheFill()
    {
        MainWindow w(std::make_shared<cs::ui::UnattendedPrompter>());
        QVERIFY(
            cs::test::showAndOpen(w, QString::fromStdString((m_files.path() / "ball_in_box.gltf").string())));
        cs::ui::Viewport& view = *w.viewport();
        cs::ui::FitHeatMap* map = w.fitHeatMap();
        map->setTolerance(0.05);
        w.session().selectNode(0);
        w.actions().get(cs::ui::ActionId::FitHeatMap)->trigger();
        QVERIFY(map->waitForMap(60000));
        QVERIFY(view.heatSurfaces().colliderCornerCount() > 0);
        view.setGizmoVisible(false, false);
        view.setView(cs::ui::OrbitCamera::View::Front);
        view.frameAll();
        const auto grab = [&] {
            QImage image;
            view.capture([&](const QImage& i) { image = i.convertToFormat(QImage::Format_RGB32); });
            [[maybe_unused]] const bool done = QTest::qWaitFor([&] { return !image.isNull(); }, 20000);
            return image;
        };
        const QImage filled = grab();
        view.heatSurfaces().setColliderSurfaceVisible(false);
        const QImage alone = grab();
        view.heatSurfaces().setColliderSurfaceVisible(true);
        QVERIFY(!filled.isNull() && filled.size() == alone.size());

        const auto pixel = [&](const QVector3D& p) {
            return cs::test::imagePoint(view, filled, p).toPoint();
        };
        // The ball's middle, seen through the box's front face (no wireframe near it).
        const double throughFill = meanDifference(filled, alone, pixel(QVector3D(0, 0, 0.5f)), 10);
        // The box's face beside the ball (the background behind it): the fill is drawn.
        const double fillAlone = meanDifference(filled, alone, pixel(QVector3D(0.5f, 0.5f, 0.6f)), 3);
        const QString figures = QStringLiteral("through the fill %1, fill over the background %2")
                                    .arg(throughFill)
                                    .arg(fillAlone);
        qInfo("%s", qPrintable(figures));
        QVERIFY2(fillAlone > 10, qPrintable(figures));
        // The fill changes the ball's colours by at most a fifth of the full scale.
        QVERIFY2(throughFill < 0.2 * 255, qPrintable(figures));
    }
};

QTEST_MAIN(TestColliderFill)
#include "TestColliderFill.moc"
