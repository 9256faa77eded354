// Behave like, as measured in the two engines the engine check runs (issue 47): each test asserts the
// engine's rule as its source states it (the citation in the comment; BAB = the Babylon glTF physics loader
// 0.6.0, SR / SRR = the Khronos Sample Renderer's PhysX.js / rigid_bodies.js, as in docs/engine-check.md),
// against a closed form where the rule moves a body.
#include "BehaviourScenes.h"
#include "simulation/ContactRules.h"

#include <QTest>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::test;

namespace {

constexpr double Dt = 1.0 / 60;
constexpr double EngineGravity = 9.81; // BAB:499-507 (loadSceneAsync), SR initializeSimulation

/// How far a body at rest falls in n steps of Dt under g: exactly (spec) or stepping velocity, then position
/// (symplectic Euler).
double exactFall(double g, int n)
{
    return g * (n * Dt) * (n * Dt) / 2;
}
double symplecticFall(double g, int n)
{
    return g * Dt * Dt * n * (n + 1) / 2;
}

double fallAfter(const KhrScene& scene, const std::string& name, int steps, size_t node = 0,
                 const simulation::Settings& settings = {})
{
    simulation::World world(inputLike(scene, name), settings);
    const double start = stateOf(world, node).pose.position[1];
    for (int i = 0; i < steps; ++i)
        world.step();
    return start - stateOf(world, node).pose.position[1];
}

bool near(double value, double expected, double tolerance)
{
    return std::fabs(value - expected) <= tolerance;
}

QString says(const std::string& name, double value, double expected)
{
    return QString("%1: %2, expected %3")
        .arg(QString::fromStdString(name))
        .arg(value, 0, 'g', 8)
        .arg(expected, 0, 'g', 8);
}

/// A 1 kg unit box on node 1 two metres above a static box floor (node 0, top at y 0), the floor's collider
/// with `floorFilter` and the box's with `boxFilter` (-1: none).
KhrScene boxOverFloor(const std::string& filters, int floorFilter, int boxFilter)
{
    KhrScene scene;
    scene.filters = filters;
    scene.shape(R"({"type":"box","box":{"size":[10,1,10]}})");
    scene.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
    auto collider = [](int shape, int filter) {
        return R"("collider":{"geometry":{"shape":)" + std::to_string(shape) + "}" +
               (filter >= 0 ? R"(,"collisionFilter":)" + std::to_string(filter) : std::string()) + "}";
    };
    scene.node(R"({"translation":[0,-0.5,0],)" + physicsOf("{" + collider(0, floorFilter) + "}") + "}");
    scene.node(R"({"translation":[0,2,0],)" +
               physicsOf(R"({"motion":{"mass":1},)" + collider(1, boxFilter) + "}") + "}");
    return scene;
}

/// A 1 kg ball at node 1 hanging 0.5 m under an anchor without a body (node 0) by one joint on the ball's
/// node with these limits (the engine scenes joint_rope and joint_distance_min).
KhrScene ballUnderAnchor(const std::string& limits)
{
    KhrScene scene;
    scene.shape(R"({"type":"sphere","sphere":{"radius":0.1}})");
    scene.node(R"({"translation":[0,4,0]})");
    scene.node(R"({"translation":[0,3.5,0],)" +
               physicsOf(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":0}},)"
                         R"("joint":{"connectedNode":0,"joint":0}})") +
               "}");
    scene.joints = R"([{"limits":)" + limits + "}]";
    return scene;
}

} // namespace

