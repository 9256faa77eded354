#pragma once

#include "Diagnostic.h"

#include <QObject>
#include <QPointer>

class QLabel;
class QPushButton;
class QStatusBar;

namespace cs::document {
class Document;
}

namespace cs::ui {

/// The status bar's two lines of text: the last message (what was just done, or why not) and the counts of
/// the findings the Diagnostics list shows. A message holds until the document changes: an edit, an undo or
/// another document takes it away, so that "Convex hull added" is not left standing over the next edit and
/// "Could not open X" not over the file still open. The counts follow the list each time it is filled.
class StatusLine : public QObject
{
    Q_OBJECT

public:
    /// Adds the message (stretching) and the counts (at the right) to `bar`.
    explicit StatusLine(QStatusBar* bar, QObject* parent = nullptr);

    void showMessage(const QString& text);
    /// The document whose edits take the message away (null: none; its counts go too).
    void setDocument(cs::document::Document* document);
    /// The findings the Diagnostics list now shows.
    void setDiagnostics(const Diagnostics& diagnostics);

private:
    void clearMessages();

    QStatusBar* m_bar;
    QLabel* m_message;
    QLabel* m_counts;
    QPointer<cs::document::Document> m_document;
};

/// A hidden flat button at the right of `bar`, no taller than a line of its text, so that showing it (Cancel
/// while a file opens, Stop Export) does not change the bar's height and so the view's.
QPushButton* addStatusButton(QStatusBar* bar, const QString& text, const QString& objectName);

} // namespace cs::ui
