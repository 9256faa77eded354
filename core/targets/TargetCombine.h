#pragma once

// Export move for targets that resolve mixed combine modes by their own precedence (PhysX's, in Unity and the
// Sample Renderer: maximum > multiply > minimum > average, where the spec says average > minimum > maximum >
// multiply): the materials' friction and restitution combine modes are written explicitly where that makes
// the target combine every pair of materials to the spec's value.

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"
#include "physics/PhysicsWriter.h"
#include "targets/Target.h"

#include <optional>
#include <vector>

namespace cs::targets {

/// One material as the contacts see it: its values and its combine mode as the file has it (nullopt: absent).
struct CombineParticipant
{
    std::vector<double> values; ///< the values one mode combines (friction: static and dynamic)
    std::optional<physics::CombineMode> mode;
    bool fixed = false; ///< colliders without a material: nothing to write the mode on
};

/// The modes to write (nullopt: keep the participant's field as it is) so that every pair of participants,
/// a participant with itself included, combines to the value the spec gives the original under the target's
/// `precedence` (winner first; an absent mode read as `absent`) and under the spec in `exportFormat`; the
/// fewest fields changed. nullopt when no such modes exist (or there are more than 8 participants to search).
std::optional<std::vector<std::optional<physics::CombineMode>>>
explicitCombineModes(const std::vector<CombineParticipant>& participants, physics::SourceFormat sourceFormat,
                     physics::SourceFormat exportFormat, const std::vector<physics::CombineMode>& precedence,
                     physics::CombineMode absent);

/// For a target with a combine precedence and a known reading of absent modes (Target::absentCombine): the
/// search above over the materials colliders use (and the default material of colliders without one), for
/// friction and for restitution. Each mode written is an info change (TARGET_CHANGED) with its pointer; when
/// no modes can give the spec's values, an info TARGET_DIFFERS names the field and nothing changes.
void matchCombineModes(physics::PhysicsModel& model, const Target& target, physics::Family family,
                       Diagnostics& changes);

} // namespace cs::targets
