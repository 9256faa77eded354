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

    Json source = Json::object();       ///< the shape object (type, name, extensions, extras, unknown keys)
    Json paramsSource = Json::object(); ///< the `<type>` sub-object
    std::string pointer;

    /// A shape of this type with the spec's default parameters.
    static Shape defaults(ShapeType type);
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

struct Motion
{
    MotionType type = MotionType::Dynamic;
    double mass = 1.0;
    Vec3 centerOfMass{0, 0, 0};
    Vec3 inertiaDiagonal{0, 0, 0}; ///< zero: the engine computes it
    Quat inertiaOrientation{0, 0, 0, 1};
    Vec3 linearVelocity{0, 0, 0};
    Vec3 angularVelocity{0, 0, 0};
    double gravityFactor = 1.0;

    Json source = Json::object();
    std::string pointer;

    bool sameValues(const Motion& other) const;
};

/// A solid shape on a node. shape == -1: a grouping node that combines the colliders below it.
struct Collider
{
    int shape = -1;
    int physicsMaterial = -1;
    int collisionFilter = -1;

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

    Json source = Json::object();
    std::string pointer;

    bool isCompound() const { return shape < 0 && !nodes.empty(); }
};

/// The OMI_physics_body object of one node.
struct NodePhysics
{
    std::optional<Motion> motion;
    std::optional<Collider> collider;
    std::optional<Trigger> trigger;

    Json source = Json::object();
    std::string pointer;

    bool empty() const { return !motion && !collider && !trigger; }
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

struct PhysicsMaterial
{
    double staticFriction = 0.6;
    double dynamicFriction = 0.6;
    double restitution = 0.0;
    CombineMode frictionCombine = CombineMode::Average;
    CombineMode restitutionCombine = CombineMode::Average;

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
};

struct PhysicsModel
{
    std::vector<Shape> shapes; ///< indexed as OMI_physics_shape.shapes (legacy colliders are appended)
    std::vector<PhysicsMaterial> materials;
    std::vector<CollisionFilter> filters;
    std::map<size_t, NodePhysics> nodes; ///< by node index; only nodes that carry physics

    /// The document-level extension objects as read (their unknown keys survive a write).
    Json shapeExtensionSource = Json::object();
    Json bodyExtensionSource = Json::object();

    SourceFormat format = SourceFormat::None;
    /// Legacy forms were read (the writer then rewrites what it must; see OmiWriter.h).
    bool hadLegacy = false;

    const NodePhysics* node(size_t index) const;
    NodePhysics& nodeRef(size_t index) { return nodes[index]; }
    bool empty() const { return shapes.empty() && materials.empty() && filters.empty() && nodes.empty(); }
    /// True when any node has motion, collider or trigger, or materials/filters exist.
    bool usesBody() const;
};

/// Names of the extensions this model reads and writes.
namespace ext {
inline constexpr const char* Body = "OMI_physics_body";
inline constexpr const char* Shape = "OMI_physics_shape";
inline constexpr const char* LegacyCollider = "OMI_collider";
inline constexpr const char* KhrBodies = "KHR_physics_rigid_bodies";
inline constexpr const char* KhrShapes = "KHR_implicit_shapes";
inline constexpr const char* KhrLegacyShapes = "KHR_collision_shapes";
} // namespace ext

} // namespace cs::physics
