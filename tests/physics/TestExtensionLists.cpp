// extensionsRequired on save (issue 32, item 11): a save in the file's own family leaves the list as the file
// had it (the validator's PHYSICS_EXTENSION_REQUIRED finding and its fix take the names out); a save that
// converts families puts the new family's names in the place of the old family's, so a file that required
// its physics still requires it. extensionsUsed lists exactly what is used.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/PhysicsWriter.h"
#include "physics/Validator.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;
using Json = gltf::Json;

namespace {

const char* kOmi = R"({"extensionsUsed":["EXT_a","OMI_physics_shape","OMI_physics_body"],
  "extensionsRequired":["OMI_physics_body","EXT_a"],
  "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]}},
  "nodes":[{"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2},"collider":{"shape":0}}}},
           {"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}}]})";

const char* kKhr = R"({"extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies","EXT_a"],
  "extensionsRequired":["EXT_a","KHR_physics_rigid_bodies","KHR_implicit_shapes"],
  "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]}},
  "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2},"collider":{"geometry":{"shape":0}}}}}]})";

gltf::GltfDocument saved(const Loaded& l, Family family)
{
    gltf::GltfDocument doc = l.doc;
    writePhysics(l.model, doc, family);
    return doc;
}

} // namespace

class TestExtensionLists : public QObject
{
    Q_OBJECT

private slots:
    void sameFamilySaveKeepsTheRequiredList()
    {
        for (const char* text : {kOmi, kKhr}) {
            const Loaded l = resolve(docFromJson(text));
            const Json before = l.doc.json();
            const gltf::GltfDocument doc = saved(l, sourceFamily(l.model));
            QCOMPARE_JSON(doc.json()["extensionsRequired"], before["extensionsRequired"]);
            QCOMPARE_JSON(doc.json()["extensionsUsed"], before["extensionsUsed"]);
            // The validator still says the physics extensions are optional.
            QVERIFY(hasCode(validatePhysics(doc), code::ExtensionRequired));
        }
    }

    void requiredPhysicsSeverityFollowsTheSpecs()
    {
        // OMI README: "because it is optional, it does not need to be added to the extensionsRequired array":
        // a warning. The KHR drafts say nothing (the Khronos samples list both names): an info on what it
        // does.
        const Diagnostics omi = validatePhysics(docFromJson(kOmi));
        const Diagnostics khr = validatePhysics(docFromJson(kKhr));
        const Diagnostic* o = findDiagnostic(omi, code::ExtensionRequired);
        const Diagnostic* k = findDiagnostic(khr, code::ExtensionRequired);
        QVERIFY(o && k);
        QCOMPARE(o->severity, Severity::Warning);
        QCOMPARE(k->severity, Severity::Info);
        QVERIFY2(k->message.find("viewers without physics support refuse") != std::string::npos,
                 k->message.c_str());
        for (const Diagnostic& d : khr)
            QVERIFY2(d.code != code::ExtensionRequired || d.severity == Severity::Info, d.message.c_str());
    }

    void omiToKhrRequiresTheKhrNames()
    {
        const Loaded omi = resolve(docFromJson(kOmi));
        const gltf::GltfDocument doc = saved(omi, Family::Khr);
        QCOMPARE_JSON(doc.json()["extensionsRequired"],
                      Json::array({"EXT_a", "KHR_physics_rigid_bodies", "KHR_implicit_shapes"}));
        QCOMPARE_JSON(doc.json()["extensionsUsed"],
                      Json::array({"EXT_a", "KHR_physics_rigid_bodies", "KHR_implicit_shapes"}));
    }

    void khrToOmiRequiresTheOmiNames()
    {
        const Loaded khr = resolve(docFromJson(kKhr));
        const gltf::GltfDocument doc = saved(khr, Family::Omi);
        QCOMPARE_JSON(doc.json()["extensionsRequired"],
                      Json::array({"EXT_a", "OMI_physics_shape", "OMI_physics_body"}));
        QCOMPARE_JSON(doc.json()["extensionsUsed"],
                      Json::array({"EXT_a", "OMI_physics_shape", "OMI_physics_body"}));
    }

    void aFileThatRequiredNoPhysicsStillRequiresNone()
    {
        Json j = Json::parse(kOmi);
        j["extensionsRequired"] = Json::array({"EXT_a"});
        const Loaded omi = resolve(docFromJson(j.dump()));
        QCOMPARE_JSON(saved(omi, Family::Khr).json()["extensionsRequired"], Json::array({"EXT_a"}));
        const Loaded khr = resolve(saved(omi, Family::Khr));
        QCOMPARE_JSON(saved(khr, Family::Omi).json()["extensionsRequired"], Json::array({"EXT_a"}));
    }

    void anUnusedExtensionIsNotRequired()
    {
        // glTF: every required extension is also used. Physics taken away leaves neither list with its names.
        Loaded l = resolve(docFromJson(kOmi));
        l.model = PhysicsModel{};
        const gltf::GltfDocument doc = saved(l, Family::Omi);
        QCOMPARE_JSON(doc.json()["extensionsRequired"], Json::array({"EXT_a"}));
        QCOMPARE_JSON(doc.json()["extensionsUsed"], Json::array({"EXT_a"}));
    }

    void requiredJointsStayRequired()
    {
        const Loaded l = resolve(docFromJson(R"({"extensionsUsed":["OMI_physics_body","OMI_physics_joint"],
          "extensionsRequired":["OMI_physics_joint"],
          "extensions":{"OMI_physics_joint":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2],"min":0,"max":0}]}]}},
          "nodes":[{"children":[1],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"}}}},
                   {"extensions":{"OMI_physics_joint":{"connectedNode":2,"joint":0}}},
                   {"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"}}}}]})"));
        const gltf::GltfDocument doc = saved(l, Family::Omi);
        QCOMPARE_JSON(doc.json()["extensionsRequired"], Json::array({"OMI_physics_joint"}));
    }
};

QTEST_GUILESS_MAIN(TestExtensionLists)
#include "TestExtensionLists.moc"
