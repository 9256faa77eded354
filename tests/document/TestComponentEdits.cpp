// The selection-wide edits of ComponentEdits.h on the sample scene: each is one undo step, redo -> undo ->
// redo gives the same saved JSON and undo the exact bytes, and the saved JSON says what the action means.
// Facts about the sample come from resources/sample/README.md: Crate 1, 2 and 3 have motion and a box
// collider each on the node; Floor is a static collider (shape 0, a 20 x 0.5 x 20 box) without motion;
// Arch Passage is a compound trigger of its two children; Trigger Zone has a box trigger and no trigger
// below it; Steps is a compound collider (no shape); Rock has a convex collider on its own mesh.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ComponentEdits.h"

#include <QTest>
#include <QUndoStack>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

gltf::Json colliderOf(const gltf::Json& saved, size_t node)
{
    const gltf::Json body = nodeBody(saved, node);
    return body.is_object() && body.contains("collider") ? body["collider"] : gltf::Json();
}

gltf::Json triggerOf(const gltf::Json& saved, size_t node)
{
    const gltf::Json body = nodeBody(saved, node);
    return body.is_object() && body.contains("trigger") ? body["trigger"] : gltf::Json();
}

size_t savedShapeCount(const gltf::Json& saved)
{
    return saved["extensions"]["OMI_physics_shape"]["shapes"].size();
}

} // namespace

class TestComponentEdits : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;
    size_t node(const std::string& name) const { return nodeNamed(*m_doc, name); }

