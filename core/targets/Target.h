#pragma once

// Export targets: what a real glTF physics reader does with each feature of a file, as data. One Target per
// engine (and `spec`, which adds no constraint); each rule names a feature, the engine's verdict, its reason
// and the source line it rests on (a key:line of shared/spec/ENGINE-TARGETS.md). A feature a target has no
// rule for is read as the spec says.

#include "physics/PhysicsModel.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs::targets {

/// What an engine does with one occurrence of a feature, from best to worst.
enum class Verdict
{
    Reads,   ///< read as the spec means it
    Differs, ///< read, but it behaves differently from the spec's meaning
    Ignored, ///< silently left out (the rest of the file loads)
    Fails,   ///< the file, or the physics of the file, does not load
};

/// "reads", "differs", "ignored", "won't load".
const char* verdictName(Verdict v);

/// The physics family a target reads.
enum class TargetFamily
{
    Any, ///< spec: either family
    Omi,
    Khr,
};

/// What a scan of a file can find (see FeatureScan.h). The order is the order of docs/targets.md.
enum class Feature
{
    FamilyOmi,              ///< the file carries OMI physics
    FamilyKhr,              ///< the file carries KHR physics
    OmiLegacyForm,          ///< OMI_collider or a flat body `type` (before OMI_physics_shape)
    NotListedInUsed,        ///< a physics extension in use is missing from extensionsUsed
    NoTopLevelExtensions,   ///< KHR physics on nodes, no document `extensions` object
    NoDocumentBodyObject,   ///< KHR physics on nodes, no document-level KHR_physics_rigid_bodies
    GeometryNode,           ///< KHR collider/trigger `geometry.node` (the earlier revision)
    GeometryMesh,           ///< KHR collider/trigger `geometry.mesh`
    ShapeWithoutParameters, ///< a shape whose `type` has no sub-object
    ShapeDefaults,          ///< a shape that leaves a size parameter to its family's default
    Plane,                  ///< a plane shape
    CapsuleMidHeight,       ///< an OMI capsule in the E7 form (mid `height`, radiusTop/radiusBottom)
    CapsuleLegacy,          ///< an OMI capsule in the pre-E7 form (`radius`, full `height`)
    Tapered,                ///< a capsule or cylinder whose two radii differ
    Cylinder,               ///< a cylinder
    ConvexShape,            ///< a convex hull collider
    TrimeshShape,           ///< a triangle mesh collider
    TrimeshOnDynamic,       ///< a triangle mesh collider in a dynamic body
    HullPoints,             ///< a convex hull over the target's budget (HullBudget), in its unit
    NonUniformScale,        ///< a collider node (or an ancestor) scaled differently per axis
    ColliderNotChildOfBody, ///< a collider neither on its body's node nor on a direct child of it
    MeshOnPhysicsNode,      ///< a render mesh on a node that carries OMI_physics_body
    MotionWithCollider,     ///< a collider or a trigger shape on the node that carries `motion`
    NestedMotion,           ///< a body inside another body's subtree
    NodeOrder,              ///< node indices not in depth-first pre-order of the scene from index 0
    Trigger,                ///< a trigger with a shape
    CompoundTrigger,        ///< a trigger with `nodes`
    ColliderWithoutMaterial,
    Material,             ///< a physics material
    MaterialDefaults,     ///< a material that leaves a friction, restitution or combine field out
    MixedCombineModes,    ///< materials with different explicit combine modes
    FrictionPair,         ///< staticFriction differs from dynamicFriction
    Filter,               ///< a collision filter
    FilterCount,          ///< more collision filters than the target's cap
    SystemCount,          ///< more distinct collision systems than the target's cap
    FilterWithoutSystems, ///< a filter with no `collisionSystems`
    Joint,                ///< a joint
    JointWithoutBody,     ///< a joint node with no body at or above it
    RadialOrConeLimit,    ///< a limit over two axes
    LinearLimitSpring,    ///< a three-axis linear limit with a stiffness
    DriveAcceleration,    ///< a drive in `acceleration` mode
    MaxForceZero,         ///< a drive with `maxForce: 0`
    MassAbsent,           ///< a motion without `mass` (OMI: 1 kg; KHR: computed)
    MassZero,             ///< a motion with `mass: 0`
    InertiaDiagonal,      ///< a motion with `inertiaDiagonal`
    InertiaWithoutMass,   ///< `inertiaDiagonal` without `mass`
    InertiaOrientation,   ///< a non-identity `inertiaOrientation`
    CenterOfMassAbsent,   ///< a motion without `centerOfMass` (OMI: origin; KHR: computed)
    InitialVelocity,      ///< a non-zero linear or angular velocity
    KinematicVelocity,    ///< a non-zero velocity on a kinematic body
    GravityFactor,        ///< `gravityFactor` other than 1
};

