// The filled surfaces of the primitives: every vertex on the shape's surface (checked against each shape's
// definition, written here), closed and wound outward where the surface is welded (surfaces of revolution),
// and convex and trimesh shapes drawn with their own triangles.
#include "GeometryTestUtil.h"
#include "geometry/Shape.h"
#include "geometry/ShapeTessellation.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace cs;
using geometry::ShapeGeometry;
using geometry::Vec3d;

namespace {

double radial(const QVector3D& p)
{
    return std::hypot(double(p.x()), double(p.z()));
}

} // namespace

class TestShapeTessellation : public QObject
{
    Q_OBJECT

private slots:
    void boxVerticesOnItsFaces()
    {
        const auto mesh = geometry::tessellateShape(ShapeGeometry::box({2, 1, 0.5}), 32);
        // Six faces of 8 x 8 cells (32 / 4), two triangles each.
        QCOMPARE(mesh.triangleCount(), size_t(6 * 8 * 8 * 2));
        for (const QVector3D& p : mesh.positions) {
            // On the surface: the largest coordinate relative to its half extent is 1.
            const double m =
                std::max({std::fabs(p.x()) / 1.0, std::fabs(p.y()) / 0.5, std::fabs(p.z()) / 0.25});
            QVERIFY2(std::fabs(m - 1) < 1e-6, qPrintable(QString::number(m)));
        }
        // Outward: each triangle's normal points away from the centre.
        for (size_t t = 0; t < mesh.indices.size(); t += 3) {
            const QVector3D a = mesh.positions[mesh.indices[t]], b = mesh.positions[mesh.indices[t + 1]],
                            c = mesh.positions[mesh.indices[t + 2]];
            QVERIFY(QVector3D::dotProduct(QVector3D::crossProduct(b - a, c - a), a + b + c) > 0);
        }
    }

    void sphereOnItsRadius()
    {
        const auto mesh = geometry::tessellateShape(ShapeGeometry::sphere(0.7), 24);
        QVERIFY(mesh.triangleCount() > 100);
        for (const QVector3D& p : mesh.positions)
            QVERIFY(std::fabs(double(p.length()) - 0.7) < 1e-6);
        QVERIFY(test::isClosedManifold(mesh));
        QVERIFY(test::isConvexOutward(mesh, 1e-5));
    }

    void taperedCapsuleOnItsSurface()
    {
        const auto mesh = geometry::tessellateShape(ShapeGeometry::capsule(1.0, 0.5, 0.2), 32);
        QVERIFY(mesh.triangleCount() > 100);
        for (const QVector3D& p : mesh.positions) {
            const double f = test::capsuleField(1.0, 0.5, 0.2, Vec3d(p));
            QVERIFY2(std::fabs(f) < 1e-5, qPrintable(QString::number(f)));
        }
        // The poles: the bottom ball (centre -0.5, radius 0.5) reaches -1, the top one (0.5, 0.2) 0.7.
        const auto [lo, hi] =
            std::minmax_element(mesh.positions.begin(), mesh.positions.end(),
                                [](const QVector3D& a, const QVector3D& b) { return a.y() < b.y(); });
        QVERIFY(std::fabs(double(lo->y()) + 1.0) < 1e-6);
        QVERIFY(std::fabs(double(hi->y()) - 0.7) < 1e-6);
        QVERIFY(test::isClosedManifold(mesh));
        QVERIFY(test::isConvexOutward(mesh, 1e-5));
    }

    void taperedCylinderOnItsSurface()
    {
        const auto mesh = geometry::tessellateShape(ShapeGeometry::cylinder(2.0, 0.6, 0.3), 32);
        for (const QVector3D& p : mesh.positions) {
            const double y = p.y(), r = radial(p);
            // On an end (y = +-1 within its radius) or on the side (radius 0.6 at y = -1 to 0.3 at y = 1).
            const bool bottom = std::fabs(y + 1) < 1e-6 && r <= 0.6 + 1e-6;
            const bool top = std::fabs(y - 1) < 1e-6 && r <= 0.3 + 1e-6;
            const bool side = std::fabs(r - (0.6 + (0.3 - 0.6) * (y + 1) / 2)) < 1e-6;
            QVERIFY(bottom || top || side);
        }
        QVERIFY(test::isClosedManifold(mesh));
        QVERIFY(test::isConvexOutward(mesh, 1e-5));
    }

    void convexAndTrimesh()
    {
        const gltf::TriangleMesh box = test::boxMesh({-1, -1, -1}, {1, 1, 1});
        // The hull of a box's corners: its 12 triangles.
        QCOMPARE(geometry::tessellateShape(ShapeGeometry::convex(box)).triangleCount(), size_t(12));
        const auto trimesh = geometry::tessellateShape(ShapeGeometry::trimesh(box));
        QCOMPARE(trimesh.indices, box.indices);
        QCOMPARE(trimesh.positions, box.positions);
    }
};

QTEST_GUILESS_MAIN(TestShapeTessellation)
#include "TestShapeTessellation.moc"
