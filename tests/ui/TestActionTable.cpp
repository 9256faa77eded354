// The window's command table: an ActionSpec becomes a QAction with its text, shortcut, tooltip and handler;
// checkable commands start in their state and apply it; enabled-when is evaluated for the listed commands.
#include "ActionTable.h"

#include <QAction>
#include <QObject>
#include <QTest>

using cs::ui::ActionId;
using cs::ui::ActionTable;

class TestActionTable : public QObject
{
    Q_OBJECT

private slots:
    void specsBecomeActions()
    {
        QObject owner;
        ActionTable table(&owner);
        int saved = 0;
        QAction* save = table.add({ActionId::Save,
                                   "actionSave",
                                   QStringLiteral("&Save"),
                                   QKeySequence(Qt::CTRL | Qt::Key_S),
                                   [&saved] { ++saved; },
                                   {},
                                   QStringLiteral("Write the file")});
        QCOMPARE(save->objectName(), QStringLiteral("actionSave"));
        QCOMPARE(save->text(), QStringLiteral("&Save"));
        QCOMPARE(save->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_S));
        QCOMPARE(save->toolTip(), QStringLiteral("Write the file"));
        QCOMPARE(save->parent(), &owner);
        QVERIFY(!save->isCheckable());
        save->trigger();
        save->trigger();
        QCOMPARE(saved, 2);
        QCOMPARE(table.get(ActionId::Save), save);
        QCOMPARE(table.get(ActionId::Open), nullptr); // never added
    }

    void checkableCommandsApplyTheirState()
    {
        QObject owner;
        ActionTable table(&owner);
        QList<bool> applied;
        QAction* grid = table.add({ActionId::ShowGrid,
                                   "actionShowGrid",
                                   QStringLiteral("&Grid"),
                                   {},
                                   {},
                                   {},
                                   {},
                                   true,
                                   [&applied](bool on) { applied << on; }});
        QVERIFY(grid->isCheckable());
        QVERIFY(grid->isChecked());
        QCOMPARE(applied, QList<bool>{true}); // the initial state is applied at once
        grid->toggle();
        QCOMPARE(applied, (QList<bool>{true, false}));
        QVERIFY(!grid->isChecked());
    }

    void enabledWhenIsEvaluatedForTheListedCommands()
    {
        QObject owner;
        ActionTable table(&owner);
        bool selection = false;
        QAction* remove =
            table.add({ActionId::Delete, "actionDelete", QStringLiteral("&Delete"), {}, {}, [&selection] {
                           return selection;
                       }});
        QAction* hull = table.add(
            {ActionId::HullDialog, "actionHullDialog", QStringLiteral("&Hull"), {}, {}, [&selection] {
                 return selection;
             }});
        QAction* open = table.add({ActionId::Open, "actionOpen", QStringLiteral("&Open")});
        QVERIFY(remove->isEnabled() && hull->isEnabled()); // until asked
        table.updateEnabled({ActionId::Delete, ActionId::Open});
        QVERIFY(!remove->isEnabled());
        QVERIFY(hull->isEnabled()); // not listed
        QVERIFY(open->isEnabled()); // no rule: left alone
        selection = true;
        table.updateEnabled({ActionId::Delete, ActionId::HullDialog});
        QVERIFY(remove->isEnabled() && hull->isEnabled());
        selection = false;
        table.updateEnabled({ActionId::HullDialog});
        QVERIFY(!hull->isEnabled());
        QVERIFY(remove->isEnabled());
    }

    void adoptedActionsAreLookedUpToo()
    {
        QObject owner;
        ActionTable table(&owner);
        auto* undo = new QAction(QStringLiteral("&Undo"), &owner);
        QCOMPARE(table.adopt(ActionId::Undo, undo), undo);
        QCOMPARE(table.get(ActionId::Undo), undo);
    }
};

QTEST_MAIN(TestActionTable)
#include "TestActionTable.moc"
