// SceneState follows the document's change events: node and mesh edits rebuild the render scene, any other
// edit only the resolved physics and picking, selection changes nothing. The sample (resources/sample/
// README.md) has 24 nodes; Crate 1 is a dynamic body with a box collider on its own node.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/SceneState.h"

#include <QTest>
#include <QUndoStack>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

class TestSceneState : public QObject
{
    Q_OBJECT

private slots:
    void followsTheChangeEvents()
    {
        auto d = openSample();
        SceneState s;
        QVERIFY(s.rebuild(*d).empty());
        QObject::connect(d.get(), &Document::changed, d.get(),
                         [&](const ChangeEvent& e) { s.noteChange(e); });
        const size_t crate = nodeNamed(*d, "Crate 1");
        QCOMPARE(s.graph.nodeCount(), size_t(24));
        QVERIFY(s.resolved.nodeBody[crate] >= 0);
        QVERIFY(!s.stale());

        d->setSelectedNodes({crate});
        QVERIFY(!s.stale()); // selecting is not an edit

        // A physics edit: the collider is no longer in a body; no new render scene.
        const size_t targets = s.picking.targetCount();
        d->push(removeMotion(d.get(), crate));
        QVERIFY(s.stale());
        QVERIFY(!s.update(*d));
        QVERIFY(!s.stale());
        QCOMPARE(s.resolved.nodeBody[crate], -1);
        d->push(removeCollider(d.get(), crate));
        QVERIFY(!s.update(*d));
        QCOMPARE(s.picking.targetCount(), targets - 1); // the collider can no longer be picked

        d->undoStack()->undo();
        d->undoStack()->undo();
        QVERIFY(!s.update(*d));
        QVERIFY(s.resolved.nodeBody[crate] >= 0);
        QCOMPARE(s.picking.targetCount(), targets);

        // A node edit: the graph and the render scene are rebuilt.
        d->push(new AddNode(d.get(), crate, gltf::Json::parse(R"({"name":"Extra"})")));
        QVERIFY(s.update(*d));
        QCOMPARE(s.graph.nodeCount(), size_t(25));
        QCOMPARE(s.graph.parent(24), std::optional<size_t>(crate));
        QVERIFY(!s.update(*d)); // nothing new
    }
};

QTEST_GUILESS_MAIN(TestSceneState)
#include "TestSceneState.moc"
