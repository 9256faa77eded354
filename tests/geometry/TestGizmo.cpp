// Gizmo and shape-handle maths: rays against axes, planes and rings, drags turned into distances, angles and
// factors, snapping, and shape handles (a box face moves with the opposite face staying). Expected values
// come from rays built through known points, so the answer is the distance between those points.
#include "geometry/Gizmo.h"
#include "geometry/Transform.h"

#include <QTest>
#include <cmath>

using namespace cs::geometry;

namespace {

bool near(double a, double b, double tol = 1e-12)
{
    return std::fabs(a - b) <= tol;
}
bool near(const Vec3d& a, const Vec3d& b, double tol = 1e-12)
{
    return near(a.x, b.x, tol) && near(a.y, b.y, tol) && near(a.z, b.z, tol);
}
/// The ray from a camera at `eye` through `target`.
Ray through(const Vec3d& eye, const Vec3d& target)
{
    return {eye, target - eye};
}

} // namespace

class TestGizmo : public QObject
{
    Q_OBJECT

private slots:
    void rayAgainstAxis()
    {
        // A ray straight down through (2, 5, 0) passes over the X axis at x = 2, whatever its length.
        QVERIFY(near(*closestOnAxis({{2, 5, 0}, {0, -1, 0}}, {0, 0, 0}, {1, 0, 0}), 2));
        QVERIFY(near(*closestOnAxis({{2, 5, 0}, {0, -3, 0}}, {0, 0, 0}, {4, 0, 0}), 2));
        // The axis through (1, 0, 0): the parameter is measured from there.
        QVERIFY(near(*closestOnAxis({{2, 5, 7}, {0, -1, 0}}, {1, 0, 0}, {1, 0, 0}), 1));
        // Parallel to the axis: no answer.
        QVERIFY(!closestOnAxis({{0, 1, 0}, {1, 0, 0}}, {0, 0, 0}, {1, 0, 0}));
        QVERIFY(!closestOnAxis({{0, 1, 0}, {1, 0, 0}}, {0, 0, 0}, {0, 0, 0}));
    }

    void rayAgainstSegment()
    {
        // The ray along +Z at height 1 crosses over the segment on X: distance 1.
        QVERIFY(near(rayToSegmentDistance({{0, 1, -5}, {0, 0, 1}}, {-1, 0, 0}, {1, 0, 0}), 1));
        // A segment off to the side: its nearer end (3, 0, 0) is sqrt(9 + 1) from the ray's line.
        QVERIFY(near(rayToSegmentDistance({{0, 1, -5}, {0, 0, 2}}, {3, 0, 0}, {4, 0, 0}), std::sqrt(10.0)));
        // Behind the ray's origin only the origin counts: (0, 0, -10) is 5 from (0, 0, -5) plus 1 up.
        QVERIFY(near(rayToSegmentDistance({{0, 1, -5}, {0, 0, 1}}, {0, 0, -10}, {0, 0, -9}),
                     std::sqrt(16.0 + 1.0)));
    }

    void rayAgainstPlaneAndRing()
    {
        QVERIFY(near(*intersectPlane({{0, 5, 0}, {0, -1, 0}}, {3, 1, 3}, {0, 2, 0}), {0, 1, 0}));
        QVERIFY(!intersectPlane({{0, 5, 0}, {0, 1, 0}}, {0, 1, 0}, {0, 1, 0})); // behind
        QVERIFY(!intersectPlane({{0, 5, 0}, {1, 0, 0}}, {0, 1, 0}, {0, 1, 0})); // parallel
        QVERIFY(near(*ringDistance({{3, 5, 0}, {0, -1, 0}}, {0, 0, 0}, {0, 1, 0}, 2), 1));
        QVERIFY(near(*ringDistance({{0, 5, 1.5}, {0, -1, 0}}, {0, 0, 0}, {0, 1, 0}, 2), 0.5));
    }

    void dragOnAxisAndPlane()
    {
        // A perspective camera at (0, 0, 10) looking at points 1 and 3 on the X axis: moved by 2.
        const Vec3d eye{0, 0, 10};
        QVERIFY(
            near(*dragAlongAxis(through(eye, {1, 0, 0}), through(eye, {3, 0, 0}), {0, 0, 0}, {1, 0, 0}), 2));
        // Along -X the same drag is -2.
        QVERIFY(near(*dragAlongAxis(through(eye, {1, 0, 0}), through(eye, {3, 0, 0}), {0, 0, 0}, {-1, 0, 0}),
                     -2));
        // The XZ plane seen from above at an angle: from (1, 0, 1) to (4, 0, -1).
        const Vec3d high{2, 10, 5};
        QVERIFY(near(*dragInPlane(through(high, {1, 0, 1}), through(high, {4, 0, -1}), {0, 0, 0}, {0, 1, 0}),
                     {3, 0, -2}, 1e-12));
    }