inline constexpr int kFeatureCount = int(Feature::GravityFactor) + 1;

/// The stable id ("plane", "geometry-node", ...) used in JSON output, and a short title for people.
const char* featureId(Feature f);
const char* featureTitle(Feature f);

/// The family a feature exists in (OMI's capsule forms, KHR's geometry revisions, ...), or Any. The support
/// matrix shows "n/a" where a target reads the other family.
TargetFamily featureFamily(Feature f);

/// One engine behaviour: the verdict on a feature, why, and where the engine's source shows it.
struct Rule
{
    Feature feature;
    Verdict verdict;
    std::string reason;
    std::string cite; ///< ENGINE-TARGETS.md key:line, e.g. "BAB:371-373"
};

/// A deviation of a target that is a parameter of the simulation rather than another reading of the file: the
/// preview can take it (Simulate > Behave like, `simulate --behave-like NAME`).
enum class Behaviour
{
    VelocityTimesWorldScale, ///< initial velocities go through the node's whole world matrix (scale included)
    VelocityInWorldFrame,    ///< a dynamic body's initial velocities are taken as world vectors (not rotated)
    AbsentMassDensity,       ///< `value` kg/m^3 for a mass the file leaves to the engine (KHR, no inertia)
    MassWithInertiaOnly,     ///< `value` kg for a body with `inertiaDiagonal` and no `mass` (KHR)
    AngularDamping,          ///< angular velocity decays as exp(-value t), value in 1/s
    InertiaPerUnitMass, ///< a given `inertiaDiagonal` is per unit mass: the engine multiplies it by the mass
    CombinePrecedence,  ///< `precedence`: which combine mode wins when two materials meet, first wins
    GravityFactorIgnored, ///< every body falls with the world's gravity
    DistanceLimitRigid,   ///< a joint limit on all three linear axes is hard (stiffness, damping dropped)
    LockedLimitRigid,     ///< a joint limit with min = max = 0 is hard (stiffness, damping dropped)
    MixedLimitLinearOnly, ///< a joint limit naming linear and angular axes keeps its linear axes only
    DriveMaxForceZeroUnlimited, ///< a joint drive's `maxForce` 0 is no cap (the spec: no force)
    CenterOfMassAtOrigin,       ///< a centre of mass the file leaves to the engine (KHR) is the node origin
    SymplecticEuler,            ///< each step moves by the velocity after that step's gravity
    AbsentMass,                 ///< `value` kg for a mass the file leaves to the engine, whatever the shapes
    AbsentInertia,              ///< `value` kg m^2 per axis for an inertia the file leaves to the engine
    InertiaOrientationIgnored,  ///< `inertiaOrientation` is not read
    MassZeroFalls,              ///< `mass: 0` is infinite, yet gravity moves it and no contact stops it
    AbsentFrictionCombine,      ///< `mode` for a material without `frictionCombine`
    AbsentRestitutionCombine,   ///< `mode` for a material without `restitutionCombine`
    FilterHavokMasks,           ///< filters as Havok's membership and collide bit masks (no filter: all bits)
    FilterPhysXWords, ///< the spec's pair rule, but no filter (or one past the `value`th) collides with all
    DistanceLimitWithoutMinHeld, ///< a three-axis linear limit without `min` holds the starting distance
    DistanceLimitWithMinPerAxis, ///< a three-axis linear limit with `min` > 0 is min..max on each axis
    LockedPairAngularRange,    ///< a limit locking two angular axes makes other angular ranges -value..value
    GravityFactorAcceleration, ///< a gravity factor f != 1 is an acceleration of value x f along -Y
    WorldGravity,              ///< the engine's gravity is `value` m/s^2 along -Y, whatever it is given
    GeometryNodeIgnored,       ///< colliders and triggers spelled `geometry.node` get no shape
    MeshOnDynamicHull,         ///< a triangle mesh collider on a dynamic body is its convex hull
    PlaneAlongX,               ///< a plane is the half-space x < 0 of its node, normal +X
};

