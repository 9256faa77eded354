// Simulate > Behave like (issue 35): the preview with a target engine's deviations that are parameters, each
// against a closed form or the words of the target description: velocities through the world scale or taken
// in the world frame, Havok's angular damping, the density of an absent mass, inertia per unit mass, the
// combine precedence, an ignored gravity factor, and Havok's reading of joints (a soft distance limit held
// rigidly, a limit on linear and angular axes read as linear, a drive's maxForce 0 uncapped). The spec
// profile changes nothing.
#include "BehaviourScenes.h"
#include "physics/CombineRule.h"
#include "simulation/BehaviourProfile.h"
#include "simulation/ContactRules.h"
#include "targets/Target.h"

#include <QTest>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::test;
using simulation::BehaviourProfile;

namespace {

simulation::Settings weightless()
{
    simulation::Settings s;
    s.gravity = {0, 0, 0};
    return s;
}

/// A 1 kg ball of radius 0.05 on node 0 with a joint on its own node to a node without a body `height` m
/// above it (node 1), limited by `limit` (the JSON of one limit).
KhrScene hangingBall(const std::string& velocity, const std::string& limit, int height)
{
    KhrScene scene;
    scene.shape(R"({"type":"sphere","sphere":{"radius":0.05}})");
    scene.node("{" +
               physicsOf(R"({"motion":{"mass":1,"linearVelocity":)" + velocity +
                         R"(},"collider":{"geometry":{"shape":0}},"joint":{"connectedNode":1,"joint":0}})") +
               "}");
    scene.node(R"({"translation":[0,)" + std::to_string(height) + ",0]}");
    scene.joints = R"([{"limits":[)" + limit + "]}]";
    return scene;
}

/// How far a 1 kg body falls in `t` from rest on a spring of stiffness k (N/m) that starts relaxed.
double springDrop(double k, double t)
{
    return StandardGravity / k * (1 - std::cos(std::sqrt(k) * t));
}

/// The angle of a turn about Z (a rotation about Z only), in radians.
double turnAboutZ(const Quat& q)
{
    return 2 * std::atan2(q[2], q[3]);
}

} // namespace

class TestSimulationBehaviour : public QObject
{
    Q_OBJECT

private slots:
    void profilesComeFromTheTargetDescriptions()
    {
        std::vector<std::string> names;
        for (const BehaviourProfile& p : simulation::behaviourProfiles())
            names.push_back(p.name);
        // Blender's importer has no deviation that is a simulation parameter; every other reader has one.
        const std::vector<std::string> expected = {"spec", "godot-4.x", "unity-omi", "babylon-havok",
                                                   "khronos-sample-viewer"};
        QCOMPARE(names, expected);
        QVERIFY(profile("spec").isSpec());
        QVERIFY(!simulation::findBehaviourProfile("blender-khr"));
        QVERIFY(!simulation::findBehaviourProfile("no-such-engine"));
        for (const targets::Target& t : targets::allTargets()) {
            for (const targets::BehaviourRule& b : t.behaviours) {
                QVERIFY2(!b.cite.empty() && !b.reason.empty(), targets::behaviourId(b.behaviour));
                QVERIFY(b.behaviour != targets::Behaviour::CombinePrecedence || b.precedence.size() == 4);
            }
        }
        const BehaviourProfile babylon = profile("babylon-havok");
        QVERIFY(babylon.velocityTimesWorldScale && babylon.inertiaPerUnitMass);
        QCOMPARE(babylon.angularDamping, 0.1);
        QCOMPARE(babylon.absentMassDensity, 1000.0);
        QVERIFY(babylon.distanceLimitRigid && babylon.lockedLimitRigid && babylon.mixedLimitLinearOnly &&
                babylon.driveMaxForceZeroUnlimited);
        QVERIFY(!profile("godot-4.x").distanceLimitRigid);
    }

    void specPrecedenceIsThePhysicsRule()
    {
        using M = physics::CombineMode;
        const std::vector<std::optional<M>> modes = {std::nullopt, M::Average, M::Minimum, M::Maximum,
                                                     M::Multiply};
        for (auto a : modes) {
            for (auto b : modes)
                QCOMPARE(physics::appliedCombineMode(a, b, simulation::kSpecPrecedence),
                         physics::appliedCombineMode(a, b));
        }
    }

