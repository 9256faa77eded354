// Names out (import/NamedColliderWriter.h): OMI colliders written as Godot's node-name suffixes and read back
// with the project's own names reader (import/NamedColliders.h), which reads them as Godot's importer does
// (resource_importer_scene.cpp, _pre_fix_node). Expected kinds, nodes and sizes come from the convention's
// meaning: -col a trimesh of the node's own mesh, -convcol a hull of it, -rigid a dynamic body with a hull of
// it, "...-colonly" a collider-only node, an empty "Box-colonly" a 2 m box scaled by its node. What the names
// cannot say is listed at its pointer.
#include "BoxMeshes.h"
#include "NamedColliderChecks.h"
#include "TestSupport.h"
#include "gltf/MeshTriangles.h"
#include "import/NamedColliderWriter.h"
#include "import/NamedColliders.h"
#include "physics/OmiReader.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace cs;
using namespace cs::import;
using namespace cs::test;

namespace {

// Box meshes: 0 [-1,1]^3, 1 [0,1]^3, 2 [0,1]x[0,4]x[0,1].
const std::vector<Box> kBoxes = {{-1, -1, -1, 1, 1, 1}, {0, 0, 0, 1, 1, 1}, {0, 0, 0, 1, 4, 1}};

// Floor: a static trimesh of its own mesh; Rock: a static hull of its own mesh; Crate: a dynamic body with a
// hull of its own mesh; Post: a 2 x 4 x 6 m box on an empty; Ball: a sphere of radius 0.25 m; Pill: a capsule
// of radius 0.25 m, 0.5 m between its centres; Hidden: a trimesh of mesh 2 on an empty.
const char* kScene = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2,3,4,5,6]}],
 "extensionsUsed":["OMI_physics_shape","OMI_physics_body"],
 "extensions":{"OMI_physics_shape":{"shapes":[
   {"type":"trimesh","trimesh":{"mesh":0}},{"type":"convex","convex":{"mesh":1}},
   {"type":"box","box":{"size":[2,4,6]}},{"type":"sphere","sphere":{"radius":0.25}},
   {"type":"capsule","capsule":{"radiusTop":0.25,"radiusBottom":0.25,"height":0.5}},{"type":"trimesh","trimesh":{"mesh":2}}]}},
 "nodes":[
  {"name":"Floor","mesh":0,"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}},
  {"name":"Rock","mesh":1,"extensions":{"OMI_physics_body":{"collider":{"shape":1}}}},
  {"name":"Crate","mesh":1,"translation":[0,3,0],
   "extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":1}}}},
  {"name":"Post","extensions":{"OMI_physics_body":{"collider":{"shape":2}}}},
  {"name":"Ball","extensions":{"OMI_physics_body":{"collider":{"shape":3}}}},
  {"name":"Pill","extensions":{"OMI_physics_body":{"collider":{"shape":4}}}},
  {"name":"Hidden","extensions":{"OMI_physics_body":{"collider":{"shape":5}}}}]})";

// A static trimesh (written), a physics material on it, a joint to a dynamic body with a mass of 5 kg and a
// capsule whose height is not twice its radius (all lost).
const char* kLossy = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2]}],
 "extensions":{"OMI_physics_shape":{"shapes":[{"type":"trimesh","trimesh":{"mesh":0}},
   {"type":"capsule","capsule":{"radiusTop":0.5,"radiusBottom":0.5,"height":3}}]},
  "OMI_physics_body":{"physicsMaterials":[{"staticFriction":0.9}]},
  "OMI_physics_joint":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2],"min":0,"max":0}]}]}},
 "nodes":[
  {"name":"Floor","mesh":0,"extensions":{"OMI_physics_body":{"collider":{"shape":0,"physicsMaterial":0}}}},
  {"name":"Door","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":5},"collider":{"shape":1}},
    "OMI_physics_joint":{"connectedNode":0,"joint":0}}},
  {"name":"Pole","extensions":{"OMI_physics_body":{"collider":{"shape":1}}}}]})";

// Names only, as an artist writes them for Godot (the names reader's own scene).
const char* kNamed = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2,3,4,5,6]}],
 "nodes":[{"name":"Floor-col","mesh":0},{"name":"Rock-convcol","mesh":1},{"name":"Wall-colonly","mesh":0},
  {"name":"Pillar-convcolonly","mesh":1},{"name":"Crate-rigid","mesh":1,"translation":[0,3,0]},
  {"name":"Box-colonly","translation":[4,0,0]},{"name":"Ball_sphere-colonly"}]})";

