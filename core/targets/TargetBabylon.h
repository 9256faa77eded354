#pragma once

// Export moves for Babylon.js + Havok (the glTF_Physics_Babylon loader 0.6.0) that edit the written KHR JSON.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"

namespace cs::targets {

/// Babylon gives every collider to the OUTERMOST node above it that has a body (BAB:377-404,
/// _getParentRigidBody), so a body nested in another loses its colliders to the outer one. Each node with
/// `motion` below another such node moves out beside the outermost of them (a child of that body's parent, or
/// a root of the scenes that list it), its world transform baked into its own transform; its subtree (its
/// colliders and meshes) moves with it. Each move is an info change (TARGET_CHANGED) with the node's pointer.
/// `graph` is the document's before the moves.
void flattenNestedBodies(gltf::GltfDocument& doc, const gltf::SceneGraph& graph, Diagnostics& changes);

/// Havok's materials where the file means the spec's: a collider without `physicsMaterial` keeps Havok's
/// default (friction 0.5, geometric mean) and a material without a combine mode gets maximum (friction) /
/// minimum (restitution) from the loader (BAB:301-327). Where the source's meaning is "average" (an OMI file,
/// whose absent mode is average; a KHR file where no material gives a mode, which the preview averages),
/// every material gets `average` for an absent mode, and colliders without a material share a new one of the
/// family's defaults (0.6, 0.6, 0, average). A KHR file with some modes given is left as it is (no Havok mode
/// means "takes no part"; validate --target lists it). Each change is an info diagnostic (TARGET_CHANGED).
void explicitHavokMaterials(physics::PhysicsModel& model, Diagnostics& changes);

/// The loader leaves a filter without `collisionSystems` a member of every system (membership all bits,
/// BAB:329-341), where the spec's collider is in none, so another filter's `collideWithSystems` accepts it.
/// Such filters get one system of a new name that no filter lists, which keeps the spec's meaning and gives
/// Havok one bit of its own; not when that would be the 33rd system (the bits wrap, BAB:285-299). One info
/// change (TARGET_CHANGED) per filter.
void systemForFiltersWithout(physics::PhysicsModel& model, Diagnostics& changes);

} // namespace cs::targets
