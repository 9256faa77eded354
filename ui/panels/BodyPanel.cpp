#include "panels/BodyPanel.h"

#include "document/Actions.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/GeometryInputs.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "document/SetFields.h"
#include "panels/MassMeaningControls.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

using document::ChangeEvent;
using physics::Motion;
using physics::MotionType;

namespace {

/// Which motion values a body type makes use of.
struct Usage
{
    bool mass = true; ///< mass, centre of mass, inertia, and computing them from the shapes
    bool velocities = true;
    bool gravity = true;
};

Usage usageOf(MotionType type)
{
    switch (type) {
    case MotionType::Static:
        return {false, false, false};
    case MotionType::Kinematic:
        return {false, true, false};
    case MotionType::Dynamic:
        break;
    }
    return {};
}

} // namespace

std::vector<PropertyRow<Motion>> BodyPanel::motionRows()
{
    using Locate = document::locate::Motion;
    namespace field = document::field;
    // In the order of Property; the editor follows from the field's type.
    return {
        propertyRow<Locate, field::MotionType>(
            propertyLook(QStringLiteral("motionType"), tr("Type"),
                         tr("Static: collides but does not move. Kinematic: moved by animation or scripts. "
                            "Dynamic: moved by the simulation (forces, gravity, collisions)."),
                         TypeGroup)
                .withChoices({{},
                              {{tr("Static"), int(MotionType::Static)},
                               {tr("Kinematic"), int(MotionType::Kinematic)},
                               {tr("Dynamic"), int(MotionType::Dynamic)}},
                              {},
                              {}})),
        propertyRow<Locate, field::Mass>(
            propertyLook(QStringLiteral("mass"), tr("Mass"),
                         tr("Mass in kilograms. Left out of the file: OMI reads 1 kg, KHR leaves it to the "
                            "engine (the note below says which); 0 is infinite in KHR."),
                         MassGroup)
                .withUnit(QStringLiteral(" kg"))
                .withRange(0.0, 1e9)
                .withPrecision(4, 0.1)),
        propertyRow<Locate, field::CenterOfMass>(
            propertyLook(
                QStringLiteral("centerOfMass"), tr("Centre of mass (m)"),
                tr("Centre of mass in the body's local space, in metres (the body's origin when left "
                   "out)."),
                MassGroup)
                .withRange(-1e6, 1e6)
                .withPrecision(4, 0.01)),
        propertyRow<Locate, field::InertiaDiagonal>(
            propertyLook(QStringLiteral("inertia"), tr("Inertia (kg\u00b7m\u00b2)"),
                         tr("Moments of inertia about the principal axes, in kg\u00b7m\u00b2. Left out (or "
                            "all zero in OMI): the engine computes them from the shapes; a 0 is infinite in "
                            "KHR."),
                         MassGroup)
                .withRange(0.0, 1e9)
                .withPrecision(5, 0.01)),
        propertyRow<Locate, field::InertiaOrientation>(propertyLook(
            QStringLiteral("inertiaOrientation"), tr("Inertia axes (\u00b0)"),
            tr("Orientation of the principal axes of inertia relative to the body, as angles about "
               "X, then Y, then Z in degrees (stored as a quaternion)."),
            MassGroup)),
        propertyRow<Locate, field::LinearVelocity>(
            propertyLook(QStringLiteral("linearVelocity"), tr("Linear velocity (m/s)"),
                         tr("Initial linear velocity in metres per second."), VelocityGroup)
                .withRange(-1e6, 1e6)
                .withPrecision(4)),
        propertyRow<Locate, field::AngularVelocity>(
            propertyLook(QStringLiteral("angularVelocity"), tr("Angular velocity (rad/s)"),
                         tr("Initial angular velocity in radians per second."), VelocityGroup)
                .withRange(-1e6, 1e6)
                .withPrecision(4)),
        propertyRow<Locate, field::GravityFactor>(
            propertyLook(QStringLiteral("gravityFactor"), tr("Gravity factor"),
                         tr("Multiplier of the acceleration due to gravity: 1 normal, 0 none, negative pulls "
                            "upwards."),
                         GravityGroup)
                .withRange(-1000.0, 1000.0)
                .withPrecision(3, 0.1)),
    };
}

