#include "panels/ColliderPanel.h"

#include "ChildSignals.h"
#include "document/ComponentEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "panels/TriggerMembersEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

using document::ChangeEvent;
using physics::ShapeType;

namespace {

void setItemEnabled(QComboBox* combo, int index, bool enabled, const QString& toolTip = {})
{
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    if (!model || index < 0)
        return;
    if (QStandardItem* item = model->item(index)) {
        item->setEnabled(enabled);
        item->setToolTip(toolTip);
    }
}

/// The value all agree on, or nothing.
template <class T> std::optional<T> common(const std::vector<T>& values)
{
    if (values.empty() ||
        !std::all_of(values.begin(), values.end(), [&](const T& v) { return v == values[0]; }))
        return std::nullopt;
    return values[0];
}

} // namespace

ColliderPanel::ColliderPanel(Mode mode, QWidget* parent) : DocumentPanel(parent), m_mode(mode)
{
    const bool collider = mode == Mode::Collider;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_enabled = new QCheckBox(collider ? tr("Collider") : tr("Trigger"), this);
    m_enabled->setObjectName(QStringLiteral("enabledCheck"));
    m_enabled->setToolTip(collider ? tr("A solid shape on the node, which bodies collide with.")
                                   : tr("A non-solid volume on the node, which reports what enters it."));
    layout->addWidget(m_enabled);

    m_editor = new QWidget(this);
    auto* form = new QFormLayout(m_editor);
    form->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editor);

    m_properties = colliderRows(
        collider, [this](const std::vector<size_t>& nodes, int value) { chooseShape(nodes, value); });
    m_fields = std::make_unique<PropertyFields>(
        looksOf(m_properties), m_editor, this,
        [this](size_t row, const PropertyEdit& edit) { editProperty(row, edit); });
    m_editShape = new QPushButton(tr("Edit\u2026"), m_editor);
    m_editShape->setObjectName(QStringLiteral("editShape"));
    m_editShape->setToolTip(tr("Edit this shape's type and size."));
    m_fields->addRow(form, ShapeRow, m_editShape);
    m_fields->addRows(form, CompoundRow, 1);

    if (!collider) {
        m_members = new TriggerMembersEditor(m_editor);
        form->addRow(tr("Members"), m_members);
        connect(m_members, &TriggerMembersEditor::membersEdited, this,
                [this](size_t node, const std::vector<int>& members) {
                    pushOne(new document::SetTriggerNodes(document(), node, members));
                });
    }

    if (collider)
        m_fields->addRows(form, MaterialRow, 1);
    m_fields->addRows(form, FilterRow, 1);

    m_note = new QLabel(m_editor);
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setWordWrap(true);
    m_note->hide();
    form->addRow(m_note);
    layout->addStretch(1);

    connect(m_enabled, &QCheckBox::clicked, this, &ColliderPanel::toggleComponent);
    connect(m_editShape, &QPushButton::clicked, this, [this] {
        if (currentShape() >= 0)
            emit shapeActivated(currentShape());
    });
}

QComboBox* ColliderPanel::combo(Row row) const
{
    return row < static_cast<Row>(m_properties.size()) ? static_cast<QComboBox*>(m_fields->field(row))
                                                       : nullptr;
}

QComboBox* ColliderPanel::shapeCombo() const
{
    return combo(ShapeRow);
}

QCheckBox* ColliderPanel::compoundCheck() const
{
    return static_cast<QCheckBox*>(m_fields->field(CompoundRow));
}

QComboBox* ColliderPanel::materialCombo() const
{
    return combo(MaterialRow);
}

QComboBox* ColliderPanel::filterCombo() const
{
    return combo(FilterRow);
}

QListWidget* ColliderPanel::memberList() const
{
    return m_members ? m_members->list() : nullptr;
}

QPushButton* ColliderPanel::addMemberButton() const
{
    return m_members ? m_members->addButton() : nullptr;
}

QComboBox* ColliderPanel::memberCandidates() const
{
    return m_members ? m_members->candidates() : nullptr;
}

QPushButton* ColliderPanel::removeMemberButton() const
{
    return m_members ? m_members->removeButton() : nullptr;
}

