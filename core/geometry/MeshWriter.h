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

} // namespace cs::geometry
