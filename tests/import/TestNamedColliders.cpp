// Colliders from names (import/NamedColliders.h): Godot's node suffixes as its importer tests them
// (editor/import/3d/resource_importer_scene.cpp, _teststr and _pre_fix_node), Unreal's prefixes as its
// documentation describes them, in glTF files written here and in an OBJ read through Assimp. Each case
// asserts what a user would see: the collider's kind and size (closed-form for the box meshes used), the
// node that carries it, which meshes are still drawn, and that everything not converted is unchanged.
#include "BoxMeshes.h"
#include "NamedColliderChecks.h"
#include "TestSupport.h"
#include "gltf/MeshTriangles.h"
#include "import/AssetImporter.h"
#include "import/NamedColliders.h"
#include "physics/OmiReader.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>

using namespace cs;
using namespace cs::import;
using namespace cs::test;

namespace {

// Box meshes: 0 [-1,1]^3 (2 m cube), 1 [0,1]^3 (unit cube), 2 [2,3]x[0,1]x[0,1], 3 [0,1]x[0,4]x[0,1].
const std::vector<Box> kBoxes = {
    {-1, -1, -1, 1, 1, 1}, {0, 0, 0, 1, 1, 1}, {2, 0, 0, 3, 1, 1}, {0, 0, 0, 1, 4, 1}};

gltf::GltfDocument documentOf(const char* json)
{
    return loadJson(boxMeshes(gltf::Json::parse(json), kBoxes).dump());
}

const char* kGodotScene = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2,3,4,5,6,7,8,9]}],
 "nodes":[{"name":"Floor-col","mesh":0},{"name":"Rock-convcol","mesh":1},{"name":"Wall-colonly","mesh":0},
  {"name":"Pillar-convcolonly","mesh":1},{"name":"Crate-rigid","mesh":1,"translation":[0,3,0]},
  {"name":"Box-colonly","translation":[4,0,0]},{"name":"Ball_sphere-colonly"},{"name":"Plain","mesh":0},
  {"name":"Thing-col"},{"name":"Fence_COL.001","mesh":1}]})";

bool near(double a, double b, double tolerance = 1e-5)
{
    return std::abs(a - b) <= tolerance;
}

size_t countCode(const Diagnostics& diagnostics, const std::string& code, const std::string& pointer)
{
    return size_t(std::count_if(diagnostics.begin(), diagnostics.end(),
                                [&](const Diagnostic& d) { return d.code == code && d.pointer == pointer; }));
}

/// The document written as .glb and read back, as a user's next tool sees it.
gltf::GltfDocument writtenAndRead(const gltf::GltfDocument& doc)
{
    TempDir dir;
    const auto path = dir.path() / "out.glb";
    const Diagnostics saved = gltf::saveGltf(doc, path);
    if (hasErrors(saved))
        qWarning("%s", describe(saved).c_str());
    auto loaded = gltf::loadGltf(path);
    return loaded ? *loaded : gltf::GltfDocument{};
}

/// A document of box meshes read for names, written as .glb and read back.
struct Converted
{
    gltf::Json before;       ///< the JSON as written by the test
    gltf::Bytes beforeBytes; ///< its buffer's bytes
    NamedColliderReport report;
    gltf::GltfDocument out;
    physics::PhysicsModel model;
};

Converted converted(const char* json)
{
    Converted c;
    gltf::GltfDocument doc = documentOf(json);
    c.before = doc.json();
    c.beforeBytes = doc.buffers().at(0).data;
    c.report = readNamedColliders(doc);
    c.out = writtenAndRead(doc);
    if (auto model = physics::readPhysics(c.out))
        c.model = *model;
    return c;
}

} // namespace

class TestNamedColliders : public QObject
{
    Q_OBJECT

private slots:
    void godotNameRules_data();
    void godotNameRules();
    void unrealNameRules();
    void godotEmptyShapes();
    void godotSuffixesInGltf();
    void namesInAFileWithoutThemChangeNothing();
    void unrealPrefixesInGltf();
    void khrFileStaysKhr();
    void objNamesThroughAssimp();
};

