// PlanRunner: a burst of option changes plans once, a plan made at another revision is refused (a merged edit
// and an undo followed by a new edit both leave the undo index where it was), stop drops the result, the
// result arrives on the GUI thread, following keeps a plan whose snapshot an edit left alone, and the
// document's end drops everything (issue #48).
#include "PlanRunner.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/NodeCommands.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QUndoStack>
#include <atomic>
#include <memory>
#include <string>

using namespace cs;
using cs::ui::JobToken;
using cs::ui::PlanRunnerBase;

namespace {

constexpr int kWait = 10000;

/// What the runner gathers: node 0's name.
struct Name
{
    std::string text;
};

/// What it plans: the name's length, and the thread that worked it out.
struct Length
{
    size_t value = 0;
    QThread* thread = nullptr;
};

using Runner = ui::PlanRunner<Name, Length>;

std::unique_ptr<document::Document> makeDocument()
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "nodes": [{"name": "Crate"}, {"name": "Other"}],
      "scenes": [{"nodes": [0, 1]}],
      "scene": 0
    })");
    return std::make_unique<document::Document>(std::move(g));
}

std::shared_ptr<const Name> gatherName(document::Document& d)
{
    return std::make_shared<const Name>(Name{d.gltf().json()["nodes"][0]["name"].get<std::string>()});
}

/// Counts the plans made; each takes the length of the gathered name.
struct Counter
{
    std::shared_ptr<std::atomic<int>> plans = std::make_shared<std::atomic<int>>(0);

    Runner::Make make() const
    {
        return [plans = plans](const Name& name, const JobToken&) {
            ++*plans;
            return Length{name.text.size(), QThread::currentThread()};
        };
    }
};

/// An edit of node 1 applied through the runner: one undo step.
void renameOther(document::Document& d, const Name&, const Length& length)
{
    d.push(new document::RenameNode(&d, 1, "Other " + std::to_string(length.value)));
}

} // namespace

class TestPlanRunner : public QObject
{
    Q_OBJECT

private slots:
    void aBurstOfOptionChangesPlansOnce()
    {
        auto d = makeDocument();
        Counter counter;
        Runner runner(d.get(), &gatherName, counter.make());
        runner.setDebounce(30);
        QSignalSpy finished(&runner, &PlanRunnerBase::finished);
        for (int i = 0; i < 5; ++i)
            runner.optionsChanged();
        QVERIFY(runner.isBusy());
        QVERIFY(!runner.plan());
        QVERIFY(runner.waitForIdle(kWait));
        QCOMPARE(counter.plans->load(), 1);
        QCOMPARE(finished.count(), 1);
        QVERIFY(runner.plan());
        QCOMPARE(runner.plan()->value, std::string("Crate").size());
        QCOMPARE(runner.revision(), d->revision());
    }

    void aPlanForAnotherRevisionIsRefused()
    {
        for (int change : {0, 1}) { // a merged edit; an undo, then a new edit
            auto d = makeDocument();
            QUndoStack* stack = d->undoStack();
            // The edit before the plan, the second half of which comes after it.
            if (change == 0)
                d->push(new document::SetNodeTranslation(d.get(), 0, document::Vec3{0, 0, 1}));
            else
                d->push(new document::RenameNode(d.get(), 1, "Renamed"));
            Counter counter;
            Runner runner(d.get(), &gatherName, counter.make());
            runner.run();
            QVERIFY(runner.waitForIdle(kWait));
            QVERIFY(runner.plan());
            const int index = stack->index();
            const int count = stack->count();
            if (change == 0) {
                d->push(new document::SetNodeTranslation(d.get(), 0, document::Vec3{0, 0, 2}));
            } else {
                stack->undo();
                d->push(new document::SetNodeTranslation(d.get(), 0, document::Vec3{0, 0, 3}));
            }
            QCOMPARE(stack->index(), index); // the undo index cannot tell
            const std::string before = d->savedJson().dump();
            bool ran = false;
            QVERIFY(!runner.apply([&](document::Document&, const Name&, const Length&) { ran = true; }));
            QVERIFY(!ran);
            QVERIFY(runner.refusal().contains(QStringLiteral("changed")));
            QCOMPARE(d->savedJson().dump(), before);

            // Planned again at the new revision, it applies as one undo step, once.
            runner.run();
            QVERIFY(runner.waitForIdle(kWait));
            QVERIFY(runner.apply(&renameOther));
            QVERIFY(runner.refusal().isEmpty());
            QCOMPARE(stack->count(), count + 1);
            QCOMPARE(d->gltf().json()["nodes"][1]["name"].get<std::string>(), std::string("Other 5"));
            QVERIFY(!runner.apply(&renameOther)); // the edit raised the revision
        }
    }

