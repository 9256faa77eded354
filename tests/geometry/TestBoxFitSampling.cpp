// A box collider's overhang figures sampled by the accuracy asked (FitOptions::boxAccuracy, issue 52): the
// grid agrees with dense random sampling and with figures computed here from the geometry within the bound it
// states, and that bound follows from the accuracy, the box's size and the cap on points. Expected values
// come from closed forms or from quadrature written here, never from the code under test.
#include "GeometryTestUtil.h"
#include "geometry/ColliderFit.h"
#include "geometry/ShapeSurface.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::geometry;

namespace {

constexpr double kAccuracy = 0.05; ///< as import::ColliderOptions::fitAccuracy

/// A sphere of `radius` with every vertex on it: a latitude-longitude grid.
gltf::TriangleMesh sphereMesh(double radius, int segments, int rings)
{
    gltf::TriangleMesh m;
    for (int r = 0; r <= rings; ++r) {
        const double polar = std::numbers::pi * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double a = 2 * std::numbers::pi * s / segments;
            m.positions.emplace_back(float(radius * std::sin(polar) * std::cos(a)),
                                     float(radius * std::cos(polar)),
                                     float(radius * std::sin(polar) * std::sin(a)));
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto i = std::uint32_t(r * segments + s),
                       j = std::uint32_t(r * segments + (s + 1) % segments);
            const auto k = i + std::uint32_t(segments), l = j + std::uint32_t(segments);
            m.indices.insert(m.indices.end(), {i, j, k, j, l, k});
        }
    return m;
}

FitPart boxPart(const Vec3d& size, const Mat4d& place = {})
{
    FitPart p;
    p.shape = ShapeGeometry::box(size);
    p.toSpace = place;
    return p;
}

FitMeasurement measuredOn(const gltf::TriangleMesh& mesh, const FitPart& part, const FitOptions& o)
{
    auto m = measureFit(mesh, {}, {part}, o);
    if (!m)
        qFatal("the fit was not measured");
    return std::move(*m);
}

FitOptions gridOptions()
{
    FitOptions o;
    o.meshSamples = 2000;
    o.colliderSamples = 5000;
    o.boxAccuracy = kAccuracy;
    return o;
}

/// Many random points: the reference the grid is checked against (its own sampling error is far below the
/// grid's bound).
FitOptions denseOptions()
{
    FitOptions o;
    o.meshSamples = 2000;
    o.colliderSamples = 400000;
    return o;
}

/// Figures of a box of side 2 centred on the unit cube, from its definition: on each face (the same six
/// times) the overhang at (y, z) is sqrt(0.25 + a(y)^2 + a(z)^2) with a(t) = max(|t| - 0.5, 0); the mean
/// and p95 by midpoint quadrature over the face.
FitFigures cubeInLargeBox()
{
    const int n = 1200;
    std::vector<double> values;
    values.reserve(size_t(n) * size_t(n));
    double sum = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double y = -1 + 2 * (i + 0.5) / n, z = -1 + 2 * (j + 0.5) / n;
            const double a = std::max(std::fabs(y) - 0.5, 0.0), b = std::max(std::fabs(z) - 0.5, 0.0);
            values.push_back(std::sqrt(0.25 + a * a + b * b));
            sum += values.back();
        }
    FitFigures f;
    f.max = std::sqrt(0.75); // a corner: 0.5 off along each axis
    f.mean = sum / double(values.size());
    const auto rank = values.begin() + std::ptrdiff_t(std::ceil(0.95 * double(values.size()))) - 1;
    std::nth_element(values.begin(), rank, values.end());
    f.p95 = *rank;
    return f;
}

void checkWithin(const FitFigures& got, const FitFigures& want, double bound, const char* what)
{
    const std::string text = std::string(what) + ": max " + std::to_string(got.max) + " / " +
                             std::to_string(want.max) + ", mean " + std::to_string(got.mean) + " / " +
                             std::to_string(want.mean) + ", p95 " + std::to_string(got.p95) + " / " +
                             std::to_string(want.p95) + ", bound " + std::to_string(bound);
    qInfo("%s", text.c_str());
    QVERIFY2(std::fabs(got.max - want.max) <= bound, text.c_str());
    QVERIFY2(std::fabs(got.mean - want.mean) <= bound, text.c_str());
    QVERIFY2(std::fabs(got.p95 - want.p95) <= bound, text.c_str());
}

} // namespace

class TestBoxFitSampling : public QObject
{
    Q_OBJECT

private slots:
    // The bounding box of a unit sphere: the grid's figures against 400,000 random points, within the
    // bound the grid states (each of the reference's own figures is far closer to the exact one).
    void boxOnSphereAgreesWithDense()
    {
        const auto mesh = sphereMesh(1.0, 96, 48);
        const FitPart box = boxPart({2, 2, 2});
        const FitMeasurement grid = measuredOn(mesh, box, gridOptions());
        const FitMeasurement dense = measuredOn(mesh, box, denseOptions());
        const double diagonal = grid.summary.diagonal;
        QVERIFY(grid.overhangBound > 0);
        QVERIFY(grid.overhangBound <= kAccuracy * diagonal * (1 + 1e-9));
        QVERIFY(grid.colliderPoints.size() < 5000);
        checkWithin(grid.summary.overhang, dense.summary.overhang, grid.overhangBound, "box on sphere");
        // The corners stand off sqrt(3) - 1 from the sphere (a little more from its chords): sampled
        // exactly, they give the maximum.
        QVERIFY(grid.summary.overhang.max >= std::sqrt(3.0) - 1 - 1e-6);
        QVERIFY(grid.summary.overhang.max <= std::sqrt(3.0) - 1 + 0.01);
        // The mesh side is not sampled differently.
        QCOMPARE(grid.summary.outside.max, dense.summary.outside.max);
    }

