// fitShapeToMesh on box meshes of known bounds, so every result has an exact expected value: a box fit of an
// axis-aligned box is that box; the smallest sphere around a cube of half-size 1 has radius sqrt(3) and its
// centre. Each fit is one undo step with redo -> undo -> redo on the saved JSON.
#include "BoxMeshes.h"
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ShapeFit.h"

#include <QTest>
#include <QUndoStack>
#include <cmath>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [
      {"type": "sphere", "sphere": {"radius": 0.5}},
      {"type": "box", "box": {"size": [1, 1, 1]}},
      {"type": "sphere", "sphere": {"radius": 0.1}}]},
    "OMI_physics_body": {"physicsMaterials": [{"name": "Wood", "staticFriction": 0.4}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2]}],
  "nodes": [
    {"name": "Crate", "mesh": 0, "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
    {"name": "Offset", "mesh": 1,
     "extensions": {"OMI_physics_body": {"collider": {"shape": 1, "physicsMaterial": 0}}}},
    {"name": "Body", "mesh": 2, "children": [3]},
    {"name": "Body Collider", "translation": [0.5, 0, 0],
     "extensions": {"OMI_physics_body": {"collider": {"shape": 2}}}}
  ]
})";

std::unique_ptr<Document> scene()
{
    const gltf::Json json =
        boxMeshes(gltf::Json::parse(kScene),
                  {{-1, -0.5f, -0.25f, 1, 0.5f, 0.25f}, {1, 0, 0, 3, 1, 1}, {-1, -1, -1, 1, 1, 1}});
    return documentFromJson(json.dump());
}

gltf::Json shapeAt(const gltf::Json& saved, size_t i)
{
    return saved["extensions"]["OMI_physics_shape"]["shapes"][i];
}

} // namespace

class TestShapeFit : public QObject
{
    Q_OBJECT

private slots:
    void fitInPlace()
    {
        auto d = scene();
        Result<ShapeFit> fit;
        checkRedoUndoRedo(
            *d, [&] { fit = fitShapeToMesh(*d, 0, 0, FitKind::Box, QStringLiteral("Fit Box to Mesh")); },
            [](const gltf::Json& saved) {
                CS_COMPARE_JSON(shapeAt(saved, 0)["type"], "box");
                CS_COMPARE_JSON(shapeAt(saved, 0)["box"]["size"], gltf::Json::parse("[2.0,1.0,0.5]"));
            });
        QVERIFY(fit);
        QCOMPARE(int(fit->outcome), int(ShapeFit::Outcome::ShapeChanged));
        QCOMPARE(fit->shapeUsers, size_t(1));
        QCOMPARE(d->undoStack()->text(0), QStringLiteral("Fit Box to Mesh"));

        // The same fit again: nothing to change, no step.
        const auto again = fitShapeToMesh(*d, 0, 0, FitKind::Box, QStringLiteral("Fit Box to Mesh"));
        QVERIFY(again);
        QCOMPARE(int(again->outcome), int(ShapeFit::Outcome::Unchanged));
        QCOMPARE(d->undoStack()->count(), 1);
    }

    void offCentreFitGoesOnAChildNode()
    {
        auto d = scene();
        Result<ShapeFit> fit;
        checkRedoUndoRedo(
            *d, [&] { fit = fitShapeToMesh(*d, 1, 1, FitKind::Box, QStringLiteral("Fit Box to Mesh")); },
            [](const gltf::Json& saved) {
                // Node 4 is new: under Offset, at the box's centre, with a new shape 3 and Offset's material.
                CS_COMPARE_JSON(saved["nodes"][1]["children"], gltf::Json::parse("[4]"));
                const gltf::Json& child = saved["nodes"][4];
                CS_COMPARE_JSON(child["name"], "Offset box");
                CS_COMPARE_JSON(child["translation"], gltf::Json::parse("[2.0,0.5,0.5]"));
                CS_COMPARE_JSON(nodeBody(saved, 4)["collider"],
                                gltf::Json::parse(R"({"shape":3,"physicsMaterial":0})"));
                CS_COMPARE_JSON(shapeAt(saved, 3)["box"]["size"], gltf::Json::parse("[2.0,1.0,1.0]"));
                QVERIFY(nodeBody(saved, 1).is_null()); // the node's own collider was replaced
            });
        QVERIFY(fit);
        QCOMPARE(int(fit->outcome), int(ShapeFit::Outcome::ChildNode));
        QCOMPARE(fit->childNode, std::optional<NodeIndex>(4));
        QVERIFY(fit->replacedCollider);
    }

