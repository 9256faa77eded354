// Node transforms: quaternions, Euler angles (XYZ: R = Rz Ry Rx), TRS <-> matrix and the decomposition of a
// matrix with its report of shear and projection. Expected values are worked out by hand from the
// definitions (rotations by quarter turns, diagonal and sheared matrices).
#include "geometry/Transform.h"

#include <QTest>
#include <cmath>

using namespace cs::geometry;

namespace {

const double kHalf = std::sqrt(0.5);

bool near(double a, double b, double tol = 1e-12)
{
    return std::fabs(a - b) <= tol;
}
bool near(const Vec3d& a, const Vec3d& b, double tol = 1e-12)
{
    return near(a.x, b.x, tol) && near(a.y, b.y, tol) && near(a.z, b.z, tol);
}
QString text(const Vec3d& v)
{
    return QString("(%1, %2, %3)").arg(v.x, 0, 'g', 17).arg(v.y, 0, 'g', 17).arg(v.z, 0, 'g', 17);
}

} // namespace

class TestTransform : public QObject
{
    Q_OBJECT

private slots:
    void quarterTurns()
    {
        const Quatd z90 = quatFromAxisAngle({0, 0, 2}, M_PI / 2); // the axis is normalised
        QVERIFY(sameRotation(z90, {0, 0, kHalf, kHalf}));
        QVERIFY(near(rotate(z90, {1, 0, 0}), {0, 1, 0}));
        QVERIFY(near(rotate(z90, {0, 1, 0}), {-1, 0, 0}));
        // Two quarter turns about Z are a half turn: (0, 0, 1, 0).
        QVERIFY(sameRotation(z90 * z90, {0, 0, 1, 0}));
        QVERIFY(near(rotate(conjugate(z90), {0, 1, 0}), {1, 0, 0}));
        // The matrix of a quarter turn about X: Y -> Z, Z -> -Y.
        const Mat3d r = rotationMatrix(quatFromAxisAngle({1, 0, 0}, M_PI / 2));
        QVERIFY(near(r.column(1), {0, 0, 1}));
        QVERIFY(near(r.column(2), {0, -1, 0}));
        QVERIFY(sameRotation(quatFromRotationMatrix(r), {kHalf, 0, 0, kHalf}));
        // A half turn about (1, 1, 0)/sqrt2: the largest-diagonal branch of the matrix conversion.
        const Quatd half = quatFromAxisAngle({1, 1, 0}, M_PI);
        QVERIFY(sameRotation(quatFromRotationMatrix(rotationMatrix(half)), {kHalf, kHalf, 0, 0}));
        QCOMPARE(normalized(Quatd{0, 0, 0, 0}), Quatd{});
    }

    void eulerConvention()
    {
        // XYZ: x first about X, then y about the fixed Y, then z about the fixed Z.
        QVERIFY(sameRotation(quatFromEulerDegrees({90, 0, 0}), {kHalf, 0, 0, kHalf}));
        QVERIFY(sameRotation(quatFromEulerDegrees({0, 90, 0}), {0, kHalf, 0, kHalf}));
        QVERIFY(sameRotation(quatFromEulerDegrees({0, 0, 90}), {0, 0, kHalf, kHalf}));
        // Rx(90) takes Y to Z, then Ry(90) takes Z to X; X stays under Rx and goes to -Z under Ry.
        const Quatd q = quatFromEulerDegrees({90, 90, 0});
        QVERIFY2(near(rotate(q, {0, 1, 0}), {1, 0, 0}), qPrintable(text(rotate(q, {0, 1, 0}))));
        QVERIFY(near(rotate(q, {1, 0, 0}), {0, 0, -1}));
        // Rz(90) after Rx(90): Y -> Z -> Z; X -> X -> Y.
        const Quatd p = quatFromEulerDegrees({90, 0, 90});
        QVERIFY(near(rotate(p, {0, 1, 0}), {0, 0, 1}));
        QVERIFY(near(rotate(p, {1, 0, 0}), {0, 1, 0}));
    }

