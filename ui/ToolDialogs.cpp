#include "ToolDialogs.h"

#include "DocumentSession.h"
#include "dialogs/AddCollidersDialog.h"
#include "dialogs/DecomposeDialog.h"
#include "dialogs/HullDialog.h"
#include "dialogs/RagdollDialog.h"
#include "document/DecomposeAction.h"
#include "viewport/Viewport.h"
#include "widgets/DialogPlacement.h"

namespace cs::ui {

using document::NodeIndex;

ToolDialogs::ToolDialogs(DocumentSession& session, Viewport* viewport, QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport), m_dialogParent(dialogParent)
{
    // The dialogs work on the document that is going away: they go first.
    connect(&session, &DocumentSession::documentReplaced, this, &ToolDialogs::closeAll);
}

HullDialog* ToolDialogs::openHullDialog(std::optional<NodeIndex> node)
{
    document::Document* doc = m_session.document();
    if (!doc || !node || *node >= doc->gltf().count("nodes"))
        return nullptr;
    if (m_hull)
        m_hull->close();
    auto* dialog = new HullDialog(doc, *node, m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &HullDialog::previewChanged, m_viewport, &Viewport::setPreviewLines);
    connect(dialog, &HullDialog::previewCleared, m_viewport, &Viewport::clearPreview);
    connect(dialog, &HullDialog::applied, this,
            [this](size_t shape) { emit statusMessage(tr("Convex hull added (shape %1)").arg(shape)); });
    m_hull = dialog;
    showBesideView(dialog);
    return dialog;
}

DecomposeDialog* ToolDialogs::openDecomposeDialog()
{
    document::Document* doc = m_session.document();
    if (!doc)
        return nullptr;
    std::vector<size_t> nodes = document::nodesWithMesh(*doc, doc->selectedNodes());
    if (nodes.empty()) {
        emit statusMessage(tr("Select a node with a mesh to decompose it into convex parts"));
        return nullptr;
    }
    delete m_decompose.data();
    auto* dialog = new DecomposeDialog(doc, std::move(nodes), m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DecomposeDialog::previewChanged, m_viewport, &Viewport::setPreviewParts);
    connect(dialog, &DecomposeDialog::previewCleared, m_viewport, &Viewport::clearPreview);
    connect(dialog, &DecomposeDialog::applied, this,
            [this](size_t parts) { emit statusMessage(tr("%n convex part(s) added", nullptr, int(parts))); });
    m_decompose = dialog;
    showBesideView(dialog);
    return dialog;
}

HullDialog* ToolDialogs::hullDialog() const
{
    return m_hull.data();
}

DecomposeDialog* ToolDialogs::decomposeDialog() const
{
    return m_decompose.data();
}

AddCollidersDialog* ToolDialogs::openAddCollidersDialog()
{
    document::Document* doc = m_session.document();
    if (!doc)
        return nullptr;
    if (!m_addColliders) {
        m_addColliders = new AddCollidersDialog(doc, m_dialogParent);
        m_addColliders->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_addColliders->setNodes({}); // every mesh node again after Add Simplified Mesh Collider
    showBesideView(m_addColliders);
    m_addColliders->raise();
    return m_addColliders;
}

AddCollidersDialog* ToolDialogs::openSimplifiedColliderDialog()
{
    const std::optional<NodeIndex> node = m_session.currentNode();
    AddCollidersDialog* dialog = node ? openAddCollidersDialog() : nullptr;
    if (!dialog)
        return nullptr;
    dialog->setStrategy(import::ColliderStrategy::Simplified);
    dialog->setNodes({*node});
    dialog->setSkipExisting(false);
    return dialog;
}

RagdollDialog* ToolDialogs::openRagdollDialog()
{
    document::Document* doc = m_session.document();
    if (!doc)
        return nullptr;
    delete m_ragdoll.data();
    auto* dialog = new RagdollDialog(doc, m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RagdollDialog::previewChanged, m_viewport, &Viewport::setPreviewParts);
    connect(dialog, &RagdollDialog::previewCleared, m_viewport, &Viewport::clearPreview);
    connect(dialog, &RagdollDialog::applied, this, [this](size_t bodies, size_t joints) {
        emit statusMessage(tr("Ragdoll added: %1 bodies, %2 joints").arg(bodies).arg(joints));
    });
    m_ragdoll = dialog;
    showBesideView(dialog);
    return dialog;
}

RagdollDialog* ToolDialogs::ragdollDialog() const
{
    return m_ragdoll.data();
}

void ToolDialogs::showBesideView(QWidget* dialog)
{
    // The dialogs preview in the view: they open beside it, not over what they show. Placed before they
    // are shown (so that Qt does not centre them on the window) and again once their frame is known.
    moveBeside(dialog, m_viewport);
    dialog->show();
    moveBeside(dialog, m_viewport);
}

void ToolDialogs::closeAll()
{
    delete m_hull.data();
    delete m_addColliders.data();
    delete m_decompose.data();
    delete m_ragdoll.data();
    m_viewport->clearPreview();
}

} // namespace cs::ui
