// KHR_physics_rigid_bodies + KHR_implicit_shapes: import (geometry.node, geometry.mesh, the older
// KHR_collision_shapes key, KHR defaults), export (explicit values, what KHR cannot say), and
// import -> export -> import giving the same model (planes included).
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/KhrCodec.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

const char* kKhrDoc = R"({
  "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
  "extensions":{
    "KHR_implicit_shapes":{"shapes":[
      {"type":"box","box":{"size":[1,2,3]}},
      {"type":"capsule","capsule":{}},
      {"type":"cylinder","cylinder":{"height":2,"radiusTop":0.1,"radiusBottom":0.3}},
      {"type":"plane","plane":{"sizeX":4}},
      {"type":"sphere","sphere":{"radius":0.75}}]},
    "KHR_physics_rigid_bodies":{
      "physicsMaterials":[{"staticFriction":0.2,"dynamicFriction":0.1,"restitution":0.5,
                           "frictionCombine":"minimum","restitutionCombine":"maximum"}],
      "collisionFilters":[{"collisionSystems":["player"],"notCollideWithSystems":["ghost"]}]}},
  "meshes":[{"primitives":[{"attributes":{}}]},{"primitives":[{"attributes":{}}]}],
  "nodes":[
    {"name":"Body","children":[1,2,3],"extensions":{"KHR_physics_rigid_bodies":{
        "motion":{"mass":4,"linearVelocity":[1,0,0],"gravityFactor":0.5}}}},
    {"name":"Box","extensions":{"KHR_physics_rigid_bodies":{
        "collider":{"geometry":{"shape":0},"physicsMaterial":0,"collisionFilter":0}}}},
    {"name":"Hull","mesh":0,"extensions":{"KHR_physics_rigid_bodies":{
        "collider":{"geometry":{"node":2,"convexHull":true}}}}},
    {"name":"Soup","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"mesh":1}}}}},
    {"name":"Kin","children":[5],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"isKinematic":true}}}},
    {"name":"Cap","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":1}}}}},
    {"name":"Zone","children":[7,8],"extensions":{"KHR_physics_rigid_bodies":{"trigger":{"nodes":[7,8]}}}},
    {"name":"ZoneA","extensions":{"KHR_physics_rigid_bodies":{"trigger":{"geometry":{"shape":4}}}}},
    {"name":"ZoneB","extensions":{"KHR_physics_rigid_bodies":{"trigger":{"geometry":{"shape":2},"collisionFilter":0}}}},
    {"name":"Ground","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":3}}}}}]})";

gltf::GltfDocument exported(const Loaded& l, Diagnostics* diagnostics = nullptr)
{
    gltf::GltfDocument doc = l.doc;
    Diagnostics d = writeKhr(l.model, doc);
    if (diagnostics)
        *diagnostics = d;
    return doc;
}

std::string combineText(std::optional<CombineMode> mode)
{
    return mode ? combineModeName(*mode) : "absent";
}

// The model as values, independent of shape indices: per node, motion/collider/trigger with their shapes'
// geometry; plus materials and filters.
std::vector<std::string> modelValues(const Loaded& l)
{
    std::vector<std::string> out = canonicalScene(l);
    for (const auto& m : l.model.materials) {
        out.push_back("material " + std::to_string(m.staticFriction) + " " +
                      std::to_string(m.dynamicFriction) + " " + std::to_string(m.restitution) + " " +
                      combineText(m.frictionCombine) + " " + combineText(m.restitutionCombine));
    }
    for (const auto& f : l.model.filters)
        out.push_back("filter " + gltf::Json(f.collisionSystems).dump() +
                      gltf::Json(f.collideWithSystems).dump() + gltf::Json(f.notCollideWithSystems).dump());
    for (const auto& s : l.scene.instances)
        out.push_back("node " + std::to_string(s.node) + " material " + std::to_string(s.physicsMaterial) +
                      " filter " + std::to_string(s.collisionFilter));
    return out;
}

} // namespace

