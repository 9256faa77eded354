// The Joint section of Properties and the Joints tab driven like a user on tests/data/physics/khr_all.gltf
// (six joints written from the KHR schema): every change is checked on the document's model and undone and
// redone through the document's undo stack, with the widgets following.
#include "Prompter.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/JointCommands.h"
#include "panels/JointPanel.h"
#include "panels/JointsPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using cs::ui::JointPanel;
using cs::ui::JointsPanel;

namespace {

/// The text of a record table's cell, and a cell edited as a user would (the model's edit role).
QString cellText(const QTableView* table, int row, int column)
{
    return table->model()->index(row, column).data().toString();
}

void editCell(QTableView* table, int row, int column, const QString& text)
{
    table->model()->setData(table->model()->index(row, column), text);
}

std::unique_ptr<document::Document> openJoints()
{
    auto opened = document::Document::open(test::dataPath("physics/khr_all.gltf"));
    if (!opened)
        qFatal("khr_all.gltf does not open");
    return std::move(*opened);
}

size_t nodeNamed(const document::Document& doc, const std::string& name)
{
    const gltf::Json& nodes = doc.gltf().json()["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].value("name", std::string()) == name)
            return i;
    qFatal("no node %s", name.c_str());
}

void choose(QComboBox* combo, int data)
{
    const int index = combo->findData(data);
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
    emit combo->activated(index);
}

} // namespace

class TestJointPanels : public QObject
{
    Q_OBJECT

private slots:
    void jointSectionEditsTheNodeJoint()
    {
        auto doc = openJoints();
        JointPanel panel;
        panel.setDocument(doc.get());
        // No node: the node list is not built (a scene may have tens of thousands of nodes).
        QCOMPARE(panel.connectedCombo()->count(), 0);
        const size_t hinge = nodeNamed(*doc, "HingeJoint");
        const size_t hingeB = nodeNamed(*doc, "HingeB");
        const size_t sliderB = nodeNamed(*doc, "SliderB");
        panel.setNodes({hinge});
        // "(none)" and every node but the joint's own.
        QCOMPARE(panel.connectedCombo()->count(), int(doc->gltf().count("nodes")));
        QVERIFY(panel.jointCheck()->isChecked());
        QCOMPARE(panel.connectedCombo()->currentData().toInt(), int(hingeB));
        QCOMPARE(panel.descriptionCombo()->currentData().toInt(), 1);
        QVERIFY(!panel.collisionCheck()->isChecked());

        QUndoStack* stack = doc->undoStack();
        choose(panel.connectedCombo(), int(sliderB));
        QCOMPARE(doc->model().node(hinge)->joint->connectedNode, int(sliderB));
        choose(panel.descriptionCombo(), 4);
        QCOMPARE(doc->model().node(hinge)->joint->joint, 4);
        panel.collisionCheck()->click();
        QVERIFY(doc->model().node(hinge)->joint->enableCollision);
        QCOMPARE(stack->count(), 3);
        stack->undo();
        stack->undo();
        QCOMPARE(doc->model().node(hinge)->joint->joint, 1);
        QCOMPARE(panel.descriptionCombo()->currentData().toInt(), 1);
        QVERIFY(!panel.collisionCheck()->isChecked());
        stack->redo();
        QCOMPARE(panel.descriptionCombo()->currentData().toInt(), 4);

        // Remove the joint, undo brings it back; a node without one gets one.
        panel.jointCheck()->click();
        QVERIFY(!doc->model().node(hinge));
        QVERIFY(!panel.connectedCombo()->isEnabled());
        stack->undo();
        QVERIFY(panel.jointCheck()->isChecked());
        const size_t pad = nodeNamed(*doc, "Pad");
        panel.setNodes({pad});
        QVERIFY(!panel.jointCheck()->isChecked());
        panel.jointCheck()->click();
        QVERIFY(doc->model().node(pad)->joint);
        QCOMPARE(doc->model().node(pad)->joint->joint, 0);
        // Several nodes: nothing to edit.
        panel.setNodes({pad, hinge});
        QVERIFY(!panel.isEnabled());
        QCOMPARE(panel.connectedCombo()->count(), 0);
    }

