#pragma once

#include "document/Selection.h"

#include <QObject>
#include <QPointer>
#include <optional>

class QWidget;

namespace cs::document {
class Document;
}

namespace cs::ui {

class AddCollidersDialog;
class DecomposeDialog;
class DocumentSession;
class HullDialog;
class RagdollDialog;
class Viewport;

/// The non-modal tool dialogs of the session's document (convex hull, decomposition, add colliders, ragdoll):
/// at most one of each, previewing in the viewport, opened beside it, closed when the document is replaced.
class ToolDialogs : public QObject
{
    Q_OBJECT

public:
    /// The dialogs open over `dialogParent` (the window).
    ToolDialogs(DocumentSession& session, Viewport* viewport, QWidget* dialogParent,
                QObject* parent = nullptr);

    /// Opens the hull generator for `node` (a dialog already open is closed first). Null without a document
    /// or for no node or a node that does not exist.
    HullDialog* openHullDialog(std::optional<document::NodeIndex> node);
    HullDialog* hullDialog() const;
    /// Physics > Decompose into Convex Parts: the dialog for the selected nodes that have a mesh (one already
    /// open is closed first). Null without a document or such a node.
    DecomposeDialog* openDecomposeDialog();
    DecomposeDialog* decomposeDialog() const;
    /// Opens "Add Colliders to All Meshes".
    AddCollidersDialog* openAddCollidersDialog();
    /// Physics > Add Simplified Mesh Collider...: the same dialog set to the simplified strategy and the
    /// current node.
    AddCollidersDialog* openSimplifiedColliderDialog();
    /// Physics > Add Ragdoll...: the ragdoll generator for the document's skinned character (one already open
    /// is closed first). Null without a document.
    RagdollDialog* openRagdollDialog();
    RagdollDialog* ragdollDialog() const;
    /// Closes every dialog and clears their preview.
    void closeAll();

signals:
    /// One line for the status bar (what a dialog applied, why none opened).
    void statusMessage(const QString& text);

private:
    void showBesideView(QWidget* dialog);

    DocumentSession& m_session;
    Viewport* m_viewport;
    QWidget* m_dialogParent;
    QPointer<HullDialog> m_hull;
    QPointer<DecomposeDialog> m_decompose;
    QPointer<AddCollidersDialog> m_addColliders;
    QPointer<RagdollDialog> m_ragdoll;
};

} // namespace cs::ui
