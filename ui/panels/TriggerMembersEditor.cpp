#include "panels/TriggerMembersEditor.h"

#include "ModelLabels.h"
#include "document/ComponentEdits.h"
#include "document/Document.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

TriggerMembersEditor::TriggerMembersEditor(QWidget* parent) : QWidget(parent)
{
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    m_members = new QListWidget(this);
    m_members->setObjectName(QStringLiteral("memberList"));
    m_members->setSelectionMode(QAbstractItemView::SingleSelection);
    m_members->setMaximumHeight(110);
    m_members->setToolTip(tr("The descendant trigger nodes this compound trigger is made of."));
    auto* buttons = new QHBoxLayout;
    m_candidates = new QComboBox(this);
    m_candidates->setObjectName(QStringLiteral("memberCandidates"));
    m_candidates->setToolTip(tr("Descendant trigger nodes not in the list yet."));
    m_add = new QPushButton(tr("Add"), this);
    m_add->setObjectName(QStringLiteral("addMember"));
    m_remove = new QPushButton(tr("Remove"), this);
    m_remove->setObjectName(QStringLiteral("removeMember"));
    buttons->addWidget(m_candidates, 1);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    box->addWidget(m_members);
    box->addLayout(buttons);
    connect(m_add, &QPushButton::clicked, this, &TriggerMembersEditor::add);
    connect(m_remove, &QPushButton::clicked, this, &TriggerMembersEditor::remove);
    connect(m_members, &QListWidget::currentRowChanged, this, &TriggerMembersEditor::updateRemove);
}

void TriggerMembersEditor::showMembers(document::Document* document, std::optional<size_t> node,
                                       const std::vector<int>& members)
{
    m_document = document;
    m_node = document ? node : std::nullopt;
    m_list = m_node ? members : std::vector<int>{};
    const QSignalBlocker blockList(m_members);
    const QSignalBlocker blockCandidates(m_candidates);
    const int row = m_members->currentRow();
    m_members->clear();
    m_candidates->clear();
    setEnabled(m_node.has_value());
    if (!m_node)
        return;
    for (int member : m_list) {
        auto* item = new QListWidgetItem(member >= 0 ? nodeLabel(*document, static_cast<size_t>(member))
                                                     : tr("Invalid node %1").arg(member),
                                         m_members);
        item->setData(Qt::UserRole, member);
    }
    if (row >= 0 && row < m_members->count())
        m_members->setCurrentRow(row);
    for (int candidate : document::descendantTriggers(*document, *m_node)) {
        if (std::find(m_list.begin(), m_list.end(), candidate) == m_list.end())
            m_candidates->addItem(nodeLabel(*document, static_cast<size_t>(candidate)), candidate);
    }
    const bool any = m_candidates->count() > 0;
    m_candidates->setEnabled(any);
    m_add->setEnabled(any);
    m_add->setToolTip(any ? tr("Add the chosen descendant trigger node.")
                          : tr("Every descendant trigger node is a member already."));
    const bool canRemove = m_members->count() > 1;
    m_remove->setToolTip(canRemove ? tr("Remove the selected member.")
                                   : tr("A compound trigger needs at least one member; pick a shape "
                                        "instead to make it a single trigger."));
    updateRemove();
}

void TriggerMembersEditor::updateRemove()
{
    m_remove->setEnabled(m_node && m_members->currentRow() >= 0 && m_members->count() > 1);
}

void TriggerMembersEditor::add()
{
    if (!m_document || !m_node || m_candidates->currentIndex() < 0)
        return;
    std::vector<int> members = m_list;
    members.push_back(m_candidates->currentData().toInt());
    emit membersEdited(*m_node, members);
}

void TriggerMembersEditor::remove()
{
    if (!m_document || !m_node || m_members->currentRow() < 0)
        return;
    std::vector<int> members = m_list;
    const auto row = static_cast<size_t>(m_members->currentRow());
    if (members.size() <= 1 || row >= members.size())
        return;
    members.erase(members.begin() + static_cast<std::ptrdiff_t>(row));
    emit membersEdited(*m_node, members);
}

} // namespace cs::ui
