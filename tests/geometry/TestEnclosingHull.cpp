// The hull that encloses every point within a vertex and face budget: closed forms (a cube stays a cube),
// brute-force containment of 10,000-point meshes at every budget, the counts counted here independently,
// volumes against qhull and against the geometric lower bound for shapes around a sphere, and bad input.
#include "GeometryTestUtil.h"
#include "QhullReference.h"
#include "geometry/ConvexHull.h"
#include "geometry/EnclosingHull.h"

#include <QTest>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <set>

using namespace cs;
using namespace cs::geometry;

namespace {

Result<EnclosingHull> enclose(const std::vector<Vec3d>& points, int maxVertices, int maxFaces)
{
    EnclosingHullOptions o;
    o.maxVertices = maxVertices;
    o.maxFaces = maxFaces;
    return encloseWithBudget(points, o);
}

std::string codeOf(const Result<EnclosingHull>& r)
{
    return r.diagnostics.empty() ? std::string() : r.diagnostics.front().code;
}

/// Uniform on the surface of a capsule of radius r whose cylinder runs from y = -h/2 to h/2.
std::vector<Vec3d> pointsOnCapsule(size_t n, double r, double h, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    const auto ball = test::pointsOnSphere(n, r, seed + 1);
    const double sideArea = 2 * std::numbers::pi * r * h, ballArea = 4 * std::numbers::pi * r * r;
    std::vector<Vec3d> out;
    for (size_t i = 0; i < n; ++i) {
        if (u(rng) < sideArea / (sideArea + ballArea)) {
            const double a = 2 * std::numbers::pi * u(rng);
            out.push_back({r * std::cos(a), h * (u(rng) - 0.5), r * std::sin(a)});
        } else {
            Vec3d p = ball[i];
            p.y += p.y >= 0 ? h / 2 : -h / 2;
            out.push_back(p);
        }
    }
    return out;
}

/// On a torus of radii R (ring) and r (tube) about y.
std::vector<Vec3d> pointsOnTorus(size_t n, double R, double r, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 2 * std::numbers::pi);
    std::vector<Vec3d> out;
    for (size_t i = 0; i < n; ++i) {
        const double a = u(rng), b = u(rng);
        out.push_back(
            {(R + r * std::cos(b)) * std::cos(a), r * std::sin(b), (R + r * std::cos(b)) * std::sin(a)});
    }
    return out;
}

/// Distinct vertex positions of a mesh.
size_t distinctVertices(const gltf::TriangleMesh& mesh)
{
    std::set<std::array<float, 3>> seen;
    for (const QVector3D& p : mesh.positions)
        seen.insert({p.x(), p.y(), p.z()});
    return seen.size();
}

/// Polygons as an engine merges them: on a convex hull, the triangles whose corners all lie within `tol` of
/// one plane make one polygon. Each polygon's plane is its largest triangle's: a thin triangle's plane is
/// no measure once its corners are rounded to float.
struct Polygons
{
    std::vector<Vec3d> normals, anchors;

    Polygons(const gltf::TriangleMesh& mesh, double tol)
    {
        const size_t n = mesh.triangleCount();
        auto corner = [&](size_t t, int k) { return Vec3d(mesh.positions[mesh.indices[3 * t + k]]); };
        std::vector<char> grouped(n, 0);
        std::vector<size_t> byArea(n);
        std::iota(byArea.begin(), byArea.end(), size_t(0));
        auto area = [&](size_t t) {
            return length(cross(corner(t, 1) - corner(t, 0), corner(t, 2) - corner(t, 0)));
        };
        std::sort(byArea.begin(), byArea.end(), [&](size_t a, size_t b) { return area(a) > area(b); });
        for (size_t seed : byArea) {
            if (grouped[seed])
                continue;
            const Vec3d a = corner(seed, 0);
            const Vec3d normal = normalized(cross(corner(seed, 1) - a, corner(seed, 2) - a));
            normals.push_back(normal);
            anchors.push_back(a);
            for (size_t t = 0; t < n; ++t) {
                bool onPlane = !grouped[t];
                for (int k = 0; k < 3 && onPlane; ++k)
                    onPlane = std::fabs(dot(normal, corner(t, k) - a)) <= tol;
                grouped[t] = grouped[t] || onPlane;
            }
        }
    }

    /// The largest distance of a point beyond a polygon's plane.
    double beyond(const std::vector<Vec3d>& points) const
    {
        double worst = -HUGE_VAL;
        for (size_t f = 0; f < normals.size(); ++f) {
            for (const Vec3d& p : points)
                worst = std::max(worst, dot(normals[f], p - anchors[f]));
        }
        return worst;
    }
};

