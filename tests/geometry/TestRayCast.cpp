// Ray casts against every shape type, from outside and inside, with expected distances from closed forms or
// from marching along the ray with inside tests written here; and picking the nearest of several shapes.
#include "GeometryTestUtil.h"
#include "geometry/RayCast.h"

#include <QTest>
#include <cmath>
#include <functional>

using namespace cs;
using namespace cs::geometry;

namespace {

bool hitAt(const std::optional<double>& t, double expected, double tol = 1e-9)
{
    return t && std::fabs(*t - expected) <= tol;
}

/// The first t in [0, far] where `inside` changes along the ray, by marching then bisecting; nothing if it
/// never changes.
std::optional<double> march(const Ray& ray, const std::function<bool(const Vec3d&)>& inside, double far)
{
    const int steps = 2000;
    const bool start = inside(ray.origin);
    double prev = 0;
    for (int i = 1; i <= steps; ++i) {
        const double t = far * i / steps;
        if (inside(ray.origin + ray.direction * t) != start) {
            double a = prev, b = t;
            for (int k = 0; k < 60; ++k) {
                const double m = (a + b) / 2;
                (inside(ray.origin + ray.direction * m) != start ? b : a) = m;
            }
            return b;
        }
        prev = t;
    }
    return std::nullopt;
}

/// Rays from points around the shape towards points near its centre, seeded.
std::vector<Ray> testRays(unsigned seed, double spread)
{
    std::vector<Ray> out;
    const auto from = test::pointsOnSphere(120, 4.0, seed);
    const auto to = test::pointsInBox(120, {-spread, -spread, -spread}, {spread, spread, spread}, seed + 1);
    for (size_t i = 0; i < from.size(); ++i)
        out.push_back({from[i], normalized(to[i] - from[i])});
    return out;
}

void compareWithMarching(const ShapeGeometry& shape, const std::function<bool(const Vec3d&)>& inside,
                         double spread)
{
    int hits = 0;
    for (const Ray& ray : testRays(7, spread)) {
        const auto got = rayCast(shape, ray);
        const auto want = march(ray, inside, 8.0);
        QVERIFY2(got.has_value() == want.has_value() || (want && std::fabs(*want) < 1e-3),
                 qPrintable(QString("hit %1 vs %2").arg(got.has_value()).arg(want.has_value())));
        if (got && want) {
            QVERIFY2(std::fabs(*got - *want) < 1e-3, qPrintable(QString("%1 vs %2").arg(*got).arg(*want)));
            ++hits;
        }
    }
    QVERIFY(hits > 30); // the rays do hit
}

} // namespace

class TestRayCast : public QObject
{
    Q_OBJECT

private slots:
    void boxFromOutsideInsideAndMissing()
    {
        const ShapeGeometry box = ShapeGeometry::box({2, 4, 6});
        QVERIFY(hitAt(rayCast(box, {{-5, 0, 0}, {1, 0, 0}}), 4));
        QVERIFY(hitAt(rayCast(box, {{0, 0, 0}, {0, 0, 1}}), 3));  // from inside: where it leaves
        QVERIFY(hitAt(rayCast(box, {{-5, 0, 0}, {2, 0, 0}}), 2)); // t in units of the direction
        QVERIFY(!rayCast(box, {{-5, 0, 0}, {-1, 0, 0}}));         // pointing away
        QVERIFY(!rayCast(box, {{-5, 3, 0}, {1, 0, 0}}));          // parallel, outside the slab
        QVERIFY(!rayCast(box, {{-5, 0, 0}, {0, 0, 0}}));          // no direction
        QVERIFY(!rayCast(box, {{NAN, 0, 0}, {1, 0, 0}}));
    }

    void sphereAndCylinder()
    {
        QVERIFY(hitAt(rayCast(ShapeGeometry::sphere(2), {{0, 0, -10}, {0, 0, 1}}), 8));
        QVERIFY(hitAt(rayCast(ShapeGeometry::sphere(2), {{0, 1, -10}, {0, 0, 1}}), 10 - std::sqrt(3.0)));
        QVERIFY(!rayCast(ShapeGeometry::sphere(2), {{0, 2.1, -10}, {0, 0, 1}}));
        const ShapeGeometry cylinder = ShapeGeometry::cylinder(2, 0.5, 0.5);
        QVERIFY(hitAt(rayCast(cylinder, {{-3, 0.2, 0}, {1, 0, 0}}), 2.5)); // side
        QVERIFY(hitAt(rayCast(cylinder, {{0.2, 5, 0}, {0, -1, 0}}), 4));   // top disc
        QVERIFY(!rayCast(cylinder, {{-3, 1.2, 0}, {1, 0, 0}}));            // above the top
        // A cone (top radius 0): a horizontal ray at height y meets the side at radius 0.5 (1 - y) / 2 ...
        const ShapeGeometry cone = ShapeGeometry::cylinder(2, 0.5, 0);
        QVERIFY(hitAt(rayCast(cone, {{-3, 0, 0}, {1, 0, 0}}), 3 - 0.25));
        // ... and nothing above its apex, where the double cone's other half would be.
        QVERIFY(!rayCast(cone, {{-3, 1.5, 0}, {1, 0, 0}}));
    }

