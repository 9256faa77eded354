#include "dialogs/RagdollForm.h"

#include "widgets/EntrySpinBox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>

namespace cs::ui {

using document::RagdollPreset;
using document::RagdollShape;

namespace {

DecimalSpinBox* numberBox(QWidget* parent, const char* name, double low, double high, int decimals,
                          double step, const QString& suffix, const QString& toolTip)
{
    auto* box = new DecimalSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setSuffix(suffix);
    box->setToolTip(toolTip);
    return box;
}

} // namespace

RagdollForm::RagdollForm(QWidget* parent) : QWidget(parent)
{
    const document::RagdollOptions defaults;
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_totalMass = numberBox(this, "totalMass", 0.01, 100000, 2, 1, QStringLiteral(" kg"),
                            tr("The character's mass, split over the bodies by their shapes' volumes"));
    form->addRow(tr("Total mass:"), m_totalMass);
    m_shape = new QComboBox(this);
    m_shape->setObjectName(QStringLiteral("shape"));
    m_shape->addItem(tr("Capsule"), int(RagdollShape::Capsule));
    m_shape->addItem(tr("Box"), int(RagdollShape::Box));
    m_shape->setToolTip(tr("The shape fitted to each bone's vertices, along the bone"));
    form->addRow(tr("Shape:"), m_shape);
    m_minBoneLength = numberBox(this, "minBoneLength", 0, 10, 3, 0.01, QStringLiteral(" m"),
                                tr("Bones shorter than this get no body: their children join their parent"));
    form->addRow(tr("Shortest bone:"), m_minBoneLength);
    m_weightThreshold =
        numberBox(this, "weightThreshold", 0.01, 1, 2, 0.05, QString(),
                  tr("A vertex counts for each bone whose skin weight for it is at least this"));
    form->addRow(tr("Weight threshold:"), m_weightThreshold);
    m_fingers = new QCheckBox(tr("Include fingers and toes"), this);
    m_fingers->setObjectName(QStringLiteral("includeFingers"));
    form->addRow(QString(), m_fingers);
    m_preset = new QComboBox(this);
    m_preset->setObjectName(QStringLiteral("preset"));
    m_preset->addItem(tr("Auto (humanoid when the bone names make one)"), int(RagdollPreset::Auto));
    m_preset->addItem(tr("Humanoid"), int(RagdollPreset::Humanoid));
    m_preset->addItem(tr("Generic"), int(RagdollPreset::Generic));
    m_preset->setToolTip(tr("The joint limits: by bone for humanoid bone names (VRM, Mixamo, common rigs), "
                            "the same moderate limits for every joint otherwise"));
    form->addRow(tr("Joint limits:"), m_preset);

    setTotalMass(defaults.totalMass);
    setMinBoneLength(defaults.minBoneLength);
    setWeightThreshold(defaults.weightThreshold);
    setIncludeFingers(defaults.includeFingers);
    setShape(defaults.shape);
    setPreset(defaults.preset);
    for (QDoubleSpinBox* box : {m_totalMass, m_minBoneLength, m_weightThreshold})
        connect(box, &QDoubleSpinBox::valueChanged, this, &RagdollForm::changed);
    connect(m_shape, &QComboBox::currentIndexChanged, this, &RagdollForm::changed);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &RagdollForm::changed);
    connect(m_fingers, &QCheckBox::toggled, this, &RagdollForm::changed);
}

void RagdollForm::setTotalMass(double kilograms)
{
    m_totalMass->setValue(kilograms);
}

void RagdollForm::setShape(RagdollShape shape)
{
    m_shape->setCurrentIndex(m_shape->findData(int(shape)));
}

void RagdollForm::setMinBoneLength(double metres)
{
    m_minBoneLength->setValue(metres);
}

void RagdollForm::setWeightThreshold(double weight)
{
    m_weightThreshold->setValue(weight);
}

void RagdollForm::setIncludeFingers(bool on)
{
    m_fingers->setChecked(on);
}

void RagdollForm::setPreset(RagdollPreset preset)
{
    m_preset->setCurrentIndex(m_preset->findData(int(preset)));
}

document::RagdollOptions RagdollForm::options() const
{
    document::RagdollOptions o;
    o.totalMass = m_totalMass->value();
    o.shape = RagdollShape(m_shape->currentData().toInt());
    o.minBoneLength = m_minBoneLength->value();
    o.weightThreshold = m_weightThreshold->value();
    o.includeFingers = m_fingers->isChecked();
    o.preset = RagdollPreset(m_preset->currentData().toInt());
    return o;
}

} // namespace cs::ui