    void stopDropsTheResult()
    {
        auto d = makeDocument();
        auto gate = std::make_shared<QSemaphore>();
        auto sawCancel = std::make_shared<std::atomic<bool>>(false);
        Runner runner(d.get(), &gatherName, [gate, sawCancel](const Name& name, const JobToken& token) {
            while (!gate->tryAcquire(1, 5))
                if (token.cancelled()) {
                    *sawCancel = true;
                    break;
                }
            return Length{name.text.size(), nullptr};
        });
        QSignalSpy finished(&runner, &PlanRunnerBase::finished);
        runner.run();
        QVERIFY(runner.isBusy());
        QVERIFY(runner.stop());
        QVERIFY(!runner.isBusy());
        QVERIFY(!runner.stop()); // nothing left to stop
        QTRY_VERIFY(sawCancel->load());
        gate->release();
        QTest::qWait(50);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!runner.plan());
        QVERIFY(!runner.apply(&renameOther));
        QCOMPARE(d->undoStack()->count(), 0);
    }

    void theResultArrivesOnTheGuiThread()
    {
        auto d = makeDocument();
        Counter counter;
        Runner runner(d.get(), &gatherName, counter.make());
        QThread* deliveredOn = nullptr;
        connect(&runner, &PlanRunnerBase::finished, this, [&] { deliveredOn = QThread::currentThread(); });
        runner.run();
        QVERIFY(!runner.plan()); // not before the event loop runs
        QVERIFY(runner.waitForIdle(kWait));
        QVERIFY(runner.plan());
        QCOMPARE(deliveredOn, QCoreApplication::instance()->thread());
        QVERIFY(runner.plan()->thread != nullptr);
        QVERIFY(runner.plan()->thread != QCoreApplication::instance()->thread());
    }

    void followingKeepsAPlanWhoseSnapshotStayed()
    {
        auto d = makeDocument();
        Counter counter;
        Runner runner(d.get(), &gatherName, counter.make());
        runner.follow([](const Name& a, const Name& b) { return a.text == b.text; });
        runner.run();
        QVERIFY(runner.waitForIdle(kWait));
        QSignalSpy followed(&runner, &PlanRunnerBase::followed);
        // Moving node 0 leaves its name: the plan stands at the new revision.
        d->push(new document::SetNodeTranslation(d.get(), 0, document::Vec3{1, 0, 0}));
        QVERIFY(runner.waitForIdle(kWait));
        QCOMPARE(followed.count(), 1);
        QCOMPARE(counter.plans->load(), 1);
        QCOMPARE(runner.revision(), d->revision());
        QVERIFY(runner.plan());

        // Renaming it makes the plan again, from the new name.
        d->push(new document::RenameNode(d.get(), 0, "Box"));
        QVERIFY(!runner.apply(&renameOther)); // checked at once, before the follow ran
        QVERIFY(runner.waitForIdle(kWait));
        QCOMPARE(counter.plans->load(), 2);
        QCOMPARE(runner.plan()->value, size_t(3));
        QVERIFY(runner.apply(&renameOther));
        QCOMPARE(d->gltf().json()["nodes"][1]["name"].get<std::string>(), std::string("Other 3"));
    }

    void theDocumentsEndDropsThePlan()
    {
        auto d = makeDocument();
        Counter counter;
        Runner runner(d.get(), &gatherName, counter.make());
        runner.run();
        QVERIFY(runner.waitForIdle(kWait));
        QSignalSpy gone(&runner, &PlanRunnerBase::documentGone);
        d.reset();
        QCOMPARE(gone.count(), 1);
        QVERIFY(runner.isClosed());
        QVERIFY(!runner.plan());
        QVERIFY(!runner.document());
        runner.optionsChanged();
        runner.run();
        QVERIFY(!runner.isBusy());
        QCOMPARE(counter.plans->load(), 1);
    }
};

QTEST_MAIN(TestPlanRunner)
#include "TestPlanRunner.moc"
