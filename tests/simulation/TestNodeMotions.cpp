// An animation's overlays move with their nodes (issue 51, item 2: the window's timeline): each node's motion
// from its rest placement to a pose (posed * rest^-1), and the overlay runs split by node, worked by hand.
// Node 0 at (1, 0, 0) with child node 1 at (0, 2, 0) (world (1, 2, 0)); the pose turns node 0 a quarter turn
// about +Z, R_z(90) taking (x, y) to (-y, x), so node 1's origin goes to (1, 0, 0) + R_z(90) (0, 2, 0) =
// (-1, 0, 0) and the point 1 m along its +X, (2, 2, 0) at rest, to (-1, 1, 0). Node 2, apart, does not move.
#include "TestSupport.h"
#include "gltf/SceneGraph.h"
#include "simulation/BodyMotions.h"
#include "simulation/MovingOverlays.h"

#include <QTest>

using namespace cs;
using scene::OverlayKind;

namespace {

gltf::SceneGraph graph()
{
    const auto g = gltf::SceneGraph::build(test::loadJson(R"({"asset": {"version": "2.0"}, "nodes": [
        {"translation": [1, 0, 0], "children": [1]}, {"translation": [0, 2, 0]}, {"translation": [0, 0, 7]}]})"));
    if (!g)
        qFatal("graph not built");
    return *g;
}

/// Node 0 turned a quarter turn about +Z, everything else as `g` places it.
std::vector<QMatrix4x4> quarterTurn(const gltf::SceneGraph& g)
{
    QMatrix4x4 turned;
    turned.translate(1, 0, 0);
    turned.rotate(90, 0, 0, 1);
    return {turned, turned * g.localTransform(1), g.worldTransform(2)};
}

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-5f;
}

QVector3D apply(const geometry::Mat4d& m, const QVector3D& p)
{
    const geometry::Vec3d v = geometry::transformPoint(m, {p.x(), p.y(), p.z()});
    return QVector3D(float(v.x), float(v.y), float(v.z));
}

} // namespace

class TestNodeMotions : public QObject
{
    Q_OBJECT

private slots:
    void motionTakesRestToPose()
    {
        const gltf::SceneGraph g = graph();
        const simulation::BodyMotions motions = simulation::nodeMotions(g, quarterTurn(g), {0, 1, 2});
        const geometry::Mat4d* m1 = motions.of(1);
        QVERIFY(m1);
        QVERIFY(near(apply(*m1, QVector3D(1, 2, 0)), QVector3D(-1, 0, 0)));
        QVERIFY(near(apply(*m1, QVector3D(2, 2, 0)), QVector3D(-1, 1, 0)));
        QVERIFY(motions.of(0));
        QVERIFY(!motions.of(2)); // where it was: no motion
        QVERIFY(motions.moved().empty());
    }

    void overlaysSplitByNode()
    {
        const gltf::SceneGraph g = graph();
        // Static lines: a segment on node 1 (static world geometry, no body), one on node 2, one of no node.
        scene::Overlays atRest;
        atRest.lines[size_t(OverlayKind::Static)] = {{1, 2, 0}, {2, 2, 0}, {0, 0, 7},
                                                     {0, 1, 7}, {5, 5, 5}, {6, 5, 5}};
        atRest.bodyRuns[size_t(OverlayKind::Static)] = {{0, 2, -1, 1}, {2, 2, -1, 2}};
        const std::vector<size_t> moved = {0, 1};
        const simulation::MovingOverlays overlays(atRest, moved);
        QCOMPARE(overlays.movingPointCount(OverlayKind::Static), size_t(2));
        QCOMPARE(overlays.fixedLines(OverlayKind::Static),
                 (std::vector<QVector3D>{{0, 0, 7}, {0, 1, 7}, {5, 5, 5}, {6, 5, 5}}));
        std::vector<QVector3D> out;
        overlays.movedLines(OverlayKind::Static, 0, simulation::nodeMotions(g, quarterTurn(g), moved), out);
        QCOMPARE(out.size(), size_t(2));
        QVERIFY(near(out[0], QVector3D(-1, 0, 0)));
        QVERIFY(near(out[1], QVector3D(-1, 1, 0)));
        // At rest (no motions) the moving lines are where they were drawn.
        overlays.movedLines(OverlayKind::Static, 0, simulation::BodyMotions(), out);
        QVERIFY(near(out[0], QVector3D(1, 2, 0)) && near(out[1], QVector3D(2, 2, 0)));
    }
};

QTEST_MAIN(TestNodeMotions)
#include "TestNodeMotions.moc"
