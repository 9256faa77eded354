// Add Colliders measures a mesh's fit once and gives every node that draws it under a similarity (rotation,
// one scale, translation) that figure times the node's scale; a node under a scale that differs between axes,
// or a shear, is measured on its own (issue 52). The mesh is an octahedron (|x| + |y| + |z| <= 1) and the box
// strategy gives it the cube [-1, 1]^3 in each node's space, so the largest overhang has a closed form: a
// cube corner's distance to the face in its octant, 2 / |(1/a, 1/b, 1/c)| for semi-axes a, b, c along the
// box's axes (the foot of the perpendicular lies inside the face for the axes used here). The other figures
// are checked against a measurement of each node alone, made here in world space from the node's matrix.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/AutoColliderActions.h"
#include "document/ColliderFitInput.h"
#include "geometry/MeshWriter.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::document;

namespace {

gltf::TriangleMesh octahedron()
{
    gltf::TriangleMesh m;
    m.positions = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    m.indices = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
    return m;
}

// Nodes 0-2 under similarities (scales 1, 2, 0.5, turned), 3 scaled (1.25, 1, 0.8), 5 turned 45 degrees
// about z under node 4 scaled (1.25, 1, 0.8): a shear. Every node but 4 draws the octahedron.
std::unique_ptr<Document> instancedScene()
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "nodes": [
        {"name": "Plain", "mesh": 0},
        {"name": "Turned", "mesh": 0, "translation": [10, 0, 0], "scale": [2, 2, 2],
         "rotation": [0.0914080, 0.1828161, 0.2742241, 0.9396926]},
        {"name": "Small", "mesh": 0, "translation": [-4, 3, 0], "scale": [0.5, 0.5, 0.5],
         "rotation": [0, 0.7071068, 0, 0.7071068]},
        {"name": "Stretched", "mesh": 0, "translation": [0, 0, 10], "scale": [1.25, 1, 0.8]},
        {"name": "Holder", "translation": [0, 0, -10], "scale": [1.25, 1, 0.8], "children": [5]},
        {"name": "Sheared", "mesh": 0, "rotation": [0, 0, 0.3826834, 0.9238795]}
      ],
      "scenes": [{"nodes": [0, 1, 2, 3, 4]}],
      "scene": 0
    })");
    if (!geometry::addTriangleMesh(g, octahedron(), "Octahedron"))
        qFatal("mesh not added");
    g.setSourcePath({});
    return std::make_unique<Document>(std::move(g));
}

// The octahedron and its box measured alone in world space, everything placed here: the mesh's positions
// through the node's world matrix, the box as the convex hull of its corners there (a sheared box is not a
// box), with the sampling every view uses.
geometry::FitMeasurement measuredAlone(const QMatrix4x4& world)
{
    gltf::TriangleMesh mesh = octahedron();
    for (QVector3D& p : mesh.positions)
        p = world.map(p);
    gltf::TriangleMesh corners;
    for (int c = 0; c < 8; ++c)
        corners.positions.push_back(
            world.map(QVector3D(c & 1 ? 1.0f : -1.0f, c & 2 ? 1.0f : -1.0f, c & 4 ? 1.0f : -1.0f)));
    corners.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                       2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    geometry::FitPart box;
    box.shape = geometry::ShapeGeometry::convex(corners);
    auto m = geometry::measureFit(mesh, {}, {box}, standardFitOptions());
    if (!m)
        qFatal("not measured");
    return std::move(*m);
}

double cornerToFace(double a, double b, double c)
{
    return 2 / std::sqrt(1 / (a * a) + 1 / (b * b) + 1 / (c * c));
}

} // namespace

