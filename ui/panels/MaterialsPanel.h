#pragma once

#include <QPointer>
#include <QWidget>
#include <cstddef>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

/// The document's physics materials as a table: name, static and dynamic friction, restitution, the two
/// combine modes, and how many nodes use each one. Every edit is an undo command on the document; the table
/// follows the document's change events (undo and redo included) and its material selection.
///
/// "Add" appends a material with the spec's defaults; "Delete" removes the current one through
/// deleteMaterial() and says in the status line which nodes referred to it (they fall back to the default
/// material). Node names in the status line are links that emit nodeActivated().
class MaterialsPanel : public QWidget
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        StaticFrictionColumn,
        DynamicFrictionColumn,
        RestitutionColumn,
        FrictionCombineColumn,
        RestitutionCombineColumn,
        UsersColumn,
        ColumnCount
    };

    explicit MaterialsPanel(QWidget* parent = nullptr);
    ~MaterialsPanel() override;

    /// The document to show and edit; nullptr empties and disables the panel.
    void setDocument(cs::document::Document* document);
    cs::document::Document* document() const;

    /// The material of the current row, or -1.
    int currentMaterial() const;
    /// Makes `material` the current row (and the document's selected material); -1 clears.
    void setCurrentMaterial(int material);

    /// Appends a material with default values and a fresh name, makes it current and returns its index
    /// (-1 without a document).
    int addMaterial();
    /// Deletes the current material; returns the nodes that used it (also shown in the status line).
    std::vector<size_t> deleteCurrentMaterial();

    QTableWidget* table() const { return m_table; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* deleteButton() const { return m_delete; }
    QLabel* statusLabel() const { return m_status; }

signals:
    /// A node named in the status line was clicked.
    void nodeActivated(int node);

private:
    void onChanged(const cs::document::ChangeEvent& event);
    void onSelectionChanged();
    void rebuild();
    void refreshRow(int row);
    void refreshUsers();
    void onItemChanged(int row, int column);
    void onCombineChanged(int row, int column, int index);
    void updateButtons();

    QPointer<cs::document::Document> m_document;
    QTableWidget* m_table;
    QPushButton* m_add;
    QPushButton* m_delete;
    QLabel* m_status;
    QTimer* m_usersTimer; // coalesces the "Used by" recount after reference edits
    bool m_updating = false;
};

} // namespace cs::ui
