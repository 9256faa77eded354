#include "panels/JointPanel.h"

#include "document/Document.h"
#include "document/JointCommands.h"
#include "document/JointFields.h"
#include "widgets/ModelLabels.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>

namespace cs::ui {

JointPanel::JointPanel(QWidget* parent) : QWidget(parent)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_joint = new QCheckBox(tr("Joint to another node"), this);
    m_joint->setObjectName(QStringLiteral("jointCheck"));
    m_connected = new QComboBox(this);
    m_connected->setObjectName(QStringLiteral("jointConnectedCombo"));
    m_connected->setToolTip(tr("The node whose frame is the joint's second attachment frame"));
    m_description = new QComboBox(this);
    m_description->setObjectName(QStringLiteral("jointDescriptionCombo"));
    m_description->setToolTip(tr("The limits and drives (edit them in the Joints tab)"));
    m_collision = new QCheckBox(tr("The two bodies collide"), this);
    m_collision->setObjectName(QStringLiteral("jointCollisionCheck"));
    form->addRow(m_joint);
    form->addRow(tr("Connected node"), m_connected);
    form->addRow(tr("Description"), m_description);
    form->addRow(m_collision);

    connect(m_joint, &QCheckBox::clicked, this, [this](bool on) {
        const std::optional<document::NodeIndex> n = node();
        if (!m_document || !n)
            return;
        if (!on) {
            m_document->push(document::removeNodeJoint(m_document, *n));
            return;
        }
        // A new joint uses the first description, connected to nothing yet (the validator says so until
        // a node is chosen).
        m_document->push(
            document::setNodeJoint(m_document, *n, {-1, m_document->model().joints.empty() ? -1 : 0, false}));
    });
    connect(m_connected, &QComboBox::activated, this, &JointPanel::pushFields);
    connect(m_description, &QComboBox::activated, this, &JointPanel::pushFields);
    connect(m_collision, &QCheckBox::clicked, this, &JointPanel::pushFields);
    refresh();
}

void JointPanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_nodes.clear();
    if (document)
        connect(document, &document::Document::changed, this, &JointPanel::onChanged);
    refresh();
}

void JointPanel::setNodes(const std::vector<size_t>& nodes)
{
    m_nodes = nodes;
    refresh();
}

std::optional<document::NodeIndex> JointPanel::node() const
{
    if (m_nodes.size() != 1)
        return std::nullopt;
    return m_nodes.front();
}

void JointPanel::onChanged(const document::ChangeEvent& event)
{
    using Kind = document::ChangeEvent::Kind;
    if (event.kind == Kind::NodeJoint || event.kind == Kind::Joint || event.kind == Kind::Node ||
        event.kind == Kind::Document)
        refresh();
}

void JointPanel::pushFields()
{
    const std::optional<document::NodeIndex> n = node();
    if (!m_document || !n)
        return;
    document::NodeJointFields fields;
    fields.connectedNode = m_connected->currentData().toInt();
    fields.joint = m_description->currentData().toInt();
    fields.enableCollision = m_collision->isChecked();
    m_document->push(document::setNodeJoint(m_document, *n, fields));
}

void JointPanel::refresh()
{
    const QSignalBlocker b1(m_joint), b2(m_connected), b3(m_description), b4(m_collision);
    const std::optional<document::NodeIndex> n = node();
    const physics::NodePhysics* p = m_document && n ? m_document->model().node(*n) : nullptr;
    const physics::NodeJoint* joint = p && p->joint ? &*p->joint : nullptr;
    setEnabled(m_document && n);
    m_joint->setChecked(joint);
    m_connected->clear();
    m_description->clear();
    m_connected->setEnabled(joint);
    m_description->setEnabled(joint);
    m_collision->setEnabled(joint);
    m_collision->setChecked(joint && joint->enableCollision);
    if (!m_document)
        return;
    m_connected->addItem(tr("(none)"), -1);
    const size_t nodes = m_document->gltf().count("nodes");
    for (size_t i = 0; i < nodes; ++i) {
        if (i == n)
            continue;
        m_connected->addItem(tr("%1 (node %2)").arg(nodeLabel(*m_document, i)).arg(i), int(i));
    }
    m_description->addItem(tr("(none)"), -1);
    const auto& joints = m_document->model().joints;
    for (size_t i = 0; i < joints.size(); ++i)
        m_description->addItem(
            tr("Joint %1: %2").arg(i).arg(QString::fromStdString(document::jointSummary(joints[i]))), int(i));
    if (joint) {
        m_connected->setCurrentIndex(std::max(0, m_connected->findData(joint->connectedNode)));
        m_description->setCurrentIndex(std::max(0, m_description->findData(joint->joint)));
    }
}

} // namespace cs::ui
