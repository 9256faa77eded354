#include "dialogs/HullDialog.h"

#include "BackgroundJob.h"
#include "ChildSignals.h"
#include "EventWait.h"
#include "ModelLabels.h"
#include "dialogs/DialogButtons.h"
#include "dialogs/DialogText.h"
#include "dialogs/HullForm.h"
#include "dialogs/HullRun.h"
#include "document/Actions.h"
#include "document/AutoColliderActions.h"
#include "document/ColliderFitCache.h"
#include "document/ColliderFitInput.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "geometry/Wireframe.h"
#include "widgets/JobResultBox.h"

#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

namespace cs::ui {

HullDialog::HullDialog(document::Document* document, size_t node, QWidget* parent)
    : QDialog(parent), m_document(document), m_node(node)
{
    setObjectName(QStringLiteral("HullDialog"));
    setWindowTitle(tr("Convex Hull of %1").arg(nodeLabel(*document, node)));
    m_job = new BackgroundJob<Run>(this);
    m_job->setOnFinished([this](Run run) { runFinished(std::move(run)); });
    m_restart = new QTimer(this);
    m_restart->setSingleShot(true);
    m_restart->setInterval(40);
    connect(m_restart, &QTimer::timeout, this, &HullDialog::startRun);
    m_follow = new QTimer(this);
    m_follow->setSingleShot(true);
    m_follow->setInterval(0);
    connect(m_follow, &QTimer::timeout, this, &HullDialog::followDocument);
    connect(m_document, &document::Document::changed, this, &HullDialog::documentChanged);
    connect(m_document, &QObject::destroyed, this, &QDialog::reject);
    buildUi();
    gatherSources();
    startRun();
}

HullDialog::~HullDialog()
{
    disconnectChildrenFrom(this);
    // Deleted without being closed: the preview goes all the same.
    if (!m_closed)
        emit previewCleared();
    m_closed = true;
    m_job->cancel(); // the job, a child, waits for its worker when it is deleted
}

void HullDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    m_form = new HullForm(this);
    layout->addWidget(m_form);
    m_results = new JobResultBox(tr("Result"), this);
    m_pointsLabel = m_results->addFigure(tr("Points:"), "pointsLabel");
    m_volumeLabel =
        m_results->addFigure(tr("Volume kept:"), "volumeLabel",
                             tr("The hull's volume against the full (uncapped) hull of the source points"));
    m_fitLabel = m_results->addFigure(tr("Fit:"), "fitLabel");
    m_fitLabel->setWordWrap(true);
    m_outsideLabel =
        m_results->addFigure(tr("Furthest point outside:"), "outsideLabel",
                             tr("How far the source point furthest outside the hull lies beyond it"));
    m_copyLabel =
        m_results->addFigure(tr("Simplified copy:"), "copyLabel",
                             tr("Which hull was kept: the one whose deviation from the mesh is smaller"));
    m_copyLabel->setWordWrap(true);
    m_results->stopButton()->setToolTip(tr("Stop computing the hull"));
    connect(m_results, &JobResultBox::stopRequested, this, &HullDialog::stopComputing);
    connect(m_job, &BackgroundJobBase::progressChanged, m_results, &JobResultBox::setProgress);
    layout->addWidget(m_results);

    m_apply = addApplyButtons(this, layout, QDialogButtonBox::Cancel);
    connect(m_apply, &QPushButton::clicked, this, &HullDialog::apply);

    connect(m_form, &HullForm::sourceChanged, this, [this] {
        gatherSources();
        optionsChanged();
    });
    connect(m_form, &HullForm::hullOptionsChanged, this, &HullDialog::optionsChanged);
}

// --- Options ---------------------------------------------------------------------------------------------

void HullDialog::setMaxPoints(int points)
{
    m_form->setMaxPoints(points);
}

int HullDialog::maxPoints() const
{
    return m_form->maxPoints();
}

void HullDialog::setConservative(bool on)
{
    m_form->setConservative(on);
}

bool HullDialog::conservative() const
{
    return m_form->conservative();
}

void HullDialog::setIncludeChildren(bool on)
{
    m_form->setIncludeChildren(on);
}

bool HullDialog::includeChildren() const
{
    return m_form->includeChildren();
}

void HullDialog::setDestination(Destination destination)
{
    m_form->setOnCollider(destination == Destination::NodeCollider);
}

HullDialog::Destination HullDialog::destination() const
{
    return m_form->onCollider() ? Destination::NodeCollider : Destination::NewChildNode;
}

void HullDialog::setTrigger(bool on)
{
    m_form->setTrigger(on);
}

bool HullDialog::trigger() const
{
    return m_form->trigger();
}

// --- Results ---------------------------------------------------------------------------------------------

