#pragma once

// Joints: a node's joint (connected node, description, enable collision) and the document-level joint
// descriptions (limits and drives), each change one undo step.

#include "document/DocumentCommand.h"
#include "document/ModelCommands.h"
#include "document/References.h"

#include <string>
#include <vector>

namespace cs::document {

/// The nodes whose joint refers to description `index`, in node order.
std::vector<size_t> jointUsers(const physics::PhysicsModel& model, int index);

/// The fields of a node's joint the window edits.
struct NodeJointFields
{
    int connectedNode = -1;
    int joint = -1; ///< index into PhysicsModel::joints
    bool enableCollision = false;
};

/// Gives the node a joint with these fields, or changes the one it has (its other JSON kept). Obsolete when
/// nothing would change.
EditNodePhysics* setNodeJoint(Document* document, size_t node, const NodeJointFields& fields);
/// Takes the node's joint away (obsolete when it has none).
EditNodePhysics* removeNodeJoint(Document* document, size_t node);

/// The joint types both families build from limits, as descriptions (every axis set explicit).
enum class JointPreset
{
    Fixed,      ///< all six degrees locked
    Hinge,      ///< turns about X only
    Slider,     ///< slides along X only
    BallSocket, ///< turns freely about the anchor
    Free,       ///< no limit at all
};
physics::JointDescription jointPreset(JointPreset preset);
const char* jointPresetName(JointPreset preset);

/// Appends a joint description; its index is the list's size before. Undo takes it off the end.
class AddJointDescription : public DocumentCommand
{
public:
    AddJointDescription(Document* document, physics::JointDescription joint, QUndoCommand* parent = nullptr);
    size_t itemIndex() const { return m_index; }
    void redo() override;
    void undo() override;

private:
    physics::JointDescription m_joint;
    size_t m_index = 0;
};

/// Replaces description `index` (its limits and drives) with `joint`. Build `joint` from a copy of the
/// current one so that its source JSON is kept. Obsolete when nothing would change.
class SetJointDescription : public DocumentCommand
{
public:
    SetJointDescription(Document* document, size_t index, physics::JointDescription joint,
                        const QString& text = QStringLiteral("Edit Joint"), QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    size_t m_index;
    physics::JointDescription m_after;
    std::optional<physics::JointDescription> m_before;
};

/// Deletes description `index`. The node joints that use it are removed (a joint without a description
/// means nothing in either family) and later references move down by one. users() names those nodes, for
/// telling the user.
class RemoveJointDescription : public DocumentCommand
{
public:
    RemoveJointDescription(Document* document, size_t index, QUndoCommand* parent = nullptr);
    const std::vector<size_t>& users() const { return m_users; }
    void redo() override;
    void undo() override;

private:
    size_t m_index;
    std::optional<physics::JointDescription> m_joint;
    std::vector<NodeChange> m_changes;
    std::vector<size_t> m_users;
};

} // namespace cs::document
