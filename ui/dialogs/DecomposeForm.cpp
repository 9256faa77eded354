#include "dialogs/DecomposeForm.h"

#include "targets/TargetColliders.h"
#include "widgets/EntrySpinBox.h"
#include "widgets/TargetChoice.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cs::ui {

DecomposeForm::DecomposeForm(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* parameters = new QGroupBox(tr("Parameters"), this);
    auto* form = new QFormLayout(parameters);
    addSizeFields(form);
    addRunFields(form);
    layout->addWidget(parameters);

    connect(m_concavity, &QDoubleSpinBox::valueChanged, this, &DecomposeForm::parametersChanged);
    connect(m_maxParts, &QSpinBox::valueChanged, this, &DecomposeForm::parametersChanged);
    connect(m_points, &QSpinBox::valueChanged, this, &DecomposeForm::parametersChanged);
    connect(m_merge, &QCheckBox::toggled, this, &DecomposeForm::parametersChanged);
    connect(m_primitives, &QCheckBox::toggled, this, &DecomposeForm::parametersChanged);
    connect(m_resolution, &QSpinBox::valueChanged, this, &DecomposeForm::parametersChanged);
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, &DecomposeForm::parametersChanged);
    connect(m_target, &QComboBox::currentIndexChanged, this, &DecomposeForm::parametersChanged);
}

/// The fields that say how finely the mesh is split: concavity, parts, points per part, merging.
void DecomposeForm::addSizeFields(QFormLayout* form)
{
    QWidget* box = form->parentWidget();
    m_concavity = new DecimalSpinBox(box);
    m_concavity->setObjectName(QStringLiteral("concavity"));
    m_concavity->setRange(0.1, 50.0);
    m_concavity->setDecimals(1);
    m_concavity->setSingleStep(0.5);
    m_concavity->setSuffix(QStringLiteral(" %"));
    m_concavity->setValue(3.0);
    m_concavity->setKeyboardTracking(false);
    m_concavity->setToolTip(tr("A part is convex enough when its hull lies no further than this from the "
                               "mesh's surface (percent of the mesh's bounding-box diagonal)"));
    form->addRow(tr("Concavity threshold:"), m_concavity);
    m_maxParts = new WholeSpinBox(box);
    m_maxParts->setObjectName(QStringLiteral("maxParts"));
    m_maxParts->setRange(1, 128);
    m_maxParts->setValue(16);
    m_maxParts->setKeyboardTracking(false);
    m_maxParts->setToolTip(tr("The most parts per mesh: splitting stops there even above the threshold"));
    form->addRow(tr("Most parts:"), m_maxParts);
    m_points = new WholeSpinBox(box);
    m_points->setObjectName(QStringLiteral("pointsPerPart"));
    m_points->setRange(4, kMaxPoints);
    m_points->setValue(kPresetPoints);
    m_points->setKeyboardTracking(false);
    m_points->setToolTip(tr("Each part's hull has at most this many points: 255 for Unity and PhysX, 64 for "
                            "PhysX GPU bodies"));
    form->addRow(tr("Points per part:"), m_points);
    m_target = makeTargetChoice(box, true);
    form->addRow(tr("Target:"), m_target);
    m_merge = new QCheckBox(tr("Merge parts whose union stays under the threshold"), box);
    m_merge->setObjectName(QStringLiteral("merge"));
    m_merge->setChecked(true);
    form->addRow(QString(), m_merge);
    m_primitives = new QCheckBox(tr("Primitives first"), box);
    m_primitives->setObjectName(QStringLiteral("primitiveParts"));
    m_primitives->setToolTip(tr("Each part becomes the box, oriented box, sphere, capsule or cylinder that "
                                "encloses it most tightly where that stands off the part by at most the "
                                "concavity's distance, else stays a hull; neighbours one primitive encloses "
                                "are merged (as add-colliders --strategy decompose --primitives)"));
    form->addRow(QString(), m_primitives);
}

/// The fields that bound the run (resolution, time) and what Apply adds.
void DecomposeForm::addRunFields(QFormLayout* form)
{
    QWidget* box = form->parentWidget();
    m_resolution = new WholeSpinBox(box);
    m_resolution->setObjectName(QStringLiteral("resolution"));
    m_resolution->setRange(16, 256);
    m_resolution->setValue(64);
    m_resolution->setKeyboardTracking(false);
    m_resolution->setToolTip(tr("Voxels along the longest side for the inside test; finer is slower"));
    form->addRow(tr("Resolution:"), m_resolution);
    m_budget = new DecimalSpinBox(box);
    m_budget->setObjectName(QStringLiteral("timeBudget"));
    m_budget->setRange(0, 600);
    m_budget->setDecimals(1);
    m_budget->setSuffix(tr(" s"));
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setKeyboardTracking(false);
    m_budget->setToolTip(tr("Stop splitting a mesh after this long and keep the parts found so far"));
    form->addRow(tr("Time budget:"), m_budget);
    m_addBody = new QCheckBox(tr("Make the node a dynamic body when it is in none"), box);
    m_addBody->setObjectName(QStringLiteral("addBody"));
    form->addRow(QString(), m_addBody);
}

void DecomposeForm::setConcavity(double fraction)
{
    m_concavity->setValue(fraction * 100.0);
}

double DecomposeForm::concavity() const
{
    return m_concavity->value() / 100.0;
}

void DecomposeForm::setMaxParts(int parts)
{
    m_maxParts->setValue(parts);
}

int DecomposeForm::maxParts() const
{
    return m_maxParts->value();
}

void DecomposeForm::setPointsPerPart(int points)
{
    m_points->setValue(points);
}

int DecomposeForm::pointsPerPart() const
{
    return m_points->value();
}

void DecomposeForm::setMerge(bool on)
{
    m_merge->setChecked(on);
}

bool DecomposeForm::merge() const
{
    return m_merge->isChecked();
}

void DecomposeForm::setPrimitiveParts(bool on)
{
    m_primitives->setChecked(on);
}

bool DecomposeForm::primitiveParts() const
{
    return m_primitives->isChecked();
}

void DecomposeForm::setResolution(int voxels)
{
    m_resolution->setValue(voxels);
}

int DecomposeForm::resolution() const
{
    return m_resolution->value();
}

void DecomposeForm::setTimeBudget(double seconds)
{
    m_budget->setValue(seconds);
}

double DecomposeForm::timeBudget() const
{
    return m_budget->value();
}

void DecomposeForm::setAddBody(bool on)
{
    m_addBody->setChecked(on);
}

bool DecomposeForm::addBody() const
{
    return m_addBody->isChecked();
}

void DecomposeForm::setTarget(const QString& name)
{
    chooseTarget(m_target, name);
}

QString DecomposeForm::target() const
{
    return m_target->currentData().toString();
}

geometry::DecompositionOptions DecomposeForm::options() const
{
    geometry::DecompositionOptions o;
    o.concavity = concavity();
    o.maxParts = maxParts();
    o.pointsPerPart = pointsPerPart();
    if (const targets::Target* t = targets::findTarget(target().toStdString()))
        o.pointsPerPart = targets::partPointsFor(*t, o.pointsPerPart);
    o.merge = merge();
    o.resolution = resolution();
    o.timeBudget = timeBudget();
    o.measure = true;
    return o;
}

} // namespace cs::ui
