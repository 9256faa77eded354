// The preview's poses: each body's motion since time 0 is matched to its body by node, so states reported in
// another order than the input's bodies (or the resolved scene's) still move the right things. Expected
// values are translations and quarter turns whose matrices are written out by hand.
#include "simulation/BodyMotions.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::simulation;

namespace {

constexpr double kHalf = 0.70710678118654752440; // sin 45 degrees: a quarter turn's quaternion

SimBody body(size_t node, BodyKind kind, const Vec3& position)
{
    SimBody b;
    b.node = node;
    b.kind = kind;
    b.pose.position = position;
    return b;
}

BodyState state(size_t node, const Vec3& position, const Quat& rotation = {0, 0, 0, 1})
{
    BodyState s;
    s.node = node;
    s.pose.position = position;
    s.pose.rotation = rotation;
    return s;
}

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-5f;
}

/// Nodes 0 (no body), 1 (body A), 2 (body B), 3 (child of A): ResolvedScene bodies in node order.
physics::ResolvedScene twoBodies()
{
    physics::ResolvedScene r;
    r.bodies.resize(2);
    r.bodies[0].node = 1;
    r.bodies[1].node = 2;
    r.nodeBody = {-1, 0, 1, 0};
    for (size_t node : {0u, 1u, 2u, 3u}) {
        physics::ShapeInstance s;
        s.node = node;
        s.shape = 0;
        s.body = r.nodeBody[node];
        s.world.translate(float(node), 0, 0);
        r.instances.push_back(s);
    }
    return r;
}

} // namespace

class TestBodyMotions : public QObject
{
    Q_OBJECT

private slots:
    void motionsAreMatchedByNode()
    {
        SimulationInput input;
        input.bodies = {body(1, BodyKind::Dynamic, {1, 0, 0}), body(2, BodyKind::Dynamic, {2, 0, 0})};
        // Reported in the other order: node 2 fell by 3 m, node 1 did not move.
        const BodyMotions motions(input, {state(2, {2, -3, 0}), state(1, {1, 0, 0})});
        QVERIFY(motions.of(1) == nullptr);
        const geometry::Mat4d* fell = motions.of(2);
        QVERIFY(fell);
        const geometry::Vec3d p = geometry::transformPoint(*fell, {5, 5, 5});
        QCOMPARE(p.x, 5.0);
        QCOMPARE(p.y, 2.0);
        QCOMPARE(p.z, 5.0);
        QCOMPARE(motions.moved().size(), size_t(1));
        QCOMPARE(motions.moved()[0].first, size_t(2));
        QVERIFY(motions.of(7) == nullptr);
    }

    void rotationAboutTheBodyOrigin()
    {
        SimulationInput input;
        input.bodies = {body(1, BodyKind::Dynamic, {1, 0, 0})};
        // A quarter turn about +Y in place: a point 1 m along +X of the body goes to -Z of it.
        const BodyMotions motions(input, {state(1, {1, 0, 0}, {0, kHalf, 0, kHalf})});
        const geometry::Vec3d p = geometry::transformPoint(*motions.of(1), {2, 0, 0});
        QVERIFY(std::fabs(p.x - 1) < 1e-12 && std::fabs(p.y) < 1e-12 && std::fabs(p.z + 1) < 1e-12);
    }

    void staticBodiesAreNotKept()
    {
        SimulationInput input;
        input.bodies = {body(4, BodyKind::Static, {0, 0, 0}), body(5, BodyKind::Kinematic, {0, 0, 0})};
        const BodyMotions motions(input, {state(4, {0, 1, 0}), state(5, {0, 2, 0})});
        QVERIFY(motions.of(4) != nullptr);
        QCOMPARE(motions.moved().size(), size_t(1));
        QCOMPARE(motions.moved()[0].first, size_t(5));
    }

    void instancesMoveWithTheirBody()
    {
        SimulationInput input;
        input.bodies = {body(1, BodyKind::Dynamic, {1, 0, 0}), body(2, BodyKind::Dynamic, {2, 0, 0})};
        const BodyMotions motions(input, {state(2, {2, 0, 0}), state(1, {1, 0, 4})});
        const physics::ResolvedScene resolved = twoBodies();

        const physics::ResolvedScene moved = movedScene(resolved, motions);
        QVERIFY(near(moved.instances[0].world.map(QVector3D()), {0, 0, 0}));
        QVERIFY(near(moved.instances[1].world.map(QVector3D()), {1, 0, 4}));
        QVERIFY(near(moved.instances[2].world.map(QVector3D()), {2, 0, 0}));
        QVERIFY(near(moved.instances[3].world.map(QVector3D()), {3, 0, 4}));

        gltf::RenderScene render;
        for (size_t node : {3u, 2u}) {
            gltf::RenderInstance instance;
            instance.node = node;
            instance.world.translate(float(node), 1, 0);
            render.instances.push_back(instance);
        }
        const std::vector<QMatrix4x4> world = movedInstances(render, resolved, motions);
        QCOMPARE(world.size(), size_t(2));
        QVERIFY(near(world[0].map(QVector3D()), {3, 1, 4}));
        QVERIFY(near(world[1].map(QVector3D()), {2, 1, 0}));
    }

    void interpolationMatchesByNode()
    {
        const std::vector<BodyState> previous{state(1, {0, 0, 0}), state(2, {10, 0, 0})};
        const std::vector<BodyState> current{state(2, {20, 0, 0}), state(1, {0, 4, 0}, {0, kHalf, 0, kHalf}),
                                             state(3, {7, 7, 7})};
        const std::vector<BodyState> half = interpolateStates(previous, current, 0.5);
        QCOMPARE(half.size(), size_t(3));
        QCOMPARE(half[0].node, size_t(2));
        QCOMPARE(half[0].pose.position[0], 15.0);
        QCOMPARE(half[1].node, size_t(1));
        QCOMPARE(half[1].pose.position[1], 2.0);
        // Half of a quarter turn about Y: 45 degrees, (0, sin 22.5, 0, cos 22.5).
        QVERIFY(std::fabs(half[1].pose.rotation[1] - std::sin(M_PI / 8)) < 1e-6);
        QVERIFY(std::fabs(half[1].pose.rotation[3] - std::cos(M_PI / 8)) < 1e-6);
        // No previous state: kept.
        QCOMPARE(half[2].pose.position[2], 7.0);
    }

    void occupiedTriggersOnly()
    {
        physics::ResolvedScene r = twoBodies();
        r.instances[2].trigger = true;
        r.instances[3].trigger = true;
        const physics::ResolvedScene lit = triggersOnly(r, {3});
        QCOMPARE(lit.instances.size(), size_t(1));
        QCOMPARE(lit.instances[0].node, size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestBodyMotions)
#include "TestBodyMotions.moc"
