// finishForTarget(): edits of the written JSON where the writers' newest form is not what an engine reads.
#include "gltf/SceneGraph.h"
#include "physics/OmiWriter.h"
#include "physics/PhysicsModel.h"
#include "targets/TargetBabylon.h"
#include "targets/TargetExport.h"
#include "targets/TargetNodeOrder.h"

#include <charconv>
#include <cstdio>
#include <utility>
#include <vector>

namespace cs::targets {

using gltf::Json;
namespace ext = physics::ext;

namespace {

Diagnostic changed(std::string message, std::string pointer)
{
    return makeInfo(kTargetChanged, std::move(message), std::move(pointer));
}

double numberOr(const Json& object, const char* key, double fallback)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_number() ? it->get<double>() : fallback;
}

/// Babylon reads the document's `extensions` unconditionally (BAB:351-359); Blender imports nothing without
/// the document-level KHR_physics_rigid_bodies (BLE imp:107-112).
void documentObject(Json& root, Diagnostics& changes)
{
    if (!root.contains("extensions") || !root["extensions"].is_object())
        root["extensions"] = Json::object();
    if (!root["extensions"].contains(ext::KhrBodies)) {
        root["extensions"][ext::KhrBodies] = Json::object();
        changes.push_back(changed("document-level KHR_physics_rigid_bodies written (empty)",
                                  std::string("/extensions/") + ext::KhrBodies));
    }
}

/// Materials get every friction and restitution field, so that an engine's own fallback (Babylon 0.5,
/// BAB:301-327) never replaces the spec's default.
void explicitMaterialFields(Json& root, const char* bodyExtension, Diagnostics& changes)
{
    if (!root.contains("extensions") || !root["extensions"].contains(bodyExtension))
        return;
    Json& body = root["extensions"][bodyExtension];
    if (!body.contains("physicsMaterials") || !body["physicsMaterials"].is_array())
        return;
    Json& list = body["physicsMaterials"];
    for (size_t i = 0; i < list.size(); ++i) {
        for (const auto& [key, value] : {std::pair{"staticFriction", 0.6}, std::pair{"dynamicFriction", 0.6},
                                         std::pair{"restitution", 0.0}}) {
            if (list[i].is_object() && !list[i].contains(key)) {
                list[i][key] = value;
                changes.push_back(changed(std::string(key) + " written explicitly (the spec's default)",
                                          std::string("/extensions/") + bodyExtension + "/physicsMaterials/" +
                                              std::to_string(i) + "/" + key));
            }
        }
    }
}

/// Every size parameter written out with the family's default (KHR-PHYSICS-DIGEST 3.3: KHR capsule and
/// cylinder 0.5 high with radii 0.25; OMI capsule 1.0 mid-height, cylinder 2.0, radii 0.5), so that a reader
/// with other defaults (the Sample Renderer's glTF 2.1 ones, Godot's) builds the same shape.
void explicitShapeParameters(Json& root, bool khr, Diagnostics& changes)
{
    const char* name = khr ? ext::KhrShapes : ext::Shape;
    if (!root.contains("extensions") || !root["extensions"].contains(name))
        return;
    Json& shapes = root["extensions"][name]["shapes"];
    const double radius = khr ? 0.25 : 0.5;
    for (size_t i = 0; shapes.is_array() && i < shapes.size(); ++i) {
        if (!shapes[i].is_object() || !shapes[i].contains("type") || !shapes[i]["type"].is_string())
            continue;
        const std::string type = shapes[i]["type"].get<std::string>();
        if (!shapes[i].contains(type) || !shapes[i][type].is_object())
            continue;
        Json& params = shapes[i][type];
        std::vector<std::pair<const char*, Json>> defaults;
        if (type == "box")
            defaults = {{"size", Json::array({1.0, 1.0, 1.0})}};
        else if (type == "sphere")
            defaults = {{"radius", 0.5}};
        else if ((type == "capsule" || type == "cylinder") && !params.contains("radius"))
            defaults = {{"height", khr ? 0.5 : (type == "capsule" ? 1.0 : 2.0)},
                        {"radiusTop", radius},
                        {"radiusBottom", radius}};
        for (const auto& [key, value] : defaults) {
            if (params.contains(key))
                continue;
            params[key] = value;
            changes.push_back(changed(std::string(key) + " written explicitly (the family's default)",
                                      std::string("/extensions/") + name + "/shapes/" + std::to_string(i) +
                                          "/" + type + "/" + key));
        }
    }
}

/// a + b as the decimal the two figures of the file add up to: a mid-height 0.2 and twice a radius 0.5 give a
/// full height of 1.2, where double arithmetic leaves 1.2000000000000002. Fifteen significant digits are as
/// many as every double keeps through decimal text, so the sum is rounded to them.
double decimalSum(double a, double b)
{
    const double sum = a + b;
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, sum, std::chars_format::general, 15);
    double decimal = sum;
    if (written.ec != std::errc() || std::from_chars(text, written.ptr, decimal).ec != std::errc())
        return sum;
    return decimal;
}

