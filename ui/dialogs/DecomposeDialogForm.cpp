#include "dialogs/DecomposeDialog.h"

// DecomposeDialog: the form (its widgets and their connections) and the decomposition parameters it holds.

#include "dialogs/DialogText.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cs::ui {

void DecomposeDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    m_sourceLabel = new QLabel(this);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    m_sourceLabel->setWordWrap(true);
    layout->addWidget(m_sourceLabel);

    auto* parameters = new QGroupBox(tr("Parameters"), this);
    auto* form = new QFormLayout(parameters);
    m_concavity = new QDoubleSpinBox(parameters);
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
    m_maxParts = new QSpinBox(parameters);
    m_maxParts->setObjectName(QStringLiteral("maxParts"));
    m_maxParts->setRange(1, 128);
    m_maxParts->setValue(16);
    m_maxParts->setKeyboardTracking(false);
    m_maxParts->setToolTip(tr("The most parts per mesh: splitting stops there even above the threshold"));
    form->addRow(tr("Most parts:"), m_maxParts);
    m_points = new QSpinBox(parameters);
    m_points->setObjectName(QStringLiteral("pointsPerPart"));
    m_points->setRange(4, kMaxPoints);
    m_points->setValue(kPresetPoints);
    m_points->setKeyboardTracking(false);
    m_points->setToolTip(tr("Each part's hull has at most this many points: 255 for Unity and PhysX, 64 for "
                            "PhysX GPU bodies"));
    form->addRow(tr("Points per part:"), m_points);
    m_merge = new QCheckBox(tr("Merge parts whose union stays under the threshold"), parameters);
    m_merge->setObjectName(QStringLiteral("merge"));
    m_merge->setChecked(true);
    form->addRow(QString(), m_merge);
    m_resolution = new QSpinBox(parameters);
    m_resolution->setObjectName(QStringLiteral("resolution"));
    m_resolution->setRange(16, 256);
    m_resolution->setValue(64);
    m_resolution->setKeyboardTracking(false);
    m_resolution->setToolTip(tr("Voxels along the longest side for the inside test; finer is slower"));
    form->addRow(tr("Resolution:"), m_resolution);
    m_budget = new QDoubleSpinBox(parameters);
    m_budget->setObjectName(QStringLiteral("timeBudget"));
    m_budget->setRange(0, 600);
    m_budget->setDecimals(1);
    m_budget->setSuffix(tr(" s"));
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setKeyboardTracking(false);
    m_budget->setToolTip(tr("Stop splitting a mesh after this long and keep the parts found so far"));
    form->addRow(tr("Time budget:"), m_budget);
    m_addBody = new QCheckBox(tr("Make the node a dynamic body when it is in none"), parameters);
    m_addBody->setObjectName(QStringLiteral("addBody"));
    form->addRow(QString(), m_addBody);
    layout->addWidget(parameters);

    auto* figures = new QGroupBox(tr("Result"), this);
    auto* figuresForm = new QFormLayout(figures);
    auto label = [figures](const char* name) {
        auto* l = new QLabel(figures);
        l->setObjectName(QLatin1String(name));
        return l;
    };
    m_partsLabel = label("partsLabel");
    figuresForm->addRow(tr("Parts:"), m_partsLabel);
    m_concavityLabel = label("concavityLabel");
    m_concavityLabel->setToolTip(tr("The furthest a part's hull lies from the mesh's surface"));
    figuresForm->addRow(tr("Largest concavity:"), m_concavityLabel);
    m_volumeLabel = label("volumeLabel");
    m_volumeLabel->setToolTip(tr("The volume of the parts' union against the volume the mesh encloses"));
    figuresForm->addRow(tr("Union volume:"), m_volumeLabel);
    m_fitLabel = label("fitLabel");
    m_fitLabel->setWordWrap(true);
    m_fitLabel->setToolTip(tr("Outside: how far the mesh pokes out of the parts. Overhang: how far the parts "
                              "stand off the mesh (world metres)"));
    figuresForm->addRow(tr("Fit:"), m_fitLabel);
    m_timeLabel = label("timeLabel");
    figuresForm->addRow(tr("Time:"), m_timeLabel);
    m_errorLabel = label("errorLabel");
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #d05040"));
    figuresForm->addRow(m_errorLabel);
    auto* progressRow = new QHBoxLayout();
    m_progress = new QProgressBar(figures);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, kProgressSteps);
    progressRow->addWidget(m_progress, 1);
    m_stop = new QPushButton(tr("Stop"), figures);
    m_stop->setObjectName(QStringLiteral("stop"));
    connect(m_stop, &QPushButton::clicked, this, &DecomposeDialog::stopComputing);
    progressRow->addWidget(m_stop);
    figuresForm->addRow(progressRow);
    layout->addWidget(figures);

    m_buttons = new QDialogButtonBox(this);
    m_apply = m_buttons->addButton(tr("Apply"), QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("apply"));
    m_apply->setEnabled(false);
    m_buttons->addButton(QDialogButtonBox::Close);
    connect(m_apply, &QPushButton::clicked, this, &DecomposeDialog::apply);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);

    connect(m_concavity, &QDoubleSpinBox::valueChanged, this, &DecomposeDialog::optionsChanged);
    connect(m_maxParts, &QSpinBox::valueChanged, this, &DecomposeDialog::optionsChanged);
    connect(m_points, &QSpinBox::valueChanged, this, &DecomposeDialog::optionsChanged);
    connect(m_merge, &QCheckBox::toggled, this, &DecomposeDialog::optionsChanged);
    connect(m_resolution, &QSpinBox::valueChanged, this, &DecomposeDialog::optionsChanged);
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, &DecomposeDialog::optionsChanged);
}

// --- Parameters ------------------------------------------------------------------------------------------

void DecomposeDialog::setConcavity(double fraction)
{
    m_concavity->setValue(fraction * 100.0);
}

double DecomposeDialog::concavity() const
{
    return m_concavity->value() / 100.0;
}

void DecomposeDialog::setMaxParts(int parts)
{
    m_maxParts->setValue(parts);
}

int DecomposeDialog::maxParts() const
{
    return m_maxParts->value();
}

void DecomposeDialog::setPointsPerPart(int points)
{
    m_points->setValue(points);
}

int DecomposeDialog::pointsPerPart() const
{
    return m_points->value();
}

void DecomposeDialog::setMerge(bool on)
{
    m_merge->setChecked(on);
}

bool DecomposeDialog::merge() const
{
    return m_merge->isChecked();
}

void DecomposeDialog::setResolution(int voxels)
{
    m_resolution->setValue(voxels);
}

int DecomposeDialog::resolution() const
{
    return m_resolution->value();
}

void DecomposeDialog::setTimeBudget(double seconds)
{
    m_budget->setValue(seconds);
}

double DecomposeDialog::timeBudget() const
{
    return m_budget->value();
}

void DecomposeDialog::setAddBody(bool on)
{
    m_addBody->setChecked(on);
}

bool DecomposeDialog::addBody() const
{
    return m_addBody->isChecked();
}

geometry::DecompositionOptions DecomposeDialog::options() const
{
    geometry::DecompositionOptions o;
    o.concavity = concavity();
    o.maxParts = maxParts();
    o.pointsPerPart = pointsPerPart();
    o.merge = merge();
    o.resolution = resolution();
    o.timeBudget = timeBudget();
    o.measure = true;
    return o;
}

} // namespace cs::ui