class TestBehaviourEngines : public QObject
{
    Q_OBJECT

private slots:
    void physxStepsSymplecticEulerAtItsOwnGravity()
    {
        // PhysX steps velocity, then position, at its hard-coded 9.81 (SR initializeSimulation): 120 steps
        // fall 9.81 dt^2 120 x 121 / 2 = 19.7835 m, whatever gravity the preview is given. The spec keeps the
        // exact fall g t^2 / 2 at the preview's gravity.
        const KhrScene scene = oneBody(R"({"mass":1})");
        simulation::Settings half;
        half.gravity = {0, -4.9, 0};
        const double physx = fallAfter(scene, "khronos-sample-viewer", 120, 0, half);
        QVERIFY2(near(physx, 19.7835, 1e-3), qPrintable(says("physx", physx, 19.7835)));
        QVERIFY(near(symplecticFall(EngineGravity, 120), 19.7835, 1e-4));
        const double spec = fallAfter(scene, "spec", 120, 0, half);
        QVERIFY2(near(spec, exactFall(4.9, 120), 1e-3), qPrintable(says("spec", spec, exactFall(4.9, 120))));
    }

    void havokFallsAtTheLoadersGravity()
    {
        // The loader enables physics at (0, -9.81, 0) (BAB:499-507); Havok's 2 s fall measured 19.656 m,
        // within 0.04 m of 9.81 t^2 / 2 = 19.62 m (not the 19.78 m of symplectic Euler), so the preview keeps
        // the exact fall at 9.81.
        const double havok = fallAfter(oneBody(R"({"mass":1})"), "babylon-havok", 120);
        QVERIFY2(near(havok, exactFall(EngineGravity, 120), 1e-3),
                 qPrintable(says("havok", havok, exactFall(EngineGravity, 120))));
    }

    void physxGravityFactorIsAnAddedAcceleration()
    {
        // A factor other than 1 turns the actor's gravity off and adds (0, -9.81 f, 0) each step
        // (SR subStepSimulation): factor 0.5 falls 0.5 x 9.81 dt^2 n (n + 1) / 2 with no world gravity.
        const KhrScene scene = oneBody(R"({"mass":1,"gravityFactor":0.5})");
        simulation::Settings none;
        none.gravity = {0, 0, 0};
        const double fall = fallAfter(scene, "khronos-sample-viewer", 120, 0, none);
        QVERIFY2(near(fall, symplecticFall(0.5 * EngineGravity, 120), 1e-3),
                 qPrintable(says("factor 0.5", fall, symplecticFall(0.5 * EngineGravity, 120))));
        QCOMPARE(simulation::bodyGravity(profile("khronos-sample-viewer"), {0, -1, 0}, 2)[1],
                 -2 * EngineGravity);
        QCOMPARE(simulation::bodyGravity(profile("spec"), {0, -1, 0}, 2)[1], -2.0);
    }

    void physxSetsMassBeforeShapes()
    {
        // createActor calls calculateMassAndInertia before any shape is attached (SR createActor): without
        // `mass` the shapeless actor keeps 1 kg, without `inertiaDiagonal` the inertia (1, 1, 1), whatever
        // the colliders (a 2 x 2 x 2 m box, 8 m^3).
        const std::string box = R"({"type":"box","box":{"size":[2,2,2]}})";
        const SimulationInput noMass = inputLike(oneBody("{}", "", box), "khronos-sample-viewer");
        QCOMPARE(noMass.bodies[0].mass, 1.0);
        const SimulationInput heavy =
            inputLike(oneBody(R"({"mass":1000})", "", box), "khronos-sample-viewer");
        QCOMPARE(heavy.bodies[0].mass, 1000.0);
        for (size_t i = 0; i < 3; ++i)
            QCOMPARE(heavy.bodies[0].inertiaDiagonal[i], 1.0);
        // The spec computes both: 8000 kg, and m (a^2 + a^2) / 12 for the 1000 kg box.
        QCOMPARE(inputLike(oneBody("{}", "", box), "spec").bodies[0].mass, 8000.0);
        QVERIFY(near(inputLike(oneBody(R"({"mass":1000})", "", box), "spec").bodies[0].inertiaDiagonal[0],
                     1000.0 * 8 / 12, 1e-6));
    }

