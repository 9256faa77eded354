// Mass properties against closed forms (box, sphere, cylinder, cone, capsule), against Monte Carlo
// integration with independent inside tests (tapered capsule, tapered cylinder, concave mesh), body sums
// through node transforms, and principal axes.
#include "GeometryTestUtil.h"
#include "TestSupport.h"
#include "geometry/MassProperties.h"
#include "gltf/MeshTriangles.h"

#include <QTest>
#include <cmath>
#include <functional>
#include <numbers>

using namespace cs;
using namespace cs::geometry;

namespace {

bool near(double a, double b, double rel, double abs = 1e-12)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + abs;
}

bool nearMat(const Mat3d& a, const Mat3d& b, double tol)
{
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            if (std::fabs(a[i][j] - b[i][j]) > tol)
                return false;
        }
    }
    return true;
}

MassProperties props(const ShapeGeometry& s, double density = 1.0)
{
    auto r = shapeMassProperties(s, density);
    if (!r)
        qWarning("%s", test::describe(r.diagnostics).c_str());
    return r ? *r : MassProperties{};
}

/// Monte Carlo mass properties (unit density) of the solid `inside` within the box [lo, hi], fixed seed.
MassProperties monteCarlo(const std::function<bool(const Vec3d&)>& inside, const Vec3d& lo, const Vec3d& hi,
                          size_t samples)
{
    const auto points = test::pointsInBox(samples, lo, hi, 99);
    const Vec3d e = hi - lo;
    const double boxVolume = e.x * e.y * e.z;
    std::vector<Vec3d> in;
    for (const Vec3d& p : points) {
        if (inside(p))
            in.push_back(p);
    }
    MassProperties out;
    out.volume = boxVolume * double(in.size()) / double(samples);
    out.mass = out.volume;
    for (const Vec3d& p : in)
        out.centerOfMass += p;
    out.centerOfMass = out.centerOfMass / double(in.size());
    const double w = out.volume / double(in.size());
    for (const Vec3d& p : in) {
        const Vec3d d = p - out.centerOfMass;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j)
                out.inertia[i][j] += w * ((i == j ? dot(d, d) : 0.0) - d[i] * d[j]);
        }
    }
    return out;
}

void compareToMonteCarlo(const MassProperties& exact, const MassProperties& sampled, double scale)
{
    QVERIFY2(near(exact.volume, sampled.volume, 0.01),
             qPrintable(QString("volume %1 vs %2").arg(exact.volume).arg(sampled.volume)));
    QVERIFY(length(exact.centerOfMass - sampled.centerOfMass) < 0.01 * scale);
    double norm = 0;
    for (int i = 0; i < 3; ++i)
        norm = std::max(norm, std::fabs(exact.inertia[i][i]));
    QVERIFY2(nearMat(exact.inertia, sampled.inertia, 0.02 * norm), "inertia");
}

} // namespace

class TestMassProperties : public QObject
{
    Q_OBJECT

private slots:
    void boxAndSphere()
    {
        const MassProperties b = props(ShapeGeometry::box({2, 3, 4}), 10);
        QVERIFY(near(b.volume, 24, 1e-12));
        QVERIFY(near(b.mass, 240, 1e-12));
        QVERIFY(nearMat(b.inertia,
                        Mat3d::diagonal({240 * (9 + 16) / 12.0, 240 * (4 + 16) / 12.0, 240 * (4 + 9) / 12.0}),
                        1e-9));
        const MassProperties s = props(ShapeGeometry::sphere(2), 3);
        const double m = 3 * 4.0 / 3.0 * std::numbers::pi * 8;
        QVERIFY(near(s.mass, m, 1e-12));
        QVERIFY(nearMat(s.inertia, Mat3d::diagonal({0.4 * m * 4, 0.4 * m * 4, 0.4 * m * 4}), 1e-9));
    }

    void cylinderAndCone()
    {
        const double r = 0.7, h = 2.5;
        const MassProperties c = props(ShapeGeometry::cylinder(h, r, r));
        const double m = std::numbers::pi * r * r * h;
        QVERIFY(near(c.volume, m, 1e-12));
        QVERIFY(length(c.centerOfMass) < 1e-12);
        QVERIFY(near(c.inertia[1][1], m * r * r / 2, 1e-12));
        QVERIFY(near(c.inertia[0][0], m * (3 * r * r + h * h) / 12, 1e-12));
        QVERIFY(near(c.inertia[2][2], c.inertia[0][0], 1e-12));

        // A cone (top radius 0): V = pi r^2 h / 3, centre of mass h/4 above the base, I_axis = 3/10 m r^2,
        // I_across (through the centre of mass) = 3/20 m r^2 + 3/80 m h^2.
        const MassProperties k = props(ShapeGeometry::cylinder(h, r, 0));
        const double mk = std::numbers::pi * r * r * h / 3;
        QVERIFY(near(k.volume, mk, 1e-12));
        QVERIFY(near(k.centerOfMass.y, -h / 2 + h / 4, 1e-12));
        QVERIFY(near(k.inertia[1][1], 0.3 * mk * r * r, 1e-12));
        QVERIFY(near(k.inertia[0][0], 3.0 / 20 * mk * r * r + 3.0 / 80 * mk * h * h, 1e-12));
    }

