// Absent against 0 across the two families (issue 32): mass, inertia and combine modes keep their meaning
// through OMI -> KHR -> OMI and KHR -> OMI -> KHR, or the conversion lists the loss. The expected values come
// from the specs' words:
//  - OMI README, motion: mass "default 1.0"; inertiaDiagonal "If zero or not specified, the inertia should
//    be automatically calculated by the physics engine"; materials: combine modes default "average".
//  - KHR README: "If not provided, the mass and inertia properties should be calculated by the simulation
//    engine"; "a value of zero in mass or any of the components of inertiaDiagonal should be understood to
//    represent a value of infinity"; combine: "If either uses average..." with no default of its own.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/PhysicsWriter.h"
#include "scene/ComputedCenterOfMass.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using cs::scene::writeComputedCentersOfMass;
using namespace cs::test;
using Json = gltf::Json;

namespace {

// Two dynamic OMI bodies: A leaves mass and inertia out, B writes mass 2 and all-zero inertia; material 0
// leaves both combine modes out, material 1 gives "multiply" and "minimum".
const char* kOmi = R"({"extensionsUsed":["OMI_physics_shape","OMI_physics_body"],
  "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]},
    "OMI_physics_body":{"physicsMaterials":[{"staticFriction":0.5},
      {"frictionCombine":"multiply","restitutionCombine":"minimum"}]}},
  "nodes":[
    {"name":"A","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},
      "collider":{"shape":0,"physicsMaterial":0}}}},
    {"name":"B","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2,"inertiaDiagonal":[0,0,0]},
      "collider":{"shape":0,"physicsMaterial":1}}}},
    {"name":"C","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":3,"inertiaDiagonal":[1,2,3]},
      "collider":{"shape":0}}}}]})";

// KHR bodies: Computed leaves mass and inertia out, Pinned has mass 0, Axle an inertia with a 0 component,
// Plain mass 3 and inertia [1,2,3]; material 0 leaves frictionCombine out, material 1 gives both modes.
const char* kKhr = R"({"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
  "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]},
    "KHR_physics_rigid_bodies":{"physicsMaterials":[{"restitutionCombine":"maximum"},
      {"frictionCombine":"minimum","restitutionCombine":"multiply"}]}},
  "nodes":[
    {"name":"Computed","extensions":{"KHR_physics_rigid_bodies":{"motion":{},
      "collider":{"geometry":{"shape":0},"physicsMaterial":0}}}},
    {"name":"Pinned","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":0},
      "collider":{"geometry":{"shape":0},"physicsMaterial":1}}}},
    {"name":"Axle","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2,"inertiaDiagonal":[0,1,1]},
      "collider":{"geometry":{"shape":0}}}}},
    {"name":"Plain","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":3,"inertiaDiagonal":[1,2,3]},
      "collider":{"geometry":{"shape":0},"physicsMaterial":1}}}}]})";

Loaded converted(const Loaded& l, Family family)
{
    gltf::GltfDocument doc = l.doc;
    writePhysics(l.model, doc, family);
    return resolve(doc);
}

const Json& motionJson(const Loaded& l, size_t node, const char* ext)
{
    return l.doc.json()["nodes"][node]["extensions"][ext]["motion"];
}

const Json& materialJson(const Loaded& l, size_t index, const char* ext)
{
    return l.doc.json()["extensions"][ext]["physicsMaterials"][index];
}

const Motion& motionOf(const Loaded& l, size_t node)
{
    return *l.model.node(node)->motion;
}

using Meanings = std::array<MassMeaning, 3>;
constexpr Meanings kComputed{MassMeaning::Computed, MassMeaning::Computed, MassMeaning::Computed};
constexpr Meanings kGiven{MassMeaning::Given, MassMeaning::Given, MassMeaning::Given};

bool lossAt(const Diagnostics& losses, const std::string& pointer)
{
    return std::any_of(losses.begin(), losses.end(),
                       [&](const Diagnostic& d) { return d.pointer == pointer; });
}

} // namespace

