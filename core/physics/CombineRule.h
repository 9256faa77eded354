#pragma once

// How two materials' combine modes and values meet, in one place: the preview's contacts
// (simulation/ContactRules) and the export's explicit modes (targets/TargetCombine) both use these. The
// spec's own precedence without an engine's is physics::appliedCombineMode (PhysicsModel.h).

#include "physics/PhysicsModel.h"

#include <optional>
#include <span>

namespace cs::physics {

/// The same rule under an engine's `precedence` (its four modes, the winner first): a side without a mode
/// takes no part; when neither has one, average. With the spec's order (the enum's) it is the one above.
CombineMode appliedCombineMode(std::optional<CombineMode> a, std::optional<CombineMode> b,
                               std::span<const CombineMode> precedence);
/// The value of a contact between two materials' values under `mode` (the only place the four formulas are
/// written: the preview's contacts and the export's explicit modes both use it).
double combineValues(double a, double b, CombineMode mode);

} // namespace cs::physics
