#include "panels/DiagnosticsPanel.h"

#include "ChildSignals.h"
#include "DiagnosticText.h"
#include "document/Document.h"
#include "targets/Target.h"
#include "widgets/HeaderFit.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

namespace {

constexpr int kRowRole = Qt::UserRole + 1; // the index of the row's diagnostic; -1 for a heading

QIcon severityIcon(Severity severity)
{
    return QApplication::style()->standardIcon(severity == Severity::Error ? QStyle::SP_MessageBoxCritical
                                               : severity == Severity::Warning
                                                   ? QStyle::SP_MessageBoxWarning
                                                   : QStyle::SP_MessageBoxInformation);
}

} // namespace

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent) : DocumentPanel(parent)
{
    m_list = new QTreeWidget(this);
    m_list->setColumnCount(4);
    m_list->setHeaderLabels({tr("Code"), tr("Where"), tr("Message"), tr("Fix")});
    m_list->setUniformRowHeights(true);
    m_list->header()->setSectionResizeMode(CodeColumn, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(WhereColumn, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(FixColumn, QHeaderView::ResizeToContents);
    keepHeaderTextsWhole(m_list->header());
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_target = new QComboBox(this);
    m_target->addItem(tr("None"));
    for (const targets::Target& t : targets::allTargets())
        m_target->addItem(QString::fromStdString(t.name), QString::fromStdString(t.name));
    m_target->setToolTip(tr("Also list where this engine will not load the file, ignores part of it or "
                            "behaves differently (docs/targets.md)"));
    auto* targetRow = new QHBoxLayout;
    targetRow->addWidget(new QLabel(tr("Target:"), this));
    targetRow->addWidget(m_target, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(targetRow);
    layout->addWidget(m_list);
    connect(m_target, &QComboBox::currentIndexChanged, this, &DiagnosticsPanel::targetChanged);
    auto activate = [this](QTreeWidgetItem* item) {
        const auto node = item ? nodeOfPointer(item->text(WhereColumn).toStdString()) : std::nullopt;
        if (node)
            emit nodeActivated(*node);
    };
    connect(m_list, &QTreeWidget::itemActivated, this, activate);
    connect(m_list, &QTreeWidget::itemClicked, this, [this, activate](QTreeWidgetItem* item, int column) {
        if (item && column == FixColumn && fixAt(item->data(0, kRowRole).toInt())) {
            applyFixAt(item->data(0, kRowRole).toInt());
            return;
        }
        activate(item);
    });
    connect(m_list, &QWidget::customContextMenuRequested, this, &DiagnosticsPanel::showContextMenu);
}

const targets::Target* DiagnosticsPanel::chosenTarget() const
{
    return targets::findTarget(m_target->currentData().toString().toStdString());
}

bool DiagnosticsPanel::concerns(const document::ChangeEvent& /*event*/) const
{
    return false; // the owner gives the findings again after each validation
}

void DiagnosticsPanel::documentReplaced()
{
    m_diagnostics.clear();
    m_verdict.clear();
}

void DiagnosticsPanel::setDiagnostics(const Diagnostics& diagnostics, const QString& verdict,
                                      const QString& fix)
{
    m_diagnostics = diagnostics;
    m_verdict = verdict;
    m_verdictFix = fix;
    refresh();
}

void DiagnosticsPanel::refresh()
{
    m_list->clear();
    m_fixes.assign(m_diagnostics.size(), document::Fix{});
    m_items.assign(m_diagnostics.size(), nullptr);
    addVerdictRow();
    for (const std::vector<size_t>& group : identicalDiagnostics(m_diagnostics)) {
        if (group.size() == 1) {
            addRow(group.front(), nullptr);
            continue;
        }
        // One row says it once and counts; its children say where each one points (and fix each).
        const Diagnostic& d = m_diagnostics[group.front()];
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(CodeColumn, QString::fromStdString(d.code));
        item->setIcon(CodeColumn, severityIcon(d.severity));
        item->setData(CodeColumn, Qt::UserRole, int(d.severity));
        item->setData(CodeColumn, kRowRole, -1);
        item->setText(WhereColumn, tr("%1 places").arg(group.size()));
        item->setText(MessageColumn, QString::fromStdString(d.message));
        item->setToolTip(MessageColumn, QString::fromStdString(d.message));
        for (size_t index : group)
            addRow(index, item);
    }
    emit listFilled();
}

void DiagnosticsPanel::addVerdictRow()
{
    if (m_verdict.isEmpty())
        return;
    const targets::Target* target = chosenTarget();
    auto* item = new QTreeWidgetItem(m_list);
    item->setText(CodeColumn, tr("TARGET"));
    item->setText(MessageColumn, m_verdict);
    item->setToolTip(MessageColumn, target ? QString::fromStdString(target->name) : QString());
    if (!m_verdictFix.isEmpty()) {
        item->setText(FixColumn, m_verdictFix);
        item->setToolTip(FixColumn, m_verdictFix);
        item->setToolTip(MessageColumn, m_verdictFix);
    }
    item->setData(CodeColumn, kRowRole, -1);
    const bool fails = m_verdict.endsWith(QLatin1String(": fails"));
    item->setIcon(CodeColumn, QApplication::style()->standardIcon(fails ? QStyle::SP_MessageBoxCritical
                                                                        : QStyle::SP_DialogApplyButton));
    QFont bold = m_list->font();
    bold.setBold(true);
    for (int column = 0; column < m_list->columnCount(); ++column)
        item->setFont(column, bold);
}

QTreeWidgetItem* DiagnosticsPanel::addRow(size_t index, QTreeWidgetItem* parent)
{
    const Diagnostic& d = m_diagnostics[index];
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_list);
    m_items[index] = item;
    item->setText(CodeColumn, QString::fromStdString(d.code));
    item->setText(WhereColumn, QString::fromStdString(d.pointer));
    item->setText(MessageColumn, QString::fromStdString(d.message));
    item->setToolTip(MessageColumn, QString::fromStdString(d.message));
    item->setIcon(CodeColumn, severityIcon(d.severity));
    item->setData(CodeColumn, Qt::UserRole, int(d.severity));
    item->setData(CodeColumn, kRowRole, int(index));
    if (!document())
        return item;
    m_fixes[index] = document::fixFor(*document(), d);
    if (m_fixes[index]) {
        QFont linkFont = m_list->font();
        linkFont.setUnderline(true);
        item->setText(FixColumn, QString::fromStdString(m_fixes[index].label));
        item->setToolTip(FixColumn, QString::fromStdString(m_fixes[index].description));
        item->setFont(FixColumn, linkFont);
        item->setForeground(FixColumn, m_list->palette().brush(QPalette::Link));
    }
    return item;
}

int DiagnosticsPanel::heightForRows(int rows) const
{
    // A row as the list draws one (an icon and a line of text), measured on a list of the same font.
    QTreeWidget probe;
    probe.setFont(m_list->font());
    auto* item = new QTreeWidgetItem(&probe, {QStringLiteral("X")});
    item->setIcon(CodeColumn, severityIcon(Severity::Error));
    const int row = std::max(probe.sizeHintForRow(0), m_list->fontMetrics().height());
    return m_target->sizeHint().height() + m_list->header()->sizeHint().height() + rows * row +
           2 * m_list->frameWidth() + std::max(layout()->spacing(), 0);
}

const Diagnostic* DiagnosticsPanel::diagnosticAt(int row) const
{
    return row >= 0 && size_t(row) < m_diagnostics.size() ? &m_diagnostics[size_t(row)] : nullptr;
}

document::Fix DiagnosticsPanel::fixAt(int row) const
{
    return row >= 0 && size_t(row) < m_fixes.size() ? m_fixes[size_t(row)] : document::Fix{};
}

bool DiagnosticsPanel::applyFixAt(int row)
{
    const Diagnostic* d = diagnosticAt(row);
    if (!d || !document()) {
        emit fixFailed(tr("There is nothing to fix here"));
        return false;
    }
    const document::Fix fix = document::fixFor(*document(), *d);
    Diagnostics why;
    if (!fix || !document::applyFix(*document(), fix, &why)) {
        QStringList reasons;
        for (const Diagnostic& r : why)
            reasons << QString::fromStdString(r.message);
        emit fixFailed(reasons.isEmpty() ? tr("This has no fix any more") : reasons.join(QLatin1Char('\n')));
        return false;
    }
    // The owner refills the list once the document is validated again; until then the entry says it is done.
    if (QTreeWidgetItem* item = m_items[size_t(row)]) {
        item->setText(FixColumn, tr("Fixed"));
        item->setFont(FixColumn, m_list->font());
        item->setForeground(FixColumn, m_list->palette().brush(QPalette::Disabled, QPalette::Text));
    }
    if (size_t(row) < m_fixes.size())
        m_fixes[size_t(row)] = {};
    emit fixApplied(QString::fromStdString(fix.label));
    return true;
}

void DiagnosticsPanel::showContextMenu(const QPoint& position)
{
    QTreeWidgetItem* item = m_list->itemAt(position);
    if (!item)
        return;
    const int row = item->data(CodeColumn, kRowRole).toInt();
    const std::optional<document::NodeIndex> node = nodeOfPointer(item->text(WhereColumn).toStdString());
    const document::Fix fix = fixAt(row);
    if (!fix && !node)
        return;
    QMenu menu(this);
    if (fix) {
        QAction* a = menu.addAction(tr("Fix: %1").arg(QString::fromStdString(fix.label)));
        a->setToolTip(QString::fromStdString(fix.description));
        connect(a, &QAction::triggered, this, [this, row] { applyFixAt(row); });
    }
    if (node) {
        QAction* a = menu.addAction(tr("Select Node %1").arg(*node));
        connect(a, &QAction::triggered, this, [this, n = *node] { emit nodeActivated(n); });
    }
    menu.exec(m_list->viewport()->mapToGlobal(position));
}

std::optional<document::NodeIndex> DiagnosticsPanel::nodeOfPointer(const std::string& pointer)
{
    const std::string prefix = "/nodes/";
    if (pointer.rfind(prefix, 0) != 0)
        return std::nullopt;
    size_t end = pointer.find('/', prefix.size());
    const std::string number =
        pointer.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size());
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos || number.size() > 9)
        return std::nullopt;
    return static_cast<document::NodeIndex>(std::stoul(number));
}

DiagnosticsPanel::~DiagnosticsPanel()
{
    disconnectChildrenFrom(this);
}

} // namespace cs::ui