bool HullDialog::isComputing() const
{
    return m_job->isRunning() || m_restart->isActive();
}

bool HullDialog::waitForResult(int milliseconds)
{
    waitWhile([this] { return isComputing(); }, milliseconds);
    return hasResult();
}

int HullDialog::pointCount() const
{
    return m_result ? static_cast<int>(m_result->quality.vertexCount) : -1;
}

double HullDialog::volumeKept() const
{
    return m_result ? m_result->quality.volumeRatio : -1.0;
}

double HullDialog::maxOutsideDistance() const
{
    return m_result ? m_result->quality.maxOutsideDistance : -1.0;
}

bool HullDialog::capped() const
{
    return m_result && m_result->quality.capped;
}

size_t HullDialog::sourcePointCount() const
{
    return m_points ? m_points->size() : 0;
}

QString HullDialog::errorText() const
{
    return m_error;
}

void HullDialog::setSimplifyFirst(std::optional<double> metres)
{
    m_form->setSimplifyFirst(metres);
}

QString HullDialog::simplifiedCopyNote() const
{
    return m_result ? m_copyNote : QString();
}

bool HullDialog::hullFromCopy() const
{
    return m_result && m_fromCopy;
}

// --- Computing -------------------------------------------------------------------------------------------

void HullDialog::gatherSources()
{
    if (!m_document)
        return;
    auto points = document::nodeMeshPoints(*m_document, m_node, includeChildren());
    if (!points) {
        m_points.reset();
        m_sourceError = errorLines(points.diagnostics);
        m_form->setSourceText(tr("No mesh"));
        return;
    }
    m_sourceError.clear();
    m_points = std::make_shared<const std::vector<geometry::Vec3d>>(std::move(*points));
    // The fit figures measure the hull against the node's own mesh (not the meshes below it).
    m_mesh.reset();
    if (!includeChildren())
        if (auto triangles = document::nodeMeshTriangles(*m_document, m_node))
            m_mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
    m_form->setSourceText(m_points->size() == 1 ? tr("1 point") : tr("%1 points").arg(m_points->size()));
    m_form->setSimplifyFirstAvailable(m_mesh != nullptr);
}

void HullDialog::optionsChanged()
{
    if (m_closed)
        return;
    // The result no longer matches the options: Apply waits for the new one; the old preview stays until
    // then.
    m_job->cancel();
    m_result.reset();
    m_error.clear();
    m_restart->start();
    showResult();
}

void HullDialog::startRun()
{
    if (m_closed)
        return;
    m_restart->stop();
    m_job->cancel();
    m_result.reset();
    m_error.clear();
    if (!m_points) {
        m_error = m_sourceError.isEmpty() ? tr("The node has no mesh") : m_sourceError;
        clearPreview();
        ++m_finishedRuns;
        showResult();
        emit resultReady();
        return;
    }
    geometry::ConvexHullOptions options;
    options.maxVertices = maxPoints();
    options.conservative = conservative();
    options.measureQuality = true;
    auto points = m_points;
    auto mesh = m_mesh;
    // The distance is asked in world metres; the copy is made in the node's space.
    std::optional<double> simplifyFirst = m_form->simplifyFirst();
    if (simplifyFirst)
        *simplifyFirst /= geometry::meanScale(m_document->sceneGraph().worldTransform(m_node));
    m_job->start([points, mesh, options, simplifyFirst](const JobToken& token) {
        return computeHullRun(*points, mesh.get(), options, simplifyFirst, token);
    });
    m_results->setProgress(0);
    showResult();
}

void HullDialog::recompute()
{
    startRun();
}

void HullDialog::stopComputing()
{
    if (!isComputing())
        return;
    m_restart->stop();
    m_job->cancel();
    m_result.reset();
    m_error = tr("Stopped. Change an option to compute again.");
    clearPreview(); // it showed the hull of earlier options
    ++m_finishedRuns;
    showResult();
    emit resultReady();
}

void HullDialog::runFinished(Run run)
{
    if (m_closed || !m_document)
        return;
    ++m_finishedRuns;
    if (run.hull) {
        m_result = std::make_shared<const geometry::ConvexHull>(std::move(*run.hull));
        m_error.clear();
        const QMatrix4x4 world = m_document->sceneGraph().worldTransform(m_node);
        const double scale = geometry::meanScale(world);
        m_fit = run.fit ? std::optional(document::worldFitFigures(*run.fit, world)) : std::nullopt;
        m_copyNote = run.choice ? simplifiedCopyText(*run.choice, scale) : QString();
        m_fromCopy = run.choice && run.choice->fromCopy;
        setPreview(worldSegments());
    } else {
        m_result.reset();
        m_error = errorLines(run.diagnostics);
        if (m_error.isEmpty())
            m_error = tr("No hull could be made");
        clearPreview();
    }
    showResult();
    emit resultReady();
}

