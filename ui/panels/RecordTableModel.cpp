#include "panels/RecordTableModel.h"

#include "ModelLabels.h"
#include "document/Document.h"
#include "document/ListItems.h"

namespace cs::ui {

using document::ChangeEvent;

namespace {
/// The users tooltip names this many nodes, then how many more.
constexpr qsizetype kMaxNamedUsers = 20;
} // namespace

QVariant RecordRow::value(int column) const
{
    return model.data(model.index(int(index), column), Qt::EditRole);
}

RecordTableModel::RecordTableModel(RecordList list, std::vector<RecordColumn> columns, QObject* parent)
    : QAbstractTableModel(parent), m_list(std::move(list)), m_columns(std::move(columns))
{}

void RecordTableModel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &document::Document::changed, this, &RecordTableModel::onChanged);
        connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    }
    reset();
}

document::Document* RecordTableModel::document() const
{
    return m_document;
}

int RecordTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int RecordTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant RecordTableModel::value(int row, int column) const
{
    const RecordColumn& c = m_columns[size_t(column)];
    if (c.users)
        return QString::number(users(row).size());
    QVariant v = c.value ? c.value(RecordRow{*m_document, size_t(row), *this}) : QVariant();
    if (c.editor == RecordEditor::Choice && !v.isValid()) {
        const auto it = m_chosen.find({row, column});
        if (it != m_chosen.end())
            return it->second;
        return c.choices.empty() ? QVariant() : QVariant(c.choices.front().value);
    }
    return v;
}

QString RecordTableModel::choiceLabel(int column, const QVariant& value) const
{
    for (const RecordChoice& choice : m_columns[size_t(column)].choices) {
        if (value.isValid() && choice.value == value.toInt())
            return choice.label;
    }
    return {};
}

QVariant RecordTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_document || !index.isValid() || index.row() >= m_rows || size_t(index.row()) >= recordCount())
        return {};
    const int row = index.row();
    const int column = index.column();
    const RecordColumn& c = m_columns[size_t(column)];
    const RecordRow record{*m_document, size_t(row), *this};
    switch (role) {
    case Qt::DisplayRole:
        if (c.editor == RecordEditor::Choice)
            return choiceLabel(column, value(row, column));
        return value(row, column);
    case Qt::EditRole:
        return value(row, column);
    case Qt::ToolTipRole:
        if (c.users)
            return usersToolTip(row);
        return c.cellToolTip ? c.cellToolTip(record) : QVariant();
    case Qt::DecorationRole:
        return c.icon ? c.icon(record) : QVariant();
    case Qt::TextAlignmentRole:
        if (c.users || c.editor == RecordEditor::Number)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant RecordTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= int(m_columns.size()))
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return m_columns[size_t(section)].header;
    if (role == Qt::ToolTipRole && !m_columns[size_t(section)].toolTip.isEmpty())
        return m_columns[size_t(section)].toolTip;
    return {};
}

Qt::ItemFlags RecordTableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && m_columns[size_t(index.column())].editor != RecordEditor::None)
        f |= Qt::ItemIsEditable;
    return f;
}

bool RecordTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !m_document || !index.isValid() || index.row() >= m_rows ||
        size_t(index.row()) >= recordCount())
        return false;
    const RecordColumn& c = m_columns[size_t(index.column())];
    if (!c.setValue || c.editor == RecordEditor::None)
        return false;
    QVariant bounded = value;
    if (c.editor == RecordEditor::Number)
        bounded = qBound(c.minimum, value.toDouble(), c.maximum);
    if (c.editor == RecordEditor::Choice) {
        if (!value.isValid())
            return false;
        m_chosen[{index.row(), index.column()}] = value.toInt();
    }
    emit rowEdited(index.row(), index.column());
    c.setValue(RecordRow{*m_document, size_t(index.row()), *this}, bounded);
    // A value the document did not take (the same, or a choice kept only here) still shows what it holds.
    emit dataChanged(this->index(index.row(), 0), this->index(index.row(), columnCount() - 1));
    return true;
}

