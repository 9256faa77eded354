// "Convex Hull..." in its three steps on the Document (document/HullPlan.h): the source gathered in the
// node's space, the plan made from it alone, and the hull applied as one undo step with its figures kept
// in the fit cache only when they are the node's.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderFitCache.h"
#include "document/HullPlan.h"
#include "document/MeshCommands.h"
#include "document/NodeCommands.h"

#include <QUndoStack>
#include <QtTest>
#include <atomic>
#include <cmath>

using namespace cs;
using namespace cs::document;

namespace {

gltf::TriangleMesh tetrahedron()
{
    gltf::TriangleMesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    m.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    return m;
}

/// Node "T" (a tetrahedron, scaled by 2) with a child "C" (the same tetrahedron, moved 3 up); `t` and `c`
/// are their indices.
std::unique_ptr<Document> scene(size_t& t, size_t& c)
{
    auto d = test::documentFromJson(R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[]}],"scene":0})");
    auto* mesh = new AddMesh(d.get(), tetrahedron(), "tet");
    d->push(mesh);
    auto* top = new AddNode(d.get(), std::nullopt,
                            gltf::Json{{"name", "T"}, {"mesh", mesh->meshIndex()}, {"scale", {2, 2, 2}}});
    d->push(top);
    t = top->nodeIndex();
    auto* child = new AddNode(
        d.get(), t, gltf::Json{{"name", "C"}, {"mesh", mesh->meshIndex()}, {"translation", {0, 3, 0}}});
    d->push(child);
    c = child->nodeIndex();
    return d;
}

} // namespace

class TestHullPlan : public QObject
{
    Q_OBJECT

private slots:
    void gatherReadsTheNodesSpace()
    {
        size_t t = 0, c = 0;
        auto d = scene(t, c);
        geometry::ConvexHullOptions options;
        options.maxVertices = 16;
        // The node alone: its 4 points and its mesh; 1 cm in the world is 5 mm in a node scaled by 2.
        const auto own = gatherHullSource(*d, t, false, options, 0.01);
        QVERIFY(own);
        QCOMPARE(own->points.size(), size_t(4));
        QVERIFY(own->mesh);
        QCOMPARE(own->options.maxVertices, 16);
        QVERIFY(own->simplifyFirst && std::fabs(*own->simplifyFirst - 0.005) < 1e-12);
        // With the child: 8 points, the child's 3 up in the node's space; no single mesh to fit.
        const auto all = gatherHullSource(*d, t, true, options, std::nullopt);
        QVERIFY(all);
        QCOMPARE(all->points.size(), size_t(8));
        QVERIFY(!all->mesh);
        QVERIFY(!all->simplifyFirst);
        double highest = 0;
        for (const auto& p : all->points)
            highest = std::max(highest, p.y);
        QCOMPARE(highest, 4.0); // the child's apex: 3 up, then 1
        // A node without a mesh has no source.
        auto* empty = new AddNode(d.get(), std::nullopt, gltf::Json{{"name", "E"}});
        d->push(empty);
        const auto none = gatherHullSource(*d, empty->nodeIndex(), false, options, std::nullopt);
        QVERIFY(!none);
        QVERIFY(findDiagnostic(none.diagnostics, "NODE_NO_MESH"));
    }

    void planIsTheHullAndItsFit()
    {
        size_t t = 0, c = 0;
        auto d = scene(t, c);
        const auto source = gatherHullSource(*d, t, false, {}, std::nullopt);
        QVERIFY(source);
        const HullPlan plan = planHull(*source);
        QVERIFY(plan.hull);
        // The hull of a tetrahedron is the tetrahedron: 4 points, and it fits its mesh exactly.
        QCOMPARE(plan.hull->quality.vertexCount, size_t(4));
        QVERIFY(plan.fit);
        QVERIFY(plan.fit->outside.max < 1e-5);
        QVERIFY(plan.fit->overhang.max < 1e-5);
        QVERIFY(!plan.choice);

        std::atomic<bool> cancel{true};
        const HullPlan stopped = planHull(*source, {}, &cancel);
        QVERIFY(!stopped.hull);
        QVERIFY(findDiagnostic(stopped.diagnostics, "HULL_CANCELLED"));
    }

    void conservativeEnclosesWithinTheFaceBudget()
    {
        size_t t = 0, c = 0;
        auto d = scene(t, c);
        // The node with its child: two tetrahedra, their hull has 8 points; a conservative hull of at most 5
        // faces must still hold all 8 (the tetrahedron's 4 planes cannot: the child's apex is beyond them).
        geometry::ConvexHullOptions options;
        options.conservative = true;
        auto source = gatherHullSource(*d, t, true, options, 0.01);
        QVERIFY(source);
        source->maxFaces = 5;
        const HullPlan plan = planHull(*source);
        QVERIFY2(plan.hull, test::describe(plan.diagnostics).c_str());
        QVERIFY(plan.enclosed);
        QVERIFY(plan.enclosed->faces <= 5);
        QVERIFY(!plan.choice); // no simplified copy for a hull that holds every point
        QVERIFY(plan.hull->quality.volumeRatio >= 1.0);
        const auto& mesh = plan.hull->mesh;
        for (size_t k = 0; k < mesh.indices.size(); k += 3) {
            const geometry::Vec3d a(mesh.positions[mesh.indices[k]]);
            const geometry::Vec3d n = geometry::normalized(
                geometry::cross(geometry::Vec3d(mesh.positions[mesh.indices[k + 1]]) - a,
                                geometry::Vec3d(mesh.positions[mesh.indices[k + 2]]) - a));
            for (const geometry::Vec3d& p : source->points)
                QVERIFY(geometry::dot(n, p - a) <= 1e-6);
        }
    }

    void applyKeepsTheFiguresOnlyWhenTheyAreTheNodes()
    {
        size_t t = 0, c = 0;
        auto d = scene(t, c);
        // The plan of the node's own tetrahedron, made in one go.
        const HullPlan plan = planHull(*gatherHullSource(*d, t, false, {}, std::nullopt));
        QVERIFY(plan.hull);
        geometry::FitSummary figures;
        figures.diagonal = 2 * std::sqrt(3.0);
        const std::string before = d->savedJson().dump();
        const int steps = d->undoStack()->count();

        // As a trigger: pushed, but a trigger's figures are not the node's colliders'.
        HullOptions asTrigger;
        asTrigger.onNewChildNode = false;
        asTrigger.node.trigger = true;
        QVERIFY(applyHull(*d, t, plan.hull->mesh, asTrigger, figures));
        QCOMPARE(d->undoStack()->count(), steps + 1);
        QVERIFY(!fitCache(*d).find(t, documentRevision(*d)));
        d->undoStack()->undo();
        QCOMPARE(d->savedJson().dump(), before);

        // The node's own collider, its only one: its figures are these.
        HullOptions onNode;
        onNode.onNewChildNode = false;
        QVERIFY(applyHull(*d, t, plan.hull->mesh, onNode, figures));
        const auto cached = fitCache(*d).find(t, documentRevision(*d));
        QVERIFY(cached);
        QCOMPARE(cached->diagonal, figures.diagonal);

        // Another hull on a child node: the node then has two colliders, so the figures are not kept.
        QVERIFY(applyHull(*d, t, plan.hull->mesh, HullOptions{}, figures));
        QVERIFY(!fitCache(*d).find(t, documentRevision(*d)));
    }
};

QTEST_MAIN(TestHullPlan)
#include "TestHullPlan.moc"