    void combinePrecedencePerTarget()
    {
        using M = physics::CombineMode;
        physics::PhysicsMaterial averaging = material(0.8, 0.0, M::Average);
        physics::PhysicsMaterial minimum = material(0.2, 0.0, M::Minimum);
        physics::PhysicsMaterial maximum = material(0.8, 0.0, M::Maximum);
        physics::PhysicsMaterial multiply = material(0.2, 0.0, M::Multiply);
        auto friction = [](const physics::PhysicsMaterial& a, const physics::PhysicsMaterial& b,
                           const std::string& name) {
            return simulation::combineMaterials(a, b, profile(name).precedence).friction;
        };
        // The spec: "if either uses average", (0.8 + 0.2) / 2. PhysX's higher enum wins: minimum over
        // average. Havok's later-wins order keeps average over minimum, as the spec.
        QCOMPARE(friction(averaging, minimum, "spec"), 0.5);
        QCOMPARE(friction(averaging, minimum, "khronos-sample-viewer"), 0.2);
        QCOMPARE(friction(averaging, minimum, "unity-omi"), 0.2);
        QCOMPARE(friction(averaging, minimum, "babylon-havok"), 0.5);
        // Maximum against multiply: the spec takes the maximum, Havok multiplies (0.8 x 0.2).
        QCOMPARE(friction(maximum, multiply, "spec"), 0.8);
        QVERIFY(std::fabs(friction(maximum, multiply, "babylon-havok") - 0.16) < 1e-12);
        QCOMPARE(friction(maximum, multiply, "khronos-sample-viewer"), 0.8);
    }

    void slidingDistanceFollowsThePrecedence()
    {
        // A box sliding at v on a floor stops after v^2 / (2 mu g): mu = 0.5 by the spec's average of 0.8
        // and 0.2, mu = 0.2 by PhysX's precedence (minimum wins).
        KhrScene scene;
        scene.materials = R"([{"staticFriction":0.8,"dynamicFriction":0.8,"restitution":0,)"
                          R"("frictionCombine":"average"},{"staticFriction":0.2,"dynamicFriction":0.2,)"
                          R"("restitution":0,"frictionCombine":"minimum"}])";
        scene.shape(R"({"type":"box","box":{"size":[20,1,4]}})");
        scene.shape(R"({"type":"box","box":{"size":[0.5,0.5,0.5]}})");
        scene.node(R"({"translation":[0,-0.5,0],)" +
                   physicsOf(R"({"collider":{"geometry":{"shape":0},"physicsMaterial":1}})") + "}");
        const size_t box =
            scene.node(R"({"translation":[-5,0.25,0],)" +
                       physicsOf(R"({"motion":{"mass":1,"linearVelocity":[2,0,0]},)"
                                 R"("collider":{"geometry":{"shape":1},"physicsMaterial":0}})") +
                       "}");
        for (const auto& [name, mu] : {std::pair{"spec", 0.5}, std::pair{"khronos-sample-viewer", 0.2}}) {
            simulation::World world(inputLike(scene, name));
            world.advance(2.0);
            const double travelled = stateOf(world, box).pose.position[0] + 5;
            const double expected = 4 / (2 * mu * StandardGravity);
            QVERIFY2(std::fabs(travelled - expected) < 0.05 * expected,
                     qPrintable(QString("%1: %2 m, expected %3 m").arg(name).arg(travelled).arg(expected)));
        }
    }

    void velocityTimesWorldScale()
    {
        // A ball moving at 1 m/s (node space) under a node of scale 2: the spec rotates the velocity to the
        // world, 1 m/s; Babylon sends it through the world matrix, 2 m/s.
        KhrScene scene = oneBody(R"({"mass":1,"linearVelocity":[1,0,0]})");
        scene.nodes.insert(scene.nodes.begin(), R"({"scale":[2,2,2],"children":[1]})");
        for (const auto& [name, speed] : {std::pair{"spec", 1.0}, std::pair{"babylon-havok", 2.0}}) {
            simulation::World world(inputLike(scene, name), weightless());
            world.advance(1.5);
            QVERIFY2(std::fabs(stateOf(world, 1).pose.position[0] - speed * 1.5) < 1e-4, name);
        }
    }

    void velocityInWorldFrame()
    {
        // A node turned 90 degrees about Y moving at (1, 0, 0) in its own space: the world velocity is
        // (cos 90, 0, -sin 90) = (0, 0, -1) for the spec; PhysX takes (1, 0, 0) as a world vector.
        const KhrScene scene =
            oneBody(R"({"mass":1,"linearVelocity":[1,0,0]})", R"("rotation":[0,0.70710678,0,0.70710678],)");
        const SimulationInput spec = inputLike(scene, "spec");
        const SimulationInput physx = inputLike(scene, "khronos-sample-viewer");
        const Vec3 expectedSpec{0, 0, -1};
        const Vec3 expectedPhysx{1, 0, 0};
        for (size_t i = 0; i < 3; ++i) {
            QVERIFY(std::fabs(spec.bodies[0].linearVelocity[i] - expectedSpec[i]) < 1e-6);
            QVERIFY(std::fabs(physx.bodies[0].linearVelocity[i] - expectedPhysx[i]) < 1e-6);
        }
    }

