// Structural physics edits on the sample scene: components added and removed, compound groups, shapes of each
// type created, a shape's type changed, shapes/materials/filters deleted with every reference fixed up, and
// the legacy upgrade. Each one: redo -> undo -> redo with the whole saved JSON compared to the expected one.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/ShapeConversion.h"

#include <QSignalSpy>
#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {
const std::string kShapes = "/extensions/OMI_physics_shape/shapes/";
const std::string kMaterials = "/extensions/OMI_physics_body/physicsMaterials/";
const std::string kFilters = "/extensions/OMI_physics_body/collisionFilters/";
const char* kLegacySphere =
    "spec/legacy/2023-01-05_80c2ae7/extensions/2.0/OMI_collider/examples/sphere_collider.gltf";

std::string body(int node)
{
    return "/nodes/" + std::to_string(node) + "/extensions/OMI_physics_body";
}
// "/nodes/N/extensions/OMI_physics_body/collider/shape" (or trigger) set to `value`.
Replacement shapeRef(int node, int value, const char* component = "collider")
{
    return {body(node) + "/" + component + "/shape", std::to_string(value)};
}
} // namespace

class TestStructureCommands : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;

private slots:
    void init() { m_doc = openSample(); }

    void addAndRemoveMotion()
    {
        Document& d = *m_doc;
        checkEdit(d, [&] { d.push(addMotion(&d, 0)); }, {{body(0) + "/motion", R"({"type":"dynamic"})"}});
        init();
        checkEdit(*m_doc, [&] { m_doc->push(removeMotion(m_doc.get(), 2)); },
                  {{body(2) + "/motion", "<erase>"}});
    }

    void addAndRemoveCollider()
    {
        Document& d = *m_doc;
        physics::Collider c;
        c.shape = 17;
        c.collisionFilter = 1;
        // The marker node had no extensions at all: they come after its other keys.
        checkEdit(d, [&] { d.push(addCollider(&d, 23, c)); },
                  {{"/nodes/23/extensions",
                    R"({"OMI_physics_body":{"collider":{"shape":17,"collisionFilter":1}}})"}});
        init();
        // The floor's only physics was its collider: the emptied extensions object goes too.
        checkEdit(*m_doc, [&] { m_doc->push(removeCollider(m_doc.get(), 0)); },
                  {{"/nodes/0/extensions", "<erase>"}});
    }

    void addAndRemoveTrigger()
    {
        Document& d = *m_doc;
        physics::Trigger t;
        t.shape = 2;
        checkEdit(d, [&] { d.push(addTrigger(&d, 2, t)); }, {{body(2) + "/trigger", R"({"shape":2})"}});
        init();
        checkEdit(*m_doc, [&] { m_doc->push(removeTrigger(m_doc.get(), 22)); },
                  {{body(22) + "/trigger", "<erase>"}});
    }

    void addingWhatIsThereAlreadyPushesNothing()
    {
        Document& d = *m_doc;
        d.push(addMotion(&d, 2));
        d.push(removeMotion(&d, 0));
        d.push(addCollider(&d, 2, physics::Collider{}));
        d.push(removeTrigger(&d, 2));
        d.push(addMotion(&d, 999)); // no such node
        QCOMPARE(d.undoStack()->count(), 0);
    }

    void compoundGroups()
    {
        Document& d = *m_doc;
        // Crate 1's collider becomes a grouping collider: its shape goes, material and filter stay.
        checkEdit(d, [&] { d.push(makeCompoundCollider(&d, 2)); },
                  {{body(2) + "/collider/shape", "<erase>"}});
        init();
        checkEdit(*m_doc,
                  [&] {
                      m_doc->push(makeCompoundTrigger(m_doc.get(), 14, {15, 16}));
                  },
                  {{body(14) + "/trigger", R"({"nodes":[15,16]})"}});
        init();
        // The trigger zone's box trigger becomes a compound: shape and filter go (the schema forbids a
        // filter).
        checkEdit(*m_doc, [&] { m_doc->push(makeCompoundTrigger(m_doc.get(), 22, {23})); },
                  {{body(22) + "/trigger", R"({"nodes":[23]})"}});
    }

    void createEachShapeType()
    {
        const std::pair<physics::ShapeType, const char*> expected[] = {
            {physics::ShapeType::Box, R"({"name":"New","type":"box","box":{}})"},
            {physics::ShapeType::Sphere, R"({"name":"New","type":"sphere","sphere":{}})"},
            {physics::ShapeType::Capsule, R"({"name":"New","type":"capsule","capsule":{}})"},
            {physics::ShapeType::Cylinder, R"({"name":"New","type":"cylinder","cylinder":{}})"},
            {physics::ShapeType::Convex, R"({"name":"New","type":"convex","convex":{}})"},
            {physics::ShapeType::Trimesh, R"({"name":"New","type":"trimesh","trimesh":{}})"},
        };
        for (const auto& [type, json] : expected) {
            init();
            Document& d = *m_doc;
            checkEdit(d, [&] { d.push(new AddShape(&d, makeShape(type, "New"))); }, {{kShapes + "18", json}});
            if (QTest::currentTestFailed())
                return;
        }
        // With parameters: only what differs from the defaults is written.
        init();
        physics::Shape cylinder = makeShape(physics::ShapeType::Cylinder);
        cylinder.radiusTop = 0.25;
        checkEdit(*m_doc, [&] { m_doc->push(new AddShape(m_doc.get(), cylinder)); },
                  {{kShapes + "18", R"({"type":"cylinder","cylinder":{"radiusTop":0.25}})"}});
    }

    // A shape made in code (no source JSON) gets the type's sub-object, which the schema requires, and keeps
    // its parameters; a shape read from a file is left as it is.
    void writableShapeOfACodeMadeShape()
    {
        physics::Shape capsule;
        capsule.type = physics::ShapeType::Capsule;
        capsule.radiusTop = 0.3;
        capsule.radiusBottom = 0.2;
        capsule.height = 1.5;
        QVERIFY(capsule.source.empty());
        const physics::Shape w = writableShape(capsule, "Fitted");
        QCOMPARE(w.source.size(), size_t(3));
        QCOMPARE(w.source.value("type", ""), std::string("capsule"));
        QCOMPARE(w.source.value("name", ""), std::string("Fitted"));
        QVERIFY(w.source.contains("capsule") && w.source["capsule"].is_object() &&
                w.source["capsule"].empty());
        QCOMPARE(w.radiusTop, 0.3);
        QCOMPARE(w.radiusBottom, 0.2);
        QCOMPARE(w.height, 1.5);
        checkEdit(
            *m_doc, [&] { m_doc->push(new AddShape(m_doc.get(), w)); },
            {{kShapes + "18",
              R"({"name":"Fitted","type":"capsule","capsule":{"height":1.5,"radiusBottom":0.2,"radiusTop":0.3}})"}});
        physics::Shape read = makeShape(physics::ShapeType::Box, "Read");
        read.source["extras"]["kept"] = true;
        QCOMPARE(writableShape(read, "Other").source.dump(), read.source.dump());
    }

    void changeShapeTypeKeepsTheSize()
    {
        Document& d = *m_doc;
        // A sphere of radius 0.4 becomes the box around it.
        checkEdit(d, [&] { d.push(new ChangeShapeType(&d, 5, physics::ShapeType::Box)); },
                  {{kShapes + "5", R"({"name":"Ball","type":"box","box":{"size":[0.8,0.8,0.8]}})"}});
        init();
        // Capsule mid-height 1.0 with radii 0.4 is 1.8 m tall: the cylinder keeps the total height.
        checkEdit(
            *m_doc, [&] { m_doc->push(new ChangeShapeType(m_doc.get(), 6, physics::ShapeType::Cylinder)); },
            {{kShapes + "6",
              R"({"name":"Character","type":"cylinder","cylinder":{"height":1.8,"radiusBottom":0.4,"radiusTop":0.4}})"}});
        init();
        // Cylinder of full height 0.66 and radii 0.06: a capsule of mid-height 0.54.
        checkEdit(
            *m_doc, [&] { m_doc->push(new ChangeShapeType(m_doc.get(), 12, physics::ShapeType::Capsule)); },
            {{kShapes + "12",
              R"({"name":"Table Pedestal","type":"capsule","capsule":{"height":0.54,"radiusBottom":0.06,"radiusTop":0.06}})"}});
        init();
        // Convex and trimesh share the mesh.
        checkEdit(*m_doc,
                  [&] { m_doc->push(new ChangeShapeType(m_doc.get(), 7, physics::ShapeType::Trimesh)); },
                  {{kShapes + "7", R"({"name":"Rock Hull","type":"trimesh","trimesh":{"mesh":8}})"}});
    }

    void deleteShapeFixesEveryReference()
    {
        Document& d = *m_doc;
        d.setSelectedShape(5);
        std::vector<size_t> users;
        // Crate 1 (node 2) loses its collider; every shape reference above 2 moves down by one.
        std::vector<Replacement> expected = {{body(2) + "/collider", "<erase>"},
                                             shapeRef(3, 2),
                                             shapeRef(4, 3),
                                             shapeRef(6, 4),
                                             shapeRef(8, 5),
                                             shapeRef(9, 6),
                                             shapeRef(10, 7),
                                             shapeRef(12, 8, "trigger"),
                                             shapeRef(13, 9, "trigger"),
                                             shapeRef(15, 10),
                                             shapeRef(16, 11),
                                             shapeRef(17, 12),
                                             shapeRef(19, 13),
                                             shapeRef(20, 14),
                                             shapeRef(21, 15),
                                             shapeRef(22, 16, "trigger"),
                                             {kShapes + "2", "<erase>"}};
        checkEdit(
            d, [&] { users = deleteShape(d, 2); }, expected);
        QCOMPARE(users, std::vector<size_t>{2});
        QCOMPARE(d.selectedShape(), 4); // the selected shape moved down with its list
        d.undoStack()->undo();
        QCOMPARE(d.selectedShape(), 5);
    }

    void deleteTriggerShapeLeavesItsCompound()
    {
        Document& d = *m_doc;
        // Shape 9 is Arch Passage Lower's trigger (node 12), a member of the compound trigger on node 11.
        std::vector<Replacement> expected = {{"/nodes/12/extensions", "<erase>"},
                                             {body(11) + "/trigger/nodes", "[13]"},
                                             shapeRef(13, 9, "trigger"),
                                             shapeRef(15, 10),
                                             shapeRef(16, 11),
                                             shapeRef(17, 12),
                                             shapeRef(19, 13),
                                             shapeRef(20, 14),
                                             shapeRef(21, 15),
                                             shapeRef(22, 16, "trigger"),
                                             {kShapes + "9", "<erase>"}};
        std::vector<size_t> users;
        checkEdit(
            d, [&] { users = deleteShape(d, 9); }, expected);
        QCOMPARE(users, std::vector<size_t>{12});
        QVERIFY(!d.model().node(12)); // nothing left on the node
    }

    void deleteMaterial()
    {
        Document& d = *m_doc;
        std::vector<size_t> users;
        // Ice (0) is the ramp's; Wood (2) and Rubber (1) move down.
        checkEdit(d, [&] { users = document::deleteMaterial(d, 0); },
                  {{body(1) + "/collider/physicsMaterial", "<erase>"},
                   {body(2) + "/collider/physicsMaterial", "1"},
                   {body(3) + "/collider/physicsMaterial", "1"},
                   {body(4) + "/collider/physicsMaterial", "1"},
                   {body(6) + "/collider/physicsMaterial", "0"},
                   {body(15) + "/collider/physicsMaterial", "1"},
                   {kMaterials + "0", "<erase>"}});
        QCOMPARE(users, std::vector<size_t>{1});
    }

    void deleteFilter()
    {
        Document& d = *m_doc;
        std::vector<size_t> users;
        checkEdit(d, [&] { users = document::deleteFilter(d, 0); },
                  {{body(0) + "/collider/collisionFilter", "<erase>"},
                   {body(1) + "/collider/collisionFilter", "<erase>"},
                   {body(2) + "/collider/collisionFilter", "1"},
                   {body(3) + "/collider/collisionFilter", "1"},
                   {body(4) + "/collider/collisionFilter", "1"},
                   {body(8) + "/collider/collisionFilter", "0"},
                   {body(10) + "/collider/collisionFilter", "<erase>"},
                   {body(19) + "/collider/collisionFilter", "<erase>"},
                   {body(20) + "/collider/collisionFilter", "<erase>"},
                   {body(21) + "/collider/collisionFilter", "<erase>"},
                   {body(22) + "/trigger/collisionFilter", "2"},
                   {kFilters + "0", "<erase>"}});
        QCOMPARE(users, (std::vector<size_t>{0, 1, 10, 19, 20, 21}));
    }

    void createMaterialAndFilter()
    {
        Document& d = *m_doc;
        physics::PhysicsMaterial steel;
        steel.source = gltf::Json::parse(R"({"name":"Steel"})");
        steel.staticFriction = 0.7;
        checkEdit(d, [&] { d.push(new AddMaterial(&d, steel)); },
                  {{kMaterials + "3", R"({"name":"Steel","staticFriction":0.7})"}});
        init();
        physics::CollisionFilter npc;
        npc.collisionSystems = {"npc"};
        checkEdit(*m_doc, [&] { m_doc->push(new AddFilter(m_doc.get(), npc)); },
                  {{kFilters + "4", R"({"collisionSystems":["npc"]})"}});
    }

    void removalEventsNameEveryNodeTouched()
    {
        Document& d = *m_doc;
        QSignalSpy spy(&d, &Document::changed);
        // Rubber: the ball collider (node 6) uses it; Wood moves from 2 to 1 on nodes 2, 3, 4 and 15. Their
        // motions do not change, so no body event.
        document::deleteMaterial(d, 1);
        QCOMPARE(spy.count(), 6);
        QCOMPARE(spy.at(0).at(0).value<ChangeEvent>(),
                 (ChangeEvent{ChangeEvent::Kind::Material, 1, ChangeEvent::Removed}));
        std::vector<int> colliders;
        for (int i = 1; i < spy.count(); ++i) {
            const auto e = spy.at(i).at(0).value<ChangeEvent>();
            QCOMPARE(int(e.kind), int(ChangeEvent::Kind::Collider));
            colliders.push_back(e.index);
        }
        QCOMPARE(colliders, (std::vector<int>{2, 3, 4, 6, 15}));
    }

    void upgradeLegacyFile()
    {
        auto d = openData(kLegacySphere);
        QVERIFY(d->isLegacy());
        checkRedoUndoRedo(
            *d, [&] { QVERIFY(upgradeLegacy(*d)); },
            [](const gltf::Json& saved) {
                // Compared as plain JSON: the writer decides key order, the spec the content.
                const nlohmann::json j = nlohmann::json::parse(saved.dump());
                // Radius 0.5 is the schema default, which the newest form leaves out.
                QVERIFY(j["extensions"] == nlohmann::json::parse(R"({"OMI_physics_shape":{"shapes":[
                                                                {"type":"sphere","sphere":{}}]}})"));
                QVERIFY(j["nodes"][0]["extensions"] ==
                        nlohmann::json::parse(R"({"OMI_physics_body":{"collider":{"shape":0}}})"));
                auto used = j["extensionsUsed"].get<std::vector<std::string>>();
                std::sort(used.begin(), used.end());
                QCOMPARE(used, (std::vector<std::string>{"OMI_physics_body", "OMI_physics_shape"}));
            });
    }

    void upgradeOfNewestFileDoesNothing()
    {
        QVERIFY(!m_doc->isLegacy());
        QVERIFY(!upgradeLegacy(*m_doc));
        QCOMPARE(m_doc->undoStack()->count(), 0);
    }

    void physicsEditOfLegacyFileWritesNewestForm()
    {
        auto d = openData(kLegacySphere);
        d->push(new SetShapeRadius(d.get(), 0, 1.0));
        QVERIFY(d->physicsEdited());
        const gltf::Json saved = d->savedJson();
        QVERIFY(!saved["extensions"].contains("OMI_collider"));
        CS_COMPARE_JSON(saved["extensions"]["OMI_physics_shape"]["shapes"][0]["sphere"]["radius"], 1.0);
        // The upgrade is now implied: an explicit one has nothing left to do.
        QVERIFY(!upgradeLegacy(*d));
    }
};

QTEST_GUILESS_MAIN(TestStructureCommands)
#include "TestStructureCommands.moc"