void TestNamedColliders::godotNameRules_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("hint");
    // _teststr: trailing digits, spaces and '_' go; "$hint" anywhere (any case), or "-hint"/"_hint" at the
    // end in lower case; the glTF importer first removes '.', ':', '@', '/', '"' and '%' from node names.
    QTest::newRow("-col") << "Wall-col" << int(GodotHint::Col);
    QTest::newRow("upper case") << "Wall-COL" << int(GodotHint::Col);
    QTest::newRow("_col") << "Wall_col" << int(GodotHint::Col);
    QTest::newRow("blender duplicate") << "Wall-col.001" << int(GodotHint::Col);
    QTest::newRow("trailing digits") << "Wall-col2" << int(GodotHint::Col);
    QTest::newRow("trailing underscore and space") << "Wall-col_ " << int(GodotHint::Col);
    QTest::newRow("dollar") << "Wall$Col" << int(GodotHint::Col);
    QTest::newRow("-convcol") << "Rock-convcol" << int(GodotHint::ConvCol);
    QTest::newRow("-colonly") << "Wall-colonly" << int(GodotHint::ColOnly);
    QTest::newRow("_ColOnly") << "Wall_ColOnly" << int(GodotHint::ColOnly);
    QTest::newRow("-convcolonly") << "Rock-convcolonly" << int(GodotHint::ConvColOnly);
    QTest::newRow("-rigid") << "Crate-rigid" << int(GodotHint::Rigid);
    QTest::newRow("word ending in col") << "Protocol" << int(GodotHint::None);
    QTest::newRow("-collider") << "Wall-collider" << int(GodotHint::None);
    QTest::newRow("space before col") << "Wall col" << int(GodotHint::None);
    QTest::newRow("plain") << "Wall" << int(GodotHint::None);
}

void TestNamedColliders::godotNameRules()
{
    QFETCH(QString, name);
    QFETCH(int, hint);
    QCOMPARE(int(godotHint(name.toStdString())), hint);
}

void TestNamedColliders::unrealNameRules()
{
    auto u = unrealName("UCX_Wall_01");
    QVERIFY(u);
    QCOMPARE(int(u->kind), int(UnrealKind::Convex));
    QCOMPARE(u->rest, std::string("Wall_01"));
    QCOMPARE(int(unrealName("UBX_Door")->kind), int(UnrealKind::Box));
    QCOMPARE(int(unrealName("USP_Ball")->kind), int(UnrealKind::Sphere));
    QCOMPARE(int(unrealName("UCP_Pole")->kind), int(UnrealKind::Capsule));
    QVERIFY(!unrealName("UCX_"));
    QVERIFY(!unrealName("ucx_Wall"));
    QVERIFY(looksLikeUnrealName("ucx_Wall"));
    QVERIFY(looksLikeUnrealName("Ubx_Wall"));
    QVERIFY(!looksLikeUnrealName("UCX_Wall"));
    QVERIFY(!looksLikeUnrealName("Wall"));
    QVERIFY(looksLikeGodotHint("Wall-collider"));
    QVERIFY(looksLikeGodotHint("Wall_Collision.001"));
    QVERIFY(!looksLikeGodotHint("Wall-col"));
    QVERIFY(!looksLikeGodotHint("Collider"));
}

