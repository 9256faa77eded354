// The preview engine against closed-form physics (issue 20, item 5): free fall, gravityFactor, restitution,
// friction on a slope with the spec's combine modes, an off-centre centre of mass, a settling stack.
#include "SimulationScenes.h"

#include <QTest>
#include <algorithm>

using namespace cs;
using namespace cs::test;

namespace {

double drop(const simulation::World& world, size_t body, double startY)
{
    return startY - world.states()[body].pose.position[1];
}

/// The angle in radians between the body's +Y axis and the world's +Y.
double tilt(const simulation::BodyState& s)
{
    return std::acos(std::clamp(rotated(s.pose.rotation, {0, 1, 0})[1], -1.0, 1.0));
}

/// How far the box of the slope scene moved, after `seconds`, on a slope of `degrees` where the box's and
/// the slope's materials are a and b.
double slideDistance(double degrees, const physics::PhysicsMaterial& a, const physics::PhysicsMaterial& b,
                     double seconds = 2.0)
{
    const double angle = degrees * M_PI / 180;
    const Quat tiltZ = axisAngle({0, 0, 1}, angle);
    SimulationInput in;
    in.materials = {a, b};
    in.statics.push_back(staticBox(100, {0, 0, 0}, {12, 1, 4}, tiltZ, 1));
    // The box sits on the slope's top face: 0.5 m (half the slope) + 0.25 m (half the box) along its normal.
    const Vec3 normal = rotated(tiltZ, {0, 1, 0});
    const Vec3 start{normal[0] * 0.752, normal[1] * 0.752, normal[2] * 0.752};
    in.bodies.push_back(boxBody(0, start, {0.5, 0.5, 0.5}, 1.0, tiltZ, 0));
    simulation::World world(in);
    world.advance(seconds);
    const Vec3 p = world.states()[0].pose.position;
    return std::hypot(p[0] - start[0], p[1] - start[1], p[2] - start[2]);
}

} // namespace

class TestSimulationPhysics : public QObject
{
    Q_OBJECT

private slots:
    void freeFall_data()
    {
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("seconds");
        QTest::newRow("1/60 s steps, 2 s") << 1.0 / 60 << 2.0;
        QTest::newRow("1/240 s steps, 1 s") << 1.0 / 240 << 1.0;
    }
    void freeFall()
    {
        QFETCH(double, step);
        QFETCH(double, seconds);
        SimulationInput in;
        in.bodies.push_back(sphereBody(0, {0, 100, 0}, 0.5));
        simulation::World world(in, {step, {0, -StandardGravity, 0}});
        world.advance(seconds);
        QCOMPARE(world.stepCount(), size_t(std::llround(seconds / step)));
        const double expected = 0.5 * StandardGravity * seconds * seconds;
        QVERIFY2(std::fabs(drop(world, 0, 100) - expected) <= 0.01 * expected,
                 qPrintable(QString("fell %1 m, 1/2 g t^2 = %2 m").arg(drop(world, 0, 100)).arg(expected)));
    }

    void gravityFactor()
    {
        SimulationInput in;
        for (int i = 0; i < 3; ++i) {
            in.bodies.push_back(sphereBody(size_t(i), {i * 5.0, 100, 0}, 0.5));
            in.bodies.back().gravityFactor = i; // 0, 1, 2
        }
        simulation::World world(in);
        world.advance(2.0);
        QCOMPARE(world.states()[0].pose.position[1], 100.0); // floats: not a bit of movement
        const double one = drop(world, 1, 100), two = drop(world, 2, 100);
        QVERIFY(one > 19);
        QVERIFY2(std::fabs(two / one - 2) < 0.01, qPrintable(QString("%1 vs %2").arg(two).arg(one)));
    }

