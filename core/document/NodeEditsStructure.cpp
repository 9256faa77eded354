// Structural node operations: delete, duplicate, reparent (see NodeEdits.h).
#include "document/Document.h"
#include "document/NodeEdits.h"

#include <QUndoCommand>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <set>

namespace cs::document {

namespace {

using gltf::Json;

// The top-level arrays a structural change may touch, as they are now (absent: nullopt).
RestructureNodes::State stateOf(const Document& document, std::initializer_list<const char*> keys)
{
    RestructureNodes::State s;
    const Json& root = document.gltf().json();
    for (const char* key : keys) {
        const auto it = root.find(key);
        s.keys.emplace_back(key, it != root.end() ? std::optional<Json>(*it) : std::nullopt);
    }
    s.physics = document.model().nodes;
    return s;
}

// The whole state as a root object, to run the remapping functions on.
Json rootOf(const RestructureNodes::State& s)
{
    Json root = Json::object();
    for (const auto& [key, value] : s.keys) {
        if (value)
            root[key] = *value;
    }
    return root;
}

void takeKeys(RestructureNodes::State& s, const Json& root)
{
    for (auto& [key, value] : s.keys) {
        const auto it = root.find(key);
        value = it != root.end() ? std::optional<Json>(*it) : std::nullopt;
    }
}

bool referencesMove(const std::map<size_t, physics::NodePhysics>& nodes, const NodeMap& map)
{
    auto moves = [&](int index) {
        return index >= 0 && static_cast<size_t>(index) < map.size() &&
               map[static_cast<size_t>(index)] != index;
    };
    for (const auto& [index, n] : nodes) {
        if (moves(static_cast<int>(index)))
            return true;
        if (n.joint && moves(n.joint->connectedNode))
            return true;
        if (n.collider && moves(n.collider->geometryNode))
            return true;
        if (n.trigger && (moves(n.trigger->geometryNode) ||
                          std::any_of(n.trigger->nodes.begin(), n.trigger->nodes.end(), moves)))
            return true;
    }
    return false;
}

std::vector<NodeIndex> topmost(const Document& document, const std::vector<NodeIndex>& nodes)
{
    const gltf::SceneGraph& graph = document.sceneGraph();
    std::vector<NodeIndex> out;
    for (NodeIndex n : nodes) {
        if (n >= graph.nodeCount() || std::find(out.begin(), out.end(), n) != out.end())
            continue;
        const bool inside = std::any_of(nodes.begin(), nodes.end(), [&](NodeIndex other) {
            return other < graph.nodeCount() && graph.isDescendantOf(n, other);
        });
        if (!inside)
            out.push_back(n);
    }
    return out;
}

void subtree(const gltf::SceneGraph& graph, NodeIndex node, std::vector<NodeIndex>& out)
{
    out.push_back(node);
    for (size_t c : graph.children(node))
        subtree(graph, c, out);
}

NodeMap deletionMap(const Document& document, const std::vector<NodeIndex>& nodes)
{
    const size_t count = document.gltf().count("nodes");
    std::vector<bool> goes(count, false);
    for (NodeIndex n : withSubtrees(document, nodes))
        goes[n] = true;
    NodeMap map(count, -1);
    int next = 0;
    for (size_t i = 0; i < count; ++i) {
        if (!goes[i])
            map[i] = next++;
    }
    return map;
}

bool isAnimated(const Json& root, NodeIndex node)
{
    const auto animations = root.find("animations");
    if (animations == root.end() || !animations->is_array())
        return false;
    for (const Json& a : *animations) {
        if (!a.is_object() || !a.contains("channels") || !a["channels"].is_array())
            continue;
        for (const Json& c : a["channels"]) {
            if (!c.is_object() || !c.contains("target") || !c["target"].is_object())
                continue;
            const Json& target = c["target"];
            if (target.contains("node") && target["node"].is_number_integer() &&
                target["node"].get<long long>() == static_cast<long long>(node))
                return true;
        }
    }
    return false;
}

// The scene lists (`scenes[*].nodes`) or parent `children` list that hold `node`, with `node` removed.
void detach(Json& root, NodeIndex node)
{
    const Json target = node;
    auto drop = [&](Json& owner, const char* key) {
        if (!owner.is_object() || !owner.contains(key) || !owner[key].is_array())
            return;
        Json& list = owner[key];
        for (size_t i = list.size(); i-- > 0;) {
            if (list[i] == target)
                list.erase(i);
        }
    };
    if (root.contains("scenes") && root["scenes"].is_array()) {
        for (Json& scene : root["scenes"])
            drop(scene, "nodes");
    }
    if (root.contains("nodes") && root["nodes"].is_array()) {
        for (Json& n : root["nodes"])
            drop(n, "children");
    }
}

// The default scene: `scene`, else 0; -1 when there are no scenes.
int defaultScene(const Json& root)
{
    const auto scenes = root.find("scenes");
    if (scenes == root.end() || !scenes->is_array() || scenes->empty())
        return -1;
    const auto it = root.find("scene");
    const long long scene = it != root.end() && it->is_number_integer() ? it->get<long long>() : 0;
    return scene >= 0 && static_cast<size_t>(scene) < scenes->size() ? static_cast<int>(scene) : 0;
}

} // namespace

std::vector<NodeIndex> withSubtrees(const Document& document, const std::vector<NodeIndex>& nodes)
{
    std::vector<NodeIndex> out;
    for (NodeIndex n : topmost(document, nodes))
        subtree(document.sceneGraph(), n, out);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Diagnostics deletionProblems(const Document& document, const std::vector<NodeIndex>& nodes)
{
    return nodeMapProblems(document.gltf().json(), document.model(), deletionMap(document, nodes));
}

Result<size_t> deleteNodes(Document& document, const std::vector<NodeIndex>& nodes)
{
    Result<size_t> out;
    const std::vector<NodeIndex> gone = withSubtrees(document, nodes);
    if (gone.empty()) {
        out.value = 0;
        return out;
    }
    const NodeMap map = deletionMap(document, nodes);
    out.diagnostics = nodeMapProblems(document.gltf().json(), document.model(), map);
    if (hasErrors(out.diagnostics))
        return out;

    RestructureNodes::State before = stateOf(document, {"nodes", "scenes", "skins", "animations"});
    RestructureNodes::State after = before;
    Json root = rootOf(before);
    remapDocument(root, map);
    Json kept = Json::array();
    for (size_t i = 0; i < map.size(); ++i) {
        if (map[i] >= 0)
            kept.push_back(std::move(root["nodes"][i]));
    }
    root["nodes"] = std::move(kept);
    takeKeys(after, root);
    after.physics = remapPhysicsNodes(before.physics, map);
    const bool physicsChanged = referencesMove(before.physics, map);
    const QString text =
        gone.size() == 1 ? QStringLiteral("Delete Node") : QStringLiteral("Delete %1 Nodes").arg(gone.size());
    document.push(
        new RestructureNodes(&document, text, std::move(before), std::move(after), gone, {}, physicsChanged));
    out.value = gone.size();
    return out;
}

std::vector<NodeIndex> duplicateNodes(Document& document, const std::vector<NodeIndex>& nodes)
{
    const std::vector<NodeIndex> roots = topmost(document, nodes);
    if (roots.empty())
        return {};
    const gltf::SceneGraph& graph = document.sceneGraph();
    const size_t count = document.gltf().count("nodes");
    RestructureNodes::State before = stateOf(document, {"nodes", "scenes"});
    RestructureNodes::State after = before;
    Json root = rootOf(before);
    std::vector<NodeIndex> created, copiesOfRoots;
    bool physicsCopied = false;
    for (NodeIndex original : roots) {
        std::vector<NodeIndex> members;
        subtree(graph, original, members);
        // References inside the subtree go to the copies; the rest stay.
        NodeMap map = identityMap(count);
        const size_t first = root["nodes"].size();
        for (size_t i = 0; i < members.size(); ++i)
            map[members[i]] = static_cast<int>(first + i);
        for (size_t i = 0; i < members.size(); ++i) {
            Json copy = root["nodes"][members[i]];
            remapNodeObject(copy, map);
            if (i == 0 && copy.contains("name") && copy["name"].is_string())
                copy["name"] = copy["name"].get<std::string>() + " copy";
            root["nodes"].push_back(std::move(copy));
            created.push_back(first + i);
            if (const auto p = before.physics.find(members[i]); p != before.physics.end()) {
                physics::NodePhysics n = p->second;
                remapNodePhysics(n, map);
                n.pointer.clear();
                after.physics[first + i] = std::move(n);
                physicsCopied = true;
            }
        }
        // Next to the original: in its parent's children, else in every scene that lists it.
        const Json copyIndex = first;
        if (const std::optional<NodeIndex> parent = graph.parent(original)) {
            root["nodes"][*parent]["children"].push_back(copyIndex);
        } else if (root.contains("scenes") && root["scenes"].is_array()) {
            for (Json& scene : root["scenes"]) {
                if (!scene.is_object() || !scene.contains("nodes") || !scene["nodes"].is_array())
                    continue;
                Json& list = scene["nodes"];
                const auto at = std::find(list.begin(), list.end(), Json(original));
                if (at != list.end())
                    list.insert(at + 1, copyIndex);
            }
        }
        copiesOfRoots.push_back(first);
    }
    takeKeys(after, root);
    const QString text = roots.size() == 1 ? QStringLiteral("Duplicate Node")
                                           : QStringLiteral("Duplicate %1 Nodes").arg(roots.size());
    document.push(new RestructureNodes(&document, text, std::move(before), std::move(after), {}, created,
                                       physicsCopied));
    return copiesOfRoots;
}

Diagnostics reparentNode(Document& document, NodeIndex node, std::optional<NodeIndex> parent)
{
    const gltf::SceneGraph& graph = document.sceneGraph();
    const size_t count = graph.nodeCount();
    if (node >= count || (parent && *parent >= count))
        return {makeError("NODE_NOT_FOUND", "no such node")};
    if (parent && (*parent == node || graph.isDescendantOf(*parent, node)))
        return {
            makeError("NODE_REPARENT_CYCLE", "a node cannot be moved under itself or one of its children")};
    if (graph.parent(node) == parent)
        return {}; // already there

    geometry::Mat4d parentWorld, inverse;
    if (parent)
        parentWorld = nodeWorldMatrix(document, *parent);
    if (!geometry::affineInverse(parentWorld, inverse))
        return {makeError("NODE_PARENT_SINGULAR",
                          "the new parent's transform flattens space (a zero scale); the node's place in the "
                          "world could not be kept")};
    const geometry::Mat4d local = inverse * nodeWorldMatrix(document, node);
    const geometry::MatrixDecomposition d = geometry::decompose(local);

    Diagnostics out;
    const Json& current = document.gltf().json();
    const std::string pointer = jsonPointer({"nodes", std::to_string(node)});
    RestructureNodes::State before = stateOf(document, {"nodes", "scenes"});
    RestructureNodes::State after = before;
    Json root = rootOf(before);
    Json& json = root["nodes"][node];
    const geometry::Mat4d old = nodeLocalMatrix(json);
    bool same = true;
    for (size_t i = 0; i < 16; ++i)
        same = same && std::fabs(old.m[i] - local.m[i]) <= 1e-12 * std::max(1.0, std::fabs(old.m[i]));
    if (same) {
        // The parents' world transforms are equal: the node's own transform stays exactly as written.
    } else if (d.exact(1e-9)) {
        json.erase("matrix");
        json.erase("translation");
        json.erase("rotation");
        json.erase("scale");
        field::NodeTransformAll::set(json, d.trs);
    } else {
        if (isAnimated(current, node))
            return {makeError("NODE_REPARENT_SHEAR",
                              "under the new parent the node's transform has shear, which an animated node "
                              "(TRS only) cannot hold",
                              pointer)};
        json.erase("translation");
        json.erase("rotation");
        json.erase("scale");
        json["matrix"] = local.m;
        out.push_back(makeWarning("NODE_REPARENT_SHEAR",
                                  "under the new parent the node's transform has shear; it is written as a "
                                  "matrix to keep its place in the world",
                                  pointer));
    }
    detach(root, node);
    if (parent) {
        root["nodes"][*parent]["children"].push_back(node);
    } else if (const int scene = defaultScene(root); scene >= 0) {
        root["scenes"][size_t(scene)]["nodes"].push_back(node);
    }
    takeKeys(after, root);
    document.push(new RestructureNodes(&document, QStringLiteral("Reparent Node"), std::move(before),
                                       std::move(after), {}, {}, false));
    return out;
}

Diagnostics reparentNodes(Document& document, const std::vector<NodeIndex>& nodes,
                          std::optional<NodeIndex> parent)
{
    const gltf::SceneGraph& graph = document.sceneGraph();
    std::vector<NodeIndex> moving;
    for (NodeIndex node : nodes) {
        const bool below = std::any_of(nodes.begin(), nodes.end(), [&](NodeIndex other) {
            return other != node && node < graph.nodeCount() && other < graph.nodeCount() &&
                   graph.isDescendantOf(node, other);
        });
        // A node already under the parent has nothing to do (no empty step in the history).
        const bool there = node < graph.nodeCount() && graph.parent(node) == parent;
        if (!below && !there && std::find(moving.begin(), moving.end(), node) == moving.end())
            moving.push_back(node);
    }
    if (moving.empty())
        return {};
    QUndoStack* stack = document.undoStack();
    stack->beginMacro(moving.size() == 1 ? QStringLiteral("Reparent Node")
                                         : QStringLiteral("Reparent Nodes"));
    Diagnostics out;
    bool failed = false;
    for (NodeIndex node : moving) {
        Diagnostics d = reparentNode(document, node, parent);
        failed = failed || hasErrors(d);
        out.insert(out.end(), d.begin(), d.end());
        if (failed)
            break;
    }
    stack->endMacro();
    if (failed) {
        // Take back the nodes already moved: the drop is all or nothing. Pushing an obsolete command then
        // drops the undone step from the history (Qt deletes an obsolete command instead of keeping it).
        stack->undo();
        auto* drop = new QUndoCommand();
        drop->setObsolete(true);
        stack->push(drop);
    }
    return out;
}

} // namespace cs::document
