#include "dialogs/HullDialog.h"

#include "dialogs/DialogText.h"
#include "document/Actions.h"
#include "document/AutoColliderActions.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "geometry/Wireframe.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
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
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>

namespace cs::ui {

namespace {

// Unity and PhysX accept at most 255 points per convex mesh (the OMI spec dropped its own limit in 2023).
constexpr int kMaxHullPoints = 255;
constexpr int kProgressSteps = 1000;

QString lengthText(double metres)
{
    const double a = std::fabs(metres);
    if (a == 0)
        return QStringLiteral("0 m");
    if (a < 0.01)
        return QStringLiteral("%1 mm").arg(metres * 1000.0, 0, 'g', 3);
    if (a < 1)
        return QStringLiteral("%1 cm").arg(metres * 100.0, 0, 'g', 3);
    return QStringLiteral("%1 m").arg(metres, 0, 'g', 4);
}

} // namespace

struct HullDialog::Run
{
    quint64 generation = 0;
    std::optional<geometry::ConvexHull> hull;
    std::optional<geometry::FitSummary> fit; ///< of the hull against the node's own mesh, in its space
    Diagnostics diagnostics;
    bool cancelled = false;
};

HullDialog::HullDialog(document::Document* document, size_t node, QWidget* parent)
    : QDialog(parent), m_document(document), m_node(node)
{
    setObjectName(QStringLiteral("HullDialog"));
    setWindowTitle(tr("Convex Hull of %1").arg(nodeLabel(*document, node)));
    m_watcher = new QFutureWatcher<std::shared_ptr<Run>>(this);
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
    if (m_cancel)
        m_cancel->store(true);
    m_watcher->disconnect(this);
    for (auto& run : m_runs)
        run.waitForFinished();
}

void HullDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);

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
    layout->addWidget(source);

    auto* options = new QGroupBox(tr("Hull"), this);
    auto* form = new QFormLayout(options);
    m_maxPoints = new QSpinBox(options);
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
                          "conservative hull is grown just enough to contain them all"));
    form->addRow(tr("Kind:"), m_kind);
    m_destination = new QComboBox(options);
    m_destination->setObjectName(QStringLiteral("destination"));
    m_destination->addItem(tr("A new child node"));
    m_destination->addItem(tr("This node's collider (replaces its shape)"));
    form->addRow(tr("Put it on:"), m_destination);
    m_trigger = new QCheckBox(tr("As a trigger"), options);
    m_trigger->setObjectName(QStringLiteral("trigger"));
    form->addRow(QString(), m_trigger);
    layout->addWidget(options);

    auto* quality = new QGroupBox(tr("Result"), this);
    auto* qualityForm = new QFormLayout(quality);
    m_pointsLabel = new QLabel(quality);
    m_pointsLabel->setObjectName(QStringLiteral("pointsLabel"));
    qualityForm->addRow(tr("Points:"), m_pointsLabel);
    m_volumeLabel = new QLabel(quality);
    m_volumeLabel->setObjectName(QStringLiteral("volumeLabel"));
    m_volumeLabel->setToolTip(tr("The hull's volume against the full (uncapped) hull of the source points"));
    qualityForm->addRow(tr("Volume kept:"), m_volumeLabel);
    m_fitLabel = new QLabel(quality);
    m_fitLabel->setObjectName(QStringLiteral("fitLabel"));
    m_fitLabel->setWordWrap(true);
    qualityForm->addRow(tr("Fit:"), m_fitLabel);
    m_outsideLabel = new QLabel(quality);
    m_outsideLabel->setObjectName(QStringLiteral("outsideLabel"));
    m_outsideLabel->setToolTip(tr("How far the source point furthest outside the hull lies beyond it"));
    qualityForm->addRow(tr("Furthest point outside:"), m_outsideLabel);
    m_errorLabel = new QLabel(quality);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #d05040"));
    qualityForm->addRow(m_errorLabel);
    auto* progressRow = new QHBoxLayout();
    m_progress = new QProgressBar(quality);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, kProgressSteps);
    progressRow->addWidget(m_progress, 1);
    m_stop = new QPushButton(tr("Stop"), quality);
    m_stop->setObjectName(QStringLiteral("stop"));
    m_stop->setToolTip(tr("Stop computing the hull"));
    connect(m_stop, &QPushButton::clicked, this, &HullDialog::stopComputing);
    progressRow->addWidget(m_stop);
    qualityForm->addRow(progressRow);
    layout->addWidget(quality);

    m_buttons = new QDialogButtonBox(this);
    m_apply = m_buttons->addButton(tr("Apply"), QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("apply"));
    m_apply->setEnabled(false);
    m_buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_apply, &QPushButton::clicked, this, &HullDialog::apply);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);

    connect(m_includeChildren, &QCheckBox::toggled, this, [this] {
        gatherSources();
        optionsChanged();
    });
    connect(m_maxPoints, &QSpinBox::valueChanged, this, &HullDialog::optionsChanged);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &HullDialog::optionsChanged);
}