    void capsules()
    {
        const ShapeGeometry capsule = ShapeGeometry::capsule(2, 0.5, 0.5);
        QVERIFY(hitAt(rayCast(capsule, {{0, 5, 0}, {0, -1, 0}}), 5 - 1.5)); // top pole
        QVERIFY(hitAt(rayCast(capsule, {{0, -5, 0}, {0, 1, 0}}), 5 - 1.5)); // bottom pole
        QVERIFY(hitAt(rayCast(capsule, {{-3, 0.9, 0}, {1, 0, 0}}), 2.5));   // side
        QVERIFY(hitAt(rayCast(capsule, {{-3, 1.3, 0}, {1, 0, 0}}), 3 - std::sqrt(0.25 - 0.09)));
        for (const auto& [h, r0, r1] :
             {std::tuple{1.0, 0.6, 0.25}, std::tuple{1.5, 0.2, 0.7}, std::tuple{0.2, 1.0, 0.3}}) {
            compareWithMarching(
                ShapeGeometry::capsule(h, r0, r1),
                [&](const Vec3d& p) { return test::capsuleField(h, r0, r1, p) <= 0; }, 0.5);
        }
    }

    void taperedCylinder()
    {
        const double h = 1.6, rb = 0.9, rt = 0.3;
        compareWithMarching(
            ShapeGeometry::cylinder(h, rb, rt),
            [&](const Vec3d& p) {
                const double r = rb + (rt - rb) * (p.y + h / 2) / h;
                return std::fabs(p.y) <= h / 2 && std::hypot(p.x, p.z) <= r;
            },
            0.5);
    }

    void meshes()
    {
        const auto cube = test::boxMesh({-1, -2, -3}, {1, 2, 3});
        const ShapeGeometry box = ShapeGeometry::box({2, 4, 6});
        const ShapeGeometry convex = ShapeGeometry::convex(cube), trimesh = ShapeGeometry::trimesh(cube);
        for (const Ray& ray : testRays(11, 1.0)) {
            const auto want = rayCast(box, ray);
            for (const ShapeGeometry* s : {&convex, &trimesh}) {
                const auto got = rayCast(*s, ray);
                QCOMPARE(got.has_value(), want.has_value());
                if (got)
                    QVERIFY(std::fabs(*got - *want) < 1e-6);
            }
        }
        // From inside, the convex shape is left and the trimesh's far side is hit: both at the wall.
        QVERIFY(hitAt(rayCast(convex, {{0, 0, 0}, {1, 0, 0}}), 1, 1e-6));
        QVERIFY(hitAt(rayCast(trimesh, {{0, 0, 0}, {1, 0, 0}}), 1, 1e-6));
        // Shapes with no mesh, or a flat convex mesh, are never hit.
        QVERIFY(!rayCast(ShapeGeometry::convex({}), {{0, 0, -5}, {0, 0, 1}}));
        ShapeGeometry meshless;
        meshless.kind = ShapeKind::Trimesh;
        QVERIFY(!rayCast(meshless, {{0, 0, -5}, {0, 0, 1}}));
    }

    void pickTheNearest()
    {
        // Two boxes along -Z from the camera, the nearer one scaled up by its node; and a sphere off to the
        // side.
        QMatrix4x4 near, far, aside;
        near.translate(0, 0, -5);
        near.scale(2); // a unit box becomes 2 m: its front face at z = -4
        far.translate(0, 0, -10);
        aside.translate(5, 0, -3);
        std::vector<PickTarget> targets{{ShapeGeometry::box({1, 1, 1}), far, 1},
                                        {ShapeGeometry::box({1, 1, 1}), near, 2},
                                        {ShapeGeometry::sphere(0.5), aside, 3}};
        auto hit = pick(targets, {{0, 0, 0}, {0, 0, -1}});
        QVERIFY(hit);
        QCOMPARE(hit->id, 2);
        QVERIFY(std::fabs(hit->distance - 4) < 1e-5);
        hit = pick(targets, {{0, 0, 0}, normalized(Vec3d{5, 0, -3})});
        QVERIFY(hit && hit->id == 3);
        QVERIFY(std::fabs(hit->distance - (std::sqrt(34.0) - 0.5)) < 1e-5);
        QVERIFY(!pick(targets, {{0, 0, 0}, {0, 1, 0}}));
        // A node with a zero scale cannot be inverted and is skipped.
        QMatrix4x4 flat;
        flat.scale(0);
        QVERIFY(!pick({{ShapeGeometry::sphere(1), flat, 9}}, {{0, 0, 5}, {0, 0, -1}}));
    }
};

QTEST_GUILESS_MAIN(TestRayCast)
#include "TestRayCast.moc"
