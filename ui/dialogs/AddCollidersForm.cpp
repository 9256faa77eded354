#include "dialogs/AddCollidersForm.h"

#include "dialogs/DialogText.h"
#include "targets/TargetColliders.h"
#include "widgets/EntrySpinBox.h"
#include "widgets/TargetChoice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace cs::ui {

namespace {

using import::ColliderStrategy;

struct StrategyEntry
{
    ColliderStrategy strategy;
    const char* text;
    const char* tip;
};

const StrategyEntry kStrategies[] = {
    {ColliderStrategy::Auto, "auto: the best fitting primitive, else a hull",
     "With a fit tolerance: the primitive that fits within it (nothing pokes out further, 95% of its surface "
     "stands off no further), else the capped convex hull. Without: the primitive of least volume when it is "
     "within the auto tolerance of the mesh's hull volume, else the capped convex hull"},
    {ColliderStrategy::Box, "box: axis-aligned box", "The box around the mesh in the node's axes"},
    {ColliderStrategy::OrientedBox, "obb: oriented box", "The smallest box around the mesh, turned to fit"},
    {ColliderStrategy::Sphere, "sphere", "The smallest sphere around the mesh"},
    {ColliderStrategy::Capsule, "capsule", "A capsule around the mesh along its best axis"},
    {ColliderStrategy::Hull, "hull: convex hull",
     "The convex hull of the mesh, capped, stored as a new mesh"},
    {ColliderStrategy::Trimesh, "trimesh: the mesh itself",
     "The mesh as a triangle mesh shape (static scenery)"},
    {ColliderStrategy::Simplified, "simplified: a simplified copy of the mesh",
     "A triangle mesh shape over a simplified copy of the mesh, within the largest error (static scenery)"},
    {ColliderStrategy::Decompose, "decompose: convex parts",
     "The mesh split into convex parts, each a capped hull on its own child node (one compound collider)"},
};

} // namespace

AddCollidersForm::AddCollidersForm(QWidget* parent) : QWidget(parent)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    addFitFields(form);
    addNodeFields(form);
    connect(m_strategy, &QComboBox::currentIndexChanged, this, [this] {
        followPointDefault();
        updateEnabled();
    });
    updateEnabled();
}

/// How each collider is made: strategy, hull cap, auto tolerance, simplification error.
void AddCollidersForm::addFitFields(QFormLayout* form)
{
    m_strategy = new QComboBox(this);
    m_strategy->setObjectName(QStringLiteral("strategy"));
    for (const StrategyEntry& e : kStrategies) {
        m_strategy->addItem(tr(e.text), QString::fromLatin1(import::colliderStrategyName(e.strategy)));
        m_strategy->setItemData(m_strategy->count() - 1, tr(e.tip), Qt::ToolTipRole);
    }
    form->addRow(tr("Strategy:"), m_strategy);
    m_maxPoints = new WholeSpinBox(this);
    m_maxPoints->setObjectName(QStringLiteral("maxPoints"));
    m_maxPoints->setRange(4, 255);
    m_maxPoints->setValue(255);
    m_maxPoints->setToolTip(tr("Most vertices of a hull (Unity and PhysX accept 255)"));
    form->addRow(tr("Most hull points:"), m_maxPoints);
    m_target = makeTargetChoice(this, false);
    form->addRow(tr("Target:"), m_target);
    addToleranceFields(form);
    m_maxError = new DecimalSpinBox(this);
    m_maxError->setObjectName(QStringLiteral("maxError"));
    m_maxError->setRange(0.0001, 1000);
    m_maxError->setDecimals(4);
    m_maxError->setSingleStep(0.005);
    m_maxError->setSuffix(QStringLiteral(" m"));
    m_maxError->setValue(0.01);
    m_maxError->setToolTip(tr("simplified: the largest distance between the collision mesh and the mesh; "
                              "hull with a simplified copy tried: the copy's"));
    form->addRow(tr("Largest error:"), m_maxError);
    m_hullCopy = new QCheckBox(tr("Hull: also try a simplified copy within the largest error"), this);
    m_hullCopy->setObjectName(QStringLiteral("hullCopy"));
    m_hullCopy->setToolTip(
        tr("hull and auto: also make the capped hull of a copy of the mesh simplified within "
           "the largest error, and keep it when it deviates less from the mesh"));
    form->addRow(QString(), m_hullCopy);
    connect(m_hullCopy, &QCheckBox::toggled, this, &AddCollidersForm::updateEnabled);
    addPartFields(form);
}

