#pragma once

// Small compressed assets made in the tests with the libraries' own encoders (draco::Encoder,
// meshopt_encode*), so that the decoders are checked against data they did not produce themselves.
#include "gltf/GltfDocument.h"

#include <string>
#include <vector>

namespace cs::test {

/// A known indexed mesh: positions, unit normals and texture coordinates per vertex.
struct SourceMesh
{
    std::vector<float> positions; ///< xyz
    std::vector<float> normals;   ///< xyz, unit length
    std::vector<float> uvs;       ///< uv in [0,1]
    std::vector<std::uint32_t> indices;
    size_t vertexCount() const { return positions.size() / 3; }
    /// Per-axis extent of the positions (max - min).
    std::vector<double> extent() const;
};

/// An axis-aligned box of the given size centred at `centre`, four vertices per face.
SourceMesh makeBox(float sx, float sy, float sz, std::vector<float> centre = {0, 0, 0});
/// A torus around the y axis (ring radius R, tube radius r), `rings` x `sides` quads with a seam of
/// duplicates.
SourceMesh makeTorus(float R, float r, int rings, int sides);

/// Draco quantization bits used by dracoGlb.
inline constexpr int kDracoPositionBits = 14, kDracoNormalBits = 10, kDracoUvBits = 12;

/// A .glb with one node and mesh per source mesh, each primitive KHR_draco_mesh_compression (required) with
/// POSITION, NORMAL and TEXCOORD_0. `truncateStream`: the first mesh's stream is cut to 16 bytes.
gltf::Bytes dracoGlb(const std::vector<SourceMesh>& meshes, bool truncateStream = false);

/// Quantization used by meshoptGlb (see there).
inline constexpr int kExpBits = 20, kOctBits = 8, kQuatBits = 12;
inline constexpr float kQuantizedScale =
    16000.0f; ///< mesh 1 positions are round(p * this), node scale 1/this

/// A .glb with EXT_meshopt_compression (required) and KHR_mesh_quantization (required) and a fallback buffer
/// without data. Mesh 0 ("Filtered"): POSITION float (EXPONENTIAL filter), NORMAL byte normalized
/// (OCTAHEDRAL), TEXCOORD_0 unsigned short normalized (no filter), _ROTATION short normalized unit
/// quaternions (QUATERNION), indices uint32 in TRIANGLES mode. Mesh 1 ("Quantized"): POSITION short integers
/// (no filter, dequantized by its node's scale), indices uint16 (uint32 above 65535 vertices) in INDICES
/// mode. Both meshes are `mesh`. `corrupt`: the first byte of the POSITION stream of mesh 0 is changed (an
/// unknown codec version).
gltf::Bytes meshoptGlb(const SourceMesh& mesh, const std::vector<float>& rotations, bool corrupt = false);

/// A wavy square grid of cells x cells quads (2 cells^2 triangles) over [-1, 1]^2 in x and z.
SourceMesh makeGrid(int cells);

/// count unit quaternions (xyzw) spread over the sphere, for the QUATERNION filter.
std::vector<float> makeRotations(size_t count);

} // namespace cs::test
