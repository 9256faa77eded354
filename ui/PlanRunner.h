#pragma once

#include "BackgroundJob.h"

#include <QPointer>
#include <QString>
#include <QVector3D>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

class QTimer;

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

/// The QObject side of PlanRunner<Snapshot, Plan>: the document, the debounce and follow timers, the
/// revision a snapshot was gathered at, the preview, progress, stop and the one wait. See PlanRunner.
class PlanRunnerBase : public QObject
{
    Q_OBJECT

public:
    /// Preview lines in world space: per part, two points per segment.
    using Preview = std::vector<std::vector<QVector3D>>;

    ~PlanRunnerBase() override;

    /// The document plans are made for; null once it was destroyed.
    cs::document::Document* document() const { return m_document; }
    /// Plans for `document` from now on (a tool that follows the window's document): the run in progress
    /// and the plan at hand are dropped. Null: nothing runs until another is set.
    void setDocument(cs::document::Document* document);
    /// The pause optionsChanged() waits for more changes before planning (0 at first).
    void setDebounce(int milliseconds);
    /// What refusal() says when apply() meets a plan made at another revision.
    void setStaleText(const QString& text) { m_staleText = text; }

    /// True while a plan for the current options is being made or about to be (the debounce pending).
    bool isBusy() const;
    /// True once close() was called or the document was destroyed (until setDocument): nothing runs.
    bool isClosed() const { return m_closed; }
    /// Document::revision() when the current snapshot was gathered (or found unchanged after an edit).
    std::uint64_t revision() const { return m_revision; }
    /// Why the last apply() refused (empty when it did not).
    const QString& refusal() const { return m_refusal; }
    /// The preview last announced (empty when none).
    const Preview& preview() const { return m_preview; }
    /// Runs the event loop until nothing is being planned, about to be, or waiting to follow an edit, or
    /// `milliseconds` passed; true when idle in time. The one wait of every tool built on a runner.
    bool waitForIdle(int milliseconds);

public slots:
    /// The options changed: the plan in progress or at hand no longer stands; plan again after the debounce
    /// pause, so that a burst of changes plans once.
    void optionsChanged();
    /// Gathers and plans now; a run in progress is cancelled.
    void run();
    /// Stops the run in progress or about to start; nothing is delivered and the preview goes. True when
    /// something was stopped.
    bool stop();
    /// For good (the tool closed): stops, drops the plan, follows no more edits; with a preview function,
    /// announces previewCleared() (the owner may have drawn one) the first time.
    void close();

signals:
    /// The run in progress reported progress (0..1); 0 when a run starts.
    void progressChanged(double fraction);
    /// Busy or not, or the plan dropped: the tool shows its state again.
    void stateChanged();
    /// A run ended on the GUI thread: plan() is its plan, or null when gathering found nothing to plan.
    void finished();
    /// After an edit the snapshot gathered again was the same: the plan stands, now at the new revision.
    void followed();
    /// The document was edited and the runner is about to follow (only when following); the owner may
    /// close() here, e.g. when what it works on is gone.
    void documentEdited();
    /// The document was destroyed: the plan is dropped and nothing runs any more.
    void documentGone();
    /// A plan's preview (PlanRunner::setPreview) is ready or moved with the document.
    void previewChanged(const cs::ui::PlanRunnerBase::Preview& parts);
    /// The preview should go: the run failed or was stopped, or the runner closed.
    void previewCleared();

protected:
    PlanRunnerBase(cs::document::Document* document, BackgroundJobBase* job, QObject* parent);

    /// Follow the document's edits (see PlanRunner::follow).
    void startFollowing();
    /// True when the plan at hand was made at the document's current revision; when following and only the
    /// revision differs, gathers again first (an edit whose follow is still pending).
    bool planIsCurrent();
    /// Runs `apply` when planIsCurrent(), else sets refusal(); edits made by `apply` are not followed.
    bool applyChecked(const std::function<void()>& apply);

    // What the typed runner does with its snapshot and plan.
    virtual bool gatherAndStart() = 0; ///< false when gathering found nothing to plan
    virtual void dropPlan() = 0;
    virtual bool hasPlan() const = 0;
    /// Gathers again after an edit: true when the snapshot is the same (it is then the new one).
    virtual bool gatherSame() = 0;
    virtual bool hasPreview() const = 0;
    /// The plan's preview for the document as it is (empty without a plan).
    virtual Preview makePreview() const = 0;
    /// After a run or a follow: announces the plan's preview, or clears it when the plan has none.
    void showPreview();
    void clearPreview();

private:
    void connectDocument();
    void follow();
    void documentDestroyed();

    QPointer<cs::document::Document> m_document;
    BackgroundJobBase* m_job;
    QTimer* m_debounce;
    QTimer* m_follow = nullptr; // coalesces edits; made by startFollowing()
    bool m_following = false;
    std::uint64_t m_revision = 0;
    QString m_staleText;
    QString m_refusal;
    Preview m_preview;
    bool m_closed = false;
    bool m_applying = false;
};

