#include "targets/TargetBabylon.h"

#include "geometry/Transform.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "targets/TargetExport.h"

#include <algorithm>
#include <set>

namespace cs::targets {

using gltf::Json;

namespace {

/// Havok's filter masks are 32 bits; the loader gives each system name the next bit (BAB:285-299).
constexpr size_t kHavokSystems = 32;

bool hasMotion(const Json& node)
{
    if (!node.is_object() || !node.contains("extensions") || !node["extensions"].is_object())
        return false;
    const auto body = node["extensions"].find(physics::ext::KhrBodies);
    return body != node["extensions"].end() && body->is_object() && body->contains("motion");
}

/// The outermost proper ancestor of `node` whose node has `motion`, if any.
std::optional<size_t> outermostBodyAbove(const gltf::SceneGraph& graph, const Json& nodes, size_t node)
{
    std::optional<size_t> outer;
    for (auto up = graph.parent(node); up; up = graph.parent(*up)) {
        if (hasMotion(nodes[*up]))
            outer = *up;
    }
    return outer;
}

/// The node's transform replaced by `local`: translation, rotation and scale when they hold it, else
/// `matrix`.
void setLocalTransform(Json& node, const QMatrix4x4& local)
{
    geometry::Mat4d m;
    for (size_t k = 0; k < 16; ++k)
        m.m[k] = double(local.constData()[k]);
    for (const char* key : {"matrix", "translation", "rotation", "scale"})
        node.erase(key);
    const geometry::MatrixDecomposition d = geometry::decompose(m);
    if (!d.exact(1e-5)) {
        node["matrix"] = Json::array();
        for (double v : m.m)
            node["matrix"].push_back(v);
        return;
    }
    const geometry::Trs& t = d.trs;
    node["translation"] = Json::array({t.translation.x, t.translation.y, t.translation.z});
    node["rotation"] = Json::array({t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w});
    node["scale"] = Json::array({t.scale.x, t.scale.y, t.scale.z});
}

void removeChild(Json& parent, size_t child)
{
    Json& children = parent["children"];
    children.erase(std::remove(children.begin(), children.end(), Json(child)), children.end());
    if (children.empty())
        parent.erase("children");
}

/// `node` added as a root of every scene that lists `root`.
void addRoot(Json& root, size_t sceneRoot, size_t node)
{
    if (!root.contains("scenes") || !root["scenes"].is_array())
        return;
    for (Json& scene : root["scenes"]) {
        if (!scene.is_object() || !scene.contains("nodes") || !scene["nodes"].is_array())
            continue;
        const Json& list = scene["nodes"];
        if (std::find(list.begin(), list.end(), Json(sceneRoot)) != list.end())
            scene["nodes"].push_back(node);
    }
}

} // namespace

void flattenNestedBodies(gltf::GltfDocument& doc, const gltf::SceneGraph& graph, Diagnostics& changes)
{
    Json& root = doc.json();
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    Json& nodes = root["nodes"];
    for (size_t i = 0; i < nodes.size() && i < graph.nodeCount(); ++i) {
        if (!hasMotion(nodes[i]))
            continue;
        const std::optional<size_t> outer = outermostBodyAbove(graph, nodes, i);
        if (!outer)
            continue;
        // World transforms do not change with the moves, so the graph built before them stays right.
        const std::optional<size_t> newParent = graph.parent(*outer);
        const QMatrix4x4 parentWorld = newParent ? graph.worldTransform(*newParent) : QMatrix4x4();
        setLocalTransform(nodes[i], parentWorld.inverted() * graph.worldTransform(i));
        removeChild(nodes[*graph.parent(i)], i);
        std::string place;
        if (newParent) {
            nodes[*newParent]["children"].push_back(i);
            place = "a child of node " + std::to_string(*newParent);
        } else {
            addRoot(root, *outer, i);
            place = "a root of the scene";
        }
        changes.push_back(makeInfo(kTargetChanged,
                                   "body node " + std::to_string(i) + " moved out of body node " +
                                       std::to_string(*outer) + " to " + place +
                                       " (its world transform baked in): Babylon gives a collider to the "
                                       "outermost body above it",
                                   "/nodes/" + std::to_string(i)));
    }
}

void explicitHavokMaterials(physics::PhysicsModel& model, Diagnostics& changes)
{
    const bool anyMode = std::any_of(model.materials.begin(), model.materials.end(), [](const auto& m) {
        return m.frictionCombine.has_value() || m.restitutionCombine.has_value();
    });
    if (model.format == physics::SourceFormat::Khr && anyMode)
        return;
    for (physics::PhysicsMaterial& m : model.materials) {
        for (auto* mode : {&m.frictionCombine, &m.restitutionCombine}) {
            if (mode->has_value())
                continue;
            *mode = physics::CombineMode::Average;
            changes.push_back(
                makeInfo(kTargetChanged,
                         std::string(mode == &m.frictionCombine ? "frictionCombine" : "restitutionCombine") +
                             " written as average (Babylon's loader reads an absent mode as "
                             "maximum / minimum)",
                         m.pointer));
        }
    }
    int shared = -1;
    size_t given = 0;
    for (auto& [index, node] : model.nodes) {
        if (!node.collider || node.collider->physicsMaterial >= 0)
            continue;
        if (shared < 0) {
            physics::PhysicsMaterial defaults;
            defaults.frictionCombine = physics::CombineMode::Average;
            defaults.restitutionCombine = physics::CombineMode::Average;
            shared = int(model.materials.size());
            model.materials.push_back(defaults);
        }
        node.collider->physicsMaterial = shared;
        ++given;
    }
    if (shared >= 0)
        changes.push_back(makeInfo(kTargetChanged,
                                   "material " + std::to_string(shared) +
                                       " (0.6, 0.6, 0, average) added for the " + std::to_string(given) +
                                       " collider(s) without one: without one Havok uses friction 0.5, "
                                       "geometric mean",
                                   std::string("/extensions/") + physics::ext::KhrBodies +
                                       "/physicsMaterials/" + std::to_string(shared)));
}

void systemForFiltersWithout(physics::PhysicsModel& model, Diagnostics& changes)
{
    std::set<std::string> names;
    bool without = false;
    for (const physics::CollisionFilter& f : model.filters) {
        for (const auto* list : {&f.collisionSystems, &f.collideWithSystems, &f.notCollideWithSystems})
            names.insert(list->begin(), list->end());
        without = without || f.collisionSystems.empty();
    }
    if (!without || names.size() >= kHavokSystems)
        return;
    std::string name = "no-system";
    for (int n = 2; names.count(name) > 0; ++n)
        name = "no-system-" + std::to_string(n);
    for (physics::CollisionFilter& f : model.filters) {
        if (!f.collisionSystems.empty())
            continue;
        f.collisionSystems = {name};
        changes.push_back(
            makeInfo(kTargetChanged,
                     "collisionSystems written as [\"" + name +
                         "\"], a system no filter lists: without it Babylon makes the collider a "
                         "member of every system",
                     f.pointer));
    }
}

} // namespace cs::targets