bool ColliderPanel::hasComponent(size_t node) const
{
    const physics::NodePhysics* n = document() ? document()->model().node(node) : nullptr;
    if (!n)
        return false;
    return m_mode == Mode::Collider ? n->collider.has_value() : n->trigger.has_value();
}

std::vector<ColliderPanel::Component> ColliderPanel::components() const
{
    std::vector<Component> out;
    if (!document())
        return out;
    for (size_t node : nodes()) {
        const physics::NodePhysics* n = document()->model().node(node);
        if (!n)
            continue;
        if (m_mode == Mode::Collider && n->collider) {
            const physics::Collider& c = *n->collider;
            out.push_back({node, c.shape, c.physicsMaterial, c.collisionFilter, {}, c.shape < 0});
        } else if (m_mode == Mode::Trigger && n->trigger) {
            const physics::Trigger& t = *n->trigger;
            out.push_back({node, t.shape, -1, t.collisionFilter, t.nodes, t.isCompound()});
        }
    }
    return out;
}

int ColliderPanel::currentShape() const
{
    std::vector<int> shapes;
    for (const Component& c : components())
        shapes.push_back(c.shape);
    const auto shape = common(shapes);
    return shape && *shape >= 0 ? *shape : -1;
}

document::Component ColliderPanel::component() const
{
    return m_mode == Mode::Collider ? document::Component::Collider : document::Component::Trigger;
}

bool ColliderPanel::concerns(const ChangeEvent& event) const
{
    using Kind = ChangeEvent::Kind;
    const std::uint32_t listChange = ChangeEvent::Created | ChangeEvent::Removed | ChangeEvent::Name;
    bool concerned = false;
    switch (event.kind) {
    case Kind::Document:
        concerned = true;
        break;
    case Kind::Node:
        concerned = (event.properties & (listChange | ChangeEvent::Children)) != 0;
        break;
    case Kind::Shape:
        concerned = (event.properties & (listChange | ChangeEvent::ShapeType)) != 0;
        break;
    case Kind::Material:
        concerned = m_mode == Mode::Collider && (event.properties & listChange) != 0;
        break;
    case Kind::Filter:
        concerned = (event.properties & listChange) != 0;
        break;
    case Kind::Collider:
        concerned = m_mode == Mode::Collider && showsNode(event.index);
        break;
    case Kind::Trigger:
        // A trigger below a selected node changes the members that can be added.
        concerned = m_mode == Mode::Trigger &&
                    (showsNode(event.index) || std::any_of(nodes().begin(), nodes().end(), [&](size_t node) {
                         const auto& graph = document()->sceneGraph();
                         return event.index >= 0 && static_cast<size_t>(event.index) < graph.nodeCount() &&
                                node < graph.nodeCount() &&
                                graph.isDescendantOf(static_cast<size_t>(event.index), node);
                     }));
        break;
    default:
        break;
    }
    return concerned;
}

