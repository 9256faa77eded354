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

    auto* shapeRow = new QWidget(m_editor);
    auto* shapeLayout = new QHBoxLayout(shapeRow);
    shapeLayout->setContentsMargins(0, 0, 0, 0);
    m_shape = new QComboBox(shapeRow);
    m_shape->setObjectName(QStringLiteral("shapeCombo"));
    m_shape->setPlaceholderText(NumberSpinBox::mixedText());
    m_shape->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_shape->setMinimumContentsLength(12);
    m_shape->setToolTip(tr("The shape of the %1: one of the document's shapes, or a new one.")
                            .arg(collider ? tr("collider") : tr("trigger")));
    m_editShape = new QPushButton(tr("Edit\u2026"), shapeRow);
    m_editShape->setObjectName(QStringLiteral("editShape"));
    m_editShape->setToolTip(tr("Edit this shape's type and size."));
    shapeLayout->addWidget(m_shape, 1);
    shapeLayout->addWidget(m_editShape);
    form->addRow(tr("Shape"), shapeRow);

    m_compound = new QCheckBox(collider ? tr("Compound group") : tr("Compound trigger"), m_editor);
    m_compound->setObjectName(QStringLiteral("compoundCheck"));
    form->addRow(m_compound);

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

    if (collider) {
        m_material = new QComboBox(m_editor);
        m_material->setObjectName(QStringLiteral("materialCombo"));
        m_material->setPlaceholderText(NumberSpinBox::mixedText());
        m_material->setToolTip(tr("Friction and restitution of the collider (None: the engine's default)."));
        form->addRow(tr("Material"), m_material);
        connect(m_material, &QComboBox::activated, this, &ColliderPanel::chooseMaterial);
    }
    m_filter = new QComboBox(m_editor);
    m_filter->setObjectName(QStringLiteral("filterCombo"));
    m_filter->setPlaceholderText(NumberSpinBox::mixedText());
    form->addRow(tr("Collision filter"), m_filter);

    m_note = new QLabel(m_editor);
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setWordWrap(true);
    m_note->hide();
    form->addRow(m_note);
    layout->addStretch(1);

    connect(m_enabled, &QCheckBox::clicked, this, &ColliderPanel::toggleComponent);
    connect(m_shape, &QComboBox::activated, this, &ColliderPanel::chooseShape);
    connect(m_editShape, &QPushButton::clicked, this, [this] {
        if (currentShape() >= 0)
            emit shapeActivated(currentShape());
    });
    connect(m_compound, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            makeCompound();
        else
            refresh(); // leaving a compound is done by picking a shape
    });
    connect(m_filter, &QComboBox::activated, this, &ColliderPanel::chooseFilter);

    setDocument(nullptr);
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

    rebuildShapeCombo(list);
    m_editShape->setEnabled(currentShape() >= 0);
    m_editShape->setToolTip(currentShape() >= 0 ? tr("Edit this shape's type and size.")
                                                : tr("Pick one shape to edit it."));

    QStringList notes;
    const bool allCompound =
        std::all_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    const bool anyCompound =
        std::any_of(list.begin(), list.end(), [](const Component& c) { return c.compound; });
    {
        const QSignalBlocker blocker(m_compound);
        m_compound->setCheckState(allCompound   ? Qt::Checked
                                  : anyCompound ? Qt::PartiallyChecked
                                                : Qt::Unchecked);
        m_compound->setTristate(m_compound->checkState() == Qt::PartiallyChecked);
        if (m_mode == Mode::Collider) {
            m_compound->setEnabled(!allCompound);
            m_compound->setToolTip(allCompound ? tr("A grouping node that combines the colliders below it. "
                                                    "Pick a shape above to make it a single collider again.")
                                               : tr("No shape of its own: the node combines the colliders "
                                                    "below it into one collider."));
        } else {
            const bool possible = std::any_of(list.begin(), list.end(), [&](const Component& c) {
                return !c.compound && !document::descendantTriggers(*m_document, c.node).empty();
            });
            m_compound->setEnabled(!allCompound && possible);
            m_compound->setToolTip(allCompound
                                       ? tr("The union of the listed descendant trigger nodes. Pick a "
                                            "shape above to make it a single trigger again.")
                                   : possible ? tr("No shape of its own: the trigger is the union of its "
                                                   "descendant trigger nodes (edited in the list).")
                                              : tr("A compound trigger needs descendant nodes that have a "
                                                   "trigger; there are none."));
        }
    }

    if (m_material) {
        std::vector<int> materials;
        materials.reserve(list.size());
        for (const Component& c : list)
            materials.push_back(c.material);
        rebuildReferenceCombo(
            m_material, m_document->model().materials.size(),
            [this](size_t i) { return materialLabel(*m_document, i); }, materials);
    }
    std::vector<int> filters;
    for (const Component& c : list) {
        if (!(m_mode == Mode::Trigger && c.compound))
            filters.push_back(c.filter);
    }
    if (filters.empty()) // compound triggers only: they have none
        filters.push_back(-1);
    rebuildReferenceCombo(
        m_filter, m_document->model().filters.size(),
        [this](size_t i) { return filterLabel(*m_document, i); }, filters);
    if (m_mode == Mode::Trigger && allCompound) {
        m_filter->setEnabled(false);
        m_filter->setToolTip(
            tr("A compound trigger carries no filter (the schema forbids it); set filters on "
               "its member triggers."));
        notes << tr(
            "A compound trigger has no shape and no filter of its own; its member triggers carry them.");
    } else {
        m_filter->setEnabled(true);
        m_filter->setToolTip(tr("Which collision systems it belongs to and meets (None: the engine's "
                                "default)."));
    }

    if (m_mode == Mode::Trigger) {
        updateMembers(list);
        if (std::any_of(list.begin(), list.end(),
                        [](const Component& c) { return c.shape < 0 && !c.compound; }))
            notes << tr("A trigger with neither a shape nor members is empty: pick a shape.");
    }
    if (m_mode == Mode::Trigger && anyCompound && m_nodes.size() > 1)
        notes << tr("Select one node to edit the members of its compound trigger.");

    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

