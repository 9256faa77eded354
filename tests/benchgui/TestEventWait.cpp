// The GUI benchmarks wait for the window with bench::runUntil: the event loop runs until a condition holds,
// and no longer than asked.
#include "EventWait.h"

#include <QCoreApplication>
#include <QTest>
#include <QTimer>
#include <atomic>
#include <thread>

using namespace cs::bench;

class TestEventWait : public QObject
{
    Q_OBJECT

private slots:
    void whatHoldsAlreadyRunsNoEvent()
    {
        bool ran = false;
        QTimer::singleShot(0, this, [&] { ran = true; });
        QVERIFY(runUntil([] { return true; }, 1000));
        QVERIFY(!ran);
        QTRY_VERIFY(ran); // the timer is still there for the next loop
    }

    void endsWhenAnotherThreadsCallArrives()
    {
        bool done = false;
        int events = 0;
        std::thread worker([&] {
            QMetaObject::invokeMethod(
                this, [&] { ++events; }, Qt::QueuedConnection);
            QMetaObject::invokeMethod(
                this, [&] { done = true; }, Qt::QueuedConnection);
        });
        QVERIFY(runUntil([&] { return done; }, 10000));
        worker.join();
        QVERIFY(done);
        QCOMPARE(events, 1);
    }

    void endsAfterEventsChainedOneByOne()
    {
        // Each event posts the next: the loop keeps running them until the last.
        int left = 50;
        std::function<void()> next = [&] {
            if (--left > 0)
                QTimer::singleShot(0, this, next);
        };
        QTimer::singleShot(0, this, next);
        QVERIFY(runUntil([&] { return left == 0; }, 10000));
        QCOMPARE(left, 0);
    }

    void givesUpAtTheTimeout()
    {
        bool never = false;
        QVERIFY(!runUntil([&] { return never; }, 50));
    }
};

QTEST_GUILESS_MAIN(TestEventWait)
#include "TestEventWait.moc"
