#include "targets/TargetNodeOrder.h"

#include "gltf/NodeWalk.h"
#include "physics/NodeReferences.h"
#include "physics/OmiReader.h"
#include "targets/TargetExport.h"

namespace cs::targets {

using gltf::Json;

std::vector<size_t> depthFirstNodes(const gltf::SceneGraph& graph)
{
    std::vector<size_t> order;
    if (graph.sceneCount() == 0)
        return order;
    const size_t scene = graph.defaultScene() >= 0 ? size_t(graph.defaultScene()) : 0;
    if (scene >= graph.sceneCount())
        return order;
    return gltf::preOrder(graph, graph.sceneRoots(scene));
}

namespace {

/// map[old] = new: the walk first, then every node it does not reach in index order. Empty when the walk
/// reaches a node twice or leaves the array (no such map).
physics::NodeMap depthFirstMap(const std::vector<size_t>& order, size_t count)
{
    physics::NodeMap map(count, -1);
    int next = 0;
    for (size_t n : order) {
        if (n >= count || map[n] != -1)
            return {};
        map[n] = next++;
    }
    for (size_t n = 0; n < count; ++n) {
        if (map[n] == -1)
            map[n] = next++;
    }
    return map;
}

} // namespace

void depthFirstNodeOrder(gltf::GltfDocument& doc, const gltf::SceneGraph& graph, Diagnostics& changes)
{
    Json& root = doc.json();
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    const size_t count = root["nodes"].size();
    const physics::NodeMap map = depthFirstMap(depthFirstNodes(graph), count);
    bool moves = false;
    for (size_t n = 0; n < map.size(); ++n)
        moves = moves || map[n] != int(n);
    if (map.empty() || !moves)
        return;
    // The written JSON's own model: the finishing moves carried physics to new nodes, so the adapted model's
    // node numbers are not the JSON's.
    const auto model = physics::readPhysics(doc);
    if (!model)
        return;
    const Diagnostics problems = physics::nodeMapProblems(root, *model, map);
    if (!problems.empty()) {
        for (const Diagnostic& p : problems)
            changes.push_back(makeInfo(p.code, "nodes left in their order: " + p.message, p.pointer));
        return;
    }
    physics::remapDocument(root, map);
    Json nodes = Json::array();
    for (size_t n = 0; n < count; ++n)
        nodes.push_back(Json());
    for (size_t n = 0; n < count; ++n)
        nodes[size_t(map[n])] = std::move(root["nodes"][n]);
    root["nodes"] = std::move(nodes);
    for (size_t n = 0; n < count; ++n) {
        if (map[n] != int(n))
            changes.push_back(makeInfo(kTargetChanged,
                                       "node " + std::to_string(n) + " renumbered " + std::to_string(map[n]) +
                                           " (depth-first order from the scene's first root)",
                                       "/nodes/" + std::to_string(n)));
    }
}

} // namespace cs::targets
