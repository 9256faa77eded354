#include "panels/DiagnosticsPanel.h"

#include <QApplication>
#include <QHeaderView>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cs::ui {

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent) : QWidget(parent)
{
    m_list = new QTreeWidget(this);
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Code"), tr("Where"), tr("Message")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    auto activate = [this](QTreeWidgetItem* item) {
        const int node = item ? nodeOfPointer(item->text(1).toStdString()) : -1;
        if (node >= 0)
            emit nodeActivated(node);
    };
    connect(m_list, &QTreeWidget::itemActivated, this, activate);
    connect(m_list, &QTreeWidget::itemClicked, this, activate);
}

void DiagnosticsPanel::setDiagnostics(const Diagnostics& diagnostics)
{
    m_list->clear();
    QStyle* style = QApplication::style();
    for (const Diagnostic& d : diagnostics) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(0, QString::fromStdString(d.code));
        item->setText(1, QString::fromStdString(d.pointer));
        item->setText(2, QString::fromStdString(d.message));
        item->setToolTip(2, QString::fromStdString(d.message));
        const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                          : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                            : QStyle::SP_MessageBoxInformation;
        item->setIcon(0, style->standardIcon(icon));
        item->setData(0, Qt::UserRole, int(d.severity));
    }
}

int DiagnosticsPanel::nodeOfPointer(const std::string& pointer)
{
    const std::string prefix = "/nodes/";
    if (pointer.rfind(prefix, 0) != 0)
        return -1;
    size_t end = pointer.find('/', prefix.size());
    const std::string number = pointer.substr(prefix.size(), end == std::string::npos ? std::string::npos
                                                                                      : end - prefix.size());
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos || number.size() > 9)
        return -1;
    return std::stoi(number);
}

} // namespace cs::ui
