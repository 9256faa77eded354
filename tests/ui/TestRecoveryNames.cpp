// After a crash, the recovered document keeps its original's name (issue 46): a copy written by Autosave as
// a crashed session leaves it (ID.glb and ID.json in the recovery folder, no live lock), recovered in a new
// window; every title, status line and the question Quit asks name the original, never the copy's ID.
#include "Autosave.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/FieldCommands.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>
#include <filesystem>

using namespace cs;
using namespace cs::ui;
using cs::test::ScriptedPrompter;

class TestRecoveryNames : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

    /// A session editing `original` ("" for a document without a file) crashes after Autosave wrote its
    /// copy: the copy and its sidecar stay in the recovery folder. Returns the copy's base name (its ID).
    QString crashWithEdits(const QString& original)
    {
        const QString crashing = QString::fromStdString((m_dir / "crashing").string());
        auto opened = document::Document::open(CS_SAMPLE_FILE);
        if (!opened)
            return {};
        document::Document& doc = **opened;
        QString id;
        {
            ui::Autosave autosave;
            autosave.setFolder(crashing);
            autosave.setDocument(&doc, original);
            doc.push(new document::SetMotionMass(&doc, 2, 44.0));
            if (!autosave.writeNow())
                return {};
            const QFileInfo copy(autosave.currentRecoveryFile());
            id = copy.completeBaseName();
            // What the dead process leaves: the copy and the sidecar, its lock gone with it.
            const QDir recovery(ui::DocumentSession::recoveryFolder());
            QDir().mkpath(recovery.path());
            for (const QString& ext : {QStringLiteral(".glb"), QStringLiteral(".json")})
                if (!QFile::copy(copy.dir().filePath(id + ext), recovery.filePath(id + ext)))
                    return {};
        }
        return id;
    }

    struct Recovered
    {
        QStringList titles;   ///< every window title shown from the start
        QStringList messages; ///< every status line
    };

    /// Recovers the newest copy in window `w`, then chooses File > Quit (the question it asks is answered
    /// Cancel); `shown` gets the titles and status lines on the way.
    void recoverAndQuit(ScriptedPrompter& prompter, MainWindow& w, Recovered& shown)
    {
        connect(&w.session(), &ui::DocumentSession::titleChanged, this,
                [&shown](const QString& t) { shown.titles << t; });
        connect(&w.session(), &ui::DocumentSession::statusMessage, this,
                [&shown](const QString& m) { shown.messages << m; });
        prompter.recoveryAnswers = {RecoveryAnswer::Recover};
        prompter.saveChangesAnswers = {SaveChangesAnswer::Cancel};
        w.show();
        QVERIFY(w.session().offerRecovery());
        QVERIFY(QTest::qWaitFor([&] { return w.session().document() != nullptr; }, 20000));
        QTest::qWait(50);
        QVERIFY(w.session().document()->isModified());
        shown.titles << w.windowTitle();
        w.actions().get(ActionId::Quit)->trigger();
        QVERIFY(w.isVisible()); // cancelled
    }

    /// What a recovered window showed: its status lines, and what was misnamed (empty when nothing was).
    struct Shown
    {
        QStringList messages;
        QString misnamed;
    };

    /// A session on `original` crashes; its copy, recovered in a new window, must be named `name` in the
    /// title and in Quit's question, and its ID nowhere.
    Shown recoveredAs(const QString& original, const QString& name)
    {
        const QString id = crashWithEdits(original);
        if (id.isEmpty())
            return {{}, QStringLiteral("no recovery copy written")};
        auto prompter = std::make_shared<ScriptedPrompter>();
        MainWindow w(prompter);
        Recovered shown;
        recoverAndQuit(*prompter, w, shown);
        const QString all =
            shown.titles.join(QLatin1Char('\n')) + QLatin1Char('\n') + shown.messages.join(QLatin1Char('\n'));
        if (!w.windowTitle().startsWith(name + QStringLiteral(" (recovered)")) ||
            prompter->asked.filter(QStringLiteral("saveChanges")) !=
                QStringList{QStringLiteral("saveChanges: ") + name} ||
            all.contains(id))
            return {shown.messages,
                    QStringLiteral("title: ") + w.windowTitle() + QStringLiteral("\nasked: ") +
                        prompter->asked.join(QStringLiteral(" | ")) + QLatin1Char('\n') + all};
        return {shown.messages, {}};
    }

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void recoveredFileKeepsItsName()
    {
        const QString original = QString::fromStdString((m_dir / "levels" / "level.glb").string());
        const auto [messages, misnamed] = recoveredAs(original, QStringLiteral("level.glb"));
        QVERIFY2(misnamed.isEmpty(), qPrintable(misnamed));
        QVERIFY2(!messages.isEmpty() && messages.last().contains(original),
                 qPrintable(messages.join(QLatin1Char('\n'))));
    }

    void recoveredUntitledDocumentIsUntitled()
    {
        const auto [messages, misnamed] = recoveredAs(QString(), QStringLiteral("Untitled"));
        QVERIFY2(misnamed.isEmpty(), qPrintable(misnamed));
        QVERIFY2(!messages.isEmpty() && messages.last().contains(QStringLiteral("an untitled document")),
                 qPrintable(messages.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestRecoveryNames)
#include "TestRecoveryNames.moc"
