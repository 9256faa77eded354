// Primitive fitting: each fit encloses every point (checked with inside tests written here), and recovers the
// parameters of a known shape placed with a known rotation and offset.
#include "GeometryTestUtil.h"
#include "TestSupport.h"
#include "geometry/PrimitiveFit.h"
#include "gltf/MeshTriangles.h"

#include <QTest>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::geometry;

namespace {

/// The point in the fitted shape's own frame (centred, Y along the axis).
Vec3d local(const FittedShape& f, const Vec3d& p)
{
    return Mat3d::fromQuaternion(f.rotation).transposed() * (p - f.offset);
}

/// Distance outside the fitted shape (<= 0 inside), from the OMI definitions.
double outside(const FittedShape& f, const Vec3d& world)
{
    const Vec3d p = local(f, world);
    const ShapeGeometry& s = f.shape;
    switch (s.kind) {
    case ShapeKind::Box:
        return std::max(
            {std::fabs(p.x) - s.size.x / 2, std::fabs(p.y) - s.size.y / 2, std::fabs(p.z) - s.size.z / 2});
    case ShapeKind::Sphere:
        return length(p) - s.radius;
    case ShapeKind::Capsule:
        return test::capsuleField(s.height, s.radiusBottom, s.radiusTop, p);
    case ShapeKind::Cylinder:
        return std::max(std::fabs(p.y) - s.height / 2, std::hypot(p.x, p.z) - s.radiusBottom);
    default:
        return HUGE_VAL;
    }
}

double worstOutside(const FittedShape& f, const std::vector<Vec3d>& points)
{
    double worst = -HUGE_VAL;
    for (const Vec3d& p : points)
        worst = std::max(worst, outside(f, p));
    return worst;
}

/// Points placed by rotation q and offset t.
std::vector<Vec3d> placed(const std::vector<Vec3d>& points, const QQuaternion& q, const Vec3d& t)
{
    const Mat3d r = Mat3d::fromQuaternion(q);
    std::vector<Vec3d> out;
    for (const Vec3d& p : points)
        out.push_back(r * p + t);
    return out;
}

/// The unit axis the fit's Y maps to, up to sign, compared with `axis`.
double axisError(const FittedShape& f, const Vec3d& axis)
{
    const Vec3d y = Mat3d::fromQuaternion(f.rotation).column(1);
    return 1 - std::fabs(dot(y, normalized(axis)));
}

} // namespace

namespace {
using Fit = cs::Result<cs::geometry::FittedShape> (*)(const std::vector<cs::geometry::Vec3d>&);
/// Every primitive fit; capsules and cylinders along the axis they choose themselves.
std::vector<Fit> everyFit()
{
    using namespace cs::geometry;
    return {fitBox, fitOrientedBox, fitSphere, [](const std::vector<Vec3d>& p) { return fitCapsule(p); },
            [](const std::vector<Vec3d>& p) { return fitCylinder(p); }};
}
} // namespace

class TestPrimitiveFit : public QObject
{
    Q_OBJECT

private slots:
    void axisAlignedBox()
    {
        const auto points = test::pointsInBox(500, {-1, 2, 3}, {4, 5, 9}, 1);
        auto f = fitBox(points);
        QVERIFY(f);
        Vec3d lo = points[0], hi = points[0];
        for (const Vec3d& p : points) {
            lo = minOf(lo, p);
            hi = maxOf(hi, p);
        }
        QVERIFY(length(f->shape.size - (hi - lo)) < 1e-12);
        QVERIFY(length(f->offset - (lo + hi) * 0.5) < 1e-12);
        QVERIFY(f->rotation.isIdentity());
    }

    void orientedBoxRecoversATurnedBox()
    {
        const QQuaternion q = QQuaternion::fromEulerAngles(20, 35, -50);
        auto points = test::pointsInBox(3000, {-1.5, -0.5, -0.25}, {1.5, 0.5, 0.25}, 2);
        for (const QVector3D& c : test::boxMesh({-1.5, -0.5, -0.25}, {1.5, 0.5, 0.25}).positions)
            points.emplace_back(c);
        points = placed(points, q, {3, -2, 1});
        auto f = fitOrientedBox(points);
        QVERIFY(f);
        QVERIFY(worstOutside(*f, points) < 1e-6);
        QVERIFY2(f->volume < 3 * 1 * 0.5 * 1.01, qPrintable(QString::number(f->volume)));
        QVERIFY(length(f->offset - Vec3d{3, -2, 1}) < 0.01);
        // Axis-aligned input keeps the identity rotation and the exact box.
        auto inBox = test::pointsInBox(200, {0, 0, 0}, {1, 2, 3}, 3);
        for (const QVector3D& c : test::boxMesh({0, 0, 0}, {1, 2, 3}).positions)
            inBox.emplace_back(c);
        auto aligned = fitOrientedBox(inBox);
        QVERIFY(aligned && aligned->rotation.isIdentity());
        QVERIFY(length(aligned->shape.size - Vec3d{1, 2, 3}) < 1e-12);
    }

