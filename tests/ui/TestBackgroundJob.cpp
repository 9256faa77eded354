// BackgroundJob<Result>: the result on the GUI thread, a second start drops the first's result, cancel stops
// a cooperative job without a delivery, progress reaches the GUI thread, destruction while running.
#include "BackgroundJob.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <memory>
#include <vector>

using cs::ui::BackgroundJob;
using cs::ui::JobToken;

namespace {

/// Work that waits until the test lets it go (or it is cancelled), then returns `value`.
struct Gate
{
    QSemaphore open;
    std::atomic<bool> sawCancel{false};
};

BackgroundJob<int>::Work gated(std::shared_ptr<Gate> gate, int value)
{
    return [gate, value](const JobToken& token) {
        while (!gate->open.tryAcquire(1, 5)) {
            if (token.cancelled()) {
                gate->sawCancel = true;
                return -1;
            }
        }
        return value;
    };
}

} // namespace

class TestBackgroundJob : public QObject
{
    Q_OBJECT

private slots:
    void theResultArrivesOnTheGuiThread()
    {
        BackgroundJob<std::vector<int>> job;
        std::vector<int> got;
        QThread* deliveredOn = nullptr;
        QThread* workedOn = nullptr;
        job.setOnFinished([&](std::vector<int> v) {
            got = std::move(v);
            deliveredOn = QThread::currentThread();
        });
        QSignalSpy finished(&job, &cs::ui::BackgroundJobBase::finished);
        job.start([&workedOn](const JobToken&) {
            workedOn = QThread::currentThread();
            return std::vector<int>{3, 1, 4};
        });
        QVERIFY(job.isRunning());
        QVERIFY(got.empty()); // not delivered before the event loop runs
        QVERIFY(job.waitForIdle(5000));
        QCOMPARE(got, (std::vector<int>{3, 1, 4}));
        QCOMPARE(deliveredOn, QCoreApplication::instance()->thread());
        QVERIFY(workedOn != nullptr && workedOn != QCoreApplication::instance()->thread());
        QCOMPARE(finished.count(), 1);
        QVERIFY(!job.isRunning());
    }

    void aSecondStartDropsTheFirstResult()
    {
        BackgroundJob<int> job;
        std::vector<int> got;
        job.setOnFinished([&](int v) { got.push_back(v); });
        auto first = std::make_shared<Gate>();
        auto second = std::make_shared<Gate>();
        job.start(gated(first, 1));
        const quint64 before = job.generation();
        job.start(gated(second, 2));
        QVERIFY(job.generation() > before);
        // The first run was told to stop; let the second finish.
        QTRY_VERIFY(first->sawCancel.load());
        second->open.release();
        QVERIFY(job.waitForIdle(5000));
        QCOMPARE(got, std::vector<int>{2});
    }

    void aResultAlreadyQueuedForAnOlderStartIsDropped()
    {
        BackgroundJob<int> job;
        std::vector<int> got;
        job.setOnFinished([&](int v) { got.push_back(v); });
        auto done = std::make_shared<std::atomic<bool>>(false);
        job.start([done](const JobToken&) {
            done->store(true);
            return 1;
        });
        // The first run ends and queues its result; no event is processed before the second start.
        while (!done->load())
            QThread::msleep(1);
        QThread::msleep(20);
        auto gate = std::make_shared<Gate>();
        job.start(gated(gate, 2));
        QCoreApplication::processEvents(); // the first result's delivery runs here, and is dropped
        QVERIFY(got.empty());
        QVERIFY(job.isRunning());
        gate->open.release();
        QVERIFY(job.waitForIdle(5000));
        QCOMPARE(got, std::vector<int>{2});
    }

    void aNonCooperativeFirstRunIsDroppedToo()
    {
        BackgroundJob<int> job;
        std::vector<int> got;
        job.setOnFinished([&](int v) { got.push_back(v); });
        auto slow = std::make_shared<std::atomic<bool>>(false);
        // Ignores its token: it finishes after the second run, with a result nobody wants.
        job.start([slow](const JobToken&) {
            while (!slow->load())
                QThread::msleep(2);
            return 1;
        });
        job.start([](const JobToken&) { return 2; });
        QVERIFY(job.waitForIdle(5000));
        slow->store(true);
        QTest::qWait(50);
        QCoreApplication::processEvents();
        QCOMPARE(got, std::vector<int>{2});
    }

    void cancelStopsACooperativeJobWithoutADelivery()
    {
        BackgroundJob<int> job;
        int deliveries = 0;
        job.setOnFinished([&](int) { ++deliveries; });
        auto gate = std::make_shared<Gate>();
        job.start(gated(gate, 7));
        QVERIFY(job.isRunning());
        job.cancel();
        QVERIFY(!job.isRunning());
        QTRY_VERIFY(gate->sawCancel.load());
        QTest::qWait(30);
        QCOMPARE(deliveries, 0);
    }

    void progressArrivesOnTheGuiThread()
    {
        BackgroundJob<int> job;
        std::vector<double> seen;
        QThread* progressOn = nullptr;
        connect(&job, &cs::ui::BackgroundJobBase::progressChanged, this, [&](double f) {
            seen.push_back(f);
            progressOn = QThread::currentThread();
        });
        auto gate = std::make_shared<Gate>();
        job.start([gate](const JobToken& token) {
            token.progress(0.25);
            gate->open.acquire(); // the GUI thread sees 0.25 before the run goes on
            token.progress(0.75);
            gate->open.acquire();
            return 1;
        });
        QTRY_VERIFY(!seen.empty());
        QCOMPARE(seen.back(), 0.25);
        gate->open.release();
        QTRY_COMPARE(seen.back(), 0.75);
        gate->open.release();
        QVERIFY(job.waitForIdle(5000));
        QCOMPARE(progressOn, QCoreApplication::instance()->thread());
    }

    void destructionWhileRunningDeliversNothing()
    {
        int deliveries = 0;
        auto gate = std::make_shared<Gate>();
        {
            auto job = std::make_unique<BackgroundJob<int>>();
            job->setOnFinished([&](int) { ++deliveries; });
            job->start(gated(gate, 5));
            QVERIFY(job->isRunning());
        } // waits for the worker, which sees its cancel flag
        QVERIFY(gate->sawCancel.load());
        // A job whose work already finished but whose result is still queued.
        {
            auto job = std::make_unique<BackgroundJob<int>>();
            job->setOnFinished([&](int) { ++deliveries; });
            auto done = std::make_shared<std::atomic<bool>>(false);
            job->start([done](const JobToken&) {
                done->store(true);
                return 9;
            });
            while (!done->load())
                QThread::msleep(1);
            QThread::msleep(20);
        }
        QTest::qWait(30);
        QCOMPARE(deliveries, 0);
    }
};

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "TestBackgroundJob.moc"
