// Capsules and cylinders along the right axis: fitted to a standing figure they stand along its long axis
// (auto), or run along the axis asked for (X, Y, Z); radius, length and centre from closed forms.
#include "LevelPieces.h"
#include "geometry/PrimitiveFit.h"

#include <QTest>
#include <array>
#include <cmath>

using namespace cs;
using namespace cs::geometry;

namespace {

// The figure of test::TPose in its own frame (w across the arms, h up, d deep): a column 0.4 wide, 2 high and
// 0.3 deep on the ground, with arms 1.9 across from h = 1.4 to 1.6, whose smallest capsule by volume lies
// across it and whose smallest cylinder by volume is a disc.
constexpr double kArm = test::TPose::kArm, kBody = test::TPose::kBody, kDepth = test::TPose::kDepth,
                 kHeight = test::TPose::kHeight, kArmLow = test::TPose::kArmLow,
                 kArmHigh = test::TPose::kArmHigh;

// Which world axis carries h, w and d.
struct Frame
{
    int h, w, d;
};

Vec3d place(const Frame& f, double w, double h, double d)
{
    std::array<double, 3> v{};
    v[size_t(f.w)] = w;
    v[size_t(f.h)] = h;
    v[size_t(f.d)] = d;
    return {v[0], v[1], v[2]};
}

void corners(std::vector<Vec3d>& out, const Frame& f, double w, double h0, double h1)
{
    for (double sw : {-w, w})
        for (double h : {h0, h1})
            for (double sd : {-kDepth, kDepth})
                out.push_back(place(f, sw, h, sd));
}

std::vector<Vec3d> tPose(const Frame& f)
{
    std::vector<Vec3d> points;
    corners(points, f, kBody, 0, kHeight);
    corners(points, f, kArm, kArmLow, kArmHigh);
    return points;
}

Vec3d unit(int axis)
{
    Vec3d v;
    (axis == 0 ? v.x : axis == 1 ? v.y : v.z) = 1;
    return v;
}

Vec3d axisOf(const FittedShape& fit)
{
    return Mat3d::fromQuaternion(fit.rotation) * Vec3d{0, 1, 0};
}

void requireAlong(const FittedShape& fit, int axis)
{
    const double c = std::fabs(dot(axisOf(fit), unit(axis)));
    QVERIFY2(c > 1 - 1e-6, qPrintable(QStringLiteral("axis off by %1").arg(std::acos(std::min(1.0, c)))));
}

void requireNear(double actual, double expected, const char* what)
{
    QVERIFY2(std::fabs(actual - expected) < 1e-5,
             qPrintable(QStringLiteral("%1: %2, expected %3").arg(what).arg(actual).arg(expected)));
}

void requireOffset(const FittedShape& fit, const Vec3d& expected)
{
    requireNear(fit.offset.x, expected.x, "offset x");
    requireNear(fit.offset.y, expected.y, "offset y");
    requireNear(fit.offset.z, expected.z, "offset z");
}

} // namespace

class TestRoundAxis : public QObject
{
    Q_OBJECT

private slots:
    void standingFigureAlongItsLongAxis_data();
    void standingFigureAlongItsLongAxis();
    void axisAsked();
    void axisNames();
};

void TestRoundAxis::standingFigureAlongItsLongAxis_data()
{
    QTest::addColumn<int>("h");
    QTest::addColumn<int>("w");
    QTest::addColumn<int>("d");
    QTest::newRow("standing along Y") << 1 << 0 << 2;
    QTest::newRow("lying along X") << 0 << 1 << 2;
    QTest::newRow("lying along Z") << 2 << 0 << 1;
}

void TestRoundAxis::standingFigureAlongItsLongAxis()
{
    QFETCH(int, h);
    QFETCH(int, w);
    QFETCH(int, d);
    const Frame f{h, w, d};
    const auto points = tPose(f);
    // Across the long axis the points project onto the arms' rectangle: its circumscribed circle.
    const double r = std::hypot(kArm, kDepth);
    // The arms' corners lie on that circle, so the hemisphere centres reach no further than their top and
    // bottom; the feet's corners (at kBody, kDepth from the axis) let the lower centre rise to `low`.
    const double low = std::sqrt(r * r - kBody * kBody - kDepth * kDepth);
    // Auto, and the axis it stands along asked for by name: the same shapes.
    const RoundAxis named[] = {RoundAxis::X, RoundAxis::Y, RoundAxis::Z};
    for (RoundAxis asked : {RoundAxis::Auto, named[h]}) {
        auto capsule = fitCapsule(points, asked);
        QVERIFY(capsule);
        requireAlong(*capsule, h);
        requireNear(capsule->shape.radiusBottom, r, "capsule radius");
        requireNear(capsule->shape.radiusTop, r, "capsule radius");
        requireNear(capsule->shape.height, kArmHigh - low, "capsule mid-height");
        requireOffset(*capsule, place(f, 0, (kArmHigh + low) / 2, 0));
        auto cylinder = fitCylinder(points, asked);
        QVERIFY(cylinder);
        requireAlong(*cylinder, h);
        requireNear(cylinder->shape.radiusBottom, r, "cylinder radius");
        requireNear(cylinder->shape.height, kHeight, "cylinder height");
        requireOffset(*cylinder, place(f, 0, kHeight / 2, 0));
    }
}

void TestRoundAxis::axisAsked()
{
    // The figure standing along Y, fitted along X: across X the points project onto the column's 2 x 0.3
    // rectangle (the arms inside it), centred at mid-height.
    const auto points = tPose({1, 0, 2});
    const double r = std::hypot(kHeight / 2, kDepth);
    auto capsule = fitCapsule(points, RoundAxis::X);
    QVERIFY(capsule);
    requireAlong(*capsule, 0);
    requireNear(capsule->shape.radiusBottom, r, "capsule radius");
    // The column's corners lie on the circle: the centres stop at its sides; the arms' tips stay inside
    // (their reach from the tips is more than kArm - kBody).
    requireNear(capsule->shape.height, 2 * kBody, "capsule mid-height");
    requireOffset(*capsule, {0, kHeight / 2, 0});
    auto cylinder = fitCylinder(points, RoundAxis::X);
    QVERIFY(cylinder);
    requireAlong(*cylinder, 0);
    requireNear(cylinder->shape.radiusBottom, r, "cylinder radius");
    requireNear(cylinder->shape.height, 2 * kArm, "cylinder height");
    // Along Z: across Z the points project onto the T's outline (2 high, 1.9 across).
    auto alongZ = fitCylinder(points, RoundAxis::Z);
    QVERIFY(alongZ);
    requireAlong(*alongZ, 2);
    requireNear(alongZ->shape.height, 2 * kDepth, "cylinder height along Z");
}

void TestRoundAxis::axisNames()
{
    for (RoundAxis a : {RoundAxis::Auto, RoundAxis::X, RoundAxis::Y, RoundAxis::Z})
        QCOMPARE(roundAxisFromName(roundAxisName(a)), std::optional(a));
    QCOMPARE(std::string(roundAxisName(RoundAxis::Y)), std::string("y"));
    QVERIFY(!roundAxisFromName("w"));
}

QTEST_GUILESS_MAIN(TestRoundAxis)
#include "TestRoundAxis.moc"