void TestNamedColliders::godotEmptyShapes()
{
    // Godot gives an empty drawn as a cube a 2 x 2 x 2 box and every other empty a sphere of radius 1; a
    // capsule or cylinder gets Godot's default CapsuleShape3D / CylinderShape3D (radius 0.5, 2 m tall).
    auto box = godotEmptyShape("Crate_Box");
    QVERIFY(box && box->type == physics::ShapeType::Box);
    QVERIFY(box->size == (physics::Vec3{2, 2, 2}));
    auto sphere = godotEmptyShape("ball_SPHERE");
    QVERIFY(sphere && sphere->type == physics::ShapeType::Sphere);
    QCOMPARE(sphere->radius, 1.0);
    auto capsule = godotEmptyShape("Capsule");
    QVERIFY(capsule && capsule->type == physics::ShapeType::Capsule);
    QCOMPARE(capsule->height + 2 * capsule->radiusBottom, 2.0);
    auto cylinder = godotEmptyShape("pipe_cylinder");
    QVERIFY(cylinder && cylinder->type == physics::ShapeType::Cylinder);
    QCOMPARE(cylinder->height, 2.0);
    QCOMPARE(cylinder->radiusTop, 0.5);
    QVERIFY(!godotEmptyShape("Thing"));
}

void TestNamedColliders::godotSuffixesInGltf()
{
    const Converted c = converted(kGodotScene);
    const auto& [before, beforeBytes, report, out, read] = c;
    QVERIFY2(report.changed, describe(report.diagnostics).c_str());
    const gltf::Json& nodes = out.json()["nodes"];
    const physics::PhysicsModel* model = &read;
    QVERIFY(out.json()["extensionsUsed"].dump().find("OMI_physics_shape") != std::string::npos);

    // -col: a trimesh of the node's own mesh, the mesh still drawn.
    const physics::Shape* floor = colliderShape(*model, 0);
    QVERIFY(floor && floor->type == physics::ShapeType::Trimesh);
    QCOMPARE(floor->mesh, 0);
    QVERIFY(nodes[0]["mesh"] == gltf::Json(0));
    // -convcol: a hull with the unit cube's 8 corners and its bounds, the mesh still drawn.
    const physics::Shape* rock = colliderShape(*model, 1);
    QVERIFY(rock && rock->type == physics::ShapeType::Convex);
    QCOMPARE(gltf::meshTriangles(out, size_t(rock->mesh))->positions.size(), size_t(8));
    QVERIFY(meshBounds(out, rock->mesh) == (std::array<double, 6>{0, 0, 0, 1, 1, 1}));
    QVERIFY(nodes[1]["mesh"] == gltf::Json(1));
    // -colonly: a trimesh that keeps using the mesh, which is no longer drawn.
    const physics::Shape* wall = colliderShape(*model, 2);
    QVERIFY(wall && wall->type == physics::ShapeType::Trimesh);
    QCOMPARE(wall->mesh, 0);
    QVERIFY(!nodes[2].contains("mesh"));
    QCOMPARE(countCode(report.diagnostics, "NAMED_MESH_HIDDEN", "/nodes/2"), size_t(1));
    // -convcolonly: a hull, the mesh no longer drawn.
    const physics::Shape* pillar = colliderShape(*model, 3);
    QVERIFY(pillar && pillar->type == physics::ShapeType::Convex);
    QVERIFY(meshBounds(out, pillar->mesh) == (std::array<double, 6>{0, 0, 0, 1, 1, 1}));
    QVERIFY(!nodes[3].contains("mesh"));
    // -rigid: a dynamic body with a hull, the mesh still drawn.
    const physics::Shape* crate = colliderShape(*model, 4);
    QVERIFY(crate && crate->type == physics::ShapeType::Convex);
    QVERIFY(model->node(4)->motion && model->node(4)->motion->type == physics::MotionType::Dynamic);
    QVERIFY(nodes[4]["mesh"] == gltf::Json(1));
    // Empties named -colonly: the shape the name says, at Godot's sizes.
    const physics::Shape* box = colliderShape(*model, 5);
    QVERIFY(box && box->type == physics::ShapeType::Box);
    QVERIFY(box->size == (physics::Vec3{2, 2, 2}));
    const physics::Shape* ball = colliderShape(*model, 6);
    QVERIFY(ball && ball->type == physics::ShapeType::Sphere);
    QCOMPARE(ball->radius, 1.0);
    // Not converted: a plain mesh, and -col on an empty (Godot makes nothing of it either; listed).
    QVERIFY(!model->node(7) && !model->node(8));
    QCOMPARE(countCode(report.diagnostics, "NAMED_COLLIDER_UNMATCHED", "/nodes/8"), size_t(1));
    // Blender's duplicate suffix in upper case still reads as -col.
    QVERIFY(colliderShape(*model, 9) && colliderShape(*model, 9)->type == physics::ShapeType::Trimesh);
    QCOMPARE(countCode(report.diagnostics, "NAMED_COLLIDER", "/nodes/9"), size_t(1));
    QCOMPARE(report.colliders.size(), size_t(8));

    // Everything not converted is as it was: the plain nodes, every original mesh and accessor, the scene.
    for (size_t n : {7, 8})
        QCOMPARE(nodes[n].dump(), before["nodes"][n].dump());
    for (const char* array : {"meshes", "accessors"})
        for (size_t i = 0; i < before[array].size(); ++i)
            QCOMPARE(out.json()[array][i].dump(), before[array][i].dump());
    QCOMPARE(out.json()["scenes"].dump(), before["scenes"].dump());
    QVERIFY(meshBounds(out, 0) == (std::array<double, 6>{-1, -1, -1, 1, 1, 1}));
    // The buffer's bytes come first, as they were; the new hull meshes' bytes follow them.
    QVERIFY(out.buffers().at(0).data.size() > beforeBytes.size());
    QVERIFY(std::equal(beforeBytes.begin(), beforeBytes.end(), out.buffers().at(0).data.begin()));

    // Read again, the written file gets nothing more.
    gltf::GltfDocument again = out;
    const NamedColliderReport second = readNamedColliders(again);
    QVERIFY(!second.changed);
    QCOMPARE(again.json().dump(), out.json().dump());
}

