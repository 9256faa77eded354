// Every dock of the main window stays where the user put it (issue 46): a click or a double-click on a
// dock's title, as happens when an artist reaches for a tab or a close button, never floats it off the
// window. Docks still move to another side by a drag and close from their title.
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"

#include <QDockWidget>
#include <QTest>

using cs::ui::MainWindow;

namespace {

void settle()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

} // namespace

class TestDockTitles : public QObject
{
    Q_OBJECT

private slots:
    void everyDockIsClosableAndMovableButNotFloatable()
    {
        MainWindow w(cs::test::unattended());
        const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
        // Scene, History, Diagnostics, Properties, Physics Materials, Collision Filters, Joints and the
        // simulation's events.
        QCOMPARE(docks.size(), 8);
        for (QDockWidget* dock : docks) {
            QVERIFY2(!(dock->features() & QDockWidget::DockWidgetFloatable), qPrintable(dock->objectName()));
            QVERIFY2(dock->features() & QDockWidget::DockWidgetClosable, qPrintable(dock->objectName()));
            QVERIFY2(dock->features() & QDockWidget::DockWidgetMovable, qPrintable(dock->objectName()));
        }
    }

    void aDoubleClickOnATitleLeavesTheDockWhereItWas()
    {
        MainWindow w(cs::test::unattended());
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        int clicked = 0;
        for (QDockWidget* dock : w.findChildren<QDockWidget*>()) {
            if (dock->isHidden())
                continue;
            dock->raise();
            settle();
            const Qt::DockWidgetArea area = w.dockWidgetArea(dock);
            const QPoint title(dock->width() / 2, 6);
            QTest::mouseClick(dock, Qt::LeftButton, {}, title);
            QTest::mouseDClick(dock, Qt::LeftButton, {}, title);
            settle();
            QVERIFY2(!dock->isFloating(), qPrintable(dock->objectName()));
            QCOMPARE(w.dockWidgetArea(dock), area);
            ++clicked;
        }
        QCOMPARE(clicked, 7); // every dock but the simulation's, which the first Play shows
    }
};

QTEST_MAIN(TestDockTitles)
#include "TestDockTitles.moc"
