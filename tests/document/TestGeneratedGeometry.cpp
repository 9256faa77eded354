// The macros that add geometry: collider child node, fitted primitive, generated convex hull (new mesh data
// in buffer 0, removed again by undo), and mass properties in one step. Each is one undo step and checked
// with redo -> undo -> redo against hand-computed JSON (offsets and lengths from the sample's buffer layout).
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/ShapeConversion.h"
#include "gltf/Accessors.h"

#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {
const std::string kShapes = "/extensions/OMI_physics_shape/shapes/";

// A unit right tetrahedron, wound outward.
gltf::TriangleMesh tetrahedron()
{
    gltf::TriangleMesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    m.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    return m;
}

// The sample's layout: 18 meshes, 33 accessors and buffer views, buffer 0 of 83064 bytes, 24 nodes, 18
// shapes.
constexpr size_t kSampleBufferBytes = 83064;
} // namespace

class TestGeneratedGeometry : public QObject
{
    Q_OBJECT

private slots:
    void addColliderChildNode()
    {
        auto d = openSample();
        NewShapeNode options;
        options.translation = {0, 1, 0};
        options.physicsMaterial = 2;
        std::optional<size_t> node;
        checkEdit(*d,
                  [&] {
                      node =
                          document::addColliderChildNode(*d, 14, makeShape(physics::ShapeType::Box), options);
                  },
                  {{"/nodes/14/children", "[15,16,17,24]"},
                   {"/nodes/24", R"({"name":"Table Collider","translation":[0.0,1.0,0.0],
                     "extensions":{"OMI_physics_body":{"collider":{"shape":18,"physicsMaterial":2}}}})"},
                   {kShapes + "18", R"({"type":"box","box":{}})"}});
        QCOMPARE(node, std::optional<size_t>(24));
        QVERIFY(!document::addColliderChildNode(*d, 99, makeShape(physics::ShapeType::Box)));
    }

    void addTriggerChildNode()
    {
        auto d = openSample();
        NewShapeNode options;
        options.trigger = true;
        options.nodeName = "Sensor";
        options.collisionFilter = 3;
        checkEdit(
            *d,
            [&] { document::addColliderChildNode(*d, 23, makeShape(physics::ShapeType::Sphere), options); },
            {{"/nodes/23/children", "[24]"},
             {"/nodes/24", R"({"name":"Sensor",
                     "extensions":{"OMI_physics_body":{"trigger":{"shape":18,"collisionFilter":3}}}})"},
             {kShapes + "18", R"({"type":"sphere","sphere":{}})"}});
    }

    void fitPrimitive()
    {
        auto d = openSample();
        FittedPrimitive fitted;
        fitted.shape = physics::Shape::defaults(physics::ShapeType::Sphere); // made in code: no source JSON
        fitted.shape.radius = 0.7;
        fitted.translation = {0, 0.25, 0};
        checkEdit(*d, [&] { document::fitPrimitive(*d, 9, fitted); },
                  {{"/nodes/9/children", "[24]"},
                   {"/nodes/24", R"({"name":"Rock sphere","translation":[0.0,0.25,0.0],
                     "extensions":{"OMI_physics_body":{"collider":{"shape":18}}}})"},
                   {kShapes + "18", R"({"type":"sphere","sphere":{"radius":0.7}})"}});
    }

    void convexHullOnNewChildNode()
    {
        auto d = openSample();
        QCOMPARE(d->gltf().buffers()[0].data.size(), kSampleBufferBytes);
        Result<size_t> shape;
        // Positions: 4 x 12 bytes at the end of the buffer; then 12 unsigned short indices (24 bytes).
        checkEdit(*d, [&] { shape = generateConvexHull(*d, 9, tetrahedron()); },
                  {{"/nodes/9/children", "[24]"},
                   {"/nodes/24",
                    R"({"name":"Rock Hull","extensions":{"OMI_physics_body":{"collider":{"shape":18}}}})"},
                   {kShapes + "18", R"({"name":"Rock Hull","type":"convex","convex":{"mesh":18}})"},
                   {"/meshes/18",
                    R"({"name":"Rock Hull","primitives":[{"attributes":{"POSITION":33},"indices":34}]})"},
                   {"/accessors/33", R"({"bufferView":33,"componentType":5126,"count":4,"type":"VEC3",
                                         "min":[0.0,0.0,0.0],"max":[1.0,1.0,1.0]})"},
                   {"/accessors/34", R"({"bufferView":34,"componentType":5123,"count":12,"type":"SCALAR"})"},
                   {"/bufferViews/33", R"({"buffer":0,"byteOffset":83064,"byteLength":48,"target":34962})"},
                   {"/bufferViews/34", R"({"buffer":0,"byteOffset":83112,"byteLength":24,"target":34963})"},
                   {"/buffers/0/byteLength", "83136"}});
        QVERIFY(shape);
        QCOMPARE(*shape, size_t(18));
        QCOMPARE(d->undoStack()->count(), 1);

        // The bytes read back as the hull.
        auto positions = gltf::readAccessorFloats(d->gltf(), 33);
        QVERIFY2(positions, describe(positions.diagnostics).c_str());
        QCOMPARE(positions->values, (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}));
        auto indices = gltf::readAccessorIndices(d->gltf(), 34);
        QVERIFY(indices);
        QCOMPARE(*indices, tetrahedron().indices);
        QVERIFY2(!hasErrors(d->diagnostics()), describe(d->diagnostics()).c_str());

        // Undo leaves no orphan data behind.
        d->undoStack()->undo();
        QCOMPARE(d->gltf().buffers()[0].data.size(), kSampleBufferBytes);
        QCOMPARE(d->gltf().count("meshes"), size_t(18));
        QCOMPARE(d->gltf().count("accessors"), size_t(33));
    }

    void convexHullOnTheNodeItself()
    {
        auto d = openSample();
        HullOptions options;
        options.onNewChildNode = false;
        options.meshName = "Crate Hull";
        // Crate 1 keeps its collider's material and filter; only the shape changes.
        checkEdit(*d, [&] { generateConvexHull(*d, 2, tetrahedron(), options); },
                  {{"/nodes/2/extensions/OMI_physics_body/collider/shape", "18"},
                   {kShapes + "18", R"({"name":"Crate 1 Hull","type":"convex","convex":{"mesh":18}})"},
                   {"/meshes/18",
                    R"({"name":"Crate Hull","primitives":[{"attributes":{"POSITION":33},"indices":34}]})"},
                   {"/accessors/33", R"({"bufferView":33,"componentType":5126,"count":4,"type":"VEC3",
                                         "min":[0.0,0.0,0.0],"max":[1.0,1.0,1.0]})"},
                   {"/accessors/34", R"({"bufferView":34,"componentType":5123,"count":12,"type":"SCALAR"})"},
                   {"/bufferViews/33", R"({"buffer":0,"byteOffset":83064,"byteLength":48,"target":34962})"},
                   {"/bufferViews/34", R"({"buffer":0,"byteOffset":83112,"byteLength":24,"target":34963})"},
                   {"/buffers/0/byteLength", "83136"}});
    }

    void convexHullCreatesTheBufferWhenThereIsNone()
    {
        auto d = documentFromJson(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
                                      "nodes":[{"name":"Solo"}]})");
        checkRedoUndoRedo(
            *d, [&] { generateConvexHull(*d, 0, tetrahedron()); },
            [](const gltf::Json& saved) {
                CS_COMPARE_JSON(saved["buffers"], gltf::Json::parse(R"([{"byteLength":72}])"));
                CS_COMPARE_JSON(saved["bufferViews"][0]["byteOffset"], 0);
                CS_COMPARE_JSON(saved["bufferViews"][1]["byteOffset"], 48);
                CS_COMPARE_JSON(saved["meshes"][0]["name"], "Solo Hull");
            });
        d->undoStack()->undo();
        QVERIFY(d->gltf().buffers().empty());
        QVERIFY(!d->gltf().json().contains("buffers"));
        QVERIFY(!d->gltf().json().contains("accessors"));
    }

    void badHullsAreRefused()
    {
        auto d = openSample();
        gltf::TriangleMesh broken = tetrahedron();
        broken.indices.back() = 7;
        auto r = generateConvexHull(*d, 9, broken);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics.at(0).code, std::string("MESH_EMPTY"));
        QVERIFY(!generateConvexHull(*d, 9, gltf::TriangleMesh{}));
        QVERIFY(!generateConvexHull(*d, 99, tetrahedron()));
        QCOMPARE(d->undoStack()->count(), 0);
    }

    void massPropertiesInOneStep()
    {
        auto d = openSample();
        MassProperties p;
        p.mass = 12.0;
        p.centerOfMass = {0, 0.1, 0};
        p.inertiaDiagonal = {1, 2, 3};
        checkEdit(
            *d, [&] { QVERIFY(computeMassProperties(*d, 2, p)); },
            {{"/nodes/2/extensions/OMI_physics_body/motion",
              R"({"type":"dynamic","mass":12.0,"centerOfMass":[0.0,0.1,0.0],"inertiaDiagonal":[1.0,2.0,3.0]})"}});
        QVERIFY(!computeMassProperties(*d, 0, p)); // the floor has no motion
    }
};

QTEST_GUILESS_MAIN(TestGeneratedGeometry)
#include "TestGeneratedGeometry.moc"