    // A box that is exactly the mesh: every figure 0, whatever the sampling.
    void boxOnBoxMeshIsZero()
    {
        const auto mesh = test::boxMesh({-0.5, -1, -0.25}, {0.5, 1, 0.25});
        const FitMeasurement grid = measuredOn(mesh, boxPart({1, 2, 0.5}), gridOptions());
        QVERIFY(grid.overhangBound > 0);
        QVERIFY(grid.summary.overhang.max <= 1e-9);
        QVERIFY(grid.summary.overhang.mean <= 1e-9);
        QVERIFY(grid.summary.overhang.p95 <= 1e-9);
        QVERIFY(grid.summary.outside.max <= 1e-9);
    }

    // A box of side 2 around the unit cube: figures known from the geometry, met by the grid within its
    // bound and by dense sampling closely (which checks the quadrature too).
    void badBoxMatchesClosedForm()
    {
        const FitFigures exact = cubeInLargeBox();
        const auto mesh = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
        const FitMeasurement grid = measuredOn(mesh, boxPart({2, 2, 2}), gridOptions());
        checkWithin(grid.summary.overhang, exact, grid.overhangBound, "bad box, grid");
        FitOptions fine = gridOptions();
        fine.boxAccuracy = 0.015;
        fine.colliderSamples = 100000;
        const FitMeasurement fineGrid = measuredOn(mesh, boxPart({2, 2, 2}), fine);
        QVERIFY(fineGrid.overhangBound <= 0.015 * std::sqrt(3.0) * (1 + 1e-9));
        checkWithin(fineGrid.summary.overhang, exact, fineGrid.overhangBound, "bad box, finer grid");
        const FitMeasurement dense = measuredOn(mesh, boxPart({2, 2, 2}), denseOptions());
        checkWithin(dense.summary.overhang, exact, 0.005, "bad box, dense");
    }

    // The points follow the accuracy and the box's size: a finer accuracy gives more points and a tighter
    // bound, up to the cap, past which the grid coarsens and says so; a small box keeps its floor of cells.
    void pointsFollowTheAccuracy()
    {
        const auto mesh = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
        const double diagonal = std::sqrt(3.0);
        FitOptions o = gridOptions();
        o.colliderSamples = 100000;
        size_t before = 0;
        for (const double accuracy : {0.1, 0.05, 0.025}) {
            o.boxAccuracy = accuracy;
            const FitMeasurement m = measuredOn(mesh, boxPart({2, 2, 2}), o);
            QVERIFY(m.overhangBound <= accuracy * diagonal * (1 + 1e-9));
            // Square faces of side 2 with cells of side at most h = accuracy * diagonal * sqrt(2): every
            // point of a cell is within h / sqrt(2) (half its diagonal) of its centre.
            const double h = accuracy * diagonal * std::sqrt(2.0);
            const size_t perEdge = size_t(std::ceil(2 / h - 1e-9));
            QCOMPARE(m.colliderPoints.size(), 6 * perEdge * perEdge + 8);
            QVERIFY(m.colliderPoints.size() > before);
            before = m.colliderPoints.size();
        }
        o.colliderSamples = 5000;
        o.boxAccuracy = 0.001;
        const FitMeasurement capped = measuredOn(mesh, boxPart({2, 2, 2}), o);
        QVERIFY(capped.colliderPoints.size() <= o.colliderSamples + 8);
        QVERIFY(capped.overhangBound > 0.001 * diagonal);
        checkWithin(capped.summary.overhang, cubeInLargeBox(), capped.overhangBound, "capped");
        o.boxAccuracy = 0.5;
        const FitMeasurement small = measuredOn(mesh, boxPart({0.2, 0.2, 0.2}), o);
        QVERIFY(small.colliderPoints.size() >= kMinBoxCells + 8);
    }

    // Weighted figures: equal weights are the plain figures; a weight of 0 counts for the maximum only.
    void weightedFigures()
    {
        const std::vector<double> values{0.3, -0.1, 0.9, 0.2, 0.5, 0.1, 0.7, 0.4, 0.6, 0.8};
        const FitFigures plain = fitFigures(values);
        const FitFigures equal = fitFigures(values, std::vector<double>(values.size(), 2.5));
        QCOMPARE(equal.max, plain.max);
        QVERIFY(std::fabs(equal.mean - plain.mean) < 1e-12);
        QCOMPARE(equal.p95, plain.p95);
        const FitFigures zeroMax = fitFigures({0.1, 0.2, 5.0}, {1, 1, 0});
        QCOMPARE(zeroMax.max, 5.0);
        QVERIFY(std::fabs(zeroMax.mean - 0.15) < 1e-12);
        QCOMPARE(zeroMax.p95, 0.2);
        // 0.1 carries 96 % of the weight: it is the p95.
        QCOMPARE(fitFigures({0.1, 0.2}, {96, 4}).p95, 0.1);
    }
};

QTEST_GUILESS_MAIN(TestBoxFitSampling)
#include "TestBoxFitSampling.moc"
