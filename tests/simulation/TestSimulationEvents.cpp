// The preview engine's bookkeeping against closed-form expectations (issue 20, item 5): collision filters by
// the spec's two-sided rule, kinematic motion, trigger enter/exit steps, determinism, reset, worker threads.
#include "SimulationScenes.h"

#include <QTest>
#include <algorithm>
#include <cstring>
#include <thread>

using namespace cs;
using namespace cs::test;

namespace {

physics::CollisionFilter filter(std::vector<std::string> systems, std::vector<std::string> with,
                                std::vector<std::string> notWith = {})
{
    physics::CollisionFilter f;
    f.collisionSystems = std::move(systems);
    f.collideWithSystems = std::move(with);
    f.notCollideWithSystems = std::move(notWith);
    return f;
}

const simulation::Settings NoGravity{1.0 / 60, {0, 0, 0}};

/// Two spheres 4 m apart closing at 4 m/s with no gravity, using filters a and b (-1: none). Returns the
/// first sphere's x after 2 s: +2 if they passed through each other, below 0 if they met.
double headOn(const std::vector<physics::CollisionFilter>& filters, int a, int b)
{
    SimulationInput in;
    in.filters = filters;
    in.bodies.push_back(sphereBody(0, {-2, 0, 0}, 0.5));
    in.bodies.push_back(sphereBody(1, {2, 0, 0}, 0.5));
    in.bodies[0].linearVelocity = {2, 0, 0};
    in.bodies[1].linearVelocity = {-2, 0, 0};
    in.bodies[0].colliders[0].filter = a;
    in.bodies[1].colliders[0].filter = b;
    simulation::World world(in, NoGravity);
    world.advance(2.0);
    return world.states()[0].pose.position[0];
}

bool passedThrough(double x)
{
    return std::fabs(x - 2) < 1e-3;
}

/// Every double of every state, for bit-for-bit comparison.
std::vector<double> flatten(const std::vector<simulation::BodyState>& states)
{
    std::vector<double> out;
    for (const auto& s : states) {
        out.insert(out.end(), s.pose.position.begin(), s.pose.position.end());
        out.insert(out.end(), s.pose.rotation.begin(), s.pose.rotation.end());
        out.insert(out.end(), s.linearVelocity.begin(), s.linearVelocity.end());
        out.insert(out.end(), s.angularVelocity.begin(), s.angularVelocity.end());
    }
    return out;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

/// A scene with some of everything: a stack, a kinematic pusher, a trigger.
SimulationInput mixedScene()
{
    SimulationInput in = boxStack(6);
    SimBody pusher = boxBody(50, {-6, 0.5, 0}, {1, 1, 1});
    pusher.kind = BodyKind::Kinematic;
    pusher.linearVelocity = {1.5, 0, 0};
    in.bodies.push_back(pusher);
    in.triggers.push_back({60, -1, -1, {placed(geometry::ShapeGeometry::box({2, 2, 2}), {0, 1, 0})}});
    return in;
}

} // namespace

class TestSimulationEvents : public QObject
{
    Q_OBJECT

private slots:
    void filtersTwoSided()
    {
        const std::vector<physics::CollisionFilter> f = {
            filter({"a"}, {}, {"b"}), // 0: a, not with b
            filter({"b"}, {}, {"a"}), // 1: b, not with a
            filter({"b"}, {}),        // 2: b, with everything
            filter({"a"}, {"b"}),     // 3: a, only with b
            filter({"c"}, {}),        // 4: c, with everything
        };
        QVERIFY(!passedThrough(headOn(f, -1, -1))); // no filters: they meet
        QVERIFY(passedThrough(headOn(f, 0, 1)));    // each excludes the other
        QVERIFY(passedThrough(headOn(f, 0, 2)));    // only one excludes: both must accept, so no contact
        QVERIFY(!passedThrough(headOn(f, 3, 2)));   // one selects the other, the other accepts all
        QVERIFY(passedThrough(headOn(f, 3, 4)));    // one selects only b, the other is c
        QVERIFY(passedThrough(headOn(f, 4, 3)));    // the same, the other way round
    }

    void filtersBeyondThirtyTwoSystems()
    {
        // 40 systems: the first body collides only with s0..s38.
        std::vector<std::string> with;
        for (int i = 0; i < 39; ++i)
            with.push_back("s" + std::to_string(i));
        const std::vector<physics::CollisionFilter> f = {filter({"s39"}, with), filter({"s38"}, {}),
                                                         filter({"s40"}, {})};
        QVERIFY(!passedThrough(headOn(f, 0, 1)));
        QVERIFY(passedThrough(headOn(f, 0, 2)));
    }

    void kinematicMovesByItsVelocity()
    {
        SimulationInput in;
        SimBody k = boxBody(0, {1, 2, 3}, {1, 1, 1});
        k.kind = BodyKind::Kinematic;
        k.linearVelocity = {1.5, -0.5, 0.25};
        k.angularVelocity = {0, 0.8, 0};
        in.bodies.push_back(k);
        in.bodies.push_back(boxBody(1, {40, 0, 0}, {1, 1, 1})); // a dynamic body falling far away
        simulation::World world(in);
        for (int i = 0; i < 150; ++i)
            world.step();
        const double t = 150.0 / 60;
        const simulation::BodyState s = world.states()[0];
        for (size_t c = 0; c < 3; ++c)
            QVERIFY(std::fabs(s.pose.position[c] - (k.pose.position[c] + k.linearVelocity[c] * t)) < 1e-5);
        // Turned by w t about +Y.
        const double angle = 2 * std::acos(std::clamp(std::fabs(s.pose.rotation[3]), 0.0, 1.0));
        QVERIFY(std::fabs(angle - 0.8 * t) < 1e-4);
        QVERIFY(std::fabs(std::fabs(s.pose.rotation[1]) - std::sin(0.4 * t)) < 1e-4);
    }