    void jointsTabShowsTheDocumentsSelectedJoint()
    {
        auto doc = openJoints();
        JointsPanel panel;
        panel.setDocument(doc.get());
        QCOMPARE(panel.list()->currentRow(), -1);
        // The document's selection decides the row and the tables (the hinge, description 1, has three
        // limits)...
        doc->setSelectedJoint(1);
        QCOMPARE(panel.list()->currentRow(), 1);
        QCOMPARE(panel.limitsTable()->model()->rowCount(), int(doc->model().joints[1].limits.size()));
        QCOMPARE(panel.limitsTable()->model()->rowCount(), 3);
        // ...the row the user picks becomes the document's...
        panel.list()->setCurrentRow(2);
        QCOMPARE(doc->selectedJoint(), 2);
        // ...and selecting nodes keeps it.
        doc->setSelectedNodes({0});
        QCOMPARE(panel.list()->currentRow(), 2);
        QCOMPARE(panel.currentJoint(), 2);
        // Deleting the description before it: the same description stays shown, one row up.
        doc->push(new document::RemoveJointDescription(doc.get(), 0));
        QCOMPARE(panel.currentJoint(), 1);
        QCOMPARE(panel.list()->currentRow(), 1);
        doc->undoStack()->undo();
        QCOMPARE(panel.currentJoint(), 2);
        QCOMPARE(panel.list()->currentRow(), 2);
    }

    void jointsTabEditsDescriptions()
    {
        auto doc = openJoints();
        JointsPanel panel;
        ui::UnattendedPrompter prompter; // deleting a description in use goes ahead
        panel.setPrompter(&prompter);
        panel.setDocument(doc.get());
        QCOMPARE(panel.list()->count(), 6);
        QUndoStack* stack = doc->undoStack();

        // The hinge (description 1): three limits, the third is angular X from -1.5 to 1.5.
        panel.setCurrentJoint(1);
        QCOMPARE(panel.limitsTable()->model()->rowCount(), 3);
        QCOMPARE(cellText(panel.limitsTable(), 2, 2), QStringLiteral("-1.5"));
        editCell(panel.limitsTable(), 2, 2, QStringLiteral("-0.75"));
        QCOMPARE(*doc->model().joints[1].limits[2].min, -0.75);
        // Not a number: refused with a note, nothing pushed.
        const int steps = stack->count();
        editCell(panel.limitsTable(), 2, 3, QStringLiteral("wide"));
        QCOMPARE(stack->count(), steps);
        QCOMPARE(*doc->model().joints[1].limits[2].max, 1.5);
        QVERIFY(!panel.statusLabel()->text().isEmpty());
        QCOMPARE(cellText(panel.limitsTable(), 2, 3), QStringLiteral("1.5"));

        // A drive, then its velocity target.
        panel.addDrive();
        QCOMPARE(doc->model().joints[1].drives.size(), size_t(1));
        QCOMPARE(panel.drivesTable()->model()->rowCount(), 1);
        editCell(panel.drivesTable(), 0, 5, QStringLiteral("2"));
        QCOMPARE(*doc->model().joints[1].drives[0].velocityTarget, 2.0);
        stack->undo();
        QVERIFY(!doc->model().joints[1].drives[0].velocityTarget);
        stack->undo();
        QVERIFY(doc->model().joints[1].drives.empty());
        QCOMPARE(panel.drivesTable()->model()->rowCount(), 0);
        stack->redo();
        QCOMPARE(panel.drivesTable()->model()->rowCount(), 1);

        // Add a fixed joint: two locked limits.
        panel.addJoint(int(document::JointPreset::Fixed));
        QCOMPARE(panel.list()->count(), 7);
        QCOMPARE(panel.currentJoint(), 6);
        QCOMPARE(doc->model().joints[6].limits.size(), size_t(2));

        // Delete the hinge: its one user is named and loses its joint; undo restores both.
        const size_t hinge = nodeNamed(*doc, "HingeJoint");
        panel.setCurrentJoint(1);
        QCOMPARE(panel.deleteCurrentJoint(), std::vector<size_t>{hinge});
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("HingeJoint")));
        QCOMPARE(panel.list()->count(), 6);
        QVERIFY(!doc->model().node(hinge));
        stack->undo();
        QCOMPARE(panel.list()->count(), 7);
        QCOMPARE(doc->model().node(hinge)->joint->joint, 1);
    }
};

QTEST_MAIN(TestJointPanels)
#include "TestJointPanels.moc"
