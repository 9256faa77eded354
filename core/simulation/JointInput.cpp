#include "simulation/JointInput.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cs::simulation {

namespace {

constexpr double Infinity = std::numeric_limits<double>::infinity();

/// A node's frame (scale removed) in the frame of `body`'s node, or in the world for body -1.
Pose frameIn(const physics::ResolvedScene& scene, const gltf::SceneGraph& graph, int body, size_t node)
{
    Pose pose;
    geometry::Vec3d scale;
    QMatrix4x4 frame;
    decomposeTransform(graph.worldTransform(node), pose, scale);
    frame = poseMatrix(pose);
    if (body >= 0) {
        Pose bodyPose;
        decomposeTransform(graph.worldTransform(scene.bodies[size_t(body)].node), bodyPose, scale);
        frame = poseMatrix(bodyPose).inverted() * frame;
    }
    decomposeTransform(frame, pose, scale);
    return pose;
}

/// A hard limit unless the file gives a positive, finite stiffness (OMI: absent or negative = infinite).
double limitStiffness(const std::optional<double>& stiffness)
{
    return stiffness && std::isfinite(*stiffness) && *stiffness > 0 ? *stiffness : 0.0;
}

/// The static colliders that make up the world side of a joint at `node`: those of the nearest node at or
/// above it that carries one, and of that node's descendants (KHR: a collider's descendant colliders are
/// one object with it).
std::vector<size_t> worldSideColliders(const physics::ResolvedScene& scene, const gltf::SceneGraph& graph,
                                       size_t node)
{
    std::set<size_t> staticNodes;
    for (size_t i : scene.staticColliders)
        staticNodes.insert(scene.instances[i].node);
    const auto owner = graph.findUp(node, [&](size_t n) { return staticNodes.count(n) > 0; });
    if (!owner)
        return {};
    std::vector<size_t> out;
    for (size_t n : staticNodes) {
        if (graph.findUp(n, [&](size_t up) { return up == *owner; }))
            out.push_back(n);
    }
    return out;
}

class JointReader
{
public:
    JointReader(Diagnostics& notes, const BehaviourProfile& behaviour)
        : m_notes(notes), m_behaviour(behaviour)
    {}

    /// A limit naming both linear and angular axes (OMI's weld) holds both sets: it becomes two limits
    /// with the same range, unless the profile keeps its linear axes only.
    void limits(const physics::JointDescription& description, SimJoint& joint, double startDistance)
    {
        m_startDistance = startDistance;
        for (const physics::JointLimit& l : description.limits) {
            const bool linear = !l.linearAxes.empty();
            const bool angular = !l.angularAxes.empty() && !(linear && m_behaviour.mixedLimitLinearOnly);
            if (!linear && !angular) {
                noAxes(l);
                continue;
            }
            if (linear && perAxisDistance(l))
                for (int axis : l.linearAxes)
                    add(l, false, {axis}, joint);
            else if (linear)
                add(l, false, l.linearAxes, joint);
            if (angular)
                add(l, true, l.angularAxes, joint);
        }
        if (m_behaviour.lockedPairAngularRange > 0)
            dropAngularRangesBesideLockedPair(joint);
    }

    void drives(const physics::JointDescription& description, SimJoint& joint)
    {
        for (const physics::JointDrive& d : description.drives) {
            if (!d.type || !d.mode || !d.axis || *d.axis < 0 || *d.axis > 2) {
                m_notes.push_back(makeWarning("SIM_JOINT_DRIVE_INCOMPLETE",
                                              "A joint drive without a valid type, mode and axis is left out",
                                              d.pointer));
                continue;
            }
            SimJointDrive drive;
            drive.angular = *d.type == physics::DriveType::Angular;
            drive.axis = *d.axis;
            drive.acceleration = *d.mode == physics::DriveMode::Acceleration;
            if (d.maxForce && std::isfinite(*d.maxForce) && *d.maxForce >= 0 &&
                !(*d.maxForce == 0 && m_behaviour.driveMaxForceZeroUnlimited))
                drive.maxForce = *d.maxForce;
            drive.positionTarget = d.positionTarget;
            drive.velocityTarget = d.velocityTarget.value_or(0.0);
            drive.stiffness = std::isfinite(d.stiffness) ? std::fmax(d.stiffness, 0.0) : 0.0;
            drive.damping = std::isfinite(d.damping) ? std::fmax(d.damping, 0.0) : 0.0;
            joint.drives.push_back(drive);
        }
    }

private:
    /// A three-axis linear limit with min > 0 that the target reads as a range on each axis.
    bool perAxisDistance(const physics::JointLimit& l) const
    {
        return m_behaviour.distanceLimitWithMinPerAxis && l.linearAxes.size() == 3 && l.min && *l.min > 0;
    }

