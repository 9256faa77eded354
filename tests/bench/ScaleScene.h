#pragma once

#include <cstddef>
#include <filesystem>

namespace cs::bench {

/// What the scale scene holds (issue 34, item 7): a level ten times larger than the other benchmark scenes.
struct ScaleSceneSize
{
    size_t meshes = 2000;  ///< distinct meshes, each used by one node
    size_t rings = 50;     ///< a mesh is a displaced sphere of rings x segments quads
    size_t segments = 100; ///< (2 x rings x segments triangles: 10,000)
    size_t bodies = 10000; ///< nodes with an OMI body and a box collider
    size_t nodes = 50000;  ///< every node: zones (roots), bodies, mesh nodes, empty markers
    size_t zones = 1000;   ///< the roots; every other node is a child of one
    size_t triangles() const { return meshes * rings * segments * 2; }
    size_t verticesPerMesh() const { return (rings + 1) * (segments + 1); }
};

/// The full scene (about 1 GB) or, for --quick, a tenth of it in every count.
ScaleSceneSize scaleSceneSize(bool quick);

/// The scale scene as a .glb in `cacheDir`, written there once (through a temporary file renamed into place,
/// so that an interrupted run leaves nothing to reuse) and reused when present. Attributes per vertex:
/// POSITION, NORMAL, TANGENT, TEXCOORD_0, TEXCOORD_1, COLOR_0 (floats), 32-bit indices.
/// `generated` (when given) tells whether this call wrote it.
std::filesystem::path scaleSceneFile(const std::filesystem::path& cacheDir, const ScaleSceneSize& size,
                                     bool* generated = nullptr);

} // namespace cs::bench
