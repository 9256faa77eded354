#include "widgets/FitFiguresLabel.h"

#include "document/ColliderFitInput.h"
#include "document/Document.h"
#include "widgets/EventWait.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace cs::ui {

namespace {
/// Fewer points than the command line's default: the figures follow a drag.
constexpr size_t kSamples = 4000;
} // namespace

FitFiguresLabel::FitFiguresLabel(QWidget* parent)
    : QLabel(parent), m_watcher(new QFutureWatcher<std::optional<geometry::FitSummary>>(this)),
      m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("fitFigures"));
    setWordWrap(true);
    setToolTip(tr("Outside: how far the mesh pokes out of the collider. Overhang: how far the collider "
                  "stands off the mesh. Percentages are of the mesh's bounding-box diagonal."));
    m_timer->setSingleShot(true);
    m_timer->setInterval(30);
    connect(m_timer, &QTimer::timeout, this, &FitFiguresLabel::start);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &FitFiguresLabel::finished);
}

FitFiguresLabel::~FitFiguresLabel()
{
    m_watcher->disconnect(this);
    m_watcher->waitForFinished();
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
    if (m_watcher->isRunning()) {
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
    m_watcher->setFuture(
        QtConcurrent::run([input = std::move(*input)]() -> std::optional<geometry::FitSummary> {
            geometry::FitOptions o;
            o.meshSamples = kSamples;
            o.colliderSamples = kSamples;
            auto m = document::measureColliderFit(input, o);
            return m ? std::optional(m->summary) : std::nullopt;
        }));
}

void FitFiguresLabel::finished()
{
    if (m_again) {
        start();
        return;
    }
    m_figures = m_watcher->result();
    setText(m_figures ? tr("Fit: %1").arg(QString::fromStdString(geometry::fitText(*m_figures))) : QString());
    emit figuresChanged();
}

bool FitFiguresLabel::waitForFigures(int milliseconds)
{
    return waitWhile([this] { return m_timer->isActive() || m_watcher->isRunning() || m_again; },
                     milliseconds);
}

} // namespace cs::ui
