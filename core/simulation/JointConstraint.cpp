#include "simulation/JointConstraint.h"

#include <cmath>
#include <numbers>

namespace cs::simulation {

namespace {

/// The hard limits of a joint whose every limit locks axes or ranges one angular axis (`ok` false for any
/// other limit).
struct HardAxes
{
    bool ok = true;
    bool linearLocked[3] = {};
    bool angularLocked[3] = {};
    int rangedAxis = -1; // the one angular axis with a range
    double min = 0, max = 0;
};

HardAxes hardAxes(const SimJoint& joint)
{
    HardAxes h;
    for (const SimJointLimit& l : joint.limits) {
        // The same reading of a lock as the generic constraint's (EngineJoints): a zero distance on
        // several axes, or [0, 0] on one.
        const bool locked = l.max <= 0 && (l.axes.size() > 1 || l.min >= 0);
        if (l.stiffness > 0 || (!locked && (!l.angular || l.axes.size() != 1 || h.rangedAxis >= 0))) {
            h.ok = false; // a spring, a distance or linear range, a cone, or two ranges
            return h;
        }
        if (!locked) {
            h.rangedAxis = l.axes.front();
            h.min = l.min;
            h.max = l.max;
            continue;
        }
        for (int axis : l.axes)
            (l.angular ? h.angularLocked : h.linearLocked)[axis] = true;
    }
    return h;
}

} // namespace

JointConstraint jointConstraint(const SimJoint& joint)
{
    const JointConstraint generic;
    if (!joint.drives.empty())
        return generic;
    const HardAxes h = hardAxes(joint);
    if (!h.ok || !h.linearLocked[0] || !h.linearLocked[1] || !h.linearLocked[2])
        return generic;
    int lockedCount = 0, freeAxis = -1;
    for (int axis = 0; axis < 3; ++axis) {
        if (h.angularLocked[axis])
            ++lockedCount;
        else
            freeAxis = axis;
    }
    if (lockedCount == 0)
        return h.rangedAxis < 0 ? JointConstraint{JointConstraintKind::Ball} : generic;
    if (lockedCount != 2 || (h.rangedAxis >= 0 && h.rangedAxis != freeAxis))
        return generic; // a weld, a two-axis swing, or a range intersected with a lock
    JointConstraint hinge{JointConstraintKind::Hinge, freeAxis};
    if (h.rangedAxis < 0 || (std::isinf(h.min) && h.min < 0 && std::isinf(h.max) && h.max > 0))
        return hinge;
    // A hinge with a range stays on the generic constraint: Bullet's hinge limit throws back an arm that
    // reaches an end at speed, where the spec's limit stops it (an arm falling onto a -90 degree end ended
    // 13 degrees above it after 2 s on the hinge, at 4 degrees on the generic constraint).
    return generic;
}

} // namespace cs::simulation