private slots:
    void init() { m_doc = openSample(); }

    void removePhysicsOfSeveralNodes()
    {
        Document& d = *m_doc;
        const std::vector<size_t> nodes{node("Crate 1"), node("Floor"), node("Trigger Zone Marker")};
        std::vector<size_t> changed;
        checkRedoUndoRedo(
            d, [&] { changed = removePhysics(d, nodes); },
            [&](const gltf::Json& saved) {
                QVERIFY(nodeBody(saved, nodes[0]).is_null());
                QVERIFY(nodeBody(saved, nodes[1]).is_null());
                QVERIFY(!nodeBody(saved, node("Crate 2")).is_null()); // not listed
            });
        QCOMPARE(changed, (std::vector<size_t>{nodes[0], nodes[1]})); // the marker has no physics
        QCOMPARE(d.undoStack()->text(0), QStringLiteral("Delete physics of 2 nodes"));
        QVERIFY(removePhysics(d, {node("Trigger Zone Marker")}).empty());
        QCOMPARE(d.undoStack()->count(), 1);
    }

    void componentCheckBoxes()
    {
        Document& d = *m_doc;
        const size_t floor = node("Floor"), crate = node("Crate 1");
        checkRedoUndoRedo(
            d,
            [&] {
                QVERIFY(setComponentPresent(d, {floor, crate}, Component::Motion, true));
            },
            [&](const gltf::Json& saved) {
                QVERIFY(nodeBody(saved, floor).contains("motion"));
                QCOMPARE(nodeBody(saved, crate)["motion"]["mass"].get<double>(), 20.0); // kept as it was
            });
        QCOMPARE(d.undoStack()->text(d.undoStack()->index() - 1), QStringLiteral("Add Motion"));

        init();
        Document& e = *m_doc;
        checkRedoUndoRedo(
            e,
            [&] {
                QVERIFY(setComponentPresent(e, {floor, crate}, Component::Collider, false));
            },
            [&](const gltf::Json& saved) {
                QVERIFY(colliderOf(saved, floor).is_null());
                QVERIFY(colliderOf(saved, crate).is_null());
                QVERIFY(nodeBody(saved, crate).contains("motion"));
            });
        QCOMPARE(e.undoStack()->text(0), QStringLiteral("Remove Collider"));
        QVERIFY(!setComponentPresent(e, {floor}, Component::Collider, false)); // nothing left to remove
    }

    void assignOneShapeToSeveralColliders()
    {
        Document& d = *m_doc;
        const size_t a = node("Crate 1"), b = node("Crate 3");
        checkRedoUndoRedo(
            d,
            [&] {
                QVERIFY(assignShape(d, {a, b, node("Trigger Zone Marker")}, Component::Collider, 0));
            },
            [&](const gltf::Json& saved) {
                QCOMPARE(colliderOf(saved, a)["shape"].get<int>(), 0);
                QCOMPARE(colliderOf(saved, b)["shape"].get<int>(), 0);
            });
        QCOMPARE(d.undoStack()->count(), 1);
    }

    void assignShapeEndsACompoundTrigger()
    {
        Document& d = *m_doc;
        const size_t passage = node("Arch Passage");
        checkRedoUndoRedo(
            d, [&] { QVERIFY(assignShape(d, {passage}, Component::Trigger, 0)); },
            [&](const gltf::Json& saved) {
                const gltf::Json t = triggerOf(saved, passage);
                QCOMPARE(t["shape"].get<int>(), 0);
                QVERIFY(!t.contains("nodes"));
            });
    }

    void newPrimitiveSharedByTheNodes()
    {
        Document& d = *m_doc;
        const size_t a = node("Crate 1"), b = node("Crate 2");
        const size_t shapes = d.model().shapes.size();
        std::vector<int> added;
        checkRedoUndoRedo(
            d,
            [&] {
                added = addShapeForNodes(d, {a, b}, Component::Collider, physics::ShapeType::Sphere);
            },
            [&](const gltf::Json& saved) {
                QCOMPARE(savedShapeCount(saved), shapes + 1);
                CS_COMPARE_JSON(saved["extensions"]["OMI_physics_shape"]["shapes"][shapes]["type"], "sphere");
                QCOMPARE(colliderOf(saved, a)["shape"].get<size_t>(), shapes);
                QCOMPARE(colliderOf(saved, b)["shape"].get<size_t>(), shapes);
            });
        QCOMPARE(added, (std::vector<int>{int(shapes)}));
        QCOMPARE(d.undoStack()->text(0), QStringLiteral("New sphere Shape"));
    }

    void newMeshShapeOnePerMesh()
    {
        Document& d = *m_doc;
        const size_t crate = node("Crate 1"), rock = node("Rock");
        const size_t shapes = d.model().shapes.size();
        std::vector<int> added;
        checkRedoUndoRedo(
            d,
            [&] {
                added = addShapeForNodes(d, {crate, rock}, Component::Collider, physics::ShapeType::Convex);
            },
            [&](const gltf::Json& saved) {
                QCOMPARE(savedShapeCount(saved), shapes + 2);
                const gltf::Json& list = saved["extensions"]["OMI_physics_shape"]["shapes"];
                for (size_t n : {crate, rock}) {
                    const auto s = colliderOf(saved, n)["shape"].get<size_t>();
                    QVERIFY(s >= shapes);
                    // Each shape is the hull of the node's own render mesh, named after the node.
                    CS_COMPARE_JSON(list[s]["convex"]["mesh"], saved["nodes"][n]["mesh"]);
                    CS_COMPARE_JSON(list[s]["name"], saved["nodes"][n]["name"]);
                }
            });
        QCOMPARE(added.size(), size_t(2));
    }

    void makeCompounds()
    {
        Document& d = *m_doc;
        const size_t crate = node("Crate 1");
        checkRedoUndoRedo(
            d,
            [&] {
                QVERIFY(makeCompound(d, {crate, node("Steps")}, Component::Collider));
            },
            [&](const gltf::Json& saved) {
                QVERIFY(colliderOf(saved, crate).is_object());
                QVERIFY(!colliderOf(saved, crate).contains("shape"));
            });
        QCOMPARE(d.undoStack()->count(), 1);
        // Already compound, or no trigger below: nothing to do.
        QVERIFY(!makeCompound(d, {node("Arch Passage"), node("Trigger Zone")}, Component::Trigger));
        QCOMPARE(d.undoStack()->count(), 1);
    }

    void descendantTriggersOfTheArch()
    {
        Document& d = *m_doc;
        QCOMPARE(descendantTriggers(d, node("Arch Passage")),
                 (std::vector<int>{int(node("Arch Passage Lower")), int(node("Arch Passage Upper"))}));
        QVERIFY(descendantTriggers(d, node("Trigger Zone")).empty());
    }

    void massPropertiesOfSeveralBodies()
    {
        Document& d = *m_doc;
        const size_t a = node("Crate 1"), b = node("Crate 3");
        MassProperties pa;
        pa.mass = 5.0;
        pa.inertiaDiagonal = {1, 2, 3};
        MassProperties pb;
        pb.centerOfMass = {0, 0.5, 0};
        checkRedoUndoRedo(
            d,
            [&] {
                QVERIFY(computeMassProperties(d, {{a, pa}, {b, pb}}));
            },
            [&](const gltf::Json& saved) {
                QCOMPARE(nodeBody(saved, a)["motion"]["mass"].get<double>(), 5.0);
                CS_COMPARE_JSON(nodeBody(saved, a)["motion"]["inertiaDiagonal"],
                                gltf::Json::parse("[1.0,2.0,3.0]"));
                QCOMPARE(nodeBody(saved, b)["motion"]["mass"].get<double>(), 8.0);
                CS_COMPARE_JSON(nodeBody(saved, b)["motion"]["centerOfMass"],
                                gltf::Json::parse("[0.0,0.5,0.0]"));
            });
        QCOMPARE(d.undoStack()->text(0), QStringLiteral("Compute Mass Properties"));
    }
};

QTEST_GUILESS_MAIN(TestComponentEdits)
#include "TestComponentEdits.moc"
