// The preview against what KHR_physics_rigid_bodies says a file means (issue 32): one scene per intent of the
// Khronos physics tests (collider type pairs, collision filters, joints, materials, motion properties),
// written here as small KHR documents, each asserting the outcome the intent describes (rests, passes
// through, turns, does not turn, bounces, does not bounce) and closed forms where they exist.
#include "KhrScenes.h"

#include <QTest>
#include <algorithm>

using namespace cs;
using namespace cs::test;

namespace {

/// A world of a KHR document; fails the test when the document gives no input.
simulation::World worldOf(const KhrScene& scene, simulation::Settings settings = {})
{
    const auto in = inputOf(scene.json());
    if (!in)
        qFatal("the scene gives no simulation input: %s", describe(in.diagnostics).c_str());
    return simulation::World(*in, settings);
}

/// The state of the body on `node`.
simulation::BodyState stateOf(const simulation::World& world, size_t node)
{
    for (const simulation::BodyState& s : world.states()) {
        if (s.node == node)
            return s;
    }
    qFatal("no body on node %zu", node);
}

double length(const Vec3& v)
{
    return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/// The angle in radians by which a body turned from its start (rotation from identity).
double turned(const simulation::BodyState& s)
{
    return 2 * std::acos(std::clamp(std::fabs(s.pose.rotation[3]), 0.0, 1.0));
}

std::string motion(const std::string& body)
{
    return R"("extensions":{"KHR_physics_rigid_bodies":)" + body + "}";
}

std::string at(double x, double y, double z)
{
    return R"("translation":[)" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + "]";
}

const char* kFloor = R"({"type":"box","box":{"size":[15,1,15]}})";

/// The shape types of the collider-type matrix: a KHR shape JSON (or a mesh geometry) for the small dynamic
/// body, and for the static one below it (sized so that the body lands on a flat or rounded top at y = 0).
struct MatrixShape
{
    const char* name;
    std::string dynamicGeometry; ///< the collider's `geometry`, given the shape index to use
    std::string staticGeometry;
    double staticY;    ///< the static node's height so that its top is at y = 0
    std::string scale; ///< the static node's scale
    double restHeight; ///< the dynamic body's centre above the top when it rests on it upright
    const char* shapeDyn;
    const char* shapeStatic;
};

std::vector<MatrixShape> matrixShapes()
{
    return {
        {"sphere", "shape", "shape", -5, "[1,1,1]", 0.5, R"({"type":"sphere","sphere":{"radius":0.5}})",
         R"({"type":"sphere","sphere":{"radius":5}})"},
        {"box", "shape", "shape", -0.5, "[1,1,1]", 0.5, R"({"type":"box","box":{"size":[1,1,1]}})",
         R"({"type":"box","box":{"size":[10,1,10]}})"},
        {"capsule", "shape", "shape", -0.5, "[1,1,1]", 0.75,
         R"({"type":"capsule","capsule":{"height":0.5,"radiusTop":0.5,"radiusBottom":0.5}})",
         R"({"type":"capsule","capsule":{"height":8,"radiusTop":0.5,"radiusBottom":0.5}})"},
        {"cylinder", "shape", "shape", -0.5, "[1,1,1]", 0.5,
         R"({"type":"cylinder","cylinder":{"height":1,"radiusTop":0.5,"radiusBottom":0.5}})",
         R"({"type":"cylinder","cylinder":{"height":1,"radiusTop":10,"radiusBottom":10}})"},
        {"convex hull", "convex", "convex", -0.5, "[10,1,10]", 0.5, nullptr, nullptr},
        {"triangle mesh", "trimesh", "trimesh", -0.5, "[10,1,10]", 0.5, nullptr, nullptr},
    };
}

std::string geometryJson(const std::string& kind, int shape)
{
    if (kind == "convex")
        return R"({"mesh":0,"convexHull":true})";
    if (kind == "trimesh")
        return R"({"mesh":0})";
    return R"({"shape":)" + std::to_string(shape) + "}";
}

/// A body hanging from a world anchor at the origin by `joint` (a KHR joint description): the body's centre
/// at `at`, its connected frame a child node at the origin; returns the body's node.
size_t hangingBody(KhrScene& scene, const std::string& joint, const Vec3& position,
                   const std::string& motionJson = R"({"mass":1,"inertiaDiagonal":[0.1,0.1,0.1]})")
{
    scene.shape(R"({"type":"box","box":{"size":[0.2,0.2,0.2]}})");
    scene.joints = "[" + joint + "]";
    scene.node(std::string("{") + motion(R"({"joint":{"connectedNode":1,"joint":0}})") + "}");
    scene.node("{" + at(-position[0], -position[1], -position[2]) + "}");
    return scene.node(R"({"children":[1],)" + at(position[0], position[1], position[2]) + "," +
                      motion(R"({"motion":)" + motionJson + R"(,"collider":{"geometry":{"shape":0}}})") +
                      "}");
}

const char* kLockedPoint = R"({"min":0,"max":0,"linearAxes":[0,1,2]})";

} // namespace

class TestSimulationSpec : public QObject
{
    Q_OBJECT

private slots:
    // ColliderTypeMatrix: "The dynamic rigid body is expected to remain above the XZ plane, supported by a
    // collision with the static geometry", for every pair of collider types.
    void colliderTypeMatrix_data()
    {
        QTest::addColumn<int>("below");
        QTest::addColumn<int>("above");
        const auto shapes = matrixShapes();
        for (int a = 0; a < int(shapes.size()); ++a) {
            for (int b = 0; b < int(shapes.size()); ++b)
                QTest::newRow((std::string(shapes[a].name) + " under " + shapes[b].name).c_str()) << a << b;
        }
    }
    void colliderTypeMatrix()
    {
        QFETCH(int, below);
        QFETCH(int, above);
        const MatrixShape a = matrixShapes()[size_t(below)];
        const MatrixShape b = matrixShapes()[size_t(above)];
        KhrScene scene;
        const int sa = a.shapeStatic ? scene.shape(a.shapeStatic) : -1;
        const int sb = b.shapeDyn ? scene.shape(b.shapeDyn) : -1;
        // A capsule lies along X as the static one (a rounded ridge); every other static shape is upright.
        const std::string lying =
            a.name == std::string("capsule") ? R"("rotation":[0,0,0.7071068,0.7071068],)" : "";
        scene.node("{" + lying + at(0, a.staticY, 0) + R"(,"scale":)" + a.scale + "," +
                   motion(R"({"collider":{"geometry":)" + geometryJson(a.staticGeometry, sa) + "}}") + "}");
        const size_t body = scene.node("{" + at(0, 2.0, 0) + "," +
                                       motion(R"({"motion":{"mass":1},"collider":{"geometry":)" +
                                              geometryJson(b.dynamicGeometry, sb) + "}}") +
                                       "}");
        // On a rounded top (a sphere, a lying capsule) the body balances where it landed: checked soon after
        // it lands (at 0.55 s). On a flat top it must also stay where it landed, not creep sideways.
        const bool flat = a.name != std::string("sphere") && a.name != std::string("capsule");
        // A sphere or a capsule that tips over rolls: only the others must stay where they landed.
        const bool rolls = b.name == std::string("sphere") || b.name == std::string("capsule");
        simulation::World world = worldOf(scene);
        world.advance(flat ? 4.0 : 1.0);
        const simulation::BodyState s = stateOf(world, body);
        // Supported: above the top (by at least half its smallest extent less a tolerance), not sliding off.
        QVERIFY2(s.pose.position[1] > 0.2,
                 qPrintable(QString("the body is at y = %1").arg(s.pose.position[1])));
        QVERIFY2(s.pose.position[1] < b.restHeight + 0.05,
                 qPrintable(QString("the body floats at y = %1").arg(s.pose.position[1])));
        QVERIFY2(!flat || rolls || std::hypot(s.pose.position[0], s.pose.position[2]) < 0.02,
                 qPrintable(QString("the body crept %1 m sideways")
                                .arg(std::hypot(s.pose.position[0], s.pose.position[2]))));
    }

