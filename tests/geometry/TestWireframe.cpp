// Wireframes: segment counts from the definitions, every point on the shape's surface (checked with distance
// functions written here), convex hull edges without flat-face diagonals, unique trimesh edges.
#include "GeometryTestUtil.h"
#include "geometry/Wireframe.h"

#include <QTest>
#include <cmath>
#include <numbers>
#include <set>

using namespace cs;
using namespace cs::geometry;

namespace {

std::set<std::pair<std::tuple<float, float, float>, std::tuple<float, float, float>>>
edgeSet(const std::vector<QVector3D>& lines)
{
    std::set<std::pair<std::tuple<float, float, float>, std::tuple<float, float, float>>> out;
    for (size_t i = 0; i + 1 < lines.size(); i += 2) {
        auto a = std::make_tuple(lines[i].x(), lines[i].y(), lines[i].z());
        auto b = std::make_tuple(lines[i + 1].x(), lines[i + 1].y(), lines[i + 1].z());
        out.insert(a < b ? std::make_pair(a, b) : std::make_pair(b, a));
    }
    return out;
}

double worst(const std::vector<QVector3D>& lines, const std::function<double(const Vec3d&)>& distance)
{
    double w = 0;
    for (const QVector3D& p : lines)
        w = std::max(w, std::fabs(distance(Vec3d(p))));
    return w;
}

} // namespace

class TestWireframe : public QObject
{
    Q_OBJECT

private slots:
    void box()
    {
        const auto lines = shapeWireframe(ShapeGeometry::box({2, 4, 6}));
        QCOMPARE(lines.size(), size_t(24));
        QCOMPARE(edgeSet(lines).size(), size_t(12));
        double total = 0;
        for (size_t i = 0; i < lines.size(); i += 2) {
            total += (lines[i + 1] - lines[i]).length();
            for (int k = 0; k < 3; ++k)
                QVERIFY(std::fabs(std::fabs(lines[i][k]) - (k + 1)) < 1e-6);
        }
        QVERIFY(std::fabs(total - 4 * (2 + 4 + 6)) < 1e-4);
    }

    void sphere()
    {
        const auto lines = shapeWireframe(ShapeGeometry::sphere(1.5), 24);
        QCOMPARE(lines.size(), size_t(3 * 24 * 2));
        QVERIFY(worst(lines, [](const Vec3d& p) { return length(p) - 1.5; }) < 1e-6);
        // Each circle lies in a coordinate plane: every point has one coordinate zero.
        for (const QVector3D& p : lines)
            QVERIFY(std::min({std::fabs(p.x()), std::fabs(p.y()), std::fabs(p.z())}) < 1e-6);
        QCOMPARE(shapeWireframe(ShapeGeometry::sphere(1), 2).size(), size_t(3 * 8 * 2)); // clamped to 8
    }

    void capsules()
    {
        for (const auto& [h, r0, r1] : {std::tuple{2.0, 0.5, 0.5}, std::tuple{1.0, 0.6, 0.2},
                                        std::tuple{1.0, 0.1, 0.4}, std::tuple{0.2, 1.0, 0.3}}) {
            const auto lines = shapeWireframe(ShapeGeometry::capsule(h, r0, r1), 32);
            QVERIFY(lines.size() > 16 && lines.size() % 2 == 0);
            QVERIFY2(worst(lines, [&](const Vec3d& p) { return test::capsuleField(h, r0, r1, p); }) < 1e-5,
                     qPrintable(QString("%1 %2 %3").arg(h).arg(r0).arg(r1)));
            // The outline reaches both poles.
            double top = -HUGE_VAL, bottom = HUGE_VAL;
            for (const QVector3D& p : lines) {
                top = std::max(top, double(p.y()));
                bottom = std::min(bottom, double(p.y()));
            }
            const double wantTop = std::max(h / 2 + r1, -h / 2 + r0),
                         wantBottom = std::min(-h / 2 - r0, h / 2 - r1);
            // Within an arc segment's sagitta of the poles (32 segments a circle).
            const double sagitta = std::max(r0, r1) * (1 - std::cos(std::numbers::pi / 32));
            QVERIFY(top <= wantTop + 1e-6 && top >= wantTop - sagitta);
            QVERIFY(bottom >= wantBottom - 1e-6 && bottom <= wantBottom + sagitta);
        }
    }

