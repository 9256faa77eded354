// Fit figures against geometry whose distances are known in closed form (a cube in a larger box, spheres and
// capsules of known radii, the L against its hull, a compound that is exactly the L), and the distance
// hierarchy against brute force. Expected values never come from the code under test.
#include "ConcaveMeshes.h"
#include "GeometryTestUtil.h"
#include "geometry/ColliderFit.h"
#include "geometry/ConvexHull.h"
#include "geometry/MeshBvh.h"
#include "geometry/ShapeSurface.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <random>

using namespace cs;
using namespace cs::geometry;

namespace {

/// A surface of revolution about y with every vertex on the profile: `segments` copies of it around.
gltf::TriangleMesh revolvedMesh(const std::vector<std::pair<double, double>>& profile, int segments)
{
    // profile: (rho, y) from the bottom pole (rho 0) to the top pole (rho 0).
    gltf::TriangleMesh m;
    const int rings = int(profile.size());
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const double a = 2 * std::numbers::pi * s / segments;
            const auto [rho, y] = profile[size_t(r)];
            m.positions.emplace_back(float(rho * std::cos(a)), float(y), float(rho * std::sin(a)));
        }
    for (int r = 0; r + 1 < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto i = std::uint32_t(r * segments + s),
                       j = std::uint32_t(r * segments + (s + 1) % segments);
            const auto k = i + std::uint32_t(segments), l = j + std::uint32_t(segments);
            m.indices.insert(m.indices.end(), {i, k, j, j, k, l});
        }
    return m;
}

/// A sphere of `radius` with every vertex on it: a latitude-longitude grid.
gltf::TriangleMesh sphereMesh(double radius, int segments, int rings)
{
    std::vector<std::pair<double, double>> profile;
    for (int r = 0; r <= rings; ++r) {
        const double a = -std::numbers::pi / 2 + std::numbers::pi * r / rings;
        profile.emplace_back(radius * std::cos(a), radius * std::sin(a));
    }
    return revolvedMesh(profile, segments);
}

/// A capsule along y: hemispheres of `radius` centred at -h/2 and +h/2.
gltf::TriangleMesh capsuleMesh(double height, double radius, int segments, int rings)
{
    std::vector<std::pair<double, double>> profile;
    for (int r = 0; r <= rings; ++r) {
        const double a = -std::numbers::pi / 2 + std::numbers::pi / 2 * r / rings;
        profile.emplace_back(radius * std::cos(a), -height / 2 + radius * std::sin(a));
    }
    for (int r = 0; r <= rings; ++r) {
        const double a = std::numbers::pi / 2 * r / rings;
        profile.emplace_back(radius * std::cos(a), height / 2 + radius * std::sin(a));
    }
    return revolvedMesh(profile, segments);
}

FitPart part(const ShapeGeometry& shape, const Mat4d& placement = {})
{
    FitPart p;
    p.shape = shape;
    p.toSpace = placement;
    return p;
}

double boxDistance(const Vec3d& p, const Vec3d& lo, const Vec3d& hi)
{
    const Vec3d d{std::max({lo.x - p.x, 0.0, p.x - hi.x}), std::max({lo.y - p.y, 0.0, p.y - hi.y}),
                  std::max({lo.z - p.z, 0.0, p.z - hi.z})};
    return length(d);
}

bool strictlyInside(const Vec3d& p, const Vec3d& lo, const Vec3d& hi)
{
    const double e = 1e-9;
    return p.x > lo.x + e && p.x < hi.x - e && p.y > lo.y + e && p.y < hi.y - e && p.z > lo.z + e &&
           p.z < hi.z - e;
}

/// Distance from p to the L solid (two unit-high boxes), 0 inside.
double lDistance(const Vec3d& p)
{
    return std::min(boxDistance(p, {0, 0, 0}, {2, 1, 1}), boxDistance(p, {0, 0, 0}, {1, 2, 1}));
}

FitMeasurement measured(const gltf::TriangleMesh& mesh, const std::vector<FitPart>& parts, FitOptions o = {})
{
    auto m = measureFit(mesh, Mat4d{}, parts, o);
    if (!m)
        qFatal("measureFit failed: %s", m.diagnostics.empty() ? "?" : m.diagnostics[0].message.c_str());
    return std::move(*m);
}

} // namespace