/// Fejes Toth's bound: no polyhedron of f faces around a ball of radius 1 has less volume than this.
double circumscribedBound(int f)
{
    const double w = std::numbers::pi * f / (6.0 * (f - 2));
    const double t = std::tan(w);
    return (f - 2) * std::sin(2 * w) * (3 * t * t - 1);
}

struct Budget
{
    int vertices;
    int faces;
};

const Budget kBudgets[] = {{8, 255},   {16, 255}, {32, 255}, {64, 255},
                           {255, 255}, {255, 6},  {255, 18}, {255, 64}};

} // namespace

class TestEnclosingHull : public QObject
{
    Q_OBJECT

private:
    /// Every point inside, within budget (counted here), closed and convex, never less than the true hull.
    void checkEveryBudget(const char* name, const std::vector<Vec3d>& points)
    {
        const test::QhullHull reference = test::qhullHull(points);
        QVERIFY(reference.ok);
        const double diagonal = 2 * std::sqrt(3.0) * 2.0; // every shape here lies within [-2, 2]^3
        for (const Budget& b : kBudgets) {
            auto r = enclose(points, b.vertices, b.faces);
            QVERIFY2(r, (std::string(name) + ": " + codeOf(r)).c_str());
            const Polygons polygons(r->mesh, 1e-5 * diagonal);
            QVERIFY(polygons.beyond(points) <= 1e-6 * diagonal);
            QVERIFY(test::isClosedManifold(r->mesh));
            std::vector<Vec3d> corners;
            appendPoints(corners, r->mesh);
            QVERIFY(polygons.beyond(corners) <= 1e-5 * diagonal); // convex, outward
            QVERIFY(distinctVertices(r->mesh) <= size_t(b.vertices));
            QCOMPARE(distinctVertices(r->mesh), size_t(r->figures.vertices));
            QVERIFY(polygons.normals.size() <= size_t(b.faces));
            QVERIFY(r->figures.faces <= b.faces);
            QCOMPARE(r->figures.triangles, 2 * r->figures.vertices - 4);
            QVERIFY(r->figures.volume >= reference.volume * (1 - 1e-9));
            QVERIFY(std::fabs(r->figures.hullVolume - reference.volume) <= 1e-9 * reference.volume);
            QVERIFY(r->maxOutsideDistance <= r->tolerance);
            qInfo("%s V<=%d F<=%d: %d vertices, %d faces, +%.2f%% over the hull, %+.2f%% against the "
                  "oriented box",
                  name, b.vertices, b.faces, r->figures.vertices, r->figures.faces,
                  100 * r->figures.addedOverHull(), 100 * r->figures.addedOverBox());
        }
    }

private slots:
    void cubeStaysTheCubeAtEveryBudget()
    {
        auto points = test::pointsInBox(2000, {0, 0, 0}, {1, 1, 1}, 3);
        for (int i = 0; i < 8; ++i)
            points.push_back({double(i & 1), double((i >> 1) & 1), double((i >> 2) & 1)});
        for (int faces : {6, 7, 18, 64, 255}) {
            for (int vertices : {8, 255}) {
                auto r = enclose(points, vertices, faces);
                QVERIFY(r);
                QCOMPARE(r->figures.faces, 6);
                QCOMPARE(r->figures.vertices, 8);
                QCOMPARE(r->figures.triangles, 12);
                // The faces stand off the points by a margin of a few millionths of the diagonal.
                QVERIFY(std::fabs(r->figures.volume - 1.0) < 1e-4);
                QVERIFY(std::fabs(r->figures.hullVolume - 1.0) < 1e-12);
                QVERIFY(std::fabs(r->figures.addedOverBox()) < 1e-4);
                QVERIFY(test::maxBeyondFaces(r->mesh, points) <= 1e-6);
            }
        }
    }

    void aBoxBelowSixFacesBecomesATetrahedron()
    {
        // No plane of a box can go (the opposite one is parallel), so below six faces the hull is the
        // tetrahedron of the box's alternate corner directions touching the points: for half extents a, b, c
        // its planes are x +- y +- z = a + b + c, a regular tetrahedron of volume 8 (a + b + c)^3 / 3.
        auto points = test::pointsInBox(500, {-1, -2, -3}, {1, 2, 3}, 4);
        for (int i = 0; i < 8; ++i)
            points.push_back({i & 1 ? 1.0 : -1.0, i & 2 ? 2.0 : -2.0, i & 4 ? 3.0 : -3.0});
        for (const Budget b : {Budget{255, 5}, Budget{7, 255}, Budget{4, 4}}) {
            auto r = enclose(points, b.vertices, b.faces);
            QVERIFY(r);
            QCOMPARE(r->figures.faces, 4);
            QCOMPARE(r->figures.vertices, 4);
            QVERIFY(test::maxBeyondFaces(r->mesh, points) <= 1e-6);
            QVERIFY(r->figures.volume > 48);
            QVERIFY(r->figures.volume <= 8.0 * 6 * 6 * 6 / 3 * (1 + 1e-4)); // and the margin
        }
    }

