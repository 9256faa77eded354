#include "panels/DiagnosticsPanel.h"

#include "document/Document.h"
#include "targets/Target.h"
#include "widgets/ChildSignals.h"
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

namespace cs::ui {

namespace {

constexpr int kRowRole = Qt::UserRole + 1;

} // namespace

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent) : DocumentPanel(parent)
{
    m_list = new QTreeWidget(this);
    m_list->setColumnCount(4);
    m_list->setHeaderLabels({tr("Code"), tr("Where"), tr("Message"), tr("Fix")});
    m_list->setRootIsDecorated(false);
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
}

void DiagnosticsPanel::setDiagnostics(const Diagnostics& diagnostics)
{
    m_diagnostics = diagnostics;
    refresh();
}

void DiagnosticsPanel::refresh()
{
    m_list->clear();
    const Diagnostics& diagnostics = m_diagnostics;
    m_fixes.assign(diagnostics.size(), document::Fix{});
    QStyle* style = QApplication::style();
    QFont linkFont = m_list->font();
    linkFont.setUnderline(true);
    const QBrush linkColour = m_list->palette().brush(QPalette::Link);
    for (size_t i = 0; i < diagnostics.size(); ++i) {
        const Diagnostic& d = diagnostics[i];
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(CodeColumn, QString::fromStdString(d.code));
        item->setText(WhereColumn, QString::fromStdString(d.pointer));
        item->setText(MessageColumn, QString::fromStdString(d.message));
        item->setToolTip(MessageColumn, QString::fromStdString(d.message));
        const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                          : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                            : QStyle::SP_MessageBoxInformation;
        item->setIcon(CodeColumn, style->standardIcon(icon));
        item->setData(CodeColumn, Qt::UserRole, int(d.severity));
        item->setData(CodeColumn, kRowRole, int(i));
        if (document()) {
            m_fixes[i] = document::fixFor(*document(), d);
            if (m_fixes[i]) {
                item->setText(FixColumn, QString::fromStdString(m_fixes[i].label));
                item->setToolTip(FixColumn, QString::fromStdString(m_fixes[i].description));
                item->setFont(FixColumn, linkFont);
                item->setForeground(FixColumn, linkColour);
            }
        }
    }
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
    if (QTreeWidgetItem* item = m_list->topLevelItem(row)) {
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