    void physxIgnoresInertiaOrientation()
    {
        // The orientation test (length > 1e-5 or < 1e-5) always holds, so the rotation is dropped
        // (SR calculateMassAndInertia).
        const KhrScene scene = oneBody(
            R"({"mass":1,"inertiaDiagonal":[1,2,3],"inertiaOrientation":[0,0,0.70710678,0.70710678]})");
        const Quat physx = inputLike(scene, "khronos-sample-viewer").bodies[0].inertiaOrientation;
        const Quat spec = inputLike(scene, "spec").bodies[0].inertiaOrientation;
        QCOMPARE(physx[3], 1.0);
        QVERIFY(near(spec[2], 0.70710678, 1e-6));
    }

    void physxMassZeroFallsThroughTheFloor()
    {
        // setMass(0) is PhysX's infinite mass: gravity (an acceleration) still moves it and no contact stops
        // it (SR createActor; measured 19.78 m in 2 s). The spec's infinite mass does not move.
        KhrScene scene = boxOverFloor("[]", -1, -1);
        scene.nodes[1] = R"({"translation":[0,2,0],)" +
                         physicsOf(R"({"motion":{"mass":0},"collider":{"geometry":{"shape":1}}})") + "}";
        const double physx = fallAfter(scene, "khronos-sample-viewer", 120, 1);
        QVERIFY2(near(physx, symplecticFall(EngineGravity, 120), 1e-3),
                 qPrintable(says("physx", physx, symplecticFall(EngineGravity, 120))));
        QVERIFY(near(fallAfter(scene, "spec", 120, 1), 0, 1e-9));
    }

    void physxAngularDampingDefault()
    {
        // No damping is set, so PhysX's default 0.05 applies (SR createActor): 2 rad/s turns
        // 2 (1 - e^-0.1) / 0.05 = 3.806 rad in 2 s.
        const KhrScene scene = oneBody(R"({"mass":1,"angularVelocity":[0,0,2]})");
        simulation::World world(inputLike(scene, "khronos-sample-viewer"));
        world.advance(2.0);
        const double omega = stateOf(world, 0).angularVelocity[2];
        QVERIFY2(near(omega, 2 * std::exp(-0.1), 2e-3), qPrintable(says("omega", omega, 2 * std::exp(-0.1))));
    }

    void filterRulesPerEngine()
    {
        using simulation::FilterRule;
        std::vector<physics::CollisionFilter> f(3);
        f[0].collisionSystems = {"a"};
        f[0].collideWithSystems = {"a"};
        f[1].collisionSystems = {"c"};
        f[1].notCollideWithSystems = {"a"};
        f[2].collisionSystems = {"a", "b"};
        // No filter against a floor that collides with its own system only: the spec's no-filter is in no
        // system, so the floor refuses it; Havok's masks keep every bit (BAB:289-299 set them only for a
        // filter); PhysX's default filter data has word1 all bits (SR createPhysXCollisionFilter).
        QVERIFY(!simulation::filtersCollide(-1, 0, f, FilterRule::Spec));
        QVERIFY(simulation::filtersCollide(-1, 0, f, FilterRule::HavokMasks));
        QVERIFY(simulation::filtersCollide(-1, 0, f, FilterRule::PhysXWords, 31));
        // notCollideWithSystems [a] against a collider in a and b: the spec and PhysX (collidesWith both
        // ways, SR computeFilterData) exclude it; Havok's collide mask ~a still meets b (BAB:296-297).
        QVERIFY(!simulation::filtersCollide(1, 2, f, FilterRule::Spec));
        QVERIFY(simulation::filtersCollide(1, 2, f, FilterRule::HavokMasks));
        QVERIFY(!simulation::filtersCollide(1, 2, f, FilterRule::PhysXWords, 31));
        // Only 31 filters are read: a 32nd (index 31) is the default filter, which collides with everything.
        std::vector<physics::CollisionFilter> many(32, f[0]);
        many[31].collisionSystems = {"z"};
        many[31].collideWithSystems = {"z"};
        QVERIFY(!simulation::filtersCollide(31, 0, many, FilterRule::Spec));
        QVERIFY(simulation::filtersCollide(31, 0, many, FilterRule::PhysXWords, 31));
        QCOMPARE(profile("khronos-sample-viewer").filterCap, 31);
    }