class TestColliderFit : public QObject
{
    Q_OBJECT

private slots:
    void closestPointMatchesDenseGrid();
    void bvhMatchesBruteForce();
    void mortonBvhAndEarlyStopMatchBruteForce();
    void stridedMeasureKeepsExactMaxima();
    void mortonOrderFollowsTheCurve();
    void sortByKeyEqualsStableSort();
    void mortonOrderEqualsInterleavedBits();
    void floatBoxesFarFromTheOriginMatchBruteForce();
    void indexedTrianglesGiveTheSameHierarchyAndSamples();
    void distancesToMeshInAnyOrder();
    void figuresOfKnownValues();
    void cubeInLargerBox();
    void sphereInLargerSphere();
    void sphereColliderTooSmallPokesOut();
    void capsuleInLargerCapsule();
    void taperedCapsuleDistanceMatchesBallUnion();
    void cylinderDistanceClosedForm();
    void lShapeAgainstItsHull();
    void compoundOfTheLHasNoOverhang();
    void planeOnTopOfCube();
    void scaledPartScalesDistances();
    void sameInputSameFigures();
    void errors();
};

void TestColliderFit::closestPointMatchesDenseGrid()
{
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 40; ++trial) {
        const Vec3d a{u(rng), u(rng), u(rng)}, b{u(rng), u(rng), u(rng)}, c{u(rng), u(rng), u(rng)};
        const Vec3d p{2 * u(rng), 2 * u(rng), 2 * u(rng)};
        const double d = length(closestPointOnTriangle(p, a, b, c) - p);
        double grid = 1e300;
        const int n = 300;
        for (int i = 0; i <= n; ++i)
            for (int j = 0; i + j <= n; ++j)
                grid = std::min(grid, length(a + (b - a) * (double(i) / n) + (c - a) * (double(j) / n) - p));
        QVERIFY2(d <= grid + 1e-12,
                 qPrintable(QString("trial %1: %2 > grid %3").arg(trial).arg(d).arg(grid)));
        QVERIFY2(d >= grid - 0.02,
                 qPrintable(QString("trial %1: %2 << grid %3").arg(trial).arg(d).arg(grid)));
    }
}

void TestColliderFit::bvhMatchesBruteForce()
{
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(-5, 5), small(-0.4, 0.4);
    for (int meshIndex = 0; meshIndex < 4; ++meshIndex) {
        std::vector<Vec3d> corners;
        const int triangles = 50 + 400 * meshIndex;
        for (int t = 0; t < triangles; ++t) {
            const Vec3d centre{u(rng), u(rng), u(rng)};
            for (int k = 0; k < 3; ++k)
                corners.push_back(centre + Vec3d{small(rng), small(rng), small(rng)});
        }
        const MeshBvh bvh(corners);
        QCOMPARE(bvh.triangleCount(), size_t(triangles));
        for (int q = 0; q < 300; ++q) {
            const Vec3d p{2 * u(rng), 2 * u(rng), 2 * u(rng)};
            const double want = bruteForceDistance(corners, p);
            const MeshBvh::Hit hit = bvh.closest(p);
            QVERIFY2(
                std::fabs(hit.distance - want) <= 1e-12 * (1 + want),
                qPrintable(
                    QString("mesh %1 query %2: %3 vs %4").arg(meshIndex).arg(q).arg(hit.distance).arg(want)));
            // The reported triangle is one whose distance is the answer.
            const size_t t = 3 * hit.triangle;
            const double own =
                length(closestPointOnTriangle(p, corners[t], corners[t + 1], corners[t + 2]) - p);
            QVERIFY(std::fabs(own - want) <= 1e-12 * (1 + want));
            // A hint (any triangle, near or far, or the last hit's) changes where the search starts, not
            // the answer.
            const std::uint32_t hints[] = {std::uint32_t(rng() % std::uint64_t(triangles)), hit.leaf,
                                           std::uint32_t(triangles - 1), MeshBvh::kNoLeaf};
            for (const std::uint32_t hint : hints) {
                const MeshBvh::Hit hinted = bvh.closest(p, hint);
                QVERIFY2(std::fabs(hinted.distance - want) <= 1e-12 * (1 + want),
                         qPrintable(QString("mesh %1 query %2 hint %3: %4 vs %5")
                                        .arg(meshIndex)
                                        .arg(q)
                                        .arg(hint)
                                        .arg(hinted.distance)
                                        .arg(want)));
                QVERIFY(hinted.leaf < std::uint32_t(triangles));
            }
        }
    }
}