    // CollisionFilter 00-03: of two bodies that differ only in their filter, one rests on the floor and the
    // other passes through it entirely (one collider) or partly (a compound whose colliders have their own
    // filters). Both directions of each pair are tested (doesCollide(A, B) && doesCollide(B, A)).
    void collisionFilters_data()
    {
        QTest::addColumn<QString>("filters");
        QTest::addColumn<bool>("compound");
        const QString collideWith =
            R"([{"collisionSystems":["Dynamic"],"collideWithSystems":["Dynamic"]},)"
            R"({"collisionSystems":["Dynamic"],"collideWithSystems":["Static","Dynamic"]},)"
            R"({"collisionSystems":["Static"]}])";
        const QString notCollideWith =
            R"([{"collisionSystems":["Dynamic"],"notCollideWithSystems":["Static"]},)"
            R"({"collisionSystems":["Dynamic"]},{"collisionSystems":["Static"]}])";
        QTest::newRow("00 collideWithSystems, one collider") << collideWith << false;
        QTest::newRow("01 notCollideWithSystems, one collider") << notCollideWith << false;
        QTest::newRow("02 collideWithSystems, compound") << collideWith << true;
        QTest::newRow("03 notCollideWithSystems, compound") << notCollideWith << true;
    }
    void collisionFilters()
    {
        QFETCH(QString, filters);
        QFETCH(bool, compound);
        KhrScene scene;
        scene.filters = filters.toStdString();
        const int box = scene.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
        const int floor = scene.shape(kFloor);
        scene.node("{" + at(0, -0.5, 0) + "," +
                   motion(R"({"collider":{"geometry":{"shape":)" + std::to_string(floor) +
                          R"(},"collisionFilter":2}})") +
                   "}");
        auto collider = [&](int filter) {
            return R"({"collider":{"geometry":{"shape":)" + std::to_string(box) + R"(},"collisionFilter":)" +
                   std::to_string(filter) + "}}";
        };
        size_t passing = 0, resting = 0;
        if (!compound) {
            passing = scene.node("{" + at(-3, 2, 0) + "," +
                                 motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":)" +
                                        std::to_string(box) + R"(},"collisionFilter":0}})") +
                                 "}");
            resting = scene.node("{" + at(3, 2, 0) + "," +
                                 motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":)" +
                                        std::to_string(box) + R"(},"collisionFilter":1}})") +
                                 "}");
        } else {
            // Upper child filter 0 (passes the floor), lower child filter 1 (rests): the body rests on its
            // lower box. The flipped body has the filter-0 box below: it sinks until its upper box (filter 1)
            // meets the floor, partly through.
            const size_t n = scene.nodes.size();
            resting = scene.node("{" + at(-3, 3, 0) + R"(,"children":[)" + std::to_string(n + 1) + "," +
                                 std::to_string(n + 2) + "]," + motion(R"({"motion":{"mass":2}})") + "}");
            scene.node("{" + at(0, 1, 0) + "," + motion(collider(0)) + "}");
            scene.node("{" + at(0, -1, 0) + "," + motion(collider(1)) + "}");
            passing = scene.node("{" + at(3, 3, 0) + R"(,"rotation":[1,0,0,0],"children":[)" +
                                 std::to_string(n + 4) + "," + std::to_string(n + 5) + "]," +
                                 motion(R"({"motion":{"mass":2}})") + "}");
            scene.node("{" + at(0, 1, 0) + "," + motion(collider(0)) + "}");
            scene.node("{" + at(0, -1, 0) + "," + motion(collider(1)) + "}");
        }
        simulation::World world = worldOf(scene);
        world.advance(3.0);
        const double restY = stateOf(world, resting).pose.position[1];
        const double passY = stateOf(world, passing).pose.position[1];
        if (!compound) {
            QVERIFY2(std::fabs(restY - 0.5) < 0.02, qPrintable(QString("rests at %1, not 0.5").arg(restY)));
            QVERIFY2(passY < -10, qPrintable(QString("the filtered body is at %1, not through").arg(passY)));
        } else {
            // Resting on the lower box: the body's origin 1.5 m above the floor's top.
            QVERIFY2(std::fabs(restY - 1.5) < 0.03, qPrintable(QString("rests at %1, not 1.5").arg(restY)));
            // Flipped: the filter-1 box (now on top) stops on the floor, the other one is through it.
            QVERIFY2(std::fabs(passY - -0.5) < 0.03,
                     qPrintable(QString("the flipped body is at %1, not -0.5 (partly through)").arg(passY)));
        }
    }

    // Joint 05 / 06: a body on a prismatic joint to a static box. enableCollision false (the default): the
    // two sides do not touch, so the body slides through the box to the joint's limit; true: it stops on it.
    void prismaticJointThroughStaticBox_data()
    {
        QTest::addColumn<bool>("enableCollision");
        QTest::newRow("05 collision off (default)") << false;
        QTest::newRow("06 collision enabled") << true;
    }
    void prismaticJointThroughStaticBox()
    {
        QFETCH(bool, enableCollision);
        KhrScene scene;
        const int box = scene.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
        // Limits: locked X and Z, locked rotation, Y in [-2, 2] from the static box's origin.
        scene.joints =
            R"([{"limits":[{"min":0,"max":0,"linearAxes":[0,2]},{"min":0,"max":0,"angularAxes":[0,1,2]},)"
            R"({"min":-2,"max":2,"linearAxes":[1]}]}])";
        scene.node(R"({"children":[1],)" + motion(R"({"collider":{"geometry":{"shape":0}}})") + "}");
        scene.node(std::string("{") +
                   motion(std::string(R"({"joint":{"connectedNode":2,"joint":0,"enableCollision":)") +
                          (enableCollision ? "true" : "false") + "}}") +
                   "}");
        scene.node("{}");
        const size_t body = scene.node(
            R"({"children":[2],)" + at(0, 1.5, 0) + "," +
            motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":)" + std::to_string(box) + "}}}") +
            "}");
        simulation::World world = worldOf(scene);
        world.advance(3.0);
        const double y = stateOf(world, body).pose.position[1];
        if (enableCollision)
            QVERIFY2(std::fabs(y - 1.0) < 0.03,
                     qPrintable(QString("stopped at %1, not on the box (1)").arg(y)));
        else
            QVERIFY2(std::fabs(y - -2.0) < 0.05,
                     qPrintable(QString("stopped at %1, not the limit -2").arg(y)));
    }

    // Joint 00: a fixed joint holds the body where it was relative to its anchor.
    void fixedJointHolds()
    {
        KhrScene scene;
        const size_t body = hangingBody(scene,
                                        std::string(R"({"limits":[)") + kLockedPoint +
                                            R"(,{"min":0,"max":0,"angularAxes":[0,1,2]}]})",
                                        {1, 0, 0});
        simulation::World world = worldOf(scene);
        world.advance(3.0);
        const simulation::BodyState s = stateOf(world, body);
        QVERIFY2(
            std::fabs(s.pose.position[0] - 1) < 0.02 && std::fabs(s.pose.position[1]) < 0.02,
            qPrintable(QString("the body moved to %1, %2").arg(s.pose.position[0]).arg(s.pose.position[1])));
        QVERIFY(turned(s) < 0.02);
    }

    // Joint 02-04: a hinge turns only about its free axis. A body held 1 m to the side of its anchor swings
    // down about Z when Z is the free axis, and stays where it is when the free axis is X or Y (gravity's
    // torque is about Z).
    void hingeTurnsAboutItsFreeAxis_data()
    {
        QTest::addColumn<int>("freeAxis");
        QTest::newRow("02 free axis 0") << 0;
        QTest::newRow("03 free axis 1") << 1;
        QTest::newRow("04 free axis 2") << 2;
    }
    void hingeTurnsAboutItsFreeAxis()
    {
        QFETCH(int, freeAxis);
        std::string locked;
        for (int a = 0; a < 3; ++a) {
            if (a != freeAxis)
                locked += (locked.empty() ? "" : ",") + std::to_string(a);
        }
        KhrScene scene;
        const size_t body = hangingBody(scene,
                                        std::string(R"({"limits":[)") + kLockedPoint +
                                            R"(,{"min":0,"max":0,"angularAxes":[)" + locked + "]}]}",
                                        {1, 0, 0});
        simulation::World world = worldOf(scene);
        world.advance(0.5);
        const simulation::BodyState s = stateOf(world, body);
        if (freeAxis == 2)
            QVERIFY2(s.pose.position[1] < -0.5, qPrintable(QString("y = %1").arg(s.pose.position[1])));
        else
            QVERIFY2(std::fabs(s.pose.position[1]) < 0.02,
                     qPrintable(QString("y = %1").arg(s.pose.position[1])));
        // Never away from the plane the hinge allows: z stays 0.
        QVERIFY(std::fabs(s.pose.position[2]) < 0.01);
    }

    // A limit without stiffness is hard (KHR: "absent = hard limit"): a 1 kg arm held 1 m to the side of a
    // hinge, with a small inertia about its own centre, comes to rest on the hinge's limit, not past it.
    // (With Bullet's default 10 solver iterations and limit correction it rested 0.16 rad past a 0.5 rad
    // limit.)
    void loadedHingeLimitHolds_data()
    {
        QTest::addColumn<double>("limit");
        QTest::newRow("0 rad") << 0.0;
        QTest::newRow("0.5 rad") << 0.5;
    }
    void loadedHingeLimitHolds()
    {
        QFETCH(double, limit);
        KhrScene scene;
        // Free about Z within [-1, limit]; the arm at -X: its weight turns it positively, onto `limit`.
        const size_t body = hangingBody(scene,
                                        std::string(R"({"limits":[)") + kLockedPoint +
                                            R"(,{"min":0,"max":0,"angularAxes":[0,1]},{"min":-1,"max":)" +
                                            std::to_string(limit) + R"(,"angularAxes":[2]}]})",
                                        {-1, 0, 0}, R"({"mass":1,"inertiaDiagonal":[0.005,0.005,0.005]})");
        simulation::World world = worldOf(scene);
        world.advance(5.0);
        const simulation::BodyState s = stateOf(world, body);
        // The arm's centre turned by the angle a about Z from (-1, 0, 0) is at (-cos a, -sin a, 0).
        const double turned = std::atan2(-s.pose.position[1], -s.pose.position[0]);
        QVERIFY2(std::fabs(turned - limit) < 0.02,
                 qPrintable(QString("rests at %1 rad, limit %2 rad").arg(turned).arg(limit)));
        // The pivot holds too: the centre stays 1 m from it.
        const double reach = std::hypot(s.pose.position[0], s.pose.position[1]);
        QVERIFY2(std::fabs(reach - 1) < 0.005, qPrintable(QString("%1 m from the pivot").arg(reach)));
    }

    // Joint 07: a spring (a soft limit) holds a hanging body where it balances the body's weight: k x = m g
    // (a stiffness Bullet can hold at 1/60 s: sqrt(k / m) * step below 1/4, see docs/simulation.md).
    void stiffSpringSags()
    {
        KhrScene scene;
        const double k = 200, m = 2;
        const size_t body = hangingBody(
            scene,
            R"({"limits":[{"min":0,"max":0,"linearAxes":[0,2]},{"min":0,"max":0,"angularAxes":[0,1,2]},)"
            R"({"min":0,"max":0,"linearAxes":[1],"stiffness":200,"damping":20}]})",
            {0, 0, 0}, R"({"mass":2,"inertiaDiagonal":[0.1,0.1,0.1]})");
        simulation::World world = worldOf(scene);
        world.advance(4.0);
        const double sag = -stateOf(world, body).pose.position[1];
        const double expected = m * StandardGravity / k;
        QVERIFY2(std::fabs(sag - expected) < 0.1 * expected,
                 qPrintable(QString("sags %1 m, m g / k = %2 m").arg(sag).arg(expected)));
    }

    // Joint 09: a revolute joint with an angular velocity drive turns its body at the target speed.
    void angularDriveTurnsAtItsTarget()
    {
        KhrScene scene;
        const size_t body = hangingBody(
            scene,
            std::string(R"({"limits":[)") + kLockedPoint +
                R"(,{"min":0,"max":0,"angularAxes":[0,1]}],)"
                R"("drives":[{"type":"angular","mode":"force","axis":2,"velocityTarget":3,"damping":50}]})",
            {0, 0, 0}, R"({"mass":1,"inertiaDiagonal":[0.1,0.1,0.1],"gravityFactor":0})");
        simulation::World world = worldOf(scene);
        world.advance(3.0);
        const Vec3 w = stateOf(world, body).angularVelocity;
        QVERIFY2(std::fabs(std::fabs(w[2]) - 3) < 0.1 && std::fabs(w[0]) < 0.01 && std::fabs(w[1]) < 0.01,
                 qPrintable(QString("turns at %1, %2, %3 rad/s").arg(w[0]).arg(w[1]).arg(w[2])));
    }

    // Joint 01: a ball-and-socket pendulum's small-angle period is 2 pi sqrt((m L^2 + I) / (m g L)) for a
    // bob of mass m and moment of inertia I about its centre, L below the pivot.
    void pendulumPeriod()
    {
        KhrScene scene;
        scene.shape(R"({"type":"sphere","sphere":{"radius":0.05}})");
        scene.joints = R"([{"limits":[{"min":0,"max":0,"linearAxes":[0,1,2]}]}])";
        // The pivot (static, no collider) at the origin; the bob 2 m below, displaced by 0.1 rad.
        const double l = 2.0, angle = 0.1;
        scene.node(std::string("{") + motion(R"({"joint":{"connectedNode":1,"joint":0}})") + "}");
        scene.node("{" + at(0, 0, 0) + "}");
        // The bob: node 2, the joint's connected frame is node 1, a child of the bob at the pivot.
        scene.nodes[1] = "{" + at(-l * std::sin(angle), l * std::cos(angle), 0) + "}";
        const size_t bob =
            scene.node(R"({"children":[1],)" + at(l * std::sin(angle), -l * std::cos(angle), 0) + "," +
                       motion(R"({"motion":{"mass":1,"inertiaDiagonal":[1,1,1]},)"
                              R"("collider":{"geometry":{"shape":0}}})") +
                       "}");
        simulation::World world = worldOf(scene);
        // Time the first two crossings of x = 0 (half a period apart).
        std::vector<double> crossings;
        double previous = stateOf(world, bob).pose.position[0];
        while (world.time() < 8.0 && crossings.size() < 3) {
            world.step();
            const double x = stateOf(world, bob).pose.position[0];
            if ((previous > 0) != (x > 0))
                crossings.push_back(world.time() - world.settings().step * x / (x - previous));
            previous = x;
        }
        QCOMPARE(crossings.size(), size_t(3));
        const double period = crossings[2] - crossings[0];
        const double expected = 2 * M_PI * std::sqrt((l * l + 1) / (StandardGravity * l));
        QVERIFY2(std::fabs(period - expected) < 0.02 * expected,
                 qPrintable(QString("period %1 s, closed form %2 s").arg(period).arg(expected)));
    }

    // Materials 00: high and low restitution bounce differently; 01: with a floor whose material has no
    // combine mode (it takes no part), "minimum" keeps the lower restitution (no bounce) and "maximum" the
    // higher one (a bounce); 02: low friction slides further than high friction.
    void restitutionCombineModes()
    {
        KhrScene scene;
        const int sphere = scene.shape(R"({"type":"sphere","sphere":{"radius":1}})");
        const int floor = scene.shape(kFloor);
        scene.materials = R"([{"restitution":0.5,"restitutionCombine":"minimum"},)"
                          R"({"restitution":0.5,"restitutionCombine":"maximum"},{}])";
        auto ball = [&](double x, int material) {
            return scene.node("{" + at(x, 5, 0) + "," +
                              motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":)" +
                                     std::to_string(sphere) + R"(},"physicsMaterial":)" +
                                     std::to_string(material) + "}}") +
                              "}");
        };
        const size_t minimum = ball(-5, 0), maximum = ball(5, 1);
        scene.node("{" + at(0, -0.5, 0) + "," +
                   motion(R"({"collider":{"geometry":{"shape":)" + std::to_string(floor) +
                          R"(},"physicsMaterial":2}})") +
                   "}");
        simulation::World world = worldOf(scene);
        double highestAfterBounce[2] = {0, 0};
        bool landed[2] = {false, false};
        while (world.time() < 4.0) {
            world.step();
            const size_t nodes[2] = {minimum, maximum};
            for (int i = 0; i < 2; ++i) {
                const simulation::BodyState s = stateOf(world, nodes[i]);
                if (s.pose.position[1] < 1.05)
                    landed[i] = true;
                else if (landed[i])
                    highestAfterBounce[i] = std::max(highestAfterBounce[i], s.pose.position[1]);
            }
        }
        // min(0.5, 0) = 0: no bounce. max(0.5, 0) = 0.5: a bounce (to 1 m for 0.5 exactly; Bullet loses some
        // of it when it first finds the contact at a small gap, see docs/simulation.md), at most 1 m.
        QVERIFY2(highestAfterBounce[0] < 1.05,
                 qPrintable(QString("minimum bounced to %1").arg(highestAfterBounce[0])));
        QVERIFY2(highestAfterBounce[1] > 1.3 && highestAfterBounce[1] < 2.05,
                 qPrintable(QString("maximum bounced to %1").arg(highestAfterBounce[1])));
    }

    // Materials 02: on a 20 degree slope, a box with friction 0.1 slides away, one with friction 1 stays.
    void frictionHighAndLow()
    {
        KhrScene scene;
        const int box = scene.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
        const int slope = scene.shape(R"({"type":"box","box":{"size":[20,1,10]}})");
        // The slope's own friction is 0.1; no material has a combine mode, so the pairs are averaged: 0.1 for
        // the low box (below tan 20 = 0.36: it slides), 0.55 for the high one (it stays).
        scene.materials =
            R"([{"staticFriction":0.1,"dynamicFriction":0.1},{"staticFriction":1,"dynamicFriction":1},)"
            R"({"staticFriction":0.1,"dynamicFriction":0.1}])";
        const std::string tilt = R"("rotation":[0,0,0.1736482,0.9848078])"; // 20 degrees about Z
        scene.node("{" + tilt + "," + at(0, 0, 0) + "," +
                   motion(R"({"collider":{"geometry":{"shape":)" + std::to_string(slope) +
                          R"(},"physicsMaterial":2}})") +
                   "}");
        // Both boxes on the slope's top face, 1 m above its centre line (the 0.5 m half-thicknesses).
        auto onSlope = [&](double z, int material) {
            const double a = 20 * M_PI / 180;
            return scene.node("{" + tilt + "," + at(-std::sin(a) * 1.0, std::cos(a) * 1.0, z) + "," +
                              motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":)" +
                                     std::to_string(box) + R"(},"physicsMaterial":)" +
                                     std::to_string(material) + "}}") +
                              "}");
        };
        const size_t slippery = onSlope(-2, 0), grippy = onSlope(2, 1);
        simulation::World world = worldOf(scene);
        const Vec3 g0 = stateOf(world, grippy).pose.position, s0 = stateOf(world, slippery).pose.position;
        world.advance(1.5);
        const Vec3 g = stateOf(world, grippy).pose.position, s = stateOf(world, slippery).pose.position;
        const double held = std::hypot(g[0] - g0[0], g[1] - g0[1]);
        const double slid = std::hypot(s[0] - s0[0], s[1] - s0[1]);
        QVERIFY2(held < 0.02, qPrintable(QString("the high-friction box slid %1 m").arg(held)));
        // Sliding with friction 0.1: a = g (sin 20 - 0.1 cos 20) = 2.43 m/s^2, 2.7 m in 1.5 s.
        QVERIFY2(slid > 2.0, qPrintable(QString("the low-friction box slid %1 m").arg(slid)));
    }

    // MotionProperties 00-06: gravityFactor 0 floats; linear and angular velocities in node space move and
    // turn the body by v t and w t; a kinematic body keeps its velocity; the defaults fall.
    void motionProperties()
    {
        KhrScene scene;
        const int box = scene.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
        auto body = [&](double x, const std::string& motionJson) {
            return scene.node("{" + at(x, 10, 0) + "," +
                              motion(R"({"motion":)" + motionJson + R"(,"collider":{"geometry":{"shape":)" +
                                     std::to_string(box) + "}}}") +
                              "}");
        };
        // 5 m apart: nothing touches.
        const size_t floating = body(0, R"({"gravityFactor":0})");
        const size_t moving = body(5, R"({"gravityFactor":0,"linearVelocity":[1,0,0]})");
        const size_t turning = body(10, R"({"gravityFactor":0,"angularVelocity":[0,0,1]})");
        const size_t kinematic = body(15, R"({"isKinematic":true,"linearVelocity":[0,0,1]})");
        const size_t falling = body(20, "{}");
        simulation::World world = worldOf(scene);
        world.advance(2.0);
        QVERIFY(length(stateOf(world, floating).linearVelocity) < 1e-6);
        QVERIFY(std::fabs(stateOf(world, floating).pose.position[1] - 10) < 1e-6);
        QVERIFY(std::fabs(stateOf(world, moving).pose.position[0] - 7.0) < 1e-4); // 5 + 1 m/s * 2 s
        QVERIFY(std::fabs(turned(stateOf(world, turning)) - 2.0) < 1e-3);         // 1 rad/s * 2 s
        QVERIFY(std::fabs(stateOf(world, kinematic).pose.position[2] - 2.0) < 1e-4);
        QVERIFY(std::fabs(stateOf(world, kinematic).pose.position[1] - 10) < 1e-6);
        const double fell = 10 - stateOf(world, falling).pose.position[1];
        QVERIFY2(std::fabs(fell - 0.5 * StandardGravity * 4) < 0.01 * 0.5 * StandardGravity * 4,
                 qPrintable(QString("fell %1 m").arg(fell)));
    }

    // MotionProperties 07: inertiaDiagonal [0,0,0] is infinite about every axis (KHR README: "a value of zero
    // in mass or any of the components of inertiaDiagonal should be understood to represent a value of
    // infinity"): a box dropped on its edge stays on it without turning. The same box with inertia left to
    // the engine tips over.
    void zeroInertiaDoesNotTurn_data()
    {
        QTest::addColumn<QString>("inertia");
        QTest::addColumn<bool>("turns");
        QTest::newRow("inertia [0,0,0]: infinite") << R"(,"inertiaDiagonal":[0,0,0])" << false;
        QTest::newRow("inertia absent: computed") << QString() << true;
    }
    void zeroInertiaDoesNotTurn()
    {
        QFETCH(QString, inertia);
        QFETCH(bool, turns);
        KhrScene scene;
        const int box = scene.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
        const int floor = scene.shape(kFloor);
        scene.node("{" + at(0, -0.5, 0) + "," +
                   motion(R"({"collider":{"geometry":{"shape":)" + std::to_string(floor) + "}}}") + "}");
        // On its edge, tilted 30 degrees about Z: it would fall flat.
        const size_t body =
            scene.node(R"({"rotation":[0,0,0.258819,0.9659258],)" + at(0, 1.0, 0) + "," +
                       motion(R"({"motion":{"mass":1)" + inertia.toStdString() +
                              R"(},"collider":{"geometry":{"shape":)" + std::to_string(box) + "}}}") +
                       "}");
        simulation::World world = worldOf(scene);
        world.advance(3.0);
        const double angle = turned(stateOf(world, body));
        if (turns)
            QVERIFY2(std::fabs(angle - M_PI / 6) > 0.3, qPrintable(QString("turned to %1 rad").arg(angle)));
        else
            QVERIFY2(std::fabs(angle - M_PI / 6) < 1e-3, qPrintable(QString("turned to %1 rad").arg(angle)));
    }

    // KHR mass 0 is infinite: gravity and contacts do not move the body, but with a finite inertia it turns.
    void infiniteMassStillTurns()
    {
        KhrScene scene;
        const int wheel =
            scene.shape(R"({"type":"cylinder","cylinder":{"height":0.2,"radiusTop":1,"radiusBottom":1}})");
        const int ball = scene.shape(R"({"type":"sphere","sphere":{"radius":0.2}})");
        const size_t w =
            scene.node(R"({"rotation":[0.7071068,0,0,0.7071068],)" + at(0, 5, 0) + "," +
                       motion(R"({"motion":{"mass":0,"inertiaDiagonal":[1,1,1],"angularVelocity":[0,1,0]},)"
                              R"("collider":{"geometry":{"shape":)" +
                              std::to_string(wheel) + "}}}") +
                       "}");
        // A ball falls onto the wheel's rim: it bounces off, the wheel stays where it is.
        scene.node("{" + at(0.8, 8, 0) + "," +
                   motion(R"({"motion":{"mass":10},"collider":{"geometry":{"shape":)" + std::to_string(ball) +
                          "}}}") +
                   "}");
        simulation::World world = worldOf(scene);
        world.advance(2.0);
        const simulation::BodyState s = stateOf(world, w);
        QVERIFY2(std::fabs(s.pose.position[1] - 5) < 1e-6,
                 qPrintable(QString("the wheel moved to y = %1").arg(s.pose.position[1])));
        QVERIFY2(length(s.linearVelocity) < 1e-6, "the wheel gained velocity");
        QVERIFY2(length(s.angularVelocity) > 0.5,
                 qPrintable(QString("the wheel spins at %1 rad/s").arg(length(s.angularVelocity))));
    }

    // No tunnelling: a 9 mm ball dropped 2 m onto a 5 mm plate at the default step stops on it.
    void smallFastBodyDoesNotTunnel()
    {
        KhrScene scene;
        const int plate = scene.shape(R"({"type":"box","box":{"size":[2,0.005,2]}})");
        const int ball = scene.shape(R"({"type":"sphere","sphere":{"radius":0.0045}})");
        scene.node("{" + at(0, -0.0025, 0) + "," +
                   motion(R"({"collider":{"geometry":{"shape":)" + std::to_string(plate) + "}}}") + "}");
        const size_t b = scene.node("{" + at(0, 2, 0) + "," +
                                    motion(R"({"motion":{"mass":0.003},"collider":{"geometry":{"shape":)" +
                                           std::to_string(ball) + "}}}") +
                                    "}");
        simulation::World world = worldOf(scene);
        world.advance(2.0);
        const double y = stateOf(world, b).pose.position[1];
        QVERIFY2(y > 0 && y < 0.05, qPrintable(QString("the ball is at y = %1").arg(y)));
    }

    // A mesh collider on a moving body is concave: a ball dropped into a dynamic open box lands inside it,
    // not on top of its hull.
    void movingMeshIsConcave()
    {
        KhrScene scene;
        const int floor = scene.shape(kFloor);
        const int ball = scene.shape(R"({"type":"sphere","sphere":{"radius":0.1}})");
        scene.node("{" + at(0, -0.5, 0) + "," +
                   motion(R"({"collider":{"geometry":{"shape":)" + std::to_string(floor) + "}}}") + "}");
        scene.node(
            R"({"scale":[2,1,2],)" + at(0, 0.5, 0) + "," +
            motion(
                R"({"motion":{"mass":50,"inertiaDiagonal":[20,20,20]},"collider":{"geometry":{"mesh":1}}})") +
            "}");
        const size_t b = scene.node("{" + at(0, 2, 0) + "," +
                                    motion(R"({"motion":{"mass":0.1},"collider":{"geometry":{"shape":)" +
                                           std::to_string(ball) + "}}}") +
                                    "}");
        simulation::World world = worldOf(scene);
        world.advance(2.0);
        const double y = stateOf(world, b).pose.position[1];
        // Inside: on the box's bottom (y = 0 + 0.1); on the hull it would be at 1.1.
        QVERIFY2(y < 0.3, qPrintable(QString("the ball is at y = %1, not inside the box").arg(y)));
    }

    // Free fall within 1% of g t^2 / 2 for every t >= 0.5 s at the default step.
    void freeFallAtTheDefaultStep()
    {
        KhrScene scene;
        scene.shape(R"({"type":"sphere","sphere":{"radius":0.5}})");
        const size_t b =
            scene.node("{" + at(0, 1000, 0) + "," +
                       motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":0}}})") + "}");
        simulation::World world = worldOf(scene);
        while (world.time() < 3.0 - 1e-9) {
            world.step();
            const double t = world.time();
            if (t < 0.5 - 1e-9)
                continue;
            const double fell = 1000 - stateOf(world, b).pose.position[1];
            const double expected = 0.5 * StandardGravity * t * t;
            QVERIFY2(
                std::fabs(fell - expected) <= 0.01 * expected,
                qPrintable(QString("at %1 s fell %2 m, g t^2 / 2 = %3 m").arg(t).arg(fell).arg(expected)));
        }
    }

    // Gravity is a setting: a body falls along the given vector.
    void gravityIsASetting()
    {
        KhrScene scene;
        scene.shape(R"({"type":"sphere","sphere":{"radius":0.5}})");
        const size_t b =
            scene.node("{" + at(0, 0, 0) + "," +
                       motion(R"({"motion":{"mass":1},"collider":{"geometry":{"shape":0}}})") + "}");
        simulation::Settings settings;
        settings.gravity = {2, 0, 0};
        simulation::World world = worldOf(scene, settings);
        world.advance(1.0);
        const Vec3 p = stateOf(world, b).pose.position;
        QVERIFY2(std::fabs(p[0] - 1.0) < 0.01,
                 qPrintable(QString("moved %1 m along X, a t^2 / 2 = 1").arg(p[0])));
        QVERIFY(std::fabs(p[1]) < 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestSimulationSpec)
#include "TestSimulationSpec.moc"
