#include "panels/BodyPanel.h"

#include "ChildSignals.h"
#include "ModelLabels.h"
#include "document/ColliderEdits.h"
#include "document/ComponentEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/GeometryInputs.h"
#include "document/ModelCommands.h"
#include "document/SetFields.h"
#include "panels/MassComputeControls.h"
#include "panels/MassMeaningControls.h"
#include "physics/MotionUsage.h"
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
                              {},
                              {}})),
        propertyRow<Locate, field::Mass>(
            propertyLook(QStringLiteral("mass"), tr("Mass"),
                         tr("Mass in kilograms. Left out of the file: OMI reads 1 kg, KHR leaves it to the "
                            "engine (the note below says which); 0 is infinite in KHR."),
                         MassGroup)
                .withLimits(physics::limits::Mass)),
        propertyRow<Locate, field::CenterOfMass>(
            propertyLook(
                QStringLiteral("centerOfMass"), tr("Centre of mass (m)"),
                tr("Centre of mass in the body's local space, in metres. Left out of the file: OMI reads "
                   "the body's origin, KHR leaves it to the engine (computed from the collider volumes)."),
                MassGroup)
                .withLimits(physics::limits::CenterOfMass)),
        propertyRow<Locate, field::InertiaDiagonal>(
            propertyLook(QStringLiteral("inertia"), tr("Inertia (kg\u00b7m\u00b2)"),
                         tr("Moments of inertia about the principal axes, in kg\u00b7m\u00b2. Left out (or "
                            "all zero in OMI): the engine computes them from the shapes; a 0 is infinite in "
                            "KHR."),
                         MassGroup)
                .withLimits(physics::limits::Inertia)),
        propertyRow<Locate, field::InertiaOrientation>(propertyLook(
            QStringLiteral("inertiaOrientation"), tr("Inertia axes (\u00b0)"),
            tr("Orientation of the principal axes of inertia relative to the body, as angles about "
               "X, then Y, then Z in degrees (stored as a quaternion)."),
            MassGroup)),
        propertyRow<Locate, field::LinearVelocity>(
            propertyLook(QStringLiteral("linearVelocity"), tr("Linear velocity (m/s)"),
                         tr("Initial linear velocity in metres per second."), VelocityGroup)
                .withLimits(physics::limits::Velocity)),
        propertyRow<Locate, field::AngularVelocity>(
            propertyLook(QStringLiteral("angularVelocity"), tr("Angular velocity (rad/s)"),
                         tr("Initial angular velocity in radians per second."), VelocityGroup)
                .withLimits(physics::limits::Velocity)),
        propertyRow<Locate, field::GravityFactor>(
            propertyLook(QStringLiteral("gravityFactor"), tr("Gravity factor"),
                         tr("Multiplier of the acceleration due to gravity: 1 normal, 0 none, negative pulls "
                            "upwards."),
                         GravityGroup)
                .withLimits(physics::limits::GravityFactor)),
    };
}

BodyPanel::BodyPanel(QWidget* parent) : DocumentPanel(parent)
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
        [this](size_t row, const PropertyEdit& edit) { editProperty(row, edit); });
    // Mass and inertia: a button beside each that leaves the value out, and what the values mean below.
    m_meanings = new MassMeaningControls(m_editor);
    m_fields->addRows(form, TypeRow, 1);
    m_fields->addRow(form, MassRow, m_meanings->massButton());
    form->addRow(m_meanings->massNote());
    m_fields->addRow(form, CenterOfMassRow, m_meanings->centerOfMassButton());
    form->addRow(m_meanings->centerOfMassNote());
    m_fields->addRow(form, InertiaRow, m_meanings->inertiaButton());
    form->addRow(m_meanings->inertiaNote());
    m_fields->addRows(form, InertiaAxesRow, GravityFactorRow - InertiaAxesRow + 1);

    m_typeNote = new QLabel(m_editor);
    m_typeNote->setObjectName(QStringLiteral("typeNote"));
    m_typeNote->setWordWrap(true);
    m_typeNote->hide();
    form->addRow(m_typeNote);

    // Compute from shapes: density or total mass, then the button; what it did below.
    m_massCompute = new MassComputeControls(m_editor);
    form->addRow(m_massCompute->row());
    form->addRow(m_massCompute->message());

    layout->addStretch(1);

    connect(m_motion, &QCheckBox::clicked, this, &BodyPanel::toggleMotion);
    connect(m_massCompute, &MassComputeControls::computeRequested, this, &BodyPanel::computeFromShapes);
}