/// Godot reads only `radius` and the full `height` (G47 shape.cpp:314-338): an E7 capsule with equal radii is
/// rewritten in that form, and a cylinder with equal radii also gets `radius` (its `height` is already the
/// full height); tapered ones stay (the check reports them).
void godotShapes(Json& root, Diagnostics& changes)
{
    if (!root.contains("extensions") || !root["extensions"].contains(ext::Shape))
        return;
    Json& shapes = root["extensions"][ext::Shape]["shapes"];
    for (size_t i = 0; shapes.is_array() && i < shapes.size(); ++i) {
        const Json type = shapes[i].is_object() && shapes[i].contains("type") ? shapes[i]["type"] : Json();
        if ((type != Json("capsule") && type != Json("cylinder")) ||
            !shapes[i].contains(type.get<std::string>()))
            continue;
        Json& params = shapes[i][type.get<std::string>()];
        const double top = numberOr(params, "radiusTop", 0.5);
        if (params.contains("radius") || top != numberOr(params, "radiusBottom", 0.5))
            continue;
        const std::string at = std::string("/extensions/") + ext::Shape + "/shapes/" + std::to_string(i);
        if (type == Json("cylinder")) {
            params["radius"] = top;
            changes.push_back(changed("cylinder `radius` written (Godot reads no other radius)", at));
            continue;
        }
        const double full = decimalSum(numberOr(params, "height", 1.0), 2 * top);
        params = Json{{"radius", top}, {"height", full}};
        char text[96];
        std::snprintf(text, sizeof text, "capsule written as radius %g, full height %g (Godot's form)", top,
                      full);
        changes.push_back(changed(text, at));
    }
}

/// Unity computes the centre of mass when `centerOfMass` is absent (UNI
/// DefaultPhysicsBodyHandler.cs:199-255); OMI means the node origin, so it is written out.
void explicitCenterOfMass(Json& root, Diagnostics& changes)
{
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    Json& nodes = root["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i) {
        Json* extensions = nodes[i].contains("extensions") ? &nodes[i]["extensions"] : nullptr;
        if (!extensions || !extensions->is_object() || !extensions->contains(ext::Body))
            continue;
        Json& body = (*extensions)[ext::Body];
        if (!body.is_object() || !body.contains("motion") || !body["motion"].is_object() ||
            body["motion"].contains("centerOfMass"))
            continue;
        body["motion"]["centerOfMass"] = Json::array({0.0, 0.0, 0.0});
        changes.push_back(
            changed("centerOfMass written explicitly (OMI's node origin)",
                    "/nodes/" + std::to_string(i) + "/extensions/" + ext::Body + "/motion/centerOfMass"));
    }
}

