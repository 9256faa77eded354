#include "dialogs/AddCollidersDialog.h"

#include "BackgroundJob.h"
#include "ChildSignals.h"
#include "DiagnosticText.h"
#include "EventWait.h"
#include "document/Document.h"
#include "gltf/NodeLabel.h"
#include "widgets/EntrySpinBox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTextEdit>
#include <QVBoxLayout>
#include <cmath>
#include <map>

namespace cs::ui {

namespace {

using import::ColliderStrategy;

constexpr int kProgressSteps = 1000;

// "1 collider", "3 colliders".
QString counted(qsizetype n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

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

/// One line per collider with its fit figures (for a compound, one per mesh), at most 20.
QStringList fitLines(const std::vector<import::AddedCollider>& added)
{
    QStringList lines;
    for (const auto& a : added) {
        if (!a.fit || (a.parts > 0 && a.part + 1 != a.parts))
            continue;
        if (lines.size() == 20) {
            lines << QObject::tr("...");
            break;
        }
        QString line =
            QStringLiteral("%1: %2").arg(QString::fromStdString(gltf::nodeLabel(a.name, a.meshNode)),
                                         QString::fromStdString(geometry::fitText(*a.fit)));
        if (a.trianglesBefore > 0)
            line += QObject::tr("; %1 -> %2 triangles").arg(a.trianglesBefore).arg(a.trianglesAfter);
        lines << line;
    }
    return lines;
}

} // namespace

AddCollidersDialog::AddCollidersDialog(document::Document* document, QWidget* parent)
    : QDialog(parent), m_document(document)
{
    setObjectName(QStringLiteral("AddCollidersDialog"));
    setWindowTitle(tr("Add Colliders to All Meshes"));
    m_job = new BackgroundJob<document::AutoColliderPlan>(this);
    m_job->setOnFinished([this](const document::AutoColliderPlan& plan) { runFinished(plan); });
    connect(m_document, &QObject::destroyed, this, &AddCollidersDialog::reject);

    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout();
    addFitFields(form);
    addNodeFields(form);
    layout->addLayout(form);
    layout->addWidget(buildProgressRow());
    m_summary = new QTextEdit(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setReadOnly(true);
    m_summary->setMinimumHeight(90);
    m_summary->setPlaceholderText(tr("What was added is listed here."));
    layout->addWidget(m_summary, 1);
    layout->addWidget(buildButtons());

    connect(m_strategy, &QComboBox::currentIndexChanged, this, [this] {
        followPointDefault();
        setRunning(isRunning());
    });
    setRunning(false);
}

AddCollidersDialog::~AddCollidersDialog()
{
    disconnectChildrenFrom(this);
    m_job->cancel(); // the job, a child, waits for its worker when it is deleted
}

/// How each collider is made: strategy, hull cap, auto tolerance, simplification error.
void AddCollidersDialog::addFitFields(QFormLayout* form)
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
    connect(m_byFit, &QCheckBox::toggled, this, [this] { setRunning(isRunning()); });
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
    connect(m_hullCopy, &QCheckBox::toggled, this, [this] { setRunning(isRunning()); });
    addPartFields(form);
}

/// Decompose: the most parts per mesh and how concave a part may be.
void AddCollidersDialog::addPartFields(QFormLayout* form)
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
}

/// Which nodes get a collider, and the bodies they are given.
void AddCollidersDialog::addNodeFields(QFormLayout* form)
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

QWidget* AddCollidersDialog::buildProgressRow()
{
    auto* row = new QWidget(this);
    auto* progressRow = new QHBoxLayout(row);
    progressRow->setContentsMargins(0, 0, 0, 0);
    m_progress = new QProgressBar(row);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, kProgressSteps);
    progressRow->addWidget(m_progress, 1);
    m_stop = new QPushButton(tr("Stop"), row);
    m_stop->setObjectName(QStringLiteral("stop"));
    connect(m_stop, &QPushButton::clicked, this, &AddCollidersDialog::stop);
    progressRow->addWidget(m_stop);
    connect(m_job, &BackgroundJobBase::progressChanged, m_progress,
            [this](double f) { m_progress->setValue(int(std::lround(f * kProgressSteps))); });
    return row;
}