void BodyPanel::forget()
{
    m_massCompute->clearMessage();
    // Text typed for the previous selection must not be applied to the next one on focus-out.
    m_fields->discardTyping();
}

std::vector<std::pair<size_t, const Motion*>> BodyPanel::bodies() const
{
    std::vector<std::pair<size_t, const Motion*>> out;
    if (!document())
        return out;
    for (size_t node : nodes()) {
        const physics::NodePhysics* n = document()->model().node(node);
        if (n && n->motion)
            out.emplace_back(node, &*n->motion);
    }
    return out;
}

bool BodyPanel::concerns(const ChangeEvent& event) const
{
    using Kind = ChangeEvent::Kind;
    switch (event.kind) {
    case Kind::Document:
        return true;
    case Kind::Node:
        // Nodes added or removed move the indices after them; the owner sends the fixed selection.
        if (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed))
            return true;
        [[fallthrough]];
    case Kind::Body:
        return showsNode(event.index);
    default:
        return false;
    }
}

void BodyPanel::refresh()
{
    const bool usable = document() && !nodes().empty();
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
        else if (motions.size() == nodes().size())
            m_motion->setCheckState(Qt::Checked);
        else
            m_motion->setCheckState(Qt::PartiallyChecked);
        m_motion->setTristate(m_motion->checkState() == Qt::PartiallyChecked);
    }
    m_editor->setVisible(!motions.empty());
    if (motions.empty())
        return;

    showProperties(*m_fields, m_properties, motions, *document());
    showComputedCenterOfMass(bodyNodes, motions);
    updateUsage(motions);
    m_meanings->show(document(), bodyNodes, motions);
}

void BodyPanel::updateUsage(const std::vector<const Motion*>& motions)
{
    const physics::SelectionUsage usage = physics::motionUsage(motions);
    const physics::MotionUsage& used = usage.used;
    // The reason a field is disabled: the type(s) of the selected bodies that leave it unused.
    const QString why = usage.anyStatic && usage.anyKinematic ? tr("Not used by static and kinematic bodies.")
                        : usage.anyStatic
                            ? tr("Not used by static bodies: they do not move.")
                            : tr("Not used by kinematic bodies: animation or scripts move them, so "
                                 "mass, inertia and gravity do not act on them.");
    m_fields->setGroupUsed(MassGroup, used.mass, why);
    m_fields->setGroupUsed(VelocityGroup, used.velocities, why);
    m_fields->setGroupUsed(GravityGroup, used.gravity, why);
    m_massCompute->setUsed(used.mass, why);

    QStringList notes;
    if (usage.anyStatic)
        notes << tr("Static bodies can be collided with but do not move: mass, centre of mass, inertia, "
                    "velocities and gravity factor are not used.");
    if (usage.anyKinematic)
        notes << tr("Kinematic bodies are moved by animation or scripts: mass, centre of mass, inertia and "
                    "gravity factor are not used; the velocities are their initial motion.");
    if (!usage.all()) {
        m_typeNote->setText(notes.join(QLatin1Char('\n')));
        m_typeNote->show();
    } else {
        m_typeNote->clear();
        m_typeNote->hide();
    }
}

QComboBox* BodyPanel::computeModeCombo() const
{
    return m_massCompute->modeCombo();
}

NumberField* BodyPanel::computeValueField() const
{
    return m_massCompute->valueField();
}

QPushButton* BodyPanel::computeButton() const
{
    return m_massCompute->button();
}

QLabel* BodyPanel::computeMessage() const
{
    return m_massCompute->message();
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

QPushButton* BodyPanel::centerOfMassLeaveOutButton() const
{
    return m_meanings->centerOfMassButton();
}

QLabel* BodyPanel::centerOfMassNote() const
{
    return m_meanings->centerOfMassNote();
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
