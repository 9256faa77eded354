#pragma once

#include "gltf/GltfDocument.h"

#include <array>
#include <vector>

namespace cs::test {

/// The bounds of a box mesh: min x, y, z, max x, y, z.
using Box = std::array<float, 6>;

/// `gltfJson` with meshes that are boxes (8 corners, 12 triangles) with the given bounds, in one data: URI
/// buffer (its buffers, bufferViews, accessors and meshes are replaced). Fits of such meshes have exact
/// expected results.
gltf::Json boxMeshes(gltf::Json gltfJson, const std::vector<Box>& boxes);

} // namespace cs::test
