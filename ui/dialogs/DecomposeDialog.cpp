#include "dialogs/DecomposeDialog.h"

#include "dialogs/DialogText.h"
#include "document/Document.h"
#include "geometry/Wireframe.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"

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
                       ? tr("Decompose %1 into Convex Parts").arg(nodeLabel(*document, m_nodes[0]))
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
            problems << tr("%1: %2").arg(nodeLabel(*m_document, node), errorLines(input.diagnostics));
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
        for (QLabel* l : {m_partsLabel, m_concavityLabel, m_volumeLabel, m_timeLabel, m_fitLabel})
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
    QStringList fitLines;
    for (const auto& fit : fits())
        fitLines << (fit ? QString::fromStdString(geometry::fitText(*fit)) : QStringLiteral("-"));
    m_fitLabel->setText(fitLines.join(QLatin1Char('\n')));
}

std::vector<std::optional<geometry::FitSummary>> DecomposeDialog::fits() const
{
    std::vector<std::optional<geometry::FitSummary>> out;
    if (!m_result || !m_document)
        return out;
    for (size_t i = 0; i < m_inputs.size() && i < m_result->results.size(); ++i) {
        const auto& fit = m_result->results[i].fit;
        const double scale = geometry::meanScale(m_document->sceneGraph().worldTransform(m_inputs[i].node));
        out.push_back(fit ? std::optional(fit->scaled(scale)) : std::nullopt);
    }
    return out;
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
    m_closed = true;
    const document::DecomposeReport report =
        document::applyDecompositions(*m_document, m_inputs, outcome->results, options);
    if (!report.pushed) {
        m_closed = false;
        m_error = errorLines(report.diagnostics);
        showResult();
        return false;
    }
    const size_t parts = report.partNodes.size();
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
