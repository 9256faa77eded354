// Help > Quick Guide and Shortcuts (issue 46): a short guide and every command's shortcut, each as the
// command has it now.
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"

#include <QAction>
#include <QDialog>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <map>

using namespace cs;
using cs::ui::MainWindow;

namespace {

QString cellText(QTextTable* table, int row, int column)
{
    QTextCursor from = table->cellAt(row, column).firstCursorPosition();
    from.setPosition(table->cellAt(row, column).lastCursorPosition().position(), QTextCursor::KeepAnchor);
    return from.selectedText().trimmed();
}

/// Every command of the menus (and their submenus) that has a shortcut: its text without '&' -> shortcut.
void shortcutsOf(const QList<QAction*>& actions, std::map<QString, QString>& out)
{
    for (QAction* a : actions) {
        if (a->menu())
            shortcutsOf(a->menu()->actions(), out);
        else if (!a->shortcut().isEmpty())
            out[a->text().remove(QLatin1Char('&'))] = a->shortcut().toString(QKeySequence::NativeText);
    }
}

} // namespace

class TestHelpGuide : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void theGuideListsEveryShortcutAsItIs()
    {
        MainWindow w(test::unattended());
        w.show();
        QAction* guide = test::menuAction(w, QStringLiteral("actionGuide"));
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
        guide->trigger();
        auto* dialog = w.findChild<QDialog*>(QStringLiteral("guideDialog"));
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(!dialog->isModal()); // the shortcuts can be tried with it open
        auto* text = dialog->findChild<QTextBrowser*>(QStringLiteral("guideText"));
        QVERIFY(text);
        // Short: a page, not a manual.
        QVERIFY2(text->toPlainText().split(QLatin1Char('\n')).size() < 90, qPrintable(text->toPlainText()));

        // The last table: a row per command with a shortcut, the shortcut the command has.
        std::map<QString, QString> expected;
        for (QAction* menu : w.menuBar()->actions())
            shortcutsOf(menu->menu()->actions(), expected);
        QVERIFY(expected.count(QStringLiteral("Open...")) &&
                expected.count(QStringLiteral("Frame Selected")));
        QTextTable* table = nullptr;
        for (QTextFrame* frame : text->document()->rootFrame()->childFrames())
            if (auto* t = qobject_cast<QTextTable*>(frame))
                table = t;
        QVERIFY(table && table->columns() == 2);
        std::map<QString, QString> listed;
        for (int row = 0; row < table->rows(); ++row)
            listed[cellText(table, row, 0)] = cellText(table, row, 1);
        for (const auto& [command, keys] : expected) {
            QVERIFY2(listed.count(command), qPrintable(command));
            QCOMPARE(listed[command], keys);
        }
        // And nothing listed that the window does not do.
        std::map<QString, QString> every;
        for (QAction* a : w.findChildren<QAction*>())
            if (!a->shortcut().isEmpty())
                every[a->text().remove(QLatin1Char('&'))] = a->shortcut().toString(QKeySequence::NativeText);
        for (const auto& [command, keys] : listed) {
            QVERIFY2(every.count(command),
                     qPrintable(command + QStringLiteral(" is no command of the window")));
            QCOMPARE(keys, every[command]);
        }
        // Asked again: the same window, raised.
        guide->trigger();
        QCOMPARE(w.findChildren<QDialog*>(QStringLiteral("guideDialog")).size(), 1);
    }
};

QTEST_MAIN(TestHelpGuide)
#include "TestHelpGuide.moc"