class TestInstancedColliderFit : public QObject
{
    Q_OBJECT

private slots:
    void everyInstanceGetsItsOwnFigures()
    {
        auto document = instancedScene();
        AutoColliderOptions options;
        options.collider.strategy = import::ColliderStrategy::Box;
        const AutoColliderReport report = addAutoColliders(*document, options);
        QCOMPARE(report.added.size(), size_t(5));
        const double accuracy = import::ColliderOptions{}.fitAccuracy;
        // Largest overhang per node from the closed form: scale s gives s * 2 / sqrt(3); the stretched node
        // has semi-axes 1.25, 1, 0.8 along its box's axes.
        const std::map<size_t, double> largest{{0, cornerToFace(1, 1, 1)},
                                               {1, 2 * cornerToFace(1, 1, 1)},
                                               {2, 0.5 * cornerToFace(1, 1, 1)},
                                               {3, cornerToFace(1.25, 1, 0.8)}};
        for (const import::AddedCollider& a : report.added) {
            QVERIFY(a.fit.has_value());
            const geometry::FitSummary& fit = *a.fit;
            const QMatrix4x4 world = document->sceneGraph().worldTransform(a.meshNode);
            const geometry::FitMeasurement alone = measuredAlone(world);
            const std::string what =
                a.name + ": " + geometry::fitText(fit) + " / alone " + geometry::fitText(alone.summary);
            qInfo("%s", what.c_str());
            QVERIFY2(!fit.approximate, what.c_str());
            // The box holds the mesh: nothing pokes out.
            QVERIFY2(fit.outside.max <= 1e-5, what.c_str());
            // The cube's corners are measured exactly on both sides, and give the largest overhang.
            QVERIFY2(std::fabs(fit.overhang.max - alone.summary.overhang.max) <= 1e-5, what.c_str());
            if (largest.count(a.meshNode))
                QVERIFY2(std::fabs(fit.overhang.max - largest.at(a.meshNode)) <= 1e-5, what.c_str());
            // The mean and p95 within the accuracy each side states: the grid's bound on the instance's
            // side, the random sampling of the hull's surface alone (well within the same).
            const double bound = 2 * accuracy * std::max(fit.diagonal, alone.summary.diagonal);
            QVERIFY2(std::fabs(fit.overhang.mean - alone.summary.overhang.mean) <= bound, what.c_str());
            QVERIFY2(std::fabs(fit.overhang.p95 - alone.summary.overhang.p95) <= bound, what.c_str());
        }
    }

    // The similar nodes share one measurement: their figures are the plain node's times their scale.
    void similarInstancesScaleOneMeasurement()
    {
        auto document = instancedScene();
        AutoColliderOptions options;
        options.collider.strategy = import::ColliderStrategy::Box;
        const AutoColliderReport report = addAutoColliders(*document, options);
        std::map<size_t, geometry::FitSummary> fits;
        for (const import::AddedCollider& a : report.added)
            fits[a.meshNode] = *a.fit;
        const double diagonal = 2 * std::sqrt(3.0);
        QVERIFY(std::fabs(fits[0].diagonal - diagonal) < 1e-6);
        for (const auto& [node, scale] : std::map<size_t, double>{{1, 2.0}, {2, 0.5}}) {
            QVERIFY(std::fabs(fits[node].diagonal - scale * diagonal) < 1e-5);
            QVERIFY(std::fabs(fits[node].overhang.mean - scale * fits[0].overhang.mean) < 1e-5);
            QVERIFY(std::fabs(fits[node].overhang.p95 - scale * fits[0].overhang.p95) < 1e-5);
        }
        // The stretched node is measured in its own frame: its diagonal is that of the stretched mesh, and
        // its largest overhang is not the plain one times its mean scale (1), which is what scaling the
        // shared measurement would have given.
        QVERIFY(std::fabs(fits[3].diagonal - 2 * std::sqrt(1.25 * 1.25 + 1 + 0.8 * 0.8)) < 1e-5);
        QVERIFY(std::fabs(fits[3].overhang.max - fits[0].overhang.max) > 0.03);
        QVERIFY(std::fabs(fits[5].overhang.max - fits[0].overhang.max) > 1e-3);
        // The window's figures of each node are the report's (the fit cache holds what was measured).
        for (const auto& [node, fit] : fits) {
            const auto shown = colliderFitFigures(*document, node);
            QVERIFY(shown.value.has_value());
            QCOMPARE(shown->overhang.max, fit.overhang.max);
            QCOMPARE(shown->approximate, fit.approximate);
        }
    }
};

QTEST_GUILESS_MAIN(TestInstancedColliderFit)
#include "TestInstancedColliderFit.moc"