class TestKhr : public QObject
{
    Q_OBJECT

private slots:
    void importReadsEveryForm()
    {
        auto l = resolve(docFromJson(kKhrDoc));
        QCOMPARE(l.model.format, SourceFormat::Khr);
        QVERIFY(hasCode(l.diagnostics, code::KhrImported));
        QVERIFY(!hasCode(l.diagnostics, code::KhrPlaneUnsupported)); // planes are read since issue 18
        const Motion& body = *l.model.node(0)->motion;
        QCOMPARE(body.type, MotionType::Dynamic);
        QCOMPARE(body.mass, std::optional(4.0));
        QCOMPARE(body.gravityFactor, 0.5);
        QCOMPARE(l.model.node(4)->motion->type, MotionType::Kinematic);
        QVERIFY(hasCode(l.diagnostics, code::KhrMassComputed)); // Kin has no mass
        // KHR's own defaults for a capsule: mid-height 0.5, radii 0.25.
        const Shape& cap = l.model.shapes[l.model.node(5)->collider->shape];
        QCOMPARE(cap.type, ShapeType::Capsule);
        QCOMPARE(cap.height, 0.5);
        QCOMPARE(cap.radiusTop, 0.25);
        QCOMPARE(cap.radiusBottom, 0.25);
        const Shape& hull = l.model.shapes[l.model.node(2)->collider->shape];
        QCOMPARE(hull.type, ShapeType::Convex);
        QCOMPARE(hull.mesh, 0); // geometry.node 2 has mesh 0
        const Shape& soup = l.model.shapes[l.model.node(3)->collider->shape];
        QCOMPARE(soup.type, ShapeType::Trimesh);
        QCOMPARE(soup.mesh, 1);
        QCOMPARE(l.model.node(1)->collider->physicsMaterial, 0);
        QCOMPARE(l.model.materials[0].frictionCombine, std::optional(CombineMode::Minimum));
        QCOMPARE(l.model.filters[0].notCollideWithSystems, std::vector<std::string>{"ghost"});
        QCOMPARE(l.model.node(6)->trigger->nodes, (std::vector<int>{7, 8}));
        QCOMPARE(l.scene.compoundTriggers.size(), size_t(1));
        const Shape& plane = l.model.shapes[l.model.node(9)->collider->shape];
        QVERIFY(plane.isPlane());
        QCOMPARE(*plane.plane->sizeX, 4.0);
        QVERIFY(!plane.plane->sizeZ); // a plane finite in X only
        QVERIFY(!plane.plane->doubleSided);
        QVERIFY(!l.model.node(0)->motion->source.contains("isKinematic"));
    }

    void meshOfSeveralPrimitivesIsOnlyAnOmiConcern()
    {
        // OMI: a convex or trimesh mesh "should be made of only one glTF mesh primitive" (a warning). KHR's
        // geometry is the mesh as it is and says nothing of its primitives: no warning.
        const std::string meshes = R"("meshes":[{"primitives":[{"attributes":{}},{"attributes":{}}]}])";
        const auto khr = docFromJson(R"({"extensionsUsed":["KHR_physics_rigid_bodies"],)" + meshes +
                                     R"(,"nodes":[{"extensions":{"KHR_physics_rigid_bodies":)"
                                     R"({"collider":{"geometry":{"mesh":0}}}}}]})");
        const auto omi =
            docFromJson(R"({"extensionsUsed":["OMI_physics_shape","OMI_physics_body"],)" + meshes +
                        R"(,"extensions":{"OMI_physics_shape":{"shapes":[{"type":"trimesh",)"
                        R"("trimesh":{"mesh":0}}]}},"nodes":[{"extensions":{"OMI_physics_body":)"
                        R"({"collider":{"shape":0}}}}]})");
        const Diagnostics k = validatePhysics(khr);
        const Diagnostics o = validatePhysics(omi);
        QVERIFY2(!hasCode(k, code::MeshMultiplePrimitives), describe(k).c_str());
        QVERIFY2(hasCode(o, code::MeshMultiplePrimitives), describe(o).c_str());
    }