void ColliderPanel::refresh()
{
    const bool usable = document() && !nodes().empty();
    setEnabled(usable);
    const std::vector<Component> list = usable ? components() : std::vector<Component>{};
    {
        const QSignalBlocker blocker(m_enabled);
        if (list.empty())
            m_enabled->setCheckState(Qt::Unchecked);
        else if (list.size() == nodes().size())
            m_enabled->setCheckState(Qt::Checked);
        else
            m_enabled->setCheckState(Qt::PartiallyChecked);
        m_enabled->setTristate(m_enabled->checkState() == Qt::PartiallyChecked);
    }
    m_editor->setVisible(!list.empty());
    if (list.empty())
        return;

    std::vector<const Component*> objects;
    objects.reserve(list.size());
    for (const Component& c : list)
        objects.push_back(&c);
    showProperties(*m_fields, m_properties, objects, *document());
    adjustShapeRow(list);

    QStringList notes;
    updateCompoundRow(list);
    updateFilterRow(list, notes);

    if (m_mode == Mode::Trigger) {
        updateMembers(list);
        if (std::any_of(list.begin(), list.end(),
                        [](const Component& c) { return c.shape < 0 && !c.compound; }))
            notes << tr("A trigger with neither a shape nor members is empty: pick a shape.");
    }
    const bool anyCompound =
        std::any_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    if (m_mode == Mode::Trigger && anyCompound && nodes().size() > 1)
        notes << tr("Select one node to edit the members of its compound trigger.");

    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

void ColliderPanel::adjustShapeRow(const std::vector<Component>& list)
{
    QComboBox* shape = shapeCombo();
    if (m_mode == Mode::Trigger) {
        const bool possible = std::all_of(list.begin(), list.end(), [&](const Component& c) {
            return c.compound || !document::descendantTriggers(*document(), c.node).empty();
        });
        setItemEnabled(shape, shape->findData(-1), possible,
                       possible ? QString() : tr("No descendant node has a trigger to combine."));
    }
    const bool anyMesh = std::any_of(list.begin(), list.end(), [&](const Component& c) {
        return gltf::nodeMesh(document()->gltf(), c.node).has_value();
    });
    if (!anyMesh) {
        for (ShapeType type : {ShapeType::Convex, ShapeType::Trimesh})
            shape->setItemData(shape->findData(kNewShape + static_cast<int>(type)),
                               tr("The node has no mesh: pick the shape's mesh in the shape editor."),
                               Qt::ToolTipRole);
    }
    const bool one = currentShape() >= 0;
    m_editShape->setEnabled(one);
    m_editShape->setToolTip(one ? tr("Edit this shape's type and size.") : tr("Pick one shape to edit it."));
}

void ColliderPanel::updateCompoundRow(const std::vector<Component>& list)
{
    const bool allCompound =
        std::all_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    QCheckBox* compound = compoundCheck();
    if (m_mode == Mode::Collider) {
        compound->setEnabled(!allCompound);
        compound->setToolTip(allCompound ? tr("A grouping node that combines the colliders below it. "
                                              "Pick a shape above to make it a single collider again.")
                                         : tr("No shape of its own: the node combines the colliders "
                                              "below it into one collider."));
        return;
    }
    const bool possible = std::any_of(list.begin(), list.end(), [&](const Component& c) {
        return !c.compound && !document::descendantTriggers(*document(), c.node).empty();
    });
    compound->setEnabled(!allCompound && possible);
    compound->setToolTip(allCompound ? tr("The union of the listed descendant trigger nodes. Pick a "
                                          "shape above to make it a single trigger again.")
                         : possible  ? tr("No shape of its own: the trigger is the union of its "
                                           "descendant trigger nodes (edited in the list).")
                                     : tr("A compound trigger needs descendant nodes that have a "
                                           "trigger; there are none."));
}

void ColliderPanel::updateFilterRow(const std::vector<Component>& list, QStringList& notes)
{
    // A compound trigger has no filter: the row shows the others' (none when all are compound).
    std::vector<int> filters;
    for (const Component& c : list) {
        if (!(m_mode == Mode::Trigger && c.compound))
            filters.push_back(c.filter);
    }
    if (filters.empty())
        filters.push_back(-1);
    m_fields->showChoices(FilterRow, filters, *document());
    QComboBox* filter = filterCombo();
    const bool allCompound =
        std::all_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    if (m_mode == Mode::Trigger && allCompound) {
        filter->setEnabled(false);
        filter->setToolTip(tr("A compound trigger carries no filter (the schema forbids it); set filters on "
                              "its member triggers."));
        notes << tr(
            "A compound trigger has no shape and no filter of its own; its member triggers carry them.");
    } else {
        filter->setEnabled(true);
        filter->setToolTip(m_properties[FilterRow].look.toolTip);
    }
}

void ColliderPanel::updateMembers(const std::vector<Component>& list)
{
    const bool anyCompound =
        std::any_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    m_members->setVisible(anyCompound);
    const bool single = list.size() == 1 && nodes().size() == 1;
    if (anyCompound && single)
        m_members->showMembers(document(), list.front().node, list.front().members);
    else
        m_members->showMembers(document(), std::nullopt, {});
}

ColliderPanel::~ColliderPanel()
{
    disconnectChildrenFrom(this);
}

} // namespace cs::ui