    void cylinders()
    {
        const double h = 3, rb = 0.8, rt = 0.3;
        const auto lines = shapeWireframe(ShapeGeometry::cylinder(h, rb, rt), 16);
        QCOMPARE(lines.size(), size_t((16 + 16 + 4) * 2));
        // On the frustum's side or an end disc's rim.
        QVERIFY(worst(lines, [&](const Vec3d& p) {
                    const double r = rb + (rt - rb) * (p.y + h / 2) / h;
                    return std::hypot(p.x, p.z) - r;
                }) < 1e-6);
        for (const QVector3D& p : lines)
            QVERIFY(std::fabs(std::fabs(p.y()) - h / 2) < 1e-6 || std::hypot(p.x(), p.z()) > 0);
    }

    void convexHullEdgesSkipFlatDiagonals()
    {
        // A cube with extra points inside its faces and volume: the hull's edges are the cube's 12.
        gltf::TriangleMesh mesh = test::boxMesh({-1, -1, -1}, {1, 1, 1});
        for (const Vec3d& p : test::pointsInBox(100, {-1, -1, -1}, {1, 1, 1}, 3))
            mesh.positions.push_back(p.toQt());
        mesh.positions.push_back({0.3f, 1.0f, -0.2f}); // on the top face
        const auto lines = shapeWireframe(ShapeGeometry::convex(mesh));
        QCOMPARE(edgeSet(lines).size(), size_t(12));
        QCOMPARE(lines.size(), size_t(24));
        // A tetrahedron keeps all 6 edges.
        gltf::TriangleMesh tetra;
        tetra.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        QCOMPARE(edgeSet(shapeWireframe(ShapeGeometry::convex(tetra))).size(), size_t(6));
        // A flat convex mesh has no hull to draw.
        gltf::TriangleMesh flat;
        flat.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        QVERIFY(shapeWireframe(ShapeGeometry::convex(flat)).empty());
    }

    void trimeshEdgesOnce()
    {
        const auto lines = shapeWireframe(ShapeGeometry::trimesh(test::boxMesh({0, 0, 0}, {1, 1, 1})));
        QCOMPARE(lines.size(), size_t(18 * 2)); // 12 box edges + 6 face diagonals, each once
        QCOMPARE(edgeSet(lines).size(), size_t(18));
    }

    void segmentsForScreenSize()
    {
        QCOMPARE(circleSegments(0), 8);
        QCOMPARE(circleSegments(1), 8);
        QCOMPARE(circleSegments(60), int(std::ceil(2 * std::numbers::pi * 60 / 6)));
        QCOMPARE(circleSegments(1e6), 128);
        QVERIFY(circleSegments(100) > circleSegments(20));
    }

    // A circle of 12 segments (a regular 12-gon, 30 degrees a turn) becomes the 6-gon through every other
    // vertex, then the triangle; the merged segments are the 12-gon's sides, 2 r sin(15 deg) long.
    void coarserCircleHalvesItsSegments()
    {
        const double r = 2.0;
        const auto fine = shapeWireframe(ShapeGeometry::sphere(r), 12);
        QCOMPARE(fine.size(), size_t(3 * 12 * 2));
        const CoarserLines half = mergeChainedSegments(fine);
        QCOMPARE(half.points.size(), size_t(3 * 6 * 2));
        QCOMPARE(half.merged, size_t(3 * 12));
        QVERIFY(std::fabs(half.mergedMeanLength - 2 * r * std::sin(std::numbers::pi / 12)) < 1e-5);
        for (size_t i = 0; i < half.points.size(); i += 2) {
            // Every coarse vertex is still on the sphere, and each side spans 60 degrees: length r.
            QVERIFY(std::fabs(half.points[i].length() - r) < 1e-5);
            QVERIFY(std::fabs((half.points[i + 1] - half.points[i]).length() - r) < 1e-4);
        }
        const CoarserLines third = mergeChainedSegments(half.points);
        QCOMPARE(third.points.size(), size_t(3 * 3 * 2));
        // A triangle's corners turn by 120 degrees: nothing more to merge.
        const CoarserLines same = mergeChainedSegments(third.points);
        QCOMPARE(same.merged, size_t(0));
        QCOMPARE(same.points, third.points);
    }