    void dragRotationAndScale()
    {
        const Vec3d down{0, -1, 0};
        // From +X to -Z about +Y is a quarter turn counter-clockwise seen from above (+Y): +90 degrees.
        const auto angle = dragRotation({{1, 5, 0}, down}, {{0, 5, -1}, down}, {0, 0, 0}, {0, 1, 0});
        QVERIFY(near(*angle, M_PI / 2));
        QVERIFY(near(rotate(quatFromAxisAngle({0, 1, 0}, *angle), {1, 0, 0}), {0, 0, -1}));
        QVERIFY(near(*dragRotation({{1, 5, 0}, down}, {{0, 5, 1}, down}, {0, 0, 0}, {0, 1, 0}), -M_PI / 2));
        // The centre itself has no angle.
        QVERIFY(!dragRotation({{0, 5, 0}, down}, {{0, 5, 1}, down}, {0, 0, 0}, {0, 1, 0}));

        // From 2 to 3 along X is a factor 1.5; starting at the origin means nothing.
        QVERIFY(near(*dragScale({{2, 5, 0}, down}, {{3, 5, 0}, down}, {0, 0, 0}, {1, 0, 0}), 1.5));
        QVERIFY(near(*dragScale({{2, 5, 0}, down}, {{-1, 5, 0}, down}, {0, 0, 0}, {1, 0, 0}), -0.5));
        QVERIFY(!dragScale({{0, 5, 0}, down}, {{3, 5, 0}, down}, {0, 0, 0}, {1, 0, 0}));
    }

    void snapping()
    {
        QCOMPARE(snap(0.26, 0.25), 0.25);
        QCOMPARE(snap(-0.38, 0.25), -0.5);
        QCOMPARE(snap(0.26, 0.0), 0.26);
        QCOMPARE(snap(47.0, 15.0), 45.0);
        QCOMPARE(snap(Vec3d{0.9, -1.2, 2.6}, 0.5), (Vec3d{1.0, -1.0, 2.5}));
    }

    void faceDrag()
    {
        // A 2 m extent from -1 to 1. The +face out by 0.5: 2.5 m, centre +0.25, the -face still at -1.
        FaceDrag f = dragFace(2, 1, 0.5, false, kMinimumExtent, 0);
        QVERIFY(near(f.extent, 2.5));
        QVERIFY(near(f.centreShift, 0.25));
        QVERIFY(near(f.centreShift - f.extent / 2, -1));
        // The -face moved towards -X by 0.5: the same growth, the +face stays at 1.
        f = dragFace(2, -1, -0.5, false, kMinimumExtent, 0);
        QVERIFY(near(f.extent, 2.5));
        QVERIFY(near(f.centreShift + f.extent / 2, 1));
        // Symmetric: both faces move, the centre stays.
        f = dragFace(2, 1, 0.5, true, kMinimumExtent, 0);
        QVERIFY(near(f.extent, 3));
        QCOMPARE(f.centreShift, 0.0);
        // Snapped to 0.25 m: 2.37 becomes 2.25; the -face still stays at -1.
        f = dragFace(2, 1, 0.37, false, kMinimumExtent, 0.25);
        QVERIFY(near(f.extent, 2.25));
        QVERIFY(near(f.centreShift - f.extent / 2, -1));
        // Dragged through the opposite face: the smallest extent, the opposite face still stays.
        f = dragFace(2, 1, -5, false, kMinimumExtent, 0);
        QCOMPARE(f.extent, kMinimumExtent);
        QVERIFY(near(f.centreShift - f.extent / 2, -1));
        f = dragFace(2, 1, -5, false, kMinimumExtent, 0.25);
        QVERIFY(near(f.extent, 0.25));
    }

