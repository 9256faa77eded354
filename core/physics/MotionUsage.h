#pragma once

#include "physics/PhysicsModel.h"

#include <vector>

namespace cs::physics {

/// Which motion values a body type makes use of: a static body does not move, a kinematic one is moved by
/// animation or scripts (only its initial velocities matter), a dynamic one uses them all.
struct MotionUsage
{
    bool mass = true; ///< mass, centre of mass, inertia (and computing them from the shapes)
    bool velocities = true;
    bool gravity = true;

    bool operator==(const MotionUsage&) const = default;
};

/// What a body of `type` uses.
MotionUsage motionUsage(MotionType type);

/// What a selection of bodies uses together: a value is used when at least one of them uses it; which
/// types that leave values unused are among them says why the others are unused.
struct SelectionUsage
{
    MotionUsage used{false, false, false};
    bool anyStatic = false;
    bool anyKinematic = false;

    /// True when every value is used by some body of the selection.
    bool all() const { return used.mass && used.velocities && used.gravity; }
};

SelectionUsage motionUsage(const std::vector<const Motion*>& motions);

} // namespace cs::physics
