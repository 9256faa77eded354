// upgrade --to godot-names (issue 50, names out): the colliders written as Godot's node-name suffixes and the
// physics extensions removed; what the names cannot say (a physics material, a joint) is listed at its
// pointer and nothing is written, with exit 1 as the family conversions' losses, unless --allow-loss.
#include "BoxMeshes.h"
#include "CliRun.h"
#include "TestSupport.h"

#include <QTest>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

/// Floor: a static trimesh of its own mesh, with a physics material; Door: a dynamic hull of its own mesh,
/// jointed to the floor.
gltf::Json lossyScene()
{
    const gltf::Json j = gltf::Json::parse(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1]}],
     "extensionsUsed":["OMI_physics_shape","OMI_physics_body","OMI_physics_joint"],
     "extensions":{"OMI_physics_shape":{"shapes":[{"type":"trimesh","trimesh":{"mesh":0}},
       {"type":"convex","convex":{"mesh":1}}]},
      "OMI_physics_body":{"physicsMaterials":[{"staticFriction":0.9}]},
      "OMI_physics_joint":{"physicsJoints":[{"limits":[{"angularAxes":[0,1],"min":0,"max":0}]}]}},
     "nodes":[
      {"name":"Floor","mesh":0,"extensions":{"OMI_physics_body":{"collider":{"shape":0,"physicsMaterial":0}}}},
      {"name":"Door","mesh":1,"translation":[0,1,0],
       "extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":1}},
        "OMI_physics_joint":{"connectedNode":0,"joint":0}}}]})");
    return boxMeshes(j, {{-5, -0.1f, -5, 5, 0, 5}, {0, 0, 0, 1, 2, 0.1f}});
}

bool says(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestUpgradeGodotNames : public QObject
{
    Q_OBJECT

private slots:
    void lossesRefusedWithoutAllowLoss();
    void writtenWithAllowLoss();
    void contradictionsAreUsageErrors();
};

void TestUpgradeGodotNames::lossesRefusedWithoutAllowLoss()
{
    TempDir dir;
    const fs::path in = dir.path() / "level.gltf", out = dir.path() / "named.gltf";
    writeText(in, lossyScene().dump());
    const CliRun r = runCollidoscope({"upgrade", qpath(in), "--to", "godot-names", "-o", qpath(out)});
    QCOMPARE(r.exit, 1);
    QVERIFY(!fs::exists(out));
    QVERIFY2(says(r.err, "GODOT_NAMES_NOT_EXPRESSIBLE at /extensions/OMI_physics_body/physicsMaterials/0"),
             r.err.c_str());
    QVERIFY(says(r.err, "at /extensions/OMI_physics_joint/physicsJoints/0"));
    QVERIFY(says(r.err, "at /nodes/1/extensions/OMI_physics_joint"));
    QVERIFY(says(r.err, "--allow-loss"));
}

void TestUpgradeGodotNames::writtenWithAllowLoss()
{
    TempDir dir;
    const fs::path in = dir.path() / "level.gltf", out = dir.path() / "named.glb";
    writeText(in, lossyScene().dump());
    const CliRun r =
        runCollidoscope({"upgrade", qpath(in), "--to", "godot-names", "--allow-loss", "-o", qpath(out)});
    QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
    QVERIFY(says(r.err, "/extensions/OMI_physics_body/physicsMaterials/0"));
    auto written = gltf::loadGltf(out);
    QVERIFY(written);
    QCOMPARE(gltf::nodeName(*written, 0), std::string("Floor-col"));
    QCOMPARE(gltf::nodeName(*written, 1), std::string("Door-rigid"));
    QVERIFY(!written->json().contains("extensions"));
    QVERIFY(!written->json().contains("extensionsUsed"));
    QVERIFY(!written->json()["nodes"][1].contains("extensions"));
    // Read again with names, as convert does by default: the same two colliders come back.
    const fs::path again = dir.path() / "again.gltf";
    const CliRun c = runCollidoscope({"convert", qpath(out), "-o", qpath(again)});
    QVERIFY2(c.exit == 0, (c.out + c.err).c_str());
    const std::string listed = c.out + c.err;
    QVERIFY2(says(listed, "Godot's -col read: a trimesh collider"), listed.c_str());
    QVERIFY(says(listed, "Godot's -rigid read: a convex collider on a dynamic body"));
}

void TestUpgradeGodotNames::contradictionsAreUsageErrors()
{
    TempDir dir;
    const fs::path in = dir.path() / "level.gltf", out = dir.path() / "named.gltf";
    writeText(in, lossyScene().dump());
    const CliRun khr =
        runCollidoscope({"upgrade", qpath(in), "--to", "godot-names", "--khr", "-o", qpath(out)});
    QCOMPARE(khr.exit, 2);
    const CliRun bad = runCollidoscope({"upgrade", qpath(in), "--to", "godot", "-o", qpath(out)});
    QCOMPARE(bad.exit, 2);
    QVERIFY(says(bad.err, "godot-names"));
    QVERIFY(!fs::exists(out));
}

QTEST_GUILESS_MAIN(TestUpgradeGodotNames)
#include "TestUpgradeGodotNames.moc"
