// Simplified collision meshes: the triangle count falls, the deviation measured against the mesh stays within
// the asked error, every vertex of the copy stays within that error of the true sphere (closed form), and a
// closed mesh stays closed.
#include "GeometryTestUtil.h"
#include "geometry/MeshBvh.h"
#include "geometry/MeshEdges.h"
#include "geometry/MeshSimplify.h"

#include <QtTest>
#include <cmath>
#include <map>
#include <meshoptimizer.h>
#include <random>

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

/// The point (u, v) of the square [0,1]^2 on the unit disc (the square's outline onto the circle).
QVector3D onDisc(double x, double u, double v)
{
    const double a = 2 * u - 1, b = 2 * v - 1;
    return QVector3D(float(x), float(a * std::sqrt(1 - b * b / 2)), float(b * std::sqrt(1 - a * a / 2)));
}

/// A round fin of thickness 2h: two sheets over the grid of n x n squares on [0,1]^2 mapped onto the unit
/// disc in the y-z plane (onDisc), the inner vertices at x = +h (one sheet, facing +x) and x = -h (the
/// other, facing -x, its squares split along the other diagonal), the outline's 4n vertices on the circle
/// at x = 0, shared by both. Closed; its 4n outline edges are folds.
gltf::TriangleMesh fin(int n, double h)
{
    gltf::TriangleMesh m;
    auto outline = [n](int i, int j) { return i == 0 || j == 0 || i == n || j == n; };
    std::map<std::pair<int, int>, std::uint32_t> front, back;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) {
            front[{i, j}] = std::uint32_t(m.positions.size());
            m.positions.push_back(onDisc(outline(i, j) ? 0.0 : h, double(i) / n, double(j) / n));
            if (outline(i, j)) {
                back[{i, j}] = front[{i, j}];
                continue;
            }
            back[{i, j}] = std::uint32_t(m.positions.size());
            m.positions.push_back(onDisc(-h, double(i) / n, double(j) / n));
        }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const std::uint32_t a = front[{i, j}], b = front[{i + 1, j}], c = front[{i + 1, j + 1}],
                                d = front[{i, j + 1}];
            m.indices.insert(m.indices.end(), {a, b, c, a, c, d});
            const std::uint32_t e = back[{i, j}], f = back[{i + 1, j}], g = back[{i + 1, j + 1}],
                                k = back[{i, j + 1}];
            m.indices.insert(m.indices.end(), {e, k, f, f, k, g});
        }
    return m;
}

} // namespace