    void unfilteredBoxRestsInBothEngines()
    {
        // The engine scene filter_none_on_box: the box without a filter rests on the floor in both engines
        // (top at y 0, the box's centre at 0.5) and falls through by the spec.
        const KhrScene scene =
            boxOverFloor(R"([{"collisionSystems":["a"],"collideWithSystems":["a"]}])", 0, -1);
        for (const std::string name : {"babylon-havok", "khronos-sample-viewer"}) {
            simulation::World world(inputLike(scene, name));
            world.advance(2.0);
            const double y = stateOf(world, 1).pose.position[1];
            QVERIFY2(near(y, 0.5, 0.02), qPrintable(says(name, y, 0.5)));
        }
        simulation::World spec(inputLike(scene, "spec"));
        spec.advance(2.0);
        QVERIFY(stateOf(spec, 1).pose.position[1] < -10);
    }

    void havokAbsentCombineModes()
    {
        // A material without frictionCombine combines as MAXIMUM, one without restitutionCombine as MINIMUM
        // (BAB:301-308); the spec leaves them out of the precedence.
        KhrScene scene = oneBody(R"({"mass":1})");
        scene.materials = R"([{"staticFriction":0.8,"dynamicFriction":0.8,"restitution":0.5}])";
        const SimulationInput havok = inputLike(scene, "babylon-havok");
        QCOMPARE(havok.materials[0].frictionCombine, physics::CombineMode::Maximum);
        QCOMPARE(havok.materials[0].restitutionCombine, physics::CombineMode::Minimum);
        QVERIFY(!inputLike(scene, "spec").materials[0].frictionCombine);
        // slope_minimum_over_no_mode: against a box's "minimum" 0.2, Havok's order keeps maximum: 0.8.
        physics::PhysicsMaterial box;
        box.dynamicFriction = 0.2;
        box.frictionCombine = physics::CombineMode::Minimum;
        QCOMPARE(simulation::combineMaterials(havok.materials[0], box, profile("babylon-havok").precedence)
                     .friction,
                 0.8);
    }

    void havokRopeWithoutMinHoldsItsLength()
    {
        // A three-axis linear limit without min is LINEAR_DISTANCE with minLimit undefined (BAB:592-594):
        // Havok holds the ball at its starting 0.5 m (measured); the spec lets it drop to the 1 m rope.
        const KhrScene scene = ballUnderAnchor(R"([{"linearAxes":[0,1,2],"max":1}])");
        const SimulationInput havok = inputLike(scene, "babylon-havok");
        QCOMPARE(havok.joints[0].limits[0].min, 0.5);
        QCOMPARE(havok.joints[0].limits[0].max, 0.5);
        for (const auto& [name, below] : {std::pair{"babylon-havok", 0.5}, std::pair{"spec", 1.0}}) {
            simulation::World world(inputLike(scene, name));
            world.advance(2.0);
            const double y = stateOf(world, 1).pose.position[1];
            QVERIFY2(near(4 - y, below, 0.02), qPrintable(says(name, 4 - y, below)));
        }
    }

    void physxDistanceWithMinIsPerAxis()
    {
        // isDistanceLimit needs min absent or 0 (SR _setLimitValues): min 0.2 gives each axis 0.2..1.
        const SimulationInput physx = inputLike(
            ballUnderAnchor(R"([{"linearAxes":[0,1,2],"min":0.2,"max":1}])"), "khronos-sample-viewer");
        QCOMPARE(physx.joints[0].limits.size(), size_t(3));
        for (size_t i = 0; i < 3; ++i) {
            const simulation::SimJointLimit& l = physx.joints[0].limits[i];
            QCOMPARE(l.axes, std::vector<int>{int(i)});
            QCOMPARE(l.min, 0.2);
            QCOMPARE(l.max, 1.0);
        }
        const SimulationInput spec =
            inputLike(ballUnderAnchor(R"([{"linearAxes":[0,1,2],"min":0.2,"max":1}])"), "spec");
        QCOMPARE(spec.joints[0].limits.size(), size_t(1));
    }