/// Auto: the volume rule's tolerance, or the measured fit's.
void AddCollidersForm::addToleranceFields(QFormLayout* form)
{
    m_tolerance = new DecimalSpinBox(this);
    m_tolerance->setObjectName(QStringLiteral("tolerance"));
    m_tolerance->setRange(0, 1000);
    m_tolerance->setDecimals(0);
    m_tolerance->setSuffix(QStringLiteral(" %"));
    m_tolerance->setValue(15);
    m_tolerance->setToolTip(tr("auto: how much larger than the mesh's hull a primitive may be"));
    form->addRow(tr("Auto tolerance:"), m_tolerance);
    m_byFit = new QCheckBox(tr("Choose by measured fit within"), this);
    m_byFit->setObjectName(QStringLiteral("byFit"));
    m_byFit->setToolTip(tr("auto: measure every candidate against the mesh and keep the primitive that "
                           "pokes out and stands off no further than this; unchecked, the volume rule"));
    m_fitTolerance = new DecimalSpinBox(this);
    m_fitTolerance->setObjectName(QStringLiteral("fitTolerance"));
    m_fitTolerance->setRange(0, 1000);
    m_fitTolerance->setDecimals(4);
    m_fitTolerance->setSingleStep(0.005);
    m_fitTolerance->setSuffix(QStringLiteral(" m"));
    m_fitTolerance->setValue(0.02);
    auto* fitRow = new QHBoxLayout;
    fitRow->addWidget(m_byFit);
    fitRow->addWidget(m_fitTolerance, 1);
    form->addRow(tr("Fit tolerance:"), fitRow);
    connect(m_byFit, &QCheckBox::toggled, this, &AddCollidersForm::updateEnabled);
}

/// Decompose: the most parts per mesh and how concave a part may be.
void AddCollidersForm::addPartFields(QFormLayout* form)
{
    const import::ColliderOptions defaults;
    m_axis = new QComboBox(this);
    m_axis->setObjectName(QStringLiteral("axis"));
    for (auto a :
         {geometry::RoundAxis::Auto, geometry::RoundAxis::X, geometry::RoundAxis::Y, geometry::RoundAxis::Z})
        m_axis->addItem(a == geometry::RoundAxis::Auto
                            ? tr("auto: the long axis")
                            : QString::fromLatin1(geometry::roundAxisName(a)).toUpper(),
                        int(a));
    m_axis->setToolTip(tr("capsule and auto: the axis of each node a capsule runs along; auto takes the "
                          "mesh's long axis (of its principal axes, the one it reaches furthest along)"));
    form->addRow(tr("Capsule along:"), m_axis);
    m_maxParts = new WholeSpinBox(this);
    m_maxParts->setObjectName(QStringLiteral("maxParts"));
    m_maxParts->setRange(1, 256);
    m_maxParts->setValue(defaults.maxParts);
    m_maxParts->setToolTip(tr("decompose: the most convex parts per mesh"));
    form->addRow(tr("Most parts:"), m_maxParts);
    m_concavity = new DecimalSpinBox(this);
    m_concavity->setObjectName(QStringLiteral("concavity"));
    m_concavity->setRange(0.001, 0.999);
    m_concavity->setDecimals(3);
    m_concavity->setSingleStep(0.01);
    m_concavity->setValue(defaults.concavity);
    m_concavity->setToolTip(
        tr("decompose: how far a part's hull may stray from the mesh, as a fraction of the "
           "mesh's bounding-box diagonal"));
    form->addRow(tr("Concavity:"), m_concavity);
    m_primitives = new QCheckBox(tr("Primitives first"), this);
    m_primitives->setObjectName(QStringLiteral("primitiveParts"));
    m_primitives->setToolTip(tr(
        "decompose: each part becomes the box, sphere, capsule or cylinder that encloses it within the "
        "concavity's distance, else stays a hull; neighbours one primitive encloses are merged. auto with a "
        "fit tolerance: a dynamic body's mesh that no one collider fits gets such parts when they fit"));
    form->addRow(QString(), m_primitives);
}

