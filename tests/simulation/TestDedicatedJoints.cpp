// Ball and hinge joints on Bullet's dedicated constraints (issue 47, item 5): which joints get them
// (core/simulation/JointConstraint.h), and that they keep the closed-form behaviour: a pendulum's
// small-amplitude period 2 pi sqrt((m L^2 + I) / (m g L)), a loaded hinge on either end of its range within
// 0.01 rad (where #32 left the generic constraint), a ball-joint chain's anchors together within 1 mm; a
// joint with a spring or a linear range keeps the generic constraint and its behaviour.
#include "SimulationScenes.h"

#include <QTest>
#include <numbers>

using namespace cs;
using namespace cs::test;
using simulation::JointConstraintKind;
using simulation::SimJoint;
using simulation::SimJointLimit;

Q_DECLARE_METATYPE(cs::simulation::SimJoint)

namespace {

constexpr double Inf = std::numeric_limits<double>::infinity();

SimJointLimit lock(bool angular, std::vector<int> axes)
{
    return {angular, std::move(axes), 0, 0};
}

SimJointLimit range(bool angular, std::vector<int> axes, double min, double max, double stiffness = 0)
{
    return {angular, std::move(axes), min, max, stiffness, stiffness > 0 ? 10.0 : 0.0};
}

/// A drive about Z towards 1 rad/s.
simulation::SimJointDrive spin()
{
    simulation::SimJointDrive d;
    d.angular = true;
    d.axis = 2;
    d.velocityTarget = 1;
    d.damping = 10;
    return d;
}

SimJoint jointWith(std::vector<SimJointLimit> limits)
{
    SimJoint j;
    j.bodyB = 0;
    j.limits = std::move(limits);
    return j;
}

/// A hinge about axis `axis` of its frames: the linear axes and the other two angular axes locked.
std::vector<SimJointLimit> hingeLimits(int axis)
{
    return {lock(false, {0, 1, 2}), lock(true, {(axis + 1) % 3, (axis + 2) % 3})};
}

/// A 1 kg ball of radius 0.05 m (I = 0.001 kg m^2) whose centre is at `arm` from a world joint at the
/// origin, with the joint's frames unturned.
SimulationInput heldBall(const Vec3& arm, std::vector<SimJointLimit> limits)
{
    SimulationInput in;
    in.bodies.push_back(sphereBody(0, arm, 0.05));
    SimJoint j = jointWith(std::move(limits));
    j.frameB.position = {-arm[0], -arm[1], -arm[2]};
    in.joints.push_back(j);
    return in;
}

std::vector<JointConstraintKind> kindsOf(const SimulationInput& in)
{
    return simulation::World(in).solverReport().constraintKinds;
}

/// The times at which `coordinate` of body 0 crosses zero, over `seconds`, interpolated within the step.
std::vector<double> crossings(simulation::World& world, int coordinate, double seconds)
{
    std::vector<double> times;
    double before = world.states()[0].pose.position[size_t(coordinate)];
    while (world.time() < seconds) {
        world.step();
        const double now = world.states()[0].pose.position[size_t(coordinate)];
        if ((before < 0) != (now < 0)) {
            const double step = 1.0 / 60;
            times.push_back(world.time() - step * now / (now - before));
        }
        before = now;
    }
    return times;
}

/// The compound pendulum's small-amplitude period for the heldBall at 1 m.
double ballPeriod()
{
    return 2 * std::numbers::pi * std::sqrt((1.0 + 0.001) / StandardGravity);
}

} // namespace

