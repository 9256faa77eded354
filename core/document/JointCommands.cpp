#include "document/JointCommands.h"

#include "document/Document.h"

namespace cs::document {

using physics::JointDescription;
using physics::JointLimit;

std::vector<size_t> jointUsers(const physics::PhysicsModel& model, int index)
{
    std::vector<size_t> users;
    for (const auto& [node, n] : model.nodes)
        if (n.joint && n.joint->joint == index)
            users.push_back(node);
    return users;
}

EditNodePhysics* setNodeJoint(Document* document, size_t node, const NodeJointFields& fields)
{
    const bool had = document->model().node(node) && document->model().node(node)->joint;
    return new EditNodePhysics(
        document, node, had ? QStringLiteral("Edit Joint") : QStringLiteral("Add Joint"),
        [fields](physics::NodePhysics& n) {
            physics::NodeJoint joint = n.joint.value_or(physics::NodeJoint{});
            if (n.joint && joint.connectedNode == fields.connectedNode && joint.joint == fields.joint &&
                joint.enableCollision == fields.enableCollision)
                return false;
            joint.connectedNode = fields.connectedNode;
            joint.joint = fields.joint;
            joint.enableCollision = fields.enableCollision;
            n.joint = std::move(joint);
            return true;
        });
}

EditNodePhysics* removeNodeJoint(Document* document, size_t node)
{
    return new EditNodePhysics(document, node, QStringLiteral("Remove Joint"), [](physics::NodePhysics& n) {
        if (!n.joint)
            return false;
        n.joint.reset();
        return true;
    });
}

namespace {

JointLimit locked(std::vector<int> linear, std::vector<int> angular)
{
    JointLimit l;
    l.linearAxes = std::move(linear);
    l.angularAxes = std::move(angular);
    l.min = 0.0;
    l.max = 0.0;
    return l;
}

} // namespace

JointDescription jointPreset(JointPreset preset)
{
    JointDescription j;
    switch (preset) {
    case JointPreset::Fixed:
        j.limits = {locked({0, 1, 2}, {}), locked({}, {0, 1, 2})};
        break;
    case JointPreset::Hinge:
        j.limits = {locked({0, 1, 2}, {}), locked({}, {1, 2})};
        break;
    case JointPreset::Slider:
        j.limits = {locked({1, 2}, {}), locked({}, {0, 1, 2})};
        break;
    case JointPreset::BallSocket:
        j.limits = {locked({0, 1, 2}, {})};
        break;
    case JointPreset::Free:
        break;
    }
    return j;
}

const char* jointPresetName(JointPreset preset)
{
    switch (preset) {
    case JointPreset::Fixed:
        return "Fixed";
    case JointPreset::Hinge:
        return "Hinge";
    case JointPreset::Slider:
        return "Slider";
    case JointPreset::BallSocket:
        return "Ball and socket";
    case JointPreset::Free:
        return "Free";
    }
    return "";
}

AddJointDescription::AddJointDescription(Document* document, JointDescription joint, QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Add Joint Description"), parent), m_joint(std::move(joint))
{}

void AddJointDescription::redo()
{
    m_index = model().joints.size();
    model().joints.push_back(m_joint);
    notify(ChangeEvent::Kind::Joint, static_cast<int>(m_index), ChangeEvent::Created);
}

void AddJointDescription::undo()
{
    model().joints.pop_back();
    notify(ChangeEvent::Kind::Joint, static_cast<int>(m_index), ChangeEvent::Removed);
}

SetJointDescription::SetJointDescription(Document* document, size_t index, JointDescription joint,
                                         const QString& text, QUndoCommand* parent)
    : DocumentCommand(document, text, parent), m_index(index), m_after(std::move(joint))
{}

void SetJointDescription::redo()
{
    auto& joints = model().joints;
    if (!m_before) {
        if (m_index >= joints.size() ||
            (joints[m_index].sameValues(m_after) && joints[m_index].source == m_after.source)) {
            setObsolete(true);
            return;
        }
        m_before = joints[m_index];
    }
    joints[m_index] = m_after;
    notify(ChangeEvent::Kind::Joint, static_cast<int>(m_index), ChangeEvent::All);
}

void SetJointDescription::undo()
{
    model().joints[m_index] = *m_before;
    notify(ChangeEvent::Kind::Joint, static_cast<int>(m_index), ChangeEvent::All);
}

RemoveJointDescription::RemoveJointDescription(Document* document, size_t index, QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Delete Joint Description"), parent), m_index(index)
{}

void RemoveJointDescription::redo()
{
    auto& m = model();
    if (!m_joint) {
        if (m_index >= m.joints.size()) {
            setObsolete(true);
            return;
        }
        m_joint = m.joints[m_index];
        const int removed = static_cast<int>(m_index);
        for (const auto& [node, n] : m.nodes) {
            if (!n.joint || n.joint->joint < removed)
                continue;
            NodeChange change{node, n, n};
            if (n.joint->joint == removed) {
                change.after->joint.reset();
                m_users.push_back(node);
            } else {
                --change.after->joint->joint;
            }
            if (isDisposable(*change.after))
                change.after.reset();
            m_changes.push_back(std::move(change));
        }
    }
    m.joints.erase(m.joints.begin() + static_cast<std::ptrdiff_t>(m_index));
    for (const NodeChange& c : m_changes)
        putNodePhysics(m, c.node, c.after);
    notify(ChangeEvent::Kind::Joint, static_cast<int>(m_index), ChangeEvent::Removed);
    for (const NodeChange& c : m_changes)
        notifyNodePhysics(c.node, c.before, c.after);
}

void RemoveJointDescription::undo()
{
    auto& m = model();
    m.joints.insert(m.joints.begin() + static_cast<std::ptrdiff_t>(m_index), *m_joint);
    for (const NodeChange& c : m_changes)
        putNodePhysics(m, c.node, c.before);
    notify(ChangeEvent::Kind::Joint, static_cast<int>(m_index), ChangeEvent::Created);
    for (const NodeChange& c : m_changes)
        notifyNodePhysics(c.node, c.after, c.before);
}

} // namespace cs::document