/// Godot does not instantiate the mesh of a node its physics extension builds (G47 gltf_document.cpp:
/// 4514-4524): the mesh moves to a new child node with the identity transform.
void godotMeshesOffPhysicsNodes(Json& root, Diagnostics& changes)
{
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    Json& nodes = root["nodes"];
    const size_t count = nodes.size();
    for (size_t i = 0; i < count; ++i) {
        Json& node = nodes[i];
        const Json* body = node.contains("extensions") && node["extensions"].is_object() &&
                                   node["extensions"].contains(ext::Body)
                               ? &node["extensions"][ext::Body]
                               : nullptr;
        if (!body || !body->is_object() || !node.contains("mesh") ||
            !(body->contains("motion") || body->contains("collider")))
            continue;
        Json child = {{"mesh", node["mesh"]}};
        if (node.contains("name") && node["name"].is_string())
            child["name"] = node["name"].get<std::string>() + " mesh";
        node.erase("mesh");
        if (!node.contains("children") || !node["children"].is_array())
            node["children"] = Json::array();
        node["children"].push_back(nodes.size());
        nodes.push_back(child);
        changes.push_back(changed("mesh moved to new child node " + std::to_string(nodes.size() - 1),
                                  "/nodes/" + std::to_string(i) + "/mesh"));
    }
}

/// The `name` extension object (OMI_physics_body, KHR_physics_rigid_bodies) of node `i`, or nullptr.
Json* bodyObjectOf(Json& nodes, size_t i, const char* name)
{
    Json& node = nodes[i];
    if (!node.is_object() || !node.contains("extensions") || !node["extensions"].is_object())
        return nullptr;
    auto it = node["extensions"].find(name);
    return it != node["extensions"].end() && it->is_object() ? &*it : nullptr;
}

Json* omiBodyOf(Json& nodes, size_t i)
{
    return bodyObjectOf(nodes, i, ext::Body);
}

/// Blender's importer fails on each node with a collider or trigger and loses that node's motion (BLE imp:
/// 142-209): a collider or trigger shape on a body's own node moves to a new child node with the identity
/// transform, where the body holds it as a compound child (the same shape in the same place). A compound
/// trigger stays: its members must stay below it.
void collidersOffMotionNodes(Json& root, const char* bodyExtension, Diagnostics& changes)
{
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    Json& nodes = root["nodes"];
    const size_t count = nodes.size();
    for (size_t i = 0; i < count; ++i) {
        Json* body = bodyObjectOf(nodes, i, bodyExtension);
        if (!body || !body->contains("motion"))
            continue;
        Json moved = Json::object();
        for (const char* key : {"collider", "trigger"}) {
            if (body->contains(key) && (*body)[key].is_object() && !(*body)[key].contains("nodes")) {
                moved[key] = (*body)[key];
                body->erase(key);
                changes.push_back(
                    changed(std::string(key) + " moved to new child node " + std::to_string(nodes.size()) +
                                " (identity transform)",
                            "/nodes/" + std::to_string(i) + "/extensions/" + bodyExtension + "/" + key));
            }
        }
        if (moved.empty())
            continue;
        Json child = Json::object();
        if (nodes[i].contains("name") && nodes[i]["name"].is_string())
            child["name"] = nodes[i]["name"].get<std::string>() + " collider";
        child["extensions"] = Json::object();
        child["extensions"][bodyExtension] = moved;
        if (!nodes[i].contains("children") || !nodes[i]["children"].is_array())
            nodes[i]["children"] = Json::array();
        nodes[i]["children"].push_back(nodes.size());
        nodes.push_back(child);
    }
}