void TestNamedColliders::namesInAFileWithoutThemChangeNothing()
{
    gltf::GltfDocument doc = documentOf(R"({"asset":{"version":"2.0"},"nodes":[{"name":"Wall","mesh":0},
      {"name":"Protocol","mesh":1},{"mesh":2},{"name":"Wall-collider","mesh":0}]})");
    const std::string before = doc.json().dump();
    const NamedColliderReport report = readNamedColliders(doc);
    QVERIFY(!report.changed);
    // Only the near miss is listed, as an info.
    QCOMPARE(report.diagnostics.size(), size_t(1));
    QCOMPARE(countCode(report.diagnostics, "NAMED_COLLIDER_UNMATCHED", "/nodes/3"), size_t(1));
    QVERIFY(report.diagnostics[0].severity == Severity::Info);
    QCOMPARE(doc.json().dump(), before);
}

void TestNamedColliders::unrealPrefixesInGltf()
{
    // Wall at x = 5; its collision meshes are siblings placed elsewhere, so each part is measured in Wall's
    // space: UBX_Wall's unit cube at x = 6 is the box [1,2]x[0,1]x[0,1] there.
    const Converted c = converted(R"({"asset":{"version":"2.0"},"scene":0,
      "scenes":[{"nodes":[0,1,2,3,4,5,6]}],
      "nodes":[{"name":"Wall","mesh":1,"translation":[5,0,0]},{"name":"UBX_Wall","mesh":1,"translation":[6,0,0]},
       {"name":"USP_Wall","mesh":1,"translation":[5,0,0]},{"name":"UCX_Wall_01","mesh":2,"translation":[5,0,0]},
       {"name":"UCX_Wall_02","mesh":1,"translation":[5,2,0]},{"name":"UCP_Wall","mesh":3,"translation":[5,0,0]},
       {"name":"UCX_Door","mesh":1}]})");
    const auto& [before, beforeBytes, report, out, read] = c;
    QVERIFY2(report.changed, describe(report.diagnostics).c_str());
    const gltf::Json& nodes = out.json()["nodes"];
    const physics::PhysicsModel* model = &read;

    // One compound on Wall: five new child nodes, each with one collider; Wall is still drawn.
    const gltf::Json& children = nodes[0]["children"];
    QCOMPARE(children.size(), size_t(5));
    QVERIFY(nodes[0]["mesh"] == gltf::Json(1));
    std::map<std::string, size_t> partOf; // the part made from each named node
    for (const NamedCollider& c : report.colliders) {
        QCOMPARE(c.convention, std::string("unreal"));
        QVERIFY(c.removedFromRendering);
        partOf[c.name] = c.colliderNode;
        QVERIFY(std::find(children.begin(), children.end(), gltf::Json(c.colliderNode)) != children.end());
    }
    QCOMPARE(partOf.size(), size_t(5));
    // UBX of a unit cube: a 1 x 1 x 1 box centred on the cube, in Wall's space.
    const physics::Shape* box = colliderShape(*model, partOf["UBX_Wall"]);
    QVERIFY(box && box->type == physics::ShapeType::Box);
    for (int i = 0; i < 3; ++i)
        QVERIFY2(near(box->size[i], 1), std::to_string(box->size[i]).c_str());
    QVERIFY(numbersNear(nodes[partOf["UBX_Wall"]]["translation"], {1.5, 0.5, 0.5}, 1e-5));
    // USP: the smallest sphere around a unit cube has its half diagonal as radius.
    const physics::Shape* sphere = colliderShape(*model, partOf["USP_Wall"]);
    QVERIFY(sphere && sphere->type == physics::ShapeType::Sphere);
    QVERIFY(near(sphere->radius, std::sqrt(3.0) / 2, 1e-4));
    QVERIFY(numbersNear(nodes[partOf["USP_Wall"]]["translation"], {0.5, 0.5, 0.5}, 1e-4));
    // UCP of a 1 x 4 x 1 box standing on Y: radius the half diagonal of its 1 x 1 section, the hemisphere
    // centres at its ends (4 m apart), so that the corners are just inside.
    const physics::Shape* capsule = colliderShape(*model, partOf["UCP_Wall"]);
    QVERIFY(capsule && capsule->type == physics::ShapeType::Capsule);
    QVERIFY2(near(capsule->radiusBottom, std::sqrt(0.5), 1e-3),
             std::to_string(capsule->radiusBottom).c_str());
    QVERIFY2(near(capsule->height, 4, 1e-2), std::to_string(capsule->height).c_str());
    // UCX_Wall_01 and _02: hulls with their boxes' 8 corners, in Wall's space.
    const physics::Shape* hull1 = colliderShape(*model, partOf["UCX_Wall_01"]);
    QVERIFY(hull1 && hull1->type == physics::ShapeType::Convex);
    QVERIFY(meshBounds(out, hull1->mesh) == (std::array<double, 6>{2, 0, 0, 3, 1, 1}));
    const physics::Shape* hull2 = colliderShape(*model, partOf["UCX_Wall_02"]);
    QVERIFY(hull2 && hull2->type == physics::ShapeType::Convex);
    QVERIFY(meshBounds(out, hull2->mesh) == (std::array<double, 6>{0, 2, 0, 1, 3, 1}));
    QCOMPARE(gltf::meshTriangles(out, size_t(hull2->mesh))->positions.size(), size_t(8));
    // The collision meshes are no longer drawn; UCX_Door, with no mesh named Door, is listed and kept.
    for (size_t n = 1; n <= 5; ++n) {
        QVERIFY(!nodes[n].contains("mesh"));
        QCOMPARE(countCode(report.diagnostics, "NAMED_MESH_HIDDEN", "/nodes/" + std::to_string(n)),
                 size_t(1));
        QCOMPARE(countCode(report.diagnostics, "NAMED_COLLIDER", "/nodes/" + std::to_string(n)), size_t(1));
    }
    QCOMPARE(countCode(report.diagnostics, "NAMED_COLLIDER_UNMATCHED", "/nodes/6"), size_t(1));
    QCOMPARE(nodes[6].dump(), before["nodes"][6].dump());
    // Read again, the written file gets nothing more; the emptied collision nodes are noted, not read.
    gltf::GltfDocument again = out;
    const NamedColliderReport second = readNamedColliders(again);
    QVERIFY(!second.changed);
    QCOMPARE(again.json().dump(), out.json().dump());
    QCOMPARE(countCode(second.diagnostics, "NAMED_COLLIDER_NO_MESH", "/nodes/1"), size_t(1));
    for (const char* array : {"meshes", "accessors"})
        for (size_t i = 0; i < before[array].size(); ++i)
            QCOMPARE(out.json()[array][i].dump(), before[array][i].dump());
}