// --- Options ---------------------------------------------------------------------------------------------

void HullDialog::setMaxPoints(int points)
{
    m_maxPoints->setValue(points);
}

int HullDialog::maxPoints() const
{
    return m_maxPoints->value();
}

void HullDialog::setConservative(bool on)
{
    m_kind->setCurrentIndex(on ? 1 : 0);
}

bool HullDialog::conservative() const
{
    return m_kind->currentIndex() == 1;
}

void HullDialog::setIncludeChildren(bool on)
{
    m_includeChildren->setChecked(on);
}

bool HullDialog::includeChildren() const
{
    return m_includeChildren->isChecked();
}

void HullDialog::setDestination(Destination destination)
{
    m_destination->setCurrentIndex(destination == Destination::NodeCollider ? 1 : 0);
}

HullDialog::Destination HullDialog::destination() const
{
    return m_destination->currentIndex() == 1 ? Destination::NodeCollider : Destination::NewChildNode;
}

void HullDialog::setTrigger(bool on)
{
    m_trigger->setChecked(on);
}

bool HullDialog::trigger() const
{
    return m_trigger->isChecked();
}

// --- Results ---------------------------------------------------------------------------------------------

bool HullDialog::isComputing() const
{
    return m_computing || m_restart->isActive();
}

bool HullDialog::waitForResult(int milliseconds)
{
    QElapsedTimer clock;
    clock.start();
    while (isComputing() && clock.elapsed() < milliseconds) {
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        loop.exec();
    }
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

// --- Computing -------------------------------------------------------------------------------------------

void HullDialog::gatherSources()
{
    if (!m_document)
        return;
    auto points = document::nodeMeshPoints(*m_document, m_node, includeChildren());
    if (!points) {
        m_points.reset();
        m_sourceError = errorLines(points.diagnostics);
        m_sourceLabel->setText(tr("No mesh"));
        return;
    }
    m_sourceError.clear();
    m_points = std::make_shared<const std::vector<geometry::Vec3d>>(std::move(*points));
    // The fit figures measure the hull against the node's own mesh (not the meshes below it).
    m_mesh.reset();
    if (!includeChildren())
        if (auto triangles = document::nodeMeshTriangles(*m_document, m_node))
            m_mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
    m_sourceLabel->setText(m_points->size() == 1 ? tr("1 point") : tr("%1 points").arg(m_points->size()));
}

void HullDialog::optionsChanged()
{
    if (m_closed)
        return;
    // The result no longer matches the options: Apply waits for the new one; the old preview stays until
    // then.
    cancelRun();
    m_result.reset();
    m_error.clear();
    m_computing = false;
    m_restart->start();
    showResult();
}

void HullDialog::cancelRun()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    ++m_generation; // a run still finishing is stale from now on
    m_computing = false;
    // Forget runs that are over; the others finish soon, seeing their cancel flag.
    m_runs.removeIf([](const QFuture<std::shared_ptr<Run>>& f) { return f.isFinished(); });
}

