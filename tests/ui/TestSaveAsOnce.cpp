// File > Save As in the other family writes the physics once (issue 48, item 4): the window asks about the
// losses of the same write it then saves (before, once for the losses and once more for the file).
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "gltf/WorkCounters.h"

#include <QTest>

using namespace cs;
using cs::ui::MainWindow;

class TestSaveAsOnce : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void saveAsInTheOtherFamilyWritesOnce()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        QVERIFY(
            test::showAndOpen(w, QString::fromStdString(test::dataPath("physics/khr_all.gltf").string())));
        // KHR -> OMI leaves the two planes out (OMI has no plane shape): asked once, accepted, written.
        prompter->familyLossAnswers = {true};
        const auto path = m_dir / "as_omi.glb";
        const std::uint64_t before = gltf::workCount(gltf::Work::PhysicsWrite);
        QVERIFY(w.session().saveInFamily(QString::fromStdString(path.string()), physics::Family::Omi));
        QCOMPARE(gltf::workCount(gltf::Work::PhysicsWrite) - before, std::uint64_t(1));
        QCOMPARE(prompter->count(QStringLiteral("familyLosses")), 1);
        QVERIFY(std::filesystem::exists(path));
    }
};

QTEST_MAIN(TestSaveAsOnce)
#include "TestSaveAsOnce.moc"
