#pragma once

// Decompose with primitive parts: the decomposition's hulls given primitives (geometry::fitPrimitiveParts)
// as a MeshColliderChoice.

#include "import/AutoColliders.h"

namespace cs::import {

/// The choice for `mesh` from its decomposition's part hulls: one primitive when the parts come down to
/// one, the one hull when that is all, else the parts (MeshColliderChoice::partFits, primitiveParts).
/// `measured` is the compound's fit against the mesh. Errors: PARTS_CANCELLED.
Result<MeshColliderChoice> primitivePartsChoice(const gltf::TriangleMesh& mesh,
                                                std::vector<gltf::TriangleMesh> hulls,
                                                const ColliderOptions& options,
                                                const std::atomic<bool>* cancel);

} // namespace cs::import
