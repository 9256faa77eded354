// The quaternion/Euler module the orientation fields edit through (geometry/EulerAngles.h): known rotations
// of 90 degrees about each axis (closed form: sqrt(1/2) components), the order of the angles, round trips
// away from and at the poles, and one angle changed with the other two kept. Moved from tests/panels.
#include "geometry/EulerAngles.h"

#include <QTest>
#include <cmath>
#include <random>

using namespace cs::geometry;

namespace {

/// Within `tolerance` degrees (or quaternion units).
bool close(double a, double b, double tolerance = 1e-9)
{
    return std::fabs(a - b) <= tolerance;
}

} // namespace

class TestEulerAngles : public QObject
{
    Q_OBJECT

private slots:
    void eulerConversions()
    {
        const double s = std::sqrt(0.5);
        // 90 degrees about each axis.
        const QuatArray ax = eulerDegreesToQuat({90, 0, 0});
        QVERIFY(close(ax[0], s) && close(ax[1], 0) && close(ax[2], 0) && close(ax[3], s));
        const QuatArray ay = eulerDegreesToQuat({0, 90, 0});
        QVERIFY(close(ay[0], 0) && close(ay[1], s) && close(ay[2], 0) && close(ay[3], s));
        const QuatArray az = eulerDegreesToQuat({0, 0, -90});
        QVERIFY(close(az[0], 0) && close(az[1], 0) && close(az[2], -s) && close(az[3], s));
        // Order: x first, then y, then z (about fixed axes): q = qz * qy * qx.
        const QuatArray xy = eulerDegreesToQuat({90, 90, 0});
        // qy(90) * qx(90) = (0.5, 0.5, -0.5, 0.5)
        QVERIFY(close(xy[0], 0.5) && close(xy[1], 0.5) && close(xy[2], -0.5) && close(xy[3], 0.5));

        const AnglesArray e = quatToEulerDegrees({0, 0, 0, 1});
        QCOMPARE(e, (AnglesArray{0, 0, 0}));
        const AnglesArray e2 = quatToEulerDegrees({0, 0, 2 * s, 2 * s}); // not normalized
        QVERIFY(close(e2[0], 0) && close(e2[1], 0) && close(e2[2], 90));

        // Round trips away from the poles give the same angles; everywhere the same rotation.
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> angle(-179.0, 179.0);
        std::uniform_real_distribution<double> pitch(-89.0, 89.0);
        for (int i = 0; i < 500; ++i) {
            const AnglesArray in{angle(rng), pitch(rng), angle(rng)};
            const AnglesArray out = quatToEulerDegrees(eulerDegreesToQuat(in));
            for (size_t k = 0; k < 3; ++k)
                QVERIFY2(close(in[k], out[k], 1e-7), qPrintable(QString::number(i)));
        }
        for (double p : {90.0, -90.0}) {
            const QuatArray q = eulerDegreesToQuat({30, p, 40});
            const AnglesArray out = quatToEulerDegrees(q);
            QVERIFY(close(out[1], p, 1e-6));
            QVERIFY(sameOrientation(eulerDegreesToQuat(out), q, 1e-12));
        }
        QCOMPARE(normalizedQuat({0, 0, 0, 0}), (QuatArray{0, 0, 0, 1}));
        QVERIFY(sameOrientation({0, 0, 0, 1}, {0, 0, 0, -1}));
        QVERIFY(!sameOrientation({0, 0, 0, 1}, ax));
        const QuatArray changed = withEulerAngle(eulerDegreesToQuat({10, 20, 30}), 1, -45);
        const AnglesArray changedAngles = quatToEulerDegrees(changed);
        QVERIFY(close(changedAngles[0], 10, 1e-9) && close(changedAngles[1], -45, 1e-9) &&
                close(changedAngles[2], 30, 1e-9));
    }
};

QTEST_GUILESS_MAIN(TestEulerAngles)
#include "TestEulerAngles.moc"
