#pragma once

#include "Diagnostic.h"
#include "document/Fixes.h"
#include "panels/DocumentPanel.h"

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
///
/// The owner gives the findings (the document's validation and the chosen target's) and the chosen target's
/// verdict on the file, which heads the list: the panel refreshes when they are given and when the document
/// is replaced (the old document's findings are dropped), not on the document's change events. Findings
/// that say the same thing (identicalDiagnostics) share one row that counts them; its children list where
/// each one points.
class DiagnosticsPanel : public DocumentPanel
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

    // setDocument(): the document fixes are looked up in and applied to (nullptr: no fixes offered); it
    // empties the list, call setDiagnostics afterwards. The panel does not own the document and forgets it
    // when it is destroyed.
    /// `verdict`: the chosen target's verdict on the file ("godot-4.x: loads with 3 differences"), shown
    /// first; empty for none.
    /// `fix`: how to make a copy the target loads when the verdict is "fails" (the verdict row's Fix column
    /// and tooltip).
    void setDiagnostics(const Diagnostics& diagnostics, const QString& verdict = {}, const QString& fix = {});
    /// The findings given last (the list's rows group them).
    const Diagnostics& diagnostics() const { return m_diagnostics; }
    QTreeWidget* list() const { return m_list; }
    /// The Target box: "None" or an engine target whose findings the owner adds to the list.
    QComboBox* targetBox() const { return m_target; }
    /// The target chosen in the Target box, or nullptr for none.
    const cs::targets::Target* chosenTarget() const;

    /// `row` below is the index of a diagnostic in the list given to setDiagnostics().
    /// The diagnostic `row`, or nullptr.
    const Diagnostic* diagnosticAt(int row) const;
    /// The fix offered for diagnostic `row` (as it was when the list was filled), kind None when there is
    /// none.
    document::Fix fixAt(int row) const;
    /// Applies the fix of diagnostic `row` (looked up again, so it fits the document's current state). False
    /// when there is none (any more) or it failed; fixFailed() then says why.
    bool applyFixAt(int row);
    /// How many rows of the list (without scrolling) the panel's height hint leaves room for.
    int heightForRows(int rows) const;

    /// The node a JSON pointer points into ("/nodes/3/extensions/..." -> 3), or none.
    static std::optional<document::NodeIndex> nodeOfPointer(const std::string& pointer);

signals:
    void nodeActivated(cs::document::NodeIndex node);
    /// A fix was pushed on the document's undo stack (`label` as shown, e.g. "Add to extensionsUsed").
    void fixApplied(const QString& label);
    void fixFailed(const QString& why);
    /// Another target (or none) was chosen in the Target box.
    void targetChanged();
    /// The list was filled again (diagnostics() holds what it shows).
    void listFilled();

private:
    bool concerns(const document::ChangeEvent& event) const override;
    /// Fills the list from the findings given, with the fixes the document offers now.
    void refresh() override;
    void documentReplaced() override;
    void showContextMenu(const QPoint& position);
    /// One row for diagnostic `index` under `parent` (the list when null), with its fix.
    QTreeWidgetItem* addRow(size_t index, QTreeWidgetItem* parent);
    void addVerdictRow();

    QTreeWidget* m_list;
    QComboBox* m_target;
    Diagnostics m_diagnostics;
    QString m_verdict;
    QString m_verdictFix;
    std::vector<document::Fix> m_fixes;    // per diagnostic
    std::vector<QTreeWidgetItem*> m_items; // per diagnostic: the row that shows it
};

} // namespace cs::ui
