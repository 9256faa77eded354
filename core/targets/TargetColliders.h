#pragma once

// The colliders made for an engine (add-colliders --target, hull --target, the Add Colliders dialog's
// Target): its hull budget in its own units and only the shapes it builds.

#include "import/AutoColliders.h"
#include "targets/Target.h"

namespace cs::targets {

/// Holds the options to the target: maxPoints to its vertex cap (never raised, at most 255), its polygon and
/// triangle caps as the hull budgets, and the shapes it drops (buildsConvex, buildsTrimesh) as
/// options.engine.
void applyTargetToColliders(const Target& target, import::ColliderOptions& options);

/// `points` held to what a hull may have within the target's budget (import::hullVertexCap of the options
/// applyTargetToColliders gives), for a convex decomposition's points per part.
int partPointsFor(const Target& target, int points);

} // namespace cs::targets