/// One heavy tool's cycle, the same for every tool: gather (GUI thread: a snapshot read from the document,
/// tagged with Document::revision()), plan (any thread: a pure function of the snapshot, cancellable
/// through the JobToken, reporting progress), apply (GUI thread: one undoable command, refused when the
/// plan was made at another revision). The tool keeps its form and words; the runner owns the
/// BackgroundJob, the debounce of option changes, the revision check, following the document's edits, and
/// dropping everything when the document is destroyed.
///
///     PlanRunner<Points, Hull> runner(doc, gatherPoints, makeHull, this);
///     connect(&runner, &PlanRunnerBase::finished, this, [&] { show(runner.plan()); });
///     connect(form, &Form::changed, &runner, &PlanRunnerBase::optionsChanged);
///     runner.apply([](Document& d, const Points& p, const Hull& h) { pushHull(d, p, h); });
template <class Snapshot, class Plan> class PlanRunner : public PlanRunnerBase
{
public:
    /// Reads what the plan needs; null when there is nothing to plan (the tool knows why).
    using Gather = std::function<std::shared_ptr<const Snapshot>(cs::document::Document&)>;
    using Make = std::function<Plan(const Snapshot&, const JobToken&)>;
    /// Whether a plan made from `before` stands for `now` (gathered after an edit).
    using Same = std::function<bool(const Snapshot& before, const Snapshot& now)>;
    /// The plan's preview lines in world space, for the document as it is now (GUI thread).
    using PreviewOf = std::function<Preview(const cs::document::Document&, const Snapshot&, const Plan&)>;

    PlanRunner(cs::document::Document* document, Gather gather, Make make, QObject* parent = nullptr)
        : PlanRunner(document, new BackgroundJob<Plan>(), std::move(gather), std::move(make), parent)
    {}

    /// Follows the document's edits: after each (coalesced), gathers again; when `same` says the snapshot
    /// is unchanged the plan stands at the new revision (followed()), else it is made again. Without
    /// following, any edit makes the plan stale.
    void follow(Same same)
    {
        m_same = std::move(same);
        startFollowing();
    }

    /// Shows each plan's preview: announced when a plan arrives and when following moves it; cleared when
    /// a plan has none (it failed), on stop() and close().
    void setPreview(PreviewOf preview) { m_previewOf = std::move(preview); }

    /// The latest snapshot gathered; null before the first run or when it found nothing.
    const Snapshot* snapshot() const { return m_snapshot.get(); }
    /// The plan for the current options and snapshot; null while it is being made or after a change.
    const Plan* plan() const { return m_plan.get(); }

    /// Runs edit(document, snapshot, plan) on the GUI thread when there is a plan made at the document's
    /// current revision (after following a pending edit, when following); else refuses (refusal() says
    /// why) and returns false. The revision stays the plan's, so the same plan is not applied twice unless
    /// following finds the snapshot unchanged after the edit.
    template <class Edit> bool apply(Edit&& edit)
    {
        if (!m_plan || !m_snapshot)
            return false;
        // Kept alive: the edit emits changes that may drop the plan.
        const std::shared_ptr<const Snapshot> snapshot = m_snapshot;
        const std::shared_ptr<const Plan> plan = m_plan;
        return applyChecked([&] { edit(*document(), *snapshot, *plan); });
    }

protected:
    bool gatherAndStart() override
    {
        m_snapshot = m_gather(*document());
        if (!m_snapshot)
            return false;
        m_job->start(
            [snapshot = m_snapshot, make = m_make](const JobToken& token) { return make(*snapshot, token); });
        return true;
    }
    void dropPlan() override { m_plan.reset(); }
    bool hasPlan() const override { return m_plan != nullptr; }
    bool hasPreview() const override { return m_previewOf != nullptr; }
    Preview makePreview() const override
    {
        if (!m_previewOf || !m_plan || !m_snapshot || !document())
            return {};
        return m_previewOf(*document(), *m_snapshot, *m_plan);
    }
    bool gatherSame() override
    {
        std::shared_ptr<const Snapshot> now = m_gather(*document());
        const bool same = m_snapshot && now ? m_same(*m_snapshot, *now) : m_snapshot == now;
        if (same)
            m_snapshot = std::move(now);
        return same;
    }

private:
    PlanRunner(cs::document::Document* document, BackgroundJob<Plan>* job, Gather gather, Make make,
               QObject* parent)
        : PlanRunnerBase(document, job, parent), m_job(job), m_gather(std::move(gather)),
          m_make(std::move(make))
    {
        m_job->setOnFinished([this](Plan plan) {
            m_plan = std::make_shared<const Plan>(std::move(plan));
            showPreview();
            emit finished();
            emit stateChanged();
        });
    }

    BackgroundJob<Plan>* m_job;
    Gather m_gather;
    Make m_make;
    Same m_same;
    PreviewOf m_previewOf;
    std::shared_ptr<const Snapshot> m_snapshot;
    std::shared_ptr<const Plan> m_plan;
};

} // namespace cs::ui
