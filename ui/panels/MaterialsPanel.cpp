#include "panels/MaterialsPanel.h"

#include "document/Actions.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <set>

namespace cs::ui {

namespace {

using document::ChangeEvent;
using physics::CombineMode;

/// Upper limits of the spin boxes. The spec only sets a minimum of 0; friction is typically 0-1 and
/// restitution 1 means no energy lost, so the limits leave room without inviting typing errors.
constexpr double kMaxFriction = 100.0;
constexpr double kMaxRestitution = 100.0;
constexpr int kDecimals = 4;

/// The number cells: a spin box editor with the column's limits, values shown in their shortest form.
class NumberDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&,
                          const QModelIndex& index) const override
    {
        auto* spin = new QDoubleSpinBox(parent);
        spin->setFrame(false);
        spin->setDecimals(kDecimals);
        spin->setSingleStep(0.05);
        spin->setMinimum(0.0);
        spin->setMaximum(index.column() == MaterialsPanel::RestitutionColumn ? kMaxRestitution
                                                                             : kMaxFriction);
        spin->setAccelerated(true);
        return spin;
    }

    QString displayText(const QVariant& value, const QLocale& locale) const override
    {
        if (value.typeId() == QMetaType::Double)
            return locale.toString(value.toDouble(), 'g', QLocale::FloatingPointShortest);
        return QStyledItemDelegate::displayText(value, locale);
    }
};

QString combineModeLabel(CombineMode mode)
{
    switch (mode) {
    case CombineMode::Average:
        return MaterialsPanel::tr("Average");
    case CombineMode::Minimum:
        return MaterialsPanel::tr("Minimum");
    case CombineMode::Maximum:
        return MaterialsPanel::tr("Maximum");
    case CombineMode::Multiply:
        return MaterialsPanel::tr("Multiply");
    }
    return {};
}

QString materialName(const physics::PhysicsMaterial& m)
{
    return QString::fromStdString(document::field::MaterialName::get(m));
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

MaterialsPanel::MaterialsPanel(QWidget* parent) : QWidget(parent)
{
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("Static friction"), tr("Dynamic friction"),
                                        tr("Restitution"), tr("Friction combine"), tr("Restitution combine"),
                                        tr("Used by")});
    m_table->horizontalHeaderItem(StaticFrictionColumn)
        ->setToolTip(tr("Resistance to starting to slide (0 or more, typically 0 to 1)"));
    m_table->horizontalHeaderItem(DynamicFrictionColumn)
        ->setToolTip(tr("Resistance while sliding (0 or more, typically 0 to 1); engines with one friction "
                        "value use this one"));
    m_table->horizontalHeaderItem(RestitutionColumn)
        ->setToolTip(tr("Bounciness: 0 does not bounce, 1 bounces without losing energy"));
    m_table->horizontalHeaderItem(FrictionCombineColumn)
        ->setToolTip(tr("How two touching materials combine their friction (average wins over minimum, "
                        "then maximum, then multiply)"));
    m_table->horizontalHeaderItem(RestitutionCombineColumn)
        ->setToolTip(tr("How two touching materials combine their restitution"));
    m_table->horizontalHeaderItem(UsersColumn)->setToolTip(tr("Colliders that use the material"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    for (int c = StaticFrictionColumn; c < ColumnCount; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    auto* numbers = new NumberDelegate(m_table);
    for (int c : {StaticFrictionColumn, DynamicFrictionColumn, RestitutionColumn})
        m_table->setItemDelegateForColumn(c, numbers);

    m_add = new QPushButton(tr("Add"), this);
    m_add->setToolTip(tr("Add a physics material with the default values"));
    m_delete = new QPushButton(tr("Delete"), this);
    m_delete->setToolTip(tr("Delete the current material; the colliders that used it get the default one"));
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
    connect(m_usersTimer, &QTimer::timeout, this, &MaterialsPanel::refreshUsers);

    connect(m_add, &QPushButton::clicked, this, [this] { addMaterial(); });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteCurrentMaterial(); });
    connect(m_status, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link.startsWith(QLatin1String("node:")))
            emit nodeActivated(link.mid(5).toInt());
    });
    connect(m_table, &QTableWidget::cellChanged, this, &MaterialsPanel::onItemChanged);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        updateButtons();
        if (!m_updating && m_document)
            m_document->setSelectedMaterial(row);
    });

    setDocument(nullptr);
}

MaterialsPanel::~MaterialsPanel()
{
    disconnectChildrenFrom(this);
}

