#include "dialogs/DecomposeDialog.h"

#include "BackgroundJob.h"
#include "ChildSignals.h"
#include "EventWait.h"
#include "ModelLabels.h"
#include "dialogs/DialogButtons.h"
#include "dialogs/DialogText.h"
#include "document/Document.h"
#include "geometry/Wireframe.h"
#include "widgets/JobResultBox.h"

#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
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
    std::optional<Outcome> outcome;
    Diagnostics diagnostics;
};

namespace {

/// The worker's part: every input decomposed in turn, progress spread evenly over them.
template <class Run, class Outcome>
Run decompose(const std::vector<document::DecomposeInput>& inputs, const geometry::DecompositionOptions& base,
              const JobToken& token)
{
    Run run;
    Outcome outcome;
    const double n = double(inputs.size());
    for (size_t i = 0; i < inputs.size() && !token.cancelled(); ++i) {
        geometry::DecompositionOptions o = base;
        o.cancel = token.cancelFlag();
        o.progress = [&token, i, n](double f) { token.progress((double(i) + f) / n); };
        auto r = document::previewDecomposition(inputs[i], o);
        if (!r) {
            run.diagnostics = std::move(r.diagnostics);
            break;
        }
        outcome.results.push_back(std::move(*r));
    }
    if (outcome.results.size() == inputs.size())
        run.outcome = std::move(outcome);
    return run;
}

} // namespace

DecomposeDialog::DecomposeDialog(document::Document* document, std::vector<size_t> nodes, QWidget* parent)
    : QDialog(parent), m_document(document), m_nodes(std::move(nodes))
{
    setObjectName(QStringLiteral("DecomposeDialog"));
    setWindowTitle(m_nodes.size() == 1
                       ? tr("Decompose %1 into Convex Parts").arg(nodeLabel(*document, m_nodes[0]))
                       : tr("Decompose %1 Nodes into Convex Parts").arg(m_nodes.size()));
    m_job = new BackgroundJob<Run>(this);
    m_job->setOnFinished([this](Run run) { runFinished(std::move(run)); });
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
    m_job->cancel(); // the job, a child, waits for its worker when it is deleted
}

void DecomposeDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    m_sourceLabel = new QLabel(this);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    m_sourceLabel->setWordWrap(true);
    layout->addWidget(m_sourceLabel);
    m_form = new DecomposeForm(this);
    layout->addWidget(m_form);

    m_results = new JobResultBox(tr("Result"), this);
    m_partsLabel = m_results->addFigure(tr("Parts:"), "partsLabel");
    m_concavityLabel = m_results->addFigure(tr("Largest concavity:"), "concavityLabel",
                                            tr("The furthest a part's hull lies from the mesh's surface"));
    m_volumeLabel =
        m_results->addFigure(tr("Union volume:"), "volumeLabel",
                             tr("The volume of the parts' union against the volume the mesh encloses"));
    m_fitLabel =
        m_results->addFigure(tr("Fit:"), "fitLabel",
                             tr("Outside: how far the mesh pokes out of the parts. Overhang: how far "
                                "the parts stand off the mesh (world metres)"));
    m_fitLabel->setWordWrap(true);
    m_timeLabel = m_results->addFigure(tr("Time:"), "timeLabel");
    connect(m_results, &JobResultBox::stopRequested, this, &DecomposeDialog::stopComputing);
    connect(m_job, &BackgroundJobBase::progressChanged, m_results, &JobResultBox::setProgress);
    layout->addWidget(m_results);

    m_apply = addApplyButtons(this, layout, QDialogButtonBox::Close);
    connect(m_apply, &QPushButton::clicked, this, &DecomposeDialog::apply);
    connect(m_form, &DecomposeForm::parametersChanged, this, &DecomposeDialog::optionsChanged);
}

// --- Results ---------------------------------------------------------------------------------------------

bool DecomposeDialog::isComputing() const
{
    return m_job->isRunning() || m_restart->isActive();
}

bool DecomposeDialog::waitForResult(int milliseconds)
{
    waitWhile([this] { return isComputing() || m_follow->isActive(); }, milliseconds);
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
    m_job->cancel();
    m_result.reset();
    m_error.clear();
    m_restart->start();
    showResult();
}

void DecomposeDialog::startRun()
{
    if (m_closed)
        return;
    m_restart->stop();
    m_job->cancel();
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
    auto inputs = std::make_shared<const std::vector<document::DecomposeInput>>(m_inputs);
    m_job->start([inputs, base = options()](const JobToken& token) {
        return decompose<Run, Outcome>(*inputs, base, token);
    });
    m_results->setProgress(0);
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
    m_job->cancel();
    m_result.reset();
    m_error = tr("Stopped. Change a parameter to compute again.");
    clearPreview();
    ++m_finishedRuns;
    showResult();
    emit resultReady();
}

void DecomposeDialog::runFinished(Run run)
{
    if (m_closed)
        return;
    ++m_finishedRuns;
    if (run.outcome) {
        m_result = std::make_shared<const Outcome>(std::move(*run.outcome));
        m_error.clear();
        sendPreview();
    } else {
        m_error = errorLines(run.diagnostics);
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
    m_results->setBusy(busy);
    m_apply->setEnabled(m_result != nullptr);
    m_results->setError(m_error);
    if (m_result)
        showFigures();
    else
        m_results->setFiguresText(busy ? tr("computing...") : QStringLiteral("-"));
}

void DecomposeDialog::showFigures()
{
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
    m_job->cancel();
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
