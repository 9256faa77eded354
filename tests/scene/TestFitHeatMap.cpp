// The fit heat map's bands and surfaces. A unit cube inside a box of 1.2: every mesh vertex is 0.1 inside,
// and a point p of the box's surface stands off the cube by |max(|p| - 0.5, 0)| (per axis), so the colour of
// every vertex is known in closed form. A cube stretched out of the box pokes out by a known amount.
#include "GeometryTestUtil.h"
#include "geometry/ColliderFit.h"
#include "scene/FitHeatMap.h"

#include <QtTest>
#include <cmath>

using namespace cs;

namespace {

geometry::FitOptions fewSamples()
{
    geometry::FitOptions o;
    o.meshSamples = 500;
    o.colliderSamples = 500;
    return o;
}

std::vector<geometry::FitPart> boxCollider(double size)
{
    geometry::FitPart part;
    part.shape = geometry::ShapeGeometry::box({size, size, size});
    return {part};
}

/// The distance from p to the cube [-0.5, 0.5]^3, for p outside it.
double offCube(const QVector3D& p)
{
    double sum = 0;
    for (int i = 0; i < 3; ++i) {
        const double d = std::max(0.0, std::fabs(double(p[i])) - 0.5);
        sum += d * d;
    }
    return std::sqrt(sum);
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

    void cubeInBoxSurfaces()
    {
        const gltf::TriangleMesh cube = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
        const auto parts = boxCollider(1.2);
        const geometry::FitMeter meter(cube, {}, fewSamples());
        const auto m = *meter.measure(parts);
        // Tolerance 0.04: the mesh (inside) is green; every collider vertex stands off 0.1 or more, beyond
        // twice the tolerance: red.
        const auto tight = scene::fitHeatSurfaces(cube, parts, meter, m, 0.04);
        QCOMPARE(tight.mesh.triangleCount(), size_t(12));
        QCOMPARE(tight.mesh.colours.size(), size_t(36));
        for (size_t i = 0; i < 36; ++i) {
            QVERIFY(std::fabs(tight.mesh.distances[i] + 0.1) < 1e-9);
            QCOMPARE(tight.mesh.colours[i], QColor(40, 200, 80));
            QCOMPARE(std::fabs(tight.mesh.corners[i].x()), 0.5f);
        }
        QVERIFY(tight.collider.triangleCount() > 12);
        for (size_t i = 0; i < tight.collider.corners.size(); ++i) {
            QVERIFY(std::fabs(tight.collider.distances[i] - offCube(tight.collider.corners[i])) < 1e-6);
            QCOMPARE(tight.collider.colours[i], QColor(225, 35, 35));
        }
        // Tolerance 0.11: the vertices inside a face's middle (0.1 off) are green, the box's corners
        // (0.1 * sqrt(3) = 0.173 off: (0.173 - 0.11) / 0.11 * 4 = 2.3) in band 3, the edges' middles
        // (0.1 * sqrt(2) = 0.141: 1.1) in band 2.
        const auto loose = scene::fitHeatSurfaces(cube, parts, meter, m, 0.11);
        size_t green = 0, corners = 0;
        for (size_t i = 0; i < loose.collider.corners.size(); ++i) {
            const QVector3D p = loose.collider.corners[i];
            const double off = offCube(p);
            if (std::fabs(off - 0.1) < 1e-6) {
                ++green;
                QCOMPARE(loose.collider.colours[i], scene::heatColour(0));
            } else if (std::fabs(off - 0.1 * std::sqrt(3.0)) < 1e-6) {
                ++corners;
                QCOMPARE(loose.collider.colours[i], scene::heatColour(3));
            } else if (std::fabs(off - 0.1 * std::sqrt(2.0)) < 1e-6) {
                QCOMPARE(loose.collider.colours[i], scene::heatColour(2));
            }
        }
        QVERIFY(green > 0);
        QVERIFY(corners > 0);
        // Face normals point out of the box: along the axis of the face, away from the centre.
        for (size_t i = 0; i < loose.collider.corners.size(); i += 3) {
            const QVector3D c =
                (loose.collider.corners[i] + loose.collider.corners[i + 1] + loose.collider.corners[i + 2]) /
                3;
            QVERIFY(QVector3D::dotProduct(loose.collider.normals[i], c) > 0);
        }
        // The wireframe: the box's 12 edges.
        QCOMPARE(loose.colliderLines.size(), size_t(24));
    }

    void meshPokingOutIsRed()
    {
        // The cube stretched to x = 0.8: its four vertices there poke out of the box (half 0.6) by 0.2, the
        // four at x = -0.5 are 0.1 inside.
        const gltf::TriangleMesh mesh = test::boxMesh({-0.5, -0.5, -0.5}, {0.8, 0.5, 0.5});
        const auto parts = boxCollider(1.2);
        const geometry::FitMeter meter(mesh, {}, fewSamples());
        const auto s = scene::fitHeatSurfaces(mesh, parts, meter, *meter.measure(parts), 0.05);
        QCOMPARE(s.mesh.colours.size(), size_t(36));
        size_t out = 0;
        for (size_t i = 0; i < s.mesh.corners.size(); ++i) {
            if (s.mesh.corners[i].x() > 0.7f) {
                ++out;
                QVERIFY(std::fabs(s.mesh.distances[i] - 0.2) < 1e-6);
                QCOMPARE(s.mesh.colours[i], QColor(225, 35, 35));
            } else {
                QVERIFY(std::fabs(s.mesh.distances[i] + 0.1) < 1e-6);
                QCOMPARE(s.mesh.colours[i], QColor(40, 200, 80));
            }
        }
        // The stretched face (two triangles, six corners) and three corners of each side face (two at
        // x = 0.8, one of them on the diagonal, which both triangles share).
        QCOMPARE(out, size_t(6 + 4 * 3));
    }

    void placedInWorld()
    {
        // Mesh and collider both moved by (10, 0, 0): the same distances, at the moved places.
        const gltf::TriangleMesh cube = test::boxMesh({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5});
        geometry::Mat4d move;
        move(0, 3) = 10;
        auto parts = boxCollider(1.2);
        parts[0].toSpace = move;
        const geometry::FitMeter meter(cube, move, fewSamples());
        const auto s = scene::fitHeatSurfaces(cube, parts, meter, *meter.measure(parts), 0.04);
        for (size_t i = 0; i < s.mesh.corners.size(); ++i)
            QVERIFY(std::fabs(s.mesh.corners[i].x() - 10) <= 0.5f + 1e-5f);
        for (size_t i = 0; i < s.collider.corners.size(); ++i) {
            const QVector3D local = s.collider.corners[i] - QVector3D(10, 0, 0);
            QVERIFY(std::fabs(s.collider.distances[i] - offCube(local)) < 1e-5);
        }
    }
};

QTEST_GUILESS_MAIN(TestFitHeatMap)
#include "TestFitHeatMap.moc"
