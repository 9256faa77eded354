// readNamedColliders: Godot's suffixes and Unreal's prefixes made into colliders (see NamedColliders.h).
#include "import/NamedColliders.h"

#include "geometry/ConvexHull.h"
#include "geometry/MeshWriter.h"
#include "geometry/PrimitiveFit.h"
#include "gltf/MeshTriangles.h"
#include "gltf/NodeLabel.h"
#include "gltf/SceneGraph.h"
#include "import/AutoColliders.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsWriter.h"

#include <map>

namespace cs::import {

namespace {

using physics::ShapeType;

struct Context
{
    gltf::GltfDocument& doc;
    const NamedColliderOptions& options;
    physics::PhysicsModel model;
    gltf::SceneGraph graph;
    size_t nodeCount = 0; ///< nodes before any was added
    NamedColliderReport report;
    /// The nodes with a mesh whose names follow no convention, by their name and by their mesh's name (the
    /// first in index order): the render meshes Unreal's prefixes may name.
    std::map<std::string, size_t> renderByNodeName, renderByMeshName;
};

std::string pointerOf(size_t node)
{
    return jsonPointerAppend("/nodes", node);
}

std::string refer(const Context& c, size_t node)
{
    return gltf::nodeReference(gltf::nodeName(c.doc, node), node);
}

void note(Context& c, Severity severity, const char* code, size_t node, const std::string& message)
{
    c.report.diagnostics.push_back(
        Diagnostic{severity, code, refer(c, node) + ": " + message, pointerOf(node)});
}

bool hasColliderOrTrigger(const Context& c, size_t node)
{
    const physics::NodePhysics* p = c.model.node(node);
    return p && (p->collider || p->trigger);
}

std::string meshName(const Context& c, size_t mesh)
{
    return gltf::elementName(c.doc, "meshes", mesh);
}

/// A shape as a new one is written (its name and type in its source), added to the model; its index.
size_t addShape(Context& c, physics::Shape shape, const std::string& name)
{
    const char* type = physics::shapeTypeName(shape.type);
    shape.source = physics::Json::object();
    if (!name.empty())
        shape.source["name"] = name;
    shape.source["type"] = type;
    shape.source[type] = physics::Json::object();
    c.model.shapes.push_back(std::move(shape));
    c.report.changed = true;
    return c.model.shapes.size() - 1;
}

/// True when the mesh is one primitive of triangles, as a collision mesh must be (otherwise a copy is made).
bool onePrimitiveOfTriangles(const Context& c, size_t mesh)
{
    const gltf::Json* m = c.doc.element("meshes", mesh);
    if (!m || !m->contains("primitives") || !(*m)["primitives"].is_array() || (*m)["primitives"].size() != 1)
        return false;
    const gltf::Json& p = (*m)["primitives"][0];
    return !p.contains("mode") || p["mode"] == 4;
}

/// The mesh a trimesh shape of `mesh` refers to: the mesh itself, or a copy of its triangles in one
/// primitive. None (with a warning) when it cannot be read or written.
std::optional<size_t> trimeshMesh(Context& c, size_t node, size_t mesh)
{
    if (onePrimitiveOfTriangles(c, mesh))
        return mesh;
    auto triangles = gltf::meshTriangles(c.doc, mesh);
    Result<size_t> added = triangles
                               ? geometry::addTriangleMesh(c.doc, *triangles, meshName(c, mesh) + " trimesh")
                               : Result<size_t>{std::nullopt, triangles.diagnostics};
    if (!added) {
        const std::string why = added.diagnostics.empty() ? "unreadable" : added.diagnostics.front().message;
        note(c, Severity::Warning, "NAMED_COLLIDER_FAILED", node, "no trimesh collider: " + why);
        return std::nullopt;
    }
    return *added;
}

/// The points of a mesh, brought into another space.
std::optional<std::vector<geometry::Vec3d>> meshPoints(Context& c, size_t node, size_t mesh,
                                                       const QMatrix4x4& transform)
{
    auto triangles = gltf::meshTriangles(c.doc, mesh);
    if (!triangles) {
        const std::string why =
            triangles.diagnostics.empty() ? "unreadable" : triangles.diagnostics.front().message;
        note(c, Severity::Warning, "NAMED_COLLIDER_FAILED", node,
             "no collider, its mesh cannot be read: " + why);
        return std::nullopt;
    }
    std::vector<geometry::Vec3d> points;
    geometry::appendPoints(points, *triangles, transform);
    return points;
}

struct MadeHull
{
    size_t mesh = 0;
    size_t points = 0;
};

/// A capped convex hull of `points` written as a new mesh.
std::optional<MadeHull> hullMesh(Context& c, size_t node, const std::vector<geometry::Vec3d>& points,
                                 const std::string& name)
{
    geometry::ConvexHullOptions options;
    options.maxVertices = c.options.maxPoints;
    options.measureQuality = false;
    auto hull = geometry::generateConvexHull(points, options);
    Result<size_t> added = hull ? geometry::addTriangleMesh(c.doc, hull->mesh, name)
                                : Result<size_t>{std::nullopt, hull.diagnostics};
    if (!added) {
        const std::string why = added.diagnostics.empty() ? "no hull" : added.diagnostics.front().message;
        note(c, Severity::Warning, "NAMED_COLLIDER_FAILED", node, "no convex collider: " + why);
        return std::nullopt;
    }
    return MadeHull{*added, hull->mesh.positions.size()};
}

void hideMesh(Context& c, size_t node)
{
    gltf::Json& n = c.doc.json()["nodes"][node];
    const auto mesh = n["mesh"];
    n.erase("mesh");
    note(c, Severity::Info, "NAMED_MESH_HIDDEN", node,
         "its mesh " + std::to_string(mesh.get<size_t>()) +
             " is no longer drawn (the name makes it collision only)");
}

// ---------------------------------------------------------------------------------------------- Godot

/// The node's hint: from its name, else (Godot's last branch) -col or -convcol from its mesh's name.
GodotHint hintOf(const Context& c, size_t node, std::string& readName)
{
    readName = gltf::nodeName(c.doc, node);
    const GodotHint hint = godotHint(readName);
    const auto mesh = gltf::nodeMesh(c.doc, node);
    if (hint != GodotHint::None || !mesh)
        return hint;
    readName = meshName(c, *mesh);
    if (godotNameHas(readName, "col"))
        return GodotHint::Col;
    if (godotNameHas(readName, "convcol"))
        return GodotHint::ConvCol;
    return GodotHint::None;
}

void addGodotCollider(Context& c, size_t node, const std::string& readName, GodotHint hint, size_t shape,
                      size_t hullPoints)
{
    physics::NodePhysics& p = c.model.nodeRef(node);
    p.collider = physics::Collider{};
    p.collider->shape = static_cast<int>(shape);
    NamedCollider made;
    made.node = node;
    made.name = readName;
    made.convention = "godot";
    made.hint = godotHintName(hint);
    made.colliderNode = node;
    made.shape = shape;
    made.type = c.model.shapes[shape].type;
    made.hullPoints = hullPoints;
    if (hint == GodotHint::Rigid && !(p.motion)) {
        p.motion = physics::Motion{};
        p.motion->type = physics::MotionType::Dynamic;
        made.dynamic = true;
    }
    note(c, Severity::Info, kNamedCollider, node,
         std::string("Godot's ") + made.hint + " read: a " + physics::shapeTypeName(made.type) + " collider" +
             (made.dynamic ? " on a dynamic body" : ""));
    if (hint == GodotHint::ColOnly || hint == GodotHint::ConvColOnly) {
        hideMesh(c, node);
        made.removedFromRendering = true;
    }
    c.report.colliders.push_back(std::move(made));
}

/// An empty named "...-colonly": the primitive its name says.
void readGodotEmpty(Context& c, size_t node, const std::string& name, GodotHint hint)
{
    if (hint != GodotHint::ColOnly && hint != GodotHint::ConvColOnly) {
        note(c, Severity::Warning, "NAMED_COLLIDER_UNMATCHED", node,
             std::string("the name ends in Godot's ") + godotHintName(hint) +
                 " but the node has no mesh; Godot makes no collider of it, nor does this");
        return;
    }
    auto shape = godotEmptyShape(name);
    if (!shape) {
        note(c, Severity::Warning, "NAMED_COLLIDER_UNMATCHED", node,
             std::string("an empty named ") + godotHintName(hint) +
                 " whose name says no shape (box, cube, sphere, capsule or cylinder); left as it is");
        return;
    }
    const size_t index = addShape(c, *shape, gltf::nodeLabel(name, node));
    physics::NodePhysics& p = c.model.nodeRef(node);
    p.collider = physics::Collider{};
    p.collider->shape = static_cast<int>(index);
    NamedCollider made{node, name, "godot", godotHintName(hint), node, index, shape->type};
    note(c, Severity::Info, kNamedCollider, node,
         std::string("Godot's ") + made.hint + " on an empty read: a " + physics::shapeTypeName(made.type) +
             " collider");
    c.report.colliders.push_back(std::move(made));
}

void readGodotNode(Context& c, size_t node)
{
    std::string readName;
    const GodotHint hint = hintOf(c, node, readName);
    if (hint == GodotHint::None) {
        if (looksLikeGodotHint(gltf::nodeName(c.doc, node)))
            note(
                c, Severity::Info, "NAMED_COLLIDER_UNMATCHED", node,
                "looks like a collider name, but Godot reads only -col, -convcol, -colonly, -convcolonly and "
                "-rigid; left as it is");
        return;
    }
    if (hasColliderOrTrigger(c, node)) {
        note(c, Severity::Info, "COLLIDER_EXISTS", node,
             std::string("already has a collider or trigger; Godot's ") + godotHintName(hint) + " not read");
        return;
    }
    const auto mesh = gltf::nodeMesh(c.doc, node);
    if (!mesh)
        return readGodotEmpty(c, node, readName, hint);
    const std::string label = gltf::nodeLabel(gltf::nodeName(c.doc, node), node);
    if (hint == GodotHint::Col || hint == GodotHint::ColOnly) {
        const auto collisionMesh = trimeshMesh(c, node, *mesh);
        if (!collisionMesh)
            return;
        physics::Shape shape = physics::Shape::defaults(ShapeType::Trimesh);
        shape.mesh = static_cast<int>(*collisionMesh);
        return addGodotCollider(c, node, readName, hint, addShape(c, shape, label + " trimesh"), 0);
    }
    const auto points = meshPoints(c, node, *mesh, QMatrix4x4());
    if (!points)
        return;
    const auto hull = hullMesh(c, node, *points, label + " hull");
    if (!hull)
        return;
    physics::Shape shape = physics::Shape::defaults(ShapeType::Convex);
    shape.mesh = static_cast<int>(hull->mesh);
    addGodotCollider(c, node, readName, hint, addShape(c, shape, label + " hull"), hull->points);
}

// --------------------------------------------------------------------------------------------- Unreal

bool isConventionName(std::string_view name)
{
    return unrealName(name) || godotHint(name) != GodotHint::None;
}

/// The render mesh `Name` of UCX_Name: a node of that name with a mesh, else a node whose mesh has that name
/// (neither itself named by a convention); with no such mesh, Name_NN is read as Name and part NN.
std::optional<size_t> renderNode(const Context& c, const std::string& rest)
{
    auto find = [&](const std::string& wanted) -> std::optional<size_t> {
        for (const auto* names : {&c.renderByNodeName, &c.renderByMeshName})
            if (auto it = names->find(wanted); it != names->end())
                return it->second;
        return std::nullopt;
    };
    if (auto n = find(rest))
        return n;
    const size_t underscore = rest.rfind('_');
    if (underscore == std::string::npos || underscore == 0 || underscore + 1 == rest.size() ||
        rest.find_first_not_of("0123456789", underscore + 1) != std::string::npos)
        return std::nullopt;
    return find(rest.substr(0, underscore));
}

void indexRenderNames(Context& c)
{
    for (size_t n = 0; n < c.nodeCount; ++n) {
        const auto mesh = gltf::nodeMesh(c.doc, n);
        const std::string name = gltf::nodeName(c.doc, n);
        if (!mesh || isConventionName(name))
            continue;
        c.renderByNodeName.emplace(name, n);
        c.renderByMeshName.emplace(meshName(c, *mesh), n);
    }
}

/// The fitted primitive of a UBX_, USP_ or UCP_ part, in the render node's space.
Result<geometry::FittedShape> fitPart(UnrealKind kind, const std::vector<geometry::Vec3d>& points)
{
    switch (kind) {
    case UnrealKind::Box:
        return geometry::fitOrientedBox(points);
    case UnrealKind::Sphere:
        return geometry::fitSphere(points);
    default:
        return geometry::fitCapsule(points);
    }
}

/// A new child node of `parent` (the collider part's node), with the fit's offset.
size_t addChildNode(Context& c, size_t parent, const std::string& name, const geometry::Vec3d& offset,
                    const QQuaternion& rotation)
{
    gltf::Json child = gltf::Json::object();
    child["name"] = name;
    if (offset != geometry::Vec3d{0, 0, 0})
        child["translation"] = {offset.x, offset.y, offset.z};
    QQuaternion q = rotation.normalized();
    if (q.scalar() < 0)
        q = -q;
    if (!q.isIdentity())
        child["rotation"] = {q.x(), q.y(), q.z(), q.scalar()};
    gltf::Json& nodes = c.doc.json()["nodes"];
    nodes.push_back(std::move(child));
    const size_t index = nodes.size() - 1;
    gltf::Json& p = nodes[parent];
    if (!p.contains("children") || !p["children"].is_array())
        p["children"] = gltf::Json::array();
    p["children"].push_back(index);
    c.report.changed = true;
    return index;
}

/// The shape of one Unreal part and the offset of its node, or none (with a warning).
std::optional<size_t> unrealShape(Context& c, size_t node, const UnrealName& u,
                                  const std::vector<geometry::Vec3d>& points, geometry::Vec3d& offset,
                                  QQuaternion& rotation, size_t& hullPoints)
{
    const std::string label = gltf::nodeLabel(gltf::nodeName(c.doc, node), node);
    if (u.kind == UnrealKind::Convex) {
        const auto hull = hullMesh(c, node, points, label + " hull");
        if (!hull)
            return std::nullopt;
        physics::Shape shape = physics::Shape::defaults(ShapeType::Convex);
        shape.mesh = static_cast<int>(hull->mesh);
        hullPoints = hull->points;
        return addShape(c, shape, label + " hull");
    }
    auto fit = fitPart(u.kind, points);
    if (!fit) {
        const std::string why = fit.diagnostics.empty() ? "no fit" : fit.diagnostics.front().message;
        note(c, Severity::Warning, "NAMED_COLLIDER_FAILED", node, "no collider: " + why);
        return std::nullopt;
    }
    offset = fit->offset;
    rotation = fit->rotation;
    return addShape(c, fittedPhysicsShape(fit->shape), label);
}

void readUnrealNode(Context& c, size_t node, const UnrealName& u, size_t& partsOf)
{
    const auto mesh = gltf::nodeMesh(c.doc, node);
    if (!mesh) {
        note(c, Severity::Info, "NAMED_COLLIDER_NO_MESH", node,
             "named as Unreal's " + u.prefix + " but has no mesh (already read?); nothing to read");
        return;
    }
    const auto render = renderNode(c, u.rest);
    if (!render) {
        note(c, Severity::Warning, "NAMED_COLLIDER_UNMATCHED", node,
             "looks like Unreal's " + u.prefix + " but no render mesh is named '" + u.rest +
                 "'; left as it is");
        return;
    }
    bool inverted = false;
    const QMatrix4x4 toRender = c.graph.worldTransform(*render).inverted(&inverted);
    if (!inverted) {
        note(c, Severity::Warning, "NAMED_COLLIDER_FAILED", node,
             "no collider: the render node " + refer(c, *render) + " has a singular transform");
        return;
    }
    const auto points = meshPoints(c, node, *mesh, toRender * c.graph.worldTransform(node));
    if (!points)
        return;
    geometry::Vec3d offset{0, 0, 0};
    QQuaternion rotation;
    size_t hullPoints = 0;
    const auto shape = unrealShape(c, node, u, *points, offset, rotation, hullPoints);
    if (!shape)
        return;
    const std::string renderLabel = gltf::nodeLabel(gltf::nodeName(c.doc, *render), *render);
    const size_t part =
        addChildNode(c, *render, renderLabel + " collider " + std::to_string(++partsOf), offset, rotation);
    c.model.nodeRef(part).collider = physics::Collider{};
    c.model.nodeRef(part).collider->shape = static_cast<int>(*shape);
    NamedCollider made{node,   gltf::nodeName(c.doc, node), "unreal", u.prefix, part,
                       *shape, c.model.shapes[*shape].type};
    made.hullPoints = hullPoints;
    made.removedFromRendering = true;
    note(c, Severity::Info, kNamedCollider, node,
         "Unreal's " + u.prefix + " read: a " + physics::shapeTypeName(made.type) + " collider on node " +
             std::to_string(part) + ", a part of " + refer(c, *render));
    hideMesh(c, node);
    c.report.colliders.push_back(std::move(made));
}

/// True when some node's name (or its mesh's) is one of the conventions or looks like one: a file without
/// any is left before its physics and node tree are read, so opening it costs a walk over the names.
bool anyConventionName(const gltf::GltfDocument& doc)
{
    for (size_t n = 0, count = doc.count("nodes"); n < count; ++n) {
        const std::string name = gltf::nodeName(doc, n);
        if (isConventionName(name) || looksLikeUnrealName(name) || looksLikeGodotHint(name))
            return true;
        const auto mesh = gltf::nodeMesh(doc, n);
        const std::string meshName = mesh ? gltf::elementName(doc, "meshes", *mesh) : std::string();
        if (godotNameHas(meshName, "col") || godotNameHas(meshName, "convcol"))
            return true;
    }
    return false;
}

} // namespace

NamedColliderReport readNamedColliders(gltf::GltfDocument& doc, const NamedColliderOptions& options)
{
    if (!anyConventionName(doc))
        return {};
    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    Context c{doc,
              options,
              model ? std::move(*model) : physics::PhysicsModel{},
              graph ? std::move(*graph) : gltf::SceneGraph{},
              doc.count("nodes"),
              {},
              {},
              {}};
    const bool readable = model && graph;
    indexRenderNames(c);
    std::map<size_t, size_t> parts; // render node -> parts made
    for (size_t n = 0; n < c.nodeCount; ++n) {
        const std::string name = gltf::nodeName(doc, n);
        if (!readable) {
            if (isConventionName(name))
                note(c, Severity::Warning, "NAMED_COLLIDER_FAILED", n,
                     "its name is a collider convention, but the file's physics or node tree cannot be read; "
                     "left as it is");
            continue;
        }
        if (const auto u = unrealName(name)) {
            const auto render = renderNode(c, u->rest);
            readUnrealNode(c, n, *u, parts[render.value_or(n)]);
        } else if (looksLikeUnrealName(name)) {
            note(
                c, Severity::Warning, "NAMED_COLLIDER_UNMATCHED", n,
                "looks like an Unreal collision prefix in another case; Unreal's are upper case (UCX_, UBX_, "
                "USP_, UCP_); left as it is");
        } else {
            readGodotNode(c, n);
        }
    }
    if (c.report.changed) {
        const Diagnostics written = physics::writePhysics(c.model, doc, physics::sourceFamily(c.model));
        c.report.diagnostics.insert(c.report.diagnostics.end(), written.begin(), written.end());
    }
    return std::move(c.report);
}

} // namespace cs::import