void TestColliderFit::mortonBvhAndEarlyStopMatchBruteForce()
{
    std::mt19937_64 rng(23);
    std::uniform_real_distribution<double> u(-5, 5), small(-0.4, 0.4);
    std::vector<Vec3d> corners;
    for (int t = 0; t < 1500; ++t) {
        const Vec3d centre{u(rng), u(rng), u(rng)};
        for (int k = 0; k < 3; ++k)
            corners.push_back(centre + Vec3d{small(rng), small(rng), small(rng)});
    }
    const MeshBvh morton(corners, MeshBvh::Split::Morton), median(corners);
    QCOMPARE(morton.triangleCount(), size_t(1500));
    for (int q = 0; q < 300; ++q) {
        const Vec3d p{2 * u(rng), 2 * u(rng), 2 * u(rng)};
        const double want = bruteForceDistance(corners, p);
        QVERIFY(std::fabs(morton.closest(p).distance - want) <= 1e-12 * (1 + want));
        // `enough` below the true distance: exact; above it: a triangle within it, so no nearer than the
        // truth and no farther than `enough`.
        for (const MeshBvh* bvh : {&morton, &median}) {
            QVERIFY(std::fabs(bvh->closest(p, MeshBvh::kNoLeaf, 0.5 * want).distance - want) <=
                    1e-12 * (1 + want));
            const MeshBvh::Hit early = bvh->closest(p, MeshBvh::kNoLeaf, 2 * want + 0.1);
            QVERIFY(early.distance >= want - 1e-12 && early.distance <= 2 * want + 0.1);
            const size_t t = 3 * early.triangle;
            QVERIFY(
                std::fabs(length(closestPointOnTriangle(p, corners[t], corners[t + 1], corners[t + 2]) - p) -
                          early.distance) <= 1e-12 * (1 + want));
        }
    }
}

void TestColliderFit::stridedMeasureKeepsExactMaxima()
{
    // A torus against a coarser, thinner torus as a trimesh: with a stride the maxima are those of brute
    // force over every point, the means and p95s those of every 8th point, and every value a bound.
    const auto mesh = test::torusMesh(2, 0.5);
    const auto coarse = test::torusMesh(2, 0.45, 12, 8);
    FitOptions o;
    o.meshSamples = 3000;
    o.colliderSamples = 3000;
    o.exactStride = 8;
    FitPart p;
    p.shape = ShapeGeometry::trimesh(coarse);
    auto m = FitMeter(mesh, {}, o).measure({p});
    QVERIFY(m);
    const auto meshCorners = triangleCorners(mesh), colliderCorners = triangleCorners(coarse);
    auto check = [](const std::vector<Vec3d>& points, const std::vector<double>& values,
                    const std::vector<Vec3d>& against, const FitFigures& figures) {
        std::vector<double> all, every8th;
        for (size_t i = 0; i < points.size(); ++i) {
            all.push_back(bruteForceDistance(against, points[i]));
            if (i % 8 == 0)
                every8th.push_back(all.back());
            if (!(values[i] >= all.back() - 1e-9))
                return false;
        }
        const FitFigures exact = fitFigures(all), strided = fitFigures(every8th);
        return std::fabs(figures.max - exact.max) <= 1e-9 && std::fabs(figures.mean - strided.mean) <= 1e-9 &&
               std::fabs(figures.p95 - strided.p95) <= 1e-9;
    };
    QVERIFY(m->summary.outside.max > 0.01 && m->summary.overhang.max > 0.01);
    QVERIFY(check(m->meshPoints, m->outside, colliderCorners, m->summary.outside));
    QVERIFY(check(m->colliderPoints, m->overhang, meshCorners, m->summary.overhang));
}

void TestColliderFit::mortonOrderFollowsTheCurve()
{
    // Points along the x axis, shuffled: the curve through them is the axis, so the order sorts them by x.
    std::vector<Vec3d> points;
    for (int i = 0; i < 200; ++i)
        points.push_back({double(i), 0, 0});
    std::mt19937_64 rng(11);
    std::shuffle(points.begin(), points.end(), rng);
    const std::vector<std::uint32_t> order = mortonOrder(points);
    QCOMPARE(order.size(), points.size());
    for (size_t k = 0; k < order.size(); ++k)
        QCOMPARE(points[order[k]].x, double(k));
    // The eight corners of a cube: x is the lowest bit of the curve, then y, then z.
    const std::vector<Vec3d> corners{{1, 1, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 1},
                                     {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}};
    const std::vector<std::uint32_t> cube = mortonOrder(corners);
    QCOMPARE(cube.size(), corners.size());
    for (size_t k = 0; k < cube.size(); ++k) {
        const Vec3d& c = corners[cube[k]];
        QCOMPARE(size_t(c.x) + 2 * size_t(c.y) + 4 * size_t(c.z), k);
    }
    QVERIFY(mortonOrder({}).empty());
}

