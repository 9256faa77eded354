// A ground to drop things on (issue 51, item 3): `simulate --ground HEIGHT` and simulation::Settings::ground
// put a static plane y = HEIGHT (normal +Y, glTF's up) under the scene. A sphere of radius r dropped onto it
// rests with its centre at HEIGHT + r (closed form: the plane holds it up at its radius); without the ground
// it falls freely, y = y0 - g t^2 / 2 (the World's integration is exact for free fall). The ground is not the
// file's: a trigger it crosses reports only the file's objects, and the input holds no static for it.
#include "SimulateRun.h"
#include "SimulationScenes.h"
#include "TestSupport.h"
#include "scene/GroundLines.h"

#include <QProcess>
#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace cs;
using namespace cs::test;

namespace {

constexpr double Radius = 0.25; // tests/data/simulation/lone_sphere.gltf
constexpr double StartY = 1.0;
/// A resting contact may sink by the solver's allowed penetration; a millimetre is far below the radius.
constexpr double RestTolerance = 1e-3;

using Run = cs::test::SimulateRun;
using cs::test::simulate;

QString sceneFile()
{
    return QString::fromStdString(dataPath("simulation/lone_sphere.gltf").string());
}

double ballHeight(const nlohmann::json& report)
{
    for (const auto& b : report["bodies"]) {
        if (b["name"] == "Ball")
            return b["translation"][1].get<double>();
    }
    return std::nan("");
}

double restingHeight(std::optional<double> ground, double seconds)
{
    SimulationInput in;
    in.bodies.push_back(sphereBody(0, {0, StartY, 0}, Radius));
    simulation::Settings settings;
    settings.ground = ground;
    simulation::World world(in, settings);
    world.advance(seconds);
    return world.states().at(0).pose.position[1];
}

} // namespace

class TestSimulationGround : public QObject
{
    Q_OBJECT

private slots:
    void sphereRestsAtItsRadius()
    {
        for (double ground : {0.0, -1.5, 0.4}) {
            const double y = restingHeight(ground, 3);
            QVERIFY2(std::fabs(y - (ground + Radius)) < RestTolerance,
                     qPrintable(QStringLiteral("ground %1: %2").arg(ground).arg(y)));
        }
    }

    void withoutGroundItFalls()
    {
        const double t = 2;
        const double y = restingHeight(std::nullopt, t);
        const double expected = StartY - 0.5 * StandardGravity * t * t;
        QVERIFY2(std::fabs(y - expected) < 1e-6 * std::fabs(expected), qPrintable(QString::number(y)));
    }

    void groundIsNotInTheInput()
    {
        SimulationInput in;
        in.bodies.push_back(sphereBody(0, {0, StartY, 0}, Radius));
        simulation::Settings settings;
        settings.ground = 0.0;
        const simulation::World world(in, settings);
        QVERIFY(world.input().statics.empty());
    }

    void commandLineGround()
    {
        const Run r = simulate({sceneFile(), "--seconds", "3", "--ground", "0", "--json"});
        QVERIFY2(r.exit == 0, r.err.constData());
        const auto report = nlohmann::json::parse(r.out.constData());
        QCOMPARE(report["ground"].get<double>(), 0.0);
        const double y = ballHeight(report);
        QVERIFY2(std::fabs(y - Radius) < RestTolerance, qPrintable(QString::number(y)));
        // The sensor around y = 0 sees the ball come in, and never the ground, which is not the file's.
        QCOMPARE(report["events"].size(), size_t(1));
        QCOMPARE(report["events"][0]["name"].get<std::string>(), std::string("Ball"));
        QCOMPARE(report["events"][0]["event"].get<std::string>(), std::string("enter"));
    }

    void commandLineWithoutGround()
    {
        const Run r = simulate({sceneFile(), "--seconds", "2", "--json"});
        QVERIFY2(r.exit == 0, r.err.constData());
        const auto report = nlohmann::json::parse(r.out.constData());
        QVERIFY(report["ground"].is_null());
        const double expected = StartY - 0.5 * StandardGravity * 4;
        QVERIFY2(std::fabs(ballHeight(report) - expected) < 1e-6 * std::fabs(expected),
                 qPrintable(QString::number(ballHeight(report))));
    }

    void commandLineText()
    {
        const Run r = simulate({sceneFile(), "--seconds", "0.1", "--ground", "-2.5"});
        QVERIFY2(r.exit == 0, r.err.constData());
        QVERIFY2(r.out.contains("Ground (not in the file): the plane y = -2.5 m"), r.out.constData());
    }

    void badHeightIsRefused()
    {
        for (const char* bad : {"down", "nan", "inf"}) {
            const Run r = simulate({sceneFile(), "--seconds", "1", "--ground", bad});
            QCOMPARE(r.exit, 2);
            QVERIFY2(r.err.contains("--ground wants a height in metres"), r.err.constData());
        }
    }

    void linesLieOnThePlaneAroundTheScene()
    {
        const QVector3D lo(-3, 0, 1), hi(1, 5, 2);
        const auto lines = scene::groundLines(-0.75, lo, hi);
        QVERIFY(lines.size() >= 8 && lines.size() % 2 == 0);
        float minX = 1e9f, maxX = -1e9f, minZ = 1e9f, maxZ = -1e9f;
        for (const QVector3D& p : lines) {
            QCOMPARE(p.y(), -0.75f);
            minX = std::min(minX, p.x()), maxX = std::max(maxX, p.x());
            minZ = std::min(minZ, p.z()), maxZ = std::max(maxZ, p.z());
        }
        // Centred on the footprint (x -1, z 1.5), half as wide again on each side as its widest extent (4 m).
        QCOMPARE(minX, -1.0f - 3.0f);
        QCOMPARE(maxX, -1.0f + 3.0f);
        QCOMPARE(minZ, 1.5f - 3.0f);
        QCOMPARE(maxZ, 1.5f + 3.0f);
    }
};

QTEST_GUILESS_MAIN(TestSimulationGround)
#include "TestSimulationGround.moc"
