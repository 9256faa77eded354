// One test per historical variant (V1-V9 of the spec digest section 6.2) and per normalisation rule of 6.3,
// on small inline files. Expected values come from the rules, not from running the reader.
#include "PhysicsTestUtil.h"
#include "physics/DiagnosticCodes.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {
bool near(double a, double b)
{
    return std::fabs(a - b) < 1e-9;
}
} // namespace

class TestLegacyVariants : public QObject
{
    Q_OBJECT

private slots:
    // V1: the 2022 draft's inline node collider; box extents are half sizes; the draft capsule height is mid.
    void v1InlineDraftColliders()
    {
        auto l = resolve(docFromJson(R"({"nodes":[
            {"name":"Box","extensions":{"OMI_collider":{"type":"box","extents":[0.5,1,1.5]}}},
            {"name":"Capsule","extensions":{"OMI_collider":{"type":"capsule","height":1.0,"radius":0.25}}},
            {"name":"Mesh","extensions":{"OMI_collider":{"type":"mesh","mesh":0}}},
            {"name":"Group","children":[4],"extensions":{"OMI_collider":{"type":"compound"}}},
            {"name":"Sensor","extensions":{"OMI_collider":{"type":"sphere","radius":2,"isTrigger":true}}}],
            "meshes":[{"primitives":[{"attributes":{}}]}]})"));
        QVERIFY(hasCode(l.diagnostics, code::LegacyInlineCollider));
        QVERIFY(hasCode(l.diagnostics, code::LegacyBoxExtents));
        QVERIFY(hasCode(l.diagnostics, code::LegacyShapeTypeAlias));
        QVERIFY(l.model.hadLegacy);
        const ShapeInstance* box = instanceByName(l, "Box", false);
        QVERIFY(box);
        QCOMPARE(l.model.shapes[box->shape].size, (Vec3{1, 2, 3}));
        const Shape& capsule = l.model.shapes[instanceByName(l, "Capsule", false)->shape];
        QVERIFY(near(capsule.height, 1.0)); // "final height is height + radius*2"
        QVERIFY(near(capsule.radiusTop, 0.25) && near(capsule.radiusBottom, 0.25));
        QCOMPARE(l.model.shapes[instanceByName(l, "Mesh", false)->shape].type, ShapeType::Trimesh);
        const NodePhysics* group = l.model.node(3);
        QVERIFY(group && group->collider && group->collider->shape == -1);
        QVERIFY(instanceByName(l, "Sensor", true));
        QVERIFY(!instanceByName(l, "Sensor", false));
    }

    // V2: OMI_collider document colliders; hull -> convex; capsule height is the FULL height; isTrigger.
    void v2OmiCollider()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_collider":{"colliders":[
              {"type":"capsule","height":3.0,"radius":0.5},
              {"type":"hull","mesh":0},
              {"type":"box","size":[2,2,2],"isTrigger":true}]}},
            "nodes":[{"name":"C","extensions":{"OMI_collider":{"collider":0}}},
                     {"name":"H","extensions":{"OMI_collider":{"collider":1}}},
                     {"name":"T","extensions":{"OMI_collider":{"collider":2}}}],
            "meshes":[{"primitives":[{"attributes":{}}]}]})"));
        QVERIFY(hasCode(l.diagnostics, code::LegacyOmiCollider));
        QVERIFY(hasCode(l.diagnostics, code::LegacyCapsuleHeight));
        QCOMPARE(l.model.shapes.size(), size_t(3));
        QVERIFY(near(l.model.shapes[0].height, 2.0)); // 3 - 2 * 0.5
        QCOMPARE(l.model.shapes[1].type, ShapeType::Convex);
        QCOMPARE(l.model.shapes[1].mesh, 0);
        QVERIFY(instanceByName(l, "T", true));
        QVERIFY(hasCode(l.diagnostics, code::LegacyIsTrigger));
        QCOMPARE(l.scene.staticColliders.size(), size_t(2));
    }

    // V2: the mid-height of a legacy capsule is the decimal the file's two numbers give (1 - 2 x 0.35 = 0.3),
    // not the double subtraction's 0.30000000000000004, so the panel and an upgraded file show 0.3; a
    // difference that needs every digit keeps them.
    void v2CapsuleMidHeightIsTheDecimalDifference()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_collider":{"colliders":[
              {"type":"capsule","height":1.0,"radius":0.35},
              {"type":"capsule","height":1.1,"radius":0.05},
              {"type":"capsule","height":1.0,"radius":0.123456789012345}]}},
            "nodes":[{"extensions":{"OMI_collider":{"collider":0}}},{"extensions":{"OMI_collider":{"collider":1}}},
                     {"extensions":{"OMI_collider":{"collider":2}}}]})"));
        QCOMPARE(l.model.shapes.size(), size_t(3));
        QVERIFY(1.0 - 2.0 * 0.35 != 0.3); // the double subtraction is off the decimal
        // Exact comparisons: QCOMPARE on doubles would let the last digits through.
        const auto exactly = [&](size_t shape, double want) {
            const double got = l.model.shapes[shape].height;
            if (got != want)
                qWarning("shape %zu: height %.17g, want %.17g", shape, got, want);
            return got == want;
        };
        QVERIFY(exactly(0, 0.3));
        QVERIFY(exactly(1, 1.0));
        QVERIFY(exactly(2, 0.75308642197531));
    }

    // V3: body `type` on the node; rigid/vehicle -> dynamic, character -> kinematic, trigger -> compound
    // trigger.
    void v3BodyType()
    {
        auto l = resolve(
            docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"sphere","radius":1}]}},
            "nodes":[
             {"name":"Rigid","children":[1],"extensions":{"OMI_physics_body":{"type":"rigid","mass":3,
                "linearVelocity":[1,2,3],"angularVelocity":[0,1,0],"centerOfMass":[0,0.5,0],"extras":{"k":1}}}},
             {"extensions":{"OMI_physics_shape":{"shape":0}}},
             {"name":"Character","children":[3],"extensions":{"OMI_physics_body":{"type":"character"}}},
             {"extensions":{"OMI_physics_shape":{"shape":0}}},
             {"name":"Vehicle","children":[5],"extensions":{"OMI_physics_body":{"type":"vehicle"}}},
             {"extensions":{"OMI_physics_shape":{"shape":0}}},
             {"name":"Sensor","children":[7],"extensions":{"OMI_physics_body":{"type":"trigger"}}},
             {"name":"SensorShape","extensions":{"OMI_physics_shape":{"shape":0}}}]})"));
        QVERIFY(hasCode(l.diagnostics, code::LegacyBodyType));
        QVERIFY(hasCode(l.diagnostics, code::LegacyNodeShape));
        QCOMPARE(l.scene.bodies.size(), size_t(3));
        const Motion& rigid = *l.model.node(0)->motion;
        QCOMPARE(rigid.type, MotionType::Dynamic);
        QCOMPARE(rigid.mass, std::optional(3.0));
        QCOMPARE(rigid.linearVelocity, (Vec3{1, 2, 3}));
        QCOMPARE(rigid.angularVelocity, (Vec3{0, 1, 0}));
        QCOMPARE(rigid.centerOfMass, std::optional(Vec3{0, 0.5, 0}));
        QCOMPARE_JSON(l.model.node(0)->source["extras"]["k"], 1); // unknown keys of the body object survive
        QVERIFY(!l.model.node(0)->source.contains("type"));
        QCOMPARE(l.model.node(2)->motion->type, MotionType::Kinematic);
        QCOMPARE(l.model.node(4)->motion->type, MotionType::Dynamic);
        const NodePhysics* sensor = l.model.node(6);
        QVERIFY(sensor && sensor->trigger && !sensor->motion);
        QCOMPARE(sensor->trigger->nodes, std::vector<int>{7});
        QVERIFY(instanceByName(l, "SensorShape", true));
        QCOMPARE(l.scene.compoundTriggers.size(), size_t(1));
    }

    // V3 inertiaTensor[9]: eigen-decomposed into inertiaDiagonal + inertiaOrientation.
    void v3InertiaTensor()
    {
        // [[2,1,0],[1,2,0],[0,0,5]]: principal moments 1, 3, 5; the 3 axis is (1,1,0)/sqrt2.
        auto l = resolve(docFromJson(R"({"nodes":[{"extensions":{"OMI_physics_body":{"type":"rigid",
            "inertiaTensor":[2,1,0, 1,2,0, 0,0,5]}}}]})"));
        QVERIFY(hasCode(l.diagnostics, code::LegacyInertiaTensor));
        const Motion& m = *l.model.node(0)->motion;
        QVERIFY(m.inertiaDiagonal);
        Vec3 sorted = *m.inertiaDiagonal;
        std::sort(sorted.begin(), sorted.end());
        QVERIFY(near(sorted[0], 1) && near(sorted[1], 3) && near(sorted[2], 5));
        const auto& q = m.inertiaOrientation;
        QVERIFY(near(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1));
        // The rotation only turns about z (the 5 axis stays): x and y quaternion parts are zero.
        QVERIFY(std::fabs(q[0]) < 1e-9 && std::fabs(q[1]) < 1e-9);
        // A diagonal tensor keeps its diagonal and identity axes.
        auto d = resolve(docFromJson(R"({"nodes":[{"extensions":{"OMI_physics_body":{"type":"rigid",
            "inertiaTensor":[1,0,0, 0,2,0, 0,0,3]}}}]})"));
        QCOMPARE(d.model.node(0)->motion->inertiaDiagonal, std::optional(Vec3{1, 2, 3}));
        QCOMPARE(d.model.node(0)->motion->inertiaOrientation, (Quat{0, 0, 0, 1}));
        auto bad = resolve(docFromJson(R"({"nodes":[{"extensions":{"OMI_physics_body":{"type":"rigid",
            "inertiaTensor":[1,0,0]}}}]})"));
        QVERIFY(hasCode(bad.diagnostics, code::ArrayLength));
    }

    // V4: flat parameters in OMI_physics_shape.shapes; `hull`; a flat capsule's height is the full height.
    void v4FlatShapes()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[
              {"type":"box","size":[1,2,3],"name":"Flat"},
              {"type":"capsule","height":2.0,"radius":0.5},
              {"type":"cylinder","height":3.0,"radius":0.25},
              {"type":"hull","mesh":0}]}},
            "nodes":[{"extensions":{"OMI_physics_shape":{"shape":0}}}],
            "meshes":[{"primitives":[{"attributes":{}}]}]})"));
        QVERIFY(hasCode(l.diagnostics, code::LegacyFlatShape));
        QCOMPARE(l.model.shapes[0].size, (Vec3{1, 2, 3}));
        QCOMPARE_JSON(l.model.shapes[0].source["name"], "Flat");
        QVERIFY(!l.model.shapes[0].source.contains("size"));
        QVERIFY(near(l.model.shapes[1].height, 1.0));
        QVERIFY(near(l.model.shapes[2].height, 3.0)); // cylinder: always the full height
        QVERIFY(near(l.model.shapes[2].radiusTop, 0.25) && near(l.model.shapes[2].radiusBottom, 0.25));
        QVERIFY(hasCode(l.diagnostics, code::LegacyCylinderRadius));
        QCOMPARE(l.model.shapes[3].type, ShapeType::Convex);
    }

    // V5: node-level OMI_physics_shape under a body, any depth (E2b); no body = static.
    void v5NodeLevelShape()
    {
        auto l =
            resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}},
            "nodes":[{"name":"Body","children":[1],"extensions":{"OMI_physics_body":{"type":"dynamic"}}},
                     {"name":"Mid","children":[2]},
                     {"name":"Deep","extensions":{"OMI_physics_shape":{"shape":0}}},
                     {"name":"Loose","extensions":{"OMI_physics_shape":{"shape":0}}}]})"));
        const ShapeInstance* deep = instanceByName(l, "Deep", false);
        QVERIFY(deep);
        QCOMPARE(deep->body, 0);
        QCOMPARE(l.scene.bodies[0].node, size_t(0));
        const ShapeInstance* loose = instanceByName(l, "Loose", false);
        QVERIFY(loose && loose->body == -1);
    }

    // V6: a legacy capsule {height (full), radius} inside the nested form (E2-E6, and HEAD joint files).
    void v6NestedLegacyCapsule()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[
              {"type":"capsule","capsule":{"height":0.5,"radius":0.05}},
              {"type":"capsule","capsule":{"height":0.5,"radius":0.5}},
              {"type":"capsule","capsule":{"radius":0.25}}]}}})"));
        QVERIFY(near(l.model.shapes[0].height, 0.4));
        QVERIFY(near(l.model.shapes[0].radiusTop, 0.05));
        QVERIFY(!l.model.shapes[0].paramsSource.contains("radius"));
        // height 0.5 < 2r = 1: impossible as a full height, flagged and read as the mid-height.
        QVERIFY(hasCode(l.diagnostics, code::LegacyCapsuleTooShort));
        QVERIFY(near(l.model.shapes[1].height, 0.5));
        // Only a radius: the legacy default full height 2.0 applies -> mid 1.5.
        QVERIFY(near(l.model.shapes[2].height, 1.5));
    }

    // V7: `collider: {}` groups; `trigger: {}` is an implicit compound trigger of the triggers below it.
    void v7GroupingParents()
    {
        auto l =
            resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}},
            "nodes":[{"name":"Group","children":[1,2],"extensions":{"OMI_physics_body":{"trigger":{}}}},
                     {"name":"A","extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}},
                     {"name":"Mid","children":[3]},
                     {"name":"B","extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}},
                     {"name":"Solid","children":[5],"extensions":{"OMI_physics_body":{"collider":{}}}},
                     {"name":"Part","extensions":{"OMI_physics_body":{"collider":{"shape":0}}}}]})"));
        QVERIFY(hasCode(l.diagnostics, code::LegacyImplicitCompoundTrigger));
        const Trigger& t = *l.model.node(0)->trigger;
        QVERIFY(t.implicitCompound);
        QCOMPARE(t.nodes, (std::vector<int>{1, 3}));
        QCOMPARE(l.scene.compoundTriggers.size(), size_t(1));
        QCOMPARE(l.scene.compoundTriggers[0].members.size(), size_t(2));
        QCOMPARE(instanceByName(l, "Part", false)->compoundCollider, 4);
    }

    // V8: explicit compound trigger; unlisted descendant triggers stay separate.
    void v8ExplicitCompound()
    {
        auto l =
            resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}},
            "nodes":[{"children":[1,2],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                     {"name":"In","extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}},
                     {"name":"Out","extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}}]})"));
        QVERIFY(!l.model.hadLegacy);
        QCOMPARE(instanceByName(l, "In", true)->compoundTrigger, 0);
        QCOMPARE(instanceByName(l, "Out", true)->compoundTrigger, -1);
    }

    // V9: E7 tapered capsule and cylinder: height is mid (capsule) / full (cylinder), read as written.
    void v9Tapered()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[
              {"type":"capsule","capsule":{"height":1.5,"radiusTop":0.25,"radiusBottom":0.5}},
              {"type":"cylinder","cylinder":{"radiusTop":0}},
              {"type":"capsule","capsule":{}}]}}})"));
        QVERIFY(!l.model.hadLegacy);
        QVERIFY(near(l.model.shapes[0].height, 1.5));
        QVERIFY(near(l.model.shapes[0].radiusTop, 0.25) && near(l.model.shapes[0].radiusBottom, 0.5));
        QVERIFY(near(l.model.shapes[1].height, 2.0) && near(l.model.shapes[1].radiusTop, 0));
        QVERIFY(near(l.model.shapes[1].radiusBottom, 0.5));
        QVERIFY(near(l.model.shapes[2].height, 1.0) && near(l.model.shapes[2].radiusTop, 0.5));
    }

    void missingSubObjectAndMotionType()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[{"type":"cylinder"}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"motion":{"mass":2},"collider":{"shape":0}}}}]})"));
        QVERIFY(hasCode(l.diagnostics, code::ShapeParamsMissing));
        QVERIFY(hasCode(l.diagnostics, code::MotionTypeMissing));
        QCOMPARE(l.model.node(0)->motion->type, MotionType::Dynamic);
        QVERIFY(near(l.model.shapes[0].height, 2.0));
        QVERIFY(near(l.model.shapes[0].radiusTop, 0.5));
    }

    void badValuesFallBackToDefaults()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[
              {"type":"box","box":{"size":[1,2]}}, {"type":"sphere","sphere":{"radius":"big"}}, {"type":"plane"}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"motion":{"type":"floating","linearVelocity":[1,2]},
                      "collider":{"shape":-1}}}}]})"));
        QVERIFY(hasCode(l.diagnostics, code::ArrayLength));
        QVERIFY(hasCode(l.diagnostics, code::WrongType));
        QVERIFY(hasCode(l.diagnostics, code::ShapeTypeUnknown));
        QVERIFY(hasCode(l.diagnostics, code::MotionTypeUnknown));
        QVERIFY(hasCode(l.diagnostics, code::IndexSentinel));
        QCOMPARE(l.model.shapes[0].size, (Vec3{1, 1, 1}));
        QVERIFY(near(l.model.shapes[1].radius, 0.5));
        QVERIFY(l.model.shapes[2].opaque);
        QCOMPARE(l.model.node(0)->motion->linearVelocity, (Vec3{0, 0, 0}));
        QCOMPARE(l.model.node(0)->collider->shape, -1);
    }
};

QTEST_GUILESS_MAIN(TestLegacyVariants)
#include "TestLegacyVariants.moc"
