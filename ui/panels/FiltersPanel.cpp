#include "panels/FiltersPanel.h"

#include "panels/RecordFieldColumn.h"

#include <QApplication>
#include <QCompleter>
#include <QLineEdit>
#include <QStyle>
#include <set>

namespace cs::ui {

namespace {

using document::FilterMode;
using physics::CollisionFilter;

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

/// Every system named by any filter of the document, sorted and unique.
QStringList systemsOf(const document::Document* doc)
{
    std::set<QString> all;
    if (doc) {
        for (const CollisionFilter& f : doc->model().filters) {
            for (const auto* list : {&f.collisionSystems, &f.collideWithSystems, &f.notCollideWithSystems}) {
                for (const std::string& s : *list)
                    all.insert(QString::fromStdString(s));
            }
        }
    }
    return QStringList(all.begin(), all.end());
}

/// The tag editors: completion over the document's systems.
void setUpTagEditor(QLineEdit* edit, const QModelIndex& index)
{
    const auto* model = qobject_cast<const RecordTableModel*>(index.model());
    edit->setPlaceholderText(FiltersPanel::tr("system, other system, ..."));
    edit->setCompleter(new TagCompleter(systemsOf(model ? model->document() : nullptr), edit));
    edit->setToolTip(
        index.column() == FiltersPanel::SystemsColumn
            ? FiltersPanel::tr("Collision systems this filter belongs to, separated by commas")
            : FiltersPanel::tr("Systems, separated by commas; empty collides with every system"));
}

FilterMode rowMode(const RecordRow& row)
{
    return static_cast<FilterMode>(row.value(FiltersPanel::ModeColumn).toInt());
}

bool hasBothLists(const CollisionFilter& f)
{
    return !f.collideWithSystems.empty() && !f.notCollideWithSystems.empty();
}

RecordColumn nameColumn()
{
    RecordColumn c = fieldColumn<document::locate::Filter, document::field::FilterName>(
        FiltersPanel::tr("Name"), {}, RecordEditor::Text);
    c.width = RecordWidth::Interactive;
    // A filter with both lists is invalid; it shows the collide-with list and says so.
    c.icon = [](const RecordRow& row) {
        return hasBothLists(recordOf<CollisionFilter>(row))
                   ? QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning)
                   : QIcon();
    };
    c.cellToolTip = [](const RecordRow& row) {
        const CollisionFilter& f = recordOf<CollisionFilter>(row);
        if (hasBothLists(f))
            return FiltersPanel::tr(
                       "Both collideWithSystems (%1) and notCollideWithSystems (%2) are set, which "
                       "makes the filter invalid. Editing the list or the mode keeps only the list "
                       "shown.")
                .arg(textFromTags(f.collideWithSystems), textFromTags(f.notCollideWithSystems));
        const QString name = row.value(FiltersPanel::NameColumn).toString();
        return name.isEmpty() ? FiltersPanel::tr("Filter %1 (no name)").arg(row.index) : name;
    };
    return c;
}

RecordColumn systemsColumn()
{
    RecordColumn c = fieldColumn<document::locate::Filter, document::field::CollisionSystems>(
        FiltersPanel::tr("Member of systems"),
        FiltersPanel::tr("The collision systems (layers) objects with this filter belong to"),
        RecordEditor::Text);
    c.width = RecordWidth::Stretch;
    c.placeholder = FiltersPanel::tr("(none)");
    c.setUpEditor = setUpTagEditor;
    return c;
}

RecordColumn modeColumn()
{
    RecordColumn c;
    c.header = FiltersPanel::tr("Collides with");
    c.toolTip =
        FiltersPanel::tr("Collide with only the listed systems, or with every system except the listed "
                         "ones (the spec allows one of the two)");
    c.editor = RecordEditor::Choice;
    c.choices = {
        {FiltersPanel::tr("Only these"), int(FilterMode::CollideWithOnly),
         FiltersPanel::tr("collideWithSystems: collide with only the listed systems")},
        {FiltersPanel::tr("All except these"), int(FilterMode::CollideWithAllExcept),
         FiltersPanel::tr("notCollideWithSystems: collide with every system except the listed ones")}};
    // With both lists empty the mode has no value in the file: the cell keeps what the user chose, and that
    // decides where a list typed later goes.
    c.value = [](const RecordRow& row) -> QVariant {
        const auto mode = document::filterMode(recordOf<CollisionFilter>(row));
        return mode ? QVariant(int(*mode)) : QVariant();
    };
    c.setValue = [](const RecordRow& row, const QVariant& value) {
        document::setFilterMode(row.document, row.index, static_cast<FilterMode>(value.toInt()));
    };
    return c;
}

RecordColumn maskColumn()
{
    RecordColumn c;
    c.header = FiltersPanel::tr("Systems");
    c.toolTip = FiltersPanel::tr("The systems the mode applies to; empty collides with every system");
    c.editor = RecordEditor::Text;
    c.width = RecordWidth::Stretch;
    c.placeholder = FiltersPanel::tr("(every system)");
    c.setUpEditor = setUpTagEditor;
    c.value = [](const RecordRow& row) -> QVariant {
        return textFromTags(document::filterMask(recordOf<CollisionFilter>(row), rowMode(row)));
    };
    c.setValue = [](const RecordRow& row, const QVariant& value) {
        document::setFilterMask(row.document, row.index, rowMode(row), tagsFromText(value.toString()));
    };
    return c;
}

std::vector<RecordColumn> columns()
{
    std::vector<RecordColumn> c(FiltersPanel::ColumnCount);
    c[FiltersPanel::NameColumn] = nameColumn();
    c[FiltersPanel::SystemsColumn] = systemsColumn();
    c[FiltersPanel::ModeColumn] = modeColumn();
    c[FiltersPanel::MaskColumn] = maskColumn();
    c[FiltersPanel::UsersColumn].header = FiltersPanel::tr("Used by");
    c[FiltersPanel::UsersColumn].toolTip = FiltersPanel::tr("Colliders and triggers that use the filter");
    c[FiltersPanel::UsersColumn].users = true;
    return c;
}

RecordList list()
{
    return {.list = document::ListKind::Filter,
            .noUsers = FiltersPanel::tr("No collider or trigger uses this filter")};
}

RecordPanelTexts texts()
{
    return {.stem = FiltersPanel::tr("Filter"),
            .addToolTip = FiltersPanel::tr("Add a collision filter"),
            .deleteToolTip = FiltersPanel::tr(
                "Delete the current filter; the colliders and triggers that used it get none"),
            .unnamed = FiltersPanel::tr("filter %1"),
            .deletedUnused = FiltersPanel::tr("Deleted %1; no collider or trigger used it."),
            .deletedUsed = [](int users) {
                return FiltersPanel::tr(
                    "Deleted %1. %n node(s) used it and now have no filter (they collide with "
                    "every system): %2",
                    "", users);
            }};
}

} // namespace

FiltersPanel::FiltersPanel(QWidget* parent) : RecordTablePanel(list(), columns(), texts(), parent) {}

QStringList FiltersPanel::allSystems() const
{
    return systemsOf(document());
}

std::vector<std::string> FiltersPanel::parseTags(const QString& text)
{
    return tagsFromText(text);
}

QString FiltersPanel::joinTags(const std::vector<std::string>& tags)
{
    return textFromTags(tags);
}

} // namespace cs::ui
