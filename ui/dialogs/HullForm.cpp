#include "dialogs/HullForm.h"

#include "targets/TargetColliders.h"
#include "widgets/EntrySpinBox.h"
#include "widgets/TargetChoice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

HullForm::HullForm(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildSource());
    layout->addWidget(buildOptions());
    connect(m_includeChildren, &QCheckBox::toggled, this, &HullForm::sourceChanged);
    connect(m_maxPoints, &QSpinBox::valueChanged, this, &HullForm::hullOptionsChanged);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &HullForm::hullOptionsChanged);
    connect(m_kind, &QComboBox::currentIndexChanged, this,
            [this] { setSimplifyFirstAvailable(m_copyAllowed); });
    connect(m_maxFaces, &QSpinBox::valueChanged, this, &HullForm::hullOptionsChanged);
    connect(m_target, &QComboBox::currentIndexChanged, this, &HullForm::hullOptionsChanged);
    connect(m_simplifyFirst, &QCheckBox::toggled, this, &HullForm::hullOptionsChanged);
    connect(m_simplifyFirst, &QCheckBox::toggled, m_simplifyError, &QWidget::setEnabled);
    connect(m_simplifyError, &QDoubleSpinBox::valueChanged, this, [this] {
        if (m_simplifyFirst->isChecked())
            emit hullOptionsChanged();
    });
}

QWidget* HullForm::buildSource()
{
    auto* source = new QGroupBox(tr("Source"), this);
    auto* sourceLayout = new QVBoxLayout(source);
    m_includeChildren = new QCheckBox(tr("Include the meshes of child nodes"), source);
    m_includeChildren->setObjectName(QStringLiteral("includeChildren"));
    m_includeChildren->setToolTip(
        tr("Hull the node's mesh together with every mesh below it, in the node's space"));
    sourceLayout->addWidget(m_includeChildren);
    m_sourceLabel = new QLabel(source);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    sourceLayout->addWidget(m_sourceLabel);
    return source;
}

QWidget* HullForm::buildOptions()
{
    auto* options = new QGroupBox(tr("Hull"), this);
    auto* form = new QFormLayout(options);
    m_maxPoints = new WholeSpinBox(options);
    m_maxPoints->setObjectName(QStringLiteral("maxPoints"));
    m_maxPoints->setRange(4, kMaxHullPoints);
    m_maxPoints->setValue(kMaxHullPoints);
    m_maxPoints->setKeyboardTracking(false);
    m_maxPoints->setToolTip(tr("Unity and PhysX accept at most 255 points per convex mesh; fewer points make "
                               "collision tests cheaper"));
    form->addRow(tr("Most points:"), m_maxPoints);
    m_kind = new QComboBox(options);
    m_kind->setObjectName(QStringLiteral("hullKind"));
    m_kind->addItem(tr("Inner (every vertex is a mesh point)"));
    m_kind->addItem(tr("Conservative (contains every mesh point)"));
    m_kind->setToolTip(tr("When the cap leaves points out, an inner hull cuts corners off the mesh; a "
                          "conservative hull holds every point: of the full hull's face planes it drops "
                          "those that add the least volume until the points and faces fit"));
    form->addRow(tr("Kind:"), m_kind);
    m_maxFaces = new WholeSpinBox(options);
    m_maxFaces->setObjectName(QStringLiteral("maxFaces"));
    m_maxFaces->setRange(4, kMaxHullPoints);
    m_maxFaces->setValue(kMaxHullPoints);
    m_maxFaces->setKeyboardTracking(false);
    m_maxFaces->setEnabled(false);
    m_maxFaces->setToolTip(
        tr("Conservative: the most faces (polygons). PhysX accepts 255 polygons per convex "
           "mesh; fewer faces make collision tests cheaper"));
    form->addRow(tr("Most faces:"), m_maxFaces);
    m_target = makeTargetChoice(options, true);
    form->addRow(tr("Target:"), m_target);
    m_simplifyFirst = new QCheckBox(tr("Also try a simplified copy, within"), options);
    m_simplifyFirst->setObjectName(QStringLiteral("simplifyFirst"));
    m_simplifyFirst->setToolTip(
        tr("Also make the capped hull of a copy of the mesh simplified within this distance, measure both "
           "against the mesh, and keep the one that deviates less"));
    m_simplifyError = new DecimalSpinBox(options);
    m_simplifyError->setObjectName(QStringLiteral("simplifyError"));
    m_simplifyError->setRange(0.0001, 1000);
    m_simplifyError->setDecimals(4);
    m_simplifyError->setSingleStep(0.005);
    m_simplifyError->setSuffix(QStringLiteral(" m"));
    m_simplifyError->setValue(0.01);
    m_simplifyError->setKeyboardTracking(false);
    m_simplifyError->setEnabled(false);
    form->addRow(m_simplifyFirst, m_simplifyError);
    m_destination = new QComboBox(options);
    m_destination->setObjectName(QStringLiteral("destination"));
    m_destination->addItem(tr("A new child node"));
    m_destination->addItem(tr("This node's collider (replaces its shape)"));
    form->addRow(tr("Put it on:"), m_destination);
    m_trigger = new QCheckBox(tr("As a trigger"), options);
    m_trigger->setObjectName(QStringLiteral("trigger"));
    form->addRow(QString(), m_trigger);
    return options;
}

