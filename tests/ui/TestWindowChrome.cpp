// What the window shows around the view stays readable (issue 46): at 1280 px wide every toolbar button is on
// a toolbar (no overflow menu), the Undo and Redo buttons keep their place as their commands change, the
// Joints tab lists each joint by its kind and the nodes it joins, and no column header is cut off at the
// window's default size.
#include "ActionTable.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "panels/JointsPanel.h"
#include "widgets/ColourLegend.h"

#include <QAbstractItemModel>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

using namespace cs;
using cs::ui::MainWindow;

namespace {

/// The toolbars' overflow buttons that are shown (Qt names them qt_toolbar_ext_button).
int shownOverflowButtons(const MainWindow& w)
{
    int shown = 0;
    for (const QToolBar* bar : w.findChildren<QToolBar*>())
        for (const QToolButton* b : bar->findChildren<QToolButton*>(QStringLiteral("qt_toolbar_ext_button")))
            shown += b->isVisible() ? 1 : 0;
    return shown;
}

/// The header sections of `header` whose text does not fit their width (the style's margins either side).
QStringList cutHeaders(const QHeaderView* header)
{
    QStringList cut;
    const QAbstractItemModel* model = header->model();
    if (!model || !header->isVisible())
        return cut;
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int i = 0; i < header->count(); ++i) {
        if (header->isSectionHidden(i))
            continue;
        const QString text = model->headerData(i, header->orientation()).toString();
        const int needed = header->fontMetrics().horizontalAdvance(text) + 2 * margin;
        if (header->sectionSize(i) < needed)
            cut << QStringLiteral("%1 (%2 of %3 px)").arg(text).arg(header->sectionSize(i)).arg(needed);
    }
    return cut;
}

} // namespace

class TestWindowChrome : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void toolbarsFitAndUndoStaysPut()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QStringLiteral(CS_SAMPLE_FILE)));
        w.resize(1280, 800);
        QTest::qWait(50);
        QCOMPARE(w.width(), 1280);
        QCOMPARE(shownOverflowButtons(w), 0);

        QAction* undo = w.actions().get(ui::ActionId::Undo);
        QAction* redo = w.actions().get(ui::ActionId::Redo);
        QToolBar* main = w.findChild<QToolBar*>(QStringLiteral("MainToolBar"));
        QVERIFY(main);
        QWidget* undoButton = main->widgetForAction(undo);
        QWidget* redoButton = main->widgetForAction(redo);
        QVERIFY(undoButton && redoButton);
        const QRect undoBefore = undoButton->geometry(), redoBefore = redoButton->geometry();
        // An edit: Undo names it in the menu; the buttons stay where they were.
        w.session().selectNode(std::nullopt);
        w.actions().get(ui::ActionId::AddEmptyColliderCapsule)->trigger();
        QTest::qWait(50);
        QVERIFY(undo->isEnabled() && undo->text().size() > QStringLiteral("&Undo").size());
        QCOMPARE(undoButton->geometry(), undoBefore);
        QCOMPARE(redoButton->geometry(), redoBefore);
        // Undone: Redo names it.
        undo->trigger();
        QTest::qWait(50);
        QVERIFY(redo->isEnabled() && redo->text().size() > QStringLiteral("&Redo").size());
        QCOMPARE(undoButton->geometry(), undoBefore);
        QCOMPARE(redoButton->geometry(), redoBefore);
        QCOMPARE(shownOverflowButtons(w), 0);
    }

    void jointsListedByKindAndNodes()
    {
        MainWindow w(test::unattended());
        const QString pendulum = QString::fromStdString(
            test::dataPath("spec/omi/OMI_physics_joint/examples/pendulum_balls.gltf").string());
        QVERIFY(test::showAndOpen(w, pendulum));
        auto* joints = w.findChild<ui::JointsPanel*>();
        QVERIFY(joints);
        QCOMPARE(joints->list()->count(), 1);
        // The spec's one description locks the linear axes and two angular ones (springs on both): a hinge,
        // used by three nodes, each joined to its ball's attachment.
        QCOMPARE(joints->list()->item(0)->text(),
                 QStringLiteral("hinge: HingeJoint1 -> Ball1JointAttachment, HingeJoint2 -> "
                                "Ball2JointAttachment, HingeJoint3 -> Ball3JointAttachment"));
    }

    void headersNotCutAtTheDefaultSize()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QStringLiteral(CS_SAMPLE_FILE)));
        w.resize(1280, 800);
        QTest::qWait(50);
        QStringList cut;
        // Each of the right-hand tabs in turn, and the docks on show with them.
        for (const char* dock : {"PropertiesDock", "MaterialsDock", "FiltersDock", "JointsDock"}) {
            auto* d = w.findChild<QDockWidget*>(QLatin1String(dock));
            QVERIFY(d);
            d->raise();
            QTest::qWait(50);
            for (const QHeaderView* header : w.findChildren<QHeaderView*>())
                if (header->orientation() == Qt::Horizontal)
                    for (const QString& c : cutHeaders(header))
                        cut << QStringLiteral("%1: %2").arg(QLatin1String(dock), c);
        }
        cut.removeDuplicates();
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
    }

    // The colour legend under the view shows every entry whole: at the default size the view is too narrow
    // for one row, so it wraps; wide enough, it is one row.
    void legendShowsEveryEntry_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("rows");
        QTest::newRow("default, 1280 px") << 1280 << 2;
        QTest::newRow("narrow, 1000 px") << 1000 << 0;
        QTest::newRow("wide, 2400 px") << 2400 << 1;
    }
    void legendShowsEveryEntry()
    {
        QFETCH(int, width);
        QFETCH(int, rows);
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QStringLiteral(CS_SAMPLE_FILE)));
        w.resize(width, 800);
        QTest::qWait(50);
        auto* legend = w.findChild<ui::ColourLegend*>(QStringLiteral("viewLegend"));
        QVERIFY(legend);
        const QList<QLabel*> labels = legend->findChildren<QLabel*>();
        QCOMPARE(labels.size(), 2 * 8); // a swatch and a name for each of the 5 body and 3 joint colours
        for (const QLabel* label : labels) {
            const QRect at(label->mapTo(legend, QPoint(0, 0)), label->size());
            QVERIFY2(legend->rect().contains(at),
                     qPrintable(QStringLiteral("'%1' at %2,%3 %4x%5 is outside the legend's %6x%7")
                                    .arg(label->text())
                                    .arg(at.x())
                                    .arg(at.y())
                                    .arg(at.width())
                                    .arg(at.height())
                                    .arg(legend->width())
                                    .arg(legend->height())));
        }
        if (rows > 0)
            QCOMPARE(legend->rows(), rows);
        else
            QVERIFY(legend->rows() >= 2);
    }
};

QTEST_MAIN(TestWindowChrome)
#include "TestWindowChrome.moc"
