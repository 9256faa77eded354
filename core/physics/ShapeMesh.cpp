#include "physics/ShapeMesh.h"

namespace cs::physics {

Result<gltf::TriangleMesh> shapeMeshTriangles(const gltf::GltfDocument& doc, SourceFormat family, size_t mesh)
{
    return family == SourceFormat::Omi ? gltf::restMeshTriangles(doc, mesh) : gltf::meshTriangles(doc, mesh);
}

} // namespace cs::physics
