// A node's colliders measured against its mesh in world space (document/ColliderFitInput.h): node scale and
// placement applied, colliders on mesh-less children gathered, and the errors. Expected distances are closed
// forms of the scene below.
#include "DocumentTestUtil.h"
#include "GeometryTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderFitInput.h"
#include "geometry/MeshWriter.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

// 0 Crate: the unit cube scaled by 2 at x = 10, with a box collider of size 1.2 (2.4 in the world).
// 1 Holder: the unit cube; its child 2 (no mesh) carries a sphere of radius 1. 3 Bare: the cube, no collider.
// 4 Empty: no mesh anywhere near.
std::unique_ptr<Document> makeScene()
{
    gltf::GltfDocument g = loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1.2, 1.2, 1.2]}},
                                                      {"type": "sphere", "sphere": {"radius": 1}}]}},
      "nodes": [
        {"name": "Crate", "translation": [10, 0, 0], "scale": [2, 2, 2],
         "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
        {"name": "Holder", "children": [2]},
        {"name": "Holder Collider", "extensions": {"OMI_physics_body": {"collider": {"shape": 1}}}},
        {"name": "Bare"},
        {"name": "Empty"}
      ],
      "scenes": [{"nodes": [0, 1, 3, 4]}],
      "scene": 0
    })");
    if (!geometry::addTriangleMesh(g, test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}), "Cube"))
        qFatal("mesh not added");
    for (int n : {0, 1, 3})
        g.json()["nodes"][n]["mesh"] = size_t(0);
    g.setSourcePath({});
    return std::make_unique<Document>(std::move(g));
}

} // namespace

class TestColliderFitInput : public QObject
{
    Q_OBJECT

private slots:
    void scaledNodeInWorldMetres()
    {
        auto doc = makeScene();
        auto input = gatherColliderFit(*doc, 0);
        QVERIFY2(input, describe(input.diagnostics).c_str());
        QCOMPARE(input->meshNode, NodeIndex(0));
        auto m = measureColliderFit(*input);
        QVERIFY(m);
        // The cube is 2 m wide in the world and its box 2.4 m: every point of it is 0.2 m inside.
        for (double d : m->outside)
            QVERIFY2(std::fabs(d + 0.2) < 1e-9, qPrintable(QString::number(d)));
        QVERIFY(std::fabs(m->summary.diagonal - 2 * std::sqrt(3.0)) < 1e-6);
        QVERIFY(std::fabs(m->summary.overhang.max - 0.2 * std::sqrt(3.0)) < 1e-6);
        for (double o : m->overhang)
            QVERIFY(o >= 0.2 - 1e-6);
        for (const auto& p : m->meshPoints)
            QVERIFY(std::fabs(p.x - 10) <= 1 + 1e-9);
    }

    void colliderOnAChildWithoutMesh()
    {
        auto doc = makeScene();
        auto input = gatherColliderFit(*doc, 1);
        QVERIFY2(input, describe(input.diagnostics).c_str());
        QCOMPARE(input->colliderNodes, std::vector<NodeIndex>{2});
        auto m = measureColliderFit(*input);
        QVERIFY(m);
        // The cube's corners are sqrt(0.75) from the centre, inside the unit sphere.
        for (size_t i = 0; i < m->meshVertices; ++i)
            QVERIFY(std::fabs(m->outside[i] - (std::sqrt(0.75) - 1)) < 1e-6);
        // Selecting the collider node itself measures against its parent's mesh.
        auto fromChild = gatherColliderFit(*doc, 2);
        QVERIFY(fromChild);
        QCOMPARE(fromChild->meshNode, NodeIndex(1));
    }

    void errors()
    {
        auto doc = makeScene();
        QVERIFY(findDiagnostic(gatherColliderFit(*doc, 3).diagnostics, "FIT_NO_COLLIDER"));
        QVERIFY(findDiagnostic(gatherColliderFit(*doc, 4).diagnostics, "FIT_NO_MESH"));
    }
};

QTEST_GUILESS_MAIN(TestColliderFitInput)
#include "TestColliderFitInput.moc"