class TestDedicatedJoints : public QObject
{
    Q_OBJECT

private slots:
    void dedicatedKinds_data()
    {
        QTest::addColumn<SimJoint>("joint");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("axis");
        const int ball = int(JointConstraintKind::Ball), hinge = int(JointConstraintKind::Hinge);
        QTest::newRow("ball") << jointWith({lock(false, {0, 1, 2})}) << ball << -1;
        QTest::newRow("ball, one lock per axis")
            << jointWith({lock(false, {0}), lock(false, {2}), lock(false, {1})}) << ball << -1;
        QTest::newRow("hinge about Z") << jointWith(hingeLimits(2)) << hinge << 2;
        QTest::newRow("hinge about X") << jointWith(hingeLimits(0)) << hinge << 0;
        auto limited = hingeLimits(1);
        limited.push_back(range(true, {1}, -1, 0.5));
        // A range on the free axis: generic (Bullet's hinge limit throws an arm back from its end).
        QTest::newRow("limited hinge about Y")
            << jointWith(limited) << int(JointConstraintKind::Generic) << -1;
        auto unbounded = hingeLimits(2);
        unbounded.push_back(range(true, {2}, -Inf, Inf));
        QTest::newRow("hinge, infinite range") << jointWith(unbounded) << hinge << 2;
    }
    void dedicatedKinds()
    {
        QFETCH(SimJoint, joint);
        QFETCH(int, kind);
        QFETCH(int, axis);
        const simulation::JointConstraint c = simulation::jointConstraint(joint);
        QCOMPARE(int(c.kind), kind);
        QCOMPARE(c.hingeAxis, axis);
    }

    // A hinge with a range is built on the generic constraint, and an arm released level onto its end
    // stops there, as the spec's limit does (Bullet's hinge limit threw it back 13 degrees).
    void limitedHingeStopsAtItsEnd()
    {
        auto limits = hingeLimits(2);
        limits.push_back(range(true, {2}, -0.5, 0.5));
        SimulationInput in = heldBall({1, 0, 0}, limits);
        in.bodies[0].inertiaDiagonal = {0.005, 0.005, 0.005};
        QCOMPARE(kindsOf(in), std::vector<JointConstraintKind>{JointConstraintKind::Generic});
        simulation::World world(in);
        double lowest = 0;
        for (int step = 0; step < 120; ++step) {
            world.step();
            const Vec3 p = world.states()[0].pose.position;
            lowest = std::min(lowest, std::atan2(p[1], p[0]));
        }
        const Vec3 p = world.states()[0].pose.position;
        // Turned by a about Z, (1, 0, 0) is at (cos a, sin a, 0).
        const double turned = std::atan2(p[1], p[0]);
        QVERIFY2(std::fabs(turned + 0.5) < 0.02,
                 qPrintable(QString("at %1 rad after 2 s, lowest %2").arg(turned).arg(lowest)));
        QVERIFY2(lowest > -0.55, qPrintable(QString("passed its end to %1 rad").arg(lowest)));
    }

    void genericKinds_data()
    {
        QTest::addColumn<SimJoint>("joint");
        QTest::newRow("no limit") << jointWith({});
        QTest::newRow("two linear axes locked") << jointWith({lock(false, {0, 1})});
        QTest::newRow("soft ball") << jointWith({range(false, {0, 1, 2}, 0, 0, 1000)});
        QTest::newRow("linear range") << jointWith({lock(false, {0, 2}), range(false, {1}, -0.2, 0)});
        QTest::newRow("distance") << jointWith({range(false, {0, 1, 2}, 0, 1)});
        QTest::newRow("weld") << jointWith({lock(false, {0, 1, 2}), lock(true, {0, 1, 2})});
        QTest::newRow("swing about two axes") << jointWith({lock(false, {0, 1, 2}), lock(true, {0})});
        QTest::newRow("cone") << jointWith({lock(false, {0, 1, 2}), range(true, {1, 2}, 0, 0.5)});
        QTest::newRow("ball with twist") << jointWith({lock(false, {0, 1, 2}), range(true, {0}, -1, 1)});
        auto soft = hingeLimits(2);
        soft.push_back(range(true, {2}, -1, 1, 100));
        QTest::newRow("hinge, soft range") << jointWith(soft);
        auto oneSided = hingeLimits(2);
        oneSided.push_back(range(true, {2}, -Inf, 1));
        QTest::newRow("hinge, one-sided range") << jointWith(oneSided);
        auto wide = hingeLimits(2);
        wide.push_back(range(true, {2}, -1, 4));
        QTest::newRow("hinge, range past pi") << jointWith(wide);
        auto empty = hingeLimits(2);
        empty.push_back(range(true, {2}, 0.5, 0.5));
        QTest::newRow("hinge, empty range") << jointWith(empty);
        auto onLocked = hingeLimits(2);
        onLocked.push_back(range(true, {0}, 0.2, 0.4));
        QTest::newRow("range on a locked axis") << jointWith(onLocked);
        auto two = hingeLimits(2);
        two.push_back(range(true, {2}, -1, 1));
        two.push_back(range(true, {2}, -0.5, 0.5));
        QTest::newRow("hinge, two ranges") << jointWith(two);
        SimJoint driven = jointWith(hingeLimits(2));
        driven.drives.push_back(spin());
        QTest::newRow("driven hinge") << driven;
    }
    void genericKinds()
    {
        QFETCH(SimJoint, joint);
        QCOMPARE(int(simulation::jointConstraint(joint).kind), int(JointConstraintKind::Generic));
    }