QWidget* AddCollidersDialog::buildButtons()
{
    auto* buttons = new QDialogButtonBox(this);
    m_add = buttons->addButton(tr("Add Colliders"), QDialogButtonBox::ApplyRole);
    m_add->setObjectName(QStringLiteral("add"));
    m_add->setDefault(true);
    connect(m_add, &QPushButton::clicked, this, &AddCollidersDialog::start);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &AddCollidersDialog::reject);
    return buttons;
}

void AddCollidersDialog::setStrategy(ColliderStrategy strategy)
{
    const int i = m_strategy->findData(QString::fromLatin1(import::colliderStrategyName(strategy)));
    if (i >= 0)
        m_strategy->setCurrentIndex(i);
}

ColliderStrategy AddCollidersDialog::strategy() const
{
    return import::colliderStrategyFromName(m_strategy->currentData().toString().toStdString())
        .value_or(ColliderStrategy::Auto);
}

/// The hull cap follows the strategy's default (the command's: 64 a part for decompose, else 255) while it is
/// at the default of the strategy before; a value the user chose stays.
void AddCollidersDialog::followPointDefault()
{
    const auto defaultFor = [](ColliderStrategy s) { return s == ColliderStrategy::Decompose ? 64 : 255; };
    const ColliderStrategy now = strategy();
    if (m_maxPoints->value() == defaultFor(m_pointsStrategy))
        m_maxPoints->setValue(defaultFor(now));
    m_pointsStrategy = now;
}

void AddCollidersDialog::setMaxPoints(int points)
{
    m_maxPoints->setValue(points);
}

void AddCollidersDialog::setTolerance(double fraction)
{
    m_tolerance->setValue(fraction * 100.0);
}

void AddCollidersDialog::setFitTolerance(std::optional<double> metres)
{
    m_byFit->setChecked(metres.has_value());
    if (metres)
        m_fitTolerance->setValue(*metres);
}

void AddCollidersDialog::setSkipExisting(bool on)
{
    m_skipExisting->setChecked(on);
}

void AddCollidersDialog::setNodePattern(const QString& pattern)
{
    m_pattern->setText(pattern);
}

void AddCollidersDialog::setNodes(std::vector<size_t> nodes)
{
    const bool wasNarrowed = !m_nodes.empty();
    m_nodes = std::move(nodes);
    if (m_nodes.empty() && wasNarrowed)
        m_pattern->setText(QStringLiteral("*"));
    if (!m_nodes.empty())
        m_pattern->setText(
            tr("(the %1 selected)").arg(counted(qsizetype(m_nodes.size()), tr("node"), tr("nodes"))));
    setRunning(isRunning());
}

void AddCollidersDialog::setMaxError(double metres)
{
    m_maxError->setValue(metres);
}

void AddCollidersDialog::setHullCopy(bool on)
{
    m_hullCopy->setChecked(on);
}

void AddCollidersDialog::setMaxParts(int parts)
{
    m_maxParts->setValue(parts);
}

void AddCollidersDialog::setConcavity(double fraction)
{
    m_concavity->setValue(fraction);
}

void AddCollidersDialog::setMotion(std::optional<physics::MotionType> motion)
{
    m_motion->setCurrentIndex(m_motion->findData(motion ? int(*motion) : -1));
}

document::AutoColliderOptions AddCollidersDialog::options() const
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
    o.skipExisting = m_skipExisting->isChecked();
    const int motion = m_motion->currentData().toInt();
    o.addMotion = motion >= 0;
    if (motion >= 0)
        o.collider.body = physics::MotionType(motion);
    return o;
}

bool AddCollidersDialog::isRunning() const
{
    return m_job->isRunning();
}

