// Editing a KHR file keeps every byte it did not edit: one edit gives back the file's JSON with exactly that
// value changed (key order, integer spellings, values left to the engine, unknown keys and the order of
// extensionsUsed included), and undo gives back the exact bytes (checkEdit). Objects the user creates or
// edits get every parameter written, as the KHR specification advises (its families' defaults differ).
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/FieldCommands.h"
#include "document/ListItems.h"

#include <QTest>
#include <QUndoStack>
#include <fstream>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using gltf::Json;

namespace {

// Unusual but valid spellings: extensions before asset, extensionsUsed in its own order, integers for
// doubles, an explicit isKinematic false, a material that leaves everything to the engine, unknown keys
// and extras in physics objects, a capsule that leaves its radii out, a shape with its name last.
const char* kScene = R"({"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
  "extensions":{
    "KHR_physics_rigid_bodies":{"extras":{"note":"kept"},
      "physicsMaterials":[{}, {"restitution":1,"staticFriction":0.5}],
      "collisionFilters":[{"collisionSystems":["a"]}, {"collisionSystems":["b"]}]},
    "KHR_implicit_shapes":{"shapes":[
      {"type":"capsule","capsule":{"height":2}},
      {"type":"box","box":{"size":[1,2,3]},"name":"Crate"}]}},
  "asset":{"version":"2.0"},
  "scenes":[{"nodes":[0,1]}],
  "nodes":[
    {"extensions":{"KHR_physics_rigid_bodies":{
        "collider":{"physicsMaterial":1,"geometry":{"shape":1},"extras":{"tag":7}},
        "motion":{"isKinematic":false,"gravityFactor":2,"futureKey":true}}},
     "name":"Crate"},
    {"name":"Pill","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0},
        "collisionFilter":0}}}}]})";

const std::string kBodies = "/extensions/KHR_physics_rigid_bodies";
const std::string kShapes = "/extensions/KHR_implicit_shapes/shapes/";

std::string nodeBody(int node)
{
    return "/nodes/" + std::to_string(node) + "/extensions/KHR_physics_rigid_bodies";
}

} // namespace

class TestKhrEdits : public QObject
{
    Q_OBJECT

private slots:
    void oneEditChangesOneValue()
    {
        auto doc = documentFromJson(kScene);
        checkEdit(*doc, [&] { doc->push(new SetColliderFilter(doc.get(), 1, 1)); },
                  {{nodeBody(1) + "/collider/collisionFilter", "1"}});
        doc = documentFromJson(kScene);
        checkEdit(*doc, [&] { doc->push(new SetMotionMass(doc.get(), 0, 12.5)); },
                  {{nodeBody(0) + "/motion/mass", "12.5"}});
        doc = documentFromJson(kScene);
        checkEdit(*doc, [&] { doc->push(new SetStaticFriction(doc.get(), 1, 0.25)); },
                  {{kBodies + "/physicsMaterials/1/staticFriction", "0.25"}});
        doc = documentFromJson(kScene);
        checkEdit(*doc,
                  [&] {
                      doc->push(new SetShapeSize(doc.get(), 1, Vec3{1, 2, 4}));
                  },
                  {{kShapes + "1/box/size", "[1, 2, 4]"}});
    }

    void keyOrderAndSpellingsSurviveAnEdit()
    {
        auto doc = documentFromJson(kScene);
        doc->push(new SetColliderFilter(doc.get(), 1, 1));
        const std::string saved = savedText(*doc);
        // Top-level keys in the file's order; extensionsUsed as the file listed it.
        QVERIFY2(saved.rfind(R"({"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],)", 0) ==
                     0,
                 saved.c_str());
        QVERIFY(saved.find(R"("asset":{"version":"2.0"},"scenes")") != std::string::npos);
        // Integers stay integers; unknown keys and extras stay where they were.
        QVERIFY(saved.find(R"({"type":"capsule","capsule":{"height":2}})") != std::string::npos);
        QVERIFY(saved.find(R"({"type":"box","box":{"size":[1,2,3]},"name":"Crate"})") != std::string::npos);
        QVERIFY(saved.find(R"("collider":{"physicsMaterial":1,"geometry":{"shape":1},"extras":{"tag":7}})") !=
                std::string::npos);
        QVERIFY(saved.find(R"("motion":{"isKinematic":false,"gravityFactor":2,"futureKey":true})") !=
                std::string::npos);
        QVERIFY(saved.find(R"("physicsMaterials":[{},{"restitution":1,"staticFriction":0.5}])") !=
                std::string::npos);
        QVERIFY(saved.find(R"("extras":{"note":"kept"})") != std::string::npos);

