#pragma once

#include <QFuture>
#include <QList>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <functional>
#include <memory>
#include <utility>

namespace cs::ui {

/// What a background job's work sees of its run: whether it should stop, and a way to report progress.
/// Cheap to copy; it stays valid after the job that made it is gone (its reports then go nowhere).
class JobToken
{
public:
    /// Shared between the GUI thread and the worker of one run.
    struct State
    {
        std::atomic<bool> cancel{false};
        std::atomic<double> progress{0.0};
        std::atomic<bool> progressPending{false}; ///< a progress report is queued and not yet read
        std::function<void()> notify;             ///< queues a progress report on the GUI thread
    };

    explicit JobToken(std::shared_ptr<State> state) : m_state(std::move(state)) {}

    /// True once the run was cancelled or superseded; cooperative work returns early.
    bool cancelled() const { return m_state->cancel.load(); }
    /// The flag behind cancelled(), for the geometry options that take a `const std::atomic<bool>*`.
    const std::atomic<bool>* cancelFlag() const { return &m_state->cancel; }
    /// Reports how far the work is, 0..1. Reports are coalesced: the GUI thread sees the latest.
    void progress(double fraction) const;
    /// progress() as the callback core's cancellable functions take.
    std::function<void(double)> progressReport() const
    {
        return [state = m_state](double fraction) { JobToken(state).progress(fraction); };
    }

private:
    std::shared_ptr<State> m_state;
};

/// The QObject side of BackgroundJob<Result>: the generation counter, cancelling, progress on the GUI
/// thread, and waiting for the worker threads when it is destroyed.
class BackgroundJobBase : public QObject
{
    Q_OBJECT

public:
    explicit BackgroundJobBase(QObject* parent = nullptr);
    /// Cancels the run in progress and waits for every worker still running; nothing is delivered.
    ~BackgroundJobBase() override;

    /// True from start() until the current run's result was delivered or the run was cancelled.
    bool isRunning() const { return m_running; }
    /// Counts start() and cancel() calls: a result is delivered only if no call came after its start().
    quint64 generation() const { return m_generation; }
    /// Cancels the run in progress: its token says cancelled and its result, if any, is dropped.
    void cancel();
    /// Runs the event loop until no run is in progress or `milliseconds` passed; true when idle in time.
    bool waitForIdle(int milliseconds);

signals:
    /// The current run reported progress (0..1), on the GUI thread.
    void progressChanged(double fraction);
    /// The current run's result was delivered (after the finished callback returned).
    void finished();

protected:
    /// Starts a new generation: the previous run is cancelled; returns the token state of the new run.
    std::shared_ptr<JobToken::State> beginRun();
    /// Keeps `future` to wait for it on destruction.
    void track(const QFuture<void>& future);
    /// True when a result of `generation` is still wanted; marks the job idle then.
    bool acceptResult(quint64 generation);

private:
    void deliverProgress(quint64 generation, const std::shared_ptr<JobToken::State>& state);

    QList<QFuture<void>> m_runs; // every run not known to be over
    std::shared_ptr<JobToken::State> m_current;
    quint64 m_generation = 0;
    bool m_running = false;
};

/// Runs work off the GUI thread and hands its Result to a callback on the GUI thread, once per start().
/// Starting again or cancel() supersedes the run in progress: its token turns cancelled (cooperative work
/// stops early) and its result, should it still come, is dropped. Destroying the job waits for the
/// workers and delivers nothing.
///
///     BackgroundJob<Hull> job;
///     job.setOnFinished([](Hull hull) { ... });                    // on the GUI thread
///     job.start([points](const JobToken& token) { return makeHull(points, token); });
///
/// The work runs on QThreadPool::globalInstance(); it must not touch widgets or the document, only what it
/// captured by value.
template <class Result> class BackgroundJob : public BackgroundJobBase
{
public:
    using Work = std::function<Result(const JobToken&)>;
    using Finished = std::function<void(Result)>;

    explicit BackgroundJob(QObject* parent = nullptr) : BackgroundJobBase(parent) {}

    /// Called on the GUI thread with the result of the latest run that was neither superseded nor
    /// cancelled.
    void setOnFinished(Finished finished) { m_finished = std::move(finished); }

    /// Cancels the run in progress and runs `work` on a worker thread.
    void start(Work work)
    {
        const std::shared_ptr<JobToken::State> state = beginRun();
        const quint64 run = generation();
        track(QtConcurrent::run([this, state, run, work = std::move(work)] {
            auto result = std::make_shared<Result>(work(JobToken(state)));
            if (state->cancel.load())
                return; // superseded or cancelled: nobody wants it
            // The job outlives its workers (its destructor waits for them), so `this` is valid here; a
            // queued call to a job destroyed before the call runs is dropped by Qt.
            QMetaObject::invokeMethod(
                this, [this, run, result] { deliver(run, std::move(*result)); }, Qt::QueuedConnection);
        }));
    }

private:
    void deliver(quint64 run, Result result)
    {
        if (!acceptResult(run))
            return;
        if (m_finished)
            m_finished(std::move(result));
        emit finished();
    }

    Finished m_finished;
};

} // namespace cs::ui
