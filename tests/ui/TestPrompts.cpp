// The questions the window asks, answered by a scripted Prompter: unsaved edits when closing or opening
// another file (Save, Discard, Cancel), the recovery copy an earlier session left behind (recovered, left for
// later, discarded), and deletions that change more than what is deleted (accepted, declined).
#include "Autosave.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "panels/JointsPanel.h"

#include <QAction>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QTest>
#include <QUndoStack>
#include <filesystem>

using namespace cs;
using cs::test::ScriptedPrompter;
using cs::ui::ActionId;
using cs::ui::MainWindow;
using cs::ui::RecoveryAnswer;
using cs::ui::SaveChangesAnswer;

namespace {

constexpr size_t kCrate = 2; // the sample's "Crate 1", 20 kg

/// Crate 1's mass in the file as it is on disk (-1: the file does not open).
double massOnDisk(const QString& file)
{
    auto opened = document::Document::open(file.toStdString());
    if (!opened || !(*opened)->model().node(kCrate) || !(*opened)->model().node(kCrate)->motion)
        return -1;
    return (*opened)->model().node(kCrate)->motion->mass.value_or(-1);
}

/// An unsaved edit: Crate 1 weighs `mass`.
void editMass(MainWindow& w, double mass)
{
    document::Document* doc = w.session().document();
    doc->push(new document::SetMotionMass(doc, kCrate, mass));
}

void settle()
{
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
}

} // namespace

