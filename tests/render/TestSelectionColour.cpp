// What the view shows of the selection, on the rendered picture (issue 46): the selected node's shapes are
// drawn in the selection's colour (white) and the others in their kind's colour (static: blue), from every
// side, whatever the renderer's sorting of the lines by distance.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "Prompter.h"
#include "TestSupport.h"
#include "ViewProjection.h"
#include "WindowTestUtil.h"
#include "geometry/MeshWriter.h"
#include "geometry/ShapeTessellation.h"
#include "gltf/GltfDocument.h"
#include "viewport/Viewport.h"

#include <QDockWidget>
#include <QTest>
#include <QWindow>
#include <cmath>

using cs::ui::MainWindow;

namespace {

/// Two static convex hulls of a sphere of radius 0.6 (a collider mesh, no drawn mesh), one at x = -1, one
/// at x = +1.
bool writeTwoHulls(const std::filesystem::path& path)
{
    cs::gltf::GltfDocument g = cs::test::loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "nodes": [{"name": "Left", "translation": [-1, 0, 0],
                 "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
                {"name": "Right", "translation": [1, 0, 0],
                 "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
      "scenes": [{"nodes": [0, 1]}],
      "scene": 0
    })");
    const auto sphere = cs::geometry::tessellateShape(cs::geometry::ShapeGeometry::sphere(0.6), 12);
    const auto mesh = cs::geometry::addTriangleMesh(g, sphere, "Hull");
    if (!mesh)
        return false;
    g.json()["extensions"]["OMI_physics_shape"]["shapes"] =
        cs::gltf::Json::array({{{"type", "convex"}, {"convex", {{"mesh", *mesh}}}}});
    g.setSourcePath({});
    return !hasErrors(cs::gltf::saveGltf(g, path));
}

/// The largest channel difference between two colours.
int distance(QRgb a, QRgb b)
{
    return std::max(
        {std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

struct Counts
{
    int white = 0;
    int blue = 0;
};

/// The pixels of `image` within `radius` of `centre` near the selection's colour and near the static
/// colliders'.
Counts countColours(const QImage& image, QPointF centre, double radius)
{
    const QRgb white = cs::ui::overlayColor(cs::ui::OverlayLayer::Selection).rgb();
    const QRgb blue = cs::ui::overlayColor(cs::ui::OverlayLayer::Static).rgb();
    Counts c;
    const QRect r = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
                        .toAlignedRect()
                        .intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            if (std::hypot(x - centre.x(), y - centre.y()) > radius)
                continue;
            const QRgb p = image.pixel(x, y);
            if (distance(p, white) <= 30)
                ++c.white;
            else if (distance(p, blue) <= 30)
                ++c.blue;
        }
    }
    return c;
}

} // namespace

class TestSelectionColour : public QObject
{
    Q_OBJECT

    cs::test::TempDir m_settings;
    cs::test::TempDir m_files;

private slots:
    void initTestCase()
    {
        cs::test::useTestSettings(m_settings.path());
        QVERIFY(writeTwoHulls(m_files.path() / "two_hulls.gltf"));
    }

    void selectedHullIsWhiteTheOtherBlue()
    {
        MainWindow w(std::make_shared<cs::ui::UnattendedPrompter>());
        QVERIFY(
            cs::test::showAndOpen(w, QString::fromStdString((m_files.path() / "two_hulls.gltf").string())));
        cs::ui::Viewport& view = *w.viewport();
        w.session().selectNode(0);
        QTest::qWait(50);
        // The gizmo's view ring is light grey: out of the picture, so that only the shapes' lines count.
        view.setGizmoVisible(false, false);
        for (auto side : {cs::ui::OrbitCamera::View::Front, cs::ui::OrbitCamera::View::Back,
                          cs::ui::OrbitCamera::View::Iso, cs::ui::OrbitCamera::View::Top}) {
            view.setView(side);
            view.frameAll();
            QImage image;
            view.capture([&](const QImage& i) { image = i.convertToFormat(QImage::Format_RGB32); });
            QVERIFY(QTest::qWaitFor([&] { return !image.isNull(); }, 20000));
            // Each hull's disc on the picture (the sphere it was made of, a few pixels more), apart from
            // the other's from every side (their middles 2 m apart, 1.2 m across).
            const auto disc = [&](const QVector3D& middle) {
                const QPointF c = cs::test::imagePoint(view, image, middle);
                const QPointF edge = cs::test::imagePoint(view, image, middle + view.camera().right() * 0.6f);
                return countColours(image, c, std::hypot(edge.x() - c.x(), edge.y() - c.y()) + 3);
            };
            const Counts left = disc(QVector3D(-1, 0, 0));
            const Counts right = disc(QVector3D(1, 0, 0));
            const QString counts =
                QStringLiteral("view %1: selected %2 white, %3 blue; other %4 white, %5 blue")
                    .arg(int(side))
                    .arg(left.white)
                    .arg(left.blue)
                    .arg(right.white)
                    .arg(right.blue);
            // The selected hull's lines are white, hardly a pixel of its static blue shows; the other's blue.
            QVERIFY2(left.white > 100 && left.blue * 20 < left.white, qPrintable(counts));
            QVERIFY2(right.blue > 100 && right.white * 20 < right.blue, qPrintable(counts));
        }
    }
};

QTEST_MAIN(TestSelectionColour)
#include "TestSelectionColour.moc"
