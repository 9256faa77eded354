// Animated bodies in the preview (issue 51, item 2). The KHR draft (shared/spec/KHR-PHYSICS-DIGEST.md, 2.1):
// "Animations override simulation." A body whose node (or an ancestor) an animation drives moves along the
// animation as a kinematic body, with the velocity its motion implies, so that it pushes dynamic bodies.
// Its path is checked against the animation's samples (LINEAR, STEP, CUBICSPLINE); the scenes of the issue
// against closed forms: a platform moving a box that friction carries (the box's displacement is the
// platform's), a door swinging into a ball at rest (with no restitution the ball leaves at the speed of the
// door's face where it hits, omega d), a spinning wheel throwing a ball dropped onto it (never faster than
// the wheel's rim, omega R, and near the 2/7 omega R a belt gives).
#include "AnimatedGltf.h"
#include "SimulateRun.h"
#include "SimulationScenes.h"
#include "physics/OmiReader.h"
#include "simulation/AnimatedBodies.h"

#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace cs;
using namespace cs::test;
using gltf::Json;

namespace {

constexpr double Step = 1.0 / 60.0;

/// KHR physics at the root of `g`: the shapes and one material (friction, restitution; combine modes that
/// keep them: minimum friction, minimum restitution).
void khrPhysics(AnimatedGltf& g, const Json& shapes, double friction, double restitution)
{
    g.root["extensionsUsed"] = {"KHR_physics_rigid_bodies", "KHR_implicit_shapes"};
    Json material = {{"staticFriction", friction},
                     {"dynamicFriction", friction},
                     {"restitution", restitution},
                     {"frictionCombine", "minimum"},
                     {"restitutionCombine", "minimum"}};
    g.root["extensions"]["KHR_implicit_shapes"]["shapes"] = shapes;
    g.root["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"] = Json::array({material});
}

Json body(const Json& motion, int shape)
{
    Json ext = {{"collider", {{"geometry", {{"shape", shape}}}, {"physicsMaterial", 0}}}};
    if (!motion.is_null())
        ext["motion"] = motion;
    return {{"KHR_physics_rigid_bodies", ext}};
}

struct Built
{
    SimulationInput input;
    Diagnostics notes;
};

Built animated(const AnimatedGltf& g, size_t animation, bool loop)
{
    const gltf::GltfDocument doc = g.document();
    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    if (!model || !graph)
        qFatal("scene not read");
    auto input = simulation::buildSimulationInput(doc, *model, *graph);
    if (!input)
        qFatal("no input: %s", describe(input.diagnostics).c_str());
    Built b{std::move(*input), {}};
    b.notes = simulation::animateBodies(b.input, doc, *graph, animation, loop);
    return b;
}

/// A kinematic 1 m box "Mover" at the origin and one translation channel on it.
AnimatedGltf moverScene(const std::vector<float>& times, const std::vector<float>& values,
                        const std::string& interpolation, bool dynamic = false)
{
    AnimatedGltf g;
    khrPhysics(g, Json::array({{{"type", "box"}, {"box", {{"size", {1, 1, 1}}}}}}), 0.5, 0);
    g.node("Mover", {{"extensions", body(dynamic ? Json{{"mass", 1}} : Json{{"isKinematic", true}}, 0)}});
    g.animation("move",
                {{0, "translation", g.floats(times, "SCALAR"), g.floats(values, "VEC3"), interpolation}});
    return g;
}

size_t bodyOf(const SimulationInput& in, const std::string& name)
{
    for (size_t i = 0; i < in.bodies.size(); ++i) {
        if (in.nodeNames[in.bodies[i].node] == name)
            return i;
    }
    qFatal("no body %s", name.c_str());
}

bool has(const Diagnostics& d, const std::string& code)
{
    return std::any_of(d.begin(), d.end(), [&](const Diagnostic& x) { return x.code == code; });
}

double length(const Vec3& v)
{
    return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

} // namespace

class TestAnimatedBodies : public QObject
{
    Q_OBJECT

private slots:
    void linearPathAndVelocity()
    {
        // (0, 0, 0) at 0 s, (2, 0, 0) at 1 s, (2, 1, 0) at 2 s.
        Built b = animated(moverScene({0, 1, 2}, {0, 0, 0, 2, 0, 0, 2, 1, 0}, "LINEAR"), 0, false);
        QVERIFY2(!hasErrors(b.notes), describe(b.notes).c_str());
        QCOMPARE(b.input.animation.bodies.size(), size_t(1));
        simulation::World world(b.input);
        for (int step = 1; step <= 150; ++step) {
            world.step();
            const double t = world.time();
            const Vec3 want = t <= 1 ? Vec3{2 * t, 0, 0} : t <= 2 ? Vec3{2, t - 1, 0} : Vec3{2, 1, 0};
            const auto s = world.states()[0];
            for (size_t k = 0; k < 3; ++k)
                QVERIFY2(
                    std::fabs(s.pose.position[k] - want[k]) < 1e-5,
                    qPrintable(QStringLiteral("t %1 axis %2: %3").arg(t).arg(k).arg(s.pose.position[k])));
            // The velocity the animation implies over the step just taken: 2 m/s along x, then 1 m/s along y.
            if (t > 0.1 && t < 0.9)
                QVERIFY(std::fabs(s.linearVelocity[0] - 2) < 1e-3 && std::fabs(s.linearVelocity[1]) < 1e-3);
            if (t > 1.1 && t < 1.9)
                QVERIFY(std::fabs(s.linearVelocity[0]) < 1e-3 && std::fabs(s.linearVelocity[1] - 1) < 1e-3);
        }
    }