class TestMeaningRoundTrip : public QObject
{
    Q_OBJECT

private slots:
    void omiMassAndInertiaBecomeExplicitOrAbsentKhr()
    {
        const Loaded omi = resolve(docFromJson(kOmi));
        QVERIFY(conversionLosses(omi.model, omi.doc, Family::Khr).empty());
        const Loaded khr = converted(omi, Family::Khr);
        QCOMPARE(khr.model.format, SourceFormat::Khr);
        // OMI's absent mass is 1 kg: KHR needs it written (absent would be "calculated by the engine").
        QCOMPARE_JSON(motionJson(khr, 0, ext::KhrBodies)["mass"], 1.0);
        // Computed inertia (absent, or OMI's all zeros) stays absent: a KHR 0 would be infinite.
        QVERIFY(!motionJson(khr, 0, ext::KhrBodies).contains("inertiaDiagonal"));
        QCOMPARE_JSON(motionJson(khr, 1, ext::KhrBodies)["mass"], 2.0);
        QVERIFY(!motionJson(khr, 1, ext::KhrBodies).contains("inertiaDiagonal"));
        QCOMPARE_JSON(motionJson(khr, 2, ext::KhrBodies)["inertiaDiagonal"], Json::array({1.0, 2.0, 3.0}));
        for (size_t node : {0, 1, 2}) {
            QCOMPARE(massReading(motionOf(khr, node), khr.model.format).meaning, MassMeaning::Given);
            QCOMPARE(massReading(motionOf(khr, node), khr.model.format).value, node == 0 ? 1.0 : node + 1.0);
        }
        QCOMPARE(inertiaMeanings(motionOf(khr, 0), khr.model.format), kComputed);
        QCOMPARE(inertiaMeanings(motionOf(khr, 1), khr.model.format), kComputed);
        QCOMPARE(inertiaMeanings(motionOf(khr, 2), khr.model.format), kGiven);

        // And back: the same meanings in OMI, nothing lost.
        QVERIFY(conversionLosses(khr.model, khr.doc, Family::Omi).empty());
        const Loaded back = converted(khr, Family::Omi);
        QCOMPARE(back.model.format, SourceFormat::Omi);
        QCOMPARE(canonicalScene(back), canonicalScene(omi));
        QCOMPARE_JSON(motionJson(back, 0, ext::Body)["mass"], 1.0);
        QVERIFY(!motionJson(back, 0, ext::Body).contains("inertiaDiagonal"));
        QCOMPARE_JSON(motionJson(back, 2, ext::Body)["inertiaDiagonal"], Json::array({1.0, 2.0, 3.0}));
    }

    void omiAbsentCombineModeBecomesExplicitAverage()
    {
        const Loaded omi = resolve(docFromJson(kOmi));
        const Loaded khr = converted(omi, Family::Khr);
        // OMI's default "average" takes part in the precedence rule; KHR has no default, so it is written.
        QCOMPARE_JSON(materialJson(khr, 0, ext::KhrBodies)["frictionCombine"], "average");
        QCOMPARE_JSON(materialJson(khr, 0, ext::KhrBodies)["restitutionCombine"], "average");
        QCOMPARE_JSON(materialJson(khr, 1, ext::KhrBodies)["frictionCombine"], "multiply");
        QCOMPARE_JSON(materialJson(khr, 1, ext::KhrBodies)["restitutionCombine"], "minimum");
        QCOMPARE(khr.model.materials[0].frictionCombine, std::optional(CombineMode::Average));
        // Back in OMI the modes are given, with the same meaning (nothing lost on the way).
        QVERIFY(conversionLosses(khr.model, khr.doc, Family::Omi).empty());
        const Loaded back = converted(khr, Family::Omi);
        for (size_t i : {0, 1}) {
            QCOMPARE(votingCombineMode(back.model.materials[i].frictionCombine, back.model.format),
                     votingCombineMode(omi.model.materials[i].frictionCombine, omi.model.format));
            QCOMPARE(votingCombineMode(back.model.materials[i].restitutionCombine, back.model.format),
                     votingCombineMode(omi.model.materials[i].restitutionCombine, omi.model.format));
        }
    }

    void khrMeaningsOmiLacksAreListedAsLosses()
    {
        // KHR computes a centre of mass the file leaves out ("If not provided, the mass and inertia
        // properties should be calculated by the simulation engine"); a conversion to OMI writes the
        // colliders' centre first (scene::writeComputedCentersOfMass, as Save As and upgrade do), so these
        // boxes lose none.
        Loaded khr = resolve(docFromJson(kKhr));
        QCOMPARE(writeComputedCentersOfMass(khr.model, khr.doc).size(), size_t(4));
        QCOMPARE(massReading(motionOf(khr, 0), khr.model.format).meaning, MassMeaning::Computed);
        QCOMPARE(massReading(motionOf(khr, 1), khr.model.format).meaning, MassMeaning::Infinite);
        QCOMPARE(inertiaMeanings(motionOf(khr, 2), khr.model.format),
                 (Meanings{MassMeaning::Infinite, MassMeaning::Given, MassMeaning::Given}));
        const Diagnostics losses = conversionLosses(khr.model, khr.doc, Family::Omi);
        const std::string body = "/extensions/KHR_physics_rigid_bodies";
        QVERIFY2(lossAt(losses, "/nodes/0" + body + "/motion"), describe(losses).c_str()); // computed mass
        QVERIFY2(lossAt(losses, "/nodes/1" + body + "/motion"), describe(losses).c_str()); // infinite mass
        QVERIFY2(lossAt(losses, "/nodes/2" + body + "/motion"), describe(losses).c_str()); // infinite axis
        QVERIFY2(lossAt(losses, body + "/physicsMaterials/0"), describe(losses).c_str());  // no friction mode
        QVERIFY(!lossAt(losses, "/nodes/3" + body + "/motion"));
        QVERIFY(!lossAt(losses, body + "/physicsMaterials/1"));
        QCOMPARE(losses.size(), size_t(4));
        for (const Diagnostic& d : losses)
            QCOMPARE(d.code, std::string(code::OmiNotExpressible));
    }

