#include "widgets/FitFiguresLabel.h"

#include "BackgroundJob.h"
#include "EventWait.h"
#include "document/ColliderFitCache.h"
#include "document/ColliderFitInput.h"
#include "document/Document.h"

#include <QTimer>

namespace cs::ui {

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
    // Measured already at this revision (by Add Colliders, the hull dialog, or here): the same figures.
    if (auto cached =
            document::fitCache(*m_document).find(*m_node, document::documentRevision(*m_document))) {
        showFigures(*cached);
        return;
    }
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
    m_revision = input->revision;
    m_job->start([input = std::make_shared<const document::ColliderFitInput>(std::move(*input))](
                     const JobToken&) -> std::optional<geometry::FitSummary> {
        auto figures = document::colliderFitFigures(*input);
        return figures ? std::optional(*figures) : std::nullopt;
    });
}

void FitFiguresLabel::finished(std::optional<geometry::FitSummary> figures)
{
    if (m_again) {
        start();
        return;
    }
    if (!figures) {
        m_figures.reset();
        setText(QString());
        emit figuresChanged();
        return;
    }
    if (m_document && m_node)
        document::fitCache(*m_document).store(*m_node, m_revision, *figures);
    showFigures(*figures);
}

void FitFiguresLabel::showFigures(const geometry::FitSummary& figures)
{
    m_figures = figures;
    setText(tr("Fit: %1").arg(QString::fromStdString(geometry::fitText(figures))));
    emit figuresChanged();
}

bool FitFiguresLabel::waitForFigures(int milliseconds)
{
    return waitWhile([this] { return m_timer->isActive() || m_job->isRunning() || m_again; }, milliseconds);
}

} // namespace cs::ui