    void sphereEveryBudget() { checkEveryBudget("sphere", test::pointsOnSphere(10000, 1.0, 5)); }
    void capsuleEveryBudget() { checkEveryBudget("capsule", pointsOnCapsule(10000, 0.5, 1.5, 6)); }
    void torusEveryBudget() { checkEveryBudget("torus", pointsOnTorus(10000, 1.0, 0.4, 7)); }
    void randomEveryBudget()
    {
        checkEveryBudget("random", test::pointsInBox(10000, {-1, -1, -1}, {1, 1, 1}, 8));
    }

    /// Around a sphere no polyhedron can beat Fejes Toth's bound; the greedy result must be near it.
    void sphereAgainstTheBestPossible()
    {
        const auto points = test::pointsOnSphere(10000, 1.0, 9);
        const double ball = 4.0 / 3.0 * std::numbers::pi;
        for (int faces : {6, 18, 64}) {
            auto r = enclose(points, 255, faces);
            QVERIFY(r);
            const double bound = circumscribedBound(faces) * r->figures.hullVolume / ball;
            qInfo("sphere %d faces: %.4f of the hull, Fejes Toth bound %.4f, oriented box %.4f", faces,
                  r->figures.volume / r->figures.hullVolume, bound / r->figures.hullVolume,
                  r->figures.orientedBoxVolume / r->figures.hullVolume);
            QVERIFY(r->figures.volume >= bound * (1 - 1e-3));
            QVERIFY(r->figures.volume <= bound * 1.10);
        }
    }

    void badInput()
    {
        const auto sphere = test::pointsOnSphere(100, 1.0, 10);
        QCOMPARE(codeOf(enclose(sphere, 3, 255)), std::string("ENCLOSE_BAD_BUDGET"));
        QCOMPARE(codeOf(enclose(sphere, 255, 3)), std::string("ENCLOSE_BAD_BUDGET"));
        QCOMPARE(codeOf(enclose(sphere, 256, 255)), std::string("ENCLOSE_BAD_BUDGET"));
        std::vector<Vec3d> flat;
        for (int i = 0; i < 50; ++i)
            flat.push_back({double(i % 7), double(i / 7), 2.0});
        QCOMPARE(codeOf(enclose(flat, 255, 255)), std::string("ENCLOSE_FLAT"));
        auto nan = sphere;
        nan[17].y = std::nan("");
        const auto r = enclose(nan, 255, 255);
        QCOMPARE(codeOf(r), std::string("ENCLOSE_NONFINITE_POINT"));
        QVERIFY(QString::fromStdString(r.diagnostics.front().message).contains("17"));
    }

    void triangleBudgetCapsVertices()
    {
        // A closed hull of V vertices fanned into triangles has 2V - 4 triangles: 12 allow 8 vertices.
        EnclosingHullOptions o;
        o.maxTriangles = 12;
        const auto points = pointsOnCapsule(3000, 0.5, 1.0, 12);
        auto r = encloseWithBudget(points, o);
        QVERIFY(r);
        QVERIFY(r->mesh.triangleCount() <= 12);
        QVERIFY(test::maxBeyondFaces(r->mesh, points) <= 1e-6);
        o.maxTriangles = 3;
        QCOMPARE(codeOf(encloseWithBudget(points, o)), std::string("ENCLOSE_BAD_BUDGET"));
    }

    void progressRunsToOne()
    {
        std::vector<double> seen;
        EnclosingHullOptions o;
        o.maxFaces = 18;
        o.progress = [&seen](double f) { seen.push_back(f); };
        QVERIFY(encloseWithBudget(test::pointsOnSphere(2000, 1.0, 13), o));
        QVERIFY(!seen.empty());
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), 1.0);
    }

    void cancelStops()
    {
        std::atomic<bool> cancel{true};
        EnclosingHullOptions o;
        o.cancel = &cancel;
        QCOMPARE(codeOf(encloseWithBudget(test::pointsOnSphere(2000, 1.0, 11), o)),
                 std::string("HULL_CANCELLED"));
    }
};

QTEST_GUILESS_MAIN(TestEnclosingHull)
#include "TestEnclosingHull.moc"