// The same kinds in KHR: Floor a trimesh of its own mesh, Crate a dynamic hull of its own mesh, Post a
// 1 x 1 x 1 m box on an empty.
const char* kKhr = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2]}],
 "extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],
 "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]}},
 "nodes":[{"name":"Floor","mesh":0,"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"mesh":0}}}}},
  {"name":"Crate","mesh":1,"extensions":{"KHR_physics_rigid_bodies":{"motion":{},
    "collider":{"geometry":{"mesh":1,"convexHull":true}}}}},
  {"name":"Post","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}}]})";

gltf::GltfDocument documentOf(const char* json)
{
    return loadJson(boxMeshes(gltf::Json::parse(json), kBoxes).dump());
}

bool sameBounds(const std::array<double, 6>& a, const Box& b)
{
    for (size_t i = 0; i < 6; ++i)
        if (std::abs(a[i] - b[i]) > 1e-5)
            return false;
    return true;
}

/// The one child of `node` in the written document; SIZE_MAX when it has none or several.
size_t onlyChild(const gltf::GltfDocument& doc, size_t node)
{
    const gltf::Json* n = doc.element("nodes", node);
    if (!n || !n->contains("children") || (*n)["children"].size() != 1)
        return SIZE_MAX;
    return (*n)["children"][0].get<size_t>();
}

double scaleOf(const gltf::GltfDocument& doc, size_t node, size_t axis)
{
    const gltf::Json* n = doc.element("nodes", node);
    return n && n->contains("scale") ? (*n)["scale"][axis].get<double>() : 1.0;
}

bool hasLoss(const Diagnostics& losses, const std::string& pointer, const std::string& words)
{
    return std::any_of(losses.begin(), losses.end(), [&](const Diagnostic& d) {
        return d.code == kGodotNamesLoss && d.pointer == pointer &&
               d.message.find(words) != std::string::npos;
    });
}

} // namespace

class TestNamedColliderWriter : public QObject
{
    Q_OBJECT

private slots:
    void namesReadBackAsTheSameColliders();
    void lossesListedAtTheirPointers();
    void namesReadThenWrittenKeepTheirNames();
    void khrCollidersWrittenAsNames();
};

void TestNamedColliderWriter::namesReadBackAsTheSameColliders()
{
    GodotNamesResult written = writeGodotNames(documentOf(kScene));
    QVERIFY2(written.losses.empty(), describe(written.losses).c_str());
    gltf::GltfDocument& doc = written.document;
    QCOMPARE(gltf::nodeName(doc, 0), std::string("Floor-col"));
    QCOMPARE(gltf::nodeName(doc, 1), std::string("Rock-convcol"));
    QCOMPARE(gltf::nodeName(doc, 2), std::string("Crate-rigid"));
    QVERIFY(!doc.json().contains("extensionsUsed"));
    QVERIFY(!doc.json().contains("extensions"));
    QVERIFY(!doc.json()["nodes"][0].contains("extensions"));

    const NamedColliderReport read = readNamedColliders(doc);
    auto model = physics::readPhysics(doc);
    QVERIFY(model);
    // -col: a trimesh of the node's own mesh on it; -convcol and -rigid: a hull of it, -rigid dynamic.
    const physics::Shape* floor = colliderShape(*model, 0);
    QVERIFY(floor && floor->type == physics::ShapeType::Trimesh);
    QVERIFY(sameBounds(meshBounds(doc, floor->mesh), kBoxes[0]));
    for (size_t node : {1, 2}) {
        const physics::Shape* hull = colliderShape(*model, node);
        QVERIFY(hull && hull->type == physics::ShapeType::Convex);
        QVERIFY(sameBounds(meshBounds(doc, hull->mesh), kBoxes[1]));
    }
    QVERIFY(!model->node(1)->motion);
    QVERIFY(model->node(2)->motion && model->node(2)->motion->type == physics::MotionType::Dynamic);
    // The box: Godot's 2 m box times the empty's scale is the 2 x 4 x 6 m written.
    const size_t post = onlyChild(doc, 3);
    const physics::Shape* box = colliderShape(*model, post);
    QVERIFY(box && box->type == physics::ShapeType::Box);
    for (size_t i = 0; i < 3; ++i)
        QCOMPARE(box->size[i] * scaleOf(doc, post, i), 2.0 * double(i + 1));
    const size_t ball = onlyChild(doc, 4);
    const physics::Shape* sphere = colliderShape(*model, ball);
    QVERIFY(sphere && sphere->type == physics::ShapeType::Sphere);
    QCOMPARE(sphere->radius * scaleOf(doc, ball, 0), 0.25);
    const size_t pill = onlyChild(doc, 5);
    const physics::Shape* capsule = colliderShape(*model, pill);
    QVERIFY(capsule && capsule->type == physics::ShapeType::Capsule);
    QCOMPARE(capsule->radiusBottom * scaleOf(doc, pill, 0), 0.25);
    QCOMPARE(capsule->height * scaleOf(doc, pill, 1), 0.5);
    // -colonly: a trimesh of mesh 2 on a node that no longer draws it.
    const size_t hidden = onlyChild(doc, 6);
    const physics::Shape* trimesh = colliderShape(*model, hidden);
    QVERIFY(trimesh && trimesh->type == physics::ShapeType::Trimesh);
    QVERIFY(sameBounds(meshBounds(doc, trimesh->mesh), kBoxes[2]));
    QVERIFY(!doc.json()["nodes"][hidden].contains("mesh"));
    // Seven colliders, one per collider written, and no name left unread.
    QCOMPARE(read.colliders.size(), size_t(7));
    QVERIFY(std::none_of(read.diagnostics.begin(), read.diagnostics.end(),
                         [](const Diagnostic& d) { return d.severity == Severity::Warning; }));
}

void TestNamedColliderWriter::lossesListedAtTheirPointers()
{
    const GodotNamesResult written = writeGodotNames(documentOf(kLossy));
    const Diagnostics& l = written.losses;
    QVERIFY(!written.unusable);
    QVERIFY2(hasLoss(l, "/extensions/OMI_physics_body/physicsMaterials/0", "physics material"),
             describe(l).c_str());
    QVERIFY(hasLoss(l, "/extensions/OMI_physics_joint/physicsJoints/0", "joint"));
    QVERIFY(hasLoss(l, "/nodes/0/extensions/OMI_physics_body/collider", "physics material"));
    QVERIFY(hasLoss(l, "/nodes/1/extensions/OMI_physics_body/motion", "mass"));
    QVERIFY(hasLoss(l, "/nodes/1/extensions/OMI_physics_joint", "joint"));
    QVERIFY(hasLoss(l, "/extensions/OMI_physics_shape/shapes/1", "capsule"));
    // What the names can say is still written: the floor's trimesh.
    QCOMPARE(gltf::nodeName(written.document, 0), std::string("Floor-col"));
    QCOMPARE(gltf::nodeName(written.document, 2), std::string("Pole"));
    QVERIFY(!written.document.json().contains("extensions"));
}

void TestNamedColliderWriter::namesReadThenWrittenKeepTheirNames()
{
    gltf::GltfDocument doc = documentOf(kNamed);
    const gltf::Json names = doc.json()["nodes"];
    QCOMPARE(readNamedColliders(doc).colliders.size(), size_t(7));
    const GodotNamesResult written = writeGodotNames(doc);
    QVERIFY2(written.losses.empty(), describe(written.losses).c_str());
    // The same nodes with the same names, and the collision-only nodes carry a mesh again (Wall's own mesh 0;
    // Pillar's hull of mesh 1, which has mesh 1's bounds): no node added, nothing else to read twice.
    const gltf::Json& nodes = written.document.json()["nodes"];
    QCOMPARE(nodes.size(), names.size());
    for (size_t n = 0; n < names.size(); ++n)
        QVERIFY(nodes[n]["name"] == names[n]["name"]);
    QCOMPARE(nodes[2]["mesh"].get<int>(), 0);
    QVERIFY(sameBounds(meshBounds(written.document, nodes[3]["mesh"].get<int>()), kBoxes[1]));
    QVERIFY(!nodes[5].contains("mesh") && !nodes[5].contains("children"));
    gltf::GltfDocument again = written.document;
    QCOMPARE(readNamedColliders(again).colliders.size(), size_t(7));
}

void TestNamedColliderWriter::khrCollidersWrittenAsNames()
{
    const GodotNamesResult written = writeGodotNames(documentOf(kKhr));
    QVERIFY2(written.losses.empty(), describe(written.losses).c_str());
    const gltf::GltfDocument& doc = written.document;
    QCOMPARE(gltf::nodeName(doc, 0), std::string("Floor-col"));
    QCOMPARE(gltf::nodeName(doc, 1), std::string("Crate-rigid"));
    const size_t post = onlyChild(doc, 2);
    QCOMPARE(gltf::nodeName(doc, post), std::string("Box-colonly"));
    for (size_t i = 0; i < 3; ++i)
        QCOMPARE(scaleOf(doc, post, i), 0.5); // Godot's 2 m box at half scale is the 1 m box
    QVERIFY(!doc.json().contains("extensions") && !doc.json().contains("extensionsUsed"));
    for (size_t n = 0; n < 3; ++n)
        QVERIFY(!doc.json()["nodes"][n].contains("extensions"));
}

QTEST_GUILESS_MAIN(TestNamedColliderWriter)
#include "TestNamedColliderWriter.moc"
