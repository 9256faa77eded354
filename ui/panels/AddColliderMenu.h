#pragma once

#include "PlanRunner.h"
#include "document/Selection.h"

#include <QMenu>
#include <QPointer>
#include <memory>
#include <optional>
#include <vector>

namespace cs::document {
class Document;
}

namespace cs::ui {

/// "Add Collider" for one node with a mesh: a collider fitted to the node's mesh, on a new child node, in one
/// undo step per entry:
///   Box, Oriented Box, Sphere, Capsule, Cylinder   document::fitPrimitive (fitted in the node's space)
///   Convex Hull                                    document::generateConvexHull, default options (255
///   points) Convex Hull Options...                         hullDialogRequested(node): the owner opens a
///   HullDialog Trimesh                                        a trimesh shape on the node's own mesh
/// "As Trigger" (checkable) makes the entries add triggers instead of colliders. Without a document, a node
/// or a mesh the entries are disabled and the first, disabled line of the menu says why.
///
/// The fits and the hull are computed off the GUI thread (a PlanRunner); the collider is added when the
/// result arrives, unless the node changed (setNode) or the document was edited meanwhile, and then
/// colliderAdded() or addFailed() tells how it went. Choosing another entry before that drops the first.
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
    ~AddColliderMenu() override;

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

    /// What an entry does, in one undo step: false (and addFailed()) when it cannot start, else true; the
    /// trimesh is added at once, the others when their fit arrives (colliderAdded() or addFailed()).
    bool add(Kind kind);
    /// True while a fit or hull is computed.
    bool isBusy() const;
    /// Runs the event loop until no fit is computed or `milliseconds` passed; true when none is.
    bool waitForIdle(int milliseconds);
    /// The node the last entry added, else none (the reason in lastError()).
    std::optional<size_t> lastAdded() const { return m_lastAdded; }
    QString lastError() const { return m_lastError; }

signals:
    /// "Convex Hull..." was chosen for `node`.
    void hullDialogRequested(cs::document::NodeIndex node);
    /// An entry added `colliderNode` (a child of `node`).
    void colliderAdded(size_t node, size_t colliderNode);
    /// An entry added its collider: what it did ("Box collider added to Crate"), before colliderAdded().
    void added(const QString& what);
    /// An entry could not add its collider (e.g. the mesh is flat and has no hull).
    void addFailed(const QString& why);

private:
    struct Fit;
    struct Request;
    using Runner = PlanRunner<Request, Fit>;
    bool fail(const QString& why);
    void addTrimesh(cs::document::Document& document, document::NodeIndex node);
    void fitFinished();
    void applyFit(const Request& request, const Fit& fit);

    QPointer<cs::document::Document> m_document;
    std::optional<document::NodeIndex> m_node;
    QAction* m_reason = nullptr;
    QAction* m_actions[7] = {};
    QAction* m_hullDialog = nullptr;
    QAction* m_trigger = nullptr;
    QString m_lastError;
    std::optional<size_t> m_lastAdded;
    std::unique_ptr<Request> m_next; // the entry chosen last, before its mesh is read
    QString m_gatherError;           // why its mesh could not be read
    Runner* m_runner = nullptr;      // the fit or hull of the entry chosen last
};

} // namespace cs::ui