/// Which nodes get a collider, and the bodies they are given.
void AddCollidersForm::addNodeFields(QFormLayout* form)
{
    m_pattern = new QLineEdit(QStringLiteral("*"), this);
    m_pattern->setObjectName(QStringLiteral("nodePattern"));
    m_pattern->setToolTip(tr("Only mesh nodes whose name matches this wildcard, e.g. Rock*"));
    form->addRow(tr("Nodes named:"), m_pattern);
    m_skipExisting = new QCheckBox(tr("Skip nodes that already have a collider or trigger"), this);
    m_skipExisting->setObjectName(QStringLiteral("skipExisting"));
    m_skipExisting->setChecked(true);
    m_skipExisting->setToolTip(
        tr("On the node itself or on a child node without a mesh. Unchecked, such nodes "
           "get another collider on a new child node"));
    form->addRow(QString(), m_skipExisting);
    m_motion = new QComboBox(this);
    m_motion->setObjectName(QStringLiteral("motion"));
    m_motion->addItem(tr("None (static colliders)"), -1);
    m_motion->addItem(tr("Static body"), int(physics::MotionType::Static));
    m_motion->addItem(tr("Kinematic body"), int(physics::MotionType::Kinematic));
    m_motion->addItem(tr("Dynamic body"), int(physics::MotionType::Dynamic));
    m_motion->setToolTip(tr("The motion given to each mesh node that is not inside a body yet"));
    form->addRow(tr("Bodies:"), m_motion);
}

void AddCollidersForm::setStrategy(ColliderStrategy strategy)
{
    const int i = m_strategy->findData(QString::fromLatin1(import::colliderStrategyName(strategy)));
    if (i >= 0)
        m_strategy->setCurrentIndex(i);
}

ColliderStrategy AddCollidersForm::strategy() const
{
    return import::colliderStrategyFromName(m_strategy->currentData().toString().toStdString())
        .value_or(ColliderStrategy::Auto);
}

/// The hull cap follows the strategy's default (the command's: 64 a part for decompose, else 255) while it is
/// at the default of the strategy before; a value the user chose stays.
void AddCollidersForm::followPointDefault()
{
    const auto defaultFor = [](ColliderStrategy s) { return s == ColliderStrategy::Decompose ? 64 : 255; };
    const ColliderStrategy now = strategy();
    if (m_maxPoints->value() == defaultFor(m_pointsStrategy))
        m_maxPoints->setValue(defaultFor(now));
    m_pointsStrategy = now;
}

void AddCollidersForm::setMaxPoints(int points)
{
    m_maxPoints->setValue(points);
}

void AddCollidersForm::setTolerance(double fraction)
{
    m_tolerance->setValue(fraction * 100.0);
}

void AddCollidersForm::setFitTolerance(std::optional<double> metres)
{
    m_byFit->setChecked(metres.has_value());
    if (metres)
        m_fitTolerance->setValue(*metres);
}

void AddCollidersForm::setSkipExisting(bool on)
{
    m_skipExisting->setChecked(on);
}

void AddCollidersForm::setNodePattern(const QString& pattern)
{
    m_pattern->setText(pattern);
}

void AddCollidersForm::setNodes(std::vector<size_t> nodes)
{
    const bool wasNarrowed = !m_nodes.empty();
    m_nodes = std::move(nodes);
    if (m_nodes.empty() && wasNarrowed)
        m_pattern->setText(QStringLiteral("*"));
    if (!m_nodes.empty())
        m_pattern->setText(
            tr("(the %1 selected)").arg(countText(qsizetype(m_nodes.size()), tr("node"), tr("nodes"))));
    updateEnabled();
}