    void stepPath()
    {
        Built b = animated(moverScene({0, 1}, {0, 0, 0, 3, 0, 0}, "STEP"), 0, false);
        simulation::World world(b.input);
        world.advance(0.5);
        QVERIFY(std::fabs(world.states()[0].pose.position[0]) < 1e-6); // the first key holds until 1 s
        world.advance(1.5);
        QVERIFY(std::fabs(world.states()[0].pose.position[0] - 3) < 1e-6);
    }

    void cubicSplinePath()
    {
        // The hand-worked spline of test_animation: at t = 1 s, (1.5, 1, 0); at 0.5 s, (70/64, 5/16, 0).
        Built b = animated(
            moverScene({0, 2}, {9, 9, 9, 0, 0, 0, 3, 0, 0, -1, 0, 0, 1, 2, 0, 9, 9, 9}, "CUBICSPLINE"), 0,
            false);
        simulation::World world(b.input);
        world.advance(0.5);
        auto p = world.states()[0].pose.position;
        QVERIFY2(std::fabs(p[0] - 70.0 / 64) < 1e-5 && std::fabs(p[1] - 5.0 / 16) < 1e-5,
                 qPrintable(QStringLiteral("%1 %2").arg(p[0]).arg(p[1])));
        world.advance(1.0);
        p = world.states()[0].pose.position;
        QVERIFY(std::fabs(p[0] - 1.5) < 1e-5 && std::fabs(p[1] - 1) < 1e-5);
    }

    void animationOverridesADynamicBody()
    {
        Built b = animated(moverScene({0, 1}, {0, 0, 0, 0, 0, 0}, "LINEAR", true), 0, false);
        QVERIFY(has(b.notes, "SIM_ANIMATED_DYNAMIC"));
        QCOMPARE(b.input.bodies[0].kind, simulation::BodyKind::Kinematic);
        simulation::World world(b.input);
        world.advance(1);
        QVERIFY(std::fabs(world.states()[0].pose.position[1]) < 1e-9); // no fall: the animation holds it
    }

    void loopStartsAgain()
    {
        Built b = animated(moverScene({0, 1}, {0, 0, 0, 1, 0, 0}, "LINEAR"), 0, true);
        simulation::World world(b.input);
        world.advance(1.5);
        QVERIFY(std::fabs(world.states()[0].pose.position[0] - 0.5) < 1e-5);
    }

    void platformCarriesABox()
    {
        // A 4 x 0.2 x 4 m platform (top at y = 0.1) still for 1 s, then moved 2 m along x in 2 s on a
        // smoothstep (cubic spline, zero tangents: peak acceleration 6 * 2 / 2^2 = 3 m/s^2), then still.
        // Static friction 1 can give the box up to g = 9.8 m/s^2: it never slips, so it moves with the
        // platform.
        AnimatedGltf g;
        khrPhysics(g,
                   Json::array({{{"type", "box"}, {"box", {{"size", {4, 0.2, 4}}}}},
                                {{"type", "box"}, {"box", {{"size", {0.5, 0.5, 0.5}}}}}}),
                   1.0, 0);
        g.node("Platform", {{"extensions", body({{"isKinematic", true}}, 0)}});
        g.node("Box", {{"translation", {0, 0.35, 0}}, {"extensions", body({{"mass", 1}}, 1)}});
        g.animation(
            "slide",
            {{0, "translation", g.floats({0, 1, 3}, "SCALAR"),
              g.floats({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0},
                       "VEC3"),
              "CUBICSPLINE"}});
        Built b = animated(g, 0, false);
        simulation::World world(b.input);
        const size_t platform = bodyOf(b.input, "Platform"), box = bodyOf(b.input, "Box");
        world.advance(1);
        const double boxStart = world.states()[box].pose.position[0];
        double worstGap = 0;
        while (world.time() < 4) {
            world.step();
            const auto s = world.states();
            worstGap = std::max(
                worstGap, std::fabs((s[box].pose.position[0] - boxStart) - s[platform].pose.position[0]));
        }
        const auto s = world.states();
        QVERIFY(std::fabs(s[platform].pose.position[0] - 2) < 1e-5);
        QVERIFY2(std::fabs(s[box].pose.position[0] - boxStart - 2) < 0.01,
                 qPrintable(QString::number(s[box].pose.position[0] - boxStart)));
        QVERIFY2(worstGap < 0.01, qPrintable(QString::number(worstGap)));
        qInfo("box moved %.5f m with the platform's 2 m; largest gap on the way %.5f m",
              s[box].pose.position[0] - boxStart, worstGap);
        QVERIFY(std::fabs(s[box].pose.position[1] - 0.35) < 0.01); // still on top
    }