    void eulerRoundTrip_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<double>("z");
        QTest::newRow("zero") << 0.0 << 0.0 << 0.0;
        QTest::newRow("x") << 30.0 << 0.0 << 0.0;
        QTest::newRow("all") << 10.0 << 20.0 << 30.0;
        QTest::newRow("negative") << -120.0 << -45.0 << 170.0;
        QTest::newRow("half turn x") << 180.0 << 10.0 << -20.0;
        QTest::newRow("near lock") << 15.0 << 89.0 << 25.0;
    }
    void eulerRoundTrip()
    {
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(double, z);
        const Vec3d back = eulerDegreesFromQuat(quatFromEulerDegrees({x, y, z}));
        QVERIFY2(near(back, {x, y, z}, 1e-9), qPrintable(text(back)));
    }

    void eulerGimbalLock()
    {
        // At y = 90: R01 = sin(x - z), R11 = cos(x - z), so only z - x is defined; x is reported as 0.
        const Quatd q = quatFromEulerDegrees({30, 90, 40});
        const Vec3d e = eulerDegreesFromQuat(q);
        QVERIFY2(near(e, {0, 90, 10}, 1e-6), qPrintable(text(e)));
        QVERIFY(sameRotation(quatFromEulerDegrees(e), q, 1e-9));
    }

    void trsToMatrix()
    {
        const Trs trs{{1, 2, 3}, quatFromAxisAngle({0, 0, 1}, M_PI / 2), {2, 3, 4}};
        const Mat4d m = toMatrix(trs);
        // Columns R * S: X*2 -> (0, 2, 0), Y*3 -> (-3, 0, 0), Z*4 -> (0, 0, 4); then the translation.
        const std::array<double, 16> want{0, 2, 0, 0, -3, 0, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1};
        for (size_t i = 0; i < 16; ++i)
            QVERIFY2(near(m.m[i], want[i]), qPrintable(QString::number(i)));
        QVERIFY(near(transformPoint(m, {1, 0, 0}), {1, 4, 3}));
        QVERIFY(near(transformVector(m, {1, 0, 0}), {0, 2, 0}));
        QVERIFY(near(localToParent(trs, {1, 0, 0}), {0, 2, 0}));

        Mat4d inverse;
        QVERIFY(affineInverse(m, inverse));
        const Mat4d product = inverse * m;
        for (int r = 0; r < 4; ++r) {
            for (int c = 0; c < 4; ++c)
                QVERIFY(near(product(r, c), r == c ? 1 : 0));
        }
        QVERIFY(near(transformPoint(inverse, {1, 4, 3}), {1, 0, 0}));
        Mat4d singular;
        singular(1, 1) = 0;
        QVERIFY(!affineInverse(singular, inverse));
    }

    void decomposeExact()
    {
        const Trs trs{{1, 2, 3}, quatFromEulerDegrees({10, 20, 30}), {2, 3, 4}};
        const MatrixDecomposition d = decompose(toMatrix(trs));
        QVERIFY(d.exact());
        QVERIFY(d.shear < 1e-12);
        QVERIFY(!d.projective);
        QVERIFY(near(d.trs.translation, trs.translation));
        QVERIFY(near(d.trs.scale, trs.scale, 1e-12));
        QVERIFY(sameRotation(d.trs.rotation, trs.rotation, 1e-12));
    }

    void decomposeMirrors()
    {
        // A mirror in X: scale (-1, 1, 1), no rotation.
        Mat4d mx;
        mx(0, 0) = -1;
        MatrixDecomposition d = decompose(mx);
        QVERIFY(d.exact());
        QVERIFY(near(d.trs.scale, {-1, 1, 1}));
        QVERIFY(sameRotation(d.trs.rotation, {0, 0, 0, 1}));
        // A mirror in Y is a mirror in X followed by a half turn about Z: diag(1,-1,1) = Rz(180)
        // diag(-1,1,1).
        Mat4d my;
        my(1, 1) = -1;
        d = decompose(my);
        QVERIFY(d.exact());
        QVERIFY(near(d.trs.scale, {-1, 1, 1}));
        QVERIFY(sameRotation(d.trs.rotation, {0, 0, 1, 0}));
    }

    void decomposeZeroScale()
    {
        Mat4d m;
        m(0, 0) = 2;
        m(1, 1) = 0;
        m(2, 2) = 3;
        const MatrixDecomposition d = decompose(m);
        QVERIFY(d.exact());
        QVERIFY(near(d.trs.scale, {2, 0, 3}));
        QVERIFY(sameRotation(d.trs.rotation, {0, 0, 0, 1}));
    }

    void decomposeReportsShear()
    {
        // Basis X, X + Y, Z: 45 degrees between the first two columns.
        Mat4d m;
        m(0, 1) = 1;
        const MatrixDecomposition d = decompose(m);
        QVERIFY(!d.exact());
        QVERIFY(near(d.shear, kHalf));
        QVERIFY(near(d.trs.scale, {1, std::sqrt(2.0), 1}));
        // X keeps its direction, Y is made orthogonal to it: no rotation. TRS puts column Y at (0, sqrt2, 0)
        // where the matrix has (1, 1, 0): the largest difference is 1.
        QVERIFY(sameRotation(d.trs.rotation, {0, 0, 0, 1}));
        QVERIFY(near(d.residual, 1.0));
    }

    void decomposeReportsProjection()
    {
        Mat4d m;
        m(3, 0) = 0.5;
        const MatrixDecomposition d = decompose(m);
        QVERIFY(d.projective);
        QVERIFY(!d.exact());
        QVERIFY(near(d.residual, 0.5));
    }
};

QTEST_GUILESS_MAIN(TestTransform)
#include "TestTransform.moc"