const std::vector<size_t>& RecordTableModel::users(int row) const
{
    static const std::vector<size_t> none;
    if (!m_document)
        return none;
    if (!m_users)
        m_users = document::usersOfEach(m_document->model(), m_list.list);
    return row >= 0 && size_t(row) < m_users->size() ? (*m_users)[size_t(row)] : none;
}

QString RecordTableModel::usersToolTip(int row) const
{
    QStringList names;
    for (size_t n : users(row))
        names << nodeLabel(*m_document, n);
    if (names.isEmpty())
        return m_list.noUsers;
    if (names.size() > kMaxNamedUsers) {
        const qsizetype more = names.size() - kMaxNamedUsers;
        names = names.mid(0, kMaxNamedUsers);
        names << tr("and %1 more").arg(more);
    }
    return names.join(QLatin1Char('\n'));
}

size_t RecordTableModel::recordCount() const
{
    if (!m_document)
        return 0;
    return m_source.size ? m_source.size(*m_document) : document::listSize(m_document->model(), m_list.list);
}

void RecordTableModel::setSource(RecordSource source)
{
    m_source = std::move(source);
    reset();
}

void RecordTableModel::resetRecords()
{
    reset();
}

void RecordTableModel::onRecordsChanged(const ChangeEvent& event)
{
    if (event.kind != ChangeEvent::Kind::Document && !(m_source.changedBy && m_source.changedBy(event)))
        return;
    if (event.kind == ChangeEvent::Kind::Document || m_rows != int(recordCount()))
        reset();
    else if (m_rows > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
}

void RecordTableModel::onChanged(const ChangeEvent& event)
{
    using K = ChangeEvent::Kind;
    if (m_source.size) {
        onRecordsChanged(event);
    } else if (event.kind == K::Document) {
        reset();
    } else if (event.kind == recordKind()) {
        if (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed) ||
            m_rows != int(recordCount()))
            reset();
        else if (event.index >= 0 && event.index < m_rows)
            emit dataChanged(index(event.index, 0), index(event.index, columnCount() - 1));
    } else if (event.kind == K::Collider || event.kind == K::Trigger) {
        if (event.has(referenceProperty()) || event.has(ChangeEvent::Created) ||
            event.has(ChangeEvent::Removed))
            usersChanged();
    } else if (event.kind == K::Node) {
        if (event.has(ChangeEvent::Name) || event.has(ChangeEvent::Created) ||
            event.has(ChangeEvent::Removed))
            usersChanged(); // the names in the tooltips
    }
}

ChangeEvent::Kind RecordTableModel::recordKind() const
{
    switch (m_list.list) {
    case document::ListKind::Shape:
        return ChangeEvent::Kind::Shape;
    case document::ListKind::Material:
        return ChangeEvent::Kind::Material;
    case document::ListKind::Filter:
        break;
    }
    return ChangeEvent::Kind::Filter;
}

ChangeEvent::Property RecordTableModel::referenceProperty() const
{
    switch (m_list.list) {
    case document::ListKind::Shape:
        return ChangeEvent::ShapeRef;
    case document::ListKind::Material:
        return ChangeEvent::MaterialRef;
    case document::ListKind::Filter:
        break;
    }
    return ChangeEvent::FilterRef;
}

void RecordTableModel::usersChanged()
{
    m_users.reset();
    for (int c = 0; c < columnCount(); ++c) {
        if (m_columns[size_t(c)].users && m_rows > 0)
            emit dataChanged(index(0, c), index(m_rows - 1, c));
    }
}

void RecordTableModel::reset()
{
    beginResetModel();
    m_rows = int(recordCount());
    m_chosen.clear();
    m_users.reset();
    endResetModel();
}

} // namespace cs::ui
