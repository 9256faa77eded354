#pragma once

#include <cstddef>
#include <filesystem>

namespace cs::bench {

/// A scene of many small parts, like a merged level or a CAD assembly: 800 nodes, each with a mesh of its
/// own (a 27 x 27 vertex wavy patch, positions, normals and 32-bit indices) and one of 200 colours, about
/// 27 MB in all, written as `many-nodes.gltf` plus `many-nodes.bin` in `dir`. Returns the .gltf path.
std::filesystem::path makeManyNodeScene(const std::filesystem::path& dir);

/// A scene of `count` colliders of every primitive type on a grid, each its own static or dynamic body, and
/// no meshes, written as `colliders-N.glb` in `dir`: what a viewport draws is the collider lines alone.
std::filesystem::path makeColliderScene(const std::filesystem::path& dir, size_t count);

/// `count` dynamic bodies (boxes and spheres of 0.5 m, alternating) in a block of layers above a static
/// 200 x 200 m floor box, no meshes, written as `falling-N.glb` in `dir`: a simulation preview's load.
std::filesystem::path makeFallingScene(const std::filesystem::path& dir, size_t count);

} // namespace cs::bench
