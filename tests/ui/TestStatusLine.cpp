// What the status bar says stays true (issue 46): the counts beside it are those of the Diagnostics list,
// after opening, edits and undo, in the singular and plural; a message goes once the document changes (a
// failed open is not reported over later edits, "Convex hull added" not over a box); a file that is not glTF
// is named as such; File > Open starts in the open file's folder.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "ToolDialogs.h"
#include "WindowTestUtil.h"
#include "dialogs/HullDialog.h"
#include "document/Document.h"
#include "panels/AddColliderMenu.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/SceneTreePanel.h"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QPointer>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <array>
#include <filesystem>
#include <set>

using namespace cs;
using cs::test::ScriptedPrompter;
using cs::ui::ActionId;
using cs::ui::DiagnosticsPanel;
using cs::ui::MainWindow;

namespace {

constexpr size_t kCrate = 2; // the sample's "Crate 1", with a mesh

QString statusMessage(const MainWindow& w)
{
    auto* label = w.statusBar()->findChild<QLabel*>(QStringLiteral("statusMessage"));
    return label ? label->text() : QStringLiteral("(no message label)");
}

QString statusCounts(const MainWindow& w)
{
    auto* label = w.statusBar()->findChild<QLabel*>(QStringLiteral("diagnosticCounts"));
    return label ? label->text() : QString();
}

/// "1 error", "2 errors", "0 infos": the issue's words.
QString counted(int n, const char* noun)
{
    return QStringLiteral("%1 %2%3").arg(n).arg(QLatin1String(noun)).arg(n == 1 ? "" : "s");
}

/// The findings of each severity the Diagnostics list shows: a row each, or a grouped row's children.
std::array<int, 3> listCounts(const MainWindow& w)
{
    std::array<int, 3> n{};
    const auto count = [&](const QTreeWidgetItem* item) {
        const QVariant severity = item->data(DiagnosticsPanel::CodeColumn, Qt::UserRole);
        if (severity.isValid())
            ++n[size_t(severity.toInt())];
    };
    QTreeWidget* list = w.diagnostics()->list();
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = list->topLevelItem(i);
        if (item->childCount() == 0)
            count(item);
        for (int c = 0; c < item->childCount(); ++c)
            count(item->child(c));
    }
    return n;
}

/// The counts the status bar must show for what the list holds.
QString expectedCounts(const MainWindow& w)
{
    const auto n = listCounts(w);
    return counted(n[size_t(Severity::Error)], "error") + QStringLiteral(", ") +
           counted(n[size_t(Severity::Warning)], "warning") + QStringLiteral(", ") +
           counted(n[size_t(Severity::Info)], "info");
}

void settle()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

/// Physics > Add Collider > `kind` on the current node, as the menu does it; waits for the fit.
bool addCollider(MainWindow& w, ui::AddColliderMenu::Kind kind)
{
    ui::AddColliderMenu* menu = w.addColliderMenu();
    emit menu->aboutToShow();
    QAction* action = menu->action(kind);
    if (!action || !action->isEnabled())
        return false;
    action->trigger();
    const bool idle = menu->waitForIdle(10000);
    settle();
    return idle;
}

/// Clicks the scene tree's row of `name`.
bool clickTreeRow(MainWindow& w, const QString& name)
{
    QTreeWidget* tree = w.sceneTree()->tree();
    const QList<QTreeWidgetItem*> found = tree->findItems(name, Qt::MatchExactly | Qt::MatchRecursive);
    if (found.isEmpty())
        return false;
    tree->scrollToItem(found.front());
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(found.front()).center());
    settle();
    return true;
}

} // namespace