document::Document* MaterialsPanel::document() const
{
    return m_document;
}

void MaterialsPanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_status->clear();
    if (m_document) {
        connect(m_document, &document::Document::changed, this, &MaterialsPanel::onChanged);
        connect(m_document, &document::Document::selectionChanged, this, &MaterialsPanel::onSelectionChanged);
        connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    }
    setEnabled(m_document != nullptr);
    rebuild();
}

int MaterialsPanel::currentMaterial() const
{
    const int row = m_table->currentRow();
    return m_document && row >= 0 && row < int(m_document->model().materials.size()) ? row : -1;
}

void MaterialsPanel::setCurrentMaterial(int material)
{
    if (material < 0 || material >= m_table->rowCount())
        m_table->setCurrentCell(-1, -1);
    else
        m_table->setCurrentCell(material, qMax(0, m_table->currentColumn()));
}

int MaterialsPanel::addMaterial()
{
    if (!m_document)
        return -1;
    std::set<QString> names;
    for (const physics::PhysicsMaterial& m : m_document->model().materials)
        names.insert(materialName(m));
    QString name;
    for (int i = 1; name.isEmpty() || names.count(name); ++i)
        name = tr("Material %1").arg(i);
    physics::PhysicsMaterial material;
    material.source["name"] = name.toStdString();
    auto* command = new document::AddMaterial(m_document, material);
    m_document->push(command);
    const int index = static_cast<int>(command->itemIndex());
    setCurrentMaterial(index);
    m_status->setText(tr("Added \"%1\".").arg(name.toHtmlEscaped()));
    return index;
}

std::vector<size_t> MaterialsPanel::deleteCurrentMaterial()
{
    const int material = currentMaterial();
    if (material < 0)
        return {};
    const QString name = materialName(m_document->model().materials[size_t(material)]);
    const std::vector<size_t> users = document::deleteMaterial(*m_document, size_t(material));
    const QString shown =
        name.isEmpty() ? tr("material %1").arg(material) : QStringLiteral("\"%1\"").arg(name);
    if (users.empty())
        m_status->setText(tr("Deleted %1; no collider used it.").arg(shown.toHtmlEscaped()));
    else
        m_status->setText(
            tr("Deleted %1. %n node(s) used it and now get the default material: %2", "", int(users.size()))
                .arg(shown.toHtmlEscaped(), nodeLinks(*m_document, users)));
    return users;
}

