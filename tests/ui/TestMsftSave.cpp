// Saving an edited MSFT file (issue 50, item 3). MSFT_rigid_bodies is written as its descendant KHR once the
// physics is edited; KHR has no place for an MSFT motion's extras (MSFT_NOT_CARRIED). A plain File > Save
// then asks first, as Save As does for a change of family: declined, the file on disk stays as it was.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"

#include <QTest>
#include <fstream>
#include <sstream>

using namespace cs;
using cs::ui::MainWindow;

namespace {

std::string bytesOf(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

class TestMsftSave : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void anEditedMsftFileAsksBeforeItsSaveLosesAnything()
    {
        const auto file = m_dir / "bodies.gltf";
        const QString path = test::freshCopy(test::dataPath("physics/msft_all.gltf"), file);
        const std::string before = bytesOf(file);
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, path));
        document::Document& document = *w.session().document();
        QCOMPARE(document.model().format, physics::SourceFormat::Msft);

        // Without a physics edit the file is written back as it was: nothing to ask.
        w.session().save();
        QCOMPARE(prompter->count(QStringLiteral("familyLosses")), 0);
        QCOMPARE(bytesOf(file).size(), before.size());

        document::deleteMaterial(document, 1);
        QVERIFY(document.physicsEdited());
        prompter->familyLossAnswers = {false};
        w.session().save();
        QCOMPARE(prompter->count(QStringLiteral("familyLosses")), 1);
        QCOMPARE(bytesOf(file), before); // declined: nothing written
        QVERIFY(document.isModified());

        prompter->familyLossAnswers = {true};
        w.session().save();
        QCOMPARE(prompter->count(QStringLiteral("familyLosses")), 2);
        const std::string after = bytesOf(file);
        QVERIFY(after.find("KHR_physics_rigid_bodies") != std::string::npos);
        QVERIFY(after.find("MSFT_rigid_bodies") == std::string::npos);
        QVERIFY(!document.isModified());
    }
};

QTEST_MAIN(TestMsftSave)
#include "TestMsftSave.moc"
