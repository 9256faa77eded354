#pragma once

#include <QPointer>
#include <QWidget>
#include <cstddef>
#include <string>
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

/// The document's collision filters as a table: name, the collision systems the filter belongs to, whether it
/// collides with only the listed systems or with all systems except the listed ones, that list, and how many
/// nodes use it. System lists are edited as comma-separated tags, with completion over every system named
/// anywhere in the file.
///
/// The spec makes collideWithSystems and notCollideWithSystems exclusive, so the panel shows one list and a
/// mode: switching the mode moves the list to the other property (one undo step), and editing the list of a
/// filter that has both (an invalid file) keeps only the one shown. An empty list collides with every system.
///
/// "Delete" removes the current filter through deleteFilter() and says in the status line which nodes
/// referred to it (they collide with everything again); node names there are links that emit
/// nodeActivated().
class FiltersPanel : public QWidget
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
    enum class Mode
    {
        CollideWithOnly,     ///< collideWithSystems
        CollideWithAllExcept ///< notCollideWithSystems
    };

    explicit FiltersPanel(QWidget* parent = nullptr);
    ~FiltersPanel() override;

    /// The document to show and edit; nullptr empties and disables the panel.
    void setDocument(cs::document::Document* document);
    cs::document::Document* document() const;

    /// The filter of the current row, or -1.
    int currentFilter() const;
    /// Makes `filter` the current row (and the document's selected filter); -1 clears.
    void setCurrentFilter(int filter);

    /// Appends an empty filter with a fresh name, makes it current and returns its index (-1 without a
    /// document).
    int addFilter();
    /// Deletes the current filter; returns the nodes that used it (also shown in the status line).
    std::vector<size_t> deleteCurrentFilter();

    /// Every system named by any filter of the document (sorted, unique): what the tag editors complete.
    QStringList allSystems() const;

    /// "a, b ,,c" -> {"a", "b", "c"}: trimmed, empty and repeated tags dropped.
    static std::vector<std::string> parseTags(const QString& text);
    static QString joinTags(const std::vector<std::string>& tags);

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
    void onModeChanged(int row, int index);
    Mode rowMode(int row) const;
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