    void handlesOfShapes()
    {
        const auto box = shapeHandles(ShapeGeometry::box({2, 4, 6}));
        QCOMPARE(box.size(), size_t(6));
        for (const ShapeHandle& h : box) {
            QCOMPARE(h.kind, HandleKind::BoxFace);
            QCOMPARE(h.position[h.axis], h.side * (h.axis + 1.0));
            QCOMPARE(h.direction[h.axis], double(h.side));
        }
        const auto sphere = shapeHandles(ShapeGeometry::sphere(0.75));
        QCOMPARE(sphere.size(), size_t(1));
        QCOMPARE(sphere[0].position, (Vec3d{0.75, 0, 0}));
        // A capsule of mid-height 1 and radius 0.5 reaches y = +-1; a cylinder of height 2 too.
        const auto capsule = shapeHandles(ShapeGeometry::capsule(1, 0.5, 0.5));
        QCOMPARE(capsule.size(), size_t(3));
        QCOMPARE(capsule[0].position, (Vec3d{0, 1, 0}));
        QCOMPARE(capsule[1].position, (Vec3d{0, -1, 0}));
        QCOMPARE(capsule[2].kind, HandleKind::Radius);
        const auto cylinder = shapeHandles(ShapeGeometry::cylinder(2, 0.5, 0.25));
        QCOMPARE(cylinder.size(), size_t(4));
        QCOMPARE(cylinder[0].position, (Vec3d{0, 1, 0}));
        QCOMPARE(cylinder[2].kind, HandleKind::RadiusTop);
        QCOMPARE(cylinder[2].position, (Vec3d{0.25, 1, 0}));
        QCOMPARE(cylinder[3].position, (Vec3d{0.5, -1, 0}));
        QVERIFY(shapeHandles(ShapeGeometry::trimesh({})).empty());
    }

    void handleDrags()
    {
        const ShapeGeometry box = ShapeGeometry::box({2, 4, 6});
        const auto handles = shapeHandles(box);
        auto find = [&](int axis, int side) {
            for (const ShapeHandle& h : handles) {
                if (h.axis == axis && h.side == side)
                    return h;
            }
            return ShapeHandle{};
        };
        // +Y face out by 1: 5 m tall, centre up 0.5, so the -Y face stays at -2.
        HandleDrag d = dragHandle(box, find(1, 1), 1, false, 0);
        QCOMPARE(d.shape.size, (Vec3d{2, 5, 6}));
        QCOMPARE(d.centreShift, (Vec3d{0, 0.5, 0}));
        // -Z face out (towards -Z) by 1: 7 m deep, centre -0.5 in Z, the +Z face stays at 3.
        d = dragHandle(box, find(2, -1), 1, false, 0);
        QCOMPARE(d.shape.size, (Vec3d{2, 4, 7}));
        QCOMPARE(d.centreShift, (Vec3d{0, 0, -0.5}));
        // Symmetric: the X size grows by twice the drag, nothing moves.
        d = dragHandle(box, find(0, 1), 0.5, true, 0);
        QCOMPARE(d.shape.size, (Vec3d{3, 4, 6}));
        QCOMPARE(d.centreShift, (Vec3d{}));

        const ShapeGeometry sphere = ShapeGeometry::sphere(0.5);
        d = dragHandle(sphere, shapeHandles(sphere)[0], 0.26, false, 0.25);
        QCOMPARE(d.shape.radius, 0.75);

        // Capsule top end up by 0.5: mid-height 1.5, centre up 0.25, the bottom tip stays at -1.
        const ShapeGeometry capsule = ShapeGeometry::capsule(1, 0.5, 0.5);
        const auto ch = shapeHandles(capsule);
        d = dragHandle(capsule, ch[0], 0.5, false, 0);
        QCOMPARE(d.shape.height, 1.5);
        QCOMPARE(d.centreShift.y, 0.25);
        QVERIFY(near(d.centreShift.y - d.shape.height / 2 - d.shape.radiusBottom, -1));
        // Pushed in past its end: a capsule may become a sphere (mid-height 0).
        d = dragHandle(capsule, ch[0], -3, false, 0);
        QCOMPARE(d.shape.height, 0.0);
        // The common radius changes both ends.
        d = dragHandle(capsule, ch[2], 0.25, false, 0);
        QCOMPARE(d.shape.radiusTop, 0.75);
        QCOMPARE(d.shape.radiusBottom, 0.75);

        const ShapeGeometry cylinder = ShapeGeometry::cylinder(2, 0.5, 0.25);
        const auto yh = shapeHandles(cylinder);
        d = dragHandle(cylinder, yh[2], 0.25, false, 0);
        QCOMPARE(d.shape.radiusTop, 0.5);
        QCOMPARE(d.shape.radiusBottom, 0.5);
        d = dragHandle(cylinder, yh[3], -1, false, 0);
        QCOMPARE(d.shape.radiusBottom, kMinimumExtent);
        d = dragHandle(cylinder, yh[1], 1, true, 0);
        QCOMPARE(d.shape.height, 4.0);
    }
};

QTEST_GUILESS_MAIN(TestGizmo)
#include "TestGizmo.moc"
