#pragma once

// Which engine constraint a joint gets. Bullet's generic 6-dof constraint can hold any joint, but solving it
// costs several times what its dedicated ball (point-to-point) and hinge constraints cost for the same rows;
// a joint that is exactly one of those gets the dedicated one (docs/simulation.md, "Joints").
#include "simulation/SimulationInput.h"

#include <limits>

namespace cs::simulation {

enum class JointConstraintKind
{
    Generic, ///< Bullet's generic 6-dof constraint, plus its helpers (distance limits, drives)
    Ball,    ///< the three linear axes locked, every angular axis free: a point-to-point constraint
    Hinge,   ///< linear axes and two angular axes locked, the third free or within one range: a hinge
};

struct JointConstraint
{
    JointConstraintKind kind = JointConstraintKind::Generic;
    int hingeAxis = -1; ///< Hinge: the joint frame's axis it turns about
    /// Hinge: the range of the angle about hingeAxis (rad, the spec's sign); infinite: free.
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
};

/// The constraint that simulates `joint` exactly: Ball or Hinge when its hard limits are exactly those of
/// one (locks given by any number of limits, a hinge's range in -pi..pi with min < max), Generic for any
/// spring, drive, distance, cone, twist or one-sided range, or a range on a locked axis.
JointConstraint jointConstraint(const SimJoint& joint);

} // namespace cs::simulation
