// Simplified collision meshes: the triangle count falls, the deviation measured against the mesh stays within
// the asked error, every vertex of the copy stays within that error of the true sphere (closed form), and a
// closed mesh stays closed.
#include "GeometryTestUtil.h"
#include "geometry/MeshBvh.h"
#include "geometry/MeshSimplify.h"

#include <QtTest>
#include <cmath>
#include <map>

using namespace cs;
using namespace cs::geometry;

namespace {

/// A unit icosahedron subdivided `levels` times, every vertex pushed onto the sphere of `radius`.
gltf::TriangleMesh icosphere(double radius, int levels)
{
    const double t = (1 + std::sqrt(5.0)) / 2;
    std::vector<Vec3d> v{{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
                         {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
    std::vector<std::uint32_t> f{0, 11, 5,  0, 5,  1, 0, 1, 7, 0, 7,  10, 0, 10, 11, 1, 5, 9, 5, 11,
                                 4, 11, 10, 2, 10, 7, 6, 7, 1, 8, 3,  9,  4, 3,  4,  2, 3, 2, 6, 3,
                                 6, 8,  3,  8, 9,  4, 9, 5, 2, 4, 11, 6,  2, 10, 8,  6, 7, 9, 8, 1};
    for (int level = 0; level < levels; ++level) {
        std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> mid;
        auto middle = [&](std::uint32_t a, std::uint32_t b) {
            const auto key = std::minmax(a, b);
            auto it = mid.find(key);
            if (it != mid.end())
                return it->second;
            v.push_back((v[a] + v[b]) / 2);
            return mid[key] = std::uint32_t(v.size() - 1);
        };
        std::vector<std::uint32_t> next;
        for (size_t i = 0; i < f.size(); i += 3) {
            const std::uint32_t a = f[i], b = f[i + 1], c = f[i + 2];
            const std::uint32_t ab = middle(a, b), bc = middle(b, c), ca = middle(c, a);
            next.insert(next.end(), {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca});
        }
        f = std::move(next);
    }
    gltf::TriangleMesh m;
    for (const Vec3d& p : v)
        m.positions.push_back((normalized(p) * radius).toQt());
    m.indices = f;
    return m;
}

} // namespace

class TestMeshSimplify : public QObject
{
    Q_OBJECT

private slots:
    void sphereFallsWithinError();
    void seamsAreWelded();
    void tinyErrorNeverReportsMore();
    void degenerateAndSliverTrianglesRemoved();
    void errors();
};

void TestMeshSimplify::sphereFallsWithinError()
{
    const double radius = 2;
    const auto sphere = icosphere(radius, 5);
    QCOMPARE(sphere.triangleCount(), size_t(20480));
    for (const double maxError : {0.005, 0.01, 0.05}) {
        SimplifyOptions o;
        o.maxError = maxError;
        auto s = simplifyMesh(sphere, o);
        QVERIFY(s);
        QCOMPARE(s->trianglesBefore, size_t(20480));
        QCOMPARE(s->trianglesAfter, s->mesh.triangleCount());
        QVERIFY2(s->trianglesAfter < sphere.triangleCount() / 2,
                 qPrintable(QString("%1 triangles at %2").arg(s->trianglesAfter).arg(maxError)));
        qInfo("max error %g: %zu -> %zu triangles in %d attempts, deviation %g", maxError, s->trianglesBefore,
              s->trianglesAfter, s->attempts, s->deviation);
        QVERIFY(s->reduced);
        QVERIFY(s->deviation <= maxError);
        QVERIFY(s->deviation > 0);
        // Independently of the measurement: every vertex of the copy lies within the error of the sphere
        // (the original's vertices are on it, its faces at most the chord sag inside it).
        const double sag = radius * 0.0005;
        for (const QVector3D& p : s->mesh.positions)
            QVERIFY(std::fabs(length(Vec3d(p)) - radius) <= maxError + sag);
        // And every vertex of the copy is within the error of the original mesh, by brute force.
        const auto corners = triangleCorners(sphere);
        for (size_t i = 0; i < s->mesh.positions.size(); i += 7)
            QVERIFY(bruteForceDistance(corners, Vec3d(s->mesh.positions[i])) <= maxError + 1e-9);
        QVERIFY(test::isClosedManifold(s->mesh));
    }
}

void TestMeshSimplify::seamsAreWelded()
{
    // The same sphere with every triangle's corners split (as a mesh with hard normals): welded first, it
    // simplifies as well as the shared one.
    const auto shared = icosphere(1, 4);
    gltf::TriangleMesh split;
    for (std::uint32_t i : shared.indices) {
        split.positions.push_back(shared.positions[i]);
        split.indices.push_back(std::uint32_t(split.indices.size()));
    }
    SimplifyOptions o;
    o.maxError = 0.01;
    auto s = simplifyMesh(split, o);
    QVERIFY(s);
    QVERIFY(s->trianglesAfter < split.triangleCount() / 2);
    QVERIFY(s->deviation <= o.maxError);
    QVERIFY(test::isClosedManifold(s->mesh));
}

void TestMeshSimplify::tinyErrorNeverReportsMore()
{
    const auto sphere = icosphere(1, 3);
    SimplifyOptions o;
    o.maxError = 1e-9;
    auto s = simplifyMesh(sphere, o);
    QVERIFY(s);
    QVERIFY(s->deviation <= o.maxError);
    QCOMPARE(s->trianglesAfter, sphere.triangleCount());
    QVERIFY(!s->reduced);
}

void TestMeshSimplify::degenerateAndSliverTrianglesRemoved()
{
    gltf::TriangleMesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}, {1, 1e-9f, 0}};
    m.indices = {0, 1, 2,  // kept
                 0, 0, 1,  // repeated corner
                 0, 1, 3,  // no area (collinear)
                 0, 3, 4}; // a sliver: height 1e-9 over an edge of 2
    const auto out = removeDegenerateTriangles(m, 1e-5);
    QCOMPARE(out.triangleCount(), size_t(1));
    QCOMPARE(out.positions.size(), size_t(3));
    // A copy of a triangle (any rotation of its corners) is dropped; a triangle and its reverse (a fin of no
    // volume) both go.
    gltf::TriangleMesh copies;
    copies.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    copies.indices = {0, 1, 2, 1, 2, 0, 0, 1, 3, 0, 3, 1};
    const auto cleaned = removeDegenerateTriangles(copies, 1e-5);
    QCOMPARE(cleaned.triangleCount(), size_t(1));
    QCOMPARE(Vec3d(cleaned.positions[cleaned.indices[2]]), Vec3d(0, 1, 0));
}

void TestMeshSimplify::errors()
{
    SimplifyOptions o;
    QVERIFY(findDiagnostic(simplifyMesh(gltf::TriangleMesh{}, o).diagnostics, "SIMPLIFY_NO_TRIANGLES"));
    o.maxError = 0;
    QVERIFY(findDiagnostic(simplifyMesh(icosphere(1, 1), o).diagnostics, "SIMPLIFY_BAD_ERROR"));
}

QTEST_GUILESS_MAIN(TestMeshSimplify)
#include "TestMeshSimplify.moc"
