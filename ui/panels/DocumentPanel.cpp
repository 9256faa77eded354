#include "panels/DocumentPanel.h"

#include "document/Document.h"
#include "widgets/WheelGuard.h"

#include <algorithm>

namespace cs::ui {

DocumentPanel::DocumentPanel(QWidget* parent) : QWidget(parent)
{
    WheelGuard::install();
}

void DocumentPanel::setDocument(document::Document* document)
{
    if (m_document == document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &document::Document::changed, this, &DocumentPanel::onChanged);
    m_nodes.clear();
    forget();
    documentReplaced();
    refresh();
}

document::Document* DocumentPanel::document() const
{
    return m_document;
}

void DocumentPanel::setNodes(const std::vector<document::NodeIndex>& nodes)
{
    if (nodes != m_nodes)
        forget();
    m_nodes = nodes;
    refresh();
}

bool DocumentPanel::showsNode(int node) const
{
    return node >= 0 &&
           std::find(m_nodes.begin(), m_nodes.end(), static_cast<document::NodeIndex>(node)) != m_nodes.end();
}

void DocumentPanel::onChanged(const document::ChangeEvent& event)
{
    if (m_applying || !m_document)
        return;
    if (concerns(event))
        refresh();
}

} // namespace cs::ui
