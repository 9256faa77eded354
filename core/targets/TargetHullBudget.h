#pragma once

// Export move for targets with a hull budget (Target::hullBudget): a convex hull collider over the budget, as
// the engine counts it, is cut down to it by the hull that holds every vertex of the old one
// (geometry::encloseWithBudget), so the engine builds what the file means instead of truncating it.

#include "Diagnostic.h"
#include "geometry/HullCounts.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"
#include "targets/Target.h"

namespace cs::targets {

/// A hull's count in `unit`.
int hullCount(const geometry::HullCounts& counts, HullUnit unit);
/// The first of the budget's caps the hull exceeds, or none.
std::optional<HullLimit> exceededLimit(const geometry::HullCounts& counts, const HullBudget& budget);

/// Replaces the mesh of every convex shape whose hull is over the target's budget by an enclosing hull within
/// it, a new glTF mesh (the old one stays, as other nodes may show it). Each replacement is an info change
/// (TARGET_CHANGED) with the counts before and after and the volume added; a hull that cannot be cut (its
/// mesh unreadable) is a warning (TARGET_LOSS), so the export refuses without --allow-loss. Nothing for a
/// target without a budget, or one whose budget is moot.
void fitHullsToBudget(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
                      Diagnostics& changes);

} // namespace cs::targets