BodyPanel::BodyPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_motion = new QCheckBox(tr("Motion (rigid body)"), this);
    m_motion->setObjectName(QStringLiteral("motionCheck"));
    m_motion->setToolTip(
        tr("The node is a body whose motion physics controls; the colliders on it and below "
           "it move with it. Without motion on the node or a parent, colliders are static."));
    layout->addWidget(m_motion);

    m_editor = new QWidget(this);
    auto* form = new QFormLayout(m_editor);
    form->setContentsMargins(0, 0, 0, 0);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    layout->addWidget(m_editor);

    m_properties = motionRows();
    m_fields = std::make_unique<PropertyFields>(
        looksOf(m_properties), m_editor, this,
        [this](size_t row, int axis, double value) { editProperty(row, axis, value); });
    // Mass and inertia: a button beside each that leaves the value out, and what the values mean below.
    m_meanings = new MassMeaningControls(m_editor);
    m_fields->addRows(form, TypeRow, 1);
    m_fields->addRow(form, MassRow, m_meanings->massButton());
    form->addRow(m_meanings->massNote());
    m_fields->addRows(form, CenterOfMassRow, 1);
    m_fields->addRow(form, InertiaRow, m_meanings->inertiaButton());
    form->addRow(m_meanings->inertiaNote());
    m_fields->addRows(form, InertiaAxesRow, GravityFactorRow - InertiaAxesRow + 1);

    m_typeNote = new QLabel(m_editor);
    m_typeNote->setObjectName(QStringLiteral("typeNote"));
    m_typeNote->setWordWrap(true);
    m_typeNote->hide();
    form->addRow(m_typeNote);

    // Compute from shapes: density or total mass, then the button; what it did below.
    m_computeRow = new QWidget(m_editor);
    auto* computeLayout = new QHBoxLayout(m_computeRow);
    computeLayout->setContentsMargins(0, 0, 0, 0);
    m_computeMode = new QComboBox(m_computeRow);
    m_computeMode->setObjectName(QStringLiteral("computeMode"));
    m_computeMode->addItem(tr("Density"), int(ComputeMode::Density));
    m_computeMode->addItem(tr("Total mass"), int(ComputeMode::TotalMass));
    m_computeMode->setToolTip(tr("Density: every shape at this density; the mass is what the shapes give.\n"
                                 "Total mass: the body gets this mass, spread over its shapes by volume."));
    m_computeValue = new NumberField(m_computeRow);
    m_computeValue->setObjectName(QStringLiteral("computeValue"));
    m_compute = new QPushButton(tr("Compute from shapes"), m_computeRow);
    m_compute->setObjectName(QStringLiteral("computeButton"));
    m_compute->setToolTip(tr("Sets mass, centre of mass and inertia from the collider shapes the body owns "
                             "(on its node and below it, up to nested bodies)."));
    computeLayout->addWidget(m_computeMode);
    computeLayout->addWidget(m_computeValue, 1);
    computeLayout->addWidget(m_compute);
    form->addRow(m_computeRow);
    m_computeMessage = new QLabel(m_editor);
    m_computeMessage->setObjectName(QStringLiteral("computeMessage"));
    m_computeMessage->setWordWrap(true);
    m_computeMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_computeMessage->hide();
    form->addRow(m_computeMessage);
    updateComputeField();

    layout->addStretch(1);

    connect(m_motion, &QCheckBox::clicked, this, &BodyPanel::toggleMotion);
    connect(m_computeMode, &QComboBox::activated, this, [this] { updateComputeField(); });
    connect(m_computeValue, &NumberField::edited, this, [this](double v) {
        if (m_computeMode->currentData().toInt() == int(ComputeMode::Density))
            m_density = v;
        else
            m_totalMass = v;
    });
    connect(m_compute, &QPushButton::clicked, this, &BodyPanel::computeFromShapes);

    setDocument(nullptr);
}

