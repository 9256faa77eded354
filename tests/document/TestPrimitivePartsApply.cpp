// Add Colliders with primitive parts (decompose, import::ColliderOptions::primitiveParts) on the undoable
// Document: a box with a cylindrical peg gets two child nodes, a box centred on the box and a cylinder on the
// peg (positions from the mesh's definition), no mesh for either; one undo step that undo takes back to the
// exact bytes and redo makes again.
#include "DocumentTestUtil.h"
#include "RoundMeshes.h"
#include "TestSupport.h"
#include "document/AutoColliderActions.h"
#include "document/Document.h"
#include "geometry/MeshWriter.h"

#include <QtTest>

using namespace cs;
using namespace cs::document;

namespace {

std::unique_ptr<Document> pegScene()
{
    gltf::GltfDocument g = test::loadJson(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
        "nodes":[{"name":"Peg","translation":[3,0,0]}]})");
    const auto mesh = geometry::addTriangleMesh(g, test::boxWithPegMesh(), "Peg");
    if (!mesh)
        qFatal("mesh not added");
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return std::make_unique<Document>(std::move(g));
}

AutoColliderOptions primitiveParts()
{
    AutoColliderOptions o;
    o.collider.strategy = import::ColliderStrategy::Decompose;
    o.collider.maxPoints = 64;
    o.collider.primitiveParts = true;
    return o;
}

} // namespace

class TestPrimitivePartsApply : public QObject
{
    Q_OBJECT

private slots:
    void boxAndCylinderOnPlacedChildren()
    {
        auto d = pegScene();
        const size_t meshesBefore = d->gltf().count("meshes");
        AutoColliderReport report;
        test::checkRedoUndoRedo(
            *d, [&] { report = addAutoColliders(*d, primitiveParts()); },
            [&](const gltf::Json& saved) {
                QCOMPARE(saved["meshes"].size(), meshesBefore);
                QCOMPARE(saved["nodes"].size(), size_t(3));
            });
        QVERIFY(!QTest::currentTestFailed());
        QCOMPARE(report.added.size(), size_t(2));
        for (const import::AddedCollider& a : report.added) {
            QCOMPARE(a.parts, size_t(2));
            QVERIFY(a.primitiveParts);
            const gltf::Json& node = d->gltf().json()["nodes"][a.colliderNode];
            const double y = node.contains("translation") ? node["translation"][1].get<double>() : 0.0;
            if (a.type == physics::ShapeType::Cylinder) {
                QCOMPARE(a.typeName, std::string("cylinder"));
                QVERIFY(std::abs(y - 1.5) < 1e-4); // the peg runs from y = 1 to 2
            } else {
                QCOMPARE(a.type, physics::ShapeType::Box);
                QVERIFY(std::abs(y - 0.5) < 1e-4); // the box from y = 0 to 1
            }
        }
        QVERIFY(report.added[0].type != report.added[1].type);
    }
};

QTEST_GUILESS_MAIN(TestPrimitivePartsApply)
#include "TestPrimitivePartsApply.moc"
