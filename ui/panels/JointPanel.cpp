#include "panels/JointPanel.h"

#include "ChildSignals.h"
#include "ModelLabels.h"
#include "document/Document.h"
#include "document/JointFields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>

namespace cs::ui {

ChoiceEntries JointPanel::connectedEntries() const
{
    ChoiceEntries nodes;
    nodes.none = tr("(none)");
    nodes.valued = [this](const document::Document& doc) {
        std::vector<std::pair<QString, int>> entries;
        const size_t count = doc.gltf().count("nodes");
        for (size_t i = 0; i < count; ++i) {
            if (i != node())
                entries.emplace_back(tr("%1 (node %2)").arg(nodeLabel(doc, i)).arg(i), int(i));
        }
        return entries;
    };
    return nodes;
}

ChoiceEntries JointPanel::descriptionEntries()
{
    ChoiceEntries joints;
    joints.none = tr("(none)");
    joints.list = [](const document::Document& doc) {
        std::vector<QString> labels;
        const auto& list = doc.model().joints;
        for (size_t i = 0; i < list.size(); ++i)
            labels.push_back(
                tr("Joint %1: %2").arg(i).arg(QString::fromStdString(document::jointSummary(list[i]))));
        return labels;
    };
    return joints;
}

std::vector<PropertyRow<JointPanel::NodeJointRow>> JointPanel::jointRows()
{
    // Each edit pushes one command on the edited node.
    const auto push = [this](document::Document& doc, const document::NodeJointFields& fields) {
        if (const std::optional<document::NodeIndex> n = node())
            doc.push(document::setNodeJoint(&doc, *n, fields));
    };

    PropertyRow<NodeJointRow> joint;
    joint.look = propertyLook(QStringLiteral("jointCheck"), tr("Joint to another node"), {}, 0);
    joint.look.kind = PropertyKind::Toggle;
    joint.toggle = [](const NodeJointRow& j) { return j.present; };
    joint.edit = [this](document::Document& doc, const PropertyObjects<NodeJointRow>&,
                        const PropertyEdit& edit) {
        const auto* e = std::get_if<ToggleEdit>(&edit);
        const std::optional<document::NodeIndex> n = node();
        if (!e || !n)
            return;
        // A new joint uses the first description, connected to nothing yet (the validator says so until a
        // node is chosen).
        doc.push(e->on ? document::setNodeJoint(&doc, *n, {-1, doc.model().joints.empty() ? -1 : 0, false})
                       : document::removeNodeJoint(&doc, *n));
    };

    // A choice over one of the joint's fields: the edit sets that field, the others kept.
    const auto choiceRow = [push](PropertyLook look, int document::NodeJointFields::*member) {
        PropertyRow<NodeJointRow> row;
        row.look = std::move(look);
        row.choice = [member](const NodeJointRow& j) { return j.fields.*member; };
        row.edit = [push, member](document::Document& doc, const PropertyObjects<NodeJointRow>& objects,
                                  const PropertyEdit& edit) {
            const auto* e = std::get_if<ChoiceEdit>(&edit);
            if (!e || objects.empty())
                return;
            document::NodeJointFields fields = objects[0].second->fields;
            fields.*member = e->value;
            push(doc, fields);
        };
        return row;
    };

    PropertyRow<NodeJointRow> connected =
        choiceRow(propertyLook(QStringLiteral("jointConnectedCombo"), tr("Connected node"),
                               tr("The node whose frame is the joint's second attachment frame"), 0)
                      .withChoices(connectedEntries()),
                  &document::NodeJointFields::connectedNode);

    PropertyRow<NodeJointRow> description =
        choiceRow(propertyLook(QStringLiteral("jointDescriptionCombo"), tr("Description"),
                               tr("The limits and drives (edit them in the Joints tab)"), 0)
                      .withChoices(descriptionEntries()),
                  &document::NodeJointFields::joint);

    PropertyRow<NodeJointRow> collision;
    collision.look = propertyLook(QStringLiteral("jointCollisionCheck"), tr("The two bodies collide"), {}, 0);
    collision.look.kind = PropertyKind::Toggle;
    collision.toggle = [](const NodeJointRow& j) { return j.fields.enableCollision; };
    collision.edit = [push](document::Document& doc, const PropertyObjects<NodeJointRow>& objects,
                            const PropertyEdit& edit) {
        const auto* e = std::get_if<ToggleEdit>(&edit);
        if (!e || objects.empty())
            return;
        document::NodeJointFields fields = objects[0].second->fields;
        fields.enableCollision = e->on;
        push(doc, fields);
    };
    return {joint, connected, description, collision};
}

JointPanel::JointPanel(QWidget* parent) : DocumentPanel(parent)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_rows = jointRows();
    m_fields = std::make_unique<PropertyFields>(
        looksOf(m_rows), this, this,
        [this](size_t row, const PropertyEdit& edit) { editProperty(row, edit); });
    m_fields->addRows(form, 0, m_rows.size());
    refresh();
}

JointPanel::~JointPanel()
{
    disconnectChildrenFrom(this);
}

QCheckBox* JointPanel::jointCheck() const
{
    return static_cast<QCheckBox*>(m_fields->field(JointRow));
}

QComboBox* JointPanel::connectedCombo() const
{
    return static_cast<QComboBox*>(m_fields->field(ConnectedRow));
}

QComboBox* JointPanel::descriptionCombo() const
{
    return static_cast<QComboBox*>(m_fields->field(DescriptionRow));
}

QCheckBox* JointPanel::collisionCheck() const
{
    return static_cast<QCheckBox*>(m_fields->field(CollisionRow));
}

std::optional<document::NodeIndex> JointPanel::node() const
{
    if (nodes().size() != 1)
        return std::nullopt;
    return nodes().front();
}

JointPanel::NodeJointRow JointPanel::current() const
{
    const std::optional<document::NodeIndex> n = node();
    const physics::NodePhysics* p = document() && n ? document()->model().node(*n) : nullptr;
    if (!p || !p->joint)
        return {};
    return {true, {p->joint->connectedNode, p->joint->joint, p->joint->enableCollision}};
}

bool JointPanel::concerns(const document::ChangeEvent& event) const
{
    using Kind = document::ChangeEvent::Kind;
    return event.kind == Kind::NodeJoint || event.kind == Kind::Joint || event.kind == Kind::Node ||
           event.kind == Kind::Document;
}

void JointPanel::editProperty(size_t row, const PropertyEdit& edit)
{
    if (!document() || !node() || row >= m_rows.size())
        return;
    const NodeJointRow joint = current();
    m_rows[row].edit(*document(), {{*node(), &joint}}, edit);
}

void JointPanel::refresh()
{
    const NodeJointRow joint = current();
    setEnabled(document() && node());
    for (size_t row = ConnectedRow; row <= CollisionRow; ++row)
        m_fields->field(row)->setEnabled(joint.present);
    if (!document() || !node()) {
        // Nothing to show (the panel is off): the node list is not built, a scene may have thousands.
        m_fields->showToggles(JointRow, {false});
        m_fields->showToggles(CollisionRow, {false});
        connectedCombo()->clear();
        descriptionCombo()->clear();
        return;
    }
    showProperties(*m_fields, m_rows, std::vector<const NodeJointRow*>{&joint}, *document());
}

} // namespace cs::ui