void HullForm::setTarget(const QString& name)
{
    chooseTarget(m_target, name);
}

QString HullForm::target() const
{
    return m_target->currentData().toString();
}

int HullForm::hullPoints() const
{
    const targets::Target* t = targets::findTarget(target().toStdString());
    if (!t)
        return maxPoints();
    // The enclosing hull takes the face budget itself; the inner one keeps within it by its vertices.
    const auto vertices = t->hullBudget.most(targets::HullUnit::Vertices);
    return conservative() ? std::min(maxPoints(), vertices.value_or(maxPoints()))
                          : targets::partPointsFor(*t, maxPoints());
}

int HullForm::hullFaces() const
{
    const targets::Target* t = targets::findTarget(target().toStdString());
    const auto polygons = t ? t->hullBudget.most(targets::HullUnit::Polygons) : std::nullopt;
    return std::min(maxFaces(), polygons.value_or(maxFaces()));
}

void HullForm::setMaxPoints(int points)
{
    m_maxPoints->setValue(points);
}

int HullForm::maxPoints() const
{
    return m_maxPoints->value();
}

void HullForm::setConservative(bool on)
{
    m_kind->setCurrentIndex(on ? 1 : 0);
}

bool HullForm::conservative() const
{
    return m_kind->currentIndex() == 1;
}

void HullForm::setMaxFaces(int faces)
{
    m_maxFaces->setValue(faces);
}

int HullForm::maxFaces() const
{
    return m_maxFaces->value();
}

void HullForm::setIncludeChildren(bool on)
{
    m_includeChildren->setChecked(on);
}

bool HullForm::includeChildren() const
{
    return m_includeChildren->isChecked();
}

void HullForm::setOnCollider(bool on)
{
    m_destination->setCurrentIndex(on ? 1 : 0);
}

bool HullForm::onCollider() const
{
    return m_destination->currentIndex() == 1;
}

void HullForm::setTrigger(bool on)
{
    m_trigger->setChecked(on);
}

bool HullForm::trigger() const
{
    return m_trigger->isChecked();
}

void HullForm::setSourceText(const QString& text)
{
    m_sourceLabel->setText(text);
}

void HullForm::setSimplifyFirst(std::optional<double> metres)
{
    if (metres)
        m_simplifyError->setValue(*metres);
    m_simplifyFirst->setChecked(metres.has_value());
}

std::optional<double> HullForm::simplifyFirst() const
{
    if (!m_simplifyFirst->isChecked() || !m_simplifyFirst->isEnabled())
        return std::nullopt;
    return m_simplifyError->value();
}

void HullForm::setSimplifyFirstAvailable(bool available)
{
    m_copyAllowed = available;
    // A conservative hull holds every point of the mesh itself: a copy has nothing to add.
    const bool on = available && !conservative();
    m_maxFaces->setEnabled(conservative());
    m_simplifyFirst->setEnabled(on);
    m_simplifyError->setEnabled(on && m_simplifyFirst->isChecked());
    m_simplifyFirst->setToolTip(
        on ? tr("Also make the capped hull of a copy of the mesh simplified within this distance, "
                "measure both against the mesh, and keep the one that deviates less")
        : available
            ? tr("A conservative hull holds every point of the mesh itself; a simplified copy is for the "
                 "inner "
                 "hull")
            : tr("A simplified copy is made of the node's own mesh only, not of the meshes below it"));
}

} // namespace cs::ui
