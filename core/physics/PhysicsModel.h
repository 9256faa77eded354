#pragma once

#include "gltf/GltfDocument.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cs::physics {

using Json = gltf::Json;
using Vec3 = std::array<double, 3>;
using Quat = std::array<double, 4>; ///< x, y, z, w as glTF writes quaternions

/// The typed OMI physics data of one document, always in the newest (E7) meaning whatever variant it was read
/// from. Units: metres, kilograms, seconds, radians; Y up, right-handed (glTF).
///
/// Every object keeps `source`: the JSON object it was read from, minus the keys of legacy forms that the
/// reader consumed. The writer uses it to keep key order, unknown keys, `name`, `extensions` and `extras`,
/// and to write an unchanged value back exactly as it was spelled (1 stays 1, not 1.0). `pointer` is where
/// the object was read (empty for objects created in memory); diagnostics about the object use it.

enum class ShapeType
{
    Box,
    Sphere,
    Capsule,
    Cylinder,
    Convex,
    Trimesh
};

const char* shapeTypeName(ShapeType t);
std::optional<ShapeType> shapeTypeFromName(const std::string& name);

/// KHR_implicit_shapes `plane`: sizes in metres along X and Z; both absent means an infinite plane.
struct PlaneParams
{
    std::optional<double> sizeX;
    std::optional<double> sizeZ;
    bool doubleSided = false;

    bool infinite() const { return !sizeX && !sizeZ; }
    bool operator==(const PlaneParams&) const = default;
};

struct Shape
{
    ShapeType type = ShapeType::Box;
    Vec3 size{1.0, 1.0, 1.0}; ///< box: full extents
    double radius = 0.5;      ///< sphere
    /// capsule: distance between the hemisphere centres (mid-height, default 1.0);
    /// cylinder: distance between the disc centres (full height, default 2.0)
    double height = 1.0;
    double radiusTop = 0.5;
    double radiusBottom = 0.5;
    int mesh = -1; ///< convex/trimesh: index into meshes, -1 = none
    /// The type was not understood: the shape is kept and written back exactly as it was read.
    bool opaque = false;
    /// A KHR plane (normal +Y through the origin). A plane is also `opaque`, so that code written for the
    /// solid types (drawing, fitting, mass) leaves it alone; `type` is meaningless for it.
    std::optional<PlaneParams> plane;

    Json source = Json::object();       ///< the shape object (type, name, extensions, extras, unknown keys)
    Json paramsSource = Json::object(); ///< the `<type>` sub-object
    std::string pointer;

    /// A shape of this type with the spec's default parameters.
    static Shape defaults(ShapeType type);
    /// A plane with these parameters.
    static Shape makePlane(const PlaneParams& params);
    bool isPlane() const { return plane.has_value(); }
    /// The type name as a file spells it: "plane", the kept `type` of an unknown shape, or the known name.
    std::string typeName() const;
    /// True when the parameters that matter for the type are equal (sources and pointers are ignored).
    bool sameGeometry(const Shape& other) const;
};

enum class MotionType
{
    Static,
    Kinematic,
    Dynamic
};

const char* motionTypeName(MotionType t);
std::optional<MotionType> motionTypeFromName(const std::string& name);

/// How a file's mass or inertia value is to be read; the two families give absent and 0 different meanings.
enum class MassMeaning
{
    Given,    ///< the value as written (or OMI's default mass of 1 kg)
    Computed, ///< left to the engine: derived from the colliders' volumes
    Infinite, ///< KHR's 0: nothing moves (mass) or turns (inertia axis) the body
};

struct Motion
{
    MotionType type = MotionType::Dynamic;
    /// kg, as the file has it. Absent: OMI reads 1 kg (its default); KHR leaves it to the engine ("calculated
    /// by the simulation engine"). 0: infinite in KHR; OMI gives 0 no meaning. Read it through massReading().
    std::optional<double> mass;
    /// Node frame, as the file has it. Absent: OMI reads the node origin; KHR leaves it to the engine (a mass
    /// property, "typically derived from the volume of the collision geometry"). Read it through
    /// centerOfMassReading().
    std::optional<Vec3> centerOfMass;
    /// kg m^2 about the principal axes, as the file has it. Absent: computed (both families); OMI also reads
    /// all zeros as computed; in KHR a 0 component is infinite. Read it through inertiaMeanings().
    std::optional<Vec3> inertiaDiagonal;
    Quat inertiaOrientation{0, 0, 0, 1};
    Vec3 linearVelocity{0, 0, 0};
    Vec3 angularVelocity{0, 0, 0};
    double gravityFactor = 1.0;

    Json source = Json::object();
    std::string pointer;

    bool sameValues(const Motion& other) const;
};

struct MassReading
{
    MassMeaning meaning = MassMeaning::Given;
    double value = 1.0; ///< kg when Given
};

/// How a file's centre of mass is to be read: Given (the value, or OMI's origin) or Computed (KHR without
/// one: the colliders' centre of mass at uniform density).
struct CenterOfMassReading
{
    MassMeaning meaning = MassMeaning::Given;
    Vec3 value{0, 0, 0}; ///< node frame, when Given
};

