// Convex decomposition against shapes whose distances are known in closed form: the L of two unit boxes and a
// torus. Concavity is checked with the exact distance to the true solid, not with the code's own measure.
#include "ConcaveMeshes.h"
#include "GeometryTestUtil.h"
#include "geometry/ConvexHull.h"
#include "geometry/Decomposition.h"

#include <QtTest>
#include <cmath>
#include <set>
#include <tuple>

using namespace cs;
using namespace cs::geometry;

namespace {

/// Points spread over each triangle of a mesh: vertices, edge points and a barycentric grid (n per edge).
std::vector<Vec3d> surfacePoints(const gltf::TriangleMesh& m, int n = 8)
{
    std::vector<Vec3d> out;
    for (size_t t = 0; t < m.indices.size(); t += 3) {
        const Vec3d a(m.positions[m.indices[t]]), b(m.positions[m.indices[t + 1]]),
            c(m.positions[m.indices[t + 2]]);
        for (int i = 0; i <= n; ++i)
            for (int j = 0; i + j <= n; ++j)
                out.push_back(a + (b - a) * (double(i) / n) + (c - a) * (double(j) / n));
    }
    return out;
}

double boxDistance(const Vec3d& p, const Vec3d& lo, const Vec3d& hi)
{
    const Vec3d d{std::max({lo.x - p.x, 0.0, p.x - hi.x}), std::max({lo.y - p.y, 0.0, p.y - hi.y}),
                  std::max({lo.z - p.z, 0.0, p.z - hi.z})};
    return length(d);
}

/// Distance from p to the L solid ([0,2]x[0,1]x[0,1] united with [0,1]x[0,2]x[0,1]); 0 inside.
double lDistance(const Vec3d& p)
{
    return std::min(boxDistance(p, {0, 0, 0}, {2, 1, 1}), boxDistance(p, {0, 0, 0}, {1, 2, 1}));
}

/// Distance from p to the solid torus about y (ring R, tube r); 0 inside.
double torusDistance(const Vec3d& p, double R, double r)
{
    const double q = std::hypot(std::hypot(p.x, p.z) - R, p.y);
    return std::max(0.0, q - r);
}

size_t distinctPoints(const gltf::TriangleMesh& m)
{
    std::set<std::tuple<float, float, float>> s;
    for (const QVector3D& p : m.positions)
        s.insert({p.x(), p.y(), p.z()});
    return s.size();
}

/// Every mesh vertex inside some part, or within `tolerance` beyond its faces' planes.
double worstUncovered(const gltf::TriangleMesh& mesh, const std::vector<DecomposedPart>& parts)
{
    double worst = 0;
    for (const QVector3D& v : mesh.positions) {
        double best = std::numeric_limits<double>::infinity();
        for (const DecomposedPart& p : parts)
            best = std::min(best, std::max(0.0, cs::test::maxBeyondFaces(p.hull, {Vec3d(v)})));
        worst = std::max(worst, best);
    }
    return worst;
}

} // namespace

class TestDecomposition : public QObject
{
    Q_OBJECT

private slots:
    void lShapeSplitsBelowTheThreshold()
    {
        const auto mesh = cs::test::lShapeMesh();
        DecompositionOptions o;
        o.concavity = 0.02;
        o.maxParts = 8;
        const auto r = decomposeConvex(mesh, o);
        QVERIFY(r);
        const double threshold = o.concavity * std::sqrt(9.0); // diagonal of 2 x 2 x 1
        QVERIFY2(r->parts.size() >= 2, qPrintable(QString::number(r->parts.size())));
        QVERIFY(!r->budgetReached);
        for (const auto& part : r->parts) {
            QVERIFY(cs::test::isClosedManifold(part.hull));
            QVERIFY(cs::test::isConvexOutward(part.hull, 1e-5));
            QVERIFY(part.points <= 64 && distinctPoints(part.hull) <= 64);
            for (const Vec3d& p : surfacePoints(part.hull))
                QVERIFY2(lDistance(p) <= threshold, qPrintable(QString::number(lDistance(p))));
        }
        QVERIFY(worstUncovered(mesh, r->parts) <= 1e-5);
        QCOMPARE(r->quality.parts, r->parts.size());
        QVERIFY(r->quality.closed);
        QVERIFY(std::abs(r->quality.meshVolume - 3.0) < 1e-5);
        QVERIFY2(r->quality.volumeRatio > 0.95 && r->quality.volumeRatio < 1.08,
                 qPrintable(QString::number(r->quality.volumeRatio)));
    }