    void havokAngularDamping()
    {
        // No torque: the spec keeps 2 rad/s; Havok's default damping 0.1 leaves 2 exp(-0.1 t).
        const KhrScene scene = oneBody(R"({"mass":1,"angularVelocity":[0,2,0]})");
        for (const auto& [name, rate] : {std::pair{"spec", 0.0}, std::pair{"babylon-havok", 0.1}}) {
            simulation::World world(inputLike(scene, name), weightless());
            world.advance(3.0);
            const double expected = 2 * std::exp(-rate * 3.0);
            const double omega = stateOf(world, 0).angularVelocity[1];
            QVERIFY2(std::fabs(omega - expected) < 1e-4 * expected,
                     qPrintable(QString("%1: %2 rad/s, expected %3").arg(name).arg(omega).arg(expected)));
        }
    }

    void absentMassDensity()
    {
        // A 1 x 2 x 0.5 m box (1 m^3) without `mass`: the spec's preview and Havok at 1000 kg/m^3, the Sample
        // Viewer at 1 kg/m^3.
        const KhrScene scene = oneBody("{}", "", R"({"type":"box","box":{"size":[1,2,0.5]}})");
        QCOMPARE(inputLike(scene, "spec").bodies[0].mass, 1000.0);
        QCOMPARE(inputLike(scene, "babylon-havok").bodies[0].mass, 1000.0);
        QVERIFY(std::fabs(inputLike(scene, "khronos-sample-viewer").bodies[0].mass - 1.0) < 1e-12);
        // With inertia and no mass PhysX keeps its default 1 kg; the spec computes the mass from the volume.
        const KhrScene inertiaOnly =
            oneBody(R"({"inertiaDiagonal":[1,1,1]})", "", R"({"type":"box","box":{"size":[1,2,0.5]}})");
        QCOMPARE(inputLike(inertiaOnly, "spec").bodies[0].mass, 1000.0);
        QCOMPARE(inputLike(inertiaOnly, "khronos-sample-viewer").bodies[0].mass, 1.0);
    }

    void inertiaPerUnitMass()
    {
        // Havok's inertia is per unit mass: mass 10 and inertiaDiagonal (1, 2, 3) turn as (10, 20, 30).
        const KhrScene scene = oneBody(R"({"mass":10,"inertiaDiagonal":[1,2,3]})");
        const Vec3 spec = inputLike(scene, "spec").bodies[0].inertiaDiagonal;
        const Vec3 havok = inputLike(scene, "babylon-havok").bodies[0].inertiaDiagonal;
        for (size_t i = 0; i < 3; ++i) {
            QCOMPARE(spec[i], double(i + 1));
            QCOMPARE(havok[i], 10.0 * double(i + 1));
        }
    }

    void gravityFactorIgnored()
    {
        // gravityFactor 0.5: the spec falls g t^2 / 4 in t; Godot (gravity_scale never set) g t^2 / 2.
        const KhrScene scene = oneBody(R"({"mass":1,"gravityFactor":0.5})");
        for (const auto& [name, factor] : {std::pair{"spec", 0.5}, std::pair{"godot-4.x", 1.0}}) {
            simulation::World world(inputLike(scene, name));
            world.advance(0.5);
            const double expected = -factor * StandardGravity * 0.25 / 2;
            QVERIFY2(std::fabs(stateOf(world, 0).pose.position[1] - expected) < 1e-4, name);
        }
    }

    void havokDistanceLimitIsRigid()
    {
        // A limit on the three linear axes keeping the ball within 1 m of the node above, soft (0.3 N/m).
        const std::string limit = R"({"linearAxes":[0,1,2],"min":0,"max":1,"stiffness":0.3})";
        // Spec: past 1 m the limit is a spring, so the ball (taut at rest) drops as on a relaxed spring.
        simulation::World soft(inputLike(hangingBall("[0,0,0]", limit, 1), "spec"));
        soft.advance(1.0);
        const double y = stateOf(soft, 0).pose.position[1];
        QVERIFY2(std::fabs(-y - springDrop(0.3, 1)) < 0.02 * springDrop(0.3, 1),
                 qPrintable(QString("dropped %1, expected %2").arg(-y).arg(springDrop(0.3, 1))));
        // Havok holds the distance rigidly: a pendulum of length L = 1 m, period 2 pi sqrt(L / g) for a
        // small swing (0.2 m/s at the bottom: 0.06 rad).
        const SimulationInput in = inputLike(hangingBall("[0.2,0,0]", limit, 1), "babylon-havok");
        QCOMPARE(in.joints[0].limits[0].stiffness, 0.0);
        simulation::World rigid(in);
        const double dt = 1.0 / 60;
        double lastX = 0, lowest = 0;
        std::vector<double> crossings; // times x passes zero, interpolated between steps
        for (int i = 1; i <= 300 && crossings.size() < 2; ++i) {
            rigid.step();
            const Vec3 p = stateOf(rigid, 0).pose.position;
            lowest = std::min(lowest, p[1]);
            if (i > 1 && (lastX > 0) != (p[0] > 0))
                crossings.push_back(dt * (i - 1 + lastX / (lastX - p[0])));
            lastX = p[0];
        }
        QCOMPARE(crossings.size(), size_t(2));
        const double period = 2 * (crossings[1] - crossings[0]);
        const double expected = 2 * std::numbers::pi * std::sqrt(1 / StandardGravity);
        QVERIFY2(std::fabs(period - expected) < 0.015 * expected,
                 qPrintable(QString("period %1, expected %2").arg(period).arg(expected)));
        QVERIFY2(lowest > -0.02, qPrintable(QString::number(lowest)));
    }

