// The viewport's line layers: levels of detail by distance and chunks by place (ui/viewport/LineLayer).
#include "WindowTestUtil.h"
#include "geometry/Shape.h"
#include "geometry/Wireframe.h"
#include "simulation/MovingOverlays.h"
#include "viewport/Viewport.h"

#include <QImage>
#include <QTest>
#include <cmath>

using namespace cs;
using ui::OverlayLayer;

namespace {

/// `side` x `side` spheres of radius 0.4 m, 1.5 m apart on the ground plane, each drawn with circles of
/// 32 segments: 3 x 32 x 2 = 192 points a sphere.
std::vector<QVector3D> sphereGrid(int side)
{
    const auto sphere = geometry::shapeWireframe(geometry::ShapeGeometry::sphere(0.4), 32);
    std::vector<QVector3D> points;
    for (int x = 0; x < side; ++x)
        for (int z = 0; z < side; ++z)
            for (const QVector3D& p : sphere)
                points.push_back(p + QVector3D(1.5f * x, 0.4f, 1.5f * z));
    return points;
}

/// Pixels of the picture whose colour is within 60 of `c` in every channel.
int pixelsNear(const QImage& image, const QColor& c)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor p = image.pixelColor(x, y);
            n += std::abs(p.red() - c.red()) < 60 && std::abs(p.green() - c.green()) < 60 &&
                 std::abs(p.blue() - c.blue()) < 60;
        }
    return n;
}

/// `side` x `side` shapes 1.5 m apart, taking turns: a box, a cylinder, a tapered capsule and a cone, each
/// with its own size.
std::vector<QVector3D> mixedGrid(int side, size_t& shapes)
{
    std::vector<QVector3D> points;
    shapes = 0;
    for (int x = 0; x < side; ++x)
        for (int z = 0; z < side; ++z) {
            const double s = 0.3 + 0.01 * double((x * side + z) % 40);
            geometry::ShapeGeometry shape;
            switch ((x + z) % 4) {
            case 0:
                shape = geometry::ShapeGeometry::box({s, 0.8 * s, 1.2 * s});
                break;
            case 1:
                shape = geometry::ShapeGeometry::cylinder(2 * s, 0.3, 0.3);
                break;
            case 2:
                shape = geometry::ShapeGeometry::capsule(s, 0.3, 0.2);
                break;
            default:
                shape = geometry::ShapeGeometry::cylinder(s, 0.4, 0.0);
                break;
            }
            for (const QVector3D& p : geometry::shapeWireframe(shape, 32))
                points.push_back(p + QVector3D(1.5f * float(x), 0.5f, 1.5f * float(z)));
            ++shapes;
        }
    return points;
}

} // namespace

class TestLineDetail : public QObject
{
    Q_OBJECT

private slots:
    void farCirclesAreDrawnWithFewerSegments()
    {
        ui::Viewport view;
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int side = 60; // 3,600 spheres, 691,200 points, 90 m across
        const std::vector<QVector3D> points = sphereGrid(side);
        view.setOverlayLines(OverlayLayer::Dynamic, points);
        QCOMPARE(view.overlayPointCount(OverlayLayer::Dynamic), points.size());

        // The whole grid in an 800 x 600 view: a sphere is about 7 pixels across, a 32-gon's side under one
        // pixel, so every chunk is drawn at the coarsest level: the 8-gon (32 -> 16 -> 8), a quarter.
        view.frameAll();
        QCOMPARE(view.drawnOverlayPointCount(OverlayLayer::Dynamic), points.size() / 4);
        const QImage far = test::captured(view);
        QVERIFY(!far.isNull());
        const QColor colour = ui::overlayColor(OverlayLayer::Dynamic);
        QVERIFY2(pixelsNear(far, colour) > 20000, "the far grid is drawn");

        // Close to one corner sphere: its chunk at full detail, far chunks still coarse.
        view.frameBox(QVector3D(-0.5f, 0, -0.5f), QVector3D(0.5f, 0.8f, 0.5f));
        const size_t near = view.drawnOverlayPointCount(OverlayLayer::Dynamic);
        QVERIFY(near > points.size() / 4);
        QVERIFY(near < points.size());
        const QImage close = test::captured(view);
        QVERIFY2(pixelsNear(close, colour) > 1000, "the near sphere is drawn");

        // Points as given come back when the lines are replaced by a small set (one chunk, full detail at
        // this distance).
        const std::vector<QVector3D> one = sphereGrid(1);
        view.setOverlayLines(OverlayLayer::Dynamic, one);
        QCOMPARE(view.drawnOverlayPointCount(OverlayLayer::Dynamic), one.size());
        view.setOverlayLines(OverlayLayer::Dynamic, {});
        QCOMPARE(view.drawnOverlayPointCount(OverlayLayer::Dynamic), size_t(0));
    }

