// The parts of the selection that are not nodes: the shape the shape editor shows (the current node's
// collider shape, else its trigger shape, until another one is picked) and the joint description the joints
// panel shows. Both are moved with their lists by edits, and undo never leaves them pointing past a list.
#include "DocumentTestUtil.h"
#include "document/ColliderEdits.h"
#include "document/FieldCommands.h"
#include "document/JointCommands.h"
#include "document/NodeEdits.h"

#include <QSignalSpy>
#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

// Four shapes; node 0 has a collider of shape 1, node 1 a trigger of shape 2, node 2 a collider of shape 3
// and a trigger of shape 0 (the collider's shape is the one shown), node 3 no physics, node 4 a joint of
// description 1 (of three) connected to node 0.
const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape", "OMI_physics_joint"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [
      {"type": "box", "box": {"size": [1, 1, 1]}},
      {"type": "sphere", "sphere": {"radius": 0.5}},
      {"type": "capsule", "capsule": {"height": 2, "radius": 0.25}},
      {"type": "box", "box": {"size": [2, 1, 1]}}
    ]},
    "OMI_physics_joint": {"physicsJoints": [
      {"limits": [{"linearAxes": [0, 1, 2], "min": 0, "max": 0}]},
      {"limits": [{"angularAxes": [0, 1], "min": 0, "max": 0}]},
      {"limits": [{"linearAxes": [1, 2], "min": 0, "max": 0}]}
    ]}
  },
  "nodes": [
    {"name": "Collider", "extensions": {"OMI_physics_body": {"collider": {"shape": 1}}}},
    {"name": "Trigger", "extensions": {"OMI_physics_body": {"trigger": {"shape": 2}}}},
    {"name": "Both", "extensions": {"OMI_physics_body": {"collider": {"shape": 3}, "trigger": {"shape": 0}}}},
    {"name": "Plain"},
    {"name": "Joint", "extensions": {"OMI_physics_joint": {"connectedNode": 0, "joint": 1}}}
  ],
  "scenes": [{"nodes": [0, 1, 2, 3, 4]}],
  "scene": 0
})";

} // namespace

class TestSelection : public QObject
{
    Q_OBJECT

private slots:
    void theShownShapeIsTheCurrentNodesShape()
    {
        auto doc = documentFromJson(kScene);
        QCOMPARE(doc->model().shapes.size(), size_t(4));
        QCOMPARE(doc->selectedShape(), -1); // nothing selected
        doc->setSelectedNodes({0});
        QCOMPARE(doc->selectedShape(), 1); // its collider's
        doc->setSelectedNodes({1});
        QCOMPARE(doc->selectedShape(), 2); // its trigger's
        doc->setSelectedNodes({2});
        QCOMPARE(doc->selectedShape(), 3); // the collider's before the trigger's
        doc->setSelectedNodes({3});
        QCOMPARE(doc->selectedShape(), -1); // no physics
        // Several nodes: the current one decides.
        doc->setSelectedNodes({0, 1}, 1);
        QCOMPARE(doc->selectedShape(), 2);
    }

    void aPickedShapeStaysWhileTheCurrentNodeStays()
    {
        auto doc = documentFromJson(kScene);
        doc->setSelectedNodes({0});
        QSignalSpy announced(doc.get(), &Document::selectionChanged);
        doc->setSelectedShape(3);
        QCOMPARE(doc->selectedShape(), 3);
        QCOMPARE(announced.count(), 1);
        // Another node joins the selection, the current node stays: the pick stays.
        doc->setSelectedNodes({0, 1}, 0);
        QCOMPARE(doc->selectedShape(), 3);
        // The collider's shape changes: the pick still stays.
        doc->push(new SetColliderShape(doc.get(), 0, 0));
        QCOMPARE(doc->selectedShape(), 3);
        // Another current node: its own shape again.
        doc->setSelectedNodes({0, 1}, 1);
        QCOMPARE(doc->selectedShape(), 2);
        // A shape the document does not have is none.
        doc->setSelectedShape(4);
        QCOMPARE(doc->selectedShape(), -1);
    }

    void anUnpickedShapeFollowsTheCollider()
    {
        auto doc = documentFromJson(kScene);
        doc->setSelectedNodes({0});
        QSignalSpy announced(doc.get(), &Document::selectionChanged);
        doc->push(new SetColliderShape(doc.get(), 0, 0));
        QCOMPARE(doc->selectedShape(), 0);
        QCOMPARE(announced.count(), 1);
        doc->undoStack()->undo();
        QCOMPARE(doc->selectedShape(), 1);
        QCOMPARE(announced.count(), 2);
    }

