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

/// "parts: 1 box, 1 cylinder; 0 bytes of mesh data (as hulls 1680); 0 merged; ..." (distances in world
/// metres) for a mesh's last part, or "" for any other collider: what the command and the window print.
std::string partsTotalsText(const AddedCollider& added);

} // namespace cs::import