void TestColliderFit::sortByKeyEqualsStableSort()
{
    // Against std::stable_sort of (key, value) pairs by key: the same keys, and the values of equal keys in
    // their given order. Sizes on both sides of the switch to the radix sort; keys with many ties, keys over
    // all 64 bits, keys that differ only in their top bits or not at all (every pass skipped).
    std::mt19937_64 rng(41);
    auto kinds = std::vector<std::function<std::uint64_t()>>{
        [&] { return rng() % 16; },
        [&] { return rng(); },
        [&] { return (rng() % 8) << 61U; },
        [&] { return std::uint64_t(0x123456789abcdefULL); },
        [&] { return (rng() % 2048) << 22U | (rng() % 3); },
    };
    for (const size_t n : {size_t(0), size_t(1), size_t(2), size_t(255), size_t(256), size_t(257),
                           size_t(3000), size_t(70000)}) {
        for (size_t kind = 0; kind < kinds.size(); ++kind) {
            std::vector<std::uint64_t> keys(n);
            std::vector<std::uint32_t> values(n);
            std::vector<std::pair<std::uint64_t, std::uint32_t>> want(n);
            for (size_t i = 0; i < n; ++i) {
                keys[i] = kinds[kind]();
                values[i] = std::uint32_t(rng());
                want[i].first = keys[i];
                want[i].second = values[i];
            }
            std::stable_sort(want.begin(), want.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
            sortByKey(keys, values);
            QCOMPARE(keys.size(), n);
            QCOMPARE(values.size(), n);
            for (size_t i = 0; i < n; ++i) {
                QVERIFY2(keys[i] == want[i].first && values[i] == want[i].second,
                         qPrintable(QString("n %1 kind %2 at %3").arg(n).arg(kind).arg(i)));
            }
        }
    }
}

void TestColliderFit::mortonOrderEqualsInterleavedBits()
{
    // The order against one made here bit by bit: each coordinate scaled over the points' bounding box to
    // 21 bits, bit b of x, y and z at bits 3b, 3b + 1 and 3b + 2 of the code, codes ascending, ties in input
    // order (every point is here twice).
    std::mt19937_64 rng(53);
    std::uniform_real_distribution<double> u(-3, 5);
    std::vector<Vec3d> points;
    points.reserve(8000);
    for (int i = 0; i < 4000; ++i) {
        const Vec3d p{u(rng), 0.01 * u(rng), 100 * u(rng)};
        points.push_back(p);
    }
    for (int i = 0; i < 4000; ++i)
        points.push_back(points[size_t(rng() % 4000)]);
    Vec3d lo = points[0], hi = points[0];
    for (const Vec3d& p : points) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    auto scaled = [](double v, double from, double to) {
        return std::uint64_t((v - from) / (to - from) * double((1U << 21U) - 1));
    };
    std::vector<std::pair<std::uint64_t, std::uint32_t>> want;
    for (size_t i = 0; i < points.size(); ++i) {
        const std::uint64_t axes[3] = {scaled(points[i].x, lo.x, hi.x), scaled(points[i].y, lo.y, hi.y),
                                       scaled(points[i].z, lo.z, hi.z)};
        std::uint64_t code = 0;
        for (unsigned bit = 0; bit < 21; ++bit)
            for (unsigned axis = 0; axis < 3; ++axis)
                code |= ((axes[axis] >> bit) & 1U) << (3 * bit + axis);
        want.emplace_back(code, std::uint32_t(i));
    }
    std::sort(want.begin(), want.end());
    const std::vector<std::uint32_t> order = mortonOrder(points);
    QCOMPARE(order.size(), want.size());
    for (size_t k = 0; k < order.size(); ++k)
        QCOMPARE(order[k], want[k].second);
}

void TestColliderFit::floatBoxesFarFromTheOriginMatchBruteForce()
{
    // Small triangles packed closely 1e5 from the origin, where a float's step (1/128) is larger than the
    // gaps between them: the hierarchy's float boxes are rounded outwards, so no triangle is skipped and
    // every answer is brute force's to the last bit, for both splits, with and without a hint; an early
    // stop is never below it. (Boxes rounded to the nearest float fail this.)
    std::mt19937_64 rng(43);
    std::uniform_real_distribution<double> u(-0.03, 0.03), small(-0.003, 0.003);
    const Vec3d offset{1e5 + 0.1, -2e5 + 0.3, 7e4 + 0.7};
    std::vector<Vec3d> corners;
    for (int t = 0; t < 2000; ++t) {
        const Vec3d centre = offset + Vec3d{u(rng), u(rng), u(rng)};
        for (int k = 0; k < 3; ++k)
            corners.push_back(centre + Vec3d{small(rng), small(rng), small(rng)});
    }
    const MeshBvh morton(corners, MeshBvh::Split::Morton), median(corners);
    for (int q = 0; q < 400; ++q) {
        // Half the queries next to a triangle (within its own size), half anywhere around.
        const size_t near = 3 * size_t(rng() % 2000);
        const Vec3d p = q % 2 == 0 ? corners[near] + Vec3d{small(rng), small(rng), small(rng)}
                                   : offset + Vec3d{1.5 * u(rng), 1.5 * u(rng), 1.5 * u(rng)};
        const double want = bruteForceDistance(corners, p);
        for (const MeshBvh* bvh : {&morton, &median}) {
            const MeshBvh::Hit hit = bvh->closest(p);
            QVERIFY2(
                hit.distance == want,
                qPrintable(QString("query %1: %2 vs %3").arg(q).arg(hit.distance, 0, 'g', 17).arg(want)));
            QVERIFY(bvh->closest(p, std::uint32_t(rng() % 2000)).distance == want);
            QVERIFY(bvh->closest(p, MeshBvh::kNoLeaf, 2 * want).distance >= want);
        }
    }
}

void TestColliderFit::indexedTrianglesGiveTheSameHierarchyAndSamples()
{
    // A random mesh with shared vertices and some indices out of range: trianglesInRange keeps exactly the
    // triangles whose three indices are in range; the hierarchy over positions and indices holds the same
    // corners in the same leaf order as the one over the corners, answers as brute force does, and the
    // sampler draws the same points from both forms.
    std::mt19937_64 rng(47);
    std::uniform_real_distribution<double> u(-2, 2);
    const size_t vertexCount = 700;
    std::vector<Vec3d> positions;
    for (size_t i = 0; i < vertexCount; ++i) {
        const Vec3d p{u(rng), u(rng), u(rng)};
        positions.push_back(p);
    }
    std::vector<std::uint32_t> indices;
    std::vector<Vec3d> corners;
    size_t dropped = 0;
    for (int t = 0; t < 1200; ++t) {
        const bool bad = t % 97 == 5;
        const std::uint32_t i = std::uint32_t(rng() % vertexCount), j = std::uint32_t(rng() % vertexCount);
        const std::uint32_t k =
            bad ? std::uint32_t(vertexCount + rng() % 3) : std::uint32_t(rng() % vertexCount);
        indices.insert(indices.end(), {i, j, k});
        if (bad)
            ++dropped;
        else
            corners.insert(corners.end(), {positions[i], positions[j], positions[k]});
    }
    indices.push_back(0); // a trailing index that makes no triangle
    const std::vector<std::uint32_t> triangles = trianglesInRange(indices, vertexCount);
    QCOMPARE(triangles.size(), 3 * (1200 - dropped));
    QVERIFY(dropped > 10);
    for (size_t c = 0; c < triangles.size(); ++c)
        QVERIFY(positions[triangles[c]] == corners[c]);
    for (const MeshBvh::Split split : {MeshBvh::Split::Median, MeshBvh::Split::Morton}) {
        const MeshBvh indexed(positions, triangles, split), fromCorners(corners, split);
        QCOMPARE(indexed.triangleCount(), 1200 - dropped);
        QVERIFY(indexed.corners() == fromCorners.corners());
        for (int q = 0; q < 200; ++q) {
            const Vec3d p{1.5 * u(rng), 1.5 * u(rng), 1.5 * u(rng)};
            const MeshBvh::Hit a = indexed.closest(p), b = fromCorners.closest(p);
            QVERIFY(a.distance == bruteForceDistance(corners, p));
            QVERIFY(a.distance == b.distance && a.triangle == b.triangle && a.leaf == b.leaf);
        }
    }
    std::mt19937_64 first(3), second(3);
    std::vector<Vec3d> fromIndices, fromCorners;
    sampleTriangles(positions, triangles, 500, first, fromIndices);
    sampleTriangles(corners, 500, second, fromCorners);
    QCOMPARE(fromIndices.size(), size_t(500));
    QVERIFY(fromIndices == fromCorners);
}

void TestColliderFit::distancesToMeshInAnyOrder()
{
    // Points scattered around a torus in no order: stride 1 gives brute force's distance at every point;
    // stride 8 the same at every 8th point and the same maximum, and never less than the truth elsewhere.
    const auto mesh = test::torusMesh(2, 0.5);
    const auto corners = triangleCorners(mesh);
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-3, 3);
    std::vector<Vec3d> points;
    for (int i = 0; i < 3000; ++i)
        points.push_back({u(rng), u(rng), 0.3 * u(rng)});
    FitOptions o;
    o.meshSamples = 100;
    const FitMeter meter(mesh, {}, o);
    const std::vector<double> exact = meter.distancesToMesh(points),
                              strided = meter.distancesToMesh(points, 8);
    QCOMPARE(exact.size(), points.size());
    QCOMPARE(strided.size(), points.size());
    double bruteMax = 0, stridedMax = 0;
    for (size_t i = 0; i < points.size(); ++i) {
        const double want = bruteForceDistance(corners, points[i]);
        bruteMax = std::max(bruteMax, want);
        stridedMax = std::max(stridedMax, strided[i]);
        QVERIFY2(std::fabs(exact[i] - want) <= 1e-12 * (1 + want), qPrintable(QString::number(i)));
        QVERIFY(strided[i] >= want - 1e-12);
        if (i % 8 == 0)
            QVERIFY(std::fabs(strided[i] - want) <= 1e-12 * (1 + want));
    }
    QVERIFY(bruteMax > 0.5);
    QVERIFY(std::fabs(stridedMax - bruteMax) <= 1e-12 * (1 + bruteMax));
}