    void capsule()
    {
        // Cylinder plus two hemispheres; each hemisphere's inertia about the capsule's centre across the axis
        // is m_h (2/5 r^2 + h^2/4 + 3/8 h r).
        const double r = 0.5, h = 1.2;
        const MassProperties c = props(ShapeGeometry::capsule(h, r, r), 2);
        const double mc = 2 * std::numbers::pi * r * r * h, mh = 2 * 2.0 / 3.0 * std::numbers::pi * r * r * r;
        QVERIFY(near(c.mass, mc + 2 * mh, 1e-12));
        QVERIFY(near(c.inertia[1][1], mc * r * r / 2 + 2 * mh * 0.4 * r * r, 1e-12));
        QVERIFY(near(c.inertia[0][0],
                     mc * (h * h / 12 + r * r / 4) + 2 * mh * (0.4 * r * r + h * h / 4 + 3.0 / 8 * h * r),
                     1e-12));
    }

    void taperedShapesAgainstMonteCarlo()
    {
        const double h = 1.0, r0 = 0.6, r1 = 0.25;
        const MassProperties capsule = props(ShapeGeometry::capsule(h, r0, r1));
        compareToMonteCarlo(capsule,
                            monteCarlo([&](const Vec3d& p) { return test::capsuleField(h, r0, r1, p) <= 0; },
                                       {-0.6, -1.1, -0.6}, {0.6, 0.8, 0.6}, 400000),
                            1.0);
        // One sphere inside the other: the capsule is the larger sphere.
        const MassProperties swallowed = props(ShapeGeometry::capsule(0.2, 1.0, 0.3));
        QVERIFY(near(swallowed.volume, 4.0 / 3.0 * std::numbers::pi, 1e-12));
        QVERIFY(near(swallowed.centerOfMass.y, -0.1, 1e-12));

        const MassProperties frustum = props(ShapeGeometry::cylinder(2, 0.3, 0.8));
        compareToMonteCarlo(frustum,
                            monteCarlo(
                                [](const Vec3d& p) {
                                    const double rr = 0.3 + 0.5 * (p.y + 1) / 2;
                                    return std::fabs(p.y) <= 1 && p.x * p.x + p.z * p.z <= rr * rr;
                                },
                                {-0.8, -1, -0.8}, {0.8, 1, 0.8}, 400000),
                            2.0);
    }

    void meshesAgainstClosedFormAndMonteCarlo()
    {
        const auto cube = test::boxMesh({1, 2, 3}, {3, 3, 7});
        const MassProperties c = meshMassProperties(cube, 5);
        const MassProperties b = props(ShapeGeometry::box({2, 1, 4}), 5);
        QVERIFY(near(c.volume, 8, 1e-9));
        QVERIFY(length(c.centerOfMass - Vec3d{2, 2.5, 5}) < 1e-9);
        QVERIFY(nearMat(c.inertia, b.inertia, 1e-9));
        // The convex shape of the same corners, and a trimesh wound inward, give the same.
        QVERIFY(nearMat(props(ShapeGeometry::convex(cube), 5).inertia, b.inertia, 1e-9));
        gltf::TriangleMesh inward = cube;
        for (size_t t = 0; t < inward.indices.size(); t += 3)
            std::swap(inward.indices[t + 1], inward.indices[t + 2]);
        QVERIFY(near(props(ShapeGeometry::trimesh(inward), 5).mass, 40, 1e-9));

        // A concave mesh from the OMI examples.
        auto doc = gltf::loadGltf(
            test::dataPath("spec/omi/OMI_physics_shape/examples/trimesh/concave_trimesh.gltf"));
        QVERIFY(doc);
        auto mesh = gltf::meshTriangles(*doc, 0);
        QVERIFY(mesh);
        Vec3d lo(mesh->positions[0]), hi = lo;
        for (const QVector3D& p : mesh->positions) {
            lo = minOf(lo, Vec3d(p));
            hi = maxOf(hi, Vec3d(p));
        }
        const MassProperties exact = props(ShapeGeometry::trimesh(*mesh));
        compareToMonteCarlo(
            exact, monteCarlo([&](const Vec3d& p) { return test::insideMesh(*mesh, p); }, lo, hi, 200000),
            length(hi - lo));
    }