/// A solid shape on a node. shape == -1: a grouping node that combines the colliders below it.
struct Collider
{
    int shape = -1;
    int physicsMaterial = -1;
    int collisionFilter = -1;
    /// KHR `geometry.node` as read (the node whose mesh is used); -1 when the file used `geometry.mesh` or
    /// `geometry.shape`. The KHR writer writes `node` again while that node still has the shape's mesh.
    int geometryNode = -1;

    Json source = Json::object();
    std::string pointer;
};

/// A non-solid volume on a node: either `shape`, or `nodes` (a compound trigger made of the listed descendant
/// trigger nodes). The legacy `trigger: {}` (implicit compound of all descendant triggers) is made explicit
/// by the reader, so `nodes` is filled in and `implicitCompound` remembers where it came from.
struct Trigger
{
    int shape = -1;
    std::vector<int> nodes;
    int collisionFilter = -1;
    bool implicitCompound = false;
    int geometryNode = -1; ///< as Collider::geometryNode

    Json source = Json::object();
    std::string pointer;

    bool isCompound() const { return shape < 0 && !nodes.empty(); }
};

/// One limit of a joint description: exactly one of the axis sets (values 0..2). Lengths in metres, angles
/// in radians. Absent min/max: unbounded; absent stiffness: a hard limit.
struct JointLimit
{
    std::vector<int> linearAxes;
    std::vector<int> angularAxes;
    std::optional<double> min;
    std::optional<double> max;
    std::optional<double> stiffness;
    double damping = 0.0;

    Json source = Json::object();
    std::string pointer;

    bool angular() const { return !angularAxes.empty(); }
    const std::vector<int>& axes() const { return angular() ? angularAxes : linearAxes; }
    bool sameValues(const JointLimit& other) const;
};

enum class DriveType
{
    Linear,
    Angular
};
enum class DriveMode
{
    Force,
    Acceleration
};
const char* driveTypeName(DriveType t);
std::optional<DriveType> driveTypeFromName(const std::string& name);
const char* driveModeName(DriveMode m);
std::optional<DriveMode> driveModeFromName(const std::string& name);

/// One drive of a joint description. type, mode and axis are required by both families; nullopt = missing
/// (the validator reports it). Absent maxForce: unlimited.
struct JointDrive
{
    std::optional<DriveType> type;
    std::optional<DriveMode> mode;
    std::optional<int> axis;
    std::optional<double> maxForce;
    std::optional<double> positionTarget;
    std::optional<double> velocityTarget;
    double stiffness = 0.0;
    double damping = 0.0;

    Json source = Json::object();
    std::string pointer;

    bool sameValues(const JointDrive& other) const;
};

/// A document-level joint description (KHR `physicsJoints[i]`, OMI_physics_joint `physicsJoints[i]`).
struct JointDescription
{
    std::vector<JointLimit> limits;
    std::vector<JointDrive> drives;

    Json source = Json::object();
    std::string pointer;

    bool sameValues(const JointDescription& other) const;
};

/// A node's joint: the node's frame is one attachment frame, `connectedNode`'s the other.
struct NodeJoint
{
    int connectedNode = -1;
    int joint = -1; ///< index into PhysicsModel::joints
    bool enableCollision = false;

    Json source = Json::object(); ///< the KHR `joint` object or the node's OMI_physics_joint object
    std::string pointer;
};

/// The physics object of one node (OMI_physics_body or KHR_physics_rigid_bodies), plus its joint (KHR
/// `joint`, or the node's OMI_physics_joint).
struct NodePhysics
{
    std::optional<Motion> motion;
    std::optional<Collider> collider;
    std::optional<Trigger> trigger;
    std::optional<NodeJoint> joint;

    /// The body object without the values of motion, collider and trigger (OMI: those keys stay, in their
    /// places, with null values; KHR: they are left out): each of them is the source of its own object.
    Json source = Json::object();
    std::string pointer;

    bool empty() const { return !motion && !collider && !trigger && !joint; }
};

enum class CombineMode
{
    Average,
    Minimum,
    Maximum,
    Multiply
};

const char* combineModeName(CombineMode m);
std::optional<CombineMode> combineModeFromName(const std::string& name);
/// The mode that applies when two materials meet: average > minimum > maximum > multiply (both families'
/// precedence: "if either uses average..."). A side with no mode does not take part; when neither has one
/// the values are averaged (the preview's choice; KHR leaves it to the engine).
CombineMode appliedCombineMode(std::optional<CombineMode> a, std::optional<CombineMode> b);

struct PhysicsMaterial
{
    double staticFriction = 0.6;
    double dynamicFriction = 0.6;
    double restitution = 0.0;
    /// As the file has them. Absent: OMI reads "average" (its README's default, which takes part in the
    /// precedence rule); KHR gives no default, so the material does not take part and the other one's mode
    /// applies. Read them through votingCombineMode().
    std::optional<CombineMode> frictionCombine;
    std::optional<CombineMode> restitutionCombine;

    Json source = Json::object();
    std::string pointer;

    bool sameValues(const PhysicsMaterial& other) const;
};

