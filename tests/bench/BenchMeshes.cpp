#include "BenchMeshes.h"

#include "ConcaveMeshes.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

namespace cs::bench {

gltf::TriangleMesh assimpMesh(const std::filesystem::path& path)
{
    gltf::TriangleMesh out;
    Assimp::Importer importer;
    const aiScene* scene =
        importer.ReadFile(path.string(), aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                             aiProcess_PreTransformVertices);
    if (!scene)
        return out;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh* mesh = scene->mMeshes[m];
        const auto base = std::uint32_t(out.positions.size());
        for (unsigned v = 0; v < mesh->mNumVertices; ++v)
            out.positions.emplace_back(mesh->mVertices[v].x, mesh->mVertices[v].y, mesh->mVertices[v].z);
        for (unsigned f = 0; f < mesh->mNumFaces; ++f)
            if (mesh->mFaces[f].mNumIndices == 3)
                for (int k = 0; k < 3; ++k)
                    out.indices.push_back(base + mesh->mFaces[f].mIndices[k]);
    }
    return out;
}

std::vector<BenchMesh> benchMeshes()
{
    return {
        {"arch", test::archMesh()},
        {"chair", test::chairMesh()},
        {"bowl", test::bowlMesh()},
        {"torus", test::torusMesh(1.0, 0.3)},
        {"wuson", assimpMesh(std::filesystem::path(CS_ASSIMP_MODELS_DIR) / "OBJ/WusonOBJ.obj")},
    };
}

} // namespace cs::bench