    void restitution_data()
    {
        QTest::addColumn<double>("restitution");
        QTest::newRow("1: bounces back") << 1.0;
        QTest::newRow("0: stays down") << 0.0;
    }
    void restitution()
    {
        QFETCH(double, restitution);
        const double height = 2.0, radius = 0.5;
        SimulationInput in;
        in.materials = {material(0.6, restitution)};
        in.statics.push_back(floorBox(1000, 0));
        in.bodies.push_back(sphereBody(0, {0, radius + height, 0}, radius, 1.0, 0));
        simulation::World world(in);
        bool landed = false;
        double highest = -1; // of the sphere's bottom after the first landing
        for (int i = 0; i < 4 * 60; ++i) {
            world.step();
            const simulation::BodyState s = world.states()[0];
            if (!landed && s.linearVelocity[1] >= 0 && world.time() > 0.1)
                landed = true;
            if (landed)
                highest = std::max(highest, s.pose.position[1] - radius);
        }
        QVERIFY(landed);
        if (restitution == 1.0)
            QVERIFY2(highest >= 0.95 * height,
                     qPrintable(QString("bounced to %1 m of %2 m").arg(highest).arg(height)));
        else
            QVERIFY2(highest < 0.02, qPrintable(QString("rose to %1 m after landing").arg(highest)));
    }

    void slopeFriction()
    {
        const auto mu = material(0.5, 0);
        const double critical = std::atan(0.5) * 180 / M_PI; // 26.57 degrees
        QVERIFY(slideDistance(critical - 6, mu, mu) < 0.02);
        QVERIFY(slideDistance(critical + 6, mu, mu) > 0.5);
    }

    void slopeFrictionCombineModes()
    {
        using physics::CombineMode;
        // The box's mu 1.0 and the slope's 0.2 under each mode. Bullet's own rule would multiply them (0.2)
        // whatever the modes say.
        const auto grippy = [](CombineMode m) { return material(1.0, 0, m); };
        const auto slick = [](CombineMode m) { return material(0.2, 0, m); };
        // maximum + maximum: mu = 1.0, holds at 35 degrees (atan 1 = 45).
        QVERIFY(slideDistance(35, grippy(CombineMode::Maximum), slick(CombineMode::Maximum)) < 0.02);
        // minimum + maximum: minimum wins (precedence), mu = 0.2, slides at 20 degrees (atan 0.2 = 11.3).
        QVERIFY(slideDistance(20, grippy(CombineMode::Minimum), slick(CombineMode::Maximum)) > 0.5);
        // average + multiply: average wins, mu = 0.6 (atan = 31.0): holds at 25, slides at 37.
        QVERIFY(slideDistance(25, grippy(CombineMode::Average), slick(CombineMode::Multiply)) < 0.02);
        QVERIFY(slideDistance(37, grippy(CombineMode::Average), slick(CombineMode::Multiply)) > 0.5);
        // multiply + multiply: mu = 0.2: slides at 20 degrees.
        QVERIFY(slideDistance(20, grippy(CombineMode::Multiply), slick(CombineMode::Multiply)) > 0.5);
    }

    void offCentreMassTipsOver_data()
    {
        QTest::addColumn<double>("offset");
        QTest::addColumn<bool>("tips");
        QTest::newRow("centre of mass over the base") << 0.0 << false;
        QTest::newRow("centre of mass beyond the base's edge") << 0.3 << true;
    }
    void offCentreMassTipsOver()
    {
        QFETCH(double, offset);
        QFETCH(bool, tips);
        // A 0.2 x 1 x 0.2 post standing on the floor; its base reaches 0.1 m either side of the axis.
        const double m = 1, w = 0.2, h = 1;
        SimulationInput in;
        in.statics.push_back(floorBox());
        SimBody post = boxBody(0, {0, h / 2 + 0.001, 0}, {w, h, w}, m);
        post.centerOfMass = {offset, 0, 0};
        // Parallel-axis theorem: moving the centre by d along X adds m d^2 about Y and Z.
        post.inertiaDiagonal[1] += m * offset * offset;
        post.inertiaDiagonal[2] += m * offset * offset;
        in.bodies.push_back(post);
        simulation::World world(in);
        world.advance(3.0);
        const double angle = tilt(world.states()[0]);
        if (tips)
            QVERIFY2(angle > M_PI / 4, qPrintable(QString("tilted %1 rad").arg(angle)));
        else
            QVERIFY2(angle < 0.01, qPrintable(QString("tilted %1 rad").arg(angle)));
    }

