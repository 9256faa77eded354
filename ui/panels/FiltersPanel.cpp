#include "panels/FiltersPanel.h"

#include "document/Actions.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"

#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <set>
#include <utility>

namespace cs::ui {

namespace {

using document::ChangeEvent;
using physics::CollisionFilter;

namespace text {
inline constexpr char CollideMode[] = "Change Collide-With Mode";
inline constexpr char CollideWith[] = "Change Collide-With Systems";
inline constexpr char NotCollideWith[] = "Change Not-Collide-With Systems";
} // namespace text

/// Both mask lists of a filter as one field, so that moving the list from one property to the other (or
/// dropping the second list of an invalid filter) is one command and one undo step.
template <const char* Text> struct CollideMaskField
{
    using Object = CollisionFilter;
    using Value = std::pair<std::vector<std::string>, std::vector<std::string>>;
    static constexpr document::MergeId mergeId = document::MergeId::None;
    static constexpr std::uint32_t property = ChangeEvent::Systems;
    static Value get(const Object& f) { return {f.collideWithSystems, f.notCollideWithSystems}; }
    static void set(Object& f, const Value& v)
    {
        f.collideWithSystems = v.first;
        f.notCollideWithSystems = v.second;
    }
    static const char* text() { return Text; }
};
template <const char* Text>
using SetCollideMask = document::SetField<document::locate::Filter, CollideMaskField<Text>>;

/// Completes the tag being typed (the text after the last comma) and keeps the tags before it.
class TagCompleter : public QCompleter
{
public:
    TagCompleter(const QStringList& tags, QObject* parent) : QCompleter(tags, parent)
    {
        setCaseSensitivity(Qt::CaseInsensitive);
        setCompletionMode(QCompleter::PopupCompletion);
    }

    QStringList splitPath(const QString& path) const override
    {
        return {path.section(QLatin1Char(','), -1).trimmed()};
    }

    QString pathFromIndex(const QModelIndex& index) const override
    {
        const QString tag = QCompleter::pathFromIndex(index);
        const auto* edit = qobject_cast<const QLineEdit*>(widget());
        const QString text = edit ? edit->text() : QString();
        const qsizetype comma = text.lastIndexOf(QLatin1Char(','));
        return comma < 0 ? tag : text.left(comma + 1) + QLatin1Char(' ') + tag;
    }
};

/// The tag cells: a line edit with completion over the document's systems; an empty list shows what it
/// means instead of nothing.
class TagDelegate : public QStyledItemDelegate
{
public:
    TagDelegate(const FiltersPanel* panel, QObject* parent) : QStyledItemDelegate(parent), m_panel(panel) {}

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&,
                          const QModelIndex& index) const override
    {
        auto* edit = new QLineEdit(parent);
        edit->setFrame(false);
        edit->setPlaceholderText(FiltersPanel::tr("system, other system, ..."));
        edit->setCompleter(new TagCompleter(m_panel->allSystems(), edit));
        edit->setToolTip(
            index.column() == FiltersPanel::SystemsColumn
                ? FiltersPanel::tr("Collision systems this filter belongs to, separated by commas")
                : FiltersPanel::tr("Systems, separated by commas; empty collides with every system"));
        return edit;
    }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (!option->text.isEmpty())
            return;
        option->text = index.column() == FiltersPanel::SystemsColumn ? FiltersPanel::tr("(none)")
                                                                     : FiltersPanel::tr("(every system)");
        option->palette.setColor(QPalette::Text, option->palette.color(QPalette::Disabled, QPalette::Text));
        option->font.setItalic(true);
    }

private:
    const FiltersPanel* m_panel;
};

QString filterName(const CollisionFilter& f)
{
    return QString::fromStdString(document::field::FilterName::get(f));
}

/// "A, B, C" with each node as a link "node:N" for the status line.
QString nodeLinks(const document::Document& doc, const std::vector<size_t>& nodes)
{
    QStringList parts;
    for (size_t n : nodes)
        parts << QStringLiteral("<a href=\"node:%1\">%2</a>").arg(n).arg(nodeLabel(doc, n).toHtmlEscaped());
    return parts.join(QStringLiteral(", "));
}

} // namespace

