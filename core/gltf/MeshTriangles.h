#pragma once

#include "gltf/GltfDocument.h"

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
/// and out-of-range indices are errors with the accessor's pointer.
Result<TriangleMesh> primitiveTriangles(const GltfDocument& doc, size_t mesh, size_t primitive);

/// All triangle primitives of a mesh in one list. Primitives that are not triangles are skipped with a
/// warning; an error in any primitive is an error for the mesh.
Result<TriangleMesh> meshTriangles(const GltfDocument& doc, size_t mesh);

} // namespace cs::gltf
