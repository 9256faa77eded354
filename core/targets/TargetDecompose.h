#pragma once

// Export move for targets that do not read a triangle mesh collider in a dynamic body as the spec means it
// (Babylon.js + Havok, the Khronos Sample Renderer, Godot; see their TrimeshOnDynamic rules): the collider is
// replaced by a compound of convex parts (geometry::decomposeConvex), the first part in the collider's place
// and the others on new child nodes of its node with the identity transform. Each part's hull is a new glTF
// mesh with no node showing it.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"
#include "targets/ExportScene.h"
#include "targets/Target.h"
#include "targets/TargetExport.h"

namespace cs::targets {

/// Replaces every triangle mesh collider of a dynamic body by its convex decomposition, each part's hull
/// within the target's hull point cap (255 without one). Each replacement is an info change (TARGET_CHANGED)
/// naming the collider's pointer and the number of parts. A mesh that cannot be decomposed (unreadable, no
/// volume) keeps its trimesh and gives a warning (TARGET_LOSS) with the pointer, so the export refuses
/// without --allow-loss. A trimesh shape every use of which was replaced becomes the first part in place.
/// `work` bounds the time of all decompositions together (a replacement cut short says so in its change),
/// reports progress and stops on its cancel flag (the model is then partly changed: the caller drops it).
/// `exported` is the document's graph and the model resolved over it. Returns how many colliders were
/// replaced: their parts' nodes and colliders are new, so the caller builds its ExportScene again.
size_t decomposeDynamicTrimeshes(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
                                 const ExportScene& exported, Diagnostics& changes,
                                 const ExportWork& work = {});

} // namespace cs::targets
