#pragma once

// The one spelling of a node's label and of a reference to a node in a sentence. nodeLabel(doc, node) in
// GltfDocument.h reads the name and gives the label below.

#include <cstddef>
#include <string>
#include <string_view>

namespace cs::gltf {

/// The node's name, or "Node N" when it has none: how undo texts, new shapes, messages, panels, the scene
/// tree and the simulation's event list name a node.
std::string nodeLabel(std::string_view name, size_t node);
/// How a sentence refers to a node: "node 'Crate' (3)", or "node 3" when it has no name (CLI lines and the
/// diagnostics of collider fitting).
std::string nodeReference(std::string_view name, size_t node);

} // namespace cs::gltf