void TestNamedColliders::khrFileStaysKhr()
{
    gltf::GltfDocument doc = documentOf(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1]}],
      "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
      "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}},
      "nodes":[{"name":"Ball","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}},
       {"name":"Floor-col","mesh":0}]})");
    const NamedColliderReport report = readNamedColliders(doc);
    QVERIFY2(report.changed, describe(report.diagnostics).c_str());
    const gltf::Json& json = doc.json();
    QVERIFY(!json["extensions"].contains("OMI_physics_shape"));
    const gltf::Json& collider = json["nodes"][1]["extensions"]["KHR_physics_rigid_bodies"]["collider"];
    QVERIFY(collider["geometry"]["mesh"] == gltf::Json(0));
    QCOMPARE(json["nodes"][0]["extensions"].dump(),
             R"({"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}})");
}

void TestNamedColliders::objNamesThroughAssimp()
{
    // Assimp keeps an OBJ's object names as node names.
    TempDir dir;
    const auto path = dir.path() / "level.obj";
    std::string obj;
    auto cube = [&](const char* name, double x0, int first) {
        obj += std::string("o ") + name + "\n";
        for (int i = 0; i < 8; ++i)
            obj += "v " + std::to_string(x0 + (i & 1)) + " " + std::to_string((i >> 1) & 1) + " " +
                   std::to_string((i >> 2) & 1) + "\n";
        const int f[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                              {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
        for (const auto& t : f)
            obj += "f " + std::to_string(first + t[0]) + " " + std::to_string(first + t[1]) + " " +
                   std::to_string(first + t[2]) + "\n";
    };
    cube("Wall", 0, 1);
    cube("UBX_Wall", 3, 9);
    cube("Crate-convcol", 6, 17);
    writeText(path, obj);
    auto imported = importAsset(path);
    QVERIFY2(imported, describe(imported.diagnostics).c_str());
    const NamedColliderReport report = readNamedColliders(*imported);
    QVERIFY2(report.colliders.size() == 2, describe(report.diagnostics).c_str());
    const auto model = physics::readPhysics(*imported);
    QVERIFY(model);
    const auto [ubx, crate] = byConvention(report);
    QVERIFY(ubx && crate);
    const physics::Shape* box = colliderShape(*model, ubx->colliderNode);
    QVERIFY(box && box->type == physics::ShapeType::Box);
    for (int i = 0; i < 3; ++i)
        QVERIFY(near(box->size[i], 1, 1e-4));
    QVERIFY(!imported->json()["nodes"][ubx->node].contains("mesh"));
    const physics::Shape* hull = colliderShape(*model, crate->node);
    QVERIFY(hull && hull->type == physics::ShapeType::Convex);
    QCOMPARE(crate->hullPoints, size_t(8));
    QVERIFY(imported->json()["nodes"][crate->node].contains("mesh"));
}

QTEST_GUILESS_MAIN(TestNamedColliders)
#include "TestNamedColliders.moc"