void HullDialog::showResult()
{
    const bool busy = isComputing();
    m_results->setBusy(busy);
    m_apply->setEnabled(m_result != nullptr);
    m_results->setError(m_error);
    if (!m_result) {
        m_results->setFiguresText(busy ? tr("computing...") : QStringLiteral("-"));
        return;
    }
    m_fitLabel->setText(m_fit ? QString::fromStdString(geometry::fitText(*m_fit)) : QStringLiteral("-"));
    m_copyLabel->setText(m_copyNote.isEmpty() ? tr("not tried") : m_copyNote);
    const geometry::HullQuality& q = m_result->quality;
    m_pointsLabel->setText(
        q.capped ? tr("%1 (capped; %2 source points)").arg(q.vertexCount).arg(sourcePointCount())
                 : tr("%1 (every hull point kept)").arg(q.vertexCount));
    m_volumeLabel->setText(q.volumeRatio > 0
                               ? tr("%1% of the full hull").arg(q.volumeRatio * 100.0, 0, 'f', 1)
                               : QStringLiteral("-"));
    m_outsideLabel->setText(q.maxOutsideDistance > 0 ? tr("%1 (%2% of the size)")
                                                           .arg(lengthText(q.maxOutsideDistance))
                                                           .arg(q.outsideRatio * 100.0, 0, 'f', 2)
                                                     : tr("none: every source point is inside"));
}

std::vector<QVector3D> HullDialog::worldSegments() const
{
    const QMatrix4x4 world = m_document->sceneGraph().worldTransform(m_node);
    std::vector<QVector3D> segments =
        geometry::shapeWireframe(geometry::ShapeGeometry::convex(m_result->mesh));
    for (QVector3D& p : segments)
        p = world.map(p);
    return segments;
}

void HullDialog::setPreview(std::vector<QVector3D> segments)
{
    m_preview = std::move(segments);
    emit previewChanged(m_preview);
}

void HullDialog::clearPreview()
{
    if (m_preview.empty())
        return;
    m_preview.clear();
    emit previewCleared();
}

// --- Applying and closing --------------------------------------------------------------------------------

bool HullDialog::apply()
{
    if (!m_result || m_closed || !m_document)
        return false;
    document::HullOptions options;
    options.onNewChildNode = destination() == Destination::NewChildNode;
    options.node.trigger = trigger();
    // Keep the result alive: pushing emits document changes that this dialog listens to.
    const std::shared_ptr<const geometry::ConvexHull> hull = m_result;
    // The node's colliders are then this hull alone when it had none, or when the hull replaces its only one:
    // its figures are the ones shown here (one measurement per collider, see ColliderFitCache).
    const auto before = document::gatherColliderFit(*m_document, m_node);
    const bool hullAlone = !before || (!options.onNewChildNode && before->colliderNodes.size() == 1 &&
                                       before->colliderNodes[0] == m_node);
    m_closed = true;
    const Result<size_t> shape = document::generateConvexHull(*m_document, m_node, hull->mesh, options);
    if (!shape) {
        m_closed = false;
        m_error = errorLines(shape.diagnostics);
        showResult();
        return false;
    }
    m_closed = false;
    if (m_fit && hullAlone && !trigger())
        document::fitCache(*m_document).store(m_node, document::documentRevision(*m_document), *m_fit);
    emit applied(*shape);
    accept();
    return true;
}

void HullDialog::done(int result)
{
    m_closed = true;
    m_restart->stop();
    m_follow->stop();
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_job->cancel();
    // Always announce the end of the preview, even if a hull was never shown: the owner may have drawn one.
    m_preview.clear();
    emit previewCleared();
    QDialog::done(result);
}

// --- Following the document ------------------------------------------------------------------------------

void HullDialog::documentChanged(const document::ChangeEvent& event)
{
    using K = document::ChangeEvent::Kind;
    if (!m_closed && (event.kind == K::Node || event.kind == K::Mesh))
        m_follow->start();
}

void HullDialog::followDocument()
{
    if (m_closed || !m_document)
        return;
    if (m_node >= m_document->gltf().count("nodes")) {
        reject(); // the node is gone (its creation was undone)
        return;
    }
    const auto before = m_points;
    gatherSources();
    const bool same = before && m_points ? *before == *m_points : before == m_points;
    if (!same) {
        optionsChanged();
        return;
    }
    // The same points in the node's space: only the node may have moved, so move the preview along.
    if (m_result) {
        std::vector<QVector3D> segments = worldSegments();
        if (segments != m_preview)
            setPreview(std::move(segments));
    }
}

} // namespace cs::ui