class TestPrompts : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

    /// A new copy of the sample (Crate 1: 20 kg) in the test folder.
    QString copyOfSample(const std::string& name) { return test::freshCopy(CS_SAMPLE_FILE, m_dir / name); }

    /// What a session that ended without closing leaves in the recovery folder: the document with Crate 1
    /// at `mass` and the sidecar naming `original`. Returns the copy's path.
    QString leaveRecoveryCopy(const QString& original, double mass)
    {
        const QString folder = ui::DocumentSession::recoveryFolder();
        std::filesystem::create_directories(folder.toStdString());
        auto opened = document::Document::open(CS_SAMPLE_FILE);
        if (!opened)
            return {};
        document::Document& doc = **opened;
        doc.push(new document::SetMotionMass(&doc, kCrate, mass));
        const QString copy = folder + QStringLiteral("/crashed.glb");
        if (hasErrors(doc.writeCopy(copy.toStdString())))
            return {};
        QJsonObject sidecar;
        sidecar.insert(QStringLiteral("format"), QStringLiteral("collidoscope-recovery"));
        sidecar.insert(QStringLiteral("version"), 1);
        sidecar.insert(QStringLiteral("originalPath"), original);
        sidecar.insert(QStringLiteral("title"), QStringLiteral("level.glb"));
        sidecar.insert(QStringLiteral("savedAt"),
                       QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        sidecar.insert(QStringLiteral("recoveryFile"), QStringLiteral("crashed.glb"));
        QFile json(folder + QStringLiteral("/crashed.json"));
        if (!json.open(QIODevice::WriteOnly) || json.write(QJsonDocument(sidecar).toJson()) < 0)
            return {};
        return copy;
    }

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void closingWithEditsAnsweredSave()
    {
        const QString file = copyOfSample("save.glb");
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->saveChangesAnswers = {SaveChangesAnswer::Save};
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, file));
        editMass(w, 33.0);
        QVERIFY(w.close());
        QCOMPARE(prompter->asked, QStringList{QStringLiteral("saveChanges: save.glb")});
        QVERIFY(!w.isVisible());
        QCOMPARE(massOnDisk(file), 33.0);
        QVERIFY(!w.session().document()->isModified());
    }

    void closingWithEditsAnsweredDiscard()
    {
        const QString file = copyOfSample("discard.glb");
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->saveChangesAnswers = {SaveChangesAnswer::Discard};
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, file));
        editMass(w, 33.0);
        QVERIFY(w.session().autosave()->writeNow());
        QVERIFY(!w.session().autosave()->currentRecoveryFile().isEmpty());
        QVERIFY(w.close());
        QCOMPARE(prompter->count(QStringLiteral("saveChanges")), 1);
        QVERIFY(!w.isVisible());
        QCOMPARE(massOnDisk(file), 20.0);
        // Discarded: no recovery copy is kept for them either.
        QVERIFY(w.session().autosave()->currentRecoveryFile().isEmpty());
    }

    void closingWithEditsAnsweredCancel()
    {
        const QString file = copyOfSample("cancel.glb");
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->saveChangesAnswers = {SaveChangesAnswer::Cancel};
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, file));
        editMass(w, 33.0);
        QVERIFY(!w.close());
        QCOMPARE(prompter->count(QStringLiteral("saveChanges")), 1);
        QVERIFY(w.isVisible());
        QVERIFY(w.session().document()->isModified());
        QCOMPARE(w.session().document()->model().node(kCrate)->motion->mass, 33.0);
        QCOMPARE(massOnDisk(file), 20.0);
    }

    void closingWithoutEditsAsksNothing()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->saveChangesAnswers = {SaveChangesAnswer::Cancel};
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, copyOfSample("clean.glb")));
        QVERIFY(w.close());
        QVERIFY(prompter->asked.isEmpty());
    }

    void openingAnotherFileWithEdits()
    {
        const QString first = copyOfSample("first.glb"), second = copyOfSample("second.glb");
        auto prompter = std::make_shared<ScriptedPrompter>();
        MainWindow w(prompter);
        QVERIFY(test::showAndOpen(w, first));
        editMass(w, 33.0);

        // Cancel: no file is asked for, the edited document stays.
        prompter->saveChangesAnswers = {SaveChangesAnswer::Cancel};
        prompter->openPaths = {second};
        w.session().chooseAndOpen();
        settle();
        QCOMPARE(prompter->asked, QStringList{QStringLiteral("saveChanges: first.glb")});
        QCOMPARE(w.session().currentFile(), first);
        QVERIFY(w.session().document()->isModified());
        QCOMPARE(massOnDisk(first), 20.0);

        // Save: the edits are written, then the other file opens.
        prompter->asked.clear();
        prompter->saveChangesAnswers = {SaveChangesAnswer::Save};
        w.session().chooseAndOpen();
        QCOMPARE(prompter->asked,
                 (QStringList{QStringLiteral("saveChanges: first.glb"), QStringLiteral("openPath: Open")}));
        QCOMPARE(massOnDisk(first), 33.0);
        QVERIFY(QTest::qWaitFor([&] { return w.session().currentFile() == second; }, 20000));
        QVERIFY(!w.session().document()->isModified());

        // Discard: the other file opens and this one keeps what it had on disk.
        editMass(w, 44.0);
        prompter->saveChangesAnswers = {SaveChangesAnswer::Discard};
        prompter->openPaths = {first};
        w.session().chooseAndOpen();
        QVERIFY(QTest::qWaitFor([&] { return w.session().currentFile() == first; }, 20000));
        QCOMPARE(massOnDisk(second), 20.0);
        QCOMPARE(w.session().document()->model().node(kCrate)->motion->mass, 33.0);
    }

    void recoveryOfferAccepted()
    {
        const QString copy = leaveRecoveryCopy(QStringLiteral("/somewhere/level.glb"), 44.0);
        QVERIFY(!copy.isEmpty());
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->recoveryAnswers = {RecoveryAnswer::Recover};
        MainWindow w(prompter);
        w.show();
        QVERIFY(w.session().offerRecovery());
        QCOMPARE(prompter->asked, QStringList{QStringLiteral("recovery: /somewhere/level.glb")});
        QVERIFY(QTest::qWaitFor([&] { return w.session().document() != nullptr; }, 20000));
        QCOMPARE(w.session().document()->model().node(kCrate)->motion->mass, 44.0);
        QVERIFY(w.session().document()->isModified());
        QVERIFY2(w.windowTitle().startsWith(QStringLiteral("level.glb (recovered)")),
                 qPrintable(w.windowTitle()));
        // The copy that was offered goes once the window holds its own.
        QVERIFY(QTest::qWaitFor([&] { return !QFile::exists(copy); }, 5000));
        QVERIFY(ui::Autosave::pendingRecoveries(ui::DocumentSession::recoveryFolder()).isEmpty());
    }

    void recoveryOfferDeclined()
    {
        const QString copy = leaveRecoveryCopy(QString(), 44.0);
        QVERIFY(!copy.isEmpty());
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->recoveryAnswers = {RecoveryAnswer::Later, RecoveryAnswer::Discard};
        MainWindow w(prompter);
        w.show();
        // Later: nothing opens, the copy stays to be offered another time.
        QVERIFY(!w.session().offerRecovery());
        QCOMPARE(prompter->asked, QStringList{QStringLiteral("recovery: level.glb")});
        settle();
        QVERIFY(!w.session().document());
        QVERIFY(QFile::exists(copy));
        QCOMPARE(ui::Autosave::pendingRecoveries(ui::DocumentSession::recoveryFolder()).size(), 1);
        // Discard: nothing opens and the copy is gone.
        QVERIFY(!w.session().offerRecovery());
        QCOMPARE(prompter->count(QStringLiteral("recovery")), 2);
        QVERIFY(!w.session().document());
        QVERIFY(!QFile::exists(copy));
        QVERIFY(ui::Autosave::pendingRecoveries(ui::DocumentSession::recoveryFolder()).isEmpty());
        QVERIFY(!w.session().offerRecovery()); // nothing left to offer: nothing asked
        QCOMPARE(prompter->count(QStringLiteral("recovery")), 2);
    }

    void deletingANodeThatBreaksAJointAsks()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->deleteAnswers = {false, true};
        MainWindow w(prompter);
        QVERIFY(
            test::showAndOpen(w, QString::fromStdString(test::dataPath("physics/omi_all.gltf").string())));
        document::Document* doc = w.session().document();
        const size_t nodes = doc->gltf().count("nodes");
        const int steps = doc->undoStack()->count();
        // FixedJoint (node 2) joins to FixedB (node 1): deleting FixedB takes that joint with it.
        w.session().selectNode(1);
        settle();
        QAction* remove = w.actions().get(ActionId::DeleteNode);
        QVERIFY(remove);
        remove->trigger();
        settle();
        QCOMPARE(prompter->count(QStringLiteral("delete")), 1);
        QVERIFY2(prompter->asked.last().contains(QStringLiteral("NODE_JOINT_REMOVED")),
                 qPrintable(prompter->asked.last()));
        QCOMPARE(doc->gltf().count("nodes"), nodes); // declined: nothing deleted
        QCOMPARE(doc->undoStack()->count(), steps);
        remove->trigger();
        settle();
        QCOMPARE(prompter->count(QStringLiteral("delete")), 2);
        QCOMPARE(doc->gltf().count("nodes"), nodes - 1); // accepted
        QCOMPARE(doc->undoStack()->count(), steps + 1);
    }

    void deletingAJointDescriptionInUseAsks()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        prompter->deleteAnswers = {false, true};
        MainWindow w(prompter);
        QVERIFY(
            test::showAndOpen(w, QString::fromStdString(test::dataPath("physics/khr_all.gltf").string())));
        ui::JointsPanel* joints = w.joints();
        const int descriptions = joints->list()->count();
        joints->setCurrentJoint(1); // the hinge, used by the node HingeJoint
        QCOMPARE(joints->deleteCurrentJoint(), std::vector<size_t>{});
        QCOMPARE(prompter->count(QStringLiteral("delete")), 1);
        QVERIFY2(prompter->asked.last().contains(QStringLiteral("HingeJoint")),
                 qPrintable(prompter->asked.last()));
        QCOMPARE(joints->list()->count(), descriptions);
        QCOMPARE(joints->deleteCurrentJoint().size(), size_t(1));
        QCOMPARE(prompter->count(QStringLiteral("delete")), 2);
        QCOMPARE(joints->list()->count(), descriptions - 1);
    }
};

QTEST_MAIN(TestPrompts)
#include "TestPrompts.moc"
