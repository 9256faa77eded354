// Lenient reading of known writer slips (issue 50, item 6). fastgltf writes KHR physics with slips a reader
// can see through (src/fastgltf.cpp at a31be25): the node extension named "KHR_physics_rigid_body" (line
// 6282), inertialDiagonal / inertialOrientation (6291, 6294), booleans as 0 / 1 (6285, 6313, 6337, 6351) and
// gravityFactor inside '[' (6298). Each is read where its intent is clear, with a KHR_WRITER_SLIP warning at
// its place; anything else of the wrong type is still refused; a save writes the spec's spelling.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "gltf/JsonText.h"
#include "physics/DiagnosticCodes.h"
#include "physics/PhysicsWriter.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

// Two bodies as that writer spells them: a dynamic box and a kinematic one joined to it.
std::string slippedFile(const std::string& firstIsKinematic, const std::string& gravityFactor)
{
    return R"({
      "extensionsUsed": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"],
      "extensions": {
        "KHR_implicit_shapes": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}},
                                           {"type": "plane", "plane": {"doubleSided": 1}}]},
        "KHR_physics_rigid_bodies": {"physicsJoints": [{"limits": []}]}},
      "scenes": [{"nodes": [0, 1]}], "scene": 0,
      "nodes": [
        {"name": "box", "extensions": {"KHR_physics_rigid_body": {
          "motion": {"isKinematic": )" +
           firstIsKinematic + R"(, "mass": 2, "centerOfMass": [0, 0, 0], "inertialDiagonal": [1, 2, 3],
                     "inertialOrientation": [0, 0, 0, 1], "linearVelocity": [1, 0, 0],
                     "angularVelocity": [0, 0, 0], "gravityFactor": )" +
           gravityFactor + R"(},
          "collider": {"geometry": {"shape": 0, "convexHull": 0}}}}},
        {"name": "arm", "extensions": {"KHR_physics_rigid_bodies": {
          "motion": {"isKinematic": "true"},
          "collider": {"geometry": {"shape": 0}},
          "joint": {"connectedNode": 0, "joint": 0, "enableCollision": "false"}}}}]
    })";
}

bool hasSlipAt(const Diagnostics& diagnostics, const std::string& pointer)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        return d.code == code::KhrWriterSlip && d.pointer == pointer && d.severity == Severity::Warning;
    });
}

} // namespace

class TestWriterSlips : public QObject
{
    Q_OBJECT

private slots:
    void slipsAreReadAsMeant()
    {
        const Loaded l = resolve(docFromJson(slippedFile("0", "[0.5]")));
        QCOMPARE(l.model.format, SourceFormat::Khr);
        const NodePhysics* box = l.model.node(0);
        QVERIFY(box && box->motion && box->collider);
        QCOMPARE(box->motion->type, MotionType::Dynamic);
        QCOMPARE(*box->motion->mass, 2.0);
        QVERIFY(box->motion->inertiaDiagonal.has_value());
        QCOMPARE(*box->motion->inertiaDiagonal, (Vec3{1, 2, 3}));
        QCOMPARE(box->motion->gravityFactor, 0.5);
        QCOMPARE(box->collider->shape, 0);
        const NodePhysics* arm = l.model.node(1);
        QVERIFY(arm && arm->motion && arm->joint);
        QCOMPARE(arm->motion->type, MotionType::Kinematic);
        QCOMPARE(arm->joint->enableCollision, false);
        QVERIFY(l.model.shapes[1].isPlane());
        QCOMPARE(l.model.shapes[1].plane->doubleSided, true);
        // Each slip named at its place, and nothing refused.
        const std::string body = "/nodes/0/extensions/KHR_physics_rigid_body";
        for (const std::string& at :
             {body, body + "/motion/inertialDiagonal", body + "/motion/inertialOrientation",
              body + "/motion/isKinematic", body + "/motion/gravityFactor",
              body + "/collider/geometry/convexHull",
              std::string("/nodes/1/extensions/KHR_physics_rigid_bodies/motion/isKinematic"),
              std::string("/nodes/1/extensions/KHR_physics_rigid_bodies/joint/enableCollision"),
              std::string("/extensions/KHR_implicit_shapes/shapes/1/plane/doubleSided")})
            QVERIFY2(hasSlipAt(l.diagnostics, at), at.c_str());
        QCOMPARE(countCode(l.diagnostics, code::KhrWriterSlip), 9);
        QVERIFY(!hasErrors(l.diagnostics));
    }

