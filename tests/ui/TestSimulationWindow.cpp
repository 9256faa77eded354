// The simulation preview in the window (issue 20) on tests/data/simulation/sphere_above_box.gltf (a 0.5 m
// ball 10 m above a static box, a trigger it falls through): Play lets it fall by 1/2 g t^2, Pause holds the
// pose, Step advances one 1/60 s step, Reset (Home) gives back the exact original pose with the document's
// JSON and undo stack untouched; the trigger's enter is listed; Keep Current Poses is one undo step that undo
// takes back to the exact original translation. While playing slowly, the view draws between the fixed steps:
// more distinct poses than steps, each on the segment between the two states around it, time never going
// back.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "SimulationController.h"
#include "SimulationMenu.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <QWindow>
#include <set>

using namespace cs;
using cs::ui::MainWindow;

namespace {

constexpr double G = 9.80665;
constexpr double Step = 1.0 / 60.0;
constexpr double StartY = 10.5; // the ball's centre

/// The mean height of the dynamic layer's points as the preview drew them: the ball's centre (its wireframe
/// is symmetric about it).
double drawnBallHeight(const ui::SimulationMenu& sim)
{
    const auto& points = sim.shownOverlays()[scene::OverlayKind::Dynamic];
    if (points.empty())
        return std::nan("");
    double sum = 0;
    for (const QVector3D& p : points)
        sum += double(p.y());
    return sum / double(points.size());
}

size_t nodeNamed(const gltf::Json& root, const std::string& name)
{
    const gltf::Json& nodes = root["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].value("name", std::string()) == name)
            return i;
    }
    qFatal("no node %s", name.c_str());
}

double ballHeight(const ui::SimulationController& c)
{
    return c.frame().states.at(0).pose.position[1];
}

} // namespace

class TestSimulationWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void playPauseStepResetKeep()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(
            w, QString::fromStdString(test::dataPath("simulation/sphere_above_box.gltf").string())));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);
        ui::SimulationController& c = *sim->controller();
        document::Document& doc = *w.session().document();
        const std::string json = doc.gltf().json().dump();
        const int undoCount = doc.undoStack()->count();
        const int undoIndex = doc.undoStack()->index();

        // Play: the ball falls freely (it reaches the box after 1.43 s).
        w.actions().get(cs::ui::ActionId::SimulatePlay)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.frame().time >= 0.4, 20000);
        w.actions().get(cs::ui::ActionId::SimulatePlay)->trigger(); // pause
        QVERIFY(!c.playing());
        QTRY_VERIFY_WITH_TIMEOUT(c.settled(), 5000);
        const size_t steps = c.frame().step;
        const double t = c.frame().time;
        QVERIFY2(t < 1.2, qPrintable(QString::number(t)));
        // Free fall is exact at every step: the drop is 1/2 g t^2 (the body starts half a step of gravity
        // behind, see simulation::World).
        const double drop = StartY - ballHeight(c);
        const double expected = 0.5 * G * t * t;
        QVERIFY2(std::fabs(drop - expected) < 1e-4 * expected,
                 qPrintable(QString("%1 %2").arg(drop).arg(expected)));
        QVERIFY(steps > 0);
        QVERIFY(std::fabs(drawnBallHeight(*sim) - ballHeight(c)) < 1e-3);
        QVERIFY(sim->active());
        QVERIFY(w.actions().get(cs::ui::ActionId::SimulateReset)->isEnabled());
        QVERIFY(w.actions().get(cs::ui::ActionId::FrameAll)->shortcut().isEmpty()); // Home is Reset now

        // Paused: the pose stays.
        const double pausedY = ballHeight(c);
        QTest::qWait(300);
        QCOMPARE(c.frame().step, steps);
        QCOMPARE(ballHeight(c), pausedY);

        // Step: exactly one step, the ball dropping by (v + g dt) dt.
        const double v = -c.frame().states[0].linearVelocity[1];
        w.actions().get(cs::ui::ActionId::SimulateStep)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.settled(), 5000);
        QCOMPARE(c.frame().step, steps + 1);
        const double stepDrop = pausedY - ballHeight(c);
        QVERIFY2(std::fabs(stepDrop - (v + G * Step) * Step) < 1e-4, qPrintable(QString::number(stepDrop)));
        QVERIFY(std::fabs(drawnBallHeight(*sim) - ballHeight(c)) < 1e-3);

        // Reset by its key: the exact original pose, the document's own drawing, JSON and undo stack as they
        // were.
        // Home pressed in the view, whose own key handling frames the view with it otherwise.
        QAction* reset = w.actions().get(cs::ui::ActionId::SimulateReset);
        QCOMPARE(reset->shortcut(), QKeySequence(Qt::Key_Home));
        // The key itself, in an active window: a shortcut that does not reach the action fails here.
        w.raise();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w, 5000));
        w.viewport()->renderWindow()->requestActivate();
        QTest::keyClick(w.viewport()->renderWindow(), Qt::Key_Home);
        QTRY_VERIFY_WITH_TIMEOUT(c.settled() && c.frame().step == 0, 5000);
        QCOMPARE(c.frame().states.at(0).pose.position, c.input().bodies.at(0).pose.position);
        QCOMPARE(ballHeight(c), StartY);
        QVERIFY(sim->shownInstances().empty() && sim->shownOverlays()[scene::OverlayKind::Dynamic].empty());
        QVERIFY(!sim->active());
        QVERIFY(!reset->isEnabled()); // Home frames the view again
        QCOMPARE(w.actions().get(cs::ui::ActionId::FrameAll)->shortcut(), QKeySequence(Qt::Key_Home));
        QCOMPARE(doc.gltf().json().dump(), json);
        QCOMPARE(doc.undoStack()->count(), undoCount);
        QCOMPARE(doc.undoStack()->index(), undoIndex);

        // The trigger (Sensor, 5..7 m) is entered on the way down, and the notes are on show.
        w.actions().get(cs::ui::ActionId::SimulatePlay)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.frame().time >= 0.9, 20000);
        w.actions().get(cs::ui::ActionId::SimulatePlay)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.settled(), 5000);
        auto* events = w.findChild<QListWidget*>(QStringLiteral("simulationEvents"));
        QVERIFY(events && events->count() >= 1);
        QVERIFY2(events->item(0)->text().contains(QStringLiteral("enter")) &&
                     events->item(0)->text().contains(QStringLiteral("Sensor")) &&
                     events->item(0)->text().contains(QStringLiteral("Ball")),
                 qPrintable(events->item(0)->text()));

        // Keep Current Poses: one undo step writing the ball's height; undo gives back the exact original.
        const double keptY = ballHeight(c);
        QVERIFY(keptY < StartY - 3);
        const size_t ball = nodeNamed(doc.gltf().json(), "Ball");
        w.actions().get(cs::ui::ActionId::SimulateKeepPoses)->trigger();
        QCOMPARE(doc.undoStack()->count(), undoCount + 1);
        const gltf::Json& kept = doc.gltf().json()["nodes"][ball]["translation"];
        QVERIFY2(std::fabs(kept[1].get<double>() - keptY) < 1e-5,
                 qPrintable(QString::fromStdString(kept.dump())));
        QVERIFY(!sim->active()); // the edit ended the preview
        doc.undoStack()->undo();
        QVERIFY(doc.gltf().json()["nodes"][ball]["translation"] == gltf::Json::parse("[0, 10.5, 0]"));
        QCOMPARE(doc.gltf().json().dump(), json);
        doc.undoStack()->redo();
        QVERIFY(std::fabs(doc.gltf().json()["nodes"][ball]["translation"][1].get<double>() - keptY) < 1e-5);
        doc.undoStack()->undo();
        QCOMPARE(doc.gltf().json().dump(), json);
    }

    void gravityIsASetting()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(
            w, QString::fromStdString(test::dataPath("simulation/sphere_above_box.gltf").string())));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);
        QAction* gravity = w.actions().get(cs::ui::ActionId::SimulateGravity);
        QVERIFY(gravity && gravity->text().contains(QStringLiteral("-9.80665")));
        // Upwards at 2 m/s^2: after 0.5 s the ball has risen 1/2 a t^2 = 0.25 m.
        sim->setGravity({0, 2, 0});
        QVERIFY(gravity->text().contains(QStringLiteral("0, 2, 0")));
        ui::SimulationController& c = *sim->controller();
        for (int i = 0; i < 30; ++i)
            w.actions().get(cs::ui::ActionId::SimulateStep)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.settled() && c.frame().step == 30, 10000);
        const double rise = ballHeight(c) - StartY;
        QVERIFY2(std::fabs(rise - 0.25) < 1e-4, qPrintable(QString::number(rise)));
    }

    // Simulate > Gravity... asks through the Prompter, so it can be answered (and a test can tell it asked).
    void gravityIsAskedThroughThePrompter()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(
            w, QString::fromStdString(test::dataPath("simulation/sphere_above_box.gltf").string())));
        QAction* gravity = w.actions().get(cs::ui::ActionId::SimulateGravity);
        QVERIFY(gravity);
        const QString standard = gravity->text();
        QVERIFY(standard.contains(QStringLiteral("-9.80665")));

        prompter->textAnswers = {QStringLiteral("0, 2, 0")};
        gravity->trigger();
        QCOMPARE(prompter->count(QStringLiteral("text")), 1);
        // The question starts from the gravity in use.
        QVERIFY(prompter->asked.last().contains(QStringLiteral("-9.80665")));
        QVERIFY2(gravity->text().contains(QStringLiteral("0, 2, 0")), qPrintable(gravity->text()));

        // Not three numbers: refused with a message, the gravity stays.
        prompter->textAnswers = {QStringLiteral("up")};
        gravity->trigger();
        QVERIFY(gravity->text().contains(QStringLiteral("0, 2, 0")));
        const QString message = w.statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("three numbers")), qPrintable(message));

        // Cancelled: nothing changes.
        prompter->textAnswers = {QString()};
        gravity->trigger();
        QCOMPARE(prompter->count(QStringLiteral("text")), 3);
        QVERIFY(gravity->text().contains(QStringLiteral("0, 2, 0")));
    }

    void behaveLikeIsAMenuChoice()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(
            w, QString::fromStdString(test::dataPath("simulation/sphere_above_box.gltf").string())));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);
        // Spec and each target with parameter deviations, spec checked.
        auto* menu = w.findChild<QMenu*>(QStringLiteral("menuSimulationBehaveLike"));
        QVERIFY(menu);
        QStringList names;
        for (QAction* a : menu->actions())
            names << a->objectName();
        QCOMPARE(names, QStringList({"actionBehaveLike_spec", "actionBehaveLike_godot-4.x",
                                     "actionBehaveLike_unity-omi", "actionBehaveLike_babylon-havok",
                                     "actionBehaveLike_khronos-sample-viewer"}));
        QVERIFY(menu->actions().first()->isChecked());
        auto* time = w.findChild<QLabel*>(QStringLiteral("simulationTime"));
        QVERIFY(time && !time->text().contains(QStringLiteral("like")));
        // Picking a target: checked, named in the status, and the next preview's input carries it.
        menu->actions()[3]->trigger();
        QCOMPARE(sim->behaviour().name, std::string("babylon-havok"));
        QVERIFY(menu->actions()[3]->isChecked() && !menu->actions().first()->isChecked());
        QVERIFY(time->text().contains(QStringLiteral("like babylon-havok")));
        ui::SimulationController& c = *sim->controller();
        w.actions().get(cs::ui::ActionId::SimulateStep)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.settled() && c.frame().step == 1, 10000);
        QCOMPARE(c.input().behaviour.name, std::string("babylon-havok"));
        QCOMPARE(c.input().behaviour.angularDamping, 0.1);
        QVERIFY(time->text().contains(QStringLiteral("like babylon-havok")));
        // Another choice ends the preview on show; an unknown name is refused.
        QVERIFY(sim->setBehaviour("spec"));
        QVERIFY(!c.loaded());
        QVERIFY(!sim->setBehaviour("no-such-engine"));
        QCOMPARE(sim->behaviour().name, std::string("spec"));
        QVERIFY(!time->text().contains(QStringLiteral("like")));
    }

    void drawsBetweenSteps()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(
            w, QString::fromStdString(test::dataPath("simulation/sphere_above_box.gltf").string())));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);
        ui::SimulationController& c = *sim->controller();
        c.setSpeed(0.25); // a step every 67 ms of wall clock
        w.actions().get(cs::ui::ActionId::SimulatePlay)->trigger();
        std::set<size_t> steps;
        std::set<double> shown;
        double lastShown = 0;
        size_t between = 0;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 1500 && c.frame().time < 0.5) {
            QTest::qWait(5);
            const ui::SimulationFrame& f = c.frame();
            if (!f.playing || f.previousStates.empty())
                continue;
            const double t = sim->shownTime();
            QVERIFY2(t >= lastShown, qPrintable(QString("%1 after %2").arg(t).arg(lastShown)));
            QVERIFY(t >= f.previousTime && t <= f.time);
            QCOMPARE(f.time - f.previousTime, Step);
            // The drawn ball lies where the two states around it say, at the shown time's fraction.
            const double alpha = (t - f.previousTime) / Step;
            const double y0 = f.previousStates[0].pose.position[1];
            const double y1 = f.states[0].pose.position[1];
            const double drawn = drawnBallHeight(*sim);
            QVERIFY2(std::fabs(drawn - (y0 + (y1 - y0) * alpha)) < 1e-3,
                     qPrintable(QString("%1 %2 %3 %4").arg(drawn).arg(y0).arg(y1).arg(alpha)));
            if (t > f.previousTime && t < f.time)
                ++between;
            steps.insert(f.step);
            shown.insert(t);
            lastShown = t;
        }
        w.actions().get(cs::ui::ActionId::SimulatePlay)->trigger(); // pause
        QTRY_VERIFY_WITH_TIMEOUT(c.settled(), 5000);
        QVERIFY2(steps.size() >= 3, qPrintable(QString::number(steps.size())));
        QVERIFY2(shown.size() > steps.size() && between > 0,
                 qPrintable(QString("%1 poses for %2 steps").arg(shown.size()).arg(steps.size())));
        // Paused: the newest state exactly.
        QCOMPARE(sim->shownTime(), c.frame().time);
        QVERIFY(std::fabs(drawnBallHeight(*sim) - ballHeight(c)) < 1e-3);
    }
};

QTEST_MAIN(TestSimulationWindow)
#include "TestSimulationWindow.moc"
