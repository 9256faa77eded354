#pragma once

// Export moves for Babylon.js + Havok (the glTF_Physics_Babylon loader 0.6.0) that edit the written KHR JSON.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

namespace cs::targets {

/// Babylon gives every collider to the OUTERMOST node above it that has a body (BAB:377-404,
/// _getParentRigidBody), so a body nested in another loses its colliders to the outer one. Each node with
/// `motion` below another such node moves out beside the outermost of them (a child of that body's parent, or
/// a root of the scenes that list it), its world transform baked into its own transform; its subtree (its
/// colliders and meshes) moves with it. Each move is an info change (TARGET_CHANGED) with the node's pointer.
void flattenNestedBodies(gltf::GltfDocument& doc, Diagnostics& changes);

} // namespace cs::targets