    void havokLockedLimitIsRigid()
    {
        // A limit along Y with min = max = 0 and stiffness 0.3 N/m, the connected node at the ball. Spec: a
        // spring, the ball drops as on a relaxed spring; Havok locks the axis (the engine check measured the
        // ball not moving in 4 s).
        const std::string limit = R"({"linearAxes":[1],"min":0,"max":0,"stiffness":0.3})";
        for (const auto& [name, drop] :
             {std::pair{"spec", springDrop(0.3, 1)}, std::pair{"babylon-havok", 0.0}}) {
            simulation::World world(inputLike(hangingBall("[0,0,0]", limit, 0), name));
            world.advance(1.0);
            const double y = stateOf(world, 0).pose.position[1];
            QVERIFY2(std::fabs(-y - drop) < 0.01 + 0.02 * drop,
                     qPrintable(QString("%1: dropped %2, expected %3").arg(name).arg(-y).arg(drop)));
        }
    }

    void havokMixedLimitKeepsLinearAxes()
    {
        // One limit on all three linear and all three angular axes, min = max = 0 (OMI's weld), holding a
        // ball spinning at 2 rad/s about Z to a place without a body. The spec welds: the ball neither falls
        // nor turns. Havok reads the linear axes only: the ball stays and turns, its spin decaying at 0.1/s:
        // 20 (1 - exp(-0.1)) rad in 1 s.
        KhrScene scene;
        scene.shape(R"({"type":"sphere","sphere":{"radius":0.1}})");
        scene.node("{" +
                   physicsOf(R"({"motion":{"mass":1,"angularVelocity":[0,0,2]},"collider":{"geometry":)"
                             R"({"shape":0}},"joint":{"connectedNode":1,"joint":0}})") +
                   "}");
        scene.node("{}");
        scene.joints = R"([{"limits":[{"linearAxes":[0,1,2],"angularAxes":[0,1,2],"min":0,"max":0}]}])";
        QCOMPARE(inputLike(scene, "spec").joints[0].limits.size(), size_t(2));
        QCOMPARE(inputLike(scene, "babylon-havok").joints[0].limits.size(), size_t(1));
        for (const auto& [name, turn] :
             {std::pair{"spec", 0.0}, std::pair{"babylon-havok", 20 * (1 - std::exp(-0.1))}}) {
            simulation::World world(inputLike(scene, name));
            world.advance(1.0);
            const simulation::BodyState s = stateOf(world, 0);
            const double fell = std::hypot(s.pose.position[0], s.pose.position[1], s.pose.position[2]);
            QVERIFY2(fell < 0.01, qPrintable(QString("%1: moved %2 m").arg(name).arg(fell)));
            const double angle = turnAboutZ(s.pose.rotation);
            // The turn read modulo 2 pi: 1.90 rad stays below pi.
            QVERIFY2(std::fabs(angle - turn) < 0.01 + 0.01 * turn,
                     qPrintable(QString("%1: turned %2 rad, expected %3").arg(name).arg(angle).arg(turn)));
        }
    }

    void havokDriveMaxForceZeroUncapped()
    {
        // maxForce 0: the spec's drive applies no force; Havok's motor has no cap.
        KhrScene scene;
        scene.shape(R"({"type":"sphere","sphere":{"radius":0.1}})");
        scene.node("{" +
                   physicsOf(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":0}},)"
                             R"("joint":{"connectedNode":1,"joint":0}})") +
                   "}");
        scene.node("{}");
        scene.joints = R"([{"limits":[],"drives":[{"type":"angular","mode":"force","axis":2,)"
                       R"("velocityTarget":1,"damping":5,"maxForce":0}]}])";
        QCOMPARE(inputLike(scene, "spec").joints[0].drives[0].maxForce, 0.0);
        QVERIFY(std::isinf(inputLike(scene, "babylon-havok").joints[0].drives[0].maxForce));
    }
};

QTEST_GUILESS_MAIN(TestSimulationBehaviour)
#include "TestSimulationBehaviour.moc"
