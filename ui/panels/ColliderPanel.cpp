#include "panels/ColliderPanel.h"

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "document/SetFields.h"
#include "document/ShapeConversion.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

using document::ChangeEvent;
using physics::ShapeType;

namespace {

constexpr ShapeType kShapeTypes[] = {ShapeType::Box,      ShapeType::Sphere, ShapeType::Capsule,
                                     ShapeType::Cylinder, ShapeType::Convex, ShapeType::Trimesh};

bool contains(const std::vector<size_t>& nodes, int index)
{
    return index >= 0 && std::find(nodes.begin(), nodes.end(), static_cast<size_t>(index)) != nodes.end();
}

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

std::vector<PropertyRow<ColliderPanel::Component>> ColliderPanel::rows()
{
    const bool collider = m_mode == Mode::Collider;
    const auto nodesOf = [](const PropertyObjects<Component>& objects) {
        std::vector<size_t> nodes;
        nodes.reserve(objects.size());
        for (const auto& entry : objects)
            nodes.push_back(entry.first);
        return nodes;
    };

    PropertyRow<Component> shape;
    ChoiceEntries shapes;
    shapes.none = collider ? tr("None (compound group)") : tr("None (compound trigger)");
    shapes.list = [](const document::Document& doc) {
        std::vector<QString> labels;
        for (size_t i = 0; i < doc.model().shapes.size(); ++i)
            labels.push_back(shapeLabel(doc, i));
        return labels;
    };
    for (ShapeType type : kShapeTypes)
        shapes.actions.emplace_back(tr("New %1").arg(QString::fromLatin1(physics::shapeTypeName(type))),
                                    kNewShape + static_cast<int>(type));
    shape.look = propertyLook(QStringLiteral("shapeCombo"), tr("Shape"),
                              tr("The shape of the %1: one of the document's shapes, or a new one.")
                                  .arg(collider ? tr("collider") : tr("trigger")),
                              0)
                     .withChoices(std::move(shapes));
    shape.choice = [](const Component& c) { return c.compound ? -1 : c.shape; };
    shape.edit = [this, nodesOf](document::Document&, const PropertyObjects<Component>& objects, int,
                                 double value) { chooseShape(nodesOf(objects), static_cast<int>(value)); };

    PropertyRow<Component> compound;
    compound.look = propertyLook(QStringLiteral("compoundCheck"),
                                 collider ? tr("Compound group") : tr("Compound trigger"), {}, 0);
    compound.look.kind = PropertyKind::Toggle;
    compound.toggle = [](const Component& c) { return c.compound; };
    compound.edit = [this, nodesOf](document::Document& doc, const PropertyObjects<Component>& objects, int,
                                    double value) {
        if (value != 0.0) // leaving a compound is done by picking a shape
            document::makeCompound(doc, nodesOf(objects), component());
    };

    const auto filterLabels = [](const document::Document& doc) {
        std::vector<QString> labels;
        for (size_t i = 0; i < doc.model().filters.size(); ++i)
            labels.push_back(filterLabel(doc, i));
        return labels;
    };
    PropertyRow<Component> filter;
    filter.look = propertyLook(QStringLiteral("filterCombo"), tr("Collision filter"),
                               tr("Which collision systems it belongs to and meets (None: the engine's "
                                  "default)."),
                               0)
                      .withChoices({tr("None (default)"), {}, filterLabels, {}});
    filter.choice = [](const Component& c) { return c.filter; };
    filter.edit = [collider](document::Document& doc, const PropertyObjects<Component>& objects, int,
                             double value) {
        std::vector<std::pair<size_t, int>> items;
        for (const auto& [node, c] : objects) {
            if (collider || !c->compound) // the schema forbids a filter on a compound trigger
                items.emplace_back(node, static_cast<int>(value));
        }
        if (collider)
            document::setEach<document::SetColliderFilter>(doc, std::move(items));
        else
            document::setEach<document::SetTriggerFilter>(doc, std::move(items));
    };

    std::vector<PropertyRow<Component>> out{shape, compound, filter};
    if (collider) {
        PropertyRow<Component> material;
        const auto materialLabels = [](const document::Document& doc) {
            std::vector<QString> labels;
            for (size_t i = 0; i < doc.model().materials.size(); ++i)
                labels.push_back(materialLabel(doc, i));
            return labels;
        };
        material.look =
            propertyLook(QStringLiteral("materialCombo"), tr("Material"),
                         tr("Friction and restitution of the collider (None: the engine's default)."), 0)
                .withChoices({tr("None (default)"), {}, materialLabels, {}});
        material.choice = [](const Component& c) { return c.material; };
        material.edit = [](document::Document& doc, const PropertyObjects<Component>& objects, int,
                           double value) {
            std::vector<std::pair<size_t, int>> items;
            for (const auto& entry : objects)
                items.emplace_back(entry.first, static_cast<int>(value));
            document::setEach<document::SetColliderMaterial>(doc, std::move(items));
        };
        out.push_back(std::move(material));
    }
    return out;
}

ColliderPanel::ColliderPanel(Mode mode, QWidget* parent) : QWidget(parent), m_mode(mode)
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