struct CollisionFilter
{
    std::vector<std::string> collisionSystems;
    std::vector<std::string> collideWithSystems;
    std::vector<std::string> notCollideWithSystems;

    Json source = Json::object();
    std::string pointer;

    bool sameValues(const CollisionFilter& other) const;
};

/// Where the physics data of a document came from.
enum class SourceFormat
{
    None, ///< no physics data
    Omi,  ///< OMI, newest or any legacy variant
    Khr,  ///< KHR_physics_rigid_bodies + KHR_implicit_shapes (or KHR_collision_shapes)
    /// MSFT_rigid_bodies + MSFT_collision_primitives, KHR's frozen ancestor, read as the Babylon loader reads
    /// it (see MsftReader.h). It has KHR's meanings and is written as KHR after an edit; a file is converted
    /// only when it is edited or upgraded.
    Msft,
};

struct PhysicsModel
{
    std::vector<Shape> shapes; ///< indexed as OMI_physics_shape.shapes (legacy colliders are appended)
    std::vector<PhysicsMaterial> materials;
    std::vector<CollisionFilter> filters;
    std::map<size_t, NodePhysics> nodes;  ///< by node index; only nodes that carry physics
    std::vector<JointDescription> joints; ///< document-level joint descriptions

    /// The document-level extension objects as read (their unknown keys survive a write).
    Json shapeExtensionSource = Json::object();
    Json bodyExtensionSource = Json::object();
    Json jointExtensionSource = Json::object(); ///< document OMI_physics_joint (OMI files)
    /// The file's OMI_physics_joint is in a form the model does not hold (the 2023 `constraints` with
    /// lowerLimit/upperLimit and node nodeA/nodeB): the OMI writer leaves that extension exactly as it was.
    bool jointsKeptAsRead = false;
    /// A KHR file gave mesh geometry as `geometry.node` (the older revision) and never as `geometry.mesh`:
    /// new mesh colliders are written the same way where a node with that mesh is at hand.
    bool khrGeometryByNode = false;

    SourceFormat format = SourceFormat::None;
    /// Legacy forms were read (the writer then rewrites what it must; see OmiWriter.h).
    bool hadLegacy = false;

    const NodePhysics* node(size_t index) const;
    NodePhysics& nodeRef(size_t index) { return nodes[index]; }
    bool empty() const { return shapes.empty() && materials.empty() && filters.empty() && nodes.empty(); }
    /// True when any node has motion, collider or trigger, or materials/filters exist.
    bool usesBody() const;
};

/// kg/m^3: the density at which the preview and the overlays compute a mass the file leaves to the engine
/// (KHR without `mass`; the spec says only "derived from the volume of the collision geometry"). Water's.
inline constexpr double kComputedMassDensity = 1000.0;

/// True when values are read with KHR_physics_rigid_bodies' meanings (absent mass computed, 0 infinite, an
/// absent combine mode out of the precedence rule): KHR and MSFT; false for OMI and for a document with no
/// physics yet.
inline bool khrMeanings(SourceFormat format)
{
    // MSFT too: the Babylon loader leaves an absent mass, centre or inertia to Havok, which computes them
    // from the shapes (MSFT_rigid_bodies.ts:487-491, havokPlugin.js:938-956).
    return format == SourceFormat::Khr || format == SourceFormat::Msft;
}

/// A motion's mass as its family reads it: OMI absent -> Given 1 kg, any number -> Given (0 and negative
/// values are the validator's to report); KHR absent -> Computed, 0 -> Infinite, else Given.
MassReading massReading(const Motion& motion, SourceFormat format);
/// How each principal moment is read: absent -> Computed (both); OMI all zeros -> Computed; a KHR 0 component
/// -> Infinite; else Given (OMI's partial zeros are read as KHR's, infinite, and reported by the validator).
std::array<MassMeaning, 3> inertiaMeanings(const Motion& motion, SourceFormat format);
/// A motion's centre of mass as its family reads it: a value -> Given; absent -> OMI the node origin (Given),
/// KHR Computed ("If not provided, the mass and inertia properties should be calculated by the simulation
/// engine").
CenterOfMassReading centerOfMassReading(const Motion& motion, SourceFormat format);
/// The mode a material takes part in the precedence rule with: the file's, else OMI's "average", else (KHR)
/// none.
std::optional<CombineMode> votingCombineMode(std::optional<CombineMode> mode, SourceFormat format);

/// Names of the extensions this model reads and writes.
namespace ext {
inline constexpr const char* Body = "OMI_physics_body";
inline constexpr const char* Shape = "OMI_physics_shape";
inline constexpr const char* LegacyCollider = "OMI_collider";
inline constexpr const char* KhrBodies = "KHR_physics_rigid_bodies";
inline constexpr const char* KhrShapes = "KHR_implicit_shapes";
inline constexpr const char* KhrLegacyShapes = "KHR_collision_shapes";
inline constexpr const char* Joint = "OMI_physics_joint";
inline constexpr const char* MsftBodies = "MSFT_rigid_bodies";
inline constexpr const char* MsftShapes = "MSFT_collision_primitives";
} // namespace ext

} // namespace cs::physics