    void bodySumsThroughTransforms()
    {
        // Two unit cubes side by side make a 2 x 1 x 1 box.
        const MassProperties cube = props(ShapeGeometry::box({1, 1, 1}), 3);
        QMatrix4x4 left, right;
        left.translate(-0.5f, 0, 0);
        right.translate(0.5f, 0, 0);
        const MassProperties two = combineMassProperties({{cube, left}, {cube, right}});
        const MassProperties wide = props(ShapeGeometry::box({2, 1, 1}), 3);
        QVERIFY(near(two.mass, wide.mass, 1e-12));
        QVERIFY(length(two.centerOfMass) < 1e-9);
        QVERIFY(nearMat(two.inertia, wide.inertia, 1e-6));

        // A 1 x 2 x 3 box turned a quarter about Z is a 2 x 1 x 3 box; a scale on the node is ignored.
        QMatrix4x4 turn;
        turn.translate(1, 2, 3);
        turn.rotate(90, 0, 0, 1);
        turn.scale(2);
        const MassProperties turned = combineMassProperties({{props(ShapeGeometry::box({1, 2, 3})), turn}});
        QVERIFY(length(turned.centerOfMass - Vec3d{1, 2, 3}) < 1e-6);
        QVERIFY(nearMat(turned.inertia, props(ShapeGeometry::box({2, 1, 3})).inertia, 1e-5));

        // Scaling to a mass scales the tensor alike.
        const MassProperties heavy = wide.withMass(60);
        QVERIFY(near(heavy.inertia[0][0], wide.inertia[0][0] * 60 / wide.mass, 1e-12));
    }

    void principalAxesOfARotatedBox()
    {
        const MassProperties box = props(ShapeGeometry::box({1, 2, 4}));
        const QQuaternion q = QQuaternion::fromAxisAndAngle(QVector3D(1, 2, 3).normalized(), 37);
        QMatrix4x4 t;
        t.rotate(q);
        const MassProperties placed = combineMassProperties({{box, t}});
        const PrincipalInertia p = principalInertia(placed.inertia);
        // R diag R^T gives back the tensor, R is a rotation, and the moments are the box's.
        const Mat3d r = Mat3d::fromQuaternion(p.orientation);
        QVERIFY(nearMat(r * Mat3d::diagonal(p.diagonal) * r.transposed(), placed.inertia, 1e-6));
        std::array<double, 3> got{p.diagonal.x, p.diagonal.y, p.diagonal.z},
            want{box.inertia[0][0], box.inertia[1][1], box.inertia[2][2]};
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        for (int i = 0; i < 3; ++i)
            QVERIFY(near(got[i], want[i], 1e-9));
    }

    void jacobiOnRandomMatrices()
    {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> u(-5, 5);
        for (int k = 0; k < 200; ++k) {
            Mat3d a;
            for (int i = 0; i < 3; ++i) {
                for (int j = i; j < 3; ++j)
                    a[i][j] = a[j][i] = u(rng);
            }
            if (k % 10 == 0)
                a[0][1] = a[1][0] = a[0][2] = a[2][0] = 0; // partly diagonal already
            const SymmetricEigen3 e = symmetricEigen3(a);
            QVERIFY(std::fabs(e.vectors.determinant() - 1) < 1e-12);
            QVERIFY(nearMat(e.vectors.transposed() * e.vectors, Mat3d::identity(), 1e-12));
            for (int i = 0; i < 3; ++i) {
                const Vec3d v = e.vectors.column(i);
                QVERIFY(length(a * v - v * e.values[i]) < 1e-10);
            }
        }
        // A diagonal matrix keeps its axes.
        const SymmetricEigen3 d = symmetricEigen3(Mat3d::diagonal({3, 1, 2}));
        QVERIFY(nearMat(d.vectors, Mat3d::identity(), 0));
        QCOMPARE(d.values, Vec3d(3, 1, 2));
    }

    void degenerateShapes()
    {
        QVERIFY(!shapeMassProperties(ShapeGeometry::box({1, -1, 1}), 1));
        QVERIFY(!shapeMassProperties(ShapeGeometry::sphere(-1), 1));
        QVERIFY(!shapeMassProperties(ShapeGeometry::capsule(1, -0.1, 0.2), 1));
        gltf::TriangleMesh flat;
        flat.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
        flat.indices = {0, 1, 2, 1, 3, 2};
        auto convex = shapeMassProperties(ShapeGeometry::convex(flat), 1);
        QVERIFY(!convex);
        QCOMPARE(convex.diagnostics.front().code, std::string("MASS_DEGENERATE_SHAPE"));
        QVERIFY(!shapeMassProperties(ShapeGeometry::trimesh(flat), 1));
        ShapeGeometry meshless;
        meshless.kind = ShapeKind::Convex;
        QVERIFY(!shapeMassProperties(meshless, 1));
        // A zero-size sphere is allowed by OMI (radius >= 0) and simply has no mass.
        auto point = shapeMassProperties(ShapeGeometry::sphere(0), 1);
        QVERIFY(point);
        QCOMPARE(point->mass, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestMassProperties)
#include "TestMassProperties.moc"