    /// A target that, beside a limit locking two or more angular axes, gives every other angular range of
    /// the joint its default -r..r (the Sample Renderer's cylindrical joint without a cone).
    void dropAngularRangesBesideLockedPair(SimJoint& joint) const
    {
        auto locked = [](const SimJointLimit& l) { return l.min == 0 && l.max == 0; };
        const bool lockedPair =
            std::any_of(joint.limits.begin(), joint.limits.end(),
                        [&](const SimJointLimit& l) { return l.angular && l.axes.size() > 1 && locked(l); });
        const bool cone = std::any_of(joint.limits.begin(), joint.limits.end(), [&](const SimJointLimit& l) {
            return l.angular && l.axes.size() > 1 && !locked(l);
        });
        if (!lockedPair || cone)
            return;
        for (SimJointLimit& l : joint.limits) {
            if (l.angular && !locked(l)) {
                l.min = -m_behaviour.lockedPairAngularRange;
                l.max = m_behaviour.lockedPairAngularRange;
            }
        }
    }

    void noAxes(const physics::JointLimit& l)
    {
        m_notes.push_back(makeWarning("SIM_JOINT_LIMIT_NO_AXES",
                                      "A joint limit without valid axes constrains nothing", l.pointer));
    }

    void add(const physics::JointLimit& l, bool angular, const std::vector<int>& axes, SimJoint& joint)
    {
        SimJointLimit limit;
        limit.angular = angular;
        for (int axis : axes) {
            if (axis >= 0 && axis <= 2 &&
                std::find(limit.axes.begin(), limit.axes.end(), axis) == limit.axes.end())
                limit.axes.push_back(axis);
        }
        if (limit.axes.empty()) {
            noAxes(l);
            return;
        }
        limit.min = l.min.value_or(-Infinity);
        limit.max = l.max.value_or(Infinity);
        limit.stiffness = limitStiffness(l.stiffness);
        limit.damping = std::isfinite(l.damping) ? std::fmax(l.damping, 0.0) : 0.0;
        const bool distance = !angular && limit.axes.size() == 3;
        if (distance && !l.min && m_behaviour.distanceLimitWithoutMinHeld) {
            limit.min = m_startDistance;
            limit.max = m_startDistance;
        }
        if ((distance && m_behaviour.distanceLimitRigid) ||
            (limit.min == 0 && limit.max == 0 && m_behaviour.lockedLimitRigid)) {
            limit.stiffness = 0;
            limit.damping = 0;
        }
        const bool locked = limit.max <= 0 && (limit.axes.size() > 1 || limit.min >= 0);
        if (limit.angular && limit.axes.size() > 1 && !locked)
            m_notes.push_back(makeInfo("SIM_JOINT_CONE_LIMIT",
                                       "An angular limit on several axes (a cone or a total angle) is "
                                       "simulated as the range -max..max about each of its axes",
                                       l.pointer));
        joint.limits.push_back(std::move(limit));
    }

    Diagnostics& m_notes;
    const BehaviourProfile& m_behaviour;
    double m_startDistance = 0; ///< between the two attachment frames at time 0, metres
};

} // namespace

std::vector<SimJoint> buildJoints(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                                  const gltf::SceneGraph& graph, const BehaviourProfile& behaviour,
                                  Diagnostics& notes)
{
    std::vector<SimJoint> joints;
    JointReader reader(notes, behaviour);
    for (const auto& [node, physics] : model.nodes) {
        if (!physics.joint)
            continue;
        const physics::NodeJoint& nj = *physics.joint;
        if (nj.joint < 0 || size_t(nj.joint) >= model.joints.size() || nj.connectedNode < 0 ||
            size_t(nj.connectedNode) >= graph.nodeCount() || node >= graph.nodeCount()) {
            notes.push_back(makeWarning("SIM_JOINT_INVALID",
                                        "A joint whose description or connected node does not exist is not "
                                        "simulated",
                                        nj.pointer));
            continue;
        }
        SimJoint joint;
        joint.node = node;
        joint.connectedNode = size_t(nj.connectedNode);
        joint.bodyA = scene.bodyOfNode(node);
        joint.bodyB = scene.bodyOfNode(joint.connectedNode);
        if (joint.bodyA == joint.bodyB) {
            notes.push_back(makeWarning("SIM_JOINT_SAME_BODY",
                                        "Both sides of the joint are on the same body (or both are static "
                                        "geometry); it has no effect",
                                        nj.pointer));
            continue;
        }
        joint.frameA = frameIn(scene, graph, joint.bodyA, node);
        joint.frameB = frameIn(scene, graph, joint.bodyB, joint.connectedNode);
        joint.enableCollision = nj.enableCollision;
        if (!joint.enableCollision && (joint.bodyA < 0 || joint.bodyB < 0))
            joint.worldColliderNodes =
                worldSideColliders(scene, graph, joint.bodyA < 0 ? node : joint.connectedNode);
        const physics::JointDescription& description = model.joints[size_t(nj.joint)];
        reader.limits(
            description, joint,
            (graph.worldTransform(node).column(3) - graph.worldTransform(joint.connectedNode).column(3))
                .toVector3D()
                .length());
        reader.drives(description, joint);
        joints.push_back(std::move(joint));
    }
    return joints;
}

} // namespace cs::simulation
