// Tool dialogs beside the view, not on it (issue 46): placeBeside's choice of side, and the hull,
// decomposition, add-colliders and heat map tolerance dialogs of a 1280 x 800 window on a larger screen
// opened where they cover none of the 3D view they preview in.
#include "ActionTable.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "viewport/Viewport.h"
#include "widgets/DialogPlacement.h"

#include <QDialog>
#include <QInputDialog>
#include <QScreen>
#include <QTest>

using namespace cs;
using cs::ui::MainWindow;

class TestDialogPlacement : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void besideTheViewWhereThereIsRoom()
    {
        const QRect screen(0, 0, 1600, 1200);
        const QRect view(280, 60, 660, 560); // right edge at 939, bottom at 619
        // Room on the right: level with the view's top, just past its right edge.
        QCOMPARE(ui::placeBeside(view, QSize(400, 500), screen), QPoint(940, 60));
        // Too wide for the right (940 + 700 > 1600) and the left (280 < 700): below, level with its left.
        QCOMPARE(ui::placeBeside(view, QSize(700, 300), screen), QPoint(280, 620));
        // A view that fills the screen's width, a dialog taller than what is below it: above, kept on the
        // screen.
        const QRect wide(0, 500, 1600, 400);
        QCOMPARE(ui::placeBeside(wide, QSize(300, 450), screen), QPoint(0, 50));
        // No room anywhere: the place covering the least of the view, on the screen.
        const QRect full(0, 0, 1600, 1100);
        const QPoint at = ui::placeBeside(full, QSize(500, 300), screen);
        QVERIFY(screen.contains(QRect(at, QSize(500, 300))));
        QCOMPARE(QRect(at, QSize(500, 300)).intersected(full).height(), 200);
    }

    void toolDialogsLeaveTheViewFree()
    {
        MainWindow w(test::unattended());
        const QRect screen = w.screen()->availableGeometry();
        QVERIFY2(screen.width() >= 1500 && screen.height() >= 1000, "the test wants a screen of 1600 x 1200");
        w.move(screen.topLeft());
        QVERIFY(test::showAndOpen(w, QStringLiteral(CS_SAMPLE_FILE)));
        w.resize(1280, 800);
        QTest::qWait(50);
        const document::Document& doc = *w.session().document();
        std::optional<size_t> meshNode;
        for (size_t n = 0; n < doc.gltf().count("nodes") && !meshNode; ++n)
            if (doc.gltf().json()["nodes"][n].contains("mesh"))
                meshNode = n;
        QVERIFY(meshNode);
        w.session().selectNode(*meshNode);
        QTest::qWait(20);
        const ui::Viewport* view = w.viewport();
        const QRect viewRect(view->mapToGlobal(QPoint(0, 0)), view->size());
        QVERIFY(viewRect.width() > 400);

        const auto check = [&](const char* name, QWidget* dialog) {
            QVERIFY2(dialog && dialog->isVisible(), name);
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            const QRect frame = dialog->frameGeometry();
            QVERIFY2(!frame.intersects(viewRect),
                     qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 covers the view at %6,%7 %8x%9")
                                    .arg(QLatin1String(name))
                                    .arg(frame.x())
                                    .arg(frame.y())
                                    .arg(frame.width())
                                    .arg(frame.height())
                                    .arg(viewRect.x())
                                    .arg(viewRect.y())
                                    .arg(viewRect.width())
                                    .arg(viewRect.height())));
            dialog->close();
            QTest::qWait(20);
        };
        const auto opened = [&](const char* objectName) {
            for (QDialog* d : w.findChildren<QDialog*>())
                if (d->isVisible() && (!*objectName || d->objectName() == QLatin1String(objectName)))
                    return d;
            return static_cast<QDialog*>(nullptr);
        };
        w.actions().get(ui::ActionId::HullDialog)->trigger();
        check("hull", opened(""));
        w.actions().get(ui::ActionId::DecomposeDialog)->trigger();
        check("decompose", opened(""));
        w.actions().get(ui::ActionId::AddColliders)->trigger();
        check("add colliders", opened(""));
        w.actions().get(ui::ActionId::FitHeatMapTolerance)->trigger();
        check("heat map tolerance", opened("fitHeatMapToleranceDialog"));
    }
};

QTEST_MAIN(TestDialogPlacement)
#include "TestDialogPlacement.moc"