void AddCollidersForm::setMaxError(double metres)
{
    m_maxError->setValue(metres);
}

void AddCollidersForm::setHullCopy(bool on)
{
    m_hullCopy->setChecked(on);
}

void AddCollidersForm::setMaxParts(int parts)
{
    m_maxParts->setValue(parts);
}

void AddCollidersForm::setConcavity(double fraction)
{
    m_concavity->setValue(fraction);
}

void AddCollidersForm::setPrimitiveParts(bool on)
{
    m_primitives->setChecked(on);
}

void AddCollidersForm::setMotion(std::optional<physics::MotionType> motion)
{
    m_motion->setCurrentIndex(m_motion->findData(motion ? int(*motion) : -1));
}

void AddCollidersForm::setTarget(const QString& name)
{
    chooseTarget(m_target, name);
}

QString AddCollidersForm::target() const
{
    return m_target->currentData().toString();
}

document::AutoColliderOptions AddCollidersForm::options() const
{
    document::AutoColliderOptions o;
    o.collider.strategy = strategy();
    o.collider.maxPoints = m_maxPoints->value();
    o.collider.autoTolerance = m_tolerance->value() / 100.0;
    if (m_byFit->isChecked())
        o.collider.fitTolerance = m_fitTolerance->value();
    o.collider.nodePattern = m_pattern->text().trimmed().toStdString();
    o.collider.nodes = m_nodes;
    o.collider.maxError = m_maxError->value();
    if (m_hullCopy->isChecked() &&
        (o.collider.strategy == ColliderStrategy::Hull || o.collider.strategy == ColliderStrategy::Auto))
        o.collider.simplifyFirst = m_maxError->value();
    o.collider.roundAxis = geometry::RoundAxis(m_axis->currentData().toInt());
    o.collider.maxParts = m_maxParts->value();
    o.collider.concavity = m_concavity->value();
    o.collider.primitiveParts = m_primitives->isChecked() && m_primitives->isEnabled();
    o.skipExisting = m_skipExisting->isChecked();
    const int motion = m_motion->currentData().toInt();
    o.addMotion = motion >= 0;
    if (motion >= 0)
        o.collider.body = physics::MotionType(motion);
    if (const targets::Target* t = targets::findTarget(target().toStdString()))
        targets::applyTargetToColliders(*t, o.collider);
    return o;
}

void AddCollidersForm::setRunning(bool running)
{
    m_running = running;
    updateEnabled();
}

void AddCollidersForm::updateEnabled()
{
    const bool running = m_running;
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_strategy, m_pattern, m_skipExisting, m_motion, m_target})
        w->setEnabled(!running);
    const auto s = strategy();
    m_maxPoints->setEnabled(!running && (s == ColliderStrategy::Hull || s == ColliderStrategy::Auto ||
                                         s == ColliderStrategy::Decompose));
    m_maxParts->setEnabled(!running && s == ColliderStrategy::Decompose);
    m_axis->setEnabled(!running && (s == ColliderStrategy::Capsule || s == ColliderStrategy::Auto));
    m_concavity->setEnabled(!running && s == ColliderStrategy::Decompose);
    m_primitives->setEnabled(!running && (s == ColliderStrategy::Decompose ||
                                          (s == ColliderStrategy::Auto && m_byFit->isChecked())));
    m_byFit->setEnabled(!running && s == ColliderStrategy::Auto);
    m_fitTolerance->setEnabled(!running && s == ColliderStrategy::Auto && m_byFit->isChecked());
    m_tolerance->setEnabled(!running && s == ColliderStrategy::Auto && !m_byFit->isChecked());
    const bool hull = s == ColliderStrategy::Hull || s == ColliderStrategy::Auto;
    m_hullCopy->setEnabled(!running && hull);
    m_maxError->setEnabled(!running &&
                           (s == ColliderStrategy::Simplified || (hull && m_hullCopy->isChecked())));
    m_pattern->setEnabled(!running && m_nodes.empty());
}

} // namespace cs::ui