    void deletingTheShownShapeAndUndoingIt()
    {
        auto doc = documentFromJson(kScene);
        doc->setSelectedNodes({3});
        doc->setSelectedShape(2); // picked: the trigger shape of node 1
        const std::vector<size_t> users = deleteShape(*doc, 2);
        QCOMPARE(users, std::vector<size_t>{1});
        QCOMPARE(doc->model().shapes.size(), size_t(3));
        QCOMPARE(doc->selectedShape(), -1); // gone, and node 3 has no shape of its own
        doc->undoStack()->undo();
        QCOMPARE(doc->model().shapes.size(), size_t(4));
        QCOMPARE(doc->selectedShape(), -1); // the pick is not restored; node 3 still has no shape
        doc->undoStack()->redo();
        QCOMPARE(doc->selectedShape(), -1);

        // The current node's own shape deleted: none; undo shows it again, as the node uses it again.
        doc->setSelectedNodes({0});
        QCOMPARE(doc->selectedShape(), 1);
        deleteShape(*doc, 1);
        QCOMPARE(doc->selectedShape(), -1);
        doc->undoStack()->undo();
        QCOMPARE(doc->selectedShape(), 1);
    }

    void aShapeBeforeTheShownOneMovesIt()
    {
        auto doc = documentFromJson(kScene);
        doc->setSelectedNodes({2});
        QCOMPARE(doc->selectedShape(), 3);
        deleteShape(*doc, 0); // node 2's trigger shape: its collider shape 3 becomes 2
        QCOMPARE(doc->selectedShape(), 2);
        doc->undoStack()->undo();
        QCOMPARE(doc->selectedShape(), 3);
    }

    void deletingTheCurrentNodeClearsItsShape()
    {
        auto doc = documentFromJson(kScene);
        doc->setSelectedNodes({1});
        QCOMPARE(doc->selectedShape(), 2);
        QVERIFY(deleteNodes(*doc, {1}));
        QVERIFY(doc->selectedNodes().empty());
        QCOMPARE(doc->selectedShape(), -1);
        doc->undoStack()->undo();
        QCOMPARE(doc->model().shapes.size(), size_t(4));
        QCOMPARE(doc->selectedShape(), -1); // the node is back, not selected again
    }

    void theShownJointIsKeptBySelectingNodes()
    {
        auto doc = documentFromJson(kScene);
        QCOMPARE(doc->model().joints.size(), size_t(3));
        QCOMPARE(doc->selectedJoint(), -1);
        QSignalSpy announced(doc.get(), &Document::selectionChanged);
        doc->setSelectedJoint(1);
        QCOMPARE(doc->selectedJoint(), 1);
        QCOMPARE(announced.count(), 1);
        doc->setSelectedJoint(1); // the same: nothing announced
        QCOMPARE(announced.count(), 1);
        doc->setSelectedNodes({4});
        QCOMPARE(doc->selectedJoint(), 1);
        doc->setSelectedNodes({});
        QCOMPARE(doc->selectedJoint(), 1);
        doc->setSelectedJoint(3); // the document has three
        QCOMPARE(doc->selectedJoint(), -1);
        doc->setSelectedJoint(-5);
        QCOMPARE(doc->selectedJoint(), -1);
    }

    void deletingTheShownJointAndUndoingIt()
    {
        auto doc = documentFromJson(kScene);
        doc->setSelectedJoint(1);
        doc->push(new RemoveJointDescription(doc.get(), 1));
        QCOMPARE(doc->model().joints.size(), size_t(2));
        QCOMPARE(doc->selectedJoint(), -1);
        doc->undoStack()->undo();
        QCOMPARE(doc->model().joints.size(), size_t(3));
        QCOMPARE(doc->selectedJoint(), -1); // none rather than another description

        // A description before the shown one: the shown one moves with its list, both ways.
        doc->setSelectedJoint(2);
        doc->push(new RemoveJointDescription(doc.get(), 0));
        QCOMPARE(doc->selectedJoint(), 1);
        doc->undoStack()->undo();
        QCOMPARE(doc->selectedJoint(), 2);
        // One added after it leaves it where it is.
        doc->push(new AddJointDescription(doc.get(), doc->model().joints[0]));
        QCOMPARE(doc->selectedJoint(), 2);
        doc->undoStack()->undo();
        QCOMPARE(doc->selectedJoint(), 2);
    }
};

QTEST_MAIN(TestSelection)
#include "TestSelection.moc"