class TestMeshSimplify : public QObject
{
    Q_OBJECT

private slots:
    void sphereFallsWithinError();
    void seamsAreWelded();
    void weldMatchesTheLibrary();
    void tinyErrorNeverReportsMore();
    void degenerateAndSliverTrianglesRemoved();
    void errors();
    void edgesCountedAndFoldsCut();
    void finRimKept();
    void unsharedTrianglesExplained();
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

void TestMeshSimplify::weldMatchesTheLibrary()
{
    // A cube with four vertices a face (24, 8 positions), its positions shuffled, plus a vertex no index
    // names: 8 vertices in the order the indices first name them, every index at its old position.
    gltf::TriangleMesh cube;
    const float c[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                           {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
    const int faces[6][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                             {2, 3, 7, 6}, {1, 2, 6, 5}, {0, 4, 7, 3}};
    for (const auto& f : faces) {
        const auto base = std::uint32_t(cube.positions.size());
        for (int k : f)
            cube.positions.emplace_back(c[k][0], c[k][1], c[k][2]);
        cube.indices.insert(cube.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
    cube.positions.emplace_back(5.f, 5.f, 5.f);
    auto welded = weldByPosition(cube);
    QVERIFY(welded);
    QCOMPARE(welded->positions.size(), size_t(8));
    QCOMPARE(welded->indices.size(), cube.indices.size());
    std::uint32_t next = 0;
    for (size_t i = 0; i < cube.indices.size(); ++i) {
        QCOMPARE(welded->positions[welded->indices[i]], cube.positions[cube.indices[i]]);
        if (welded->indices[i] == next)
            ++next;
        QVERIFY(welded->indices[i] < next); // numbered in order of first use
    }
    // A large mesh with repeated positions (and +0 and -0, which differ in their bits): the same as the
    // library's remap.
    gltf::TriangleMesh big;
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> cell(-40, 40);
    for (int i = 0; i < 30000; ++i)
        big.positions.emplace_back(float(cell(rng)) * 0.25f, float(cell(rng)) * 0.25f,
                                   i % 7 == 0 ? -0.f : 0.f);
    std::uniform_int_distribution<std::uint32_t> pick(0, 29999);
    for (int i = 0; i < 60000; ++i)
        big.indices.push_back(pick(rng));
    std::vector<unsigned int> remap(big.positions.size());
    const size_t unique =
        meshopt_generateVertexRemap(remap.data(), big.indices.data(), big.indices.size(),
                                    big.positions.data(), big.positions.size(), sizeof(QVector3D));
    auto ours = weldByPosition(big);
    QVERIFY(ours);
    QCOMPARE(ours->positions.size(), unique);
    QVERIFY(unique < 30000 && unique > 6561); // 81 x 81 cells, two zeros
    for (size_t i = 0; i < big.indices.size(); ++i)
        QCOMPARE(ours->indices[i], remap[big.indices[i]]);
    // An index that names no vertex is refused, with its place.
    gltf::TriangleMesh bad = cube;
    bad.indices[7] = 99;
    const auto refused = weldByPosition(bad);
    QVERIFY(!refused);
    const Diagnostic* d = findDiagnostic(refused.diagnostics, "SIMPLIFY_BAD_INDEX");
    QVERIFY(d && QString::fromStdString(d->message).contains("index 7 (triangle 2)"));
    SimplifyOptions o;
    QVERIFY(findDiagnostic(simplifyMesh(bad, o).diagnostics, "SIMPLIFY_BAD_INDEX"));
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

void TestMeshSimplify::edgesCountedAndFoldsCut()
{
    // An icosphere subdivided L times: 20 * 4^L triangles, 30 * 4^L edges, closed, no fold.
    const EdgeCensus sphere = countEdges(icosphere(1, 2));
    QCOMPARE(sphere.edges, size_t(30 * 16));
    QCOMPARE(sphere.border, size_t(0));
    QCOMPARE(sphere.folds, size_t(0));
    QCOMPARE(sphere.nonManifold, size_t(0));
    // The fin: per sheet 2n(n+1) grid edges and n^2 diagonals, the 4n outline edges shared; those are folds.
    const int n = 10;
    const auto f = fin(n, 1e-4);
    const EdgeCensus e = countEdges(f);
    QCOMPARE(e.edges, size_t(2 * (2 * n * (n + 1) + n * n) - 4 * n));
    QCOMPARE(e.border, size_t(0));
    QCOMPARE(e.folds, size_t(4 * n));
    // Cut: every outline vertex gets a second copy (one per sheet); each fold becomes two borders.
    size_t folds = 0;
    const auto cut = cutFolds(f, kFoldCosine, &folds);
    QCOMPARE(folds, size_t(4 * n));
    QCOMPARE(cut.positions.size(), f.positions.size() + size_t(4 * n));
    QCOMPARE(cut.indices.size(), f.indices.size());
    for (size_t c = 0; c < f.indices.size(); ++c)
        QCOMPARE(cut.positions[cut.indices[c]], f.positions[f.indices[c]]);
    const EdgeCensus after = countEdges(cut);
    QCOMPARE(after.border, size_t(2 * 4 * n));
    QCOMPARE(after.folds, size_t(0));
    QCOMPARE(after.borderVertices, size_t(2 * 4 * n));
}

void TestMeshSimplify::finRimKept()
{
    // The simplifier's error (distance to the faces' planes) does not see the fin's rim slide within its
    // plane; with the folds cut into locked borders the rim stays and the sheets still reduce.
    const int n = 20;
    const auto f = fin(n, 1e-4);
    SimplifyOptions o;
    o.maxError = 0.01;
    auto s = simplifyMesh(f, o);
    QVERIFY(s);
    QVERIFY2(s->reduced && s->trianglesAfter < f.triangleCount() / 2,
             qPrintable(QString("%1 -> %2: %3")
                            .arg(f.triangleCount())
                            .arg(s->trianglesAfter)
                            .arg(QString::fromStdString(s->whyNotReduced))));
    QCOMPARE(s->foldsCut, size_t(4 * n));
    // Brute force, independent of the measurement: every vertex of the fin and a grid of points on it
    // within the error of the copy (on the mid-plane, at most h from the fin), and every vertex of the copy
    // within the error of the fin.
    const auto original = triangleCorners(f), copy = triangleCorners(s->mesh);
    for (const QVector3D& p : f.positions)
        QVERIFY(bruteForceDistance(copy, Vec3d(p)) <= o.maxError);
    for (int i = 0; i <= 4 * n; ++i)
        for (int j = 0; j <= 4 * n; ++j)
            QVERIFY(bruteForceDistance(copy, Vec3d(onDisc(0, double(i) / (4 * n), double(j) / (4 * n)))) <=
                    o.maxError + 1e-4);
    for (const QVector3D& p : s->mesh.positions)
        QVERIFY(bruteForceDistance(original, Vec3d(p)) <= o.maxError);
    // Still closed: every edge is walked as often one way as the other (both sheets may end at the same
    // chord near the rim, an edge of four triangles, so it need not be a manifold).
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> walked;
    for (size_t t = 0; t < s->mesh.indices.size(); t += 3)
        for (size_t k = 0; k < 3; ++k)
            ++walked[{s->mesh.indices[t + k], s->mesh.indices[t + (k + 1) % 3]}];
    for (const auto& [edge, count] : walked) {
        const auto twin = walked.find({edge.second, edge.first});
        QVERIFY(twin != walked.end() && twin->second == count);
    }
}

void TestMeshSimplify::unsharedTrianglesExplained()
{
    // 300 triangles that share no corner: every edge is a border, kept; the reason says so with the count.
    gltf::TriangleMesh soup;
    for (int t = 0; t < 300; ++t) {
        const int row = t / 20;
        const float x = float(t % 20), z = float(row);
        soup.positions.insert(soup.positions.end(), {{x, 0, z}, {x + 0.5f, 0, z}, {x, 0.5f, z}});
        soup.indices.insert(soup.indices.end(),
                            {std::uint32_t(3 * t), std::uint32_t(3 * t + 1), std::uint32_t(3 * t + 2)});
    }
    SimplifyOptions o;
    o.maxError = 0.1;
    auto s = simplifyMesh(soup, o);
    QVERIFY(s);
    QVERIFY(!s->reduced);
    QCOMPARE(s->trianglesAfter, size_t(300));
    QVERIFY2(s->whyNotReduced.rfind("every edge is a border: 900 open edges", 0) == 0,
             s->whyNotReduced.c_str());
}

QTEST_GUILESS_MAIN(TestMeshSimplify)
#include "TestMeshSimplify.moc"
