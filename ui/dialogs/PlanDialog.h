#pragma once

#include "Diagnostic.h"

#include <QDialog>
#include <QString>

class QPushButton;

namespace cs::ui {

class JobResultBox;
class PlanRunnerBase;

/// What the hull and decomposition dialogs share around their PlanRunner: the result box (busy, progress,
/// Stop, the error or the figures), Apply enabled while there is a result, the count of finished runs, the
/// preview cleared when the dialog closes or is deleted, and closing when the document is destroyed.
/// A subclass makes its runner and form, calls attach(), and says what a plan shows (takeResult,
/// showFigures).
class PlanDialog : public QDialog
{
    Q_OBJECT

public:
    ~PlanDialog() override;

    /// True while a result for the current options is being computed (or about to be).
    bool isComputing() const;
    /// True when a result for the current options is ready (Apply is then enabled).
    virtual bool hasResult() const = 0;
    /// Runs the event loop until the current computation is over or `milliseconds` passed; hasResult().
    bool waitForResult(int milliseconds);
    QString errorText() const
    {
        return m_error;
    } ///< why there is no result (no mesh, stopped...), else empty
    /// How many computations delivered a result or an error (cancelled ones do not count).
    int finishedRuns() const { return m_finishedRuns; }

public slots:
    /// Stops the computation in progress (the dialog stays open without a result).
    void stopComputing();
    /// Computes for the current options now (option changes otherwise start a run after a short pause, so
    /// that a burst of changes computes once). A run in progress is cancelled.
    void recompute();

signals:
    /// The preview should go (the dialog closed, or its result no longer stands).
    void previewCleared();
    /// A computation for the current options finished, with a result or an error.
    void resultReady();

protected:
    explicit PlanDialog(QWidget* parent);

    /// Shows `runner`'s state in `results`, enables `apply` with a result; `stopped` is the error after Stop.
    void attach(PlanRunnerBase* runner, JobResultBox* results, QPushButton* apply, const QString& stopped);
    /// A plan arrived (or gathering found nothing): takes what it shows; the error when it has no result.
    virtual QString takeResult() = 0;
    /// Shows the result's figures in the result box.
    virtual void showFigures() = 0;
    /// Apply failed or was refused: shows why.
    void showError(const QString& error);
    /// Why a run has no result: the errors among `planDiagnostics` (null when gathering found nothing to
    /// plan: `sourceError`), else `noPlan` (or `noSource`).
    static QString failureText(const Diagnostics* planDiagnostics, const QString& sourceError,
                               const QString& noPlan, const QString& noSource);
    void done(int result) override;

private:
    void runFinished();
    void showResult();

    PlanRunnerBase* m_runner = nullptr;
    JobResultBox* m_results = nullptr;
    QPushButton* m_apply = nullptr;
    QString m_stopped;
    QString m_error;
    int m_finishedRuns = 0;
};

} // namespace cs::ui
