#include "PlanRunner.h"

#include "EventWait.h"
#include "document/Document.h"

#include <QTimer>
#include <QUndoStack>

namespace cs::ui {

PlanRunnerBase::PlanRunnerBase(document::Document* document, BackgroundJobBase* job, QObject* parent)
    : QObject(parent), m_document(document), m_job(job), m_debounce(new QTimer(this)),
      m_staleText(tr("The document changed while this was computed, so it was not applied. Compute it "
                     "again."))
{
    m_job->setParent(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(0);
    connect(m_debounce, &QTimer::timeout, this, &PlanRunnerBase::run);
    connect(m_job, &BackgroundJobBase::progressChanged, this, &PlanRunnerBase::progressChanged);
    m_closed = !m_document;
    connectDocument();
}

PlanRunnerBase::~PlanRunnerBase()
{
    // Before the typed runner's members are gone: the job waits for its workers and delivers nothing.
    m_job->cancel();
    delete m_job;
}

void PlanRunnerBase::setDocument(document::Document* document)
{
    if (document == m_document && !m_closed)
        return;
    close();
    m_document = document;
    m_closed = !document;
    connectDocument();
    emit stateChanged();
}

void PlanRunnerBase::connectDocument()
{
    if (!m_document)
        return;
    connect(m_document, &QObject::destroyed, this, &PlanRunnerBase::documentDestroyed);
    if (!m_following)
        return;
    // Every change of the data raises the revision; a change of the undo index alone does too.
    const auto edited = [this] {
        if (!m_closed && !m_applying && m_document && m_document->revision() != m_revision)
            m_follow->start();
    };
    connect(m_document, &document::Document::changed, this, edited);
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, edited);
}

void PlanRunnerBase::setDebounce(int milliseconds)
{
    m_debounce->setInterval(milliseconds);
}

bool PlanRunnerBase::isBusy() const
{
    return m_job->isRunning() || m_debounce->isActive();
}

bool PlanRunnerBase::waitForIdle(int milliseconds)
{
    return waitWhile([this] { return isBusy() || (m_follow && m_follow->isActive()); }, milliseconds);
}

void PlanRunnerBase::optionsChanged()
{
    if (m_closed)
        return;
    m_job->cancel();
    dropPlan();
    m_debounce->start();
    emit stateChanged();
}

void PlanRunnerBase::run()
{
    if (m_closed)
        return;
    m_debounce->stop();
    m_job->cancel();
    dropPlan();
    m_refusal.clear();
    m_revision = m_document->revision();
    if (!gatherAndStart()) {
        clearPreview();
        emit finished(); // nothing to plan: the tool says why
        emit stateChanged();
        return;
    }
    emit progressChanged(0);
    emit stateChanged();
}

bool PlanRunnerBase::stop()
{
    if (!isBusy())
        return false;
    m_debounce->stop();
    m_job->cancel();
    dropPlan();
    clearPreview(); // it showed the plan of earlier options
    emit stateChanged();
    return true;
}

void PlanRunnerBase::close()
{
    if (!m_closed && hasPreview()) {
        m_preview.clear();
        emit previewCleared();
    }
    m_closed = true;
    m_debounce->stop();
    if (m_follow)
        m_follow->stop();
    m_job->cancel();
    dropPlan();
    if (m_document) {
        disconnect(m_document, nullptr, this, nullptr);
        disconnect(m_document->undoStack(), nullptr, this, nullptr);
    }
}

void PlanRunnerBase::documentDestroyed()
{
    m_document = nullptr; // being destroyed: its connections go with it
    close();
    emit documentGone();
}

void PlanRunnerBase::startFollowing()
{
    if (m_following)
        return;
    m_following = true;
    m_follow = new QTimer(this);
    m_follow->setSingleShot(true);
    m_follow->setInterval(0);
    connect(m_follow, &QTimer::timeout, this, &PlanRunnerBase::follow);
    if (m_document && !m_closed) {
        disconnect(m_document, nullptr, this, nullptr);
        connectDocument();
    }
}

void PlanRunnerBase::follow()
{
    if (m_closed || m_document->revision() == m_revision)
        return;
    emit documentEdited();
    if (m_closed)
        return; // the owner closed: what it works on is gone
    if (!gatherSame()) {
        optionsChanged();
        return;
    }
    m_revision = m_document->revision();
    if (hasPlan()) // a run in progress keeps the preview of the plan before it until it ends
        showPreview();
    emit followed();
}

void PlanRunnerBase::showPreview()
{
    Preview parts = makePreview();
    if (parts.empty()) {
        clearPreview();
        return;
    }
    if (parts == m_preview)
        return;
    m_preview = std::move(parts);
    emit previewChanged(m_preview);
}

void PlanRunnerBase::clearPreview()
{
    if (m_preview.empty())
        return;
    m_preview.clear();
    emit previewCleared();
}

bool PlanRunnerBase::planIsCurrent()
{
    if (m_closed || !hasPlan())
        return false;
    if (m_document->revision() != m_revision && m_follow) {
        m_follow->stop();
        follow();
    }
    return hasPlan() && m_document->revision() == m_revision;
}

bool PlanRunnerBase::applyChecked(const std::function<void()>& apply)
{
    m_refusal.clear();
    if (m_closed || !hasPlan())
        return false;
    if (!planIsCurrent()) {
        m_refusal = m_staleText;
        return false;
    }
    m_applying = true;
    apply();
    m_applying = false;
    // The revision stays the plan's: the edit raised the document's, so the same plan is not applied twice.
    return true;
}

} // namespace cs::ui
