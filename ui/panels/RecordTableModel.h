#pragma once

#include "document/ChangeEvent.h"
#include "document/References.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <QPointer>
#include <QStringList>
#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

class QLineEdit;

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

class RecordTableModel;

/// One row of a record table as a column's functions see it: the document, the record's index in its list,
/// and the model (for the value another column shows).
struct RecordRow
{
    cs::document::Document& document;
    size_t index;
    const RecordTableModel& model;
    /// What `column` shows for this row (Qt::EditRole).
    QVariant value(int column) const;
};

/// How a column's cells are edited.
enum class RecordEditor
{
    None,   ///< read only
    Text,   ///< a line edit
    Number, ///< a spin box with the column's range
    Choice  ///< a combo box over the column's choices, always shown
};

/// How a column is sized.
enum class RecordWidth
{
    Contents,   ///< to its contents
    Stretch,    ///< shares what is left of the table's width
    Interactive ///< set by the user
};

/// One entry of a Choice column: what the combo box shows, the value it stands for, and its tooltip.
struct RecordChoice
{
    QString label;
    int value = 0;
    QString toolTip;
};

/// A column described as data: its header, the value of a cell, how it is edited, and what an edit pushes.
struct RecordColumn
{
    QString header;
    QString toolTip;
    RecordEditor editor = RecordEditor::None;
    /// The cell's value. A Choice column returns the chosen value as an int, or an invalid QVariant when the
    /// document does not say: the cell then keeps what the user last chose for the row (the first choice
    /// before that).
    std::function<QVariant(const RecordRow&)> value;
    /// Pushes the document command(s) for a value the user entered (already bounded to the range).
    std::function<void(const RecordRow&, const QVariant&)> setValue;
    /// Optional: the cell's tooltip and icon.
    std::function<QString(const RecordRow&)> cellToolTip;
    std::function<QIcon(const RecordRow&)> icon;
    /// Number: range and decimals. Text: shown (greyed, italic) when the text is empty.
    double minimum = 0.0;
    double maximum = 0.0;
    int decimals = 4;
    double step = 0.05;
    QString placeholder;
    /// Choice: the entries.
    std::vector<RecordChoice> choices;
    /// Text: called on each new line edit (completion, tooltip).
    std::function<void(QLineEdit*, const QModelIndex&)> setUpEditor;
    /// Shows how many nodes use the record (and, in the tooltip, which): no value function needed.
    bool users = false;
    /// How the column takes the table's width.
    RecordWidth width = RecordWidth::Contents;
};

/// Which document list a record table shows (materials or filters) and how its "used by" column reads.
struct RecordList
{
    cs::document::ListKind list = cs::document::ListKind::Material;
    /// The users tooltip of a record nobody uses.
    QString noUsers;
};

/// Records that are not one of the document's lists (the limits of a joint description, say): how many there
/// are, and which change events change them.
struct RecordSource
{
    std::function<size_t(const cs::document::Document&)> size;
    std::function<bool(const cs::document::ChangeEvent&)> changedBy;
};

/// A document list (materials, filters) as a table model: one row per record, the columns as described.
/// It follows the document's change events (undo and redo included): a record added or removed resets the
/// model, a record edited changes its row, a reference edit or a node renamed changes the "used by" column.
/// setData() pushes the column's command; a value that changes nothing pushes nothing.
class RecordTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    RecordTableModel(RecordList list, std::vector<RecordColumn> columns, QObject* parent = nullptr);

    void setDocument(cs::document::Document* document);
    cs::document::Document* document() const;
    const RecordList& list() const { return m_list; }
    const RecordColumn& column(int column) const { return m_columns[size_t(column)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    /// The nodes that use the record of `row`.
    const std::vector<size_t>& users(int row) const;
    /// Shows the records of `source` instead of the list's items.
    void setSource(RecordSource source);
    /// Reads the records again from the start (the source now counts other records).
    void resetRecords();

signals:
    /// The user changed a cell of `row` through setData().
    void rowEdited(int row, int column);

private:
    void onChanged(const cs::document::ChangeEvent& event);
    /// A change of the records of a RecordSource.
    void onRecordsChanged(const cs::document::ChangeEvent& event);
    void reset();
    /// The number of records in the document now.
    size_t recordCount() const;
    void usersChanged();
    /// The change events of the records, and the property of collider/trigger events that changes who uses
    /// them.
    cs::document::ChangeEvent::Kind recordKind() const;
    cs::document::ChangeEvent::Property referenceProperty() const;
    QVariant value(int row, int column) const;
    QString usersToolTip(int row) const;
    QString choiceLabel(int column, const QVariant& value) const;

    RecordList m_list;
    RecordSource m_source;
    std::vector<RecordColumn> m_columns;
    QPointer<cs::document::Document> m_document;
    int m_rows = 0;
    /// The user's last choice per (row, column), for choices the document does not hold.
    std::map<std::pair<int, int>, int> m_chosen;
    mutable std::optional<std::vector<std::vector<size_t>>> m_users; // computed when first asked
};

} // namespace cs::ui
