// Joints in the preview engine against closed-form physics (issue 20): a hinge stops at its angular limit,
// a fixed joint keeps two bodies at their relative pose, a distance limit holds, a soft limit sags by m g /
// k, drives reach their velocity and position targets; and the mapping of a document's joints (both
// families).
#include "SimulationDocuments.h"

#include <QTest>

using namespace cs;
using namespace cs::test;
using simulation::SimJoint;
using simulation::SimJointDrive;
using simulation::SimJointLimit;

namespace {

SimJointLimit limit(bool angular, std::vector<int> axes, double min, double max, double stiffness = 0,
                    double damping = 0)
{
    SimJointLimit l;
    l.angular = angular;
    l.axes = std::move(axes);
    l.min = min;
    l.max = max;
    l.stiffness = stiffness;
    l.damping = damping;
    return l;
}

SimJointDrive drive(bool angular, int axis, double stiffness, double damping, std::optional<double> position,
                    double velocity = 0)
{
    SimJointDrive d;
    d.angular = angular;
    d.axis = axis;
    d.stiffness = stiffness;
    d.damping = damping;
    d.positionTarget = position;
    d.velocityTarget = velocity;
    return d;
}

/// `body` alone, without gravity, held by `joint`.
SimulationInput withoutGravity(SimBody body, const SimJoint& joint)
{
    SimulationInput in;
    body.gravityFactor = 0;
    in.bodies.push_back(std::move(body));
    in.joints.push_back(joint);
    return in;
}

/// A joint from the world frame at `anchor` (identity rotation) to body 0, whose node is at `bodyAt`.
SimJoint worldJoint(const Vec3& anchor, const Vec3& bodyAt)
{
    SimJoint j;
    j.bodyA = -1;
    j.bodyB = 0;
    j.frameA.position = anchor;
    j.frameB.position = {anchor[0] - bodyAt[0], anchor[1] - bodyAt[1], anchor[2] - bodyAt[2]};
    return j;
}

double distance(const Vec3& a, const Vec3& b)
{
    return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/// The turn of the pendulum (body 0) about +Z: the angle of its X axis from the world's.
double swing(const simulation::World& world)
{
    const Vec3 x = rotated(world.states()[0].pose.rotation, {1, 0, 0});
    return std::atan2(x[1], x[0]);
}

/// A 1 kg rod 1 m long along +X hanging from a hinge about Z at its end, at the origin (the other two turns
/// and all three offsets locked), with the turn about Z limited to [min, max] when `limited`.
SimulationInput pendulum(bool limited, double min, double max)
{
    SimulationInput in;
    in.bodies.push_back(boxBody(0, {0.5, 0, 0}, {1, 0.1, 0.1}));
    SimJoint j = worldJoint({0, 0, 0}, {0.5, 0, 0});
    j.limits.push_back(limit(false, {0, 1, 2}, 0, 0));
    j.limits.push_back(limit(true, {0, 1}, 0, 0));
    if (limited)
        j.limits.push_back(limit(true, {2}, min, max));
    in.joints.push_back(j);
    return in;
}

} // namespace

class TestSimulationJoints : public QObject
{
    Q_OBJECT

private slots:
    void hingeStopsAtItsLimit()
    {
        // Released horizontally, the rod swings down (a negative turn about Z) and is stopped at -0.5 rad.
        simulation::World world(pendulum(true, -0.5, 1.0));
        double lowest = 0;
        for (int i = 0; i < 180; ++i) {
            world.step();
            lowest = std::min(lowest, swing(world));
            QVERIFY(std::fabs(distance(world.states()[0].pose.position, {0, 0, 0}) - 0.5) < 0.01);
        }
        QVERIFY2(lowest > -0.5 - 0.02, qPrintable(QString::number(lowest)));
        QVERIFY2(std::fabs(swing(world) + 0.5) < 0.02, qPrintable(QString::number(swing(world))));
        // Without the limit the same pendulum swings through -pi/2.
        simulation::World free(pendulum(false, 0, 0));
        double freeLowest = 0;
        for (int i = 0; i < 60; ++i) {
            free.step();
            freeLowest = std::min(freeLowest, swing(free));
        }
        QVERIFY(freeLowest < -1.5);
    }