        // The .glb passes the Khronos validator.
        TempDir dir;
        const auto file = dir / "edited.glb";
        const gltf::Bytes glb = savedGlb(*doc);
        std::ofstream(file, std::ios::binary)
            .write(reinterpret_cast<const char*>(glb.data()), static_cast<std::streamsize>(glb.size()));
        QVERIFY(validatorAvailable());
        const auto reports = runValidator({file});
        QCOMPARE(reports.size(), size_t(1));
        QVERIFY2(reports[0].ran, reports[0].failure.c_str());
        QVERIFY2(reports[0].errors == 0, reports[0].text.c_str());
    }

    void anEditedShapeGetsEveryParameter()
    {
        // The capsule left its radii to the KHR default 0.25 (OMI and the 2.1 draft read 0.5): once edited,
        // both radii are written.
        auto doc = documentFromJson(kScene);
        checkRedoUndoRedo(
            *doc, [&] { doc->push(new SetShapeHeight(doc.get(), 0, 3.0)); },
            [](const Json& saved) {
                const Json capsule = saved["extensions"]["KHR_implicit_shapes"]["shapes"][0]["capsule"];
                QCOMPARE(capsule.size(), size_t(3));
                QCOMPARE(capsule["height"].get<double>(), 3.0);
                QCOMPARE(capsule["radiusTop"].get<double>(), 0.25);
                QCOMPARE(capsule["radiusBottom"].get<double>(), 0.25);
            });
    }

    // KHR: "If not provided, the mass and inertia properties should be calculated by the simulation engine".
    // A mass of 1 kg typed over a computed one is written (the row shows 1 kg where none is written), and
    // leaving a written mass or inertia out again removes exactly that key.
    void massAndInertiaBackToComputed()
    {
        auto doc = documentFromJson(kScene);
        checkEdit(*doc, [&] { doc->push(new SetMotionMass(doc.get(), 0, 1.0)); },
                  {{nodeBody(0) + "/motion/mass", "1.0"}});
        checkEdit(*doc, [&] { doc->push(new SetMassInFile(doc.get(), 0, std::nullopt)); },
                  {{nodeBody(0) + "/motion/mass", "<erase>"}});
        QVERIFY(!doc->model().node(0)->motion->mass);
        const int steps = doc->undoStack()->count();
        doc->push(new SetMassInFile(doc.get(), 0, std::nullopt)); // already left out: no step
        QCOMPARE(doc->undoStack()->count(), steps);

        doc = documentFromJson(kScene);
        doc->push(new SetInertiaDiagonal(doc.get(), 0, physics::Vec3{1, 2, 3}));
        QVERIFY(doc->savedJson()["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["motion"]
                                ["inertiaDiagonal"] == Json::array({1.0, 2.0, 3.0}));
        checkEdit(*doc, [&] { doc->push(new SetInertiaInFile(doc.get(), 0, std::nullopt)); },
                  {{nodeBody(0) + "/motion/inertiaDiagonal", "<erase>"},
                   {nodeBody(0) + "/motion/inertiaOrientation", "<erase>"}});
        QVERIFY(!doc->model().node(0)->motion->inertiaDiagonal);
    }

    void aNewMaterialGetsEveryValue()
    {
        auto doc = documentFromJson(kScene);
        const size_t added = addMaterial(*doc, "Steel");
        QCOMPARE(added, size_t(2));
        const Json saved = doc->savedJson();
        const Json& m = saved["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"][2];
        QCOMPARE(m["name"].get<std::string>(), std::string("Steel"));
        QCOMPARE(m["staticFriction"].get<double>(), 0.6);
        QCOMPARE(m["dynamicFriction"].get<double>(), 0.6);
        QCOMPARE(m["restitution"].get<double>(), 0.0);
        QCOMPARE(m["frictionCombine"].get<std::string>(), std::string("average"));
        QCOMPARE(m["restitutionCombine"].get<std::string>(), std::string("average"));
        // The materials the file had are unchanged.
        QVERIFY(saved["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"][0] == Json::object());
    }

    void theKhrSampleChangesOnlyTheEditedValue()
    {
        // The KHR test file (joints, planes, filters): one mass edited, everything else as it was.
        auto doc = openData("physics/khr_all.gltf");
        const size_t node = nodeNamed(*doc, "FixedA");
        checkEdit(*doc, [&] { doc->push(new SetMotionMass(doc.get(), node, 2.5)); },
                  {{nodeBody(static_cast<int>(node)) + "/motion/mass", "2.5"}});
    }
};

QTEST_MAIN(TestKhrEdits)
#include "TestKhrEdits.moc"