    void sphereOnBoxStaysOnItsLine_data()
    {
        // The middle of the box's top face (x, y, z); the sphere falls on the vertical line through it.
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<double>("z");
        QTest::addColumn<double>("height");     // of the sphere's bottom above the top face
        QTest::addColumn<double>("turnAboutY"); // of the box, in degrees
        QTest::newRow("10 m onto the box's middle") << 0.0 << 0.0 << 0.0 << 10.0 << 0.0;
        QTest::newRow("placed resting") << 0.0 << 0.0 << 0.0 << 0.0 << 0.0;
        QTest::newRow("box turned 30 degrees") << 0.0 << 0.0 << 0.0 << 3.0 << 30.0;
        QTest::newRow("away from the origin") << 3.0 << 1.0 << -2.0 << 5.0 << 0.0;
    }
    void sphereOnBoxStaysOnItsLine()
    {
        // The simulation fixture's scene (tests/data/simulation/sphere_above_box.gltf): a 0.5 m sphere
        // dropped on the middle of a 10 x 1 x 10 m static box. Nothing pushes it sideways, so it stays on the
        // vertical line it fell on and rests with its centre one radius above the top face.
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(double, z);
        QFETCH(double, height);
        QFETCH(double, turnAboutY);
        const double radius = 0.5;
        SimulationInput in;
        in.statics.push_back(
            staticBox(100, {x, y - 0.5, z}, {10, 1, 10}, axisAngle({0, 1, 0}, turnAboutY * M_PI / 180)));
        in.bodies.push_back(sphereBody(0, {x, y + radius + height, z}, radius));
        simulation::World world(in);
        for (double seconds : {2.0, 4.0}) {
            world.advance(seconds); // to that time
            const Vec3 p = world.states()[0].pose.position;
            const double off = std::hypot(p[0] - x, p[2] - z);
            QVERIFY2(off <= 1e-3, qPrintable(QString("%1 mm off the line after %2 s (at %3 %4 %5)")
                                                 .arg(off * 1000)
                                                 .arg(seconds)
                                                 .arg(p[0])
                                                 .arg(p[1])
                                                 .arg(p[2])));
            QVERIFY2(std::fabs(p[1] - (y + radius)) < 0.01, qPrintable(QString("at height %1").arg(p[1])));
        }
    }

    void stackComesToRest()
    {
        simulation::World world(boxStack(10));
        double peak = 0;
        for (int i = 0; i < 30; ++i) {
            world.step();
            peak = std::max(peak, world.kineticEnergy());
        }
        QVERIFY(peak > 0);
        world.advance(8.0);
        QVERIFY2(world.kineticEnergy() < 1e-3 * peak,
                 qPrintable(QString("energy %1 J, peak %2 J").arg(world.kineticEnergy()).arg(peak)));
        // Still a stack: every box within 10 cm of the axis and of its height with the gaps closed.
        const auto states = world.states();
        for (size_t i = 0; i < states.size(); ++i) {
            const auto& p = states[i].pose.position;
            QVERIFY2(std::hypot(p[0], p[2]) < 0.1 && std::fabs(p[1] - (0.5 + double(i))) < 0.1,
                     qPrintable(QString("box %1 at %2 %3 %4").arg(i).arg(p[0]).arg(p[1]).arg(p[2])));
        }
    }
};

QTEST_GUILESS_MAIN(TestSimulationPhysics)
#include "TestSimulationPhysics.moc"