void BodyPanel::setDocument(document::Document* document)
{
    if (m_document == document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &document::Document::changed, this, &BodyPanel::onChanged);
    m_nodes.clear();
    m_computeMessage->clear();
    m_computeMessage->hide();
    discardTyping();
    refresh();
}

void BodyPanel::setNodes(const std::vector<size_t>& nodes)
{
    if (nodes != m_nodes) {
        m_computeMessage->clear();
        m_computeMessage->hide();
        discardTyping();
    }
    m_nodes = nodes;
    refresh();
}

void BodyPanel::discardTyping()
{
    // Text typed for the previous selection must not be applied to the next one on focus-out.
    m_fields->discardTyping();
}

std::vector<std::pair<size_t, const Motion*>> BodyPanel::bodies() const
{
    std::vector<std::pair<size_t, const Motion*>> out;
    if (!m_document)
        return out;
    for (size_t node : m_nodes) {
        const physics::NodePhysics* n = m_document->model().node(node);
        if (n && n->motion)
            out.emplace_back(node, &*n->motion);
    }
    return out;
}

void BodyPanel::onChanged(const ChangeEvent& event)
{
    if (m_applying)
        return;
    using Kind = ChangeEvent::Kind;
    switch (event.kind) {
    case Kind::Document:
        refresh();
        return;
    case Kind::Node:
        // Nodes added or removed move the indices after them; the owner sends the fixed selection.
        if (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed)) {
            refresh();
            return;
        }
        [[fallthrough]];
    case Kind::Body:
        if (event.index >= 0 &&
            std::find(m_nodes.begin(), m_nodes.end(), static_cast<size_t>(event.index)) != m_nodes.end())
            refresh();
        return;
    default:
        return;
    }
}

void BodyPanel::refresh()
{
    const bool usable = m_document && !m_nodes.empty();
    setEnabled(usable);
    const auto list = bodies();
    std::vector<const Motion*> motions;
    std::vector<size_t> bodyNodes;
    motions.reserve(list.size());
    bodyNodes.reserve(list.size());
    for (const auto& entry : list) {
        motions.push_back(entry.second);
        bodyNodes.push_back(entry.first);
    }

    {
        const QSignalBlocker blocker(m_motion);
        if (!usable || motions.empty())
            m_motion->setCheckState(Qt::Unchecked);
        else if (motions.size() == m_nodes.size())
            m_motion->setCheckState(Qt::Checked);
        else
            m_motion->setCheckState(Qt::PartiallyChecked);
        m_motion->setTristate(m_motion->checkState() == Qt::PartiallyChecked);
    }
    m_editor->setVisible(!motions.empty());
    if (motions.empty())
        return;

    showProperties(*m_fields, m_properties, motions, *m_document);
    updateUsage(motions);
    m_meanings->show(m_document, bodyNodes, motions);
}

