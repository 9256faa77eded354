#include "targets/TargetJoints.h"

#include "gltf/SceneGraph.h"
#include "physics/ResolvedScene.h"
#include "targets/TargetExport.h"

#include <algorithm>
#include <array>

namespace cs::targets {

namespace {

using physics::JointDescription;
using physics::JointLimit;

bool locks(const JointLimit& l)
{
    return l.min && l.max && *l.min == 0 && *l.max == 0;
}

bool single(const std::vector<int>& axes, int& axis)
{
    if (axes.size() != 1 || axes[0] < 0 || axes[0] > 2)
        return false;
    axis = axes[0];
    return true;
}

/// Which angular and linear axes a description locks (a limit of one or more axes with min = max = 0).
struct Locked
{
    std::array<bool, 3> angular{};
    std::array<bool, 3> linear{};
};

Locked lockedAxes(const JointDescription& joint)
{
    Locked locked;
    for (const JointLimit& l : joint.limits) {
        if (!locks(l))
            continue;
        auto& set = l.angular() ? locked.angular : locked.linear;
        for (int axis : l.axes()) {
            if (axis >= 0 && axis <= 2)
                set[size_t(axis)] = true;
        }
    }
    return locked;
}

/// Whether a linear limit means the same from the other side once its range is mirrored. With nothing turning
/// (`hinge` -1) the inverse just negates the offset, so every linear limit does. With a hinge the offset also
/// turns about the hinge axis: a limit along that axis, a distance over all three axes, and a limit over both
/// other axes (a radial distance, or both locked) keep their meaning; a limit on one of those two does not.
bool linearLimitInverts(const JointLimit& l, const Locked& locked, int hinge)
{
    if (hinge < 0 || l.linearAxes.size() == 3)
        return true;
    const int b = (hinge + 1) % 3, c = (hinge + 2) % 3;
    std::array<bool, 3> on{};
    for (int a : l.linearAxes) {
        if (a < 0 || a > 2)
            return false;
        on[size_t(a)] = true;
    }
    if (l.linearAxes.size() == 1 && on[size_t(hinge)])
        return true;
    if (on[size_t(hinge)])
        return false;
    if (on[size_t(b)] && on[size_t(c)])
        return true;
    return locks(l) && locked.linear[size_t(b)] && locked.linear[size_t(c)];
}

std::optional<JointLimit> invertedLimit(const JointLimit& l, const Locked& locked, int hinge)
{
    JointLimit out = l;
    out.source = gltf::Json::object();
    out.pointer.clear();
    if (l.angular()) {
        int axis = -1;
        if (locks(l))
            return out;
        if (!single(l.angularAxes, axis) || axis != hinge)
            return std::nullopt;
    } else if (!linearLimitInverts(l, locked, hinge)) {
        return std::nullopt;
    } else if (l.linearAxes.size() != 1) {
        return out; // a distance: the inverse keeps its length
    }
    out.min = l.max ? std::optional<double>(-*l.max) : std::nullopt;
    out.max = l.min ? std::optional<double>(-*l.min) : std::nullopt;
    return out;
}

} // namespace

std::optional<JointDescription> invertedJoint(const JointDescription& joint)
{
    // Free turning and only distances (a ball joint, a rope): the distance between the frames is the same
    // from either side, so the description stands as it is.
    const bool turnsFreely = joint.drives.empty() &&
                             std::all_of(joint.limits.begin(), joint.limits.end(), [](const JointLimit& l) {
                                 return !l.angular() && l.linearAxes.size() == 3;
                             });
    if (turnsFreely) {
        JointDescription same = joint;
        same.source = gltf::Json::object();
        same.pointer.clear();
        return same;
    }
    const Locked locked = lockedAxes(joint);
    int hinge = -1;
    for (int axis = 0; axis < 3; ++axis) {
        if (locked.angular[size_t(axis)])
            continue;
        if (hinge >= 0)
            return std::nullopt; // the frames turn about two axes or more: the inverse mixes them
        hinge = axis;
    }
    JointDescription out;
    for (const JointLimit& l : joint.limits) {
        auto inverted = invertedLimit(l, locked, hinge);
        if (!inverted)
            return std::nullopt;
        out.limits.push_back(std::move(*inverted));
    }
    for (const physics::JointDrive& d : joint.drives) {
        if (!d.axis || !d.type)
            return std::nullopt;
        if (*d.axis < 0 || *d.axis > 2 || (hinge >= 0 && *d.axis != hinge))
            return std::nullopt;
        physics::JointDrive drive = d;
        drive.source = gltf::Json::object();
        drive.pointer.clear();
        if (drive.positionTarget)
            drive.positionTarget = -*drive.positionTarget;
        if (drive.velocityTarget)
            drive.velocityTarget = -*drive.velocityTarget;
        out.drives.push_back(std::move(drive));
    }
    return out;
}

void moveJointsToBodies(physics::PhysicsModel& model, const ExportScene& exported, Diagnostics& changes)
{
    const physics::ResolvedScene& scene = exported.resolved();
    std::vector<std::pair<size_t, physics::NodeJoint>> moves;
    std::vector<int> uses(model.joints.size(), 0);
    for (const auto& [index, node] : model.nodes) {
        if (node.joint && node.joint->joint >= 0 && size_t(node.joint->joint) < uses.size())
            ++uses[size_t(node.joint->joint)];
    }
    for (const auto& [index, node] : model.nodes) {
        if (!node.joint || scene.bodyOfNode(index) >= 0)
            continue;
        const int other = node.joint->connectedNode;
        const int joint = node.joint->joint;
        if (other < 0 || size_t(other) >= exported.graph().nodeCount() ||
            scene.bodyOfNode(size_t(other)) < 0 || joint < 0 || size_t(joint) >= model.joints.size())
            continue;
        const physics::NodePhysics* target = model.node(size_t(other));
        if (target && target->joint)
            continue; // the connected node carries a joint of its own
        auto inverted = invertedJoint(model.joints[size_t(joint)]);
        if (!inverted)
            continue;
        physics::NodeJoint moved;
        moved.connectedNode = int(index);
        moved.enableCollision = node.joint->enableCollision;
        // The description is shared by other joints: the mirrored one is added; else it is mirrored in place.
        const bool same = inverted->sameValues(model.joints[size_t(joint)]);
        moved.joint = same || uses[size_t(joint)] == 1 ? joint : int(model.joints.size());
        if (!same && moved.joint == joint) {
            inverted->source = model.joints[size_t(joint)].source;
            inverted->pointer = model.joints[size_t(joint)].pointer;
            model.joints[size_t(joint)] = std::move(*inverted);
        } else if (!same) {
            model.joints.push_back(std::move(*inverted));
            uses.push_back(1);
        }
        changes.push_back(makeInfo(kTargetChanged,
                                   "joint moved from node " + std::to_string(index) +
                                       " (no body at or above it) to "
                                       "its connected node " +
                                       std::to_string(other) +
                                       (moved.joint == joint ? ""
                                                             : ", with its limits and drive targets mirrored "
                                                               "(new joint description " +
                                                                   std::to_string(moved.joint) + ")"),
                                   node.joint->pointer));
        moves.emplace_back(size_t(other), moved);
        model.nodeRef(index).joint.reset();
    }
    for (auto& [node, joint] : moves)
        model.nodeRef(node).joint = std::move(joint);
}

} // namespace cs::targets