class TestStatusLine : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

    QString copyOfSample(const std::string& name) { return test::freshCopy(CS_SAMPLE_FILE, m_dir / name); }

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void countsFollowTheListThroughEditsAndUndo()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, copyOfSample("counts.glb")));
        QTRY_COMPARE(statusCounts(w), expectedCounts(w));
        // A target adds its findings to the list: the counts follow.
        QComboBox* target = w.diagnostics()->targetBox();
        target->setCurrentIndex(target->findText(QStringLiteral("godot-4.x")));
        settle();
        QTRY_COMPARE(statusCounts(w), expectedCounts(w));
        // An edit (a box collider fitted to the crate on a child node of its own), then undo.
        QVERIFY(clickTreeRow(w, QStringLiteral("Crate 1")));
        QCOMPARE(w.session().currentNode(), std::optional<size_t>(kCrate));
        const QString before = statusCounts(w);
        QVERIFY(addCollider(w, ui::AddColliderMenu::Kind::Box));
        QTRY_COMPARE(statusCounts(w), expectedCounts(w));
        w.actions().get(ActionId::Undo)->trigger();
        settle();
        QTRY_COMPARE(statusCounts(w), expectedCounts(w));
        QCOMPARE(statusCounts(w), before);
    }

    void singularAndPlural()
    {
        // Files whose lists hold one and two of each severity, as the status bar must count them.
        test::writeText(m_dir / "one-error.gltf",
                        R"({"asset":{"version":"2.0"},"nodes":[{"name":"a"},{"name":"b","mesh":7}],)"
                        R"("scenes":[{"nodes":[0,1]}]})");
        test::writeText(m_dir / "two-errors.gltf",
                        R"({"asset":{"version":"2.0"},"nodes":[{"name":"a","mesh":8},{"name":"b","mesh":7}],)"
                        R"("scenes":[{"nodes":[0,1]}]})");
        MainWindow w(test::unattended());
        w.show();
        std::set<QString> seen;
        const auto check = [&](const std::filesystem::path& file) {
            QVERIFY(test::openAndWait(w, QString::fromStdString(file.string())));
            QTRY_COMPARE(statusCounts(w), expectedCounts(w));
            for (const QString& part : statusCounts(w).split(QStringLiteral(", ")))
                seen.insert(part);
        };
        check(m_dir / "one-error.gltf");
        QVERIFY2(statusCounts(w).startsWith(QStringLiteral("1 error, ")), qPrintable(statusCounts(w)));
        check(m_dir / "two-errors.gltf");
        QVERIFY2(statusCounts(w).startsWith(QStringLiteral("2 errors, ")), qPrintable(statusCounts(w)));
        for (const char* file :
             {"physics/omi_all.gltf", "physics/khr_all.gltf", "physics/stretched_trigger.gltf"})
            check(test::dataPath(file));
        QComboBox* target = w.diagnostics()->targetBox();
        for (int i = 1; i < target->count(); ++i) {
            target->setCurrentIndex(i);
            settle();
            QTRY_COMPARE(statusCounts(w), expectedCounts(w));
            for (const QString& part : statusCounts(w).split(QStringLiteral(", ")))
                seen.insert(part);
        }
        // Between them the files and targets gave findings of every severity (the wording of each number
        // is test_diagnostic_counts').
        QStringList words;
        for (const QString& s : seen)
            words << s;
        for (const char* noun : {"error", "warning", "info"}) {
            bool some = false;
            for (const QString& s : seen)
                some = some || (s.contains(QLatin1String(noun)) && !s.startsWith(QStringLiteral("0 ")));
            QVERIFY2(some, qPrintable(words.join(QStringLiteral(" | "))));
        }
    }

    void aMessageGoesWhenItNoLongerHolds()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        MainWindow w(prompter);
        const QString sample = copyOfSample("messages.glb");
        QVERIFY(test::showAndOpen(w, sample));
        // A file that is not glTF at all: named as such, in the status bar and the error report.
        test::writeText(m_dir / "notreally.glb", "These are my notes, not a model.\n");
        QVERIFY(!test::openAndWait(w, QString::fromStdString((m_dir / "notreally.glb").string())));
        QVERIFY2(statusMessage(w).startsWith(QStringLiteral("Could not open")) &&
                     statusMessage(w).contains(QStringLiteral("notreally.glb")),
                 qPrintable(statusMessage(w)));
        const QStringList errors = prompter->asked.filter(QStringLiteral("error: "));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.front().contains(QStringLiteral("notreally.glb' is not a glTF or GLB file")) &&
                     !errors.front().contains(QStringLiteral("JSON_PARSE_ERROR")),
                 qPrintable(errors.front()));
        QCOMPARE(w.session().currentFile(), sample); // what was open stays

        // Physics > Generate Convex Hull applied: said; then Add Collider > Box: the message names the box.
        QVERIFY(clickTreeRow(w, QStringLiteral("Crate 1")));
        QPointer<ui::HullDialog> hull = w.tools().openHullDialog(kCrate);
        QVERIFY(hull && hull->waitForResult(30000));
        QVERIFY(hull->apply());
        settle();
        QVERIFY2(statusMessage(w).startsWith(QStringLiteral("Convex hull added")),
                 qPrintable(statusMessage(w)));
        if (hull) // Apply may have closed (and deleted) it already
            hull->close();
        QVERIFY(clickTreeRow(w, QStringLiteral("Crate 1")));
        QVERIFY(addCollider(w, ui::AddColliderMenu::Kind::Box));
        QCOMPARE(statusMessage(w), QStringLiteral("Box collider added to Crate 1"));
        // Undone, the box is gone and so is the message that said it was added.
        w.actions().get(ActionId::Undo)->trigger();
        settle();
        QVERIFY2(statusMessage(w).isEmpty(), qPrintable(statusMessage(w)));

        // Another failed open, then an edit: the failure is not reported over the edit.
        QVERIFY(!test::openAndWait(w, QString::fromStdString((m_dir / "notreally.glb").string())));
        QVERIFY(statusMessage(w).startsWith(QStringLiteral("Could not open")));
        QVERIFY(clickTreeRow(w, QStringLiteral("Crate 1")));
        QVERIFY(addCollider(w, ui::AddColliderMenu::Kind::Sphere));
        QCOMPARE(statusMessage(w), QStringLiteral("Sphere collider added to Crate 1"));
    }

    void openStartsInTheFilesFolder()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        MainWindow w(prompter);
        std::filesystem::create_directories(m_dir / "levels");
        std::filesystem::copy_file(CS_SAMPLE_FILE, m_dir / "levels" / "level.glb",
                                   std::filesystem::copy_options::overwrite_existing);
        QVERIFY(test::showAndOpen(w, QString::fromStdString((m_dir / "levels" / "level.glb").string())));
        prompter->openPaths = {QString()}; // the dialog is cancelled
        w.actions().get(ActionId::Open)->trigger();
        QCOMPARE(prompter->openFolders.size(), 1);
        QCOMPARE(QFileInfo(prompter->openFolders.front()).canonicalFilePath(),
                 QFileInfo(QString::fromStdString((m_dir / "levels").string())).canonicalFilePath());
    }
};

QTEST_MAIN(TestStatusLine)
#include "TestStatusLine.moc"
