#pragma once

#include "panels/DocumentPanel.h"
#include "panels/RecordTableModel.h"

#include <cstddef>
#include <functional>
#include <vector>

class QLabel;
class QPushButton;
class QTableView;

namespace cs::ui {

/// What a record table panel says: the button tooltips and the status line after an add or a delete.
struct RecordPanelTexts
{
    QString stem;          ///< a new record is named "<stem> N"
    QString addToolTip;    ///< of the Add button
    QString deleteToolTip; ///< of the Delete button
    QString unnamed;       ///< a record without a name in the status line; %1 is its index
    QString deletedUnused; ///< %1 is the record
    /// The status after deleting a record `users` nodes used; %1 is the record, %2 the node links.
    std::function<QString(int users)> deletedUsed;
};

/// A document list (materials, filters) as a table with Add and Delete buttons and a status line. The table
/// is a RecordTableModel in a QTableView; Choice columns keep their combo boxes open on every row. The
/// current row follows the document's selected record of that list and sets it; an edit through a combo box
/// makes its row current.
///
/// "Add" appends a record with a fresh name; "Delete" removes the current one with every reference fixed up
/// and names the nodes that referred to it in the status line, as links that emit nodeActivated().
class RecordTablePanel : public DocumentPanel
{
    Q_OBJECT

public:
    RecordTablePanel(RecordList list, std::vector<RecordColumn> columns, RecordPanelTexts texts,
                     QWidget* parent = nullptr);
    ~RecordTablePanel() override;

    /// The record of the current row, or -1.
    int currentRecord() const;
    /// Makes `record` the current row (and the document's selected record); -1 clears.
    void setCurrentRecord(int record);
    /// Appends a record with default values and a fresh name, makes it current and returns its index (-1
    /// without a document).
    int addRecord();
    /// Deletes the current record; returns the nodes that used it (also shown in the status line).
    std::vector<size_t> deleteCurrentRecord();

    QTableView* table() const { return m_table; }
    RecordTableModel* model() const { return m_model; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* deleteButton() const { return m_delete; }
    QLabel* statusLabel() const { return m_status; }

signals:
    /// A node named in the status line was clicked.
    void nodeActivated(cs::document::NodeIndex node);

private:
    /// The document's selected record of the list changed (not by the panel itself).
    bool concerns(const document::ChangeEvent& event) const override;
    /// Makes the document's selected record the current row.
    void refresh() override;
    void forget() override;
    void documentReplaced() override;
    int selectedRecord() const;
    void selectRecord(int record);
    void onAboutToReset();
    void onReset();
    void onCurrentRowChanged(int row);
    void openChoiceEditors();
    void updateButtons();

    RecordPanelTexts m_texts;
    RecordTableModel* m_model;
    QTableView* m_table;
    QPushButton* m_add;
    QPushButton* m_delete;
    QLabel* m_status;
    int m_rowBeforeReset = -1;
    int m_columnBeforeReset = 0;
    bool m_updating = false;
};

} // namespace cs::ui
