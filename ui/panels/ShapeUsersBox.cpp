#include "panels/ShapeUsersBox.h"

#include "ModelLabels.h"
#include "document/Document.h"
#include "document/ListItems.h"

#include <QListWidget>
#include <QVBoxLayout>

namespace cs::ui {

ShapeUsersBox::ShapeUsersBox(QWidget* parent) : QGroupBox(tr("Used by"), parent)
{
    m_list = new QListWidget(this);
    m_list->setToolTip(tr("Nodes whose collider or trigger uses this shape; click one to select it"));
    m_list->setMaximumHeight(120);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    auto activate = [this](QListWidgetItem* item) {
        if (item && item->data(Qt::UserRole).isValid())
            emit nodeActivated(item->data(Qt::UserRole).value<document::NodeIndex>());
    };
    connect(m_list, &QListWidget::itemClicked, this, activate);
    connect(m_list, &QListWidget::itemActivated, this, activate);
}

void ShapeUsersBox::showUsers(const document::Document* document, int shape,
                              std::optional<document::NodeIndex> contextNode)
{
    m_list->clear();
    if (!document || shape < 0 || static_cast<size_t>(shape) >= document->model().shapes.size())
        return;
    for (const document::ItemUse& use :
         document::usesOf(document->model(), document::ListKind::Shape, shape)) {
        QStringList roles;
        if (use.collider)
            roles << tr("collider");
        if (use.trigger)
            roles << tr("trigger");
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 (%2)").arg(nodeLabel(*document, use.node), roles.join(QStringLiteral(", "))),
            m_list);
        item->setData(Qt::UserRole, QVariant::fromValue<document::NodeIndex>(use.node));
        if (use.node == contextNode) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
    }
    if (m_list->count() == 0) {
        auto* item = new QListWidgetItem(tr("No node uses this shape"), m_list);
        item->setFlags(Qt::NoItemFlags);
    }
}

} // namespace cs::ui
