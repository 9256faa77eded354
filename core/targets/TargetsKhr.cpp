// The readers of KHR physics: the Babylon.js loader on Havok, the Khronos Sample Renderer (PhysX) and the
// Blender add-on's importer. Every rule cites shared/spec/ENGINE-TARGETS.md (sections 4 to 6 and 10) by its
// key:line, or by function name where the source had no line numbers.
#include "targets/Target.h"

namespace cs::targets {

namespace {

/// The loader's readings of materials, filters, limits and gravity that the engine check measured (issue 47).
std::vector<BehaviourRule> babylonLoaderBehaviours()
{
    using B = Behaviour;
    using M = physics::CombineMode;
    return {
        {B::AbsentFrictionCombine,
         0,
         {},
         "a material without `frictionCombine` combines as MAXIMUM",
         "BAB:301-308 (`_setShapeFilterMaterial`)",
         M::Maximum},
        {B::AbsentRestitutionCombine,
         0,
         {},
         "a material without `restitutionCombine` combines as MINIMUM",
         "BAB:301-308 (`_setShapeFilterMaterial`)",
         M::Minimum},
        {B::FilterHavokMasks,
         0,
         {},
         "filters become bit masks, a pair colliding when each one's membership meets the other's collide "
         "mask: without a filter (or `collisionSystems`) every bit, `notCollideWithSystems` the complement, "
         "so a collider in two systems of which one is excluded still collides",
         "BAB:289-299 (`_setShapeFilterMaterial`)",
         std::nullopt},
        {B::DistanceLimitWithoutMinHeld,
         0,
         {},
         "a limit on three linear axes without `min` becomes LINEAR_DISTANCE with minLimit undefined, which "
         "Havok holds at the starting distance (measured: a ball 0.5 m under a 1 m rope stays 0.5 m under)",
         "BAB:592-594",
         std::nullopt},
        {B::WorldGravity,
         9.81,
         {},
         "the loader enables physics with gravity (0, -9.81, 0) when the page has not",
         "BAB:499-507 (`loadSceneAsync`)",
         std::nullopt},
    };
}

/// Havok's and the loader's deviations that are simulation parameters (Behave like).
std::vector<BehaviourRule> babylonBehaviours()
{
    using B = Behaviour;
    using M = physics::CombineMode;
    std::vector<BehaviourRule> rules = {
        {B::VelocityTimesWorldScale,
         0,
         {},
         "initial velocities go through the node's full world matrix",
         "BAB:426-438",
         std::nullopt},
        {B::AbsentMassDensity,
         1000,
         {},
         "an absent mass is the shapes' volume at Havok's default density",
         "BAB:457-459; HVK:938-956",
         std::nullopt},
        {B::AngularDamping,
         0.1,
         {},
         "the loader sets no damping: Havok's default angular damping 0.1 stays (2 rad/s -> 1.81 after 1 s)",
         "BAB:467-469",
         std::nullopt},
        {B::InertiaPerUnitMass,
         0,
         {},
         "Havok's inertia is per unit mass: the loader passes the file's value",
         "BAB:443-455",
         std::nullopt},
        {B::CombinePrecedence,
         0,
         {M::Multiply, M::Average, M::Maximum, M::Minimum},
         "Havok's later-wins order: multiply > average > maximum > minimum",
         "HVK:1572-1579",
         std::nullopt},
        {B::DistanceLimitRigid,
         0,
         {},
         "a limit on three linear axes becomes LINEAR_DISTANCE with min/max only: a soft one holds rigidly",
         "BAB:535-566",
         std::nullopt},
        {B::LockedLimitRigid,
         0,
         {},
         "a per-axis limit with min = max = 0 becomes a LOCKED axis: a soft one holds rigidly (measured: "
         "stiffness 0.3 N/m on a locked axis, a 1 kg ball does not move in 4 s; on a range it is a spring)",
         "HVK:1861-1879",
         std::nullopt},
        {B::MixedLimitLinearOnly,
         0,
         {},
         "a limit is read as linear when it has `linearAxes`: its `angularAxes` are dropped",
         "BAB:589-676",
         std::nullopt},
        {B::DriveMaxForceZeroUnlimited,
         0,
         {},
         "`maxForce` 0 (falsy) sets Havok's motor force cap to 3.4e38",
         "BAB:589-676",
         std::nullopt},
    };
    for (BehaviourRule& r : babylonLoaderBehaviours())
        rules.push_back(std::move(r));
    return rules;
}

/// The Sample Renderer's reading of a motion: mass properties set before any shape is attached.
std::vector<BehaviourRule> sampleViewerMassBehaviours()
{
    using B = Behaviour;
    return {
        {B::VelocityInWorldFrame,
         0,
         {},
         "dynamic initial velocities go to PhysX unrotated",
         "SR createActor",
         std::nullopt},
        {B::AbsentMass,
         1,
         {},
         "mass properties are set before any shape is attached: without `mass`, updateMassAndInertia on a "
         "shapeless actor leaves PhysX's 1 kg",
         "SR createActor (calculateMassAndInertia before createAndAddShape); SR calculateMassAndInertia",
         std::nullopt},
        {B::AbsentInertia,
         1,
         {},
         "without `inertiaDiagonal` the shapeless actor keeps PhysX's inertia (1, 1, 1), whatever the mass",
         "SR createActor; SR calculateMassAndInertia",
         std::nullopt},
        {B::InertiaOrientationIgnored,
         0,
         {},
         "the orientation test (length > 1e-5 or < 1e-5) always holds: the rotation is dropped with a "
         "warning",
         "SR calculateMassAndInertia",
         std::nullopt},
        {B::CenterOfMassAtOrigin,
         0,
         {},
         "absent centerOfMass: node origin",
         "SR calculateMassAndInertia",
         std::nullopt},
        {B::MassZeroFalls,
         0,
         {},
         "`mass: 0` goes to setMass(0), PhysX's infinite mass: gravity still accelerates it and no contact "
         "stops it (measured: 19.78 m in 2 s, through the floor)",
         "SR createActor",
         std::nullopt},
    };
}

/// How the Sample Renderer builds shapes, where that is a parameter of the preview.
std::vector<BehaviourRule> sampleViewerShapeBehaviours()
{
    using B = Behaviour;
    return {
        {B::GeometryNodeIgnored,
         0,
         {},
         "createShape has no `geometry.node` branch",
         "SR createShape",
         std::nullopt},
        {B::MeshOnDynamicHull,
         0,
         {},
         "dynamic actors get convex meshes only (noMeshShapes): a triangle mesh collider is its hull",
         "SR createActor",
         std::nullopt},
        {B::PlaneAlongX,
         0,
         {},
         "a plane is PxPlaneGeometry with no rotation added: the plane x = 0 of its node, normal +X (a "
         "wall "
         "where a floor was meant; measured: a ball at x = 2 falls past it, one at x = -0.25 is pushed "
         "out to "
         "+X)",
         "SR generatePlane",
         std::nullopt},
    };
}

/// The Sample Renderer's (PhysX's) deviations that are simulation parameters (Behave like).
std::vector<BehaviourRule> sampleViewerBehaviours()
{
    using B = Behaviour;
    using M = physics::CombineMode;
    std::vector<BehaviourRule> rules = sampleViewerMassBehaviours();
    for (BehaviourRule& r : std::vector<BehaviourRule>{
             {B::CombinePrecedence,
              0,
              {M::Maximum, M::Multiply, M::Minimum, M::Average},
              "PhysX's higher-enum-wins order: maximum > multiply > minimum > average; a material without a "
              "mode "
              "keeps PhysX's average, which loses",
              "SR mapCombineMode; SR createPhysXMaterial",
              std::nullopt},
             {B::AngularDamping,
              0.05,
              {},
              "no damping is set: PhysX's default angular damping 0.05 (2 rad/s turns 3.806 rad in 2 s)",
              "SR createActor",
              std::nullopt},
             {B::SymplecticEuler,
              0,
              {},
              "PhysX steps velocity, then position: 120 steps of 1/60 s fall g dt^2 n (n + 1) / 2 = 19.7835 "
              "m",
              "SR initializeSimulation (scene gravity); engine-check.md free_fall",
              std::nullopt},
             {B::WorldGravity,
              9.81,
              {},
              "the scene's gravity is hard-coded (0, -9.81, 0)",
              "SR initializeSimulation",
              std::nullopt},
             {B::GravityFactorAcceleration,
              9.81,
              {},
              "a gravity factor other than 1 turns gravity off for the actor and adds (0, -9.81 x factor, 0) "
              "as an "
              "acceleration every step",
              "SR subStepSimulation; SR createActor",
              std::nullopt},
             {B::FilterPhysXWords,
              31,
              {},
              "filters need a shared system both ways; a collider without a filter, or with one past the "
              "31st, "
              "gets the default filter data (word0 bit 31, word1 every bit) and collides with everything",
              "SR computeFilterData; SR createPhysXCollisionFilter",
              std::nullopt},
             {B::LockedLimitRigid,
              0,
              {},
              "min = max = 0 is a LOCKED axis; the spring only goes to a range",
              "SR _setLimitValues",
              std::nullopt},
             {B::DistanceLimitWithMinPerAxis,
              0,
              {},
              "a three-axis linear limit is a distance limit only when `min` is absent or 0; else each axis "
              "gets "
              "the range min..max",
              "SR _setLimitValues (isDistanceLimit)",
              std::nullopt},
             {B::LockedPairAngularRange,
              1.5707963267948966,
              {},
              "a limit on two angular axes makes the joint cylindrical; when it locks them no cone is found, "
              "so no "
              "twist or swing range is assigned and the other angular limits keep PhysX's default +-90 "
              "degrees",
              "SRR simplifiedPhysicsJoint, _handleCylindricalLimits; SR _setLimitValues, "
              "_setSwingLimitValues",
              std::nullopt},
         })
        rules.push_back(std::move(r));
    for (BehaviourRule& r : sampleViewerShapeBehaviours())
        rules.push_back(std::move(r));
    return rules;
}

} // namespace

Target babylonTarget()
{
    Target t;
    t.name = "babylon-havok";
    t.engine = "glTF_Physics_Babylon loader 0.6.0 (BAB@a920d07) on Babylon.js 8.56.2 + Havok 1.3.10";
    t.family = TargetFamily::Khr;
    t.reads = "KHR_physics_rigid_bodies + KHR_implicit_shapes, `geometry.mesh` only";
    t.systemCap = 32;
    t.hullBudget = {{}, "Havok: no limit documented", "ENGINE-TARGETS.md:294 (hull > 255 points: ?)", false};
    using F = Feature;
    using V = Verdict;
    t.rules = {
        {F::FamilyOmi, V::Fails, "reads KHR_physics_rigid_bodies (and MSFT_rigid_bodies) only", "BAB:33-143"},
        {F::NoTopLevelExtensions, V::Fails,
         "any collider reads the document `extensions` unconditionally: TypeError", "BAB:351-359"},
        {F::GeometryNode, V::Ignored, "0.6.0 reads only `geometry.mesh`: the collider is missing",
         "BAB:263-283"},
        {F::ShapeWithoutParameters, V::Ignored,
         "the shape is chosen by its sub-object: without it the collider is dropped", "BAB:196-258"},
        {F::Plane, V::Ignored, "no plane: the collider is dropped and no body is made", "BAB:371-373"},
        {F::Tapered, V::Differs, "a tapered capsule or cylinder becomes a convex hull", "BAB:196-258"},
        {F::TrimeshOnDynamic, V::Differs, "a MESH shape on a dynamic body (Havok)", "BAB:263-283"},
        {F::NonUniformScale, V::Differs, "non-uniform scale of spheres/capsules: not verified in Havok",
         "BAB:393-404"},
        {F::NestedMotion, V::Differs, "colliders join the outermost body: the inner body loses its colliders",
         "BAB:377-404"},
        {F::Trigger, V::Ignored, "triggers are never built", "BAB:349"},
        {F::CompoundTrigger, V::Ignored, "triggers are never built", "BAB:349"},
        {F::ColliderWithoutMaterial, V::Differs, "Havok's default: friction 0.5, geometric mean",
         "BAB:301-327"},
        {F::MaterialDefaults, V::Differs, "missing fields: friction 0.5, combine maximum / minimum",
         "BAB:301-327"},
        {F::MixedCombineModes, V::Differs, "Havok resolves mixed modes by its own order (later wins)",
         "HVK:1572-1579"},
        {F::SystemCount, V::Differs, "system bits wrap: the 33rd system aliases the 1st", "BAB:285-299"},
        {F::FilterWithoutSystems, V::Differs, "membership stays all bits: a member of every system",
         "BAB:329-341"},
        {F::JointWithoutBody, V::Fails, "no body above the joint node: crash (computeWorldMatrix)",
         "BAB:582-589"},
        {F::RadialOrConeLimit, V::Differs, "no radial or cone limit: independent per-axis limits",
         "BAB:589-676"},
        {F::LinearLimitSpring, V::Differs, "LINEAR_DISTANCE keeps min/max only: stiffness dropped",
         "BAB:535-566"},
        {F::MaxForceZero, V::Differs, "maxForce 0 means unlimited", "HVK:1861-1879"},
        {F::MassZero, V::Differs, "mass 0 is infinite: the body does not even fall", "BAB:407-413"},
        {F::InertiaDiagonal, V::Differs, "Havok's inertia is per unit mass: effective inertia = mass x value",
         "BAB:443-455"},
        {F::InitialVelocity, V::Differs, "velocities go through the full world matrix (scaled)",
         "BAB:426-438"},
    };
    t.behaviours = babylonBehaviours();
    return t;
}

Target sampleViewerTarget()
{
    Target t;
    t.name = "khronos-sample-viewer";
    t.engine = "Khronos glTF Sample Renderer (SR@1078e91, PhysX WASM)";
    t.family = TargetFamily::Khr;
    t.reads = "KHR_physics_rigid_bodies, `geometry.shape` or `geometry.mesh`; shapes with glTF 2.1 defaults";
    t.revision = 2; // PhysX's polygon cap beside its vertex cap
    t.hullBudget = {{{HullUnit::Vertices, 255}, {HullUnit::Polygons, 255}},
                    "PhysX: 4-255 vertices and at most 255 polygons (the renderer sets no limit of its own)",
                    "KHR-PHYSICS-DIGEST.md:136; ENGINE-TARGETS.md:132 (SR createConvexPxMesh)",
                    false};
    t.filterCap = 31;
    using F = Feature;
    using V = Verdict;
    t.rules = {
        {F::FamilyOmi, V::Fails, "reads KHR physics only", "SR createShape; SRG fromJson"},
        {F::NotListedInUsed, V::Fails, "physics runs only if extensionsUsed lists KHR_physics_rigid_bodies",
         "SRC loadScene"},
        {F::GeometryNode, V::Ignored, "no `geometry.node` branch", "SR createShape"},
        {F::ShapeWithoutParameters, V::Fails, "dispatch by `type`: a missing sub-object is a TypeError",
         "SRI generateSimpleShape"},
        {F::ShapeDefaults, V::Differs,
         "glTF 2.1 defaults (capsule height 1.0, cylinder 2.0, radii 0.5) replace KHR's (0.5, 0.25)",
         "SRS gltfShapeCapsule/gltfShapeCylinder"},
        {F::Plane, V::Differs,
         "won't behave as the file means: PhysX's plane is x = 0 of the node with normal +X (a vertical "
         "wall; "
         "sizes ignored, no rotation added; confirmed by the engine check's plane_floor)",
         "SR generatePlane"},
        {F::Tapered, V::Differs, "capsules and cylinders are always convex hulls", "SR generateCapsule"},
        {F::Cylinder, V::Differs, "cylinders are convex hulls", "SR generateCylinder"},
        {F::TrimeshOnDynamic, V::Differs, "dynamic bodies always get a convex hull", "SR createActor"},
        {F::HullPoints, V::Differs, "PhysX's default caps of 255 vertices and 255 polygons reduce the hull",
         "KHR-PHYSICS-DIGEST.md:136; SR createConvexPxMesh"},
        {F::ColliderWithoutMaterial, V::Differs, "defaults 0.6/0.6/0 with PhysX's average",
         "SRR gltfPhysicsMaterial"},
        {F::MaterialDefaults, V::Differs, "absent combine: PhysX average", "SR createPhysXMaterial"},
        {F::MixedCombineModes, V::Differs, "PhysX's higher-enum-wins order, the reverse of the spec's",
         "SR mapCombineMode"},
        {F::FilterCount, V::Differs, "filters past the 31st collide with everything", "SR computeFilterData"},
        {F::RadialOrConeLimit, V::Differs,
         "two linear axes become per-axis limits; swing limits need equal "
         "springs",
         "SR _setSwingLimitValues"},
        {F::MassAbsent, V::Differs,
         "mass set before any shape is attached: 1 kg whatever the shapes, inertia (1, 1, 1)",
         "SR createActor; SR calculateMassAndInertia"},
        {F::MassZero, V::Differs, "setMass(0): an infinite mass that still falls, through everything",
         "SR createActor"},
        {F::InertiaWithoutMass, V::Differs, "inertia without mass: PhysX's default 1 kg",
         "SR calculateMassAndInertia"},
        {F::InertiaOrientation, V::Ignored, "a non-identity inertiaOrientation is always rejected",
         "SR calculateMassAndInertia"},
        {F::CenterOfMassAbsent, V::Differs, "absent centerOfMass: the node origin (KHR means computed)",
         "SR calculateMassAndInertia"},
        {F::InitialVelocity, V::Differs, "dynamic initial velocities are taken in the world frame",
         "SR createActor"},
        {F::GravityFactor, V::Differs, "gravity off plus an acceleration of 9.81 x factor along -Y",
         "SR subStepSimulation"},
    };
    t.absentCombine = physics::CombineMode::Average; // SR createPhysXMaterial, SRR gltfPhysicsMaterial
    t.behaviours = sampleViewerBehaviours();
    return t;
}

Target blenderTarget()
{
    Target t;
    t.name = "blender-khr";
    t.engine = "glTF_Physics_Blender_Exporter 0.6.0 importer (BLE@0635d8f, Blender 4.2+)";
    t.family = TargetFamily::Khr;
    t.reads = "KHR_physics_rigid_bodies + KHR_implicit_shapes; the importer still reads `geometry.node`";
    t.hullBudget = {{},
                    "Bullet: no limit (inferred: Blender's rigid bodies run on Bullet)",
                    "KHR-PHYSICS-DIGEST.md:137",
                    false};
    using F = Feature;
    using V = Verdict;
    t.rules = {
        {F::FamilyOmi, V::Fails, "reads KHR physics only",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:45-61"},
        {F::NoTopLevelExtensions, V::Fails, "files without top-level `extensions` import no physics",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:45-61"},
        {F::NoDocumentBodyObject, V::Fails, "without the document-level object no node imports",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:107-112"},
        {F::GeometryMesh, V::Fails,
         "the importer reads `geometry.node`: AttributeError per node, the node's motion and material are "
         "lost",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:142-209"},
        {F::ShapeWithoutParameters, V::Differs, "Blender's defaults apply",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:142-209"},
        {F::MotionWithCollider, V::Ignored,
         "the importer fails on each node with a collider or trigger (it reads `geometry.node`, which its "
         "Geometry class no longer has): the motion on that node is lost and the body imports as static",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:142-209; io/com/gltf2_io_rigid_bodies.py:391-412"},
        {F::Plane, V::Ignored, "planes are not imported",
         "BLE blender/exp/gltf2_blender_rigid_bodies.py:612-721"},
        {F::CompoundTrigger, V::Ignored, "compound triggers are not imported",
         "BLE blender/exp/gltf2_blender_rigid_bodies.py:354-357"},
        {F::FrictionPair, V::Differs, "only dynamicFriction is used",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:142-209"},
        {F::Filter, V::Ignored, "filters are never imported",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:142-209"},
        {F::Joint, V::Differs, "a GENERIC constraint, Y/Z limits swapped, angular-Z damping on X",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:245-344"},
        {F::RadialOrConeLimit, V::Differs, "per-axis limits",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:245-344"},
        {F::MassAbsent, V::Differs, "Blender's default mass applies",
         "BLE blender/imp/gltf2_blender_rigid_bodies.py:118"},
    };
    return t;
}

} // namespace cs::targets