    void aNumberThatIsNoBooleanIsStillRefused()
    {
        const Loaded l = resolve(docFromJson(slippedFile("2", "[0.5, 1]")));
        QCOMPARE(l.model.node(0)->motion->type, MotionType::Dynamic); // the default, not a guess
        QCOMPARE(l.model.node(0)->motion->gravityFactor, 1.0);
        QVERIFY(hasCode(l.diagnostics, code::WrongType));
        QVERIFY(!hasSlipAt(l.diagnostics, "/nodes/0/extensions/KHR_physics_rigid_body/motion/isKinematic"));
        QVERIFY(!hasSlipAt(l.diagnostics, "/nodes/0/extensions/KHR_physics_rigid_body/motion/gravityFactor"));
    }

    void theRightKeyWinsOverTheMisspelledOne()
    {
        const Loaded l = resolve(docFromJson(R"({
          "extensions": {"KHR_implicit_shapes": {"shapes": [{"type": "sphere", "sphere": {"radius": 1}}]}},
          "scenes": [{"nodes": [0]}], "scene": 0,
          "nodes": [{"extensions": {"KHR_physics_rigid_bodies": {
            "motion": {"inertialDiagonal": [9, 9, 9], "inertiaDiagonal": [1, 1, 1]},
            "collider": {"geometry": {"shape": 0}}}}}]
        })"));
        QCOMPARE(*l.model.node(0)->motion->inertiaDiagonal, (Vec3{1, 1, 1}));
        QVERIFY(
            hasSlipAt(l.diagnostics, "/nodes/0/extensions/KHR_physics_rigid_bodies/motion/inertialDiagonal"));
    }

    void aSaveWritesTheSpecsSpelling()
    {
        Loaded l = resolve(docFromJson(slippedFile("1", "[0.5]")));
        l.model.nodes[0].motion->mass = 3.0; // an edit, so that the physics is written
        gltf::GltfDocument out = l.doc;
        writePhysics(l.model, out, Family::Khr);
        const Json& extensions = out.json()["nodes"][0]["extensions"];
        QVERIFY(!extensions.contains("KHR_physics_rigid_body"));
        const Json& motion = extensions["KHR_physics_rigid_bodies"]["motion"];
        QCOMPARE_JSON(motion["isKinematic"], true);
        QCOMPARE_JSON(motion["inertiaDiagonal"], Json::array({1, 2, 3}));
        QVERIFY(!motion.contains("inertialDiagonal") && !motion.contains("inertialOrientation"));
        QCOMPARE_JSON(motion["gravityFactor"], 0.5);
        QCOMPARE_JSON(motion["mass"], 3.0);
        QCOMPARE_JSON(extensions["KHR_physics_rigid_bodies"]["collider"]["geometry"], Json({{"shape", 0}}));
        // Read back, the file has no slip left.
        const Loaded again = resolve(out);
        QCOMPARE(countCode(again.diagnostics, code::KhrWriterSlip), 0);
        QCOMPARE(again.model.node(0)->motion->type, MotionType::Kinematic);
    }

    void brokenMotionTextIsRefusedWithTheReason()
    {
        // The text that writer produces for a motion: not JSON, and where its object ends is not known.
        const std::string text =
            R"({"asset":{"version":"2.0"},"nodes":[{"extensions":{"KHR_physics_rigid_body":{"motion":{)"
            R"("isKinematic":0,"centerOfMass":[0,0,0],"linearVelocity":0,0,0],"angularVelocity":[0,0,0],)"
            R"("gravityFactor":[1}}}]})";
        const auto parsed = gltf::parseJsonText(text);
        QVERIFY(!parsed);
        QCOMPARE(parsed.diagnostics.front().code, std::string("JSON_PARSE_ERROR"));
        QVERIFY(parsed.diagnostics.front().message.find("linearVelocity without its '['") !=
                std::string::npos);
        // Any other broken text gets the plain message.
        const auto other = gltf::parseJsonText(R"({"asset": {"version": "2.0"},})");
        QVERIFY(!other);
        QVERIFY(other.diagnostics.front().message.find("linearVelocity") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestWriterSlips)
#include "TestWriterSlips.moc"