void ColliderPanel::rebuildShapeCombo(const std::vector<Component>& list)
{
    const QSignalBlocker blocker(m_shape);
    m_shape->clear();
    const bool collider = m_mode == Mode::Collider;
    m_shape->addItem(collider ? tr("None (compound group)") : tr("None (compound trigger)"), -1);
    if (!collider) {
        const bool possible = std::all_of(list.begin(), list.end(), [&](const Component& c) {
            return c.compound || !document::descendantTriggers(*m_document, c.node).empty();
        });
        setItemEnabled(m_shape, 0, possible,
                       possible ? QString() : tr("No descendant node has a trigger to combine."));
    }
    const size_t count = m_document->model().shapes.size();
    for (size_t i = 0; i < count; ++i)
        m_shape->addItem(shapeLabel(*m_document, i), static_cast<int>(i));
    m_shape->insertSeparator(m_shape->count());
    bool anyMesh = false;
    for (const Component& c : list) {
        const gltf::Json* node = m_document->gltf().element("nodes", c.node);
        anyMesh = anyMesh || (node && node->contains("mesh"));
    }
    for (ShapeType type : kShapeTypes) {
        m_shape->addItem(tr("New %1").arg(QString::fromLatin1(physics::shapeTypeName(type))),
                         kNewShape + static_cast<int>(type));
        if ((type == ShapeType::Convex || type == ShapeType::Trimesh) && !anyMesh)
            m_shape->setItemData(m_shape->count() - 1,
                                 tr("The node has no mesh: pick the shape's mesh in the "
                                    "shape editor."),
                                 Qt::ToolTipRole);
    }
    std::vector<int> shapes;
    shapes.reserve(list.size());
    for (const Component& c : list)
        shapes.push_back(c.compound ? -1 : c.shape);
    const auto shape = common(shapes);
    int index = -1;
    if (shape) {
        index = m_shape->findData(*shape);
        if (index < 0) { // a dangling reference: show it as it is
            m_shape->insertItem(1, tr("Invalid index %1").arg(*shape), *shape);
            index = 1;
        }
    }
    m_shape->setCurrentIndex(index);
}

void ColliderPanel::rebuildReferenceCombo(QComboBox* combo, size_t count,
                                          const std::function<QString(size_t)>& label,
                                          const std::vector<int>& values)
{
    const QSignalBlocker blocker(combo);
    combo->clear();
    combo->addItem(tr("None (default)"), -1);
    for (size_t i = 0; i < count; ++i)
        combo->addItem(label(i), static_cast<int>(i));
    const auto value = common(values);
    int index = -1;
    if (value) {
        index = combo->findData(*value < 0 ? -1 : *value);
        if (index < 0) {
            combo->addItem(tr("Invalid index %1").arg(*value), *value);
            index = combo->count() - 1;
        }
    }
    combo->setCurrentIndex(index);
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