/// "velocity-times-world-scale", ...: the stable id used in JSON output.
const char* behaviourId(Behaviour b);

/// One parameter of a target's behaviour, why, and where the engine's source shows it.
struct BehaviourRule
{
    Behaviour behaviour;
    double value = 0;
    std::vector<physics::CombineMode> precedence; ///< CombinePrecedence: the four modes, the winner first
    std::string reason;
    std::string cite;                         ///< ENGINE-TARGETS.md key:line, as Rule::cite
    std::optional<physics::CombineMode> mode; ///< AbsentFrictionCombine, AbsentRestitutionCombine
};

/// The unit an engine counts a convex hull's size in.
enum class HullUnit
{
    Vertices,  ///< the hull's corners
    Polygons,  ///< its faces, coplanar triangles counted once
    Triangles, ///< its faces fanned into triangles
};

/// "vertices", "polygons", "triangles".
const char* hullUnitName(HullUnit u);

/// One cap of an engine on a convex hull, in the engine's own unit.
struct HullLimit
{
    HullUnit unit = HullUnit::Vertices;
    int most = 0;
};

/// How large a convex hull an engine builds, as the spec material states it.
struct HullBudget
{
    std::vector<HullLimit> limits; ///< every cap at once; empty: no limit (see `text`)
    std::string text;              ///< the fact in one line, or why there is none
    std::string cite;              ///< where shared/spec states it (digest and section)
    /// The engine builds no convex hull from the file at all, so the caps do not come into play (validate
    /// reports the dropped hull itself, not its size).
    bool moot = false;

    /// The cap in `unit`, or none.
    std::optional<int> most(HullUnit unit) const;
};

/// One reader of glTF physics.
struct Target
{
    std::string name;   ///< the --target name, e.g. "babylon-havok"
    std::string engine; ///< what was read: project, version and commit
    int revision = 1;   ///< of this description; raised when a rule changes
    TargetFamily family = TargetFamily::Any;
    std::string reads;     ///< the form it reads, one line
    HullBudget hullBudget; ///< the engine's caps on a convex hull
    /// Most vertices a convex hull may have (hullBudget's vertex cap).
    std::optional<int> hullPointCap() const { return hullBudget.most(HullUnit::Vertices); }
    std::optional<int> filterCap; ///< most collision filters it tells apart
    std::optional<int> systemCap; ///< most collision systems it tells apart
    std::vector<Rule> rules;
    /// The deviations that are simulation parameters (empty: the engine behaves as the spec in the preview's
    /// terms, or its deviations are not parameters).
    std::vector<BehaviourRule> behaviours;
    /// The combine mode the engine gives a material's absent friction or restitution combine field (and a
    /// collider without a material), when it is one mode for both; unset when unknown or per field. The
    /// export writes explicit combine modes (TargetCombine.h) only where it is known.
    std::optional<physics::CombineMode> absentCombine;

    /// The rule on `f`, or nullptr when the target reads it as the spec says.
    const Rule* rule(Feature f) const;
    Verdict verdict(Feature f) const;
};

/// Whether the engine builds a convex hull (a triangle mesh) collider from a file at all: not where its rule
/// on convex shapes (triangle meshes), or on KHR's `geometry.mesh` that carries both, is "ignored" or "won't
/// load" (omi-gltf-unity builds neither, the Blender importer fails on `geometry.mesh`).
bool buildsConvex(const Target& t);
bool buildsTrimesh(const Target& t);

/// Every target, `spec` first.
const std::vector<Target>& allTargets();
/// The target of this name, or nullptr.
const Target* findTarget(std::string_view name);

// The descriptions, one function per family of reader (TargetsOmi.cpp, TargetsKhr.cpp).
Target specTarget();
Target godotTarget();
Target unityTarget();
Target babylonTarget();
Target sampleViewerTarget();
Target blenderTarget();

} // namespace cs::targets