    void triggerEnterAndExitSteps()
    {
        // A 1 m kinematic box from x0 at v through a static 2 m trigger box at the origin: they overlap while
        // |x| < 1.5. Expected steps from the closed form x(n) = x0 + v n dt.
        const double x0 = -5.01, v = 2.0, dt = 1.0 / 60, reach = 1.5;
        size_t enter = 0, exit = 0;
        for (size_t n = 0; n < 1000 && !exit; ++n) {
            const bool overlap = std::fabs(x0 + v * double(n) * dt) < reach;
            if (overlap && !enter)
                enter = n;
            if (!overlap && enter)
                exit = n;
        }
        QVERIFY(enter > 0 && exit > enter);
        SimulationInput in;
        SimBody mover = boxBody(3, {x0, 0, 0}, {1, 1, 1});
        mover.kind = BodyKind::Kinematic;
        mover.linearVelocity = {v, 0, 0};
        in.bodies.push_back(mover);
        in.triggers.push_back({7, -1, -1, {placed(geometry::ShapeGeometry::box({2, 2, 2}))}});
        simulation::World world(in, NoGravity);
        world.advance(double(exit + 10) * dt);
        const auto& events = world.events();
        QCOMPARE(events.size(), size_t(2));
        QVERIFY(events[0].enter);
        QCOMPARE(events[0].step, enter);
        QCOMPARE(events[0].time, double(enter) * dt);
        QCOMPARE(events[0].trigger, size_t(7));
        QCOMPARE(events[0].other, size_t(3));
        QCOMPARE(events[0].otherBody, 0);
        QVERIFY(!events[1].enter);
        QCOMPARE(events[1].step, exit);
        QVERIFY(world.occupiedTriggers().empty());
    }

    void triggerFollowsItsBodyAndIgnoresIt()
    {
        // A trigger carried by a falling body, around the body's own collider: it reports the floor when the
        // body lands within it, never the body itself.
        SimulationInput in;
        in.statics.push_back(floorBox(9));
        in.bodies.push_back(sphereBody(0, {0, 5, 0}, 0.5));
        in.triggers.push_back({4, 0, -1, {placed(geometry::ShapeGeometry::sphere(0.7))}});
        simulation::World world(in);
        world.advance(0.5);
        QVERIFY(world.events().empty());
        world.advance(3.0);
        QCOMPARE(world.events().size(), size_t(1));
        QCOMPARE(world.events()[0].other, size_t(9));
        QCOMPARE(world.events()[0].otherBody, -1);
        // Fallen from 5 m to rest at 0.5: the trigger's bottom (0.7 below the centre) reaches the floor when
        // the centre is below 0.7 m, at t = sqrt(2 * 4.3 / g).
        const double expected = std::sqrt(2 * 4.3 / StandardGravity);
        QVERIFY(std::fabs(world.events()[0].time - expected) < 2.0 / 60);
    }

    void deterministicBitForBit()
    {
        simulation::World a(mixedScene()), b(mixedScene());
        a.advance(4.0);
        b.advance(4.0);
        QVERIFY(sameBits(flatten(a.states()), flatten(b.states())));
        QCOMPARE(a.events().size(), b.events().size());
        QVERIFY(!a.events().empty());
    }

    void resetRestoresTheStart()
    {
        simulation::World world(mixedScene());
        const auto start = flatten(world.states());
        world.advance(3.0);
        const auto later = flatten(world.states());
        const auto events = world.events().size();
        QVERIFY(!sameBits(start, later));
        world.reset();
        QCOMPARE(world.stepCount(), size_t(0));
        QVERIFY(sameBits(start, flatten(world.states())));
        world.advance(3.0);
        QVERIFY(sameBits(later, flatten(world.states())));
        QCOMPARE(world.events().size(), events);
    }

    void worldsOnWorkerThreads()
    {
        // Worlds built and stepped on two threads at once match one stepped alone on this thread.
        simulation::World alone(mixedScene());
        alone.advance(3.0);
        std::vector<double> results[2];
        std::thread workers[2];
        for (int i = 0; i < 2; ++i) {
            workers[i] = std::thread([&results, i] {
                simulation::World world(mixedScene());
                world.advance(3.0);
                results[i] = flatten(world.states());
            });
        }
        for (auto& w : workers)
            w.join();
        QVERIFY(sameBits(results[0], flatten(alone.states())));
        QVERIFY(sameBits(results[1], flatten(alone.states())));
    }

    void interpolation()
    {
        const simulation::Pose a{{0, 0, 0}, {0, 0, 0, 1}};
        const simulation::Pose b{{2, 4, -6}, axisAngle({0, 1, 0}, 1.0)};
        const simulation::Pose half = simulation::interpolate(a, b, 0.5);
        QCOMPARE(half.position[0], 1.0);
        QCOMPARE(half.position[1], 2.0);
        const Quat expected = axisAngle({0, 1, 0}, 0.5);
        for (size_t i = 0; i < 4; ++i)
            QVERIFY(std::fabs(half.rotation[i] - expected[i]) < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestSimulationEvents)
#include "TestSimulationEvents.moc"