FiltersPanel::FiltersPanel(QWidget* parent) : QWidget(parent)
{
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setHorizontalHeaderLabels(
        {tr("Name"), tr("Member of systems"), tr("Collides with"), tr("Systems"), tr("Used by")});
    m_table->horizontalHeaderItem(SystemsColumn)
        ->setToolTip(tr("The collision systems (layers) objects with this filter belong to"));
    m_table->horizontalHeaderItem(ModeColumn)
        ->setToolTip(tr("Collide with only the listed systems, or with every system except the listed ones "
                        "(the spec allows one of the two)"));
    m_table->horizontalHeaderItem(MaskColumn)
        ->setToolTip(tr("The systems the mode applies to; empty collides with every system"));
    m_table->horizontalHeaderItem(UsersColumn)->setToolTip(tr("Colliders and triggers that use the filter"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(SystemsColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ModeColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MaskColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(UsersColumn, QHeaderView::ResizeToContents);
    auto* tags = new TagDelegate(this, m_table);
    m_table->setItemDelegateForColumn(SystemsColumn, tags);
    m_table->setItemDelegateForColumn(MaskColumn, tags);

    m_add = new QPushButton(tr("Add"), this);
    m_add->setToolTip(tr("Add a collision filter"));
    m_delete = new QPushButton(tr("Delete"), this);
    m_delete->setToolTip(tr("Delete the current filter; the colliders and triggers that used it get none"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_status->setOpenExternalLinks(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_delete);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    m_usersTimer = new QTimer(this);
    m_usersTimer->setSingleShot(true);
    m_usersTimer->setInterval(0);
    connect(m_usersTimer, &QTimer::timeout, this, &FiltersPanel::refreshUsers);

    connect(m_add, &QPushButton::clicked, this, [this] { addFilter(); });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteCurrentFilter(); });
    connect(m_status, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link.startsWith(QLatin1String("node:")))
            emit nodeActivated(link.mid(5).toInt());
    });
    connect(m_table, &QTableWidget::cellChanged, this, &FiltersPanel::onItemChanged);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        updateButtons();
        if (!m_updating && m_document)
            m_document->setSelectedFilter(row);
    });

    setDocument(nullptr);
}

FiltersPanel::~FiltersPanel()
{
    disconnectChildrenFrom(this);
}

document::Document* FiltersPanel::document() const
{
    return m_document;
}

void FiltersPanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_status->clear();
    if (m_document) {
        connect(m_document, &document::Document::changed, this, &FiltersPanel::onChanged);
        connect(m_document, &document::Document::selectionChanged, this, &FiltersPanel::onSelectionChanged);
        connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    }
    setEnabled(m_document != nullptr);
    rebuild();
}

int FiltersPanel::currentFilter() const
{
    const int row = m_table->currentRow();
    return m_document && row >= 0 && row < int(m_document->model().filters.size()) ? row : -1;
}

void FiltersPanel::setCurrentFilter(int filter)
{
    if (filter < 0 || filter >= m_table->rowCount())
        m_table->setCurrentCell(-1, -1);
    else
        m_table->setCurrentCell(filter, qMax(0, m_table->currentColumn()));
}

int FiltersPanel::addFilter()
{
    if (!m_document)
        return -1;
    std::set<QString> names;
    for (const CollisionFilter& f : m_document->model().filters)
        names.insert(filterName(f));
    QString name;
    for (int i = 1; name.isEmpty() || names.count(name); ++i)
        name = tr("Filter %1").arg(i);
    CollisionFilter filter;
    filter.source["name"] = name.toStdString();
    auto* command = new document::AddFilter(m_document, filter);
    m_document->push(command);
    const int index = static_cast<int>(command->itemIndex());
    setCurrentFilter(index);
    m_status->setText(tr("Added \"%1\".").arg(name.toHtmlEscaped()));
    return index;
}

std::vector<size_t> FiltersPanel::deleteCurrentFilter()
{
    const int filter = currentFilter();
    if (filter < 0)
        return {};
    const QString name = filterName(m_document->model().filters[size_t(filter)]);
    const std::vector<size_t> users = document::deleteFilter(*m_document, size_t(filter));
    const QString shown = name.isEmpty() ? tr("filter %1").arg(filter) : QStringLiteral("\"%1\"").arg(name);
    if (users.empty())
        m_status->setText(tr("Deleted %1; no collider or trigger used it.").arg(shown.toHtmlEscaped()));
    else
        m_status->setText(tr("Deleted %1. %n node(s) used it and now have no filter (they collide with "
                             "every system): %2",
                             "", int(users.size()))
                              .arg(shown.toHtmlEscaped(), nodeLinks(*m_document, users)));
    return users;
}

QStringList FiltersPanel::allSystems() const
{
    std::set<QString> all;
    if (m_document) {
        for (const CollisionFilter& f : m_document->model().filters) {
            for (const auto* list : {&f.collisionSystems, &f.collideWithSystems, &f.notCollideWithSystems}) {
                for (const std::string& s : *list)
                    all.insert(QString::fromStdString(s));
            }
        }
    }
    return QStringList(all.begin(), all.end());
}

std::vector<std::string> FiltersPanel::parseTags(const QString& text)
{
    std::vector<std::string> tags;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const std::string tag = part.trimmed().toStdString();
        if (!tag.empty() && std::find(tags.begin(), tags.end(), tag) == tags.end())
            tags.push_back(tag);
    }
    return tags;
}

