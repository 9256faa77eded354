#pragma once

#include "physics/PhysicsModel.h"

#include <array>
#include <vector>

namespace cs::physics {

/// What the masses and inertias of several bodies mean in the file's family, for a property panel to say:
/// each flag is set when at least one dynamic body reads that way (static and kinematic bodies use neither).
struct MassNotes
{
    bool massDefault = false;     ///< OMI, mass left out: its default, 1 kg
    bool massComputed = false;    ///< KHR, mass left out: "calculated by the simulation engine"
    bool massInfinite = false;    ///< KHR, mass 0: infinite, forces do not move the body
    bool massZero = false;        ///< OMI, mass 0: OMI gives it no meaning (KHR would read infinite)
    bool massNegative = false;    ///< invalid in both families
    bool massWritten = false;     ///< the file writes a mass (so it can be left out again)
    bool inertiaComputed = false; ///< inertia left out (both), or OMI's all zeros: computed by the engine
    std::array<bool, 3> inertiaInfinite{false, false, false}; ///< KHR, a 0 moment: no turning about that axis
    bool inertiaWritten = false;       ///< the file writes an inertia (so it can be left out again)
    bool centerOfMassComputed = false; ///< KHR, centre of mass left out: computed from the colliders
    bool centerOfMassWritten = false;  ///< the file writes a centre of mass (so it can be left out again)
};

MassNotes massNotes(const std::vector<const Motion*>& motions, SourceFormat format);

} // namespace cs::physics
