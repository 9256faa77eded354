// The Jacobi eigen solver behind legacy inertiaTensor conversion, checked against closed-form results.
#include "physics/SymmetricEigen.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace cs::physics;

namespace {

Mat3 multiply(const Mat3& a, const Mat3& b)
{
    Mat3 out{};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            for (int k = 0; k < 3; ++k)
                out[r][c] += a[r][k] * b[k][c];
    return out;
}

Mat3 transpose(const Mat3& a)
{
    Mat3 out{};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            out[r][c] = a[c][r];
    return out;
}

Mat3 diagonal(const Vec3& d)
{
    return {{{d[0], 0, 0}, {0, d[1], 0}, {0, 0, d[2]}}};
}

double maxDifference(const Mat3& a, const Mat3& b)
{
    double m = 0;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            m = std::max(m, std::fabs(a[r][c] - b[r][c]));
    return m;
}

} // namespace

class TestSymmetricEigen : public QObject
{
    Q_OBJECT

private slots:
    void diagonalInputKeepsAxes()
    {
        const SymmetricEigen e = symmetricEigen(diagonal({4, 1, 9}));
        QCOMPARE(e.values[0], 4.0);
        QCOMPARE(e.values[1], 1.0);
        QCOMPARE(e.values[2], 9.0);
        const Quat q = quaternionFromRotation(e.vectors);
        QCOMPARE(q[3], 1.0);
        QCOMPARE(q[0], 0.0);
        QCOMPARE(e.sweeps, 0);
    }

    // [[2,1,0],[1,2,0],[0,0,5]]: eigenvalues 1 (axis (1,-1,0)/sqrt2), 3 (axis (1,1,0)/sqrt2) and 5 (z).
    void planarCoupling()
    {
        const Mat3 a{{{2, 1, 0}, {1, 2, 0}, {0, 0, 5}}};
        const SymmetricEigen e = symmetricEigen(a);
        Vec3 sorted = e.values;
        std::sort(sorted.begin(), sorted.end());
        QVERIFY(std::fabs(sorted[0] - 1) < 1e-12);
        QVERIFY(std::fabs(sorted[1] - 3) < 1e-12);
        QVERIFY(std::fabs(sorted[2] - 5) < 1e-12);
        for (int i = 0; i < 3; ++i) {
            if (std::fabs(e.values[i] - 3) > 1e-9)
                continue;
            const double s = 1 / std::sqrt(2.0);
            QVERIFY(std::fabs(std::fabs(e.vectors[0][i]) - s) < 1e-12);
            QVERIFY(std::fabs(std::fabs(e.vectors[1][i]) - s) < 1e-12);
            QVERIFY(e.vectors[0][i] * e.vectors[1][i] > 0); // same sign: the (1,1,0) direction
        }
    }

    // A known rotation of a known diagonal: R diag(1,2,3) R^T, R = 30 degrees about z then 45 about x.
    void rotatedTensorReconstructs()
    {
        const double c30 = std::cos(M_PI / 6), s30 = std::sin(M_PI / 6);
        const double c45 = std::cos(M_PI / 4), s45 = std::sin(M_PI / 4);
        const Mat3 rz{{{c30, -s30, 0}, {s30, c30, 0}, {0, 0, 1}}};
        const Mat3 rx{{{1, 0, 0}, {0, c45, -s45}, {0, s45, c45}}};
        const Mat3 r = multiply(rx, rz);
        const Mat3 a = multiply(multiply(r, diagonal({1, 2, 3})), transpose(r));

        const SymmetricEigen e = symmetricEigen(a);
        Vec3 sorted = e.values;
        std::sort(sorted.begin(), sorted.end());
        QVERIFY(std::fabs(sorted[0] - 1) < 1e-12);
        QVERIFY(std::fabs(sorted[1] - 2) < 1e-12);
        QVERIFY(std::fabs(sorted[2] - 3) < 1e-12);

        // The quaternion written to the file must rebuild the tensor: R' diag R'^T == A.
        const Quat q = quaternionFromRotation(e.vectors);
        QVERIFY(std::fabs(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] - 1) < 1e-12);
        const Mat3 rq = rotationFromQuaternion(q);
        const Mat3 back = multiply(multiply(rq, diagonal(e.values)), transpose(rq));
        QVERIFY2(maxDifference(back, a) < 1e-12, "R diag R^T does not give back the tensor");
    }

    void quaternionOfKnownRotation()
    {
        // 90 degrees about y: q = (0, sin45, 0, cos45).
        const Mat3 r{{{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}}};
        const Quat q = quaternionFromRotation(r);
        QVERIFY(std::fabs(q[1] - std::sqrt(0.5)) < 1e-12);
        QVERIFY(std::fabs(q[3] - std::sqrt(0.5)) < 1e-12);
        QVERIFY(std::fabs(q[0]) < 1e-12 && std::fabs(q[2]) < 1e-12);
        // 180 degrees about x (trace -1): q = (1, 0, 0, 0).
        const Quat flip = quaternionFromRotation({{{1, 0, 0}, {0, -1, 0}, {0, 0, -1}}});
        QVERIFY(std::fabs(std::fabs(flip[0]) - 1) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestSymmetricEigen)
#include "TestSymmetricEigen.moc"
