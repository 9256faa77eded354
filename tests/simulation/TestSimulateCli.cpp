// `collidoscope simulate` as the built binary (issue 20, item 4 and "must show"): a sphere 10 m above a
// static box falls 1/2 g t^2, passes through a trigger at the right time, comes to rest on the box; two runs
// print the same bytes.
#include "SimulateRun.h"
#include "TestSupport.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

namespace {

constexpr double G = 9.80665;

using Run = cs::test::SimulateRun;
using cs::test::simulate;

QString sceneFile()
{
    return QString::fromStdString(cs::test::dataPath("simulation/sphere_above_box.gltf").string());
}

nlohmann::json ballOf(const nlohmann::json& report)
{
    for (const auto& b : report["bodies"]) {
        if (b["name"] == "Ball")
            return b;
    }
    return {};
}

} // namespace

class TestSimulateCli : public QObject
{
    Q_OBJECT

private slots:
    void freeFallFromTenMetres()
    {
        const Run r = simulate({sceneFile(), "--seconds", "1", "--step", "1/240", "--json"});
        QVERIFY2(r.exit == 0, r.err.constData());
        const auto report = nlohmann::json::parse(r.out.constData());
        QCOMPARE(report["steps"].get<int>(), 240);
        const auto ball = ballOf(report);
        QVERIFY(!ball.is_null());
        const double drop = 10.5 - ball["translation"][1].get<double>();
        const double expected = 0.5 * G;
        QVERIFY2(std::fabs(drop - expected) <= 0.01 * expected, qPrintable(QString::number(drop)));
        // The sensor (5..7 m) is entered when the ball's bottom reaches 7 m: a 3 m fall, t = sqrt(6 / g).
        QCOMPARE(report["events"].size(), size_t(1));
        const auto& enter = report["events"][0];
        QCOMPARE(enter["event"].get<std::string>(), std::string("enter"));
        QCOMPARE(enter["triggerName"].get<std::string>(), std::string("Sensor"));
        QCOMPARE(enter["name"].get<std::string>(), std::string("Ball"));
        QVERIFY(std::fabs(enter["time"].get<double>() - std::sqrt(6 / G)) <= 2.0 / 240);
    }

    void comesToRestOnTheBox()
    {
        const Run r = simulate({sceneFile(), "--seconds", "4", "--json"});
        QVERIFY2(r.exit == 0, r.err.constData());
        const auto report = nlohmann::json::parse(r.out.constData());
        const auto ball = ballOf(report);
        QVERIFY(std::fabs(ball["translation"][1].get<double>() - 0.5) < 0.02);
        // It left the sensor when its top passed 5 m: a 6 m fall, t = sqrt(12 / g).
        QCOMPARE(report["events"].size(), size_t(2));
        QCOMPARE(report["events"][1]["event"].get<std::string>(), std::string("exit"));
        QVERIFY(std::fabs(report["events"][1]["time"].get<double>() - std::sqrt(12 / G)) <= 2.0 / 60);
    }

    void sameBytesTwice()
    {
        for (const QString& format : {QStringLiteral("--json"), QString()}) {
            QStringList args{sceneFile(), "--seconds", "3", "--step", "1/240"};
            if (!format.isEmpty())
                args << format;
            const Run a = simulate(args), b = simulate(args);
            QCOMPARE(a.exit, 0);
            QVERIFY(!a.out.isEmpty());
            QCOMPARE(a.out, b.out);
        }
    }

    void textOutput()
    {
        const Run r = simulate({sceneFile(), "--seconds", "1"});
        QCOMPARE(r.exit, 0);
        QVERIFY(r.out.contains("\"Ball\" dynamic"));
        QVERIFY(r.out.contains("enter trigger 2 \"Sensor\" by 1 \"Ball\""));
    }

    void gravityIsAnOption()
    {
        // Upwards at 2 m/s^2 for 1 s: the ball rises g t^2 / 2 = 1 m, and the report echoes the setting.
        const Run r = simulate({sceneFile(), "--seconds", "1", "--gravity", "0,2,0", "--json"});
        QVERIFY2(r.exit == 0, r.err.constData());
        const auto report = nlohmann::json::parse(r.out.constData());
        QVERIFY(report["gravity"] == nlohmann::json::parse("[0.0, 2.0, 0.0]"));
        const double rise = ballOf(report)["translation"][1].get<double>() - 10.5;
        QVERIFY2(std::fabs(rise - 1.0) < 0.01, qPrintable(QString::number(rise)));
    }

    void behaveLikeIsAnOption()
    {
        // A ball moving at 1 m/s in its node's space under a node of scale 2, no gravity: after 1 s it is 1 m
        // away as the spec reads it, 2 m away as Babylon on Havok does (velocity through the world matrix).
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("scaled_ball.gltf"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(
            R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],)"
            R"("extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.1}}]},)"
            R"("KHR_physics_rigid_bodies":{}},"scenes":[{"nodes":[0]}],"scene":0,)"
            R"("nodes":[{"scale":[2,2,2],"children":[1]},{"name":"Ball","extensions":{)"
            R"("KHR_physics_rigid_bodies":{"motion":{"mass":1,"linearVelocity":[1,0,0]},)"
            R"("collider":{"geometry":{"shape":0}}}}}]})");
        out.close();
        for (const auto& [name, distance] : {std::pair{"spec", 1.0}, std::pair{"babylon-havok", 2.0}}) {
            const Run r =
                simulate({file, "--seconds", "1", "--gravity", "0,0,0", "--behave-like", name, "--json"});
            QVERIFY2(r.exit == 0, r.err.constData());
            const auto report = nlohmann::json::parse(r.out.constData());
            QCOMPARE(report["behaveLike"].get<std::string>(), std::string(name));
            const double x = ballOf(report)["translation"][0].get<double>();
            QVERIFY2(std::fabs(x - distance) < 1e-4, qPrintable(QString("%1: %2").arg(name).arg(x)));
        }
        const Run text = simulate({file, "--seconds", "1", "--behave-like", "babylon-havok"});
        QVERIFY(text.out.contains("Behaving like babylon-havok"));
        const Run unknown = simulate({file, "--seconds", "1", "--behave-like", "no-such-engine"});
        QCOMPARE(unknown.exit, 2);
        QVERIFY(unknown.err.contains("khronos-sample-viewer"));
    }

    void badArguments()
    {
        QCOMPARE(simulate({sceneFile(), "--seconds", "1", "--gravity", "0,-9.8"}).exit, 2);
        QCOMPARE(simulate({sceneFile(), "--seconds", "1", "--gravity", "0,x,0"}).exit, 2);
        QCOMPARE(simulate({sceneFile()}).exit, 2);                                  // no --seconds
        QCOMPARE(simulate({sceneFile(), "--seconds", "-1"}).exit, 2);               // negative
        QCOMPARE(simulate({sceneFile(), "--seconds", "1", "--step", "0"}).exit, 2); // zero step
        QCOMPARE(simulate({sceneFile(), "--seconds", "1", "--step", "1/0"}).exit, 2);
        QCOMPARE(simulate({"/nonexistent.gltf", "--seconds", "1"}).exit, 2);
    }
};

QTEST_GUILESS_MAIN(TestSimulateCli)
#include "TestSimulateCli.moc"