/// Godot joins a collider to a body only when the body is its node or the node's direct parent (G47
/// doc_ext.cpp:337-346); deeper, it gets a StaticBody3D of its own. Such a collider moves to a new child node
/// of its body whose matrix is the collider node's placement in the body's frame (the transforms between them
/// baked in); its node keeps the rest (mesh, children).
void godotCollidersUnderBodies(gltf::GltfDocument& doc, const gltf::SceneGraph& graph, Diagnostics& changes)
{
    Json& root = doc.json();
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    Json& nodes = root["nodes"];
    const size_t count = nodes.size();
    auto hasMotion = [&](size_t n) {
        const Json* b = omiBodyOf(nodes, n);
        return b && b->contains("motion");
    };
    for (size_t i = 0; i < count; ++i) {
        Json* body = omiBodyOf(nodes, i);
        if (!body || !body->contains("collider") || body->contains("motion"))
            continue;
        std::optional<size_t> owner = graph.parent(i);
        while (owner && !hasMotion(*owner))
            owner = graph.parent(*owner);
        if (!owner || graph.parent(i) == owner)
            continue;
        const QMatrix4x4 local = graph.worldTransform(*owner).inverted() * graph.worldTransform(i);
        Json matrix = Json::array();
        for (int k = 0; k < 16; ++k)
            matrix.push_back(double(local.constData()[k]));
        Json moved = Json::object();
        moved["collider"] = (*body)["collider"];
        Json child = Json::object();
        if (nodes[i].contains("name") && nodes[i]["name"].is_string())
            child["name"] = nodes[i]["name"].get<std::string>() + " collider";
        child["matrix"] = matrix;
        child["extensions"] = Json::object();
        child["extensions"][ext::Body] = moved;
        body->erase("collider");
        if (body->empty())
            nodes[i]["extensions"].erase(ext::Body);
        if (nodes[i]["extensions"].empty())
            nodes[i].erase("extensions");
        Json& ownerNode = nodes[*owner];
        if (!ownerNode.contains("children") || !ownerNode["children"].is_array())
            ownerNode["children"] = Json::array();
        ownerNode["children"].push_back(nodes.size());
        nodes.push_back(child);
        changes.push_back(changed("collider moved to new child node " + std::to_string(nodes.size() - 1) +
                                      " of body node " + std::to_string(*owner) +
                                      " (the transforms between them baked in)",
                                  "/nodes/" + std::to_string(i) + "/extensions/" + ext::Body + "/collider"));
    }
}

} // namespace

Diagnostics finishForTarget(gltf::GltfDocument& doc, const Target& target, ExportScene& exported)
{
    Diagnostics changes;
    Json& root = doc.json();
    // The export's graph is the written JSON's (the writers change no node). Each move below reports every
    // node it adds, moves or renumbers, so a move that changed nothing leaves the graph as it is; one that
    // did has it built again for the next that reads it.
    bool moved = false;
    auto move = [&](auto pass) {
        const size_t before = changes.size();
        pass();
        moved = moved || changes.size() != before;
    };
    auto graph = [&]() -> const gltf::SceneGraph& {
        if (std::exchange(moved, false))
            exported.rebuildGraph(doc);
        return exported.graph();
    };
    try {
        if (target.family == TargetFamily::Khr && physics::extensionPresent(root, ext::KhrBodies))
            documentObject(root, changes);
        if (target.family == TargetFamily::Khr && target.verdict(Feature::NestedMotion) != Verdict::Reads)
            move([&] { flattenNestedBodies(doc, graph(), changes); });
        if (target.verdict(Feature::MaterialDefaults) != Verdict::Reads)
            explicitMaterialFields(root, target.family == TargetFamily::Khr ? ext::KhrBodies : ext::Body,
                                   changes);
        if (target.family != TargetFamily::Any)
            explicitShapeParameters(root, target.family == TargetFamily::Khr, changes);
        if (target.verdict(Feature::CapsuleMidHeight) != Verdict::Reads)
            godotShapes(root, changes);
        if (target.family == TargetFamily::Omi &&
            target.verdict(Feature::CenterOfMassAbsent) != Verdict::Reads)
            explicitCenterOfMass(root, changes);
        if (target.family == TargetFamily::Omi &&
            target.verdict(Feature::ColliderNotChildOfBody) != Verdict::Reads)
            move([&] { godotCollidersUnderBodies(doc, graph(), changes); });
        if (target.verdict(Feature::MeshOnPhysicsNode) != Verdict::Reads)
            move([&] { godotMeshesOffPhysicsNodes(root, changes); });
        if (target.family != TargetFamily::Any &&
            target.verdict(Feature::MotionWithCollider) != Verdict::Reads)
            move([&] {
                collidersOffMotionNodes(root, target.family == TargetFamily::Khr ? ext::KhrBodies : ext::Body,
                                        changes);
            });
        // Last: the moves above add nodes.
        if (target.verdict(Feature::NodeOrder) != Verdict::Reads)
            move([&] { depthFirstNodeOrder(doc, graph(), changes); });
    } catch (const Json::exception& e) {
        moved = true; // a move may have stopped half way
        changes.push_back(makeError("TARGET_EXPORT_FAILED",
                                    std::string("the written JSON has an unexpected shape: ") + e.what()));
    }
    graph(); // the finished document's, for the check of what the target still cannot read
    return changes;
}

} // namespace cs::targets
