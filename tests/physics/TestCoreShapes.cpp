// glTF 2.1 shapes (issue 50, item 4). The 2.1 draft moves KHR_implicit_shapes into a core `shapes` array with
// OMI's defaults (capsule height 1.0 and radii 0.5, cylinder height 2.0 and radii 0.5: KHR-PHYSICS-DIGEST
// 3.3) and mesh-based shapes spelled `convexMesh` / `mesh` by the Khronos Sample Renderer (source/gltf/
// shape.js, knownTypes) and `convex` / `concave` by KhronosGroup/glTF PR #2636. When the array is there a
// collider indexes it and the extension is ignored, as the Sample Renderer reads it (ENGINE-TARGETS 5). The
// file keeps its array: a save writes the shapes back into it, in its spelling, and leaves the rest alone.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/PhysicsWriter.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

std::string coreFile(const std::string& convexType, const std::string& concaveType)
{
    return R"({
      "extensionsUsed": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"],
      "extensions": {"KHR_implicit_shapes": {"shapes": [{"type": "sphere", "sphere": {"radius": 9}}]}},
      "shapes": [
        {"type": "capsule", "name": "pill"},
        {"type": "cylinder", "cylinder": {}},
        {"type": ")" +
           convexType + R"(", ")" + convexType + R"(": {"mesh": 0}},
        {"type": ")" +
           concaveType + R"(", ")" + concaveType + R"(": {"mesh": 0}},
        {"type": "box", "box": {"size": [1, 2, 3]}}],
      "meshes": [{"primitives": [{"attributes": {}}]}],
      "scenes": [{"nodes": [0, 1, 2, 3, 4]}], "scene": 0,
      "nodes": [
        {"name": "a", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0}}}}},
        {"name": "b", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 1}}}}},
        {"name": "c", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 2}}}}},
        {"name": "d", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 3}}}}},
        {"name": "e", "boundingVolume": {"shape": 4}}]
    })";
}

const Diagnostic* find(const Diagnostics& diagnostics, const std::string& code)
{
    return findDiagnostic(diagnostics, code);
}

} // namespace

class TestCoreShapes : public QObject
{
    Q_OBJECT

private slots:
    void readsTheCoreArrayWithItsDefaults()
    {
        const Loaded l = resolve(docFromJson(coreFile("convexMesh", "mesh")));
        QCOMPARE(l.model.shapes.size(), size_t(5)); // the extension's sphere is not read
        const Shape& capsule = l.model.shapes[0];
        QCOMPARE(capsule.type, ShapeType::Capsule);
        QCOMPARE(capsule.height, 1.0);
        QCOMPARE(capsule.radiusTop, 0.5);
        QCOMPARE(capsule.radiusBottom, 0.5);
        const Shape& cylinder = l.model.shapes[1];
        QCOMPARE(cylinder.type, ShapeType::Cylinder);
        QCOMPARE(cylinder.height, 2.0);
        QCOMPARE(cylinder.radiusTop, 0.5);
        QCOMPARE(l.model.shapes[2].type, ShapeType::Convex);
        QCOMPARE(l.model.shapes[2].mesh, 0);
        QCOMPARE(l.model.shapes[3].type, ShapeType::Trimesh);
        QCOMPARE(l.model.shapes[3].mesh, 0);
        for (size_t node = 0; node < 4; ++node)
            QCOMPARE(l.model.node(node)->collider->shape, static_cast<int>(node));
        const Diagnostic* note = find(l.diagnostics, "GLTF21_CORE_SHAPES");
        QVERIFY(note);
        QCOMPARE(note->severity, Severity::Info);
        QVERIFY(note->message.find("convexMesh / mesh, as the Khronos Sample Renderer") != std::string::npos);
        QVERIFY(note->message.find("not final") != std::string::npos);
        QVERIFY(find(l.diagnostics, "GLTF21_SHAPES_BESIDE_EXTENSION"));
    }

    void readsTheProposalsSpelling()
    {
        const Loaded l = resolve(docFromJson(coreFile("convex", "concave")));
        QCOMPARE(l.model.shapes[2].type, ShapeType::Convex);
        QCOMPARE(l.model.shapes[3].type, ShapeType::Trimesh);
        const Diagnostic* note = find(l.diagnostics, "GLTF21_CORE_SHAPES");
        QVERIFY(note &&
                note->message.find("convex / concave, as KhronosGroup/glTF PR #2636") != std::string::npos);
    }

    void theExtensionKeepsItsOwnMeaning()
    {
        // Without the core array "convex" is no KHR_implicit_shapes type: kept as it is, not read as a hull.
        const Loaded l = resolve(docFromJson(R"({
          "extensions": {"KHR_implicit_shapes": {"shapes": [{"type": "convex", "convex": {"mesh": 0}},
                                                            {"type": "capsule"}]}},
          "scenes": [{"nodes": [0]}], "scene": 0,
          "nodes": [{"extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 1}}}}}]
        })"));
        QVERIFY(l.model.shapes[0].opaque);
        QVERIFY(hasCode(l.diagnostics, code::KhrShapeTypeKept));
        QCOMPARE(l.model.shapes[1].height, 0.5); // KHR's own default
        QVERIFY(!find(l.diagnostics, "GLTF21_CORE_SHAPES"));
    }

    void aSaveWritesTheCoreArrayInTheFilesSpelling()
    {
        Loaded l = resolve(docFromJson(coreFile("convex", "concave")));
        const Json extension = l.doc.json()["extensions"]["KHR_implicit_shapes"];
        l.model.shapes[4].size = {2, 2, 2}; // an edit
        gltf::GltfDocument out = l.doc;
        writePhysics(l.model, out, Family::Khr);
        const Json& shapes = out.json()["shapes"];
        QCOMPARE(shapes.size(), size_t(5));
        QCOMPARE_JSON(shapes[0]["name"], "pill");
        QCOMPARE_JSON(shapes[2]["type"], "convex");
        QCOMPARE_JSON(shapes[2]["convex"]["mesh"], 0);
        QCOMPARE_JSON(shapes[3]["type"], "concave");
        QCOMPARE_JSON(shapes[4]["box"]["size"], Json::array({2, 2, 2}));
        QCOMPARE_JSON(out.json()["extensions"]["KHR_implicit_shapes"], extension);
        QCOMPARE_JSON(out.json()["nodes"][4]["boundingVolume"], Json({{"shape", 4}}));
        QCOMPARE_JSON(
            out.json()["nodes"][2]["extensions"]["KHR_physics_rigid_bodies"]["collider"]["geometry"],
            Json({{"shape", 2}}));
        // Read back: the same shapes, the capsule's 2.1 defaults kept in meaning.
        const Loaded again = resolve(out);
        QCOMPARE(again.model.shapes[0].height, 1.0);
        QCOMPARE(again.model.shapes[2].type, ShapeType::Convex);
        QCOMPARE(again.model.shapes[4].size, (Vec3{2, 2, 2}));
    }
};

QTEST_GUILESS_MAIN(TestCoreShapes)
#include "TestCoreShapes.moc"
