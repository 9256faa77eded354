// MSFT_rigid_bodies + MSFT_collision_primitives (issue 50 item 3): read into the model as the Babylon loader
// reads them, written as KHR and as OMI with what neither holds listed, and a bad file reported at its place.
// Expected values are the ones tests/data/physics/make_msft_files.py wrote, or the loader's own reading,
// cited as BMS:line = glTF_Physics_Babylon 0.6.0 packages/loader/src/MSFT_rigid_bodies.ts.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "physics/DiagnosticCodes.h"
#include "physics/KhrCodec.h"
#include "physics/MsftReader.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"
#include "physics/PhysicsWriter.h"
#include "physics/ResolvedScene.h"
#include "scene/Overlays.h"

#include <QTest>
#include <algorithm>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

PhysicsModel readAll(Diagnostics* diagnostics = nullptr)
{
    const auto read = readPhysics(loadData("physics/msft_all.gltf"));
    if (diagnostics)
        *diagnostics = read.diagnostics;
    return *read.value;
}

bool hasAt(const Diagnostics& diagnostics, const std::string& code, const std::string& pointer)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [&](const Diagnostic& d) { return d.code == code && d.pointer == pointer; });
}

/// True when `list` (extensionsUsed) or any extensions object of the file names an MSFT extension.
bool mentionsMsft(const Json& root)
{
    const std::string text = root.dump();
    return text.find("MSFT_") != std::string::npos;
}

// Model values of msft_all.gltf, whichever family they were read back from.
void checkValues(const PhysicsModel& m, const std::string& family)
{
    const std::string where = "(" + family + ")";
    QVERIFY2(m.nodes.size() == 8, where.c_str());
    const NodePhysics& crate = m.nodes.at(0);
    QVERIFY(crate.motion && crate.motion->type == MotionType::Dynamic);
    QCOMPARE(*crate.motion->mass, 4.0);
    QCOMPARE(crate.motion->gravityFactor, 0.5);
    QCOMPARE(crate.motion->linearVelocity, (Vec3{1, 0, 0}));
    const Shape& box = m.shapes.at(size_t(crate.collider->shape));
    QCOMPARE(box.type, ShapeType::Box);
    QCOMPARE(box.size, (Vec3{1, 2, 3}));
    // isKinematic -> ANIMATED (BMS:460); no mass: Havok computes it from the shape (BMS:487-491).
    const Motion& ball = *m.nodes.at(1).motion;
    QCOMPARE(ball.type, MotionType::Kinematic);
    // (OMI reads an absent mass as 1 kg, which moves no kinematic body: not a loss, see PhysicsWriter.cpp.)
    QCOMPARE(massReading(ball, m.format).meaning,
             family == "omi" ? MassMeaning::Given : MassMeaning::Computed);
    QCOMPARE(m.shapes.at(size_t(m.nodes.at(1).collider->shape)).radius, 0.75);
    // The loader puts a capsule's hemisphere centres at +-height/2 (BMS:277-278): the model's mid-height.
    const Shape& pill = m.shapes.at(size_t(m.nodes.at(2).collider->shape));
    QCOMPARE(pill.type, ShapeType::Capsule);
    QCOMPARE(pill.height, 1.0);
    QCOMPARE(pill.radiusTop, 0.3);
    // A cylinder's discs at +-height/2 (BMS:245-246): the full height; tapered radii kept (BMS:248-273).
    const Shape& cone = m.shapes.at(size_t(m.nodes.at(3).collider->shape));
    QCOMPARE(cone.type, ShapeType::Cylinder);
    QCOMPARE(cone.height, 2.0);
    QCOMPARE(cone.radiusTop, 0.1);
    QCOMPARE(cone.radiusBottom, 0.4);
    QVERIFY(!m.nodes.at(3).motion); // a collider without motion: a static body (BMS:414-419)
    QCOMPARE(m.shapes.at(size_t(m.nodes.at(4).collider->shape)).type, ShapeType::Convex);
    QCOMPARE(m.shapes.at(size_t(m.nodes.at(4).collider->shape)).mesh, 0);
    QCOMPARE(m.shapes.at(size_t(m.nodes.at(5).collider->shape)).type, ShapeType::Trimesh);
    // Materials: the file's values, and for the second the loader's fill-ins (BMS:347-352).
    QCOMPARE(m.materials.size(), size_t(2));
    const PhysicsMaterial& m0 = m.materials[size_t(crate.collider->physicsMaterial)];
    QCOMPARE(m0.staticFriction, 0.8);
    QCOMPARE(m0.dynamicFriction, 0.6);
    QCOMPARE(m0.restitution, 0.25);
    QCOMPARE(*m0.frictionCombine, CombineMode::Minimum);
    QCOMPARE(*m0.restitutionCombine, CombineMode::Multiply);
    const PhysicsMaterial& m1 = m.materials[size_t(m.nodes.at(3).collider->physicsMaterial)];
    QCOMPARE(m1.staticFriction, 0.5);
    QCOMPARE(m1.dynamicFriction, 0.5);
    QCOMPARE(m1.restitution, 0.1);
    QCOMPARE(*m1.frictionCombine, CombineMode::Maximum);
    QCOMPARE(*m1.restitutionCombine, CombineMode::Minimum);
    QCOMPARE(m.filters.at(0).collisionSystems, std::vector<std::string>{"props"});
    QCOMPARE(m.filters.at(0).collideWithSystems, std::vector<std::string>{"world"});
    // The trigger names collider 1 (the sphere) and filter 0.
    const Trigger& zone = *m.nodes.at(6).trigger;
    QCOMPARE(m.shapes.at(size_t(zone.shape)).radius, 0.75);
    QCOMPARE(zone.collisionFilter, 0);
    // The joint: connectedNode, jointLimits -> the description, enableCollision (BMS:590, 637).
    const NodeJoint& hinge = *m.nodes.at(7).joint;
    QCOMPARE(hinge.connectedNode, 1);
    QVERIFY(hinge.enableCollision);
    const JointDescription& j = m.joints.at(size_t(hinge.joint));
    QCOMPARE(j.limits.size(), size_t(2));
    QCOMPARE(j.limits[0].linearAxes, (std::vector<int>{0, 1, 2}));
    QCOMPARE(*j.limits[0].max, 0.0);
    QCOMPARE(j.limits[1].angularAxes, std::vector<int>{0});
    QCOMPARE(*j.limits[1].min, -0.5);
    QCOMPARE(*j.limits[1].max, 1.0);
    // springConstant / springDamping are the limit's stiffness and damping (BMS:605-607).
    QCOMPARE(*j.limits[1].stiffness, 20.0);
    QCOMPARE(j.limits[1].damping, 0.5);
}

} // namespace