    void fixedJointKeepsTheRelativePose()
    {
        SimulationInput in;
        in.bodies.push_back(boxBody(0, {0, 5, 0}, {1, 0.2, 0.2}));
        in.bodies.push_back(boxBody(1, {1.2, 5, 0}, {1, 0.2, 0.2}));
        in.bodies[0].angularVelocity = {0, 0, 3};
        in.bodies[0].linearVelocity = {1, 2, 0};
        SimJoint j;
        j.bodyA = 0;
        j.bodyB = 1;
        j.frameA.position = {0.6, 0, 0};
        j.frameB.position = {-0.6, 0, 0};
        j.limits.push_back(limit(false, {0, 1, 2}, 0, 0));
        j.limits.push_back(limit(true, {0, 1, 2}, 0, 0));
        in.joints.push_back(j);
        simulation::World world(in);
        world.advance(1.5);
        const auto s = world.states();
        // B's origin and axes seen from A: still 1.2 m along A's X, axes parallel.
        const Quat inverseA{-s[0].pose.rotation[0], -s[0].pose.rotation[1], -s[0].pose.rotation[2],
                            s[0].pose.rotation[3]};
        const Vec3 offset = rotated(inverseA, {s[1].pose.position[0] - s[0].pose.position[0],
                                               s[1].pose.position[1] - s[0].pose.position[1],
                                               s[1].pose.position[2] - s[0].pose.position[2]});
        QVERIFY2(distance(offset, {1.2, 0, 0}) < 0.005,
                 qPrintable(QString::number(distance(offset, {1.2, 0, 0}))));
        const Vec3 xA = rotated(s[0].pose.rotation, {1, 0, 0});
        const Vec3 xB = rotated(s[1].pose.rotation, {1, 0, 0});
        const Vec3 yA = rotated(s[0].pose.rotation, {0, 1, 0});
        const Vec3 yB = rotated(s[1].pose.rotation, {0, 1, 0});
        QVERIFY(distance(xA, xB) < 0.01 && distance(yA, yB) < 0.01);
        // The pair did turn: A's X is no longer the world's X.
        QVERIFY(xA[0] < 0.8);
    }

    void distanceLimitHolds()
    {
        // A ball thrown sideways from the anchor of a free joint whose three linear axes keep it within 2 m.
        SimulationInput in;
        in.bodies.push_back(sphereBody(0, {0, 10, 0}, 0.1));
        in.bodies[0].linearVelocity = {5, 0, 0};
        SimJoint j = worldJoint({0, 10, 0}, {0, 10, 0});
        j.limits.push_back(limit(false, {0, 1, 2}, 0, 2));
        in.joints.push_back(j);
        simulation::World world(in);
        double farthest = 0, lowest = 10;
        for (int i = 0; i < 180; ++i) {
            world.step();
            farthest = std::max(farthest, distance(world.states()[0].pose.position, {0, 10, 0}));
            lowest = std::min(lowest, world.states()[0].pose.position[1]);
        }
        QVERIFY2(farthest < 2.03, qPrintable(QString::number(farthest)));
        // Once taut it swings as a 2 m pendulum: through the lowest point, 2 m below the anchor.
        QVERIFY(distance(world.states()[0].pose.position, {0, 10, 0}) > 1.95);
        QVERIFY2(std::fabs(lowest - 8) < 0.03, qPrintable(QString::number(lowest)));
    }

    void softLimitSagsByWeightOverStiffness()
    {
        // A 2 kg ball on a vertical spring (a soft limit min = max = 0 along Y, k = 100 N/m) rests m g / k
        // lower.
        SimulationInput in;
        in.bodies.push_back(sphereBody(0, {0, 5, 0}, 0.1, 2.0));
        SimJoint j = worldJoint({0, 5, 0}, {0, 5, 0});
        j.limits.push_back(limit(false, {0, 2}, 0, 0));
        j.limits.push_back(limit(false, {1}, 0, 0, 100, 10));
        j.limits.push_back(limit(true, {0, 1, 2}, 0, 0));
        in.joints.push_back(j);
        simulation::World world(in);
        world.advance(6);
        const double sag = 5 - world.states()[0].pose.position[1];
        const double expected = 2 * StandardGravity / 100;
        QVERIFY2(std::fabs(sag - expected) < 0.02 * expected, qPrintable(QString::number(sag)));
    }

    void velocityDriveSpinsAtItsTarget()
    {
        // A rod on a hinge about Y with an angular drive of damping 50 N m s towards 2 rad/s, no gravity.
        SimJoint j = worldJoint({0, 0, 0}, {0.5, 0, 0});
        j.limits = {limit(false, {0, 1, 2}, 0, 0), limit(true, {0, 2}, 0, 0)};
        j.drives = {drive(true, 1, 0, 50, std::nullopt, 2)};
        const SimulationInput in = withoutGravity(boxBody(0, {0.5, 0, 0}, {1, 0.1, 0.1}), j);
        simulation::World world(in);
        world.advance(2);
        const double spin = world.states()[0].angularVelocity[1];
        QVERIFY2(std::fabs(spin - 2) < 0.04, qPrintable(QString::number(spin)));
    }

    void positionDriveSettlesAtItsTarget_data()
    {
        QTest::addColumn<bool>("acceleration");
        QTest::addColumn<double>("mass");
        QTest::newRow("force, 1 kg") << false << 1.0;
        QTest::newRow("acceleration, 10 kg") << true << 10.0;
    }
    void positionDriveSettlesAtItsTarget()
    {
        QFETCH(bool, acceleration);
        QFETCH(double, mass);
        // A slider along X (other offsets and all turns locked) driven to x = +0.5 by a damped spring.
        SimJoint j = worldJoint({0, 0, 0}, {0, 0, 0});
        j.limits = {limit(false, {1, 2}, 0, 0), limit(true, {0, 1, 2}, 0, 0)};
        j.drives = {drive(false, 0, 50, 15, 0.5)};
        j.drives[0].acceleration = acceleration;
        const SimulationInput in = withoutGravity(sphereBody(0, {0, 0, 0}, 0.1, mass), j);
        simulation::World world(in);
        // Force mode: x'' = (k (0.5 - x) - c x') / m; acceleration mode: the same without the 1/m. Either
        // way critically damped or over: at 1 s, more than 80% of the way for 1 kg or acceleration mode.
        world.advance(1);
        const double x = world.states()[0].pose.position[0];
        QVERIFY2(x > 0.4 && x < 0.51, qPrintable(QString::number(x)));
        world.advance(5);
        QVERIFY(std::fabs(world.states()[0].pose.position[0] - 0.5) < 0.01);
    }