    void physxLockedPairDropsTheOtherRange()
    {
        // One limit locking angular X and Y makes the joint cylindrical (SRR simplifiedPhysicsJoint) and
        // _handleCylindricalLimits finds no cone among the ranged limits, so the Z limit keeps PhysX's
        // default +-90 degrees; min = max = 0 stays LOCKED with its stiffness dropped (SR _setLimitValues).
        const KhrScene scene = ballUnderAnchor(R"([{"linearAxes":[0,1,2],"min":0,"max":0},)"
                                               R"({"angularAxes":[0,1],"min":0,"max":0,"stiffness":3},)"
                                               R"({"angularAxes":[2],"min":-0.5,"max":0.5}])");
        const SimulationInput physx = inputLike(scene, "khronos-sample-viewer");
        QCOMPARE(physx.joints[0].limits.size(), size_t(3));
        QCOMPARE(physx.joints[0].limits[1].stiffness, 0.0);
        QCOMPARE(physx.joints[0].limits[2].min, -std::numbers::pi / 2);
        QCOMPARE(physx.joints[0].limits[2].max, std::numbers::pi / 2);
        const SimulationInput spec = inputLike(scene, "spec");
        QCOMPARE(spec.joints[0].limits[2].max, 0.5);
        QCOMPARE(spec.joints[0].limits[1].stiffness, 3.0);
    }

    void physxShapeReading()
    {
        // createShape has no `geometry.node` branch (SR createShape): such a collider has no shape. Dynamic
        // actors take convex meshes only (SR createActor, noMeshShapes): a triangle mesh is its hull.
        KhrScene scene;
        scene.node("{" + physicsOf(R"({"motion":{"mass":1},"collider":{"geometry":{"node":1}}})") + "}");
        scene.node(R"({"mesh":0})");
        QCOMPARE(inputLike(scene, "spec").bodies[0].colliders.size(), size_t(1));
        QCOMPARE(inputLike(scene, "khronos-sample-viewer").bodies[0].colliders.size(), size_t(0));
        KhrScene mesh;
        mesh.node("{" + physicsOf(R"({"motion":{"mass":1},"collider":{"geometry":{"mesh":1}}})") + "}");
        QCOMPARE(inputLike(mesh, "spec").bodies[0].colliders[0].geometry.kind, geometry::ShapeKind::Trimesh);
        QCOMPARE(inputLike(mesh, "khronos-sample-viewer").bodies[0].colliders[0].geometry.kind,
                 geometry::ShapeKind::Convex);
    }

    void physxPlaneIsAWallAtXZero()
    {
        // PxPlaneGeometry is the plane x = 0 of its node, normal +X (SR generatePlane): a ball dropped at
        // x = 2 over a "floor" plane falls freely (the engine check's plane_floor: 19.78 m in 2 s); by the
        // spec it rests on the plane, its centre at its radius.
        KhrScene scene;
        scene.shape(R"({"type":"plane","plane":{}})");
        scene.shape(R"({"type":"sphere","sphere":{"radius":0.25}})");
        scene.node("{" + physicsOf(R"({"collider":{"geometry":{"shape":0}}})") + "}");
        scene.node(R"({"translation":[2,1,0],)" +
                   physicsOf(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":1}}})") + "}");
        const double physx = fallAfter(scene, "khronos-sample-viewer", 120, 1);
        QVERIFY2(near(physx, symplecticFall(EngineGravity, 120), 1e-3),
                 qPrintable(says("physx", physx, symplecticFall(EngineGravity, 120))));
        const double spec = fallAfter(scene, "spec", 120, 1);
        QVERIFY2(near(spec, 0.75, 0.01), qPrintable(says("spec", spec, 0.75)));
    }
};

QTEST_GUILESS_MAIN(TestBehaviourEngines)
#include "TestBehaviourEngines.moc"
