#include "MainWindow.h"

// MainWindow: Physics > Decompose into Convex Parts.

#include "dialogs/DecomposeDialog.h"

#include <QLabel>

namespace cs::ui {

DecomposeDialog* MainWindow::openDecomposeDialog()
{
    if (!m_document)
        return nullptr;
    std::vector<size_t> nodes;
    const gltf::Json& all = m_document->gltf().json().value("nodes", gltf::Json::array());
    for (size_t node : m_document->selectedNodes())
        if (all.is_array() && node < all.size() && all[node].is_object() && all[node].contains("mesh"))
            nodes.push_back(node);
    if (nodes.empty()) {
        m_statusLabel->setText(tr("Select a node with a mesh to decompose it into convex parts"));
        return nullptr;
    }
    delete decomposeDialog();
    auto* dialog = new DecomposeDialog(m_document.get(), std::move(nodes), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DecomposeDialog::previewChanged, m_viewport, &Viewport::setPreviewParts);
    connect(dialog, &DecomposeDialog::previewCleared, m_viewport, &Viewport::clearPreview);
    connect(dialog, &DecomposeDialog::applied, this, [this](size_t parts) {
        m_statusLabel->setText(tr("%n convex part(s) added", nullptr, int(parts)));
    });
    dialog->show();
    return dialog;
}

DecomposeDialog* MainWindow::decomposeDialog() const
{
    return findChild<DecomposeDialog*>(QString(), Qt::FindDirectChildrenOnly);
}

} // namespace cs::ui