    void khrGivenValuesSurviveOmiAndBack()
    {
        const Loaded khr = resolve(docFromJson(kKhr));
        const Loaded omi = converted(khr, Family::Omi);
        QCOMPARE_JSON(motionJson(omi, 3, ext::Body)["mass"], 3.0);
        QCOMPARE_JSON(motionJson(omi, 3, ext::Body)["inertiaDiagonal"], Json::array({1.0, 2.0, 3.0}));
        QCOMPARE_JSON(materialJson(omi, 1, ext::Body)["frictionCombine"], "minimum");
        QCOMPARE_JSON(materialJson(omi, 1, ext::Body)["restitutionCombine"], "multiply");
        const Loaded again = converted(omi, Family::Khr);
        QCOMPARE_JSON(motionJson(again, 3, ext::KhrBodies)["mass"], 3.0);
        QCOMPARE_JSON(motionJson(again, 3, ext::KhrBodies)["inertiaDiagonal"], Json::array({1.0, 2.0, 3.0}));
        QCOMPARE(inertiaMeanings(motionOf(again, 3), again.model.format), kGiven);
        QCOMPARE(again.model.materials[1].frictionCombine, std::optional(CombineMode::Minimum));
        QCOMPARE(again.model.materials[1].restitutionCombine, std::optional(CombineMode::Multiply));
        // The lost meanings came back as OMI read them: computed mass and infinite mass became OMI's
        // 1 kg and 0 (written explicitly in KHR), never a KHR value that means something else silently.
        QCOMPARE(massReading(motionOf(again, 0), again.model.format).meaning, MassMeaning::Given);
    }

    void omiMassZeroIsAKhrLoss()
    {
        // OMI gives mass 0 no meaning; KHR would read it as infinite.
        const Loaded omi = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[
            {"type":"sphere","sphere":{}}]}},"nodes":[{"extensions":{"OMI_physics_body":{
            "motion":{"type":"dynamic","mass":0},"collider":{"shape":0}}}}]})"));
        const Diagnostics losses = conversionLosses(omi.model, omi.doc, Family::Khr);
        QCOMPARE(losses.size(), size_t(1));
        QCOMPARE(losses[0].code, std::string(code::KhrNotExpressible));
        QCOMPARE(losses[0].pointer, std::string("/nodes/0/extensions/OMI_physics_body/motion"));
    }

    void sameFamilySaveOfAnUneditedFileIsByteExact()
    {
        for (const char* text : {kOmi, kKhr}) {
            const Loaded l = resolve(docFromJson(text));
            const std::string before = l.doc.json().dump(2);
            gltf::GltfDocument doc = l.doc;
            writePhysics(l.model, doc, sourceFamily(l.model));
            QCOMPARE(doc.json().dump(2), before);
        }
        // The KHR file's absent values stay absent and its zeros stay zeros.
        const Loaded khr = resolve(docFromJson(kKhr));
        gltf::GltfDocument doc = khr.doc;
        writePhysics(khr.model, doc, Family::Khr);
        const Json& nodes = doc.json()["nodes"];
        QCOMPARE_JSON(nodes[0]["extensions"][ext::KhrBodies]["motion"], Json::object());
        QCOMPARE_JSON(nodes[1]["extensions"][ext::KhrBodies]["motion"]["mass"], 0);
        QCOMPARE_JSON(nodes[2]["extensions"][ext::KhrBodies]["motion"]["inertiaDiagonal"],
                      Json::array({0, 1, 1}));
        QVERIFY(!doc.json()["extensions"][ext::KhrBodies]["physicsMaterials"][0].contains("frictionCombine"));
    }
};

QTEST_GUILESS_MAIN(TestMeaningRoundTrip)
#include "TestMeaningRoundTrip.moc"
