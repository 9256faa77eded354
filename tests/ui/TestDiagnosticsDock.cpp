// The Diagnostics dock as an artist meets it (issue 46): the chosen target's verdict first, in the command
// line's words; findings that say the same thing on one row with their count; eight rows in view in the
// default layout; a click or double-click on its title leaves it docked.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "panels/DiagnosticsPanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QProcess>
#include <QTest>
#include <QTreeWidget>
#include <map>
#include <set>
#include <tuple>

using namespace cs;
using cs::ui::DiagnosticsPanel;
using cs::ui::MainWindow;

namespace {

void settle()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

/// What `collidoscope validate FILE --target NAME` says of the file for that target ("loads with 3
/// differences"): the last line, "FILE: target NAME: VERDICT".
QString commandLineVerdict(const QString& file, const QString& target)
{
    QProcess p;
    p.start(QStringLiteral(CS_COLLIDOSCOPE),
            {QStringLiteral("validate"), file, QStringLiteral("--target"), target});
    if (!p.waitForFinished(120000))
        return QStringLiteral("(validate did not finish)");
    const QStringList lines =
        QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QString prefix = file + QStringLiteral(": target ") + target + QStringLiteral(": ");
    // The verdict is the last line of the target's but for the fix of a failing file ("fix: collidoscope
    // ...").
    for (qsizetype i = lines.size() - 1; i >= 0; --i)
        if (lines[i].startsWith(prefix) && !lines[i].mid(prefix.size()).startsWith(QStringLiteral("fix: ")))
            return lines[i].mid(prefix.size());
    return QStringLiteral("(no verdict line in: %1)").arg(lines.join(QLatin1Char('\n')));
}

void chooseTarget(MainWindow& w, const QString& name)
{
    QComboBox* box = w.diagnostics()->targetBox();
    box->setCurrentIndex(box->findText(name));
    settle();
}

} // namespace

class TestDiagnosticsDock : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;
    const QString m_file = QStringLiteral(CS_SAMPLE_FILE); // 24 nodes, most with a body and a collider

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void theTargetsVerdictComesFirst()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, m_file));
        QTreeWidget* list = w.diagnostics()->list();
        for (const QString& target : {QStringLiteral("godot-4.x"), QStringLiteral("babylon-havok")}) {
            chooseTarget(w, target);
            QVERIFY(list->topLevelItemCount() > 1);
            const QString verdict = commandLineVerdict(m_file, target);
            QCOMPARE(list->topLevelItem(0)->text(DiagnosticsPanel::MessageColumn),
                     target + QStringLiteral(": ") + verdict);
            // A file the target fails to load: the verdict row says how to make a copy it loads, in the menus
            // and as the command line's fix.
            const QString fix = list->topLevelItem(0)->text(DiagnosticsPanel::FixColumn);
            if (verdict == QStringLiteral("fails")) {
                QVERIFY2(fix.contains(QStringLiteral("Export For > ") + target), qPrintable(fix));
                QVERIFY2(fix.contains(QStringLiteral("collidoscope upgrade ") + m_file +
                                      QStringLiteral(" --target ") + target + QStringLiteral(" -o ")),
                         qPrintable(fix));
            } else {
                QVERIFY2(fix.isEmpty(), qPrintable(fix));
            }
        }
        // No target, no verdict: the first row is a finding.
        chooseTarget(w, QStringLiteral("None"));
        QVERIFY(list->topLevelItemCount() == 0 || !list->topLevelItem(0)
                                                       ->text(DiagnosticsPanel::MessageColumn)
                                                       .contains(QStringLiteral(": loads")));
    }

    void identicalFindingsShareARow()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, m_file));
        // The first target that finds something more than once in the file.
        QComboBox* box = w.diagnostics()->targetBox();
        std::map<std::tuple<int, std::string, std::string>, int> times;
        int repeated = 0;
        for (int t = 1; t < box->count() && repeated < 2; ++t) {
            box->setCurrentIndex(t);
            settle();
            times.clear();
            for (const Diagnostic& d : w.diagnostics()->diagnostics())
                repeated = std::max(repeated, ++times[{int(d.severity), d.code, d.message}]);
        }
        QVERIFY2(repeated > 1, "some target should find something more than once in the file");
        const Diagnostics& all = w.diagnostics()->diagnostics();

        // Each finding is on one top-level row; one said n times is one row counting n, its children where.
        QTreeWidget* list = w.diagnostics()->list();
        std::set<std::pair<QString, QString>> rows;
        int findings = 0;
        for (int i = 1; i < list->topLevelItemCount(); ++i) { // row 0: the verdict
            const QTreeWidgetItem* row = list->topLevelItem(i);
            const QString code = row->text(DiagnosticsPanel::CodeColumn);
            const QString message = row->text(DiagnosticsPanel::MessageColumn);
            QVERIFY2(rows.insert({code, message}).second, qPrintable(code + QStringLiteral(": ") + message));
            const int n = times[{row->data(DiagnosticsPanel::CodeColumn, Qt::UserRole).toInt(),
                                 code.toStdString(), message.toStdString()}];
            QCOMPARE(row->childCount(), n == 1 ? 0 : n);
            if (n > 1) {
                QCOMPARE(row->text(DiagnosticsPanel::WhereColumn), QStringLiteral("%1 places").arg(n));
                for (int c = 0; c < n; ++c)
                    QVERIFY(row->child(c)->text(DiagnosticsPanel::WhereColumn).startsWith(QLatin1Char('/')));
            }
            findings += n;
        }
        QCOMPARE(findings, int(all.size()));
    }

    void eightRowsInTheDefaultLayout()
    {
        // A first start: no saved layout (the test's own settings are empty).
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::openAndWait(w, m_file));
        chooseTarget(w, QStringLiteral("godot-4.x"));
        QTreeWidget* list = w.diagnostics()->list();
        QVERIFY(list->topLevelItemCount() > 0);
        const int rowHeight = list->visualItemRect(list->topLevelItem(0)).height();
        QVERIFY(rowHeight > 0);
        QVERIFY2(
            list->viewport()->height() >= 8 * rowHeight,
            qPrintable(
                QStringLiteral("%1 px for rows of %2 px").arg(list->viewport()->height()).arg(rowHeight)));
    }

    void aClickOnTheTitleLeavesItDocked()
    {
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("DiagnosticsDock"));
        QVERIFY(dock);
        QVERIFY(!(dock->features() & QDockWidget::DockWidgetFloatable));
        QVERIFY(dock->features() & QDockWidget::DockWidgetClosable);
        const QPoint title(dock->width() / 2, 6);
        QTest::mouseClick(dock, Qt::LeftButton, {}, title);
        QTest::mouseDClick(dock, Qt::LeftButton, {}, title);
        settle();
        QVERIFY(!dock->isFloating());
        QCOMPARE(w.dockWidgetArea(dock), Qt::BottomDockWidgetArea);
    }
};

QTEST_MAIN(TestDiagnosticsDock)
#include "TestDiagnosticsDock.moc"
