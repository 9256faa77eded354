// The viewport camera's maths: views, framing, orbit limits, panning and picking rays.
#include "viewport/OrbitCamera.h"

#include <QTest>
#include <cmath>

using cs::ui::OrbitCamera;

namespace {

bool near(const QVector3D& a, const QVector3D& b, float eps = 1e-4f)
{
    return (a - b).length() < eps;
}

/// Normalized device coordinates of a world point.
QVector3D project(const OrbitCamera& c, const QVector3D& p, float aspect)
{
    const QVector4D clip = c.projectionMatrix(aspect) * c.viewMatrix() * QVector4D(p, 1.0f);
    return clip.toVector3DAffine();
}

} // namespace

class TestOrbitCamera : public QObject
{
    Q_OBJECT

private slots:
    void standardViews()
    {
        OrbitCamera c;
        c.setView(OrbitCamera::View::Front);
        QVERIFY(near(c.forward(), QVector3D(0, 0, -1))); // looking at the +Z face, as glTF models face +Z
        QVERIFY(near(c.up(), QVector3D(0, 1, 0)));
        c.setView(OrbitCamera::View::Right);
        QVERIFY(near(c.forward(), QVector3D(-1, 0, 0)));
        c.setView(OrbitCamera::View::Top);
        QVERIFY(c.forward().y() < -0.99f);
        c.setView(OrbitCamera::View::Iso);
        // The iso view looks along the cube diagonal (-1,-1,-1)/sqrt(3).
        QVERIFY(near(c.forward(), QVector3D(-1, -1, -1).normalized(), 1e-3f));
    }

    void frameFitsTheBoxTightly()
    {
        for (auto view : {OrbitCamera::View::Front, OrbitCamera::View::Top, OrbitCamera::View::Iso}) {
            for (float aspect : {0.5f, 1.0f, 2.0f}) {
                OrbitCamera c;
                c.setView(view);
                const QVector3D lo(-10, -0.5f, -10), hi(10, 3.5f, 10);
                c.frame(lo, hi, aspect);
                float largest = 0;
                for (int i = 0; i < 8; ++i) {
                    const QVector3D corner((i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(),
                                           (i & 4) ? hi.z() : lo.z());
                    const QVector3D ndc = project(c, corner, aspect);
                    QVERIFY2(std::abs(ndc.x()) <= 1.0f && std::abs(ndc.y()) <= 1.0f && ndc.z() > -1 &&
                                 ndc.z() < 1,
                             qPrintable(QStringLiteral("corner %1 outside the view").arg(i)));
                    largest = std::max({largest, std::abs(ndc.x()), std::abs(ndc.y())});
                }
                QVERIFY2(largest > 0.85f, qPrintable(QStringLiteral("loose framing: %1").arg(largest)));
                QVERIFY(near(c.target(), QVector3D(0, 1.5f, 0)));
            }
        }
    }

    void orbitStopsShortOfThePoles()
    {
        OrbitCamera c;
        c.orbit(0, 10.0f);
        QVERIFY(c.pitch() < 1.5708f);
        QVERIFY(std::isfinite(c.up().length()) && std::abs(c.up().length() - 1.0f) < 1e-4f);
        c.orbit(0, -20.0f);
        QVERIFY(c.pitch() > -1.5708f);
        const float distance = c.distance();
        const QVector3D target = c.target();
        c.orbit(1.0f, 0.3f);
        QVERIFY(near(c.target(), target));
        QCOMPARE(c.distance(), distance);
        QVERIFY(std::abs((c.position() - c.target()).length() - distance) < 1e-3f);
    }

    void panMovesAcrossTheView()
    {
        OrbitCamera c;
        c.setView(OrbitCamera::View::Front);
        c.frame(QVector3D(-1, -1, -1), QVector3D(1, 1, 1), 1.0f);
        const QVector3D before = c.target();
        c.pan(0.5f, 0.0f);
        const QVector3D moved = c.target() - before;
        QVERIFY(std::abs(moved.y()) < 1e-5f && std::abs(moved.z()) < 1e-5f);
        QVERIFY(moved.x() < 0); // dragging right moves the scene right: the target moves left
        const float viewHeight =
            2.0f * c.distance() * std::tan(c.verticalFovDegrees() * 3.14159265f / 360.0f);
        QVERIFY(std::abs(moved.length() - 0.5f * viewHeight) < 1e-3f);
    }

    void rayThroughAPixelHitsWhatIsDrawnThere()
    {
        OrbitCamera c;
        c.setView(OrbitCamera::View::Iso);
        c.frame(QVector3D(-2, 0, -2), QVector3D(2, 1, 2), 1.5f);
        const QSize viewport(900, 600);
        const QVector3D point(1.3f, 0.7f, -0.4f);
        const QVector3D ndc = project(c, point, 1.5f);
        const float px = (ndc.x() + 1) * 0.5f * viewport.width();
        const float py = (1 - ndc.y()) * 0.5f * viewport.height();
        QVector3D origin, direction;
        c.rayThrough(px, py, viewport, origin, direction);
        QVERIFY(near(origin, c.position()));
        QVERIFY(std::abs(direction.length() - 1) < 1e-5f);
        // Distance from the point to the ray.
        const QVector3D toPoint = point - origin;
        const QVector3D closest = origin + direction * QVector3D::dotProduct(toPoint, direction);
        QVERIFY2((closest - point).length() < 1e-3f, qPrintable(QString::number((closest - point).length())));
        // The centre pixel looks straight ahead.
        c.rayThrough(450, 300, viewport, origin, direction);
        QVERIFY(near(direction, c.forward()));
    }
};

QTEST_GUILESS_MAIN(TestOrbitCamera)
#include "TestOrbitCamera.moc"