    void deformedGeometryIsNamed()
    {
        // "Implementations should include any mesh deformation due to use of the skin or weights properties
        // on the node or the referenced meshes": the collider uses the deformed mesh (gltf::meshTriangles,
        // tests/core/TestSkinning.cpp), and an info says so for a skinned geometry node and for morph weights
        // other than 0 (the node's, else the mesh's); weights all 0 and a plain mesh say nothing. It was a
        // warning while the deformation was not applied; it is no defect of the file, so now an info.
        auto warned = [](const std::string& meshExtra, const std::string& nodeExtra, const char* geometry) {
            const Loaded l = resolve(docFromJson(
                std::string(R"({"meshes":[{"primitives":[{"attributes":{}}])") + meshExtra +
                R"(}],"skins":[{"joints":[1]}],"nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"collider":)"
                R"({"geometry":)" +
                geometry + R"(}}}},{)" + nodeExtra + R"("mesh":0}]})"));
            const Diagnostic* d = findDiagnostic(l.diagnostics, code::KhrGeometryDeformed);
            return d && d->severity == Severity::Info;
        };
        QVERIFY(warned("", R"("skin":0,)", R"({"node":1})"));
        QVERIFY(warned("", R"("weights":[0,0.5],)", R"({"node":1})"));
        QVERIFY(warned(R"(,"weights":[1])", "", R"({"node":1})"));
        QVERIFY(warned(R"(,"weights":[1])", "", R"({"mesh":0})"));
        QVERIFY(!warned(R"(,"weights":[1])", R"("weights":[0],)", R"({"node":1})")); // the node's weights win
        QVERIFY(!warned(R"(,"weights":[0,0])", "", R"({"mesh":0})"));
        QVERIFY(!warned("", "", R"({"node":1})"));
    }

    void olderShapesKeyAndGeometryNodeElsewhere()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"KHR_collision_shapes":{"shapes":[
              {"type":"sphere","sphere":{"radius":2}}]}},
            "meshes":[{"primitives":[{"attributes":{}}]}],
            "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}},
                     {"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"node":2}}}}},
                     {"mesh":0}]})"));
        QVERIFY(hasCode(l.diagnostics, code::KhrLegacyShapesKey));
        QCOMPARE(l.model.shapes[l.model.node(0)->collider->shape].radius, 2.0);
        // Node 2 has no transform and no children of its own: the mesh in the collider's frame is all it can
        // mean (the Khronos samples' "physicsMeshDataNode"s), so nothing to warn about.
        QVERIFY2(!hasCode(l.diagnostics, code::KhrGeometryNodeTransform), describe(l.diagnostics).c_str());
        QCOMPARE(l.model.shapes[l.model.node(1)->collider->shape].type, ShapeType::Trimesh);
        // With a translation (or children) of its own, whether they apply is not said: warned.
        for (const char* own : {R"("translation":[0,1,0],)", R"("children":[3],)",
                                R"("matrix":[2,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],)"}) {
            auto moved = resolve(docFromJson(std::string(R"({"meshes":[{"primitives":[{"attributes":{}}]}],
                "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"node":1}}}}},
                         {)") + own + R"("mesh":0},{}]})"));
            QVERIFY2(hasCode(moved.diagnostics, code::KhrGeometryNodeTransform), own);
        }
    }

    void exportWritesExplicitValues()
    {
        auto omi = resolve(loadData("spec/omi/OMI_physics_shape/examples/capsule_collider.gltf"));
        Diagnostics d;
        const gltf::GltfDocument doc = exported(omi, &d);
        const gltf::Json& j = doc.json();
        // OMI default capsule: every value written, since KHR's defaults (0.5/0.25) differ.
        QCOMPARE_JSON(j["extensions"]["KHR_implicit_shapes"]["shapes"][0],
                      gltf::Json::parse(R"({"type":"capsule","capsule":{"height":1.0,"radiusTop":0.5,
                                            "radiusBottom":0.5}})"));
        QVERIFY(!j["extensions"].contains("OMI_physics_shape"));
        QVERIFY(!j["nodes"][0]["extensions"].contains("OMI_physics_body"));
        QCOMPARE_JSON(j["extensionsUsed"],
                      gltf::Json::array({"KHR_physics_rigid_bodies", "KHR_implicit_shapes"}));

        auto dyn = resolve(loadData("spec/omi/OMI_physics_body/examples/basic/dynamic_box.gltf"));
        const gltf::Json m =
            exported(dyn).json()["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["motion"];
        QCOMPARE_JSON(m["mass"], 1.0); // OMI's default mass, which KHR would otherwise compute
        QCOMPARE_JSON(m["gravityFactor"], 1.0);
        QVERIFY(!m.contains("isKinematic"));

        auto hull = resolve(loadData("spec/omi/OMI_physics_shape/examples/convex/convex_hull.gltf"));
        QCOMPARE_JSON(exported(hull).json()["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["collider"],
                      gltf::Json::parse(R"({"geometry":{"mesh":0,"convexHull":true}})"));
    }

    void exportReportsWhatKhrCannotSay()
    {
        auto st =
            resolve(loadData("spec/omi/OMI_physics_body/examples/complex/static_compound_collider.gltf"));
        Diagnostics d;
        exported(st, &d);
        QVERIFY(hasCode(d, code::KhrNotExpressible)); // the grouping collider

        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"shapes":[
              {"type":"sphere","sphere":{"radius":0}}]},
            "OMI_physics_body":{"collisionFilters":[{"collisionSystems":["a"]}]}},
            "nodes":[{"children":[1],"extensions":{"OMI_physics_body":{"motion":{"type":"static","mass":3},
                        "trigger":{"nodes":[1],"collisionFilter":0}}}},
                     {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}}]})"));
        exported(l, &d);
        QVERIFY(hasCode(d, code::KhrDegenerateShape));
        QCOMPARE(countCode(d, code::KhrNotExpressible),
                 2); // static motion values, filter on compound trigger
        const gltf::Json j = exported(l).json();
        QVERIFY(!j["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"].contains("motion"));
    }

    void importExportImportIsStable()
    {
        auto first = resolve(docFromJson(kKhrDoc));
        auto second = resolve(exported(first));
        QCOMPARE(second.model.format, SourceFormat::Khr);
        QCOMPARE(modelValues(second), modelValues(first));
        QCOMPARE(second.model.nodes.size(), first.model.nodes.size()); // the plane collider stays
        const gltf::Json again = exported(second).json();
        QVERIFY2(again == exported(first).json(), again.dump().c_str());
    }

    void omiExamplesSurviveKhrExport()
    {
        // An OMI scene without static motions or grouping colliders means the same in KHR.
        for (const char* f : {"OMI_physics_body/examples/complex/ball_pit.gltf",
                              "OMI_physics_body/examples/basic/compound_trigger.gltf",
                              "OMI_physics_body/examples/triggers/triggers.gltf", "other/simple_car.gltf"}) {
            auto omi = resolve(loadData(std::string("spec/omi/") + f));
            auto khr = resolve(exported(omi));
            QVERIFY2(!hasErrors(khr.diagnostics), describe(khr.diagnostics).c_str());
            QCOMPARE(canonicalScene(khr), canonicalScene(omi));
        }
    }
};

QTEST_GUILESS_MAIN(TestKhr)
#include "TestKhr.moc"