    void documentJointsAreMapped()
    {
        // KHR: a hinge from a dynamic body (node 0) to a static collider's node (node 1), both frames at
        // x = 1 in the world; the joint frame sits 1 m along the body's X.
        const auto in = inputOf(
            R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],)"
            R"("extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.1}}]},)"
            R"("KHR_physics_rigid_bodies":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2],"min":0,"max":0},)"
            R"({"angularAxes":[2],"min":-0.5,"max":1,"stiffness":20}],)"
            R"("drives":[{"type":"angular","mode":"force","axis":2,"velocityTarget":1,"damping":3}]}]}},)"
            R"("nodes":[{"translation":[0,2,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},)"
            R"("collider":{"geometry":{"shape":0}},"joint":{"connectedNode":1,"joint":0}}}},)"
            R"({"translation":[0,2,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":)"
            R"({"geometry":{"shape":0}}}}}]})");
        QVERIFY(in.value);
        QVERIFY(!findDiagnostic(in.diagnostics, "SIM_JOINT_IGNORED"));
        QCOMPARE(in.value->joints.size(), size_t(1));
        const SimJoint& j = in.value->joints[0];
        QCOMPARE(j.bodyA, 0);
        QCOMPARE(j.bodyB, -1);
        QCOMPARE(j.connectedNode, size_t(1));
        QVERIFY(distance(j.frameB.position, {0, 2, 0}) < 1e-6); // the world placement of node 1
        QVERIFY(distance(j.frameA.position, {0, 0, 0}) < 1e-6); // node 0's own frame in its body
        QCOMPARE(j.limits.size(), size_t(2));
        QVERIFY(!j.limits[0].angular && j.limits[0].stiffness == 0);
        QVERIFY(j.limits[1].angular && j.limits[1].min == -0.5 && j.limits[1].max == 1 &&
                j.limits[1].stiffness == 20);
        QCOMPARE(j.drives.size(), size_t(1));
        QVERIFY(j.drives[0].angular && j.drives[0].axis == 2 && !j.drives[0].positionTarget &&
                j.drives[0].velocityTarget == 1 && j.drives[0].damping == 3);
    }

    void omiJointOnItsOwnNode()
    {
        // OMI: the joint on a child node of body 0 (0.5 m along X), connected to body 1's node; a cone limit
        // is read approximately (SIM_JOINT_CONE_LIMIT).
        const auto in = inputOf(
            R"({"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_shape","OMI_physics_body",)"
            R"("OMI_physics_joint"],"extensions":{"OMI_physics_shape":{"shapes":[{"type":"sphere",)"
            R"("sphere":{"radius":0.1}}]},"OMI_physics_joint":{"physicsJoints":[{"limits":[)"
            R"({"angularAxes":[0,1],"max":0.3}]}]}},"nodes":[{"children":[2],"extensions":{"OMI_physics_body":)"
            R"({"motion":{"type":"dynamic"},"collider":{"shape":0}}}},{"translation":[1,0,0],"extensions":)"
            R"({"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":0}}}},)"
            R"({"translation":[0.5,0,0],"extensions":{"OMI_physics_joint":{"joint":0,"connectedNode":1}}}]})");
        QVERIFY(in.value);
        QCOMPARE(in.value->joints.size(), size_t(1));
        const SimJoint& j = in.value->joints[0];
        QCOMPARE(j.bodyA, 0);
        QCOMPARE(j.bodyB, 1);
        QVERIFY(distance(j.frameA.position, {0.5, 0, 0}) < 1e-6);
        QVERIFY(findDiagnostic(in.diagnostics, "SIM_JOINT_CONE_LIMIT"));
    }

    void jointWithinOneBodyIsReported()
    {
        const auto in = inputOf(
            R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies"],"extensions":)"
            R"({"KHR_physics_rigid_bodies":{"physicsJoints":[{"limits":[]}]}},"nodes":[{"children":[1],)"
            R"("extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1}}}},{"extensions":)"
            R"({"KHR_physics_rigid_bodies":{"joint":{"connectedNode":0,"joint":0}}}}]})");
        QVERIFY(in.value);
        QVERIFY(in.value->joints.empty());
        QVERIFY(findDiagnostic(in.diagnostics, "SIM_JOINT_SAME_BODY"));
    }
};

QTEST_GUILESS_MAIN(TestSimulationJoints)
#include "TestSimulationJoints.moc"