void TestColliderFit::figuresOfKnownValues()
{
    std::vector<double> v;
    for (int i = 1; i <= 100; ++i)
        v.push_back(i);
    v.push_back(-5); // inside: counts as 0
    const FitFigures f = fitFigures(v);
    QCOMPARE(f.max, 100.0);
    QCOMPARE(f.mean, 5050.0 / 101.0);
    QCOMPARE(f.p95, 95.0); // nearest rank: the ceil(0.95 * 101) = 96th smallest of 0, 1, ..., 100
    QCOMPARE(fitFigures({}).max, 0.0);
}

void TestColliderFit::cubeInLargerBox()
{
    const auto cube = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
    const FitMeasurement m = measured(cube, {part(ShapeGeometry::box({1.2, 1.2, 1.2}))});
    // Every point of the unit cube's surface is 0.1 inside the box of size 1.2.
    QCOMPARE(m.meshVertices, size_t(8));
    QVERIFY(m.meshPoints.size() > 1000);
    for (double d : m.outside)
        QVERIFY2(std::fabs(d + 0.1) < 1e-12, qPrintable(QString::number(d, 'g', 17)));
    QCOMPARE(m.summary.outside.max, 0.0);
    QCOMPARE(m.summary.outside.mean, 0.0);
    // Each point of the box's surface stands off the cube by its distance to the cube, at least 0.1.
    QVERIFY(m.colliderPoints.size() >= 20000);
    for (size_t i = 0; i < m.colliderPoints.size(); ++i) {
        const double want = boxDistance(m.colliderPoints[i], {-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
        QVERIFY2(std::fabs(m.overhang[i] - want) < 1e-12,
                 qPrintable(QString("%1 vs %2").arg(m.overhang[i]).arg(want)));
        QVERIFY(m.overhang[i] >= 0.1 - 1e-12);
    }
    // The corners are sampled: the largest overhang is the corner's, 0.1 * sqrt(3).
    QVERIFY(std::fabs(m.summary.overhang.max - 0.1 * std::sqrt(3.0)) < 1e-12);
    QVERIFY(m.summary.overhang.mean > 0.1 && m.summary.overhang.mean < 0.1 * std::sqrt(2.0));
    QVERIFY(std::fabs(m.summary.diagonal - std::sqrt(3.0)) < 1e-12);
}

void TestColliderFit::sphereInLargerSphere()
{
    const double r = 1, d = 0.05;
    const int segments = 96, rings = 48;
    const auto mesh = sphereMesh(r, segments, rings);
    const FitMeasurement m = measured(mesh, {part(ShapeGeometry::sphere(r + d))});
    for (size_t i = 0; i < m.meshVertices; ++i)
        QVERIFY(std::fabs(m.outside[i] + d) < 1e-6); // float positions
    QCOMPARE(m.summary.outside.max, 0.0);
    // The mesh lies within its chord sag of the sphere r, so the overhang is d up to that sag.
    const double sag = r * (1 - std::cos(std::numbers::pi / rings)) + 1e-6;
    for (double o : m.overhang)
        QVERIFY2(o >= d - 1e-6 && o <= d + sag, qPrintable(QString::number(o)));
    QVERIFY(std::fabs(m.summary.overhang.mean - d) <= sag);
}

void TestColliderFit::sphereColliderTooSmallPokesOut()
{
    const double r = 1, d = 0.05;
    const auto mesh = sphereMesh(r, 64, 32);
    const FitMeasurement m = measured(mesh, {part(ShapeGeometry::sphere(r - d))});
    for (size_t i = 0; i < m.meshVertices; ++i)
        QVERIFY(std::fabs(m.outside[i] - d) < 1e-6);
    QVERIFY(std::fabs(m.summary.outside.max - d) < 1e-6);
    QVERIFY(m.summary.outside.p95 <= d + 1e-6 && m.summary.outside.p95 > d / 2);
}

void TestColliderFit::capsuleInLargerCapsule()
{
    const double h = 2, r = 0.5, d = 0.1;
    const int segments = 96, rings = 24;
    const auto mesh = capsuleMesh(h, r, segments, rings);
    const FitMeasurement m = measured(mesh, {part(ShapeGeometry::capsule(h, r + d, r + d))});
    for (size_t i = 0; i < m.meshVertices; ++i)
        QVERIFY2(std::fabs(m.outside[i] + d) < 1e-6, qPrintable(QString::number(m.outside[i])));
    QCOMPARE(m.summary.outside.max, 0.0);
    const double sag = r * (1 - std::cos(std::numbers::pi / rings)) + 1e-6;
    for (double o : m.overhang)
        QVERIFY2(o >= d - 1e-6 && o <= d + sag, qPrintable(QString::number(o)));
}

void TestColliderFit::taperedCapsuleDistanceMatchesBallUnion()
{
    // Outside a tapered capsule, the distance to it is the distance to the union of its interpolated balls.
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(-3, 3);
    for (const auto& [h, r0, r1] :
         {std::tuple{2.0, 0.8, 0.3}, std::tuple{1.0, 0.2, 0.6}, std::tuple{0.3, 1.0, 0.2}}) {
        const ShapeGeometry s = ShapeGeometry::capsule(h, r0, r1);
        int outside = 0;
        for (int i = 0; i < 2000; ++i) {
            const Vec3d p{u(rng), u(rng), u(rng)};
            const double want = test::capsuleField(h, r0, r1, p);
            const double got = primitiveSignedDistance(s, p);
            QVERIFY((want > 0) == (got > 0) || std::fabs(want) < 1e-9);
            if (want > 0) {
                ++outside;
                QVERIFY2(std::fabs(got - want) < 1e-7, qPrintable(QString("%1 vs %2").arg(got).arg(want)));
            }
        }
        QVERIFY(outside > 500);
    }
}

void TestColliderFit::cylinderDistanceClosedForm()
{
    const ShapeGeometry c = ShapeGeometry::cylinder(2, 0.5, 0.5);
    QCOMPARE(primitiveSignedDistance(c, {1.5, 0, 0}), 1.0);
    QCOMPARE(primitiveSignedDistance(c, {0, 3, 0}), 2.0);
    QVERIFY(std::fabs(primitiveSignedDistance(c, {1.5, 2, 0}) - std::sqrt(2.0)) < 1e-12);
    QCOMPARE(primitiveSignedDistance(c, {0, 0, 0}), -0.5);
    QCOMPARE(primitiveSignedDistance(c, {0, 0.8, 0}), -0.2);
    // A cone (top radius 0): beside its side at mid height, the distance is along the side's normal.
    const ShapeGeometry cone = ShapeGeometry::cylinder(2, 1, 0);
    const double slant = std::atan2(1.0, 2.0); // the side leans in by atan(r / h)
    QVERIFY(std::fabs(primitiveSignedDistance(cone, {1.5, 0, 0}) - 1.0 * std::cos(slant)) < 1e-12);
    QVERIFY(std::fabs(primitiveSurfaceArea(c) - (2 * std::numbers::pi * 0.25 + 2 * std::numbers::pi)) <
            1e-12);
}

void TestColliderFit::lShapeAgainstItsHull()
{
    const auto l = test::lShapeMesh();
    ConvexHullOptions o;
    o.measureQuality = false;
    auto hull = generateConvexHull(l, o);
    QVERIFY(hull);
    const FitMeasurement m = measured(l, {part(ShapeGeometry::convex(hull->mesh))});
    QVERIFY(m.summary.outside.max < 1e-9);
    for (size_t i = 0; i < m.colliderPoints.size(); ++i) {
        const double want = lDistance(m.colliderPoints[i]);
        QVERIFY2(std::fabs(m.overhang[i] - want) < 1e-9,
                 qPrintable(QString("%1 vs %2").arg(m.overhang[i]).arg(want)));
    }
    // The hull's slanted face from (2,1) to (1,2) stands off the L by at most 0.5, at its middle.
    QVERIFY(m.summary.overhang.max <= 0.5 + 1e-9);
    QVERIFY(m.summary.overhang.max >= 0.45);
}

void TestColliderFit::compoundOfTheLHasNoOverhang()
{
    const auto l = test::lShapeMesh();
    const Mat4d a = fitPlacement({1, 0.5, 0.5}, {}), b = fitPlacement({0.5, 1, 0.5}, {});
    const FitMeasurement m =
        measured(l, {part(ShapeGeometry::box({2, 1, 1}), a), part(ShapeGeometry::box({1, 2, 1}), b)});
    // The union is the L itself: nothing pokes out, and the faces inside the other box are not surface.
    QVERIFY(m.summary.outside.max < 1e-12);
    QVERIFY(m.summary.overhang.max < 1e-12);
    QVERIFY(m.colliderPoints.size() > 10000);
    // The first box's top face over x < 1 lies inside the second box, and the second's face x = 1 below
    // y = 1 inside the first: none of those points is kept.
    for (const Vec3d& p : m.colliderPoints) {
        QVERIFY(!strictlyInside(p, {0, 0, 0}, {2, 1, 1}));
        QVERIFY(!strictlyInside(p, {0, 0, 0}, {1, 2, 1}));
    }
}

void TestColliderFit::planeOnTopOfCube()
{
    const auto cube = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
    FitPart plane;
    plane.plane = FitPlane{};
    plane.toSpace = fitPlacement({0, 0.5, 0}, {});
    const FitMeasurement m = measured(cube, {plane});
    for (size_t i = 0; i < m.meshPoints.size(); ++i)
        QVERIFY(std::fabs(m.outside[i] - (m.meshPoints[i].y - 0.5)) < 1e-12);
    QCOMPARE(m.summary.outside.max, 0.0);
    // The unbounded plane is sampled over the cube's footprint, which is the cube's top face.
    QVERIFY(m.summary.overhang.max < 1e-12);
}

void TestColliderFit::scaledPartScalesDistances()
{
    const auto cube = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
    Trs trs;
    trs.scale = {2, 2, 2};
    const FitMeasurement m = measured(cube, {part(ShapeGeometry::sphere(1), toMatrix(trs))});
    for (size_t i = 0; i < m.meshVertices; ++i)
        QVERIFY(std::fabs(m.outside[i] - (std::sqrt(0.75) - 2)) < 1e-12);
    QVERIFY(!m.summary.approximate);
    for (size_t i = 0; i < m.colliderPoints.size(); ++i)
        QVERIFY(std::fabs(length(m.colliderPoints[i]) - 2) < 1e-12);
    trs.scale = {1, 2, 1};
    QVERIFY(measured(cube, {part(ShapeGeometry::sphere(1), toMatrix(trs))}).summary.approximate);
}

void TestColliderFit::sameInputSameFigures()
{
    const auto l = test::lShapeMesh();
    const std::vector<FitPart> parts{
        part(ShapeGeometry::box({2.2, 2.2, 1.2}), fitPlacement({1, 1, 0.5}, {}))};
    const FitSummary a = measured(l, parts).summary, b = measured(l, parts).summary;
    QCOMPARE(a.overhang.mean, b.overhang.mean);
    QCOMPARE(a.overhang.p95, b.overhang.p95);
    QCOMPARE(a.outside.max, b.outside.max);
}

void TestColliderFit::errors()
{
    gltf::TriangleMesh empty;
    auto r = measureFit(empty, Mat4d{}, {part(ShapeGeometry::sphere(1))});
    QVERIFY(!r);
    QVERIFY(findDiagnostic(r.diagnostics, "FIT_NO_TRIANGLES"));
    auto none = measureFit(test::lShapeMesh(), Mat4d{}, {});
    QVERIFY(!none);
    QVERIFY(findDiagnostic(none.diagnostics, "FIT_NO_COLLIDER"));
}

QTEST_GUILESS_MAIN(TestColliderFit)
#include "TestColliderFit.moc"
