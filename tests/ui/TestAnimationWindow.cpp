// Simulate > Animation in the window (issue 51, item 2: "in the simulation preview an animated node that
// carries a body moves by its animation"), driven through the real menu entries on a file with one kinematic
// box and one animation, "move", taking it from x = 0 to x = 8 m in 4 s (2 m/s). With no animation chosen
// (the default) the box stays; with "move" chosen Play moves it along the animation, x = 2 t; Loop is a
// checkable entry; opening another file forgets the choice.
#include "AnimatedGltf.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "SimulationAnimation.h"
#include "SimulationController.h"
#include "SimulationMenu.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"

#include <QAction>
#include <QMenu>
#include <QTest>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;

namespace {

std::string moverFile()
{
    test::AnimatedGltf g;
    g.root["extensionsUsed"] = {"KHR_physics_rigid_bodies", "KHR_implicit_shapes"};
    g.root["extensions"]["KHR_implicit_shapes"]["shapes"] = {
        {{"type", "box"}, {"box", {{"size", {1, 1, 1}}}}}};
    g.node("Mover",
           {{"extensions",
             {{"KHR_physics_rigid_bodies",
               {{"motion", {{"isKinematic", true}}}, {"collider", {{"geometry", {{"shape", 0}}}}}}}}}});
    g.animation("move",
                {{0, "translation", g.floats({0, 4}, "SCALAR"), g.floats({0, 0, 0, 8, 0, 0}, "VEC3")}});
    return g.text();
}

/// Plays until the preview is `seconds` in, then pauses; false when it never got there.
bool playFor(MainWindow& w, ui::SimulationController& c, double seconds)
{
    w.actions().get(ui::ActionId::SimulatePlay)->trigger();
    const bool reached = QTest::qWaitFor([&] { return c.frame().time >= seconds; }, 20000);
    w.actions().get(ui::ActionId::SimulatePlay)->trigger(); // pause
    return reached && QTest::qWaitFor([&] { return c.settled(); }, 5000);
}

} // namespace

class TestAnimationWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void previewPlaysTheChosenAnimation()
    {
        const auto file = m_dir.path() / "mover.gltf";
        test::writeText(file, moverFile());
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);
        ui::SimulationController& c = *sim->controller();
        auto* list = w.findChild<QMenu*>(QStringLiteral("menuSimulationAnimation"));
        QVERIFY(list && list->isEnabled());
        QAction* none = w.findChild<QAction*>(QStringLiteral("actionAnimationNone"));
        QAction* move = w.findChild<QAction*>(QStringLiteral("actionAnimation_0"));
        QVERIFY(none && move);
        QVERIFY(move->text().contains(QStringLiteral("move")));
        QVERIFY(none->isChecked() && !move->isChecked());
        QVERIFY(w.actions().get(ui::ActionId::SimulateLoopAnimation)->isCheckable());

        // No animation: the kinematic box has no velocity and stays.
        QVERIFY(playFor(w, c, 0.3));
        QCOMPARE(c.frame().states.at(0).pose.position[0], 0.0);

        // "move": the preview ends (a new world) and Play moves the box along the animation, x = 2 t.
        move->trigger();
        QVERIFY(move->isChecked() && !none->isChecked());
        QCOMPARE(sim->animation().animation(), std::optional<size_t>(0));
        QVERIFY(!c.loaded());
        QVERIFY(playFor(w, c, 0.5));
        const double t = c.frame().time;
        const double x = c.frame().states.at(0).pose.position[0];
        QVERIFY2(std::fabs(x - 2 * t) < 1e-4, qPrintable(QStringLiteral("x %1 at t %2").arg(x).arg(t)));

        // Another document plays none.
        QVERIFY(test::openAndWait(w, QString::fromStdString(file.string())));
        QVERIFY(!sim->animation().animation());
    }
};

QTEST_MAIN(TestAnimationWindow)
#include "TestAnimationWindow.moc"
