#pragma once

// Test meshes for fits with closed-form or plainly concave answers: level pieces built of slabs (a U-shaped
// wall, an L-shaped floor, a floor with a deep pit) and a standing figure in a T-pose.

#include "gltf/GltfDocument.h"
#include "gltf/MeshTriangles.h"

#include <array>
#include <memory>
#include <vector>

namespace cs::test {

using SlabBounds = std::array<float, 6>; ///< min x, y, z, max x, y, z

/// Closed boxes, each wound outward, in one mesh.
gltf::TriangleMesh slabs(const std::vector<SlabBounds>& boxes);
/// A U-shaped wall piece 6 m wide, 3 m high and 0.5 m deep: two posts on a floor beam ([0,6]x[0,3]x[0,0.5]).
gltf::TriangleMesh uWall();
/// An L-shaped floor 8 m by 8 m with arms 2 m wide, 0.2 m thick ([0,8]x[-0.2,0]x[0,8]).
gltf::TriangleMesh lFloor();
/// A 6 m square floor with a 2 m square pit 3 m deep in its middle ([-3,3]x[-3,0]x[-3,3]).
gltf::TriangleMesh pitFloor();

/// A standing figure, Y up, in a T-pose: a column kBody * 2 wide, kHeight high and kDepth * 2 deep on the
/// ground, with arms kArm * 2 across from kArmLow to kArmHigh, everything centred on x = z = 0 (its boxes'
/// corners are its vertices).
struct TPose
{
    static constexpr double kArm = 0.95, kBody = 0.2, kDepth = 0.15, kHeight = 2.0, kArmLow = 1.4,
                            kArmHigh = 1.6;
    static gltf::TriangleMesh mesh();
};

/// A glTF document of `meshes` (one mesh each, named) and nodes given as JSON (each "mesh" an index into
/// `meshes`), one scene of the root nodes listed in `roots`.
gltf::GltfDocument documentOf(const std::vector<std::pair<gltf::TriangleMesh, std::string>>& meshes,
                              const gltf::Json& nodes, const std::vector<size_t>& roots);

} // namespace cs::test