void HullDialog::startRun()
{
    if (m_closed)
        return;
    m_restart->stop();
    cancelRun();
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
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    const quint64 generation = m_generation;
    auto points = m_points;
    auto mesh = m_mesh;
    QFuture<std::shared_ptr<Run>> future = QtConcurrent::run([points, mesh, options, cancel, generation](
                                                                 QPromise<std::shared_ptr<Run>>& promise) {
        promise.setProgressRange(0, kProgressSteps);
        geometry::ConvexHullOptions o = options;
        o.cancel = cancel.get();
        o.progress = [&promise](double f) { promise.setProgressValue(int(std::lround(f * kProgressSteps))); };
        auto hull = geometry::generateConvexHull(*points, o);
        auto run = std::make_shared<Run>();
        run->generation = generation;
        run->cancelled = cancel->load();
        run->diagnostics = std::move(hull.diagnostics);
        if (hull && mesh) {
            geometry::FitPart part;
            part.shape = geometry::ShapeGeometry::convex(hull->mesh);
            if (auto m = geometry::measureFit(*mesh, {}, {part}))
                run->fit = m->summary;
        }
        if (hull)
            run->hull = std::move(*hull);
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

void HullDialog::recompute()
{
    startRun();
}

void HullDialog::stopComputing()
{
    if (!m_computing && !m_restart->isActive())
        return;
    m_restart->stop();
    cancelRun();
    m_result.reset();
    m_error = tr("Stopped. Change an option to compute again.");
    clearPreview(); // it showed the hull of earlier options
    ++m_finishedRuns;
    showResult();
    emit resultReady();
}

void HullDialog::runFinished(quint64 generation)
{
    if (m_closed || generation != m_generation || m_watcher->future().resultCount() == 0)
        return;
    const std::shared_ptr<Run> run = m_watcher->future().result();
    if (!run || run->generation != m_generation)
        return;
    m_computing = false;
    m_cancel.reset();
    ++m_finishedRuns;
    if (run->hull) {
        m_result = std::make_shared<const geometry::ConvexHull>(std::move(*run->hull));
        m_error.clear();
        const QMatrix4x4 world = m_document->sceneGraph().worldTransform(m_node);
        m_fit = run->fit ? std::optional(run->fit->scaled(geometry::meanScale(world))) : std::nullopt;
        std::vector<QVector3D> segments =
            geometry::shapeWireframe(geometry::ShapeGeometry::convex(m_result->mesh));
        for (QVector3D& p : segments)
            p = world.map(p);
        setPreview(std::move(segments));
    } else {
        m_result.reset();
        m_error = errorLines(run->diagnostics);
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
    m_progress->setVisible(busy);
    m_stop->setVisible(busy);
    if (busy && m_computing)
        m_progress->setValue(0);
    m_apply->setEnabled(m_result != nullptr);
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    if (!m_result) {
        const QString none = busy ? tr("computing...") : QStringLiteral("-");
        m_pointsLabel->setText(none);
        m_volumeLabel->setText(none);
        m_outsideLabel->setText(none);
        m_fitLabel->setText(none);
        return;
    }
    m_fitLabel->setText(m_fit ? QString::fromStdString(geometry::fitText(*m_fit)) : QStringLiteral("-"));
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
    m_closed = true;
    const Result<size_t> shape = document::generateConvexHull(*m_document, m_node, hull->mesh, options);
    if (!shape) {
        m_closed = false;
        m_error = errorLines(shape.diagnostics);
        showResult();
        return false;
    }
    m_closed = false;
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
    if (m_cancel)
        m_cancel->store(true);
    m_computing = false;
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
        const QMatrix4x4 world = m_document->sceneGraph().worldTransform(m_node);
        std::vector<QVector3D> segments =
            geometry::shapeWireframe(geometry::ShapeGeometry::convex(m_result->mesh));
        for (QVector3D& p : segments)
            p = world.map(p);
        if (segments != m_preview)
            setPreview(std::move(segments));
    }
}

} // namespace cs::ui
