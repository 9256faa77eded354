#include "dialogs/DecomposeDialog.h"

#include "dialogs/DialogText.h"
#include "document/Document.h"
#include "geometry/Wireframe.h"
#include "widgets/ChildSignals.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>

namespace cs::ui {

namespace {

constexpr int kProgressSteps = 1000;
constexpr int kMaxPoints = 255;   // Unity and PhysX accept at most 255 points per convex mesh
constexpr int kPresetPoints = 64; // PhysX GPU bodies accept at most 64

bool sameMesh(const gltf::TriangleMesh& a, const gltf::TriangleMesh& b)
{
    return a.positions == b.positions && a.indices == b.indices;
}

} // namespace

/// The parts of every node with a mesh, in the order of the dialog's inputs.
struct DecomposeDialog::Outcome
{
    std::vector<geometry::Decomposition> results;
};

struct DecomposeDialog::Run
{
    quint64 generation = 0;
    std::optional<Outcome> outcome;
    Diagnostics diagnostics;
};

DecomposeDialog::DecomposeDialog(document::Document* document, std::vector<size_t> nodes, QWidget* parent)
    : QDialog(parent), m_document(document), m_nodes(std::move(nodes))
{
    setObjectName(QStringLiteral("DecomposeDialog"));
    setWindowTitle(m_nodes.size() == 1
                       ? tr("Decompose %1 into Convex Parts").arg(nodeTitle(*document, m_nodes[0]))
                       : tr("Decompose %1 Nodes into Convex Parts").arg(m_nodes.size()));
    m_watcher = new QFutureWatcher<std::shared_ptr<Run>>(this);
    m_restart = new QTimer(this);
    m_restart->setSingleShot(true);
    m_restart->setInterval(150);
    connect(m_restart, &QTimer::timeout, this, &DecomposeDialog::startRun);
    m_follow = new QTimer(this);
    m_follow->setSingleShot(true);
    m_follow->setInterval(0);
    connect(m_follow, &QTimer::timeout, this, &DecomposeDialog::followDocument);
    // Every edit moves the undo index, which applyDecomposition checks: follow each one.
    connect(m_document->undoStack(), &QUndoStack::indexChanged, m_follow, qOverload<>(&QTimer::start));
    connect(m_document, &QObject::destroyed, this, &QDialog::reject);
    buildUi();
    gatherInputs();
    startRun();
}

DecomposeDialog::~DecomposeDialog()
{
    disconnectChildrenFrom(this);
    if (!m_closed)
        emit previewCleared();
    m_closed = true;
    if (m_cancel)
        m_cancel->store(true);
    m_watcher->disconnect(this);
    for (auto& run : m_runs)
        run.waitForFinished();
}

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

// --- Results ---------------------------------------------------------------------------------------------

bool DecomposeDialog::isComputing() const
{
    return m_computing || m_restart->isActive();
}

bool DecomposeDialog::waitForResult(int milliseconds)
{
    QElapsedTimer clock;
    clock.start();
    while ((isComputing() || m_follow->isActive()) && clock.elapsed() < milliseconds) {
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return hasResult();
}

int DecomposeDialog::partCount() const
{
    if (!m_result)
        return -1;
    size_t parts = 0;
    for (const auto& r : m_result->results)
        parts += r.parts.size();
    return int(parts);
}

double DecomposeDialog::maxConcavity() const
{
    if (!m_result)
        return -1;
    double most = 0;
    for (const auto& r : m_result->results)
        most = std::max(most, r.quality.relativeConcavity);
    return most;
}

double DecomposeDialog::volumeRatio() const
{
    if (!m_result)
        return -1;
    double parts = 0, meshes = 0;
    for (const auto& r : m_result->results) {
        if (!r.quality.closed || r.quality.meshVolume <= 0)
            return -1;
        parts += r.quality.unionVolume;
        meshes += r.quality.meshVolume;
    }
    return parts / meshes;
}

double DecomposeDialog::seconds() const
{
    if (!m_result)
        return -1;
    double total = 0;
    for (const auto& r : m_result->results)
        total += r.seconds;
    return total;
}

std::vector<size_t> DecomposeDialog::partPoints() const
{
    std::vector<size_t> out;
    if (m_result)
        for (const auto& r : m_result->results)
            for (const auto& p : r.parts)
                out.push_back(p.hull.positions.size());
    return out;
}

QString DecomposeDialog::errorText() const
{
    return m_error;
}

// --- Computing -------------------------------------------------------------------------------------------

void DecomposeDialog::gatherInputs()
{
    m_inputs.clear();
    QStringList problems;
    size_t triangles = 0;
    for (size_t node : m_nodes) {
        auto input = document::gatherDecomposition(*m_document, node);
        if (!input) {
            problems << tr("%1: %2").arg(nodeTitle(*m_document, node), errorLines(input.diagnostics));
            continue;
        }
        triangles += input->mesh->triangleCount();
        m_inputs.push_back(std::move(*input));
    }
    m_sourceError = problems.join(QLatin1Char('\n'));
    m_sourceLabel->setText(
        m_inputs.empty() ? tr("No mesh to decompose")
                         : tr("%n mesh(es), %1 triangles", nullptr, int(m_inputs.size())).arg(triangles));
}

void DecomposeDialog::optionsChanged()
{
    if (m_closed)
        return;
    // The result no longer matches the parameters: Apply waits for the new one; the old preview stays.
    cancelRun();
    m_result.reset();
    m_error.clear();
    m_restart->start();
    showResult();
}

void DecomposeDialog::cancelRun()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    ++m_generation; // a run still finishing is stale from now on
    m_computing = false;
    m_runs.removeIf([](const QFuture<std::shared_ptr<Run>>& f) { return f.isFinished(); });
}

void DecomposeDialog::startRun()
{
    if (m_closed)
        return;
    m_restart->stop();
    cancelRun();
    m_result.reset();
    m_error.clear();
    if (m_inputs.empty()) {
        m_error = m_sourceError.isEmpty() ? tr("No node with a mesh is selected") : m_sourceError;
        clearPreview();
        ++m_finishedRuns;
        showResult();
        emit resultReady();
        return;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    const quint64 generation = m_generation;
    auto inputs = std::make_shared<const std::vector<document::DecomposeInput>>(m_inputs);
    const geometry::DecompositionOptions base = options();
    QFuture<std::shared_ptr<Run>> future =
        QtConcurrent::run([inputs, base, cancel, generation](QPromise<std::shared_ptr<Run>>& promise) {
            promise.setProgressRange(0, kProgressSteps);
            auto run = std::make_shared<Run>();
            run->generation = generation;
            Outcome outcome;
            const double n = double(inputs->size());
            for (size_t i = 0; i < inputs->size() && !cancel->load(); ++i) {
                geometry::DecompositionOptions o = base;
                o.cancel = cancel.get();
                o.progress = [&promise, i, n](double f) {
                    promise.setProgressValue(int(std::lround((double(i) + f) / n * kProgressSteps)));
                };
                auto r = document::previewDecomposition((*inputs)[i], o);
                if (!r) {
                    run->diagnostics = std::move(r.diagnostics);
                    break;
                }
                outcome.results.push_back(std::move(*r));
            }
            if (outcome.results.size() == inputs->size())
                run->outcome = std::move(outcome);
            promise.addResult(std::move(run));
        });
    m_runs.append(future);
    m_computing = true;
    m_watcher->disconnect(this, nullptr);
    connect(m_watcher, &QFutureWatcherBase::progressValueChanged, this,
            [this](int value) { m_progress->setValue(value); });
    connect(m_watcher, &QFutureWatcherBase::finished, this, [this, generation] { runFinished(generation); });
    m_watcher->setFuture(future);
    showResult();
}

void DecomposeDialog::recompute()
{
    startRun();
}

void DecomposeDialog::stopComputing()
{
    if (!isComputing())
        return;
    m_restart->stop();
    cancelRun();
    m_result.reset();
    m_error = tr("Stopped. Change a parameter to compute again.");
    clearPreview();
    ++m_finishedRuns;
    showResult();
    emit resultReady();
}

void DecomposeDialog::runFinished(quint64 generation)
{
    if (m_closed || generation != m_generation || m_watcher->future().resultCount() == 0)
        return;
    const std::shared_ptr<Run> run = m_watcher->future().result();
    if (!run || run->generation != m_generation)
        return;
    m_computing = false;
    m_cancel.reset();
    ++m_finishedRuns;
    if (run->outcome) {
        m_result = std::make_shared<const Outcome>(std::move(*run->outcome));
        m_error.clear();
        sendPreview();
    } else {
        m_error = errorLines(run->diagnostics);
        if (m_error.isEmpty())
            m_error = tr("No parts could be made");
        clearPreview();
    }
    showResult();
    emit resultReady();
}

void DecomposeDialog::showResult()
{
    const bool busy = isComputing();
    m_progress->setVisible(busy);
    m_stop->setVisible(busy);
    if (busy && !m_computing)
        m_progress->setValue(0);
    m_apply->setEnabled(m_result != nullptr);
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    if (!m_result) {
        const QString none = busy ? tr("computing...") : QStringLiteral("-");
        for (QLabel* l : {m_partsLabel, m_concavityLabel, m_volumeLabel, m_timeLabel})
            l->setText(none);
        return;
    }
    const std::vector<size_t> points = partPoints();
    const size_t most = points.empty() ? 0 : *std::max_element(points.begin(), points.end());
    bool budget = false;
    for (const auto& r : m_result->results)
        budget = budget || r.budgetReached;
    m_partsLabel->setText(tr("%1 (at most %2 points each)%3")
                              .arg(partCount())
                              .arg(most)
                              .arg(budget ? tr("; the limit stopped it above the threshold") : QString()));
    m_concavityLabel->setText(tr("%1% of the size").arg(maxConcavity() * 100.0, 0, 'f', 2));
    const double ratio = volumeRatio();
    m_volumeLabel->setText(ratio > 0 ? tr("%1% of the mesh").arg(ratio * 100.0, 0, 'f', 1)
                                     : tr("- (a mesh is not closed)"));
    m_timeLabel->setText(tr("%1 s").arg(seconds(), 0, 'f', 2));
}

void DecomposeDialog::sendPreview()
{
    if (!m_result || !m_document)
        return;
    std::vector<std::vector<QVector3D>> parts;
    for (size_t i = 0; i < m_inputs.size() && i < m_result->results.size(); ++i) {
        const QMatrix4x4 world = m_document->sceneGraph().worldTransform(m_inputs[i].node);
        for (const auto& part : m_result->results[i].parts) {
            std::vector<QVector3D> lines =
                geometry::shapeWireframe(geometry::ShapeGeometry::convex(part.hull));
            for (QVector3D& p : lines)
                p = world.map(p);
            parts.push_back(std::move(lines));
        }
    }
    if (parts == m_preview)
        return;
    m_preview = std::move(parts);
    emit previewChanged(m_preview);
}

void DecomposeDialog::clearPreview()
{
    if (m_preview.empty())
        return;
    m_preview.clear();
    emit previewCleared();
}

// --- Applying and closing --------------------------------------------------------------------------------

bool DecomposeDialog::apply()
{
    if (!m_result || m_closed || !m_document || m_result->results.size() != m_inputs.size())
        return false;
    const std::shared_ptr<const Outcome> outcome = m_result; // pushing emits edits this dialog follows
    document::DecomposeApplyOptions options;
    options.addMotion = addBody();
    QUndoStack* stack = m_document->undoStack();
    const int before = stack->index();
    m_closed = true;
    size_t parts = 0;
    Diagnostics problems;
    // One undo step for every node (the per-node steps nest in it).
    const bool several = m_inputs.size() > 1;
    if (several)
        stack->beginMacro(tr("Decompose into Convex Parts"));
    for (size_t i = 0; i < m_inputs.size() && problems.empty(); ++i) {
        const document::DecomposeReport report =
            document::applyDecomposition(*m_document, m_inputs[i], outcome->results[i], options);
        parts += report.partNodes.size();
        if (!report.pushed)
            problems = report.diagnostics;
    }
    if (several)
        stack->endMacro();
    if (!problems.empty()) {
        if (stack->index() != before)
            stack->undo(); // a later node failed: take back the ones pushed before it
        m_closed = false;
        m_error = errorLines(problems);
        showResult();
        return false;
    }
    m_closed = false;
    emit applied(parts);
    accept();
    return true;
}

void DecomposeDialog::done(int result)
{
    m_closed = true;
    m_restart->stop();
    m_follow->stop();
    if (m_document)
        disconnect(m_document->undoStack(), nullptr, this, nullptr);
    if (m_cancel)
        m_cancel->store(true);
    m_computing = false;
    m_preview.clear();
    emit previewCleared();
    QDialog::done(result);
}

// --- Following the document ------------------------------------------------------------------------------

void DecomposeDialog::followDocument()
{
    if (m_closed || !m_document)
        return;
    for (size_t node : m_nodes)
        if (node >= m_document->gltf().count("nodes")) {
            reject(); // a node is gone (its creation was undone)
            return;
        }
    const std::vector<document::DecomposeInput> before = m_inputs;
    gatherInputs();
    bool same = before.size() == m_inputs.size();
    for (size_t i = 0; same && i < before.size(); ++i)
        same = before[i].node == m_inputs[i].node && sameMesh(*before[i].mesh, *m_inputs[i].mesh);
    if (!same) {
        optionsChanged();
        return;
    }
    // The same meshes (now gathered at the new undo index): the result stands; the nodes may have moved.
    sendPreview();
}

} // namespace cs::ui
