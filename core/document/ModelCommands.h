#pragma once

// Structural edits of the physics model: adding and deleting shapes, materials and filters (references fixed
// up), changing a shape's type, and any change of one node's physics (add/remove motion, collider, trigger;
// compound groups; mass properties), plus the legacy upgrade.

#include "document/FieldCommands.h"
#include "document/References.h"

#include <functional>

namespace cs::document {

/// Appends a shape, material or filter; its index is the list's size before. Undo takes it off the end.
template <class Locator> class AppendItem : public DocumentCommand
{
public:
    using Object = typename Locator::Object;
    AppendItem(Document* document, Object item, QUndoCommand* parent = nullptr);
    /// The new item's index (valid after the first redo).
    size_t itemIndex() const { return m_index; }
    void redo() override;
    void undo() override;

private:
    Object m_item;
    size_t m_index = 0;
};

/// Deletes a shape, material or filter and fixes every reference (see changesForRemoval). users() names the
/// nodes that referred to it, for telling the user.
template <class Locator> class RemoveItem : public DocumentCommand
{
public:
    using Object = typename Locator::Object;
    RemoveItem(Document* document, size_t index, QUndoCommand* parent = nullptr);
    const std::vector<size_t>& users() const { return m_users; }
    void redo() override;
    void undo() override;

private:
    size_t m_index;
    std::optional<Object> m_item;
    std::vector<NodeChange> m_changes;
    std::vector<size_t> m_users;
};

using AddShape = AppendItem<locate::Shape>;
using AddMaterial = AppendItem<locate::Material>;
using AddFilter = AppendItem<locate::Filter>;
using RemoveShape = RemoveItem<locate::Shape>;
using RemoveMaterial = RemoveItem<locate::Material>;
using RemoveFilter = RemoveItem<locate::Filter>;

/// Changes a shape's type, keeping what carries over (see convertShape).
class ChangeShapeType : public DocumentCommand
{
public:
    ChangeShapeType(Document* document, size_t shape, physics::ShapeType type,
                    QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    size_t m_shape;
    physics::ShapeType m_type;
    std::optional<physics::Shape> m_before;
};

/// Any change of one node's physics entry, described by a function run on the first redo. Later redos and
/// undos swap the whole entry (before/after), so its source JSON comes back exactly. The function returns
/// false when it would change nothing; the command is then obsolete and push() drops it. A node that is not
/// in the glTF makes the command obsolete too.
class EditNodePhysics : public DocumentCommand
{
public:
    using Edit = std::function<bool(physics::NodePhysics&)>;
    EditNodePhysics(Document* document, size_t node, const QString& text, Edit edit,
                    QUndoCommand* parent = nullptr);
    size_t node() const { return m_node; }
    void redo() override;
    void undo() override;

private:
    size_t m_node;
    Edit m_edit;
    bool m_applied = false;
    std::optional<physics::NodePhysics> m_before;
    std::optional<physics::NodePhysics> m_after;
};

/// Motion with the given values on a node that has none.
EditNodePhysics* addMotion(Document* document, size_t node, physics::Motion motion = {});
EditNodePhysics* removeMotion(Document* document, size_t node);
/// A collider on a node that has none. shape -1 makes the node a compound collider group.
EditNodePhysics* addCollider(Document* document, size_t node, physics::Collider collider);
EditNodePhysics* removeCollider(Document* document, size_t node);
/// A trigger on a node that has none.
EditNodePhysics* addTrigger(Document* document, size_t node, physics::Trigger trigger);
EditNodePhysics* removeTrigger(Document* document, size_t node);
/// Makes the node's collider a grouping collider (shape none), adding one when there is none.
EditNodePhysics* makeCompoundCollider(Document* document, size_t node);
/// Makes the node a compound trigger of the listed descendant trigger nodes (shape and filter none, as the
/// schema asks), adding the trigger when there is none. Edit the list later with SetTriggerNodes.
EditNodePhysics* makeCompoundTrigger(Document* document, size_t node, std::vector<int> members);

/// Mass properties as computed from the shapes (by core/geometry or anything else), in the body node's space.
struct MassProperties
{
    std::optional<double> mass; ///< set too when present (e.g. computed from a density)
    physics::Vec3 centerOfMass{0, 0, 0};
    physics::Vec3 inertiaDiagonal{0, 0, 0};
    physics::Quat inertiaOrientation{0, 0, 0, 1};
};
/// Sets centre of mass, inertia diagonal and orientation (and mass) of a node's motion in one step.
EditNodePhysics* setMassProperties(Document* document, size_t node, const MassProperties& properties);

/// Marks the document's physics for writing in the newest form on save (a legacy OMI or KHR file is
/// converted; see OmiWriter.h). The model already holds the newest meaning, so nothing in it changes; the
/// command is obsolete on a document that is not legacy or whose physics were already edited (a save then
/// writes the newest form anyway).
class UpgradeLegacy : public DocumentCommand
{
public:
    explicit UpgradeLegacy(Document* document, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    bool m_checked = false;
};

} // namespace cs::document