void BodyPanel::updateUsage(const std::vector<const Motion*>& motions)
{
    Usage used{false, false, false};
    bool anyStatic = false, anyKinematic = false;
    for (const Motion* m : motions) {
        const Usage u = usageOf(m->type);
        used.mass = used.mass || u.mass;
        used.velocities = used.velocities || u.velocities;
        used.gravity = used.gravity || u.gravity;
        anyStatic = anyStatic || m->type == MotionType::Static;
        anyKinematic = anyKinematic || m->type == MotionType::Kinematic;
    }
    // The reason a field is disabled: the type(s) of the selected bodies that leave it unused.
    const QString why = anyStatic && anyKinematic ? tr("Not used by static and kinematic bodies.")
                        : anyStatic               ? tr("Not used by static bodies: they do not move.")
                                                  : tr("Not used by kinematic bodies: animation or scripts "
                                                                     "move them, so mass, inertia and gravity do not act "
                                                                     "on them.");
    m_fields->setGroupUsed(MassGroup, used.mass, why);
    m_fields->setGroupUsed(VelocityGroup, used.velocities, why);
    m_fields->setGroupUsed(GravityGroup, used.gravity, why);
    m_computeRow->setEnabled(used.mass);
    m_compute->setToolTip(used.mass ? tr("Sets mass, centre of mass and inertia from the collider shapes the "
                                         "body owns (on its node and below it, up to nested bodies).")
                                    : why);

    QStringList notes;
    if (anyStatic)
        notes << tr("Static bodies can be collided with but do not move: mass, centre of mass, inertia, "
                    "velocities and gravity factor are not used.");
    if (anyKinematic)
        notes << tr("Kinematic bodies are moved by animation or scripts: mass, centre of mass, inertia and "
                    "gravity factor are not used; the velocities are their initial motion.");
    if (!used.mass || !used.velocities || !used.gravity) {
        m_typeNote->setText(notes.join(QLatin1Char('\n')));
        m_typeNote->show();
    } else {
        m_typeNote->clear();
        m_typeNote->hide();
    }
}

void BodyPanel::updateComputeField()
{
    if (m_computeMode->currentData().toInt() == int(ComputeMode::Density)) {
        m_computeValue->setRange(0.001, 1e6);
        m_computeValue->setUnit(QStringLiteral(" kg/m\u00b3"));
        m_computeValue->setDecimals(3);
        m_computeValue->setSingleStep(10.0);
        m_computeValue->setValue(m_density);
        m_computeValue->setToolTip(tr("Density of every shape (water: 1000 kg/m\u00b3)."));
    } else {
        m_computeValue->setRange(0.000001, 1e9);
        m_computeValue->setUnit(QStringLiteral(" kg"));
        m_computeValue->setDecimals(4);
        m_computeValue->setSingleStep(0.1);
        m_computeValue->setValue(m_totalMass);
        m_computeValue->setToolTip(tr("Total mass of each selected body."));
    }
}

QComboBox* BodyPanel::typeCombo() const
{
    return static_cast<QComboBox*>(m_fields->field(TypeRow));
}

NumberField* BodyPanel::massField() const
{
    return static_cast<NumberField*>(m_fields->field(MassRow));
}

QLabel* BodyPanel::massNote() const
{
    return m_meanings->massNote();
}

QLabel* BodyPanel::inertiaNote() const
{
    return m_meanings->inertiaNote();
}

QPushButton* BodyPanel::massLeaveOutButton() const
{
    return m_meanings->massButton();
}

QPushButton* BodyPanel::inertiaLeaveOutButton() const
{
    return m_meanings->inertiaButton();
}

Vec3Field* BodyPanel::centerOfMassField() const
{
    return static_cast<Vec3Field*>(m_fields->field(CenterOfMassRow));
}

Vec3Field* BodyPanel::inertiaField() const
{
    return static_cast<Vec3Field*>(m_fields->field(InertiaRow));
}

QuatAsEulerField* BodyPanel::inertiaOrientationField() const
{
    return static_cast<QuatAsEulerField*>(m_fields->field(InertiaAxesRow));
}

Vec3Field* BodyPanel::linearVelocityField() const
{
    return static_cast<Vec3Field*>(m_fields->field(LinearVelocityRow));
}

Vec3Field* BodyPanel::angularVelocityField() const
{
    return static_cast<Vec3Field*>(m_fields->field(AngularVelocityRow));
}

NumberField* BodyPanel::gravityFactorField() const
{
    return static_cast<NumberField*>(m_fields->field(GravityFactorRow));
}

BodyPanel::~BodyPanel()
{
    disconnectChildrenFrom(this);
}

} // namespace cs::ui
