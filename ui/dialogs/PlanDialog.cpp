#include "dialogs/PlanDialog.h"

#include "ChildSignals.h"
#include "PlanRunner.h"
#include "dialogs/DialogText.h"
#include "widgets/JobResultBox.h"

#include <QPushButton>

namespace cs::ui {

PlanDialog::PlanDialog(QWidget* parent) : QDialog(parent) {}

PlanDialog::~PlanDialog()
{
    disconnectChildrenFrom(this);
    // Deleted without being closed: the preview goes all the same.
    if (m_runner && !m_runner->isClosed())
        emit previewCleared();
    if (m_runner)
        m_runner->close();
}

void PlanDialog::attach(PlanRunnerBase* runner, JobResultBox* results, QPushButton* apply,
                        const QString& stopped)
{
    m_runner = runner;
    m_results = results;
    m_apply = apply;
    m_stopped = stopped;
    connect(runner, &PlanRunnerBase::previewCleared, this, &PlanDialog::previewCleared);
    connect(runner, &PlanRunnerBase::finished, this, &PlanDialog::runFinished);
    connect(runner, &PlanRunnerBase::stateChanged, this, &PlanDialog::showResult);
    connect(runner, &PlanRunnerBase::progressChanged, results, &JobResultBox::setProgress);
    connect(runner, &PlanRunnerBase::documentGone, this, &QDialog::reject);
    connect(results, &JobResultBox::stopRequested, this, &PlanDialog::stopComputing);
}

bool PlanDialog::isComputing() const
{
    return m_runner->isBusy();
}

bool PlanDialog::waitForResult(int milliseconds)
{
    m_runner->waitForIdle(milliseconds);
    return hasResult();
}

void PlanDialog::stopComputing()
{
    if (!m_runner->stop())
        return;
    m_error = m_stopped;
    ++m_finishedRuns;
    showResult();
    emit resultReady();
}

void PlanDialog::recompute()
{
    m_runner->run();
}

void PlanDialog::runFinished()
{
    ++m_finishedRuns;
    m_error = takeResult();
    showResult();
    emit resultReady();
}

void PlanDialog::showResult()
{
    const bool busy = isComputing();
    if (busy)
        m_error.clear(); // a new run: the error was of the one before
    m_results->setBusy(busy);
    m_apply->setEnabled(hasResult());
    m_results->setError(m_error);
    if (hasResult())
        showFigures();
    else
        m_results->setFiguresText(busy ? tr("computing...") : QStringLiteral("-"));
}

void PlanDialog::showError(const QString& error)
{
    m_error = error;
    showResult();
}

QString PlanDialog::failureText(const Diagnostics* planDiagnostics, const QString& sourceError,
                                const QString& noPlan, const QString& noSource)
{
    QString error = planDiagnostics ? errorLines(*planDiagnostics) : sourceError;
    if (!error.isEmpty())
        return error;
    return planDiagnostics ? noPlan : noSource;
}

void PlanDialog::done(int result)
{
    m_runner->close(); // announces the end of the preview
    QDialog::done(result);
}

} // namespace cs::ui
