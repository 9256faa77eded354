// writeGodotNames: colliders written as Godot's node-name suffixes (see NamedColliderWriter.h).
#include "import/NamedColliderWriter.h"

#include "gltf/MeshTriangles.h"
#include "gltf/NodeLabel.h"
#include "import/NamedColliders.h"
#include "physics/KhrSlips.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsModel.h"
#include "physics/ShapeReferences.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cs::import {

namespace {

using physics::ShapeType;

struct Context
{
    gltf::GltfDocument& doc;
    const physics::PhysicsModel& model;
    GodotNamesResult& result;
    std::map<size_t, size_t> parent; ///< node -> its parent
};

std::string nodePointer(size_t node)
{
    return jsonPointerAppend("/nodes", node);
}

std::string refer(const Context& c, size_t node)
{
    return gltf::nodeReference(gltf::nodeName(c.doc, node), node);
}

void lose(Context& c, const std::string& pointer, const std::string& what)
{
    c.result.losses.push_back(Diagnostic{Severity::Warning, kGodotNamesLoss, what, pointer});
}

void loseAt(Context& c, size_t node, const std::string& pointer, const std::string& what)
{
    lose(c, pointer.empty() ? nodePointer(node) : pointer, refer(c, node) + ": " + what);
}

void wrote(Context& c, size_t node, const std::string& what)
{
    c.result.written.push_back(
        Diagnostic{Severity::Info, kGodotNameWritten, refer(c, node) + ": " + what, nodePointer(node)});
}

/// The document-level items no name can carry.
void listDocumentLosses(Context& c)
{
    const auto& m = c.model;
    for (size_t i = 0; i < m.materials.size(); ++i)
        lose(c, m.materials[i].pointer, "physics material " + std::to_string(i) + " (friction, restitution)");
    for (size_t i = 0; i < m.filters.size(); ++i)
        lose(c, m.filters[i].pointer, "collision filter " + std::to_string(i));
    for (size_t i = 0; i < m.joints.size(); ++i)
        lose(c, m.joints[i].pointer, "joint description " + std::to_string(i));
}

bool moving(const physics::NodePhysics* p)
{
    return p && p->motion && p->motion->type != physics::MotionType::Static;
}

/// The nearest ancestor with a kinematic or dynamic motion: the names would make the collider a static body
/// of its own instead of a part of that body.
std::optional<size_t> movingAncestor(const Context& c, size_t node)
{
    for (auto it = c.parent.find(node); it != c.parent.end(); it = c.parent.find(it->second))
        if (moving(c.model.node(it->second)))
            return it->second;
    return std::nullopt;
}

/// The values of a dynamic body that -rigid cannot carry (Godot's RigidBody3D defaults: 1 kg, computed centre
/// of mass and inertia, at rest, gravity scale 1).
void listMotionLosses(Context& c, size_t node, const physics::Motion& m)
{
    if (m.mass && *m.mass != 1.0)
        loseAt(c, node, m.pointer,
               "mass " + std::to_string(*m.mass) + " kg (Godot's -rigid body weighs 1 kg)");
    if (m.centerOfMass)
        loseAt(c, node, m.pointer, "centre of mass");
    if (m.inertiaDiagonal)
        loseAt(c, node, m.pointer, "inertia");
    const physics::Vec3 zero{0, 0, 0};
    if (m.linearVelocity != zero || m.angularVelocity != zero)
        loseAt(c, node, m.pointer, "initial velocity");
    if (m.gravityFactor != 1.0)
        loseAt(c, node, m.pointer, "gravity factor");
}

/// Appends the name's suffix to the node's name (its label when it has none).
void rename(Context& c, size_t node, const char* suffix)
{
    const std::string before = gltf::nodeLabel(gltf::nodeName(c.doc, node), node);
    if (godotHintName(godotHint(before)) == std::string_view(suffix))
        return wrote(c, node, std::string("its name already ends in ") + suffix); // a file read from names
    c.doc.json()["nodes"][node]["name"] = before + suffix;
    wrote(c, node, std::string("renamed '") + before + suffix + "'");
}

/// A new child of `node`; its index.
size_t addChild(Context& c, size_t node, gltf::Json child)
{
    gltf::Json& nodes = c.doc.json()["nodes"];
    nodes.push_back(std::move(child));
    const size_t index = nodes.size() - 1;
    gltf::Json& n = nodes[node];
    if (!n.contains("children") || !n["children"].is_array())
        n["children"] = gltf::Json::array();
    n["children"].push_back(index);
    wrote(c, node,
          "child node " + std::to_string(index) + " '" + nodes[index]["name"].get<std::string>() + "' added");
    return index;
}

/// The scale that makes the name's unit primitive (godotEmptyShape) into `s`, and the name; none when the
/// convention cannot name it.
std::optional<std::pair<const char*, physics::Vec3>> primitiveEmpty(const physics::Shape& s)
{
    switch (s.type) {
    case ShapeType::Box: // the name's box is 2 x 2 x 2 m
        return std::pair{"Box-colonly", physics::Vec3{s.size[0] / 2, s.size[1] / 2, s.size[2] / 2}};
    case ShapeType::Sphere: // radius 1 m
        return std::pair{"Sphere-colonly", physics::Vec3{s.radius, s.radius, s.radius}};
    case ShapeType::Cylinder: // radius 0.5 m, height 2 m along Y: X and Z scale the radius, Y the height
        if (s.radiusTop != s.radiusBottom)
            return std::nullopt;
        return std::pair{"Cylinder-colonly", physics::Vec3{2 * s.radiusTop, s.height / 2, 2 * s.radiusTop}};
    case ShapeType::Capsule: // radius 0.5 m, 1 m between the centres: only a uniform scale keeps it a capsule
        if (s.radiusTop != s.radiusBottom || std::abs(s.height - 2 * s.radiusTop) > 1e-9 * s.height)
            return std::nullopt;
        return std::pair{"Capsule-colonly", physics::Vec3{s.height, s.height, s.height}};
    default:
        return std::nullopt;
    }
}

/// A collider whose shape is a mesh (convex or trimesh) on a node that may not be moving.
/// True when the shape is the node's own mesh, or (a hull) a mesh whose every vertex is one of the node's
/// mesh's with the same bounds: the hull a reader of names (this project's, readNamedColliders) made of that
/// mesh, which Godot's -convcol and -rigid make again from the mesh itself.
bool ofOwnMesh(const Context& c, std::optional<size_t> own, const physics::Shape& shape)
{
    if (!own || static_cast<int>(*own) == shape.mesh)
        return own.has_value();
    if (shape.type != ShapeType::Convex)
        return false;
    const auto mine = gltf::meshTriangles(c.doc, *own);
    const auto its = gltf::meshTriangles(c.doc, static_cast<size_t>(shape.mesh));
    if (!mine || !its || its->positions.empty())
        return false;
    auto key = [](const QVector3D& p) { return std::array<float, 3>{p.x(), p.y(), p.z()}; };
    std::set<std::array<float, 3>> points;
    std::array<float, 3> low = key(mine->positions.front()), high = low;
    for (const QVector3D& p : mine->positions) {
        points.insert(key(p));
        for (int i = 0; i < 3; ++i) {
            low[i] = std::min(low[i], p[i]);
            high[i] = std::max(high[i], p[i]);
        }
    }
    std::array<float, 3> itsLow = key(its->positions.front()), itsHigh = itsLow;
    for (const QVector3D& p : its->positions) {
        if (!points.count(key(p)))
            return false;
        for (int i = 0; i < 3; ++i) {
            itsLow[i] = std::min(itsLow[i], p[i]);
            itsHigh[i] = std::max(itsHigh[i], p[i]);
        }
    }
    return low == itsLow && high == itsHigh;
}

void writeMeshCollider(Context& c, size_t node, const physics::Shape& shape, bool dynamic)
{
    const bool hull = shape.type == ShapeType::Convex;
    const auto own = gltf::nodeMesh(c.doc, node);
    const bool ownMesh = ofOwnMesh(c, own, shape);
    if (dynamic) {
        if (hull && ownMesh)
            return rename(c, node, "-rigid");
        return loseAt(c, node, shape.pointer,
                      "a dynamic body whose collider is not a convex hull of its own mesh (Godot's -rigid "
                      "makes only that)");
    }
    if (ownMesh)
        return rename(c, node, hull ? "-convcol" : "-col");
    const GodotHint only = hull ? GodotHint::ConvColOnly : GodotHint::ColOnly;
    if (!own && godotHint(gltf::nodeName(c.doc, node)) == only) {
        // Read from its name before (the reader takes the mesh off the node): the mesh goes back on it.
        c.doc.json()["nodes"][node]["mesh"] = shape.mesh;
        return wrote(c, node,
                     std::string("its name already ends in ") + godotHintName(only) + ", mesh " +
                         std::to_string(shape.mesh) + " put back on it");
    }
    gltf::Json child = gltf::Json::object();
    child["name"] = gltf::nodeLabel(gltf::nodeName(c.doc, node), node) + (hull ? "-convcolonly" : "-colonly");
    child["mesh"] = shape.mesh;
    addChild(c, node, std::move(child));
}

void writeCollider(Context& c, size_t node, const physics::Collider& collider, bool dynamic)
{
    if (collider.physicsMaterial >= 0)
        loseAt(c, node, collider.pointer, "its collider's physics material");
    if (collider.collisionFilter >= 0)
        loseAt(c, node, collider.pointer, "its collider's collision filter");
    if (collider.shape < 0)
        return; // a grouping collider: its parts are written at their own nodes
    if (static_cast<size_t>(collider.shape) >= c.model.shapes.size())
        return loseAt(c, node, collider.pointer, "a collider whose shape does not exist");
    const physics::Shape& shape = c.model.shapes[static_cast<size_t>(collider.shape)];
    if (auto body = movingAncestor(c, node))
        return loseAt(c, node, collider.pointer,
                      "a part of the moving body at " + refer(c, *body) +
                          " (the names would make it a static body of its own)");
    if (!shape.opaque && shape.mesh >= 0 &&
        (shape.type == ShapeType::Convex || shape.type == ShapeType::Trimesh))
        return writeMeshCollider(c, node, shape, dynamic);
    const auto empty = shape.opaque ? std::nullopt : primitiveEmpty(shape);
    if (!empty || dynamic)
        return loseAt(c, node, shape.pointer,
                      "a " + shape.typeName() +
                          (dynamic
                               ? " on a dynamic body (Godot's -rigid makes only a hull of the node's mesh)"
                               : " the names cannot say (boxes, spheres, cylinders and capsules of height "
                                 "2 x radius only)"));
    const std::string name = gltf::nodeName(c.doc, node);
    const auto named = gltf::nodeMesh(c.doc, node) ? std::nullopt : godotEmptyShape(name);
    if (godotHint(name) == GodotHint::ColOnly && named && named->sameGeometry(shape))
        return wrote(c, node, "its name already says this " + shape.typeName()); // a file read from names
    gltf::Json child = gltf::Json::object();
    child["name"] = empty->first;
    child["scale"] = {empty->second[0], empty->second[1], empty->second[2]};
    addChild(c, node, std::move(child));
}

void writeNode(Context& c, size_t node, const physics::NodePhysics& p)
{
    bool dynamic = false;
    if (p.motion && p.motion->type == physics::MotionType::Kinematic)
        loseAt(c, node, p.motion->pointer,
               "a kinematic body (the names make static and dynamic bodies only)");
    if (p.motion && p.motion->type == physics::MotionType::Dynamic) {
        dynamic = true;
        listMotionLosses(c, node, *p.motion);
        if (!p.collider || p.collider->shape < 0)
            loseAt(c, node, p.motion->pointer,
                   "a dynamic body without a collider of its own (Godot's -rigid takes the node's mesh)");
    }
    if (p.trigger)
        loseAt(c, node, p.trigger->pointer, "a trigger");
    if (p.joint)
        loseAt(c, node, p.joint.value().pointer, "a joint");
    if (p.collider)
        writeCollider(c, node, *p.collider, dynamic);
}

/// Every physics extension off the document, its nodes and its lists of extensions.
void removePhysicsExtensions(gltf::Json& root)
{
    namespace ext = physics::ext;
    const char* names[] = {ext::Body,           ext::Shape,
                           ext::LegacyCollider, ext::KhrBodies,
                           ext::KhrShapes,      ext::KhrLegacyShapes,
                           ext::Joint,          ext::MsftBodies,
                           ext::MsftShapes,     physics::KhrBodiesMisspelled};
    // A shapes list another extension names a shape of (a voxel primitive, ...) stays, with its listing.
    const auto foreign = physics::foreignShapeReferences(root);
    const auto usedByOthers = [&](const char* name) {
        return root.contains("extensions") && root["extensions"].is_object() &&
               root["extensions"].contains(name) &&
               !physics::referencesInto(foreign, root["extensions"][name]).empty();
    };
    std::vector<std::string> keptLists;
    for (const char* name : {ext::Shape, ext::KhrShapes}) {
        if (usedByOthers(name))
            keptLists.emplace_back(name);
    }
    const auto removed = [&](const std::string& name) {
        return std::find(std::begin(names), std::end(names), name) != std::end(names) &&
               std::find(keptLists.begin(), keptLists.end(), name) == keptLists.end();
    };
    auto strip = [&](gltf::Json& object) {
        if (!object.is_object() || !object.contains("extensions") || !object["extensions"].is_object())
            return;
        for (const char* name : names) {
            if (&object != &root || removed(name))
                object["extensions"].erase(name);
        }
        if (object["extensions"].empty())
            object.erase("extensions");
    };
    strip(root);
    if (root.contains("nodes") && root["nodes"].is_array())
        for (gltf::Json& node : root["nodes"])
            strip(node);
    for (const char* list : {"extensionsUsed", "extensionsRequired"}) {
        if (!root.contains(list) || !root[list].is_array())
            continue;
        gltf::Json kept = gltf::Json::array();
        for (const gltf::Json& name : root[list])
            if (!name.is_string() || !removed(name.get<std::string>()))
                kept.push_back(name);
        if (kept.empty())
            root.erase(list);
        else
            root[list] = std::move(kept);
    }
}

} // namespace

GodotNamesResult writeGodotNames(gltf::GltfDocument doc)
{
    GodotNamesResult result{std::move(doc), {}, {}, false};
    auto model = physics::readPhysics(result.document);
    if (!model) {
        result.unusable = true;
        result.losses = model.diagnostics;
        return result;
    }
    Context c{result.document, *model, result, {}};
    const size_t count = result.document.count("nodes");
    for (size_t n = 0; n < count; ++n) {
        const gltf::Json* node = result.document.element("nodes", n);
        if (node && node->contains("children") && (*node)["children"].is_array())
            for (const gltf::Json& child : (*node)["children"])
                if (child.is_number_unsigned())
                    c.parent.emplace(child.get<size_t>(), n);
    }
    listDocumentLosses(c);
    removePhysicsExtensions(result.document.json());
    for (const auto& [node, physics] : model->nodes)
        if (node < count)
            writeNode(c, node, physics);
    return result;
}

} // namespace cs::import
