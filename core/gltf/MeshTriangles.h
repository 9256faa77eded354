#pragma once

#include "gltf/GltfDocument.h"
#include "gltf/Skinning.h"

#include <QVector3D>
#include <cstdint>
#include <vector>

namespace cs::gltf {

/// An indexed triangle list in the mesh's own space (no node transform applied).
struct TriangleMesh
{
    std::vector<QVector3D> positions;
    std::vector<std::uint32_t> indices; ///< three per triangle, each < positions.size()

    size_t triangleCount() const { return indices.size() / 3; }
    /// Appends another mesh, offsetting its indices.
    void append(const TriangleMesh& other);
};

/// The triangles of one primitive: modes 4 (TRIANGLES), 5 (TRIANGLE_STRIP) and 6 (TRIANGLE_FAN), indexed or
/// not. Points and lines (modes 0-3) and unknown modes give an error naming the mode. Non-finite positions
/// and out-of-range indices are errors with the accessor's pointer. With a `poser`, the positions are its
/// deformation of the file's (morph targets, then skin); without, they are the file's as they are.
Result<TriangleMesh> primitiveTriangles(const GltfDocument& doc, size_t mesh, size_t primitive,
                                        const MeshPoser* poser = nullptr);

/// All triangle primitives of a mesh in one list, deformed as the file poses the mesh: the skin and morph
/// weights of meshPoseNode(), else the mesh's own weights (the KHR draft: a collider's mesh geometry includes
/// "any mesh deformation due to use of the skin or weights"). This is the geometry every physics reader
/// uses (colliders, hulls, fits, mass, validation, the preview). Primitives that are not triangles are
/// skipped with a warning; an error in any primitive, or in its deformation, is an error for the mesh.
Result<TriangleMesh> meshTriangles(const GltfDocument& doc, size_t mesh);

/// The mesh posed by `node`'s skin and weights (none: the mesh's own weights), in the node's frame.
Result<TriangleMesh> posedMeshTriangles(const GltfDocument& doc, size_t mesh, std::optional<size_t> node);

/// The mesh as its POSITION accessors hold it, no deformation.
Result<TriangleMesh> restMeshTriangles(const GltfDocument& doc, size_t mesh);

} // namespace cs::gltf
