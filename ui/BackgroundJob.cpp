#include "BackgroundJob.h"

#include "EventWait.h"

namespace cs::ui {

void JobToken::progress(double fraction) const
{
    m_state->progress.store(fraction);
    // Only the first report since the GUI thread last read one queues a call; later ones update the value.
    if (!m_state->progressPending.exchange(true) && m_state->notify)
        m_state->notify();
}

BackgroundJobBase::BackgroundJobBase(QObject* parent) : QObject(parent) {}

BackgroundJobBase::~BackgroundJobBase()
{
    cancel();
    for (QFuture<void>& run : m_runs)
        run.waitForFinished();
}

void BackgroundJobBase::cancel()
{
    if (m_current)
        m_current->cancel.store(true);
    m_current.reset();
    ++m_generation; // a run still finishing is stale from now on
    m_running = false;
}

bool BackgroundJobBase::waitForIdle(int milliseconds)
{
    return waitWhile([this] { return m_running; }, milliseconds);
}

std::shared_ptr<JobToken::State> BackgroundJobBase::beginRun()
{
    cancel();
    auto state = std::make_shared<JobToken::State>();
    const quint64 run = m_generation;
    // The worker calls notify(); it queues a call on this object, which outlives its workers.
    std::weak_ptr<JobToken::State> weak = state;
    state->notify = [this, run, weak] {
        QMetaObject::invokeMethod(
            this,
            [this, run, weak] {
                if (const std::shared_ptr<JobToken::State> s = weak.lock())
                    deliverProgress(run, s);
            },
            Qt::QueuedConnection);
    };
    m_current = state;
    m_running = true;
    return state;
}

void BackgroundJobBase::track(const QFuture<void>& future)
{
    m_runs.removeIf([](const QFuture<void>& f) { return f.isFinished(); });
    m_runs.append(future);
}

bool BackgroundJobBase::acceptResult(quint64 generation)
{
    if (generation != m_generation || !m_running)
        return false;
    m_running = false;
    m_current.reset();
    return true;
}

void BackgroundJobBase::deliverProgress(quint64 generation, const std::shared_ptr<JobToken::State>& state)
{
    state->progressPending.store(false);
    if (generation == m_generation && m_running)
        emit progressChanged(state->progress.load());
}

} // namespace cs::ui
