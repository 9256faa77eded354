// Shapes that others use are never lost (issue 50, item 5). KHR_implicit_shapes is a list of shapes for any
// user, not for colliders alone (KHR-PHYSICS-DIGEST section 3: the glTF 2.1 draft moves the same data into a
// core `shapes` array for bounding volumes and more; Cesium's draft EXT_primitive_voxels names a shape by
// index). A shape such an extension names is never pruned, a renumbering carries its reference along, a
// change of family keeps the list it points into, and what cannot be kept is a listed loss.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/PhysicsWriter.h"
#include "physics/ShapeReferences.h"
#include "physics/Validator.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

const char* kVoxelPointer = "/meshes/0/primitives/0/extensions/EXT_primitive_voxels/shape";

// A KHR file: a box collider on shape 0, a region shape of an unknown type at 1 and a box at 2 that only a
// voxel primitive uses.
std::string khrFile(int voxelShape, bool coreShapes = false)
{
    return std::string(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies", "EXT_primitive_voxels"],
      "extensions": {"KHR_implicit_shapes": {"shapes": [
        {"type": "box", "box": {"size": [1, 1, 1]}},
        {"type": "cylinder region", "cylinder region": {"minRadius": 0.5, "height": 2},
         "extensions": {"EXT_implicit_cylinder_region": {"note": 1}}},
        {"type": "box", "box": {"size": [2, 3, 4]}}]}},)") +
           (coreShapes ? R"("shapes": [{"type": "sphere", "sphere": {"radius": 1}}],)" : "") + R"(
      "meshes": [{"primitives": [{"attributes": {},
        "extensions": {"EXT_primitive_voxels": {"shape": )" +
           std::to_string(voxelShape) + R"(, "dimensions": [4, 4, 4]}}}]}],
      "scenes": [{"nodes": [0, 1]}], "scene": 0,
      "nodes": [
        {"name": "crate", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0}}}}},
        {"name": "voxels", "mesh": 0}]
    })";
}

const Json& at(const gltf::GltfDocument& doc, const char* pointer)
{
    return doc.json()[Json::json_pointer(pointer)];
}

bool listed(const gltf::GltfDocument& doc, const char* list, const std::string& name)
{
    const Json& names = doc.json().value(list, Json::array());
    return std::find(names.begin(), names.end(), Json(name)) != names.end();
}

// The crate's box (shape 0) made a convex hull of mesh 0: KHR writes it on the node, so it leaves the list.
void makeShapeZeroAHull(Loaded& l)
{
    l.model.shapes[0] = Shape::defaults(ShapeType::Convex);
    l.model.shapes[0].mesh = 0;
}

} // namespace

