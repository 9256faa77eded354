// FitMeter::summary gives the figures measure() gives, and leaves the mesh's samples undrawn only where they
// cannot count: a convex collider that holds every vertex holds every point of the triangles (issue 52).
#include "ConcaveMeshes.h"
#include "GeometryTestUtil.h"
#include "geometry/ColliderFit.h"

#include <QtTest>

using namespace cs;
using namespace cs::geometry;

namespace {

FitPart placed(ShapeGeometry shape, const Vec3d& at)
{
    FitPart p;
    p.shape = std::move(shape);
    p.toSpace = fitPlacement(at, {});
    return p;
}

void checkSame(const FitSummary& a, const FitSummary& b)
{
    for (const auto& [x, y] : {std::pair{a.outside, b.outside}, std::pair{a.overhang, b.overhang}}) {
        QCOMPARE(x.max, y.max);
        QCOMPARE(x.mean, y.mean);
        QCOMPARE(x.p95, y.p95);
    }
    QCOMPARE(a.diagonal, b.diagonal);
    QCOMPARE(a.approximate, b.approximate);
}

} // namespace

class TestFitMeterSummary : public QObject
{
    Q_OBJECT

private slots:
    void summaryIsTheMeasurementsSummary()
    {
        const auto l = test::lShapeMesh();
        FitOptions o;
        o.meshSamples = 3000;
        o.colliderSamples = 3000;
        o.boxAccuracy = 0.05;
        const FitMeter meter(l, {}, o);
        // Holding every vertex (the L's bounding box and a larger one), poking out (a smaller box, a sphere),
        // and a compound of two boxes (not convex: sampled).
        const std::vector<std::vector<FitPart>> colliders{
            {placed(ShapeGeometry::box({2, 2, 1}), {1, 1, 0.5})},
            {placed(ShapeGeometry::box({2.4, 2.4, 1.4}), {1, 1, 0.5})},
            {placed(ShapeGeometry::box({1.6, 1.6, 0.8}), {1, 1, 0.5})},
            {placed(ShapeGeometry::sphere(1.2), {1, 1, 0.5})},
            {placed(ShapeGeometry::box({2, 1, 1}), {1, 0.5, 0.5}),
             placed(ShapeGeometry::box({1, 2, 1}), {0.5, 1, 0.5})}};
        for (const auto& parts : colliders) {
            const auto measured = meter.measure(parts);
            const auto summary = meter.summary(parts);
            QVERIFY(measured.value.has_value() && summary.value.has_value());
            checkSame(*summary, measured->summary);
            // measure() keeps every sampled point (the heat map colours them).
            QCOMPARE(measured->meshPoints.size(), l.positions.size() + o.meshSamples);
        }
        // The smaller box leaves the L's corners out: figures above 0, which the samples feed.
        QVERIFY(meter.summary(colliders[2])->outside.max > 0.1);
        QCOMPARE(meter.summary(colliders[0])->outside.max, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestFitMeterSummary)
#include "TestFitMeterSummary.moc"
