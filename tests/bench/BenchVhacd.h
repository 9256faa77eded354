#pragma once

#include "gltf/MeshTriangles.h"

#include <vector>

namespace cs::bench {

/// False when the bench was built without tests/tools/node_modules/vhacd-js (run scripts/setup.sh).
bool haveVhacd();
/// V-HACD 4's decomposition of `mesh` (its defaults: 400000 voxels, 1% volume error, recursion depth 10) into
/// at most maxHulls hulls of at most maxPoints vertices each, on one thread.
std::vector<gltf::TriangleMesh> vhacdDecompose(const gltf::TriangleMesh& mesh, int maxHulls, int maxPoints);

} // namespace cs::bench