    void doorPushesABall()
    {
        // A door 1 m wide (0.1 m thick) on a hinge node at the origin turning about +Y by 90 degrees in 1 s
        // (omega = pi/2 rad/s; +x turns towards -z). A ball (r = 0.1 m) floats, no gravity, where the door's
        // face meets it at d = 0.8 m from the hinge: its centre 0.8 m along the door's direction at 30
        // degrees and 0.15 m (half the door and its radius) in front. With no restitution and no friction the
        // ball leaves at the face's speed, omega d.
        AnimatedGltf g;
        khrPhysics(g,
                   Json::array({{{"type", "box"}, {"box", {{"size", {1, 2, 0.1}}}}},
                                {{"type", "sphere"}, {"sphere", {{"radius", 0.1}}}}}),
                   0.0, 0);
        const size_t hinge = g.node(
            "Hinge", {{"children", {1}},
                      {"extensions", {{"KHR_physics_rigid_bodies", {{"motion", {{"isKinematic", true}}}}}}}});
        g.node("Panel", {{"translation", {0.5, 0, 0}}, {"extensions", body(nullptr, 0)}});
        const double a = M_PI / 6, d = 0.8, off = 0.15;
        // The door's direction at angle a: (cos a, 0, -sin a); its front (the side it turns towards): (-sin
        // a, 0, -cos a).
        g.node("Ball", {{"translation",
                         {d * std::cos(a) - off * std::sin(a), 0, -d * std::sin(a) - off * std::cos(a)}},
                        {"extensions", body({{"mass", 0.1}}, 1)}});
        const float s45 = float(std::sin(M_PI / 4)), c45 = float(std::cos(M_PI / 4));
        g.animation("swing", {{hinge, "rotation", g.floats({0, 1}, "SCALAR"),
                               g.floats({0, 0, 0, 1, 0, s45, 0, c45}, "VEC4")}});
        Built b = animated(g, 0, false);
        QVERIFY2(!hasErrors(b.notes), describe(b.notes).c_str());
        simulation::Settings settings;
        settings.gravity = {0, 0, 0};
        simulation::World world(b.input, settings);
        const size_t ball = bodyOf(b.input, "Ball");
        // The face reaches the ball at a / omega = 1/3 s: still before, moving after.
        world.advance(1.0 / 3 - 2 * Step);
        QVERIFY(length(world.states()[ball].linearVelocity) < 1e-6);
        world.advance(1.0 / 3 + 3 * Step);
        const Vec3 v = world.states()[ball].linearVelocity;
        const double expected = M_PI / 2 * d;
        QVERIFY2(std::fabs(length(v) - expected) < 0.1 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(length(v)).arg(expected)));
        qInfo("ball leaves the door at %.4f m/s; omega d = %.4f m/s", length(v), expected);
        // Pushed away from the door: along its front.
        const Vec3 front{-std::sin(a), 0, -std::cos(a)};
        QVERIFY(v[0] * front[0] + v[2] * front[2] > 0.8 * length(v));
    }

