// The non-uniform-scale rule: per-axis scale factors compared by magnitude, with a relative tolerance, on a
// node's own scale and on a world matrix (whose column lengths are the scale factors).
#include "geometry/ScaleRule.h"

#include <QMatrix4x4>
#include <QTest>
#include <cmath>

using namespace cs::geometry;

class TestScaleRule : public QObject
{
    Q_OBJECT

private slots:
    void ownScale()
    {
        QVERIFY(!nonUniformScale(Vec3d{1, 1, 1}));
        QVERIFY(!nonUniformScale(Vec3d{2.5, 2.5, 2.5}));
        QVERIFY(nonUniformScale(Vec3d{1, 2, 1}));
        QVERIFY(nonUniformScale(Vec3d{1, 1, 1.001}));
        // A mirror keeps the shape: only magnitudes count.
        QVERIFY(!nonUniformScale(Vec3d{-1, 1, 1}));
        QVERIFY(nonUniformScale(Vec3d{-1, 2, 1}));
        // A zero scale has no shape to distort.
        QVERIFY(!nonUniformScale(Vec3d{0, 0, 0}));
        QVERIFY(nonUniformScale(Vec3d{0, 1, 1}));
    }

    void tolerance()
    {
        // 1e-10 relative is below the default tolerance (1e-9), 1e-8 above it.
        QVERIFY(!nonUniformScale(Vec3d{1, 1 + 1e-10, 1}));
        QVERIFY(nonUniformScale(Vec3d{1, 1 + 1e-8, 1}));
        QVERIFY(!nonUniformScale(Vec3d{1, 1 + 1e-8, 1}, 1e-6));
        QVERIFY(nonUniformScale(Vec3d{1, 1 + 1e-5, 1}, 1e-6));
        // Relative to the largest factor: 1000 and 1000.0001 are the same scale at 1e-6.
        QVERIFY(!nonUniformScale(Vec3d{1000, 1000.0001, 1000}, 1e-6));
    }

    void worldMatrix()
    {
        QMatrix4x4 m;
        m.translate(3, 4, 5);
        m.rotate(30, 0, 1, 0);
        m.scale(2, 2, 2);
        const Vec3d s = columnScale(m);
        QVERIFY(std::fabs(s.x - 2) < 1e-6 && std::fabs(s.y - 2) < 1e-6 && std::fabs(s.z - 2) < 1e-6);
        QVERIFY(!nonUniformScale(m));

        QMatrix4x4 stretched;
        stretched.rotate(45, 1, 0, 0);
        stretched.scale(1, 3, 1);
        const Vec3d t = columnScale(stretched);
        QVERIFY(std::fabs(t.y - 3) < 1e-6 && std::fabs(t.x - 1) < 1e-6);
        QVERIFY(nonUniformScale(stretched));

        // Float rounding in a rotated matrix stays below the world tolerance (1e-4).
        QMatrix4x4 turned;
        for (int i = 0; i < 50; ++i)
            turned.rotate(7.3f, 1, 2, 3);
        QVERIFY(!nonUniformScale(turned));
        QMatrix4x4 slightly;
        slightly.scale(1, 1.001f, 1);
        QVERIFY(nonUniformScale(slightly));
    }
};

QTEST_GUILESS_MAIN(TestScaleRule)
#include "TestScaleRule.moc"
