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

    void listsTheNodesForTheTree()
    {
        auto d = openSample();
        SceneState s;
        QVERIFY(s.rebuild(*d).empty());
        const std::vector<NodeRow> rows = s.nodeRows(*d);
        QCOMPARE(rows.size(), size_t(24));
        // Ball: a dynamic body without a collider of its own; its child "Ball Collider" moves with it.
        const size_t ball = nodeNamed(*d, "Ball"), ballCollider = nodeNamed(*d, "Ball Collider");
        QCOMPARE(rows[ball].name, std::string("Ball"));
        QCOMPARE(rows[ball].body, std::string("dynamic"));
        QCOMPARE(rows[ball].children, std::vector<size_t>{ballCollider});
        QVERIFY(!rows[ball].collider && !rows[ball].mesh);
        QCOMPARE(rows[ballCollider].body, std::string());
        QCOMPARE(rows[ballCollider].behaves, std::string("dynamic"));
        QVERIFY(rows[ballCollider].collider && rows[ballCollider].mesh && !rows[ballCollider].trigger);
        // The floor: a collider of no body; the trigger zone: a static body with a trigger.
        const size_t floor = nodeNamed(*d, "Floor"), zone = nodeNamed(*d, "Trigger Zone");
        QCOMPARE(rows[floor].behaves, std::string("static"));
        QCOMPARE(rows[floor].body, std::string());
        QCOMPARE(rows[zone].body, std::string("static"));
        QVERIFY(rows[zone].trigger && !rows[zone].collider && !rows[zone].mesh);
    }

    void boundsOfTheSelection()
    {
        auto d = openSample();
        SceneState s;
        QVERIFY(s.rebuild(*d).empty());
        QVERIFY(!s.selectionBounds(*d, {})); // nothing selected
        // The floor's mesh: the 20 x 0.5 x 20 box of its accessor's bounds, moved down by 0.25.
        d->setSelectedNodes({nodeNamed(*d, "Floor")});
        auto box = s.selectionBounds(*d, {});
        QVERIFY(box);
        QVERIFY(qFuzzyCompare(box->min, QVector3D(-10, -0.5f, -10)));
        QVERIFY(qFuzzyCompare(box->max + QVector3D(1, 1, 1), QVector3D(11, 1, 11)));
        // Overlay lines given: their box, not the mesh's.
        box = s.selectionBounds(*d, {QVector3D(1, 2, 3), QVector3D(-1, 5, 0), QVector3D(0, 0, 4)});
        QVERIFY(box);
        QCOMPARE(box->min, QVector3D(-1, 0, 0));
        QCOMPARE(box->max, QVector3D(1, 5, 4));
        // The ball draws no mesh: a metre around its origin.
        d->setSelectedNodes({nodeNamed(*d, "Ball")});
        box = s.selectionBounds(*d, {});
        QVERIFY(box);
        QVERIFY(qFuzzyCompare(box->min, QVector3D(-8.482686f, 1.022007f, -6.7f)));
        QVERIFY(qFuzzyCompare(box->max, QVector3D(-6.482686f, 3.022007f, -4.7f)));
    }
};

QTEST_GUILESS_MAIN(TestSceneState)
#include "TestSceneState.moc"