    void wheelThrowsABall()
    {
        // A wheel (cylinder, radius R = 0.5 m, axis along Z after a quarter turn about X) spinning about Z at
        // omega = 4 pi rad/s (a turn every 0.5 s, looped); a ball dropped onto its top from 5 cm. The rim's
        // top moves at omega R along -x; friction can take the ball up to that speed and never beyond it.
        AnimatedGltf g;
        khrPhysics(g,
                   Json::array({{{"type", "cylinder"},
                                 {"cylinder", {{"height", 0.3}, {"radiusTop", 0.5}, {"radiusBottom", 0.5}}}},
                                {{"type", "sphere"}, {"sphere", {{"radius", 0.05}}}}}),
                   1.0, 0);
        const size_t wheel = g.node(
            "Wheel", {{"children", {1}},
                      {"extensions", {{"KHR_physics_rigid_bodies", {{"motion", {{"isKinematic", true}}}}}}}});
        const float s45 = float(std::sin(M_PI / 4)), c45 = float(std::cos(M_PI / 4));
        g.node("Rim", {{"rotation", {s45, 0, 0, c45}}, {"extensions", body(nullptr, 0)}});
        g.node("Ball", {{"translation", {0, 0.6, 0}}, {"extensions", body({{"mass", 0.05}}, 1)}});
        std::vector<float> quarterTurns;
        for (int k = 0; k <= 4; ++k)
            quarterTurns.insert(quarterTurns.end(),
                                {0, 0, float(std::sin(k * M_PI / 4)), float(std::cos(k * M_PI / 4))});
        g.animation("spin", {{wheel, "rotation", g.floats({0, 0.125f, 0.25f, 0.375f, 0.5f}, "SCALAR"),
                              g.floats(quarterTurns, "VEC4")}});
        Built b = animated(g, 0, true);
        QVERIFY2(!hasErrors(b.notes), describe(b.notes).c_str());
        simulation::World world(b.input);
        const size_t ball = bodyOf(b.input, "Ball"), rim = bodyOf(b.input, "Wheel");
        world.advance(0.3);
        const double omega = 4 * M_PI, rimSpeed = omega * 0.5;
        QVERIFY2(std::fabs(world.states()[rim].angularVelocity[2] - omega) < 0.01 * omega,
                 qPrintable(QString::number(world.states()[rim].angularVelocity[2])));
        double fastest = 0;
        while (world.time() < 1.0) {
            world.step();
            fastest = std::max(fastest, -world.states()[ball].linearVelocity[0]);
        }
        const auto s = world.states()[ball];
        QVERIFY2(s.pose.position[0] < -0.3, qPrintable(QString::number(s.pose.position[0]))); // thrown to -x
        QVERIFY2(fastest <= rimSpeed * 1.05,
                 qPrintable(QStringLiteral("%1 > %2").arg(fastest).arg(rimSpeed)));
        // The rim's top is locally a belt moving at u = omega R: a ball dropped on a belt stops slipping when
        // the friction impulse J has given its centre J/m and its contact point 7J/2m (2/5 m r^2 of
        // inertia), i.e. at 2u/7. The wheel's curve throws it off around then: within a quarter of that.
        QVERIFY2(std::fabs(fastest - 2 * rimSpeed / 7) < 0.25 * 2 * rimSpeed / 7,
                 qPrintable(QStringLiteral("%1 vs %2").arg(fastest).arg(2 * rimSpeed / 7)));
        qInfo("ball's fastest horizontal speed %.3f m/s, rim %.3f m/s", fastest, rimSpeed);
    }

    void commandLine()
    {
        cs::test::TempDir dir;
        const auto file = dir.path() / "mover.gltf";
        writeText(file, moverScene({0, 1}, {0, 0, 0, 2, 0, 0}, "LINEAR").text());
        const QString path = QString::fromStdString(file.string());
        for (const QString& which : {QStringLiteral("move"), QStringLiteral("0")}) {
            const auto r = simulate({path, "--seconds", "0.5", "--animation", which, "--json"});
            QVERIFY2(r.exit == 0, r.err.constData());
            const auto report = nlohmann::json::parse(r.out.constData());
            QVERIFY(std::fabs(report["bodies"][0]["translation"][0].get<double>() - 1.0) < 1e-5);
            QCOMPARE(report["bodies"][0]["motion"].get<std::string>(), std::string("kinematic"));
        }
        const auto looped = simulate({path, "--seconds", "1.5", "--animation", "move", "--loop", "--json"});
        QVERIFY2(looped.exit == 0, looped.err.constData());
        QVERIFY(
            std::fabs(
                nlohmann::json::parse(looped.out.constData())["bodies"][0]["translation"][0].get<double>() -
                1.0) < 1e-5);
        const auto unknown = simulate({path, "--seconds", "1", "--animation", "jump"});
        QCOMPARE(unknown.exit, 2);
        QVERIFY2(unknown.err.contains("no animation named or numbered \"jump\""), unknown.err.constData());
        const auto loopAlone = simulate({path, "--seconds", "1", "--loop"});
        QCOMPARE(loopAlone.exit, 2);
    }
};

QTEST_GUILESS_MAIN(TestAnimatedBodies)
#include "TestAnimatedBodies.moc"
