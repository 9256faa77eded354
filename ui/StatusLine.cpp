#include "StatusLine.h"

#include "DiagnosticText.h"
#include "document/Document.h"

#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>

namespace cs::ui {

StatusLine::StatusLine(QStatusBar* bar, QObject* parent) : QObject(parent), m_bar(bar)
{
    m_message = new QLabel(bar);
    m_message->setObjectName(QStringLiteral("statusMessage"));
    bar->addWidget(m_message, 1);
    m_counts = new QLabel(bar);
    m_counts->setObjectName(QStringLiteral("diagnosticCounts"));
    m_counts->setToolTip(tr("The findings listed in the Diagnostics dock"));
    bar->addPermanentWidget(m_counts);
}

void StatusLine::showMessage(const QString& text)
{
    m_message->setText(text);
}

void StatusLine::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document->undoStack(), nullptr, this, nullptr);
    m_document = document;
    clearMessages();
    if (!document) {
        m_counts->clear();
        return;
    }
    // The index moves on every edit, undo and redo; a message said after an edit (the fix applied, the
    // hull added) comes after the index changed, so it stays.
    connect(document->undoStack(), &QUndoStack::indexChanged, this, &StatusLine::clearMessages);
}

void StatusLine::clearMessages()
{
    m_message->clear();
    m_bar->clearMessage(); // the timed ones of the node and simulation menus
}

void StatusLine::setDiagnostics(const Diagnostics& diagnostics)
{
    m_counts->setText(QString::fromStdString(diagnosticCounts(diagnostics)));
}

QPushButton* addStatusButton(QStatusBar* bar, const QString& text, const QString& objectName)
{
    auto* button = new QPushButton(text, bar);
    button->setObjectName(objectName);
    button->setVisible(false);
    button->setFlat(true);
    button->setStyleSheet(QStringLiteral("QPushButton { padding: 0px 6px; }"));
    button->setMaximumHeight(bar->fontMetrics().height());
    bar->addPermanentWidget(button);
    return button;
}

} // namespace cs::ui