class TestShapeReferences : public QObject
{
    Q_OBJECT

private slots:
    void referencesAreFoundInUnknownExtensionsOnly()
    {
        const gltf::GltfDocument doc = docFromJson(R"({
          "extensions": {"KHR_implicit_shapes": {"shapes": [{"type": "box"}, {"type": "box"}]}},
          "nodes": [
            {"extras": {"shape": 1},
             "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 1}}},
                            "EXT_region": {"regions": [{"bounds": {"shape": 1}}, {"shape": 0}]}}}]
        })");
        const auto refs = foreignShapeReferences(doc.json());
        QCOMPARE(refs.size(), size_t(2)); // not the collider's index, not the user's extras
        QCOMPARE(refs[0].pointer, std::string("/nodes/0/extensions/EXT_region/regions/0/bounds/shape"));
        QCOMPARE(refs[0].by, std::string("EXT_region"));
        QCOMPARE(refs[0].shape, 1);
        QCOMPARE(refs[1].pointer, std::string("/nodes/0/extensions/EXT_region/regions/1/shape"));
        QCOMPARE(refs[1].shape, 0);
    }

    void aCoreShapesArrayTakesTheReferences()
    {
        // With a glTF 2.1 `shapes` array the extension's index points there: the physics lists are free.
        const Loaded l = resolve(docFromJson(khrFile(2, true)));
        QVERIFY(foreignShapeReferences(l.doc.json()).empty());
        gltf::GltfDocument out = l.doc;
        writePhysics(l.model, out, Family::Omi);
        QVERIFY(!out.json()["extensions"].contains(ext::KhrShapes));
        QCOMPARE_JSON(at(out, kVoxelPointer), 2);
        QCOMPARE_JSON(out.json()["shapes"][0]["type"], "sphere");
    }

    void khrToOmiKeepsTheListAVoxelUses()
    {
        const Loaded l = resolve(docFromJson(khrFile(2)));
        const Json original = l.doc.json()["extensions"][ext::KhrShapes];
        gltf::GltfDocument out = l.doc;
        const Diagnostics d = writePhysics(l.model, out, Family::Omi);
        QCOMPARE_JSON(out.json()["extensions"][ext::KhrShapes], original);
        QVERIFY(listed(out, "extensionsUsed", ext::KhrShapes));
        QVERIFY(!listed(out, "extensionsUsed", ext::KhrBodies));
        QCOMPARE_JSON(at(out, kVoxelPointer), 2);
        QVERIFY(hasCode(d, code::WriteShapeListKept));
        QVERIFY(!hasCode(conversionLosses(l.model, l.doc, Family::Omi), code::OmiNotExpressible));
        // OMI lists its shape types (OMI-SPEC-DIGEST 2.1): the region has no OMI form and stays only in the
        // kept KHR list, with its own object and extensions as read.
        const Json& omiShapes = out.json()["extensions"][ext::Shape]["shapes"];
        QCOMPARE(omiShapes.size(), size_t(2));
        QCOMPARE_JSON(omiShapes[1]["box"]["size"], Json::array({2, 3, 4}));
        QVERIFY(!hasErrors(validatePhysics(out)));
    }

    void aColliderOnAnUnknownKhrTypeIsAnOmiLoss()
    {
        Loaded l = resolve(docFromJson(khrFile(7)));
        l.model.nodes[0].collider->shape = 1; // the crate now collides with the region shape
        const Diagnostics losses = conversionLosses(l.model, l.doc, Family::Omi);
        QCOMPARE(countCode(losses, code::OmiNotExpressible), 1);
        QVERIFY(losses.front().message.find("'cylinder region'") != std::string::npos);
        gltf::GltfDocument out = l.doc;
        writePhysics(l.model, out, Family::Omi);
        QVERIFY(!hasErrors(validatePhysics(out)));
        for (const Json& shape : out.json()["extensions"][ext::Shape]["shapes"])
            QCOMPARE_JSON(shape["type"], "box");
    }

    void anOmiFileWithAUsedKhrListKeepsItsIndicesInKhr()
    {
        // An OMI file beside a KHR list that a voxel primitive uses (a KHR to OMI conversion writes this):
        // converting it to KHR puts the voxel's shapes first, where its index points.
        const Loaded l = resolve(docFromJson(R"({
          "extensionsUsed": ["KHR_implicit_shapes", "OMI_physics_shape", "OMI_physics_body", "EXT_primitive_voxels"],
          "extensions": {
            "KHR_implicit_shapes": {"shapes": [{"type": "sphere", "sphere": {"radius": 3}}]},
            "OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 2, 1]}}]}},
          "meshes": [{"primitives": [{"attributes": {}, "extensions": {"EXT_primitive_voxels": {"shape": 0}}}]}],
          "scenes": [{"nodes": [0, 1]}], "scene": 0,
          "nodes": [{"name": "crate", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
                    {"name": "voxels", "mesh": 0}]
        })"));
        QCOMPARE(l.model.format, SourceFormat::Omi);
        gltf::GltfDocument out = l.doc;
        writePhysics(l.model, out, Family::Khr);
        const Json& shapes = out.json()["extensions"][ext::KhrShapes]["shapes"];
        QCOMPARE(shapes.size(), size_t(2));
        QCOMPARE_JSON(shapes[at(out, kVoxelPointer).get<size_t>()]["sphere"]["radius"], 3);
        const Json& collider = out.json()["nodes"][0]["extensions"][ext::KhrBodies]["collider"];
        QCOMPARE_JSON(shapes[collider["geometry"]["shape"].get<size_t>()]["box"]["size"],
                      Json::array({1, 2, 1}));
    }

    void khrToOmiWithoutUsersRemovesTheList()
    {
        // The control: nothing points into the list (the voxel's index names no shape of it).
        const Loaded l = resolve(docFromJson(khrFile(7)));
        gltf::GltfDocument out = l.doc;
        const Diagnostics d = writePhysics(l.model, out, Family::Omi);
        QVERIFY(!out.json()["extensions"].contains(ext::KhrShapes));
        QVERIFY(!listed(out, "extensionsUsed", ext::KhrShapes));
        QVERIFY(!hasCode(d, code::WriteShapeListKept));
    }

    void aKhrSaveRenumbersTheReference()
    {
        Loaded l = resolve(docFromJson(khrFile(2)));
        makeShapeZeroAHull(l);
        gltf::GltfDocument out = l.doc;
        const Diagnostics d = writePhysics(l.model, out, Family::Khr);
        const Json& shapes = out.json()["extensions"][ext::KhrShapes]["shapes"];
        QCOMPARE(shapes.size(), size_t(2));
        QCOMPARE_JSON(at(out, kVoxelPointer), 1);
        QCOMPARE_JSON(shapes[1]["box"]["size"], Json::array({2, 3, 4})); // the same box as before
        QVERIFY(hasCode(d, code::WriteShapeReferenceRenumbered));
        QVERIFY(!hasCode(d, code::KhrNotExpressible));
    }

    void aReferenceToAShapeThatLeftTheListIsALoss()
    {
        Loaded l = resolve(docFromJson(khrFile(0)));
        makeShapeZeroAHull(l);
        const Diagnostics losses = conversionLosses(l.model, l.doc, Family::Khr);
        QCOMPARE(countCode(losses, code::KhrNotExpressible), 1);
        QCOMPARE(losses.front().pointer, std::string(kVoxelPointer));
        gltf::GltfDocument out = l.doc;
        writePhysics(l.model, out, Family::Khr);
        QCOMPARE_JSON(at(out, kVoxelPointer), 0); // left as it was, and said
    }

    void omiToKhrKeepsTheOmiListAnotherExtensionUses()
    {
        const Loaded l = resolve(docFromJson(R"({
          "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body", "EXT_region"],
          "extensions": {"OMI_physics_shape": {"shapes": [
            {"type": "sphere", "sphere": {"radius": 0.5}}, {"type": "box", "box": {"size": [1, 2, 1]}}]}},
          "scenes": [{"nodes": [0]}], "scene": 0,
          "nodes": [{"name": "ball", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}},
                                                    "EXT_region": {"shape": 1}}}]
        })"));
        const Json original = l.doc.json()["extensions"][ext::Shape];
        gltf::GltfDocument out = l.doc;
        const Diagnostics d = writePhysics(l.model, out, Family::Khr);
        QCOMPARE_JSON(out.json()["extensions"][ext::Shape], original);
        QVERIFY(listed(out, "extensionsUsed", ext::Shape));
        QVERIFY(!out.json()["nodes"][0]["extensions"].contains(ext::Body));
        QCOMPARE_JSON(out.json()["nodes"][0]["extensions"]["EXT_region"]["shape"], 1);
        QVERIFY(hasCode(d, code::WriteShapeListKept));
    }
};

QTEST_GUILESS_MAIN(TestShapeReferences)
#include "TestShapeReferences.moc"
