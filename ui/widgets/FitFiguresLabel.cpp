#include "widgets/FitFiguresLabel.h"

#include "BackgroundJob.h"
#include "document/ColliderFitInput.h"
#include "document/Document.h"
#include "widgets/EventWait.h"

#include <QTimer>

namespace cs::ui {

namespace {
/// Fewer points than the command line's default: the figures follow a drag.
constexpr size_t kSamples = 4000;
} // namespace

FitFiguresLabel::FitFiguresLabel(QWidget* parent)
    : QLabel(parent), m_job(new BackgroundJob<std::optional<geometry::FitSummary>>(this)),
      m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("fitFigures"));
    setWordWrap(true);
    setToolTip(tr("Outside: how far the mesh pokes out of the collider. Overhang: how far the collider "
                  "stands off the mesh. Percentages are of the mesh's bounding-box diagonal."));
    m_timer->setSingleShot(true);
    m_timer->setInterval(30);
    connect(m_timer, &QTimer::timeout, this, &FitFiguresLabel::start);
    m_job->setOnFinished([this](std::optional<geometry::FitSummary> figures) { finished(figures); });
}

FitFiguresLabel::~FitFiguresLabel()
{
    m_job->cancel(); // the job, a child, waits for its worker when it is deleted
}

void FitFiguresLabel::setTarget(document::Document* document, std::optional<document::NodeIndex> node)
{
    if (m_document != document) {
        if (m_document)
            disconnect(m_document, nullptr, this, nullptr);
        m_document = document;
        if (m_document)
            connect(m_document, &document::Document::changed, this, &FitFiguresLabel::schedule);
    }
    if (node != m_node || !m_document) {
        m_node = m_document ? node : std::nullopt;
        m_figures.reset();
        clear();
    }
    schedule();
}

void FitFiguresLabel::schedule()
{
    if (m_document && m_node)
        m_timer->start();
}

void FitFiguresLabel::start()
{
    if (!m_document || !m_node)
        return;
    if (m_job->isRunning()) {
        m_again = true;
        return;
    }
    m_again = false;
    // Gathering copies what the measurement reads, so the document may change while it runs.
    auto input = document::gatherColliderFit(*m_document, *m_node);
    if (!input) {
        m_figures.reset();
        setText(input.diagnostics.empty()
                    ? QString()
                    : tr("Fit: %1").arg(QString::fromStdString(input.diagnostics[0].message)));
        emit figuresChanged();
        return;
    }
    m_job->start([input = std::make_shared<const document::ColliderFitInput>(std::move(*input))](
                     const JobToken&) -> std::optional<geometry::FitSummary> {
        geometry::FitOptions o;
        o.meshSamples = kSamples;
        o.colliderSamples = kSamples;
        auto m = document::measureColliderFit(*input, o);
        return m ? std::optional(m->summary) : std::nullopt;
    });
}

void FitFiguresLabel::finished(std::optional<geometry::FitSummary> figures)
{
    if (m_again) {
        start();
        return;
    }
    m_figures = figures;
    setText(m_figures ? tr("Fit: %1").arg(QString::fromStdString(geometry::fitText(*m_figures))) : QString());
    emit figuresChanged();
}

bool FitFiguresLabel::waitForFigures(int milliseconds)
{
    return waitWhile([this] { return m_timer->isActive() || m_job->isRunning() || m_again; }, milliseconds);
}

} // namespace cs::ui