QString FiltersPanel::joinTags(const std::vector<std::string>& tags)
{
    QStringList parts;
    for (const std::string& t : tags)
        parts << QString::fromStdString(t);
    return parts.join(QStringLiteral(", "));
}

void FiltersPanel::onChanged(const ChangeEvent& event)
{
    using K = ChangeEvent::Kind;
    switch (event.kind) {
    case K::Document:
        rebuild();
        break;
    case K::Filter:
        if (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed) ||
            m_table->rowCount() != int(m_document->model().filters.size()))
            rebuild();
        else
            refreshRow(event.index);
        break;
    case K::Collider:
    case K::Trigger:
        if (event.has(ChangeEvent::FilterRef) || event.has(ChangeEvent::Created) ||
            event.has(ChangeEvent::Removed))
            m_usersTimer->start();
        break;
    case K::Node:
        if (event.has(ChangeEvent::Name))
            m_usersTimer->start();
        break;
    default:
        break;
    }
}

void FiltersPanel::onSelectionChanged()
{
    if (!m_document || m_updating)
        return;
    const int selected = m_document->selectedFilter();
    if (selected == m_table->currentRow() || selected >= m_table->rowCount())
        return;
    QScopedValueRollback guard(m_updating, true);
    setCurrentFilter(selected);
    updateButtons();
}

void FiltersPanel::rebuild()
{
    QScopedValueRollback guard(m_updating, true);
    const int previousRow = m_table->currentRow();
    const int previousColumn = qMax(0, m_table->currentColumn());
    const int count = m_document ? int(m_document->model().filters.size()) : 0;
    m_table->setRowCount(0); // drops the old combo boxes, whose rows may have moved
    m_table->setRowCount(count);
    for (int row = 0; row < count; ++row) {
        for (int column : {NameColumn, SystemsColumn, MaskColumn})
            m_table->setItem(row, column, new QTableWidgetItem);
        auto* users = new QTableWidgetItem;
        users->setFlags(users->flags() & ~Qt::ItemIsEditable);
        users->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, UsersColumn, users);
        auto* mode = new QComboBox;
        mode->addItem(tr("Only these"), int(Mode::CollideWithOnly));
        mode->addItem(tr("All except these"), int(Mode::CollideWithAllExcept));
        mode->setItemData(0, tr("collideWithSystems: collide with only the listed systems"), Qt::ToolTipRole);
        mode->setItemData(1, tr("notCollideWithSystems: collide with every system except the listed ones"),
                          Qt::ToolTipRole);
        connect(mode, &QComboBox::currentIndexChanged, this,
                [this, row](int index) { onModeChanged(row, index); });
        m_table->setCellWidget(row, ModeColumn, mode);
        refreshRow(row);
    }
    refreshUsers();
    int row = m_document ? m_document->selectedFilter() : -1;
    if (row < 0 || row >= count)
        row = previousRow >= count ? count - 1 : previousRow;
    if (row >= 0)
        m_table->setCurrentCell(row, previousColumn);
    if (m_document && row != m_document->selectedFilter())
        m_document->setSelectedFilter(row);
    updateButtons();
}

void FiltersPanel::refreshRow(int row)
{
    if (!m_document || row < 0 || row >= m_table->rowCount() ||
        row >= int(m_document->model().filters.size()))
        return;
    QScopedValueRollback guard(m_updating, true);
    const CollisionFilter& f = m_document->model().filters[size_t(row)];
    const QString name = filterName(f);
    QTableWidgetItem* nameItem = m_table->item(row, NameColumn);
    nameItem->setText(name);
    m_table->item(row, SystemsColumn)->setText(joinTags(f.collisionSystems));
    // A filter with both lists is invalid; it shows the collide-with list and says so.
    const bool both = !f.collideWithSystems.empty() && !f.notCollideWithSystems.empty();
    if (both) {
        nameItem->setIcon(QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning));
        nameItem->setToolTip(
            tr("Both collideWithSystems (%1) and notCollideWithSystems (%2) are set, which makes "
               "the filter invalid. Editing the list or the mode keeps only the list shown.")
                .arg(joinTags(f.collideWithSystems), joinTags(f.notCollideWithSystems)));
    } else {
        nameItem->setIcon(QIcon());
        nameItem->setToolTip(name.isEmpty() ? tr("Filter %1 (no name)").arg(row) : name);
    }
    auto* mode = qobject_cast<QComboBox*>(m_table->cellWidget(row, ModeColumn));
    if (mode) {
        const QSignalBlocker block(mode);
        // With both lists empty the mode has no value in the file: the combo keeps what the user chose.
        if (!f.collideWithSystems.empty())
            mode->setCurrentIndex(mode->findData(int(Mode::CollideWithOnly)));
        else if (!f.notCollideWithSystems.empty())
            mode->setCurrentIndex(mode->findData(int(Mode::CollideWithAllExcept)));
    }
    const auto& shown =
        rowMode(row) == Mode::CollideWithOnly ? f.collideWithSystems : f.notCollideWithSystems;
    m_table->item(row, MaskColumn)->setText(joinTags(shown));
}

