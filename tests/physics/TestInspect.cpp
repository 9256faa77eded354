// The inspect JSON report (docs/inspect-json.md): structure, normalised values, defaults applied, world
// transforms.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/InspectReport.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {
gltf::Json report(const Loaded& l)
{
    return inspectReport(l.doc, l.model, l.graph, l.diagnostics);
}
} // namespace

class TestInspect : public QObject
{
    Q_OBJECT

private slots:
    void bodyWithDefaultsApplied()
    {
        const gltf::Json r =
            report(resolve(loadData("spec/omi/OMI_physics_body/examples/basic/dynamic_box.gltf")));
        QCOMPARE_JSON(r["format"], "collidoscope-inspect");
        QCOMPARE_JSON(r["version"], 1);
        QCOMPARE_JSON(r["counts"]["bodies"], 1);
        const gltf::Json& body = r["bodies"][0];
        QCOMPARE_JSON(body["node"], 0);
        QCOMPARE_JSON(body["name"], "DynamicBox");
        // Only `type` is in the file; the rest are the spec's defaults (OMI: mass "1.0"; inertia "If zero or
        // not specified, the inertia should be automatically calculated by the physics engine").
        QCOMPARE_JSON(
            body["motion"],
            gltf::Json::parse(R"({"type":"dynamic","mass":1.0,"massMeaning":"given","centerOfMass":[0,0,0],
            "centerOfMassMeaning":"given","inertiaDiagonal":[null,null,null],"inertiaMeaning":["computed","computed","computed"],
            "inertiaOrientation":[0,0,0,1],"linearVelocity":[0,0,0],"angularVelocity":[0,0,0],"gravityFactor":1.0})"));
        const gltf::Json& collider = body["colliders"][0];
        QCOMPARE_JSON(collider["node"], 1);
        QCOMPARE_JSON(collider["shape"], gltf::Json::parse(R"({"type":"box","size":[1,2,3],"index":0})"));
        QVERIFY(collider["physicsMaterial"].is_null());
        QCOMPARE_JSON(collider["worldTransform"], gltf::Json::parse("[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]"));
        QVERIFY(r["static"]["colliders"].empty());
    }

    void legacyCapsuleNormalisedAndTransformsComposed()
    {
        const gltf::Json r =
            report(resolve(loadData("spec/omi/OMI_collider_archived/examples/capsule_collider.gltf")));
        QCOMPARE_JSON(r["legacy"], true);
        const gltf::Json& shape = r["static"]["colliders"][0]["shape"];
        QCOMPARE_JSON(shape["height"], 1.0);     // mid-height
        QCOMPARE_JSON(shape["fullHeight"], 2.0); // as the legacy file wrote it
        bool found = false;
        for (const auto& d : r["diagnostics"])
            found = found || d["code"] == "LEGACY_CAPSULE_HEIGHT";
        QVERIFY(found);

        // compound_trigger: BottomOfL sits at x = 1 under an untransformed parent.
        const gltf::Json c =
            report(resolve(loadData("spec/omi/OMI_physics_body/examples/basic/compound_trigger.gltf")));
        QCOMPARE_JSON(c["compoundTriggers"][0]["members"], gltf::Json::array({1, 2}));
        QCOMPARE_JSON(c["static"]["triggers"][0]["worldTransform"][12], 1.0);
        QCOMPARE_JSON(c["static"]["triggers"][0]["compoundTrigger"], 0);
        QVERIFY(c["static"]["triggers"][2]["compoundTrigger"].is_null());
    }

    void materialsAndFiltersListed()
    {
        auto l =
            resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]},
            "OMI_physics_body":{"physicsMaterials":[{"restitution":0.5}],
                                "collisionFilters":[{"collisionSystems":["a"],"collideWithSystems":["b"]}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"collider":{"shape":0,"physicsMaterial":0,"collisionFilter":0}}}}]})"));
        const gltf::Json r = report(l);
        QCOMPARE_JSON(r["physicsMaterials"][0],
                      gltf::Json::parse(R"({"staticFriction":0.6,"dynamicFriction":0.6,
            "restitution":0.5,"frictionCombine":"average","restitutionCombine":"average"})"));
        QCOMPARE_JSON(r["collisionFilters"][0]["collideWithSystems"], gltf::Json::array({"b"}));
        QCOMPARE_JSON(r["static"]["colliders"][0]["physicsMaterial"], 0);
        QCOMPARE_JSON(r["static"]["colliders"][0]["collisionFilter"], 0);
    }

    // Values as the family reads them (docs/inspect-json.md). KHR: "If not provided, the mass and inertia
    // properties should be calculated by the simulation engine"; "a value of zero in mass or any of the
    // components of inertiaDiagonal should be understood to represent a value of infinity"; no default
    // combine mode. OMI: mass default 1.0, inertia "If zero or not specified, ... automatically calculated".
    void massAndInertiaMeanings()
    {
        auto khr = resolve(docFromJson(R"({"extensions":{"KHR_implicit_shapes":{"shapes":[
              {"type":"sphere","sphere":{"radius":0.5}}]},
            "KHR_physics_rigid_bodies":{"physicsMaterials":[{"frictionCombine":"minimum"}]}},
            "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"motion":{},
                       "collider":{"geometry":{"shape":0},"physicsMaterial":0}}}},
                     {"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":0,"inertiaDiagonal":[0,2,3]},
                       "collider":{"geometry":{"shape":0}}}}}]})"));
        const gltf::Json r = report(khr);
        const gltf::Json& computed = r["bodies"][0]["motion"];
        QVERIFY(computed["mass"].is_null());
        QCOMPARE_JSON(computed["massMeaning"], "computed");
        QCOMPARE_JSON(computed["inertiaDiagonal"], gltf::Json::array({nullptr, nullptr, nullptr}));
        QCOMPARE_JSON(computed["inertiaMeaning"], gltf::Json::array({"computed", "computed", "computed"}));
        const gltf::Json& pinned = r["bodies"][1]["motion"];
        QVERIFY(pinned["mass"].is_null());
        QCOMPARE_JSON(pinned["massMeaning"], "infinite");
        QCOMPARE_JSON(pinned["inertiaDiagonal"], gltf::Json::array({nullptr, 2.0, 3.0}));
        QCOMPARE_JSON(pinned["inertiaMeaning"], gltf::Json::array({"infinite", "given", "given"}));
        QCOMPARE_JSON(r["physicsMaterials"][0]["frictionCombine"], "minimum");
        QVERIFY(r["physicsMaterials"][0]["restitutionCombine"].is_null());

        auto omi =
            resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","inertiaDiagonal":[0,0,0]},
                       "collider":{"shape":0}}}}]})"));
        const gltf::Json omiReport = report(omi);
        const gltf::Json& m = omiReport["bodies"][0]["motion"];
        QCOMPARE_JSON(m["mass"], 1.0);
        QCOMPARE_JSON(m["massMeaning"], "given");
        QCOMPARE_JSON(m["inertiaDiagonal"], gltf::Json::array({nullptr, nullptr, nullptr}));
        QCOMPARE_JSON(m["inertiaMeaning"], gltf::Json::array({"computed", "computed", "computed"}));
    }
};

QTEST_GUILESS_MAIN(TestInspect)
#include "TestInspect.moc"