    m_properties = rows();
    m_fields =
        std::make_unique<PropertyFields>(looksOf(m_properties), m_editor, this,
                                         [this](size_t row, int, double value) { editProperty(row, value); });
    m_editShape = new QPushButton(tr("Edit\u2026"), m_editor);
    m_editShape->setObjectName(QStringLiteral("editShape"));
    m_editShape->setToolTip(tr("Edit this shape's type and size."));
    m_fields->addRow(form, ShapeRow, m_editShape);
    m_fields->addRows(form, CompoundRow, 1);

    if (!collider) {
        m_memberBox = new QWidget(m_editor);
        auto* box = new QVBoxLayout(m_memberBox);
        box->setContentsMargins(0, 0, 0, 0);
        m_members = new QListWidget(m_memberBox);
        m_members->setObjectName(QStringLiteral("memberList"));
        m_members->setSelectionMode(QAbstractItemView::SingleSelection);
        m_members->setMaximumHeight(110);
        m_members->setToolTip(tr("The descendant trigger nodes this compound trigger is made of."));
        auto* buttons = new QHBoxLayout;
        m_candidates = new QComboBox(m_memberBox);
        m_candidates->setObjectName(QStringLiteral("memberCandidates"));
        m_candidates->setToolTip(tr("Descendant trigger nodes not in the list yet."));
        m_addMember = new QPushButton(tr("Add"), m_memberBox);
        m_addMember->setObjectName(QStringLiteral("addMember"));
        m_removeMember = new QPushButton(tr("Remove"), m_memberBox);
        m_removeMember->setObjectName(QStringLiteral("removeMember"));
        buttons->addWidget(m_candidates, 1);
        buttons->addWidget(m_addMember);
        buttons->addWidget(m_removeMember);
        box->addWidget(m_members);
        box->addLayout(buttons);
        form->addRow(tr("Members"), m_memberBox);
        connect(m_addMember, &QPushButton::clicked, this, &ColliderPanel::addMember);
        connect(m_removeMember, &QPushButton::clicked, this, &ColliderPanel::removeMember);
        connect(m_members, &QListWidget::currentRowChanged, this, [this] {
            m_removeMember->setEnabled(m_members->currentRow() >= 0 && m_members->count() > 1 &&
                                       m_nodes.size() == 1);
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

    setDocument(nullptr);
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

void ColliderPanel::setDocument(document::Document* document)
{
    if (m_document == document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &document::Document::changed, this, &ColliderPanel::onChanged);
    m_nodes.clear();
    refresh();
}

void ColliderPanel::setNodes(const std::vector<size_t>& nodes)
{
    m_nodes = nodes;
    refresh();
}

bool ColliderPanel::hasComponent(size_t node) const
{
    const physics::NodePhysics* n = m_document ? m_document->model().node(node) : nullptr;
    if (!n)
        return false;
    return m_mode == Mode::Collider ? n->collider.has_value() : n->trigger.has_value();
}

std::vector<ColliderPanel::Component> ColliderPanel::components() const
{
    std::vector<Component> out;
    if (!m_document)
        return out;
    for (size_t node : m_nodes) {
        const physics::NodePhysics* n = m_document->model().node(node);
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

void ColliderPanel::onChanged(const ChangeEvent& event)
{
    if (m_applying || !m_document)
        return;
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
        concerned = m_mode == Mode::Collider && contains(m_nodes, event.index);
        break;
    case Kind::Trigger:
        // A trigger below a selected node changes the members that can be added.
        concerned =
            m_mode == Mode::Trigger &&
            (contains(m_nodes, event.index) || std::any_of(m_nodes.begin(), m_nodes.end(), [&](size_t node) {
                 const auto& graph = m_document->sceneGraph();
                 return event.index >= 0 && static_cast<size_t>(event.index) < graph.nodeCount() &&
                        node < graph.nodeCount() &&
                        graph.isDescendantOf(static_cast<size_t>(event.index), node);
             }));
        break;
    default:
        break;
    }
    if (concerned)
        refresh();
}

void ColliderPanel::refresh()
{
    const bool usable = m_document && !m_nodes.empty();
    setEnabled(usable);
    const std::vector<Component> list = usable ? components() : std::vector<Component>{};
    {
        const QSignalBlocker blocker(m_enabled);
        if (list.empty())
            m_enabled->setCheckState(Qt::Unchecked);
        else if (list.size() == m_nodes.size())
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
    showProperties(*m_fields, m_properties, objects, *m_document);
    adjustShapeRow(list);

    QStringList notes;
    const bool allCompound =
        std::all_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    QCheckBox* compound = compoundCheck();
    if (m_mode == Mode::Collider) {
        compound->setEnabled(!allCompound);
        compound->setToolTip(allCompound ? tr("A grouping node that combines the colliders below it. "
                                              "Pick a shape above to make it a single collider again.")
                                         : tr("No shape of its own: the node combines the colliders "
                                              "below it into one collider."));
    } else {
        const bool possible = std::any_of(list.begin(), list.end(), [&](const Component& c) {
            return !c.compound && !document::descendantTriggers(*m_document, c.node).empty();
        });
        compound->setEnabled(!allCompound && possible);
        compound->setToolTip(allCompound ? tr("The union of the listed descendant trigger nodes. Pick a "
                                              "shape above to make it a single trigger again.")
                             : possible  ? tr("No shape of its own: the trigger is the union of its "
                                               "descendant trigger nodes (edited in the list).")
                                         : tr("A compound trigger needs descendant nodes that have a "
                                               "trigger; there are none."));
    }

    // A compound trigger has no filter: the row shows the others' (none when all are compound).
    std::vector<int> filters;
    for (const Component& c : list) {
        if (!(m_mode == Mode::Trigger && c.compound))
            filters.push_back(c.filter);
    }
    if (filters.empty())
        filters.push_back(-1);
    m_fields->showChoices(FilterRow, filters, *m_document);
    QComboBox* filter = filterCombo();
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

    if (m_mode == Mode::Trigger) {
        updateMembers(list);
        if (std::any_of(list.begin(), list.end(),
                        [](const Component& c) { return c.shape < 0 && !c.compound; }))
            notes << tr("A trigger with neither a shape nor members is empty: pick a shape.");
    }
    const bool anyCompound =
        std::any_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    if (m_mode == Mode::Trigger && anyCompound && m_nodes.size() > 1)
        notes << tr("Select one node to edit the members of its compound trigger.");

    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

void ColliderPanel::adjustShapeRow(const std::vector<Component>& list)
{
    QComboBox* shape = shapeCombo();
    if (m_mode == Mode::Trigger) {
        const bool possible = std::all_of(list.begin(), list.end(), [&](const Component& c) {
            return c.compound || !document::descendantTriggers(*m_document, c.node).empty();
        });
        setItemEnabled(shape, shape->findData(-1), possible,
                       possible ? QString() : tr("No descendant node has a trigger to combine."));
    }
    const bool anyMesh = std::any_of(list.begin(), list.end(), [&](const Component& c) {
        return gltf::nodeMesh(m_document->gltf(), c.node).has_value();
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

void ColliderPanel::updateMembers(const std::vector<Component>& list)
{
    const bool anyCompound =
        std::any_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    m_memberBox->setVisible(anyCompound);
    const QSignalBlocker blockList(m_members);
    const QSignalBlocker blockCandidates(m_candidates);
    const int row = m_members->currentRow();
    m_members->clear();
    m_candidates->clear();
    const bool single = list.size() == 1 && m_nodes.size() == 1;
    if (!anyCompound || !single) {
        m_memberBox->setEnabled(false);
        return;
    }
    m_memberBox->setEnabled(true);
    const Component& c = list.front();
    for (int member : c.members) {
        auto* item = new QListWidgetItem(member >= 0 ? nodeLabel(*m_document, static_cast<size_t>(member))
                                                     : tr("Invalid node %1").arg(member),
                                         m_members);
        item->setData(Qt::UserRole, member);
    }
    if (row >= 0 && row < m_members->count())
        m_members->setCurrentRow(row);
    for (int candidate : document::descendantTriggers(*m_document, c.node)) {
        if (std::find(c.members.begin(), c.members.end(), candidate) == c.members.end())
            m_candidates->addItem(nodeLabel(*m_document, static_cast<size_t>(candidate)), candidate);
    }
    m_candidates->setEnabled(m_candidates->count() > 0);
    m_addMember->setEnabled(m_candidates->count() > 0);
    m_addMember->setToolTip(m_candidates->count() > 0
                                ? tr("Add the chosen descendant trigger node.")
                                : tr("Every descendant trigger node is a member already."));
    const bool canRemove = m_members->count() > 1;
    m_removeMember->setEnabled(canRemove && m_members->currentRow() >= 0);
    m_removeMember->setToolTip(canRemove ? tr("Remove the selected member.")
                                         : tr("A compound trigger needs at least one member; pick a shape "
                                              "instead to make it a single trigger."));
}

ColliderPanel::~ColliderPanel()
{
    disconnectChildrenFrom(this);
}

} // namespace cs::ui
