// Simulate > Ground in the window (issue 51, item 3: "a static plane under the scene, off by default, never
// written to the file, shown as such"), driven through the real menu action on
// tests/data/simulation/lone_sphere.gltf (a 0.25 m ball 1 m up, nothing under it). Off by default; checking
// it asks the height through the Prompter and draws the Ground layer at that height; Play drops the ball onto
// it, where it rests at its radius (closed form); a save while it is on writes the same bytes as a save
// before it existed; a cancelled or unreadable answer leaves it off.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "SimulationController.h"
#include "SimulationGround.h"
#include "SimulationMenu.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QFile>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;
using cs::ui::OverlayLayer;

namespace {

constexpr double Radius = 0.25;

QString sceneFile()
{
    return QString::fromStdString(test::dataPath("simulation/lone_sphere.gltf").string());
}

QByteArray bytesOf(const std::filesystem::path& path)
{
    QFile f(QString::fromStdString(path.string()));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestGroundWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void groundFromTheMenu()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, sceneFile()));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);
        ui::Viewport& view = *w.findChild<ui::Viewport*>();
        // The action is in the Simulate menu, unchecked: no ground until asked for.
        QAction* ground = test::menuAction(w, QStringLiteral("actionSimulateGround"));
        QVERIFY(ground);
        QCOMPARE(ground, w.actions().get(ui::ActionId::SimulateGround));
        QVERIFY(ground->isCheckable() && !ground->isChecked());
        QVERIFY(!sim->ground().height());
        QCOMPARE(view.overlayPointCount(OverlayLayer::Ground), size_t(0));
        const auto before = m_dir.path() / "before.gltf";
        QVERIFY(w.session().saveTo(QString::fromStdString(before.string())));

        // Checked: the height is asked, the action says it, the view draws it.
        prompter->textAnswers = {QStringLiteral("0")};
        ground->trigger();
        QCOMPARE(prompter->count(QStringLiteral("text")), 1);
        QVERIFY(ground->isChecked());
        QVERIFY2(ground->text().contains(QStringLiteral("y = 0 m")), qPrintable(ground->text()));
        QCOMPARE(*sim->ground().height(), 0.0);
        QVERIFY(view.overlayPointCount(OverlayLayer::Ground) >= 8);
        QVERIFY(view.isLayerVisible(OverlayLayer::Ground));

        // Play: the ball falls 0.75 m (0.39 s) and rests on the plane at its radius.
        ui::SimulationController& c = *sim->controller();
        w.actions().get(ui::ActionId::SimulatePlay)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c.frame().time >= 1.2, 20000);
        w.actions().get(ui::ActionId::SimulatePlay)->trigger(); // pause
        QTRY_VERIFY_WITH_TIMEOUT(c.settled(), 5000);
        const double y = c.frame().states.at(0).pose.position[1];
        QVERIFY2(std::fabs(y - Radius) < 1e-3, qPrintable(QString::number(y)));

        // Saved with the ground on: the same bytes as before it existed.
        const auto with = m_dir.path() / "with-ground.gltf";
        QVERIFY(w.session().saveTo(QString::fromStdString(with.string())));
        QVERIFY(!bytesOf(before).isEmpty());
        QCOMPARE(bytesOf(with), bytesOf(before));
        QVERIFY(!w.session().document()->undoStack()->canUndo());

        // Unchecked: the preview ends (a new ground is a new world) and the view draws no ground.
        ground->trigger();
        QVERIFY(!ground->isChecked());
        QVERIFY(!sim->ground().height());
        QVERIFY(!c.loaded());
        QCOMPARE(view.overlayPointCount(OverlayLayer::Ground), size_t(0));
    }

    void cancelledOrUnreadableLeavesItOff()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, sceneFile()));
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QAction* ground = w.actions().get(ui::ActionId::SimulateGround);
        prompter->textAnswers = {QString()};
        ground->trigger();
        QVERIFY(!ground->isChecked());
        QVERIFY(!sim->ground().height());
        prompter->textAnswers = {QStringLiteral("floor")};
        ground->trigger();
        QVERIFY(!ground->isChecked());
        QVERIFY(!sim->ground().height());
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("height in metres")),
                 qPrintable(w.statusBar()->currentMessage()));
        // The last height given is offered next time.
        prompter->textAnswers = {QStringLiteral("-1.5")};
        ground->trigger();
        QCOMPARE(*sim->ground().height(), -1.5);
        ground->trigger();
        prompter->textAnswers = {QStringLiteral("-1.5")};
        ground->trigger();
        QVERIFY2(prompter->asked.last().contains(QStringLiteral("-1.5")), qPrintable(prompter->asked.last()));
    }
};

QTEST_MAIN(TestGroundWindow)
#include "TestGroundWindow.moc"
