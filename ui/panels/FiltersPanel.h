#pragma once

#include "document/ListItems.h"
#include "panels/RecordTablePanel.h"

#include <string>

namespace cs::ui {

/// The document's collision filters as a table (a RecordTablePanel): name, the collision systems the filter
/// belongs to, whether it collides with only the listed systems or with all systems except the listed ones,
/// that list, and how many nodes use it. System lists are edited as comma-separated tags, with completion
/// over every system named anywhere in the file.
///
/// The spec makes collideWithSystems and notCollideWithSystems exclusive, so the panel shows one list and a
/// mode: switching the mode moves the list to the other property (one undo step), and editing the list of a
/// filter that has both (an invalid file) keeps only the one shown. An empty list collides with every system.
///
/// "Delete" removes the current filter through deleteFilter() and says in the status line which nodes
/// referred to it (they collide with everything again); node names there are links that emit
/// nodeActivated().
class FiltersPanel : public RecordTablePanel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        SystemsColumn,
        ModeColumn,
        MaskColumn,
        UsersColumn,
        ColumnCount
    };

    /// The meaning of the list in MaskColumn.
    using Mode = cs::document::FilterMode;

    explicit FiltersPanel(QWidget* parent = nullptr);

    /// The filter of the current row, or -1.
    int currentFilter() const { return currentRecord(); }
    /// Makes `filter` the current row (and the document's selected filter); -1 clears.
    void setCurrentFilter(int filter) { setCurrentRecord(filter); }
    /// Appends an empty filter with a fresh name, makes it current and returns its index (-1 without a
    /// document).
    int addFilter() { return addRecord(); }
    /// Deletes the current filter; returns the nodes that used it (also shown in the status line).
    std::vector<size_t> deleteCurrentFilter() { return deleteCurrentRecord(); }

    /// Every system named by any filter of the document (sorted, unique): what the tag editors complete.
    QStringList allSystems() const;

    /// "a, b ,,c" -> {"a", "b", "c"}: trimmed, empty and repeated tags dropped.
    static std::vector<std::string> parseTags(const QString& text);
    static QString joinTags(const std::vector<std::string>& tags);
};

} // namespace cs::ui
