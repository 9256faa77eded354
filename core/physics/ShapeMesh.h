#pragma once

#include "gltf/MeshTriangles.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

/// The triangles a convex or trimesh shape's mesh stands for in a file of `family`, in the mesh's space.
/// KHR (and MSFT, read with KHR's meanings): the mesh as the file poses it (gltf::meshTriangles), since the
/// draft's collider geometry includes "any mesh deformation due to use of the skin or weights". OMI: the
/// mesh's data undeformed, since its text names only "the glTF mesh" and says shapes "inherit the transform
/// of the glTF node they are attached to"; a skin would move them by other nodes' transforms.
Result<gltf::TriangleMesh> shapeMeshTriangles(const gltf::GltfDocument& doc, SourceFormat family,
                                              size_t mesh);

} // namespace cs::physics