    void torusSplitsBelowTheThreshold()
    {
        const double R = 1, rr = 0.3;
        const auto mesh = cs::test::torusMesh(R, rr);
        DecompositionOptions o;
        o.concavity = 0.04;
        o.maxParts = 24;
        const auto r = decomposeConvex(mesh, o);
        QVERIFY(r);
        QVERIFY(!r->budgetReached);
        const double threshold = o.concavity * cs::test::diagonalOf(mesh);
        // The mesh is inscribed in the true torus: its faces lie up to r (1 - cos(pi / 24)) inside.
        const double facets = rr * (1 - std::cos(M_PI / 24)) + R * (1 - std::cos(M_PI / 48));
        QVERIFY2(r->parts.size() >= 2, qPrintable(QString::number(r->parts.size())));
        for (const auto& part : r->parts) {
            QVERIFY(part.points <= 64 && distinctPoints(part.hull) <= 64);
            for (const Vec3d& p : surfacePoints(part.hull))
                QVERIFY2(torusDistance(p, R, rr) <= threshold + facets,
                         qPrintable(QString::number(torusDistance(p, R, rr))));
        }
        QVERIFY2(worstUncovered(mesh, r->parts) <= threshold,
                 qPrintable(QString::number(worstUncovered(mesh, r->parts))));
        QVERIFY(r->quality.maxConcavity <= threshold + facets);
    }

    void convexInputIsOnePartEqualToItsHull()
    {
        const auto box = cs::test::boxMesh({-1, 0, 2}, {3, 0.5, 4});
        const auto r = decomposeConvex(box);
        QVERIFY(r);
        QCOMPARE(r->parts.size(), size_t(1));
        QCOMPARE(r->parts[0].points, size_t(8));
        QCOMPARE(distinctPoints(r->parts[0].hull), size_t(8));
        QVERIFY(std::abs(r->parts[0].volume - 4.0 * 0.5 * 2.0) < 1e-6);
        // A convex point cloud's hull under the cap: the part is that hull (same volume, same vertices).
        auto points = cs::test::pointsOnSphere(40, 1.5, 7);
        gltf::TriangleMesh sphere = generateConvexHull(points)->mesh;
        const auto s = decomposeConvex(sphere);
        QVERIFY(s);
        QCOMPARE(s->parts.size(), size_t(1));
        QCOMPARE(distinctPoints(s->parts[0].hull), distinctPoints(sphere));
        QVERIFY(std::abs(s->parts[0].volume - meshVolume(sphere)) < 1e-5);
    }

    void separateBoxesAreSeparateParts()
    {
        // Seven disjoint boxes (the chair): each connected part of the surface starts as its own piece.
        // The boxes are 0.05 m thin: 128 voxels along the chair's 0.95 m keep the sampling noise below them.
        DecompositionOptions o;
        o.resolution = 128;
        const auto r = decomposeConvex(cs::test::chairMesh(), o);
        QVERIFY(r);
        // No part bridges two boxes: the parts are boxes (8 points each) whose volumes add up to the boxes'.
        QVERIFY2(r->parts.size() >= 7, qPrintable(QString::number(r->parts.size())));
        double volume = 0;
        for (const auto& part : r->parts) {
            QCOMPARE(distinctPoints(part.hull), size_t(8));
            volume += part.volume;
        }
        // Legs 4 x 0.05 x 0.449 x 0.05, seat 0.45 x 0.05 x 0.45, posts 2 x 0.05 x 0.299 x 0.05, back 0.45 x
        // 0.149 x 0.05.
        const double boxes =
            4 * 0.05 * 0.449 * 0.05 + 0.45 * 0.05 * 0.45 + 2 * 0.05 * 0.299 * 0.05 + 0.45 * 0.149 * 0.05;
        QVERIFY2(std::abs(volume - boxes) < 1e-6, qPrintable(QString::number(volume - boxes)));
    }

    void everyPartWithinTheCap()
    {
        const auto mesh = cs::test::bowlMesh();
        for (int cap : {8, 32, 255}) {
            DecompositionOptions o;
            o.pointsPerPart = cap;
            o.maxParts = 6;
            const auto r = decomposeConvex(mesh, o);
            QVERIFY(r);
            for (const auto& part : r->parts)
                QVERIFY(part.points <= size_t(cap) && distinctPoints(part.hull) <= size_t(cap));
        }
    }

    void sameSeedSameParts()
    {
        const auto mesh = cs::test::archMesh();
        DecompositionOptions o;
        o.maxParts = 6;
        o.measure = false;
        o.threads = 1;
        const auto a = decomposeConvex(mesh, o);
        o.threads = 2;
        const auto b = decomposeConvex(mesh, o);
        QVERIFY(a && b);
        QCOMPARE(a->parts.size(), b->parts.size());
        for (size_t i = 0; i < a->parts.size(); ++i)
            QCOMPARE(a->parts[i].hull.positions, b->parts[i].hull.positions);
    }

