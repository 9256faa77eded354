#include "FitHeatMap.h"

#include "ActionTable.h"
#include "BackgroundJob.h"
#include "DocumentSession.h"
#include "EventWait.h"
#include "document/ColliderFitCache.h"
#include "document/ColliderFitInput.h"
#include "document/Document.h"
#include "scene/FitHeatMap.h"
#include "viewport/HeatSurfaceLayer.h"
#include "viewport/Viewport.h"
#include "widgets/DialogPlacement.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTimer>
#include <cmath>

namespace cs::ui {

struct FitHeatMap::Map
{
    std::optional<geometry::FitSummary> figures;
    HeatBuffers surfaces;           ///< made on the worker: the GUI thread only hands them to the scene
    std::optional<size_t> meshNode; ///< the node whose mesh the surfaces show (its own drawing is hidden)
    document::NodeIndex node = 0;   ///< the node whose colliders were measured
    std::uint64_t revision = 0;     ///< the document's revision they were measured at
};

FitHeatMap::FitHeatMap(DocumentSession& session, Viewport* viewport, ActionTable& actions, QMenu* viewMenu,
                       QStatusBar* status, QWidget* window)
    : QObject(window), m_session(session), m_viewport(viewport), m_window(window), m_timer(new QTimer(this)),
      m_job(new BackgroundJob<Map>(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(30);
    connect(m_timer, &QTimer::timeout, this, &FitHeatMap::start);
    m_job->setOnFinished([this](const Map& map) { finished(map); });

    m_toggle =
        actions.add({ActionId::FitHeatMap,
                     "actionFitHeatMap",
                     tr("Fit &Heat Map"),
                     {},
                     {},
                     {},
                     tr("Colour the current node's mesh surface by how far it pokes out of its colliders, "
                        "and the colliders' surfaces by how far they stand off the mesh"),
                     false});
    connect(m_toggle, &QAction::toggled, this, &FitHeatMap::setEnabled);
    QAction* tolerance = actions.add({ActionId::FitHeatMapTolerance,
                                      "actionFitHeatMapTolerance",
                                      tr("Fit Heat Map &Tolerance..."),
                                      {},
                                      [this] { askTolerance(); }});
    viewMenu->addSeparator();
    viewMenu->addAction(m_toggle);
    viewMenu->addAction(tolerance);
    m_legend = new QLabel(window);
    m_legend->setObjectName(QStringLiteral("fitHeatMapLegend"));
    m_legend->setVisible(false);
    status->addPermanentWidget(m_legend);
    connect(&session, &DocumentSession::documentReplaced, this, [this](document::Document* doc) {
        if (doc)
            connect(doc, &document::Document::changed, this, &FitHeatMap::schedule);
        // Until one is chosen, the tolerance is in proportion to the model: a prop's and a level's colours
        // mean the same.
        if (doc && !m_toleranceChosen) {
            m_tolerance = scene::defaultHeatTolerance(document::modelDiagonal(*doc));
            m_legend->setText(legendText());
        }
        schedule();
    });
}

void FitHeatMap::askTolerance()
{
    if (m_toleranceDialog) {
        m_toleranceDialog->raise();
        return;
    }
    auto* dialog = new QInputDialog(m_window);
    dialog->setObjectName(QStringLiteral("fitHeatMapToleranceDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Fit Heat Map Tolerance"));
    dialog->setLabelText(tr("Distances up to this are green (metres):"));
    dialog->setInputMode(QInputDialog::DoubleInput);
    dialog->setDoubleRange(0.0001, 1000);
    dialog->setDoubleDecimals(4);
    dialog->setDoubleValue(m_tolerance);
    // The map follows the value as it is typed, so that its colours can be judged before OK; Cancel
    // puts the tolerance back.
    const double before = m_tolerance;
    connect(dialog, &QInputDialog::doubleValueChanged, this, &FitHeatMap::setTolerance);
    connect(dialog, &QInputDialog::doubleValueSelected, this, &FitHeatMap::setTolerance);
    connect(dialog, &QDialog::rejected, this, [this, before] { setTolerance(before); });
    m_toleranceDialog = dialog;
    // Beside the view, not over the map it previews.
    moveBeside(dialog, m_viewport);
    dialog->show();
    moveBeside(dialog, m_viewport);
}

FitHeatMap::~FitHeatMap()
{
    m_job->cancel(); // the job, a child, waits for its worker when it is deleted
}

void FitHeatMap::setEnabled(bool on)
{
    if (m_toggle->isChecked() != on)
        m_toggle->setChecked(on); // comes back here through toggled()
    if (m_enabled == on)
        return;
    m_enabled = on;
    m_legend->setVisible(on);
    m_legend->setText(legendText());
    if (on)
        schedule();
    else
        clear();
}

void FitHeatMap::setTolerance(double metres)
{
    m_toleranceChosen = true;
    m_tolerance = metres;
    m_legend->setText(legendText());
    schedule();
}

QString FitHeatMap::legendText() const
{
    if (!m_enabled)
        return {};
    QStringList bands;
    for (int band = 0; band < scene::kHeatBands; ++band) {
        const auto [from, to] = scene::heatRange(band, m_tolerance);
        const QString range = std::isinf(to) ? tr(">= %1 m").arg(from, 0, 'g', 3)
                              : band == 0    ? tr("<= %1 m").arg(to, 0, 'g', 3)
                                             : tr("%1-%2 m").arg(from, 0, 'g', 3).arg(to, 0, 'g', 3);
        bands << QStringLiteral("<span style=\"color:%1\">&#9632;</span> %2")
                     .arg(scene::heatColour(band).name(), range.toHtmlEscaped());
    }
    return tr("Fit: %1").arg(bands.join(QStringLiteral(" ")));
}

void FitHeatMap::schedule()
{
    if (m_enabled)
        m_timer->start();
}

void FitHeatMap::clear()
{
    m_timer->stop();
    m_figures.reset();
    m_viewport->setHeatSurfaces({}, std::nullopt);
    emit mapChanged();
}

void FitHeatMap::start()
{
    document::Document* doc = m_session.document();
    if (!m_enabled || !doc)
        return;
    if (m_job->isRunning()) {
        m_again = true;
        return;
    }
    m_again = false;
    const auto node = doc->currentNode();
    auto input = node ? document::gatherColliderFit(*doc, *node) : Result<document::ColliderFitInput>{};
    if (!input) {
        clear();
        return;
    }
    const double tolerance = m_tolerance;
    // The figures are the ones every other view shows for these colliders at this revision (the document's
    // fit cache), measured the same way when no view has measured them yet.
    const std::optional<geometry::FitSummary> known = document::fitCache(*doc).find(*node, input->revision);
    m_job->start([input = std::make_shared<const document::ColliderFitInput>(std::move(*input)), tolerance,
                  known, node = *node](const JobToken&) {
        Map map;
        map.node = node;
        map.revision = input->revision;
        // One meter for the colours: the collider's drawn vertices are measured over the hierarchy the
        // mesh's distances made.
        const geometry::FitMeter meter(input->mesh, input->meshToWorld);
        auto measured = meter.measure(input->parts);
        if (!measured)
            return map;
        map.figures = known ? known : document::colliderFitFigures(*input).value;
        map.surfaces =
            heatBuffers(scene::fitHeatSurfaces(input->mesh, input->parts, meter, *measured, tolerance));
        map.meshNode = input->meshNode;
        return map;
    });
}

void FitHeatMap::finished(const Map& map)
{
    if (m_again || !m_enabled) {
        if (m_enabled)
            start();
        return;
    }
    m_figures = map.figures;
    if (const document::Document* doc = m_session.document(); doc && map.figures)
        document::fitCache(*doc).store(map.node, map.revision, *map.figures);
    m_viewport->setHeatSurfaces(map.surfaces, map.meshNode);
    emit mapChanged();
}

bool FitHeatMap::waitForMap(int milliseconds)
{
    return waitWhile([this] { return m_timer->isActive() || m_job->isRunning() || m_again; }, milliseconds);
}

} // namespace cs::ui