void AddCollidersDialog::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_stop->setVisible(running);
    m_add->setEnabled(!running);
    for (QWidget* w : std::initializer_list<QWidget*>{m_strategy, m_pattern, m_skipExisting, m_motion})
        w->setEnabled(!running);
    if (running)
        m_progress->setValue(0);
    const auto s = strategy();
    m_maxPoints->setEnabled(!running && (s == ColliderStrategy::Hull || s == ColliderStrategy::Auto ||
                                         s == ColliderStrategy::Decompose));
    m_maxParts->setEnabled(!running && s == ColliderStrategy::Decompose);
    m_axis->setEnabled(!running && (s == ColliderStrategy::Capsule || s == ColliderStrategy::Auto));
    m_concavity->setEnabled(!running && s == ColliderStrategy::Decompose);
    m_byFit->setEnabled(!running && s == ColliderStrategy::Auto);
    m_fitTolerance->setEnabled(!running && s == ColliderStrategy::Auto && m_byFit->isChecked());
    m_tolerance->setEnabled(!running && s == ColliderStrategy::Auto && !m_byFit->isChecked());
    const bool hull = s == ColliderStrategy::Hull || s == ColliderStrategy::Auto;
    m_hullCopy->setEnabled(!running && hull);
    m_maxError->setEnabled(!running &&
                           (s == ColliderStrategy::Simplified || (hull && m_hullCopy->isChecked())));
    m_pattern->setEnabled(!running && m_nodes.empty());
}

void AddCollidersDialog::start()
{
    if (isRunning() || !m_document)
        return;
    auto input =
        std::make_shared<document::AutoColliderInput>(document::gatherAutoColliders(*m_document, options()));
    const int nodes = int(input->nodes.size());
    m_job->start([input](const JobToken& token) {
        return document::planAutoColliders(
            std::move(*input), [&token](double f) { token.progress(f); }, token.cancelFlag());
    });
    m_summary->setPlainText(tr("Fitting %1...").arg(counted(nodes, tr("mesh node"), tr("mesh nodes"))));
    setRunning(true);
}

void AddCollidersDialog::stop()
{
    if (!isRunning())
        return;
    m_job->cancel();
    m_report = {};
    m_report.cancelled = true;
    setRunning(false);
    m_summary->setPlainText(summary());
    emit finished();
}

void AddCollidersDialog::runFinished(const document::AutoColliderPlan& plan)
{
    if (!m_document)
        return;
    m_report = document::applyAutoColliders(*m_document, plan);
    setRunning(false);
    m_summary->setPlainText(summary());
    emit finished();
}

bool AddCollidersDialog::waitForFinished(int milliseconds)
{
    return waitWhile([this] { return isRunning(); }, milliseconds);
}

QString AddCollidersDialog::summary() const
{
    const document::AutoColliderReport& r = m_report;
    if (r.cancelled)
        return tr("Stopped: nothing was added.");
    QStringList lines;
    if (r.added.empty()) {
        lines << (r.matched == 0 ? tr("No mesh node matched.") : tr("No collider was added."));
    } else {
        std::map<std::string, int> byType;
        for (const auto& a : r.added)
            ++byType[a.typeName];
        QStringList kinds;
        for (const auto& [type, count] : byType)
            kinds << QStringLiteral("%1 %2").arg(count).arg(QString::fromStdString(type));
        lines << tr("Added %1: %2.")
                     .arg(counted(qsizetype(r.added.size()), tr("collider"), tr("colliders")),
                          kinds.join(QStringLiteral(", ")));
        const auto capped =
            std::count_if(r.added.begin(), r.added.end(), [](const auto& a) { return a.capped; });
        if (capped > 0)
            lines << tr("%1 capped to the point limit.")
                         .arg(capped == 1 ? tr("1 hull was") : tr("%1 hulls were").arg(capped));
        lines << fitLines(r.added);
        lines << tr("Edit > Undo removes them all in one step.");
    }
    if (!r.skipped.empty())
        lines << tr("%1 a collider already and left alone.")
                     .arg(r.skipped.size() == 1 ? tr("1 node had")
                                                : tr("%1 nodes had").arg(r.skipped.size()));
    if (!r.diagnostics.empty())
        lines << QString::fromStdString(formatDiagnostics(r.diagnostics, severityAndMessages()));
    return lines.join(QLatin1Char('\n'));
}

void AddCollidersDialog::reject()
{
    stop();
    QDialog::reject();
}

} // namespace cs::ui