void FiltersPanel::refreshUsers()
{
    m_usersTimer->stop();
    if (!m_document)
        return;
    const auto& model = m_document->model();
    // One pass over the nodes instead of one per filter.
    std::vector<std::vector<size_t>> users(model.filters.size());
    for (const auto& [node, np] : model.nodes) {
        std::set<int> used;
        if (np.collider)
            used.insert(np.collider->collisionFilter);
        if (np.trigger)
            used.insert(np.trigger->collisionFilter);
        for (int f : used) {
            if (f >= 0 && size_t(f) < users.size())
                users[size_t(f)].push_back(node);
        }
    }
    QScopedValueRollback guard(m_updating, true);
    for (int row = 0; row < m_table->rowCount() && size_t(row) < users.size(); ++row) {
        QTableWidgetItem* item = m_table->item(row, UsersColumn);
        item->setText(QString::number(users[size_t(row)].size()));
        QStringList names;
        for (size_t n : users[size_t(row)])
            names << nodeLabel(*m_document, n);
        if (names.size() > 20) {
            const qsizetype more = names.size() - 20;
            names = names.mid(0, 20);
            names << tr("and %1 more").arg(more);
        }
        item->setToolTip(names.isEmpty() ? tr("No collider or trigger uses this filter")
                                         : names.join(QLatin1Char('\n')));
    }
}

FiltersPanel::Mode FiltersPanel::rowMode(int row) const
{
    const auto* mode = qobject_cast<const QComboBox*>(m_table->cellWidget(row, ModeColumn));
    return mode ? static_cast<Mode>(mode->currentData().toInt()) : Mode::CollideWithOnly;
}

void FiltersPanel::onItemChanged(int row, int column)
{
    if (m_updating || !m_document || row < 0 || row >= int(m_document->model().filters.size()))
        return;
    QTableWidgetItem* item = m_table->item(row, column);
    if (!item)
        return;
    const size_t index = size_t(row);
    const CollisionFilter& f = m_document->model().filters[index];
    switch (column) {
    case NameColumn:
        m_document->push(
            new document::SetFilterName(m_document, index, item->text().trimmed().toStdString()));
        break;
    case SystemsColumn:
        m_document->push(new document::SetCollisionSystems(m_document, index, parseTags(item->text())));
        break;
    case MaskColumn: {
        std::vector<std::string> tags = parseTags(item->text());
        if (rowMode(row) == Mode::CollideWithOnly) {
            if (f.notCollideWithSystems.empty())
                m_document->push(new document::SetCollideWithSystems(m_document, index, std::move(tags)));
            else
                m_document->push(
                    new SetCollideMask<text::CollideWith>(m_document, index, {std::move(tags), {}}));
        } else {
            if (f.collideWithSystems.empty())
                m_document->push(new document::SetNotCollideWithSystems(m_document, index, std::move(tags)));
            else
                m_document->push(
                    new SetCollideMask<text::NotCollideWith>(m_document, index, {{}, std::move(tags)}));
        }
        break;
    }
    default:
        return;
    }
    // A dropped command (same value) leaves the cell to show the model's value again (tags tidied).
    refreshRow(row);
}

void FiltersPanel::onModeChanged(int row, int index)
{
    if (m_updating || !m_document || row >= int(m_document->model().filters.size()) || index < 0)
        return;
    if (m_document->selectedFilter() != row) {
        QScopedValueRollback guard(m_updating, true);
        m_table->setCurrentCell(row, ModeColumn);
        m_document->setSelectedFilter(row);
    }
    const CollisionFilter& f = m_document->model().filters[size_t(row)];
    // The list moves to the property of the new mode; the list shown is the collide-with one when both are
    // set.
    const std::vector<std::string> list =
        !f.collideWithSystems.empty() ? f.collideWithSystems : f.notCollideWithSystems;
    if (!list.empty()) {
        if (rowMode(row) == Mode::CollideWithOnly)
            m_document->push(new SetCollideMask<text::CollideMode>(m_document, size_t(row), {list, {}}));
        else
            m_document->push(new SetCollideMask<text::CollideMode>(m_document, size_t(row), {{}, list}));
    }
    refreshRow(row);
}

void FiltersPanel::updateButtons()
{
    m_add->setEnabled(m_document != nullptr);
    m_delete->setEnabled(currentFilter() >= 0);
}

} // namespace cs::ui
