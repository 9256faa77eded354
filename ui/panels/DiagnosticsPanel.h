#pragma once

#include "Diagnostic.h"
#include "document/Fixes.h"
#include "document/Selection.h"

#include <QPointer>
#include <QWidget>
#include <optional>

class QComboBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace cs::document {
class Document;
}

namespace cs::targets {
struct Target;
}

namespace cs::ui {

/// The findings about the open file: severity, code, where (JSON pointer), message and, when a document is
/// set, a one-click fix. Activating (or clicking) an entry that points into a node asks the owner to select
/// that node. Where document::fixFor() knows a fix, the Fix column names it: clicking that cell, or "Fix" in
/// the entry's context menu, applies it to the document as one undo step (document::applyFix).
class DiagnosticsPanel : public QWidget
{
    Q_OBJECT

public:
    /// The columns of list().
    enum Column
    {
        CodeColumn,
        WhereColumn,
        MessageColumn,
        FixColumn,
    };

    explicit DiagnosticsPanel(QWidget* parent = nullptr);
    ~DiagnosticsPanel() override;

    /// The document fixes are looked up in and applied to (nullptr: no fixes offered). Call setDiagnostics
    /// afterwards; the panel does not own the document and forgets it when it is destroyed.
    void setDocument(cs::document::Document* document);
    void setDiagnostics(const Diagnostics& diagnostics);
    QTreeWidget* list() const { return m_list; }
    /// The Target box: "None" or an engine target whose findings the owner adds to the list.
    QComboBox* targetBox() const { return m_target; }
    /// The target chosen in the Target box, or nullptr for none.
    const cs::targets::Target* chosenTarget() const;

    /// The diagnostic shown at `row`, or nullptr.
    const Diagnostic* diagnosticAt(int row) const;
    /// The fix offered at `row` (as it was when the list was filled), kind None when there is none.
    document::Fix fixAt(int row) const;
    /// Applies the fix of `row` (looked up again, so it fits the document's current state). False when there
    /// is none (any more) or it failed; fixFailed() then says why.
    bool applyFixAt(int row);

    /// The node a JSON pointer points into ("/nodes/3/extensions/..." -> 3), or none.
    static std::optional<document::NodeIndex> nodeOfPointer(const std::string& pointer);

signals:
    void nodeActivated(cs::document::NodeIndex node);
    /// A fix was pushed on the document's undo stack (`label` as shown, e.g. "Add to extensionsUsed").
    void fixApplied(const QString& label);
    void fixFailed(const QString& why);
    /// Another target (or none) was chosen in the Target box.
    void targetChanged();

private:
    void showContextMenu(const QPoint& position);

    QTreeWidget* m_list;
    QComboBox* m_target;
    QPointer<cs::document::Document> m_document;
    Diagnostics m_diagnostics;
    std::vector<document::Fix> m_fixes; // per row
};

} // namespace cs::ui
