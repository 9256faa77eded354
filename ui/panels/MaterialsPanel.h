#pragma once

#include "panels/RecordTablePanel.h"

namespace cs::ui {

/// The document's physics materials as a table: name, static and dynamic friction, restitution, the two
/// combine modes, and how many nodes use each one (a RecordTablePanel). Every edit is an undo command on the
/// document; the table follows the document's change events (undo and redo included) and its material
/// selection.
///
/// "Add" appends a material with the spec's defaults; "Delete" removes the current one through
/// deleteMaterial() and says in the status line which nodes referred to it (they fall back to the default
/// material). Node names in the status line are links that emit nodeActivated().
class MaterialsPanel : public RecordTablePanel
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

    /// The material of the current row, or -1.
    int currentMaterial() const { return currentRecord(); }
    /// Makes `material` the current row (and the document's selected material); -1 clears.
    void setCurrentMaterial(int material) { setCurrentRecord(material); }
    /// Appends a material with default values and a fresh name, makes it current and returns its index
    /// (-1 without a document).
    int addMaterial() { return addRecord(); }
    /// Deletes the current material; returns the nodes that used it (also shown in the status line).
    std::vector<size_t> deleteCurrentMaterial() { return deleteCurrentRecord(); }
};

} // namespace cs::ui