    void orientedBoxTakesTheSmallestTurn()
    {
        // A box is the same box under the 24 turns of the cube that keep its axes on axes (sizes swapped):
        // the fit's node turns by the least of them (issue 46: angles in their shortest form).
        QList<QQuaternion> cube;
        for (const QVector3D axis : {QVector3D(1, 0, 0), QVector3D(0, 1, 0), QVector3D(0, 0, 1)})
            for (float a : {90.0f, 180.0f, 270.0f})
                cube << QQuaternion::fromAxisAndAngle(axis, a);
        for (const QVector3D axis :
             {QVector3D(1, 1, 1), QVector3D(-1, 1, 1), QVector3D(1, -1, 1), QVector3D(1, 1, -1)})
            for (float a : {120.0f, 240.0f})
                cube << QQuaternion::fromAxisAndAngle(axis, a);
        for (const QVector3D axis : {QVector3D(1, 1, 0), QVector3D(1, -1, 0), QVector3D(1, 0, 1),
                                     QVector3D(1, 0, -1), QVector3D(0, 1, 1), QVector3D(0, 1, -1)})
            cube << QQuaternion::fromAxisAndAngle(axis, 180.0f);
        cube << QQuaternion();
        QCOMPARE(cube.size(), 24);
        auto degrees = [](const QQuaternion& q) {
            return 2.0 * std::acos(std::min(1.0, double(std::abs(q.normalized().scalar())))) * 180.0 / M_PI;
        };
        QList<QQuaternion> turns = {
            QQuaternion::fromAxisAndAngle(0, 0, 1, 100), QQuaternion::fromAxisAndAngle(1, 0, 0, -95),
            QQuaternion::fromEulerAngles(20, 35, -50), QQuaternion::fromEulerAngles(170, -80, 100)};
        for (int k = 0; k < 40; ++k) // turns spread over the whole sphere of rotations
            turns << QQuaternion::fromEulerAngles(float((k * 97) % 360 - 180), float((k * 41) % 180 - 90),
                                                  float((k * 131) % 360 - 180));
        for (const QQuaternion& q : turns) {
            double least = 360;
            for (const QQuaternion& s : cube)
                least = std::min(least, degrees(q * s));
            auto points = test::pointsInBox(500, {-1.5, -0.5, -0.25}, {1.5, 0.5, 0.25}, 7);
            for (const QVector3D& c : test::boxMesh({-1.5, -0.5, -0.25}, {1.5, 0.5, 0.25}).positions)
                points.emplace_back(c);
            auto f = fitOrientedBox(placed(points, q, {1, 2, 3}));
            QVERIFY(f);
            QVERIFY2(std::abs(degrees(f->rotation) - least) < 0.5,
                     qPrintable(QStringLiteral("%1 degrees, least %2").arg(degrees(f->rotation)).arg(least)));
            QVERIFY2(f->volume < 3 * 1 * 0.5 * 1.01, qPrintable(QString::number(f->volume)));
        }
        // A quarter turn plus 10 degrees about Z: 10 degrees, the sizes along x and y swapped.
        auto points = test::pointsInBox(500, {-1.5, -0.5, -0.25}, {1.5, 0.5, 0.25}, 8);
        for (const QVector3D& c : test::boxMesh({-1.5, -0.5, -0.25}, {1.5, 0.5, 0.25}).positions)
            points.emplace_back(c);
        auto f = fitOrientedBox(placed(points, turns.front(), {}));
        QVERIFY(f);
        QVERIFY(length(f->shape.size - Vec3d{1, 3, 0.5}) < 0.01);
    }

    void sphere()
    {
        auto points = placed(test::pointsOnSphere(2000, 2.0, 4), QQuaternion(), {1, 2, 3});
        auto f = fitSphere(points);
        QVERIFY(f);
        QVERIFY(worstOutside(*f, points) <= 1e-12);
        QVERIFY(std::fabs(f->shape.radius - 2.0) < 0.01);
        // Two antipodal points fix the smallest sphere exactly, whatever lies within.
        auto inner = test::pointsOnSphere(300, 0.9, 5);
        inner.push_back({0, 0, 1});
        inner.push_back({0, 0, -1});
        auto g = fitSphere(inner);
        QVERIFY(std::fabs(g->shape.radius - 1.0) < 1e-12);
        QVERIFY(length(g->offset) < 1e-12);
        // A regular tetrahedron's smallest sphere is its circumsphere (radius sqrt(3/8) for edge 1).
        const double s = 1 / std::sqrt(8.0);
        auto t = fitSphere({{s, s, s}, {s, -s, -s}, {-s, s, -s}, {-s, -s, s}});
        QVERIFY(std::fabs(t->shape.radius - std::sqrt(3.0 / 8.0)) < 1e-12);
    }

