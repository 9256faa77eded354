// The joint move of an export for Babylon.js + Havok (issue 35, item 3: "the joint on the moving body"): the
// description seen from the other side, checked on hinges, sliders and locks whose inverse is known, and
// refused where the inverse would mix axes.
#include "targets/TargetJoints.h"

#include <QTest>

using namespace cs;
using physics::JointDescription;
using physics::JointDrive;
using physics::JointLimit;

namespace {

JointLimit limit(std::vector<int> linear, std::vector<int> angular, std::optional<double> min,
                 std::optional<double> max)
{
    JointLimit l;
    l.linearAxes = std::move(linear);
    l.angularAxes = std::move(angular);
    l.min = min;
    l.max = max;
    return l;
}

/// A hinge about X: no offset, no turn about Y or Z, a turn about X within [min, max].
JointDescription hingeX(double min, double max)
{
    JointDescription j;
    j.limits = {limit({0, 1, 2}, {}, 0.0, 0.0), limit({}, {1, 2}, 0.0, 0.0), limit({}, {0}, min, max)};
    return j;
}

JointDrive drive(physics::DriveType type, int axis, double position, double velocity)
{
    JointDrive d;
    d.type = type;
    d.mode = physics::DriveMode::Force;
    d.axis = axis;
    d.positionTarget = position;
    d.velocityTarget = velocity;
    d.stiffness = 10;
    d.damping = 1;
    return d;
}

} // namespace

class TestTargetJoints : public QObject
{
    Q_OBJECT

private slots:
    void hingeLimitMirrored()
    {
        // B turning by t about X relative to A is A turning by -t relative to B: [-0.2, 0.6] -> [-0.6, 0.2].
        JointDescription j = hingeX(-0.2, 0.6);
        j.drives = {drive(physics::DriveType::Angular, 0, 0.3, 2.0)};
        const auto inverted = targets::invertedJoint(j);
        QVERIFY(inverted);
        QCOMPARE(inverted->limits.size(), size_t(3));
        QCOMPARE(*inverted->limits[2].min, -0.6);
        QCOMPARE(*inverted->limits[2].max, 0.2);
        // The locks stay locks.
        QCOMPARE(*inverted->limits[0].min, 0.0);
        QCOMPARE(*inverted->limits[1].max, 0.0);
        QCOMPARE(inverted->drives.size(), size_t(1));
        QCOMPARE(*inverted->drives[0].positionTarget, -0.3);
        QCOMPARE(*inverted->drives[0].velocityTarget, -2.0);
        QCOMPARE(inverted->drives[0].stiffness, 10.0);
        // Inverting twice gives the description back.
        const auto twice = targets::invertedJoint(*inverted);
        QVERIFY(twice && twice->sameValues(j));
    }

    void sliderLimitMirrored()
    {
        // Nothing turns: the offset of A seen from B is minus that of B seen from A, on every axis.
        JointDescription j;
        j.limits = {limit({0, 1}, {}, 0.0, 0.0), limit({2}, {}, 0.1, 0.4), limit({}, {0, 1, 2}, 0.0, 0.0)};
        j.drives = {drive(physics::DriveType::Linear, 2, 0.25, -1.0)};
        const auto inverted = targets::invertedJoint(j);
        QVERIFY(inverted);
        QCOMPARE(*inverted->limits[1].min, -0.4);
        QCOMPARE(*inverted->limits[1].max, -0.1);
        QCOMPARE(*inverted->drives[0].positionTarget, -0.25);
        QCOMPARE(*inverted->drives[0].velocityTarget, 1.0);
    }

    void openSideStaysOpen()
    {
        // A limit with only a maximum becomes one with only a minimum.
        JointDescription j;
        j.limits = {limit({0}, {}, std::nullopt, 1.5), limit({}, {0, 1, 2}, 0.0, 0.0)};
        const auto inverted = targets::invertedJoint(j);
        QVERIFY(inverted);
        QCOMPARE(*inverted->limits[0].min, -1.5);
        QVERIFY(!inverted->limits[0].max);
    }

    void distanceKept()
    {
        // A ball joint (a 3-axis lock) and a rope (a 3-axis distance) with free turning: the distance between
        // the frames is the same from either side.
        JointDescription j;
        j.limits = {limit({0, 1, 2}, {}, 0.5, 2.0)};
        const auto inverted = targets::invertedJoint(j);
        QVERIFY(inverted);
        QCOMPARE(*inverted->limits[0].min, 0.5);
        QCOMPARE(*inverted->limits[0].max, 2.0);
        // With the turn locked, the distance is still the same.
        j.limits.push_back(limit({}, {0, 1, 2}, 0.0, 0.0));
        const auto locked = targets::invertedJoint(j);
        QVERIFY(locked);
        QCOMPARE(*locked->limits[0].min, 0.5);
    }

    void inexactInversesRefused()
    {
        // A ball joint with a cone: two axes turn, the inverse's swing is not the mirrored swing.
        JointDescription ball;
        ball.limits = {limit({0, 1, 2}, {}, 0.0, 0.0), limit({}, {1, 2}, std::nullopt, 0.5)};
        QVERIFY(!targets::invertedJoint(ball));
        // A hinge about X with a limit on Y alone: the offset turns with the hinge, so Y from the other side
        // mixes Y and Z.
        JointDescription hinge = hingeX(-0.2, 0.6);
        hinge.limits[0] = limit({1}, {}, 0.0, 0.3);
        QVERIFY(!targets::invertedJoint(hinge));
        // A drive about another axis than the hinge's.
        JointDescription driven = hingeX(-0.2, 0.6);
        driven.drives = {drive(physics::DriveType::Angular, 1, 0.3, 0.0)};
        QVERIFY(!targets::invertedJoint(driven));
    }
};

QTEST_GUILESS_MAIN(TestTargetJoints)
#include "TestTargetJoints.moc"
