#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "gltf/MeshTriangles.h"

#include <string>

namespace cs::geometry {

/// Adds `mesh` to the document as a new glTF mesh with one TRIANGLES primitive (POSITION with min/max, and
/// indices; no material), e.g. a generated hull for a convex shape to reference. The bytes are appended to
/// buffer 0 (created, without a uri, when the document has no buffer); new bufferViews and accessors are
/// added after the existing ones, so no existing index changes. Returns the new mesh's index. Errors:
/// MESH_EMPTY (no triangles or an index out of range), BUFFER_MISSING_DATA (buffer 0's bytes could not be
/// loaded, so appending would lose them), MESH_NONFINITE (NaN/inf position).
Result<size_t> addTriangleMesh(gltf::GltfDocument& doc, const gltf::TriangleMesh& mesh,
                               const std::string& name);

/// Where appendMeshBytes put a mesh's positions (float VEC3) and indices (16-bit when every index fits).
struct MeshBytes
{
    size_t positionOffset = 0, positionLength = 0, indexOffset = 0, indexLength = 0;
    bool shortIndices = false;
};

/// Appends the mesh's positions and indices to `bytes`, each part starting on a 4-byte boundary, and pads
/// the end to 4 bytes.
MeshBytes appendMeshBytes(gltf::Bytes& bytes, const gltf::TriangleMesh& mesh);

} // namespace cs::geometry
