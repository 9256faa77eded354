// The gizmo's parts, shared by the drawing and the picking: which part a ray grabs, for rays built through
// known points of the parts (an arrow's shaft, a plane square's inside, a point on a ring), with the sizes
// written out (arrow length 1: squares span 0.25..0.4, rings radius 1, the view ring 1.2).
#include "geometry/GizmoParts.h"

#include <QTest>
#include <cmath>

using namespace cs::geometry;

namespace {

/// A ray straight down -Z through (x, y).
Ray downZ(double x, double y)
{
    return {{x, y, 5}, {0, 0, -1}};
}

GizmoFrame unitFrame(bool local = false, const Mat4d& world = Mat4d())
{
    return gizmoFrame(world, 1.0, local, {0, 0, -1}, {0, 1, 0});
}

} // namespace

class TestGizmoParts : public QObject
{
    Q_OBJECT

private slots:
    void frameAndSize()
    {
        QCOMPARE(gizmoLength(10.0), 1.5);
        Trs trs;
        trs.translation = {1, 2, 3};
        trs.rotation = quatFromAxisAngle({0, 0, 1}, M_PI / 2);
        trs.scale = {2, 2, 2};
        const GizmoFrame f = unitFrame(true, toMatrix(trs));
        QVERIFY(f.centre == (Vec3d{1, 2, 3}));
        // The node's x axis turned a quarter about Z points along +Y, normalised despite the scale.
        QVERIFY(std::fabs(f.ownAxes[0].y - 1) < 1e-12 && std::fabs(f.ownAxes[0].x) < 1e-12);
        QVERIFY(std::fabs(gizmoAxis(f, 0).y - 1) < 1e-12);
        QVERIFY(gizmoAxis(unitFrame(false, toMatrix(trs)), 0) == (Vec3d{1, 0, 0}));
        // Screen directions across a camera looking down -Z with +Y up.
        QVERIFY(f.screenU == (Vec3d{1, 0, 0}));
        QVERIFY(f.screenV == (Vec3d{0, 1, 0}));
    }

    void moveParts()
    {
        const std::vector<GizmoPart> parts = gizmoParts(unitFrame(), GizmoTool::Move);
        QCOMPARE(parts.size(), size_t(6));
        QVERIFY(parts[0].kind == GizmoPartKind::Arrow);
        QVERIFY(parts[1].kind == GizmoPartKind::Plane);
        // The square of the XY plane (normal Z).
        const auto square = planeSquare(parts[5]);
        QVERIFY(square[0] == (Vec3d{0.25, 0.25, 0}));
        QVERIFY(square[2] == (Vec3d{0.4, 0.4, 0}));

        // On the X arrow's shaft.
        auto hit = pickGizmo(parts, downZ(0.6, 0.02), 0.08);
        QVERIFY(hit);
        QVERIFY(hit->kind == GizmoPartKind::Arrow);
        QCOMPARE(hit->axis, 0);
        // The first fifth of an arrow is not grabbed, nor is a point beyond the tolerance.
        QVERIFY(!pickGizmo(parts, downZ(0.1, 0.0), 0.08) ||
                pickGizmo(parts, downZ(0.1, 0.0), 0.08)->kind != GizmoPartKind::Arrow);
        QVERIFY(!pickGizmo(parts, downZ(0.6, 0.2), 0.08));
        // Inside the XY square: the plane wins, even though the ray passes near no arrow.
        hit = pickGizmo(parts, downZ(0.3, 0.35), 0.08);
        QVERIFY(hit);
        QVERIFY(hit->kind == GizmoPartKind::Plane);
        QCOMPARE(hit->axis, 2);
    }

    void drawnPartsAreGrabbed()
    {
        // A ray through the middle of each drawn arrow (from the side, along -Z for X and Y, along -X for Z)
        // grabs that arrow.
        const std::vector<GizmoPart> parts = gizmoParts(unitFrame(), GizmoTool::Move);
        for (const GizmoPart& part : parts) {
            if (part.kind != GizmoPartKind::Arrow)
                continue;
            const Vec3d mid = part.centre + part.direction * (0.7 * part.length);
            const Vec3d across = part.axis == 2 ? Vec3d{-1, 0, 0} : Vec3d{0, 0, -1};
            const auto hit = pickGizmo(parts, {mid - across * 5.0, across}, 0.08);
            QVERIFY(hit);
            QVERIFY(hit->kind == GizmoPartKind::Arrow);
            QCOMPARE(hit->axis, part.axis);
        }
    }

    void rotateParts()
    {
        const std::vector<GizmoPart> parts = gizmoParts(unitFrame(), GizmoTool::Rotate);
        QCOMPARE(parts.size(), size_t(4));
        QVERIFY(parts[3].kind == GizmoPartKind::ViewRing);
        QCOMPARE(parts[3].length, 1.2);
        // Straight down onto (1, 0, 0) from above: on the ring about Y (radius 1 in the XZ plane).
        auto hit = pickGizmo(parts, {{1, 5, 0}, {0, -1, 0}}, 0.08);
        QVERIFY(hit);
        QVERIFY(hit->kind == GizmoPartKind::Ring);
        QCOMPARE(hit->axis, 1);
        // Along the view at (1.2, 0): on the view ring, 0.2 from the Z ring.
        hit = pickGizmo(parts, {{1.2, 0.0001, 5}, {0, 0, -1}}, 0.08);
        QVERIFY(hit);
        QVERIFY(hit->kind == GizmoPartKind::ViewRing);
        QVERIFY(hit->direction == (Vec3d{0, 0, -1}));
        // At (1, 0) along the view: the Z ring is nearer than the view ring.
        hit = pickGizmo(parts, {{1.0, 0.0001, 5}, {0, 0, -1}}, 0.08);
        QVERIFY(hit);
        QVERIFY(hit->kind == GizmoPartKind::Ring);
        QCOMPARE(hit->axis, 2);
    }

    void scaleAlongOwnAxes()
    {
        Trs trs;
        trs.rotation = quatFromAxisAngle({0, 0, 1}, M_PI / 2);
        const std::vector<GizmoPart> parts = gizmoParts(unitFrame(false, toMatrix(trs)), GizmoTool::Scale);
        QCOMPARE(parts.size(), size_t(3));
        // The node's x axis is the world's +Y: a ray through (0, 0.7) grabs scale axis 0.
        const auto hit = pickGizmo(parts, downZ(0.0, 0.7), 0.08);
        QVERIFY(hit);
        QVERIFY(hit->kind == GizmoPartKind::ScaleArrow);
        QCOMPARE(hit->axis, 0);
    }

    void nearestPoint()
    {
        const std::vector<Vec3d> points{{0, 0, 0}, {1, 0, 0}, {1.05, 0, 0}};
        QVERIFY(pickPoint(points, downZ(1.04, 0), 0.1) == std::optional<size_t>(2));
        QVERIFY(pickPoint(points, downZ(0.03, 0), 0.1) == std::optional<size_t>(0));
        QVERIFY(pickPoint(points, downZ(0.5, 0), 0.1) == std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestGizmoParts)
#include "TestGizmoParts.moc"