    void progressAndCancel()
    {
        const auto mesh = cs::test::lShapeMesh();
        std::vector<double> seen;
        DecompositionOptions o;
        o.progress = [&](double f) { seen.push_back(f); };
        QVERIFY(decomposeConvex(mesh, o));
        QVERIFY(!seen.empty());
        QCOMPARE(seen.back(), 1.0);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        std::atomic<bool> cancel{true};
        o.cancel = &cancel;
        const auto r = decomposeConvex(mesh, o);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics.at(0).code, std::string("DECOMPOSE_CANCELLED"));
    }

    void timeBudgetCoversTheWholeDecomposition()
    {
        // A budget spent before the first cut (sampling the mesh alone takes longer than a nanosecond): none
        // of the three cut searches cuts, and the result is the arch's one starting piece, whose hull is the
        // arch's outer box (4 x 2.5 x 1).
        const auto mesh = cs::test::archMesh();
        std::vector<double> seen;
        DecompositionOptions o;
        o.maxParts = 8;
        o.timeBudget = 1e-9;
        o.progress = [&](double f) { seen.push_back(f); };
        const auto r = decomposeConvex(mesh, o);
        QVERIFY(r);
        QVERIFY(r->budgetReached);
        QCOMPARE(r->parts.size(), size_t(1));
        QCOMPARE(distinctPoints(r->parts[0].hull), size_t(8));
        QVERIFY(cs::test::isClosedManifold(r->parts[0].hull));
        QVERIFY(cs::test::isConvexOutward(r->parts[0].hull, 1e-5));
        QVERIFY2(std::abs(r->parts[0].volume - 4 * 2.5 * 1) < 1e-5,
                 qPrintable(QString::number(r->parts[0].volume)));
        QVERIFY(worstUncovered(mesh, r->parts) <= 1e-5);
        // A search that cuts reports progress below 0.9; here only the final steps are reported.
        QCOMPARE(seen, (std::vector<double>{0.95, 1.0}));

        // Merging is part of the budget too: two boxes 0.001 apart are separate pieces whose union is
        // convex enough, merged into one part without a budget and left as two with a spent one.
        gltf::TriangleMesh boxes = cs::test::boxMesh({0, 0, 0}, {1, 1, 1});
        const gltf::TriangleMesh second = cs::test::boxMesh({1.001, 0, 0}, {2, 1, 1});
        for (std::uint32_t i : second.indices)
            boxes.indices.push_back(std::uint32_t(boxes.positions.size()) + i);
        boxes.positions.insert(boxes.positions.end(), second.positions.begin(), second.positions.end());
        DecompositionOptions unlimited;
        const auto merged = decomposeConvex(boxes, unlimited);
        QVERIFY(merged);
        QCOMPARE(merged->parts.size(), size_t(1));
        QVERIFY(!merged->budgetReached);
        DecompositionOptions spent;
        spent.timeBudget = 1e-9;
        const auto separate = decomposeConvex(boxes, spent);
        QVERIFY(separate);
        QCOMPARE(separate->parts.size(), size_t(2));
        double volume = 0;
        for (const auto& part : separate->parts) {
            QCOMPARE(distinctPoints(part.hull), size_t(8));
            volume += part.volume;
        }
        QVERIFY2(std::abs(volume - (1.0 + 0.999)) < 1e-6, qPrintable(QString::number(volume)));
    }

    void badInputs()
    {
        DecompositionOptions o;
        o.pointsPerPart = 256;
        QCOMPARE(decomposeConvex(cs::test::lShapeMesh(), o).diagnostics.at(0).code,
                 std::string("DECOMPOSE_BAD_OPTIONS"));
        QCOMPARE(decomposeConvex(gltf::TriangleMesh{}).diagnostics.at(0).code,
                 std::string("DECOMPOSE_NO_TRIANGLES"));
        gltf::TriangleMesh flat;
        flat.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
        flat.indices = {0, 1, 2, 1, 3, 2};
        QCOMPARE(decomposeConvex(flat).diagnostics.at(0).code, std::string("DECOMPOSE_DEGENERATE"));
    }

    void qualityOfTheLShapesHull()
    {
        // One part, the hull of the L: it fills the notch up to the plane x + y = 3, whose midpoint line
        // (1.5, 1.5, z) is 0.5 from the L; the hull's volume is 3.5 against the L's 3.
        const auto mesh = cs::test::lShapeMesh();
        const auto hull = generateConvexHull(mesh);
        QVERIFY(hull);
        const auto q = measureDecomposition(mesh, {hull->mesh}, 96);
        QCOMPARE(q.parts, size_t(1));
        QVERIFY2(std::abs(q.maxConcavity - 0.5) < 0.03, qPrintable(QString::number(q.maxConcavity)));
        QVERIFY(std::abs(q.relativeConcavity - 0.5 / 3.0) < 0.01);
        QVERIFY(q.maxUncovered == 0);
        QVERIFY(std::abs(q.meshVolume - 3.0) < 1e-5);
        QVERIFY2(std::abs(q.volumeRatio - 3.5 / 3.0) < 0.03, qPrintable(QString::number(q.volumeRatio)));
        // The two boxes of the L as parts: no concavity, the union is the L.
        const auto parts = measureDecomposition(
            mesh, {cs::test::boxMesh({0, 0, 0}, {2, 1, 1}), cs::test::boxMesh({0, 1, 0}, {1, 2, 1})}, 96);
        QVERIFY2(parts.maxConcavity < 0.03, qPrintable(QString::number(parts.maxConcavity)));
        QVERIFY(std::abs(parts.volumeRatio - 1.0) < 0.03);
    }
};

QTEST_APPLESS_MAIN(TestDecomposition)
#include "TestDecomposition.moc"
