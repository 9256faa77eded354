#include "document/WorldPlacement.h"

#include "document/Document.h"
#include "document/NodeEdits.h"

#include <map>
#include <optional>

namespace cs::document {

size_t placeNodesInWorld(Document& document, const std::vector<std::pair<NodeIndex, geometry::Mat4d>>& worlds,
                         const QString& text)
{
    const gltf::SceneGraph& graph = document.sceneGraph();
    std::map<NodeIndex, geometry::Mat4d> wanted;
    for (const auto& [node, world] : worlds) {
        if (node < graph.nodeCount())
            wanted[node] = world;
    }
    // The new world matrix of every node on the way up from a listed node (memoised): listed nodes take
    // theirs, the others their parent's new one times their own local matrix.
    std::map<NodeIndex, geometry::Mat4d> newWorld;
    const auto worldOf = [&](auto&& self, NodeIndex node) -> geometry::Mat4d {
        if (auto it = newWorld.find(node); it != newWorld.end())
            return it->second;
        geometry::Mat4d world;
        if (auto it = wanted.find(node); it != wanted.end()) {
            world = it->second;
        } else {
            const std::optional<NodeIndex> parent = graph.parent(node);
            const gltf::Json* json = document.gltf().element("nodes", node);
            world = (parent ? self(self, *parent) : geometry::Mat4d()) *
                    (json ? nodeLocalMatrix(*json) : geometry::Mat4d());
        }
        newWorld[node] = world;
        return world;
    };
    std::vector<std::pair<NodeIndex, geometry::Trs>> transforms;
    for (const auto& [node, world] : wanted) {
        const std::optional<NodeIndex> parent = graph.parent(node);
        geometry::Mat4d inverse;
        if (parent && !geometry::affineInverse(worldOf(worldOf, *parent), inverse))
            continue; // a parent scaled to nothing: no local transform gives the placement
        const geometry::Mat4d local = parent ? inverse * world : world;
        const geometry::Trs trs = geometry::decompose(local).trs;
        const gltf::Json* json = document.gltf().element("nodes", node);
        if (json && !(trs == nodeTransform(*json).trs))
            transforms.emplace_back(node, trs);
    }
    if (transforms.empty())
        return 0;
    // A macro: the transform command inside cannot merge with a gizmo drag before or after it.
    document.undoStack()->beginMacro(text);
    setNodeTransforms(document, transforms);
    document.undoStack()->endMacro();
    return transforms.size();
}

} // namespace cs::document
