#pragma once

// Decompose with primitive parts: the decomposition's hulls given primitives (geometry::fitPrimitiveParts)
// as a MeshColliderChoice.

#include "import/AutoColliders.h"

#include <optional>

namespace cs::import {

/// What fitPrimitiveParts is given for `mesh`: the tolerance options.partTolerance, else the concavity times
/// the mesh's bounding-box diagonal; sizes at least kMinimumColliderSize. The command and the Decompose
/// dialog fit their parts with it.
geometry::PrimitivePartsOptions primitivePartsOptions(const gltf::TriangleMesh& mesh,
                                                      const ColliderOptions& options,
                                                      const std::atomic<bool>* cancel);

/// The choice for `mesh` from its decomposition's part hulls: one primitive when the parts come down to
/// one, the one hull when that is all, else the parts (MeshColliderChoice::partFits, primitiveParts).
/// `measured` is the compound's fit against the mesh. Errors: PARTS_CANCELLED.
Result<MeshColliderChoice> primitivePartsChoice(const gltf::TriangleMesh& mesh,
                                                const std::vector<gltf::TriangleMesh>& hulls,
                                                const ColliderOptions& options,
                                                const std::atomic<bool>* cancel);

/// Auto by the measured fit with primitiveParts, for a mesh that may not be a trimesh (a dynamic body's) and
/// that no one convex collider fits within options.fitTolerance t: the decomposition with a concavity of t/2
/// (of the diagonal) and primitives within t/2 of their parts, so that no point of a collider's surface is
/// further than t from the mesh. `within` when every part met the concavity and the mesh pokes out of the
/// compound by no more than t, with an info (COLLIDER_PRIMITIVE_PARTS); otherwise the compound is still
/// given, measured, for the caller to weigh against the closest convex collider. Nothing when the parts
/// cannot be made.
struct AutoParts
{
    Result<MeshColliderChoice> choice;
    bool within = false;
};
std::optional<AutoParts> autoPrimitiveParts(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                                            const std::atomic<bool>* cancel);

/// "parts: 1 box, 1 cylinder; 0 bytes of mesh data (as hulls 1680); 0 merged; ..." (distances in world
/// metres) for a mesh's last part, or "" for any other collider: what the command and the window print.
std::string partsTotalsText(const AddedCollider& added);

} // namespace cs::import
