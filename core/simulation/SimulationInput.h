#pragma once

#include "Diagnostic.h"
#include "geometry/Shape.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "simulation/AnimatedBodies.h"
#include "simulation/BehaviourProfile.h"

#include <limits>
#include <optional>
#include <vector>

namespace cs::simulation {

using physics::Quat;
using physics::Vec3;

/// A rigid placement: rotation (x, y, z, w) then translation. Metres.
struct Pose
{
    Vec3 position{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
};

/// One solid or trigger shape ready for an engine: node scale is baked into `geometry` (sizes, radii, mesh
/// positions), `pose` places it in its owner's frame (the body node's frame without scale, or the world for
/// static geometry and static triggers).
struct SimShape
{
    geometry::ShapeGeometry geometry;
    Pose pose;
    size_t node = 0;   ///< the node that carries the collider or trigger
    int material = -1; ///< index into SimulationInput::materials, -1 = SimulationInput::defaultMaterial
    /// Index into SimulationInput::filters, -1 = no filter (in no system, accepts everything). Filters belong
    /// to colliders: two colliders touch only when each one's filter accepts the other.
    int filter = -1;
    /// A KHR infinite plane: the half-space below the pose's XZ plane (normal +Y); `geometry` is unused.
    /// Only static geometry has one.
    bool infinitePlane = false;
};

enum class BodyKind
{
    Static,
    Kinematic,
    Dynamic
};

/// A node with motion. The engine's body frame is the principal frame: `pose` * (centerOfMass,
/// inertiaOrientation). Velocities are in the world frame (the file's node-space values rotated).
struct SimBody
{
    size_t node = 0;
    BodyKind kind = BodyKind::Dynamic;
    Pose pose;         ///< the node's world placement (scale removed) at time 0
    double mass = 1.0; ///< kg; dynamic bodies only, > 0
    /// KHR `mass: 0`: forces, gravity and contacts do not change the body's velocity; it still turns about
    /// its centre of mass by its (finite) inertia. `mass` then only scales a computed inertia.
    bool infiniteMass = false;
    Vec3 centerOfMass{0, 0, 0};    ///< in the node frame
    Vec3 inertiaDiagonal{1, 1, 1}; ///< kg m^2 about the principal axes; 0 = infinite about that axis
    Quat inertiaOrientation{0, 0, 0, 1};
    Vec3 linearVelocity{0, 0, 0};  ///< m/s, world frame
    Vec3 angularVelocity{0, 0, 0}; ///< rad/s, world frame
    double gravityFactor = 1.0;
    std::vector<SimShape> colliders; ///< a trimesh here is concave (the engine's moving-mesh shape)
};

/// One piece of static world geometry (a collider with no motion above it), placed in the world.
struct SimStatic
{
    SimShape shape;
};

/// A trigger volume: a single shape or a compound trigger's members. It moves with `body` (shapes in the
/// body node's frame) or is static (shapes in the world frame). It detects, it never pushes.
struct SimTrigger
{
    size_t node = 0; ///< the trigger node (the compound trigger's node for a compound)
    int body = -1;   ///< index into SimulationInput::bodies, -1 = static
    int filter = -1;
    std::vector<SimShape> shapes;
};

/// One range of a joint: the connected frame's offset (metres) or Euler angle (radians) along `axes` of the
/// joint frame stays in [min, max] (infinite ends: unbounded). Several linear axes: the distance from the
/// line along the remaining axis (two) or from the joint origin (three). `stiffness` 0 is a hard limit, else
/// a spring of that stiffness and `damping` pulls the frame back while it is outside.
struct SimJointLimit
{
    bool angular = false;
    std::vector<int> axes; ///< distinct, 0..2
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    double stiffness = 0;
    double damping = 0;
};

/// One drive along (linear) or about (angular) an axis of the joint frame: force (or, in acceleration mode,
/// acceleration) = stiffness * (positionTarget - position) + damping * (velocityTarget - velocity), at most
/// maxForce. No position target: no stiffness term.
struct SimJointDrive
{
    bool angular = false;
    int axis = 0;
    bool acceleration = false;
    double maxForce = std::numeric_limits<double>::infinity();
    std::optional<double> positionTarget;
    double velocityTarget = 0;
    double stiffness = 0;
    double damping = 0;
};

/// A joint between two bodies (or a body and the world): the joint node's frame in body A and the connected
/// node's frame in body B, both in the bodies' node frames (scale removed); a side of -1 is the world and
/// its frame is a world placement.
struct SimJoint
{
    size_t node = 0;          ///< the node that carries the joint
    size_t connectedNode = 0; ///< the other attachment frame's node
    int bodyA = -1;           ///< index into SimulationInput::bodies, -1 = the world
    int bodyB = -1;
    Pose frameA;
    Pose frameB;
    /// false (the default of both families): the two sides' colliders do not touch. When a side is the world,
    /// its colliders are the static ones of `worldColliderNodes`.
    bool enableCollision = false;
    std::vector<size_t> worldColliderNodes;
    std::vector<SimJointLimit> limits;
    std::vector<SimJointDrive> drives;
};

/// Everything an engine needs to simulate a document's physics, with no reference to the document: a value
/// that can be copied to a worker thread. Built by buildSimulationInput.
struct SimulationInput
{
    std::vector<SimBody> bodies; ///< in node order
    std::vector<SimStatic> statics;
    std::vector<SimTrigger> triggers;
    std::vector<SimJoint> joints;
    /// The document's materials with the combine modes that take part in the precedence rule (a KHR
    /// material's absent mode stays absent, an OMI one is "average"), and the material of a collider without
    /// one (OMI's defaults; in KHR without combine modes).
    std::vector<physics::PhysicsMaterial> materials;
    physics::PhysicsMaterial defaultMaterial;
    std::vector<physics::CollisionFilter> filters;
    std::vector<std::string> nodeNames; ///< per node, "" when unnamed
    /// The engine the preview behaves like (the spec's by default): the build has applied its velocity and
    /// mass parameters to `bodies`; the world applies its damping and combine precedence.
    BehaviourProfile behaviour;
    /// The animation the preview plays and the (kinematic) bodies it drives (animateBodies); none by default.
    BodyAnimation animation{};
};

/// The engine's reading of a document's physics (spec digest 3.6 through physics::resolveScene). Every place
/// where the preview departs from the spec (approximated shapes, a trimesh on a dynamic body, mixed filters
/// in one body...) gives a warning or info with code SIM_* and the JSON pointer of the object;
/// docs/simulation.md lists them. A shape whose mesh cannot be read is an error and the shape is left out.
/// `behaviour` other than the spec's reads velocities, masses, inertia and gravity factors as that engine
/// does (BehaviourProfile.h).
Result<SimulationInput> buildSimulationInput(const gltf::GltfDocument& doc,
                                             const physics::PhysicsModel& model,
                                             const gltf::SceneGraph& graph,
                                             const BehaviourProfile& behaviour = {});

/// The rigid transform of a pose (rotation, then translation).
QMatrix4x4 poseMatrix(const Pose& p);

/// A rigid pose and scale from a transform: returns false when it has shear or a reflection (the pose and
/// scale are then the nearest reading: columns normalised, scale made positive).
bool decomposeTransform(const QMatrix4x4& m, Pose& pose, geometry::Vec3d& scale);

} // namespace cs::simulation