    void colliderNodeMovesToItsParentsMesh()
    {
        auto d = scene();
        checkRedoUndoRedo(
            *d,
            [&] { QVERIFY(fitShapeToMesh(*d, 2, 3, FitKind::Sphere, QStringLiteral("Fit Sphere to Mesh"))); },
            [](const gltf::Json& saved) {
                QVERIFY(std::abs(shapeAt(saved, 2)["sphere"]["radius"].get<double>() - std::sqrt(3.0)) <
                        1e-6);
                const gltf::Json t = saved["nodes"][3].value("translation", gltf::Json::parse("[0,0,0]"));
                for (int i = 0; i < 3; ++i)
                    QVERIFY(std::abs(t[i].get<double>()) < 1e-6);
            });
    }

    void whatCannotBeFitted()
    {
        auto d = scene();
        QVERIFY(!fitShapeToMesh(*d, 9, 0, FitKind::Box, QString())); // no such shape
        QVERIFY(!fitShapeToMesh(*d, 0, 9, FitKind::Box, QString())); // no such node
        const auto noMesh = fitMeshPoints(*d, 4);                    // node 4 does not exist
        QVERIFY(!noMesh);
        QVERIFY(findDiagnostic(noMesh.diagnostics, "FIT_NO_MESH"));
        QCOMPARE(d->undoStack()->count(), 0);
    }

    void aFitComputedElsewhereIsAppliedTheSameWay()
    {
        // The two halves of fitShapeToMesh: the points and the fit (as a worker thread would make them),
        // then the edit. The mesh of node 0 spans 2 x 1 x 0.5 around the origin.
        auto d = scene();
        const auto points = fitMeshPoints(*d, 0);
        QVERIFY(points);
        const Result<geometry::FittedShape> fitted = fitPoints(FitKind::Box, *points);
        QVERIFY(fitted);
        checkRedoUndoRedo(
            *d,
            [&] {
                const auto applied = applyShapeFit(*d, 0, 0, fitted, QStringLiteral("Fit Box to Mesh"));
                QVERIFY(applied);
                QCOMPARE(int(applied->outcome), int(ShapeFit::Outcome::ShapeChanged));
            },
            [](const gltf::Json& saved) {
                CS_COMPARE_JSON(shapeAt(saved, 0)["type"], "box");
                CS_COMPARE_JSON(shapeAt(saved, 0)["box"]["size"], gltf::Json::parse("[2.0,1.0,0.5]"));
            });
        QCOMPARE(d->undoStack()->count(), 1);
        QCOMPARE(d->undoStack()->text(0), QStringLiteral("Fit Box to Mesh"));

        // A failed fit carries its errors through and pushes nothing; so does a shape that went away.
        const Result<geometry::FittedShape> failed =
            Result<geometry::FittedShape>::failure(makeError("FIT_TEST", "no points"));
        const auto refused = applyShapeFit(*d, 0, 0, failed, QString());
        QVERIFY(!refused);
        QVERIFY(findDiagnostic(refused.diagnostics, "FIT_TEST"));
        const auto gone = applyShapeFit(*d, 9, 0, fitted, QString());
        QVERIFY(!gone);
        QVERIFY(findDiagnostic(gone.diagnostics, "FIT_NO_SHAPE"));
        QCOMPARE(d->undoStack()->count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestShapeFit)
#include "TestShapeFit.moc"
