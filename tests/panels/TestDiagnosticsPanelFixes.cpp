// The Fix column of the diagnostics panel: offered where document::fixFor knows a fix, applied by a click
// on it as one undo step, gone once the list is refilled; clicking elsewhere still selects the node.
#include "TestSupport.h"
#include "document/Document.h"
#include "panels/DiagnosticsPanel.h"

#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

using namespace cs;
using ui::DiagnosticsPanel;

namespace {

std::unique_ptr<document::Document> makeDocument()
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 0, 1]}}]}},
      "nodes": [{"name": "a", "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic"}}}},
                {"name": "b", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
      "scenes": [{"nodes": [0, 1]}]
    })");
    g.setSourcePath({});
    return std::make_unique<document::Document>(std::move(g));
}

QTreeWidgetItem* rowWithCode(QTreeWidget* list, const char* code)
{
    return list->findItems(QString::fromLatin1(code), Qt::MatchExactly, DiagnosticsPanel::CodeColumn)
        .value(0);
}

} // namespace

class TestDiagnosticsPanelFixes : public QObject
{
    Q_OBJECT

private slots:
    void fixColumn()
    {
        auto d = makeDocument();
        DiagnosticsPanel panel;
        panel.setDiagnostics(d->diagnostics());
        QTreeWidget* list = panel.list();
        QCOMPARE(list->columnCount(), 4);
        // Without a document no fix is offered.
        QTreeWidgetItem* undeclared = rowWithCode(list, "EXTENSION_NOT_DECLARED");
        QVERIFY(undeclared);
        QVERIFY(undeclared->text(DiagnosticsPanel::FixColumn).isEmpty());

        panel.setDocument(d.get());
        panel.setDiagnostics(d->diagnostics());
        undeclared = rowWithCode(list, "EXTENSION_NOT_DECLARED");
        QCOMPARE(undeclared->text(DiagnosticsPanel::FixColumn), QStringLiteral("Add to extensionsUsed"));
        QVERIFY(!undeclared->toolTip(DiagnosticsPanel::FixColumn).isEmpty());
        QTreeWidgetItem* size = rowWithCode(list, "SHAPE_SIZE_INVALID");
        QVERIFY(size);
        QCOMPARE(size->text(DiagnosticsPanel::FixColumn), QStringLiteral("Set to 1 mm"));
        QTreeWidgetItem* noShapes = rowWithCode(list, "BODY_WITHOUT_SHAPES");
        QVERIFY(noShapes);
        QVERIFY(noShapes->text(DiagnosticsPanel::FixColumn).isEmpty());

        // A click on the fix applies it (one step) and does not select anything.
        QSignalSpy applied(&panel, &DiagnosticsPanel::fixApplied);
        QSignalSpy selected(&panel, &DiagnosticsPanel::nodeActivated);
        emit list->itemClicked(undeclared, DiagnosticsPanel::FixColumn);
        QCOMPARE(applied.count(), 1);
        QCOMPARE(selected.count(), 0);
        QCOMPARE(d->undoStack()->count(), 1);
        QCOMPARE(undeclared->text(DiagnosticsPanel::FixColumn), QStringLiteral("Fixed"));
        // The second undeclared extension was fixed by the same step: its row has nothing left to do.
        QSignalSpy failed(&panel, &DiagnosticsPanel::fixFailed);
        for (int row = 0; row < list->topLevelItemCount(); ++row) {
            if (list->topLevelItem(row)->text(0) == QStringLiteral("EXTENSION_NOT_DECLARED") &&
                list->topLevelItem(row) != undeclared)
                QVERIFY(!panel.applyFixAt(row));
        }
        QCOMPARE(failed.count(), 1);
        QCOMPARE(d->undoStack()->count(), 1);

        // The size fix from the row's index.
        const int sizeRow = list->indexOfTopLevelItem(size);
        QCOMPARE(panel.fixAt(sizeRow).kind, document::FixKind::ClampShapeSize);
        QVERIFY(panel.applyFixAt(sizeRow));
        QCOMPARE(d->undoStack()->count(), 2);

        // Refilled after validation: both are gone.
        d->validateNow();
        panel.setDiagnostics(d->diagnostics());
        QVERIFY(!rowWithCode(list, "EXTENSION_NOT_DECLARED"));
        QVERIFY(!rowWithCode(list, "SHAPE_SIZE_INVALID"));

        // Clicking another column, or activating, still selects the node.
        noShapes = rowWithCode(list, "BODY_WITHOUT_SHAPES");
        emit list->itemClicked(noShapes, DiagnosticsPanel::FixColumn);
        emit list->itemActivated(noShapes, DiagnosticsPanel::MessageColumn);
        QCOMPARE(selected.count(), 2);
        QCOMPARE(selected.at(0).at(0).toInt(), 0);
    }

    void documentGoneMeansNoFixes()
    {
        auto d = makeDocument();
        DiagnosticsPanel panel;
        panel.setDocument(d.get());
        const Diagnostics diagnostics = d->diagnostics();
        d.reset();
        panel.setDiagnostics(diagnostics);
        QVERIFY(
            rowWithCode(panel.list(), "EXTENSION_NOT_DECLARED")->text(DiagnosticsPanel::FixColumn).isEmpty());
        QVERIFY(!panel.applyFixAt(0));
    }
};

QTEST_MAIN(TestDiagnosticsPanelFixes)
#include "TestDiagnosticsPanelFixes.moc"
