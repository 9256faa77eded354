#pragma once

#include <filesystem>

namespace cs::bench {

/// A scene of many small parts, like a merged level or a CAD assembly: 800 nodes, each with a mesh of its
/// own (a 27 x 27 vertex wavy patch, positions, normals and 32-bit indices) and one of 200 colours, about
/// 27 MB in all, written as `many-nodes.gltf` plus `many-nodes.bin` in `dir`. Returns the .gltf path.
std::filesystem::path makeManyNodeScene(const std::filesystem::path& dir);

} // namespace cs::bench