    void capsuleAndCylinderAlongATiltedAxis()
    {
        // Points on a capsule of radius 0.4 and mid-height 2 and on a cylinder of radius 0.4, height 2,
        // tilted.
        std::vector<Vec3d> capsule, cylinder;
        std::mt19937 rng(6);
        std::uniform_real_distribution<double> u(0, 1);
        for (int i = 0; i < 4000; ++i) {
            const double a = 2 * std::numbers::pi * u(rng), y = -1 + 2 * u(rng);
            cylinder.push_back({0.4 * std::cos(a), y, 0.4 * std::sin(a)});
            capsule.push_back(cylinder.back());
        }
        for (const Vec3d& p : test::pointsOnSphere(2000, 0.4, 7)) {
            capsule.push_back(p + Vec3d{0, p.y > 0 ? 1.0 : -1.0, 0});
            if (std::fabs(p.y) < 0.3)
                cylinder.push_back({p.x, p.y > 0 ? 1.0 : -1.0, p.z}); // points on the end discs
        }
        const QQuaternion q = QQuaternion::fromAxisAndAngle(QVector3D(1, 0, 1).normalized(), 60);
        const Vec3d axis = Mat3d::fromQuaternion(q) * Vec3d{0, 1, 0};
        capsule = placed(capsule, q, {5, 0, -1});
        cylinder = placed(cylinder, q, {5, 0, -1});

        auto c = fitCapsule(capsule);
        QVERIFY(c);
        QVERIFY(c->shape.kind == ShapeKind::Capsule);
        QVERIFY(worstOutside(*c, capsule) < 1e-6);
        QVERIFY(axisError(*c, axis) < 1e-3);
        QVERIFY(std::fabs(c->shape.radiusTop - 0.4) < 0.01 && c->shape.radiusTop == c->shape.radiusBottom);
        QVERIFY(std::fabs(c->shape.height - 2.0) < 0.02);
        QVERIFY(length(c->offset - Vec3d{5, 0, -1}) < 0.01);

        auto y = fitCylinder(cylinder);
        QVERIFY(y);
        QVERIFY(worstOutside(*y, cylinder) < 1e-6);
        QVERIFY(axisError(*y, axis) < 1e-3);
        QVERIFY(std::fabs(y->shape.radiusBottom - 0.4) < 0.01);
        QVERIFY(std::fabs(y->shape.height - 2.0) < 0.01);
    }

    void everyFitEnclosesARealMesh()
    {
        auto doc = gltf::loadGltf(test::dataPath("spec/omi/other/rocket_ship.gltf"));
        QVERIFY(doc);
        std::vector<Vec3d> points;
        for (size_t m = 0; m < doc->count("meshes"); ++m) {
            if (auto mesh = gltf::meshTriangles(*doc, m)) {
                for (const QVector3D& p : mesh->positions)
                    points.emplace_back(p);
            }
        }
        QVERIFY(points.size() > 100);
        for (auto fit : everyFit()) {
            auto f = fit(points);
            QVERIFY(f);
            QVERIFY(worstOutside(*f, points) < 1e-5);
            QVERIFY(f->volume > 0);
        }
        // The oriented box is never larger than the axis-aligned one.
        QVERIFY(fitOrientedBox(points)->volume <= fitBox(points)->volume * (1 + 1e-9));
    }

    void degenerateInput()
    {
        QCOMPARE(fitBox({}).diagnostics.front().code, std::string("FIT_NO_POINTS"));
        QCOMPARE(fitSphere({{0, NAN, 0}}).diagnostics.front().code, std::string("FIT_NONFINITE_POINT"));
        // One point, a flat square, a line: every size stays positive.
        for (const std::vector<Vec3d>& pts :
             std::vector<std::vector<Vec3d>>{{{1, 2, 3}},
                                             {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}},
                                             {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}}) {
            for (auto fit : everyFit()) {
                auto f = fit(pts);
                QVERIFY(f);
                const ShapeGeometry& s = f->shape;
                QVERIFY(s.size.x > 0 && s.size.y > 0 && s.size.z > 0 && s.radius > 0 && s.height > 0 &&
                        s.radiusTop > 0 && s.radiusBottom > 0);
                QVERIFY(worstOutside(*f, pts) < 1e-6);
            }
        }
    }

    void rotationFromYTurnsYOntoTheAxis()
    {
        for (const Vec3d& a : {Vec3d{0, 1, 0}, Vec3d{0, -1, 0}, Vec3d{1, 0, 0}, Vec3d{0.3, -0.8, 0.52}}) {
            const Vec3d y = Mat3d::fromQuaternion(rotationFromY(a)) * Vec3d{0, 1, 0};
            QVERIFY(length(y - normalized(a)) < 1e-6);
        }
    }
};

QTEST_GUILESS_MAIN(TestPrimitiveFit)
#include "TestPrimitiveFit.moc"
