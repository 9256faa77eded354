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
        // Only `type` is in the file; the rest are the spec's defaults.
        QCOMPARE_JSON(body["motion"],
                      gltf::Json::parse(R"({"type":"dynamic","mass":1.0,"centerOfMass":[0,0,0],
            "inertiaDiagonal":[0,0,0],"inertiaOrientation":[0,0,0,1],"linearVelocity":[0,0,0],
            "angularVelocity":[0,0,0],"gravityFactor":1.0})"));
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
};

QTEST_GUILESS_MAIN(TestInspect)
#include "TestInspect.moc"
