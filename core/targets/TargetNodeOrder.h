#pragma once

// Export move for targets that find a node by its place in a depth-first walk of the scene rather than by its
// index (omi-gltf-unity maps node i to the i-th GameObject of that walk, UNI Core/OMIHierarchyUtility.cs:
// 34-55): the nodes are renumbered into that order, every reference to them with them.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"

#include <vector>

namespace cs::targets {

/// The nodes of the default scene (else scene 0) in depth-first pre-order from its first root, each child
/// after its parent and before the parent's next child.
std::vector<size_t> depthFirstNodes(const gltf::SceneGraph& graph);

/// Renumbers the nodes so that node i is the i-th of depthFirstNodes (nodes outside the scene follow, in
/// their order): scenes, children, skins, animation targets and the physics extensions' node references move
/// with them. One info change (TARGET_CHANGED) per node that moves, with its old pointer. When a reference
/// cannot be carried over (an unknown extension's node index, ...), nothing moves and the reason is an info
/// change; the check of the written file then reports the order.
/// `graph` is the document's before the renumbering.
void depthFirstNodeOrder(gltf::GltfDocument& doc, const gltf::SceneGraph& graph, Diagnostics& changes);

} // namespace cs::targets
