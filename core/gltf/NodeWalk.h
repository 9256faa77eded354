#pragma once

#include "gltf/SceneGraph.h"

#include <vector>

namespace cs::gltf {

/// The nodes below `roots`, parents first: depth-first pre-order, each node's children in their order, the
/// roots in theirs. Kept out of SceneGraph.h, which nearly every file includes.
std::vector<size_t> preOrder(const SceneGraph& graph, const std::vector<size_t>& roots);

} // namespace cs::gltf
