#pragma once

// The meshes the decomposition benches run on: the five bench meshes (four closed concave meshes made from
// their definitions and Assimp's Wuson) and further models from Assimp's test set.
#include "gltf/MeshTriangles.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cs::bench {

struct BenchMesh
{
    std::string name;
    gltf::TriangleMesh mesh; ///< no triangles: the file could not be read
};

/// Every mesh of an Assimp scene in world space, as one triangle mesh (empty when unreadable).
gltf::TriangleMesh assimpMesh(const std::filesystem::path& path);
/// arch, chair, bowl, torus (R 1, r 0.3) and wuson (Assimp's OBJ/WusonOBJ.obj).
std::vector<BenchMesh> benchMeshes();

} // namespace cs::bench
