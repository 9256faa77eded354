// The fit heat map's bands and lines: a unit cube inside a box of 1.2 (every mesh point 0.1 inside, every
// collider point between 0.1 and 0.1 * sqrt(3) off), so the band of every line is known in closed form.
#include "GeometryTestUtil.h"
#include "geometry/ColliderFit.h"
#include "scene/FitHeatMap.h"

#include <QtTest>
#include <cmath>

using namespace cs;

namespace {

geometry::FitMeasurement cubeInBox()
{
    geometry::FitPart part;
    part.shape = geometry::ShapeGeometry::box({1.2, 1.2, 1.2});
    geometry::FitOptions o;
    o.meshSamples = 500;
    o.colliderSamples = 500;
    return *geometry::measureFit(test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}), {}, {part}, o);
}

size_t total(const scene::HeatMapLines& lines)
{
    size_t n = 0;
    for (const auto& band : lines.bands)
        n += band.size();
    return n;
}

} // namespace

class TestFitHeatMap : public QObject
{
    Q_OBJECT

private slots:
    void bands()
    {
        QCOMPARE(scene::heatBand(-1, 0.1), 0);
        QCOMPARE(scene::heatBand(0.1, 0.1), 0);
        QCOMPARE(scene::heatBand(0.101, 0.1), 1);
        QCOMPARE(scene::heatBand(0.13, 0.1), 2);
        QCOMPARE(scene::heatBand(0.199, 0.1), 4);
        QCOMPARE(scene::heatBand(0.2, 0.1), 5);
        QCOMPARE(scene::heatRange(0, 0.1), (std::pair<double, double>{0, 0.1}));
        QCOMPARE(scene::heatRange(2, 0.1).first, 0.125);
        QVERIFY(std::isinf(scene::heatRange(5, 0.1).second));
        QVERIFY(scene::heatColour(0).green() > scene::heatColour(0).red());
        QVERIFY(scene::heatColour(5).red() > scene::heatColour(5).green());
    }

    void cubeLinesByBand()
    {
        const auto m = cubeInBox();
        // Tolerance 0.04: the mesh (inside) is green, every collider point (0.1 off or more) red.
        const auto tight = scene::fitHeatMap(test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}), m, 0.04);
        // 18 edges of the cube's 12 triangles (each drawn once), two points each.
        QCOMPARE(tight.bands[0].size(), size_t(36));
        QCOMPARE(tight.bands[5].size(), 6 * m.colliderPoints.size());
        QCOMPARE(total(tight), size_t(36) + 6 * m.colliderPoints.size());
        // Tolerance 0.2: everything within it.
        const auto loose = scene::fitHeatMap(test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}), m, 0.2);
        QCOMPARE(loose.bands[0].size(), total(loose));
        // Mesh edges join cube corners.
        for (size_t i = 0; i < 36; ++i)
            QCOMPARE(std::fabs(tight.bands[0][i].x()), 0.5f);
    }
};

QTEST_GUILESS_MAIN(TestFitHeatMap)
#include "TestFitHeatMap.moc"