    // The world builds what jointConstraint chose, one engine constraint per joint (a drive adds its own).
    void worldReportsEachConstraint()
    {
        SimulationInput in = heldBall({1, 0, 0}, {lock(false, {0, 1, 2})});
        in.joints.push_back(jointWith(hingeLimits(2)));
        in.joints.push_back(jointWith({range(false, {0, 1, 2}, 0, 0, 1000)}));
        SimJoint driven = jointWith(hingeLimits(2));
        driven.drives.push_back(spin());
        in.joints.push_back(driven);
        using K = JointConstraintKind;
        QCOMPARE(kindsOf(in), (std::vector<K>{K::Ball, K::Hinge, K::Generic, K::Generic, K::Generic}));
        QCOMPARE(simulation::World(in).solverReport().constraintIterations,
                 std::vector<int>(5, simulation::kJointSolverIterations));
    }

    // A hinge about X (its frames turned to Bullet's Z) holding a ball 1 m below it, started 0.1 rad aside
    // in Z, swings in the YZ plane with the compound pendulum's period; a ball joint holding the same ball
    // started 0.1 rad aside in X, in the XY plane with the same period.
    void pendulumPeriod_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("swung"); // the coordinate the ball swings along; the third one stays 0
        QTest::newRow("hinge") << int(JointConstraintKind::Hinge) << 2;
        QTest::newRow("ball") << int(JointConstraintKind::Ball) << 0;
    }
    void pendulumPeriod()
    {
        QFETCH(int, kind);
        QFETCH(int, swung);
        const double start = 0.1;
        Vec3 arm{0, -std::cos(start), 0};
        arm[size_t(swung)] = std::sin(start);
        const bool hinge = kind == int(JointConstraintKind::Hinge);
        const SimulationInput in =
            heldBall(arm, hinge ? hingeLimits(0) : std::vector{lock(false, {0, 1, 2})});
        QCOMPARE(kindsOf(in), std::vector<JointConstraintKind>{JointConstraintKind(kind)});
        simulation::World world(in);
        const std::vector<double> times = crossings(world, swung, 4.5);
        QVERIFY(times.size() >= 3);
        const double period = times[2] - times[0];
        QVERIFY2(std::fabs(period - ballPeriod()) < 0.02 * ballPeriod(),
                 qPrintable(QString("period %1 s, closed form %2 s").arg(period).arg(ballPeriod())));
        QVERIFY(std::fabs(world.states()[0].pose.position[size_t(2 - swung)]) < 1e-3);
    }

    // A 1 kg arm 1 m from a hinge about X, started level along +Z or -Z: its weight turns it positively (from
    // +Z) or negatively (from -Z), onto the end of its range [-0.7, 0.4] on that side, where it rests within
    // 0.01 rad (#32).
    void loadedHingeRestsOnEitherEnd_data()
    {
        QTest::addColumn<double>("side");
        QTest::addColumn<double>("end");
        QTest::newRow("max") << 1.0 << 0.4;
        QTest::newRow("min") << -1.0 << -0.7;
    }
    void loadedHingeRestsOnEitherEnd()
    {
        QFETCH(double, side);
        QFETCH(double, end);
        auto limits = hingeLimits(0);
        limits.push_back(range(true, {0}, -0.7, 0.4));
        SimulationInput in = heldBall({0, 0, side}, limits);
        in.bodies[0].inertiaDiagonal = {0.005, 0.005, 0.005};
        QCOMPARE(kindsOf(in), std::vector<JointConstraintKind>{JointConstraintKind::Generic});
        simulation::World world(in);
        world.advance(5.0);
        const Vec3 p = world.states()[0].pose.position;
        // Turned by a about X, (0, 0, s) is at (0, -s sin a, s cos a).
        const double turned = std::atan2(-side * p[1], side * p[2]);
        QVERIFY2(std::fabs(turned - end) < 0.01,
                 qPrintable(QString("rests at %1 rad, end %2 rad").arg(turned).arg(end)));
        QVERIFY2(std::fabs(std::hypot(p[1], p[2]) - 1) < 0.005, "the pivot holds");
    }

    // Ten 0.3 m links joined end to end by ball joints, the first to the world, started straight at 0.2 rad
    // from the vertical: while the chain swings for 3 s, every joint's two anchors stay within 1 mm.
    void ballChainStaysJoined()
    {
        const int links = 10;
        const double length = 0.3, start = 0.2;
        const Quat turn = axisAngle({0, 0, 1}, start - std::numbers::pi / 2); // the links' X down the chain
        const Vec3 along = rotated(turn, {1, 0, 0});
        SimulationInput in;
        for (int i = 0; i < links; ++i) {
            const double d = length * (i + 0.5);
            in.bodies.push_back(
                boxBody(size_t(i), {along[0] * d, along[1] * d, 0}, {length, 0.05, 0.05}, 1.0, turn));
            SimJoint j = jointWith({lock(false, {0, 1, 2})});
            j.bodyA = i - 1;
            j.bodyB = i;
            j.frameA.position = i == 0 ? Vec3{0, 0, 0} : Vec3{length / 2, 0, 0};
            j.frameB.position = {-length / 2, 0, 0};
            in.joints.push_back(j);
        }
        QCOMPARE(kindsOf(in), std::vector<JointConstraintKind>(links, JointConstraintKind::Ball));
        simulation::World world(in);
        // The point at x along a link's X axis, in the world.
        auto at = [](const simulation::BodyState& s, double x) {
            const Vec3 r = rotated(s.pose.rotation, {x, 0, 0});
            return Vec3{s.pose.position[0] + r[0], s.pose.position[1] + r[1], s.pose.position[2] + r[2]};
        };
        double widest = 0;
        while (world.time() < 3) {
            world.step();
            const std::vector<simulation::BodyState> states = world.states();
            for (size_t i = 0; i < states.size(); ++i) {
                const Vec3 b = at(states[i], -length / 2);
                const Vec3 a = i == 0 ? Vec3{0, 0, 0} : at(states[i - 1], length / 2);
                widest = std::max(widest, std::hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]));
            }
        }
        QVERIFY2(widest < 1e-3, qPrintable(QString("anchors %1 m apart").arg(widest)));
    }

    // A hinge about Z whose drop along Y is a range [-0.2, 0] instead of a lock keeps the generic
    // constraint, and its range: the ball hanging 1 m below it falls 0.2 m and hangs there (a dedicated hinge
    // would hold it at 1 m).
    void linearRangeKeepsTheGenericPath()
    {
        SimulationInput in =
            heldBall({0, -1, 0}, {lock(false, {0, 2}), range(false, {1}, -0.2, 0), lock(true, {0, 1})});
        QCOMPARE(kindsOf(in), std::vector<JointConstraintKind>{JointConstraintKind::Generic});
        simulation::World world(in);
        world.advance(2.0);
        const Vec3 p = world.states()[0].pose.position;
        QVERIFY2(std::fabs(p[1] + 1.2) < 0.01, qPrintable(QString("hangs at y = %1 m").arg(p[1])));
        QVERIFY(std::fabs(p[0]) < 0.01);
    }

    // A ball joint whose lock is a spring (stiffness 100 N/m, damping 10 N s/m) keeps the generic
    // constraint: the 1 kg ball it holds at its centre sags by m g / k.
    void springKeepsTheGenericPath()
    {
        SimulationInput in = heldBall({0, 0, 0}, {range(false, {0, 1, 2}, 0, 0, 100)});
        QCOMPARE(kindsOf(in), std::vector<JointConstraintKind>{JointConstraintKind::Generic});
        simulation::World world(in);
        world.advance(3.0);
        const double sag = -world.states()[0].pose.position[1];
        const double expected = StandardGravity / 100;
        QVERIFY2(std::fabs(sag - expected) < 0.02 * expected,
                 qPrintable(QString("sags %1 m, m g / k %2 m").arg(sag).arg(expected)));
    }
};

QTEST_GUILESS_MAIN(TestDedicatedJoints)
#include "TestDedicatedJoints.moc"