void MaterialsPanel::onChanged(const ChangeEvent& event)
{
    using K = ChangeEvent::Kind;
    switch (event.kind) {
    case K::Document:
        rebuild();
        break;
    case K::Material:
        if (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed) ||
            m_table->rowCount() != int(m_document->model().materials.size()))
            rebuild();
        else
            refreshRow(event.index);
        break;
    case K::Collider:
    case K::Trigger:
        if (event.has(ChangeEvent::MaterialRef) || event.has(ChangeEvent::Created) ||
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

void MaterialsPanel::onSelectionChanged()
{
    if (!m_document || m_updating)
        return;
    const int selected = m_document->selectedMaterial();
    if (selected == m_table->currentRow() || selected >= m_table->rowCount())
        return;
    QScopedValueRollback guard(m_updating, true);
    setCurrentMaterial(selected);
    updateButtons();
}

void MaterialsPanel::rebuild()
{
    QScopedValueRollback guard(m_updating, true);
    const int previousRow = m_table->currentRow();
    const int previousColumn = qMax(0, m_table->currentColumn());
    const int count = m_document ? int(m_document->model().materials.size()) : 0;
    m_table->setRowCount(0); // drops the old combo boxes, whose rows may have moved
    m_table->setRowCount(count);
    for (int row = 0; row < count; ++row) {
        for (int column : {NameColumn, StaticFrictionColumn, DynamicFrictionColumn, RestitutionColumn}) {
            auto* item = new QTableWidgetItem;
            if (column != NameColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
        auto* users = new QTableWidgetItem;
        users->setFlags(users->flags() & ~Qt::ItemIsEditable);
        users->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, UsersColumn, users);
        for (int column : {FrictionCombineColumn, RestitutionCombineColumn}) {
            auto* combo = new QComboBox;
            for (CombineMode mode :
                 {CombineMode::Average, CombineMode::Minimum, CombineMode::Maximum, CombineMode::Multiply})
                combo->addItem(combineModeLabel(mode), int(mode));
            connect(combo, &QComboBox::currentIndexChanged, this,
                    [this, row, column](int index) { onCombineChanged(row, column, index); });
            m_table->setCellWidget(row, column, combo);
        }
        refreshRow(row);
    }
    refreshUsers();
    int row = m_document ? m_document->selectedMaterial() : -1;
    if (row < 0 || row >= count)
        row = previousRow >= count ? count - 1 : previousRow;
    if (row >= 0)
        m_table->setCurrentCell(row, previousColumn);
    if (m_document && row != m_document->selectedMaterial())
        m_document->setSelectedMaterial(row);
    updateButtons();
}

void MaterialsPanel::refreshRow(int row)
{
    if (!m_document || row < 0 || row >= m_table->rowCount() ||
        row >= int(m_document->model().materials.size()))
        return;
    QScopedValueRollback guard(m_updating, true);
    const physics::PhysicsMaterial& m = m_document->model().materials[size_t(row)];
    const QString name = materialName(m);
    m_table->item(row, NameColumn)->setText(name);
    m_table->item(row, NameColumn)->setToolTip(name.isEmpty() ? tr("Material %1 (no name)").arg(row) : name);
    m_table->item(row, StaticFrictionColumn)->setData(Qt::EditRole, m.staticFriction);
    m_table->item(row, DynamicFrictionColumn)->setData(Qt::EditRole, m.dynamicFriction);
    m_table->item(row, RestitutionColumn)->setData(Qt::EditRole, m.restitution);
    const std::pair<int, CombineMode> combos[] = {{FrictionCombineColumn, m.frictionCombine},
                                                  {RestitutionCombineColumn, m.restitutionCombine}};
    for (const auto& [column, mode] : combos) {
        if (auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(row, column))) {
            const QSignalBlocker block(combo);
            combo->setCurrentIndex(combo->findData(int(mode)));
        }
    }
}

void MaterialsPanel::refreshUsers()
{
    m_usersTimer->stop();
    if (!m_document)
        return;
    const auto& model = m_document->model();
    // One pass over the nodes instead of one per material.
    std::vector<std::vector<size_t>> users(model.materials.size());
    for (const auto& [node, np] : model.nodes) {
        const int m = np.collider ? np.collider->physicsMaterial : -1;
        if (m >= 0 && size_t(m) < users.size())
            users[size_t(m)].push_back(node);
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
        item->setToolTip(names.isEmpty() ? tr("No collider uses this material")
                                         : names.join(QLatin1Char('\n')));
    }
}

void MaterialsPanel::onItemChanged(int row, int column)
{
    if (m_updating || !m_document || row < 0 || row >= int(m_document->model().materials.size()))
        return;
    QTableWidgetItem* item = m_table->item(row, column);
    if (!item)
        return;
    const size_t index = size_t(row);
    const double value = item->data(Qt::EditRole).toDouble();
    switch (column) {
    case NameColumn:
        m_document->push(
            new document::SetMaterialName(m_document, index, item->text().trimmed().toStdString()));
        break;
    case StaticFrictionColumn:
        m_document->push(
            new document::SetStaticFriction(m_document, index, qBound(0.0, value, kMaxFriction)));
        break;
    case DynamicFrictionColumn:
        m_document->push(
            new document::SetDynamicFriction(m_document, index, qBound(0.0, value, kMaxFriction)));
        break;
    case RestitutionColumn:
        m_document->push(
            new document::SetRestitution(m_document, index, qBound(0.0, value, kMaxRestitution)));
        break;
    default:
        return;
    }
    // A dropped command (same value) or a clamped one leaves the cell to show the model's value again.
    refreshRow(row);
}

void MaterialsPanel::onCombineChanged(int row, int column, int index)
{
    if (m_updating || !m_document || row >= int(m_document->model().materials.size()))
        return;
    auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(row, column));
    if (!combo || index < 0)
        return;
    const auto mode = static_cast<CombineMode>(combo->itemData(index).toInt());
    if (m_document->selectedMaterial() != row) {
        QScopedValueRollback guard(m_updating, true);
        m_table->setCurrentCell(row, column);
        m_document->setSelectedMaterial(row);
    }
    if (column == FrictionCombineColumn)
        m_document->push(new document::SetFrictionCombine(m_document, size_t(row), mode));
    else
        m_document->push(new document::SetRestitutionCombine(m_document, size_t(row), mode));
    refreshRow(row);
}

void MaterialsPanel::updateButtons()
{
    m_add->setEnabled(m_document != nullptr);
    m_delete->setEnabled(currentMaterial() >= 0);
}

} // namespace cs::ui