    void movingLinesAreMadeAtTheLevelShown()
    {
        ui::Viewport view;
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // 3,600 spheres (192 points each), each a dynamic body of its own, carried by the preview.
        const int side = 60;
        scene::Overlays atRest;
        atRest.lines[size_t(scene::OverlayKind::Dynamic)] = sphereGrid(side);
        physics::ResolvedScene resolved;
        for (int i = 0; i < side * side; ++i) {
            physics::ResolvedBody body;
            body.node = size_t(i);
            body.motion.type = physics::MotionType::Dynamic;
            resolved.bodies.push_back(body);
            atRest.bodyRuns[size_t(scene::OverlayKind::Dynamic)].push_back({size_t(i) * 192, 192, i});
        }
        const simulation::MovingOverlays overlays(atRest, resolved);
        const simulation::BodyMotions still;
        std::vector<int> made; // the levels the layer asked for
        view.setMovingOverlayLines(OverlayLayer::Dynamic, overlays.detailLengths(scene::OverlayKind::Dynamic),
                                   overlays.movingPointCount(scene::OverlayKind::Dynamic),
                                   [&](int level, std::vector<QVector3D>& out) {
                                       made.push_back(level);
                                       overlays.movedLines(scene::OverlayKind::Dynamic, level, still, out);
                                   });
        const size_t given = size_t(side * side) * 192;
        QCOMPARE(view.overlayPointCount(OverlayLayer::Dynamic), given);
        // One level made for each choice: first the finest, then a coarser one for the whole grid far away
        // (a circle's 32 segments merged into 16, then 8: half, then a quarter of the points; the coarsest,
        // one segment a sphere, 2 points).
        QCOMPARE(made, std::vector<int>{0});
        view.frameAll();
        QCOMPARE(made.size(), size_t(2));
        QVERIFY(made[1] > 0);
        const size_t perSphere[] = {192, 96, 48, 2};
        QCOMPARE(view.drawnOverlayPointCount(OverlayLayer::Dynamic),
                 size_t(side * side) * perSphere[size_t(made[1])]);
        QVERIFY2(pixelsNear(test::captured(view), ui::overlayColor(OverlayLayer::Dynamic)) > 20000,
                 "the far moving grid is drawn");
        // Close to one sphere: the finest level again, made once more.
        view.frameBox(QVector3D(-0.5f, 0, -0.5f), QVector3D(0.5f, 0.8f, 0.5f));
        QCOMPARE(made.back(), 0);
        QCOMPARE(view.drawnOverlayPointCount(OverlayLayer::Dynamic), given);
        // Removed: nothing drawn, nothing made.
        view.setMovingOverlayLines(OverlayLayer::Dynamic, {}, 0, nullptr);
        QCOMPARE(view.drawnOverlayPointCount(OverlayLayer::Dynamic), size_t(0));
        QCOMPARE(view.overlayPointCount(OverlayLayer::Dynamic), size_t(0));
    }

    void farShapesAreOneSegmentEach()
    {
        ui::Viewport view;
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        size_t shapes = 0;
        const std::vector<QVector3D> points = mixedGrid(80, shapes); // 6,400 shapes, 120 m across
        view.setOverlayLines(OverlayLayer::Static, points);
        // Seen from far away every shape is a couple of pixels: one segment a shape, whatever its kind (the
        // sides of a cylinder or capsule join its circles only at points the coarser levels merge away).
        view.frameAll();
        // (A shape lying across the border of two chunks is marked in each: at most 1% more.)
        const size_t drawn = view.drawnOverlayPointCount(OverlayLayer::Static);
        QVERIFY2(drawn >= 2 * shapes && drawn <= 2 * shapes * 101 / 100,
                 qPrintable(QString("%1 points for %2 shapes").arg(drawn).arg(shapes)));
        const QImage far = test::captured(view);
        QVERIFY(!far.isNull());
        QVERIFY2(pixelsNear(far, ui::overlayColor(OverlayLayer::Static)) > 2000, "the far grid is drawn");
    }
};

QTEST_MAIN(TestLineDetail)
#include "TestLineDetail.moc"