class TestMsft : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryObjectAsBabylonDoes()
    {
        Diagnostics diagnostics;
        const PhysicsModel m = readAll(&diagnostics);
        QCOMPARE(m.format, SourceFormat::Msft);
        QVERIFY(hasCode(diagnostics, code::MsftImported));
        QVERIFY(!hasErrors(diagnostics));
        checkValues(m, "msft");
    }

    void babylonsFillInsAndChoices()
    {
        const auto doc = docFromJson(R"({"extensions":{
          "MSFT_collision_primitives":{"colliders":[
            {"type":"box","sphere":{},"box":{"size":[2,2,2]}},
            {"capsule":{"radiusTop":0.5}}]},
          "MSFT_rigid_bodies":{"physicsMaterials":[{"frictionCombine":"average"}]}},
          "nodes":[{"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":0,"physicsMaterial":0}}}},
                   {"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":1}}}}]})");
        const auto read = readMsft(doc);
        const PhysicsModel& m = *read.value;
        // The sub-object decides, in the loader's order (sphere before box, BMS:235-243), not `type`.
        QCOMPARE(m.shapes[0].type, ShapeType::Sphere);
        QVERIFY(hasAt(read.diagnostics, code::MsftColliderType,
                      "/extensions/MSFT_collision_primitives/colliders/0/type"));
        // The declared defaults (BMS:35, 51-53), each noted.
        QCOMPARE(m.shapes[0].radius, 0.5);
        QCOMPARE(m.shapes[1].height, 0.5);
        QCOMPARE(m.shapes[1].radiusTop, 0.5);
        QCOMPARE(m.shapes[1].radiusBottom, 0.25);
        QCOMPARE(countCode(read.diagnostics, code::ShapeParamsMissing), 3);
        // Lower case is not a mode the loader knows (BMS:359-371): its absent-mode default, maximum.
        QCOMPARE(*m.materials[0].frictionCombine, CombineMode::Maximum);
        QVERIFY(hasAt(read.diagnostics, code::CombineModeUnknown,
                      "/extensions/MSFT_rigid_bodies/physicsMaterials/0/frictionCombine"));
        QVERIFY(!hasErrors(read.diagnostics));
    }

    void malformedDataIsReportedAtItsPlace()
    {
        const auto doc = docFromJson(R"({"meshes":[{"primitives":[{"attributes":{}}]}],"extensions":{
          "MSFT_collision_primitives":{"colliders":[{"type":"sphere"},{"convex":{}},{"box":{"size":[1,1,1]}}]}},
          "nodes":[{"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":0}}}},
                   {"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":9}}}},
                   {"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":1}}}},
                   {"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":2},"motion":{"mass":"heavy"}}}}]})");
        const auto read = readPhysics(doc);
        const Diagnostics& d = read.diagnostics;
        QVERIFY(hasAt(d, code::MsftColliderUnreadable, "/extensions/MSFT_collision_primitives/colliders/0"));
        QVERIFY(hasAt(d, code::MsftColliderUnreadable,
                      "/nodes/0/extensions/MSFT_rigid_bodies/collider/collider"));
        QVERIFY(hasAt(d, code::ShapeIndexInvalid, "/nodes/1/extensions/MSFT_rigid_bodies/collider/collider"));
        QVERIFY(hasAt(d, code::MeshIndexInvalid, "/extensions/MSFT_collision_primitives/colliders/1/convex"));
        QVERIFY(hasAt(d, code::WrongType, "/nodes/3/extensions/MSFT_rigid_bodies/motion/mass"));
        // The colliders that name nothing readable are left out (reported above), never turned into a
        // grouping collider; the good one stays.
        const PhysicsModel& m = *read.value;
        QVERIFY(!m.node(0) && !m.node(1) && !m.node(2));
        QCOMPARE(m.shapes.at(size_t(m.node(3)->collider->shape)).type, ShapeType::Box);
    }

    void writtenAsKhrReadsBackTheSame()
    {
        gltf::GltfDocument doc = loadData("physics/msft_all.gltf");
        const PhysicsModel m = readAll();
        const Diagnostics written = writeKhr(m, doc);
        QVERIFY(!hasErrors(written));
        QVERIFY2(!mentionsMsft(doc.json()), doc.json().dump().c_str());
        const Json used = doc.json()["extensionsUsed"];
        QCOMPARE_JSON(used, Json::array({"KHR_physics_rigid_bodies", "KHR_implicit_shapes"}));
        QVERIFY(!hasOmiPhysics(doc));
        const auto back = readKhr(doc);
        QVERIFY(!hasErrors(back.diagnostics));
        checkValues(*back.value, "khr");
        // KHR spells the joint index `joint` and the spring `stiffness`.
        const Json joint = doc.json()["nodes"][7]["extensions"]["KHR_physics_rigid_bodies"]["joint"];
        QCOMPARE_JSON(joint["joint"], 0);
        const Json limit =
            doc.json()["extensions"]["KHR_physics_rigid_bodies"]["physicsJoints"][0]["limits"][1];
        QCOMPARE_JSON(limit["stiffness"], 20.0);
        QVERIFY(!limit.contains("springConstant"));
    }

    void writtenAsOmiReadsBackTheSame()
    {
        gltf::GltfDocument doc = loadData("physics/msft_all.gltf");
        const PhysicsModel m = readAll();
        QVERIFY(!hasErrors(writeOmi(m, doc)));
        QVERIFY2(!mentionsMsft(doc.json()), doc.json().dump().c_str());
        const auto back = readOmi(doc);
        QVERIFY(!hasErrors(back.diagnostics));
        checkValues(*back.value, "omi");
    }

    void lossesAreListed()
    {
        gltf::GltfDocument doc = loadData("physics/msft_all.gltf");
        const PhysicsModel m = readAll();
        // KHR writes a motion without its extras; OMI keeps them.
        const Diagnostics khr = conversionLosses(m, doc, Family::Khr);
        QVERIFY(hasAt(khr, code::MsftNotCarried, "/nodes/0/extensions/MSFT_rigid_bodies/motion/extras"));
        QCOMPARE(countCode(khr, code::MsftNotCarried), 1);
        QCOMPARE(countCode(conversionLosses(m, doc, Family::Omi), code::MsftNotCarried), 0);
        // A mesh collider that no node uses: KHR has nowhere to put it, OMI's shapes list has.
        const auto unused = docFromJson(R"({"meshes":[{"primitives":[{"attributes":{}}]}],"extensions":{
          "MSFT_collision_primitives":{"colliders":[{"trimesh":{"mesh":0}}]}}})");
        const PhysicsModel um = *readPhysics(unused).value;
        QVERIFY(hasAt(conversionLosses(um, unused, Family::Khr), code::MsftNotCarried,
                      "/extensions/MSFT_collision_primitives/colliders/0"));
        QVERIFY(conversionLosses(um, unused, Family::Omi).empty());
    }

    // The KHR and OMI files written from MSFT pass the Khronos glTF-Validator without errors, as the input
    // does.
    void writtenFilesPassTheKhronosValidator()
    {
        TempDir dir;
        const PhysicsModel m = readAll();
        std::vector<std::filesystem::path> files = {dataPath("physics/msft_all.gltf")};
        for (Family family : {Family::Khr, Family::Omi}) {
            gltf::GltfDocument doc = loadData("physics/msft_all.gltf");
            QVERIFY(!hasErrors(writePhysics(m, doc, family)));
            files.push_back(dir / (std::string("from_msft_") + familyName(family) + ".glb"));
            QVERIFY(!hasErrors(gltf::saveGltf(doc, files.back())));
        }
        if (!validatorAvailable())
            QFAIL("the Khronos glTF-Validator is not installed (scripts/setup.sh)");
        for (const auto& r : runValidator(files)) {
            QVERIFY2(r.ran, r.failure.c_str());
            QVERIFY2(r.errors == 0, r.text.c_str());
        }
    }

    // A file with KHR data too: KHR is read, and the MSFT data is said to be kept and is written back as it
    // was.
    void msftBesideKhrIsKept()
    {
        gltf::GltfDocument doc = docFromJson(R"({"extensions":{
          "KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":1}}]},
          "MSFT_collision_primitives":{"colliders":[{"box":{"size":[1,1,1]}}]}},
          "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}},
                                  "MSFT_rigid_bodies":{"collider":{"collider":0}}}}]})");
        const auto read = readPhysics(doc);
        QCOMPARE(read.value->format, SourceFormat::Khr);
        QVERIFY(hasCode(read.diagnostics, code::MsftKept));
        const Json msft = doc.json()["nodes"][0]["extensions"]["MSFT_rigid_bodies"];
        writeKhr(*read.value, doc);
        QCOMPARE_JSON(doc.json()["nodes"][0]["extensions"]["MSFT_rigid_bodies"], msft);
        QVERIFY(doc.json()["extensions"].contains("MSFT_collision_primitives"));
    }

    // What the window draws: every collider and the trigger, none skipped; a physics edit then saves as KHR.
    void opensWithItsCollidersDrawn()
    {
        auto opened = document::Document::open(dataPath("physics/msft_all.gltf"));
        QVERIFY(opened);
        document::Document& document = **opened;
        const ResolvedScene scene = resolveScene(document.model(), document.sceneGraph());
        const scene::Overlays drawn =
            scene::buildOverlays(document.gltf(), document.model(), scene, document.sceneGraph());
        QCOMPARE(drawn.shapesDrawn, size_t(7)); // six colliders and one trigger
        QCOMPARE(drawn.shapesSkipped, size_t(0));
        QCOMPARE(document::deleteMaterial(document, 1), std::vector<size_t>{3});
        const Json saved = document.savedJson();
        QVERIFY2(!mentionsMsft(saved), saved.dump().c_str());
        QVERIFY(saved["extensions"].contains(ext::KhrBodies));
    }

    void plainSaveKeepsTheFile()
    {
        TempDir dir;
        auto opened = document::Document::open(dataPath("physics/msft_all.gltf"));
        QVERIFY(opened);
        document::Document& document = **opened;
        QCOMPARE(document.model().format, SourceFormat::Msft);
        QVERIFY(!hasErrors(document.saveAs(dir / "same.gltf")));
        const gltf::GltfDocument in = loadData("physics/msft_all.gltf");
        const auto saved = gltf::loadGltf(dir / "same.gltf");
        QVERIFY(saved);
        QVERIFY(saved->json() == in.json()); // key order included: nothing converted
        QVERIFY(mentionsMsft(saved->json()));
    }
};

QTEST_GUILESS_MAIN(TestMsft)
#include "TestMsft.moc"
