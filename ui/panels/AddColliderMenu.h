#pragma once

#include "document/Selection.h"

#include <QMenu>
#include <QPointer>
#include <optional>

namespace cs::document {
class Document;
}

namespace cs::ui {

/// "Add Collider" for one node with a mesh: a collider fitted to the node's mesh, on a new child node, in one
/// undo step per entry:
///   Box, Oriented Box, Sphere, Capsule, Cylinder   document::fitPrimitive (fitted in the node's space)
///   Convex Hull                                    document::generateConvexHull, default options (255
///   points) Convex Hull...                                 hullDialogRequested(node): the owner opens a
///   HullDialog Trimesh                                        a trimesh shape on the node's own mesh
/// "As Trigger" (checkable) makes the entries add triggers instead of colliders. Without a document, a node
/// or a mesh the entries are disabled and the first, disabled line of the menu says why.
///
/// The fits and the default hull run on the GUI thread: a few milliseconds for the meshes of the test data
/// (see the report of tests/panels/TestAddColliderMenu.cpp). Use HullDialog for very large meshes.
class AddColliderMenu : public QMenu
{
    Q_OBJECT

public:
    enum class Kind
    {
        Box,
        OrientedBox,
        Sphere,
        Capsule,
        Cylinder,
        Hull,
        Trimesh,
    };

    explicit AddColliderMenu(QWidget* parent = nullptr);

    /// The document the entries edit (not owned; forgotten when it is destroyed).
    void setDocument(cs::document::Document* document);
    cs::document::Document* document() const { return m_document; }
    /// The node the entries act on (none: the entries are disabled).
    void setNode(std::optional<document::NodeIndex> node);
    std::optional<document::NodeIndex> node() const { return m_node; }
    void setTrigger(bool on);
    bool trigger() const;

    QAction* action(Kind kind) const;
    QAction* hullDialogAction() const { return m_hullDialog; }
    QAction* triggerAction() const { return m_trigger; }
    /// Why the entries are disabled, or empty when they are enabled.
    QString disabledReason() const;
    /// Re-reads the document (run before the menu shows).
    void refresh();

    /// What an entry does: one undo step; the new node's index, or nothing (the reason in lastError()).
    std::optional<size_t> add(Kind kind);
    QString lastError() const { return m_lastError; }

signals:
    /// "Convex Hull..." was chosen for `node`.
    void hullDialogRequested(cs::document::NodeIndex node);
    /// An entry added `colliderNode` (a child of `node`).
    void colliderAdded(size_t node, size_t colliderNode);
    /// An entry could not add its collider (e.g. the mesh is flat and has no hull).
    void addFailed(const QString& why);

private:
    QPointer<cs::document::Document> m_document;
    std::optional<document::NodeIndex> m_node;
    QAction* m_reason = nullptr;
    QAction* m_actions[7] = {};
    QAction* m_hullDialog = nullptr;
    QAction* m_trigger = nullptr;
    QString m_lastError;
};

} // namespace cs::ui
