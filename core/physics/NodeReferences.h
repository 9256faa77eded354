#pragma once

// Renumbering node references when nodes go or are copied. A glTF file names nodes by their index in many
// places: scenes, children, skins (joints, skeleton), animation channel targets (and KHR_animation_pointer
// pointers), MSFT_lod, and the physics extensions (compound trigger members, joint connected nodes, KHR mesh
// geometry by node, the 2023 OMI joint's nodeA/nodeB). Every one of those is carried over here. An extension
// we do not know may hold node indices too; those cannot be carried over, so they are found and reported
// before the change (nodeMapProblems) rather than left pointing at the wrong node.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"

#include <map>
#include <vector>

namespace cs::physics {

/// Where each node goes: map[old index] is the new index, or -1 when the node goes. Indices past the end of
/// the map (references that were already out of range) are left as they are.
using NodeMap = std::vector<int>;

/// The identity map over `count` nodes.
NodeMap identityMap(size_t count);

/// What renumbering the document's references with `map` would do beyond renumbering, found before any
/// change. Errors mean the change must not be made:
/// - NODE_SKIN_JOINT_REMOVED: a skin's joint or skeleton would go (its inverse bind matrices pair with the
///   joints one by one; a skin cannot lose one);
/// - NODE_ANIMATION_EMPTIED: an animation would lose every channel (glTF requires at least one).
/// Warnings tell what goes with the nodes or cannot be carried over:
/// - NODE_ANIMATION_CHANNEL_REMOVED: a channel that animates a node that goes is removed;
/// - NODE_JOINT_REMOVED: a joint whose connected node goes is removed from its node;
/// - NODE_REFERENCE_UNREMAPPED: an extension we do not know holds what looks like a node index (a key
///   naming "node" with integer values) that the change would move or remove; it is left as it is.
Diagnostics nodeMapProblems(const gltf::Json& root, const PhysicsModel& model, const NodeMap& map);

/// One node object's own references renumbered: `children` and the known node extensions. A reference to a
/// node that goes is dropped (a list loses the entry; a single reference loses its key, a joint its whole
/// extension).
void remapNodeObject(gltf::Json& node, const NodeMap& map);

/// Every document-level reference renumbered: scenes, skins, animation targets (channels on nodes that go
/// are removed), and each node object (remapNodeObject). The `nodes` array itself is not reordered.
void remapDocument(gltf::Json& root, const NodeMap& map);

/// One node's physics with its node references renumbered (trigger members, joint connected node, KHR
/// geometry node). A joint whose connected node goes is removed; a compound trigger left with no member
/// loses its trigger.
void remapNodePhysics(NodePhysics& node, const NodeMap& map);

/// True when a node's physics entry holds nothing worth writing (no component, no keys of its own).
bool isDisposable(const NodePhysics& node);

/// The model's node entries moved to their new indices and renumbered; entries of nodes that go are dropped.
std::map<size_t, NodePhysics> remapPhysicsNodes(const std::map<size_t, NodePhysics>& nodes,
                                                const NodeMap& map);

} // namespace cs::physics