    void coarserKeepsCornersAndSeparateSegments()
    {
        // A box's edges meet at right angles: none merged.
        const auto box = shapeWireframe(ShapeGeometry::box({1, 2, 3}));
        const CoarserLines kept = mergeChainedSegments(box);
        QCOMPARE(kept.merged, size_t(0));
        QCOMPARE(kept.points, box);
        // Collinear segments with a gap between them (dashes) are not joined; touching ones are.
        const std::vector<QVector3D> dashes{{0, 0, 0}, {1, 0, 0}, {1.5f, 0, 0}, {2.5f, 0, 0}};
        QCOMPARE(mergeChainedSegments(dashes).points, dashes);
        const std::vector<QVector3D> line{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {3, 0, 0}};
        const CoarserLines joined = mergeChainedSegments(line);
        QCOMPARE(joined.points, (std::vector<QVector3D>{{0, 0, 0}, {3, 0, 0}}));
        QCOMPARE(joined.mergedMeanLength, 1.5);
        // An odd point count: the last point is not a segment and is dropped.
        QCOMPARE(mergeChainedSegments({{0, 0, 0}, {1, 0, 0}, {5, 5, 5}}).points.size(), size_t(2));
    }

    void shapeMarksOneSegmentPerShape()
    {
        // A box (edges sharing corners) at +10 x and a sphere (three circles that share no point but have the
        // same centre) at -10 x: two shapes, each the diagonal of its own bounds.
        std::vector<QVector3D> points;
        for (const QVector3D& p : shapeWireframe(ShapeGeometry::box({1, 2, 3})))
            points.push_back(p + QVector3D(10, 0, 0));
        for (const QVector3D& p : shapeWireframe(ShapeGeometry::sphere(0.5), 16))
            points.push_back(p + QVector3D(-10, 0, 0));
        const CoarserLines marks = shapeMarks(points);
        QCOMPARE(marks.merged, points.size() / 2);
        QCOMPARE(marks.points.size(), size_t(4));
        // Sorted by their low corner: the sphere first.
        QCOMPARE(marks.points[0], QVector3D(-10.5f, -0.5f, -0.5f));
        QCOMPARE(marks.points[1], QVector3D(-9.5f, 0.5f, 0.5f));
        QCOMPARE(marks.points[2], QVector3D(9.5f, -1, -1.5f));
        QCOMPARE(marks.points[3], QVector3D(10.5f, 1, 1.5f));
        const double sphere = std::sqrt(3.0), box = std::sqrt(14.0);
        QVERIFY(std::abs(marks.mergedMeanLength - (sphere + box) / 2) < 1e-5);
    }

    void shapeMarksKeepsSeparateSegments()
    {
        // Dashes with different centres are each their own shape: nothing to gain, the input comes back.
        const std::vector<QVector3D> dashes{{0, 0, 0},    {1, 0, 0}, {1.5f, 0, 0},
                                            {2.5f, 0, 0}, {3, 0, 0}, {4, 0, 0}};
        const CoarserLines kept = shapeMarks(dashes);
        QCOMPARE(kept.merged, size_t(0));
        QCOMPARE(kept.points, dashes);
        QVERIFY(shapeMarks({}).points.empty());
    }
};

QTEST_GUILESS_MAIN(TestWireframe)
#include "TestWireframe.moc"
