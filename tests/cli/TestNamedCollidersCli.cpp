// Colliders from names on the command line (issue 50): convert and add-colliders read Godot's suffixes and
// Unreal's prefixes by default and write real OMI colliders, each name listed at its node; --from-names off
// and --no-from-names leave the names as names; a bad value is a usage error.
#include "BoxMeshes.h"
#include "CliRun.h"
#include "TestSupport.h"

#include <QTest>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

/// Wall (node 0, a unit cube) with its Unreal hull UCX_Wall (node 1, the same cube 2 m up), a floor read as
/// collision only (node 2, Godot's -colonly) and a crate with no convention (node 3).
gltf::Json namedScene()
{
    const gltf::Json j =
        gltf::Json::parse(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2,3]}],
        "nodes":[{"name":"Wall","mesh":0},{"name":"UCX_Wall","mesh":0,"translation":[0,2,0]},
          {"name":"Floor-colonly","mesh":1},{"name":"Crate","mesh":0,"translation":[3,0,0]}]})");
    return boxMeshes(j, {{0, 0, 0, 1, 1, 1}, {-5, -0.1f, -5, 5, 0, 5}});
}

gltf::Json readJson(const fs::path& file)
{
    auto loaded = gltf::loadGltf(file);
    return loaded ? loaded->json() : gltf::Json();
}

bool listed(const gltf::Json& diagnostics, const std::string& code, const std::string& pointer)
{
    for (const gltf::Json& d : diagnostics)
        if (d.value("code", "") == code && d.value("pointer", "") == pointer)
            return true;
    return false;
}

} // namespace

class TestNamedCollidersCli : public QObject
{
    Q_OBJECT

private slots:
    void convertReadsNames();
    void convertLeavesNamesWhenAsked();
    void addCollidersReadsNamesFirst();
};

void TestNamedCollidersCli::convertReadsNames()
{
    TempDir dir;
    const fs::path in = dir.path() / "level.gltf", out = dir.path() / "level.glb";
    writeText(in, namedScene().dump());
    const CliRun r = runCollidoscope({"convert", qpath(in), "-o", qpath(out), "--json"});
    QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
    const gltf::Json report = gltf::Json::parse(r.out);
    QVERIFY(listed(report["diagnostics"], "NAMED_COLLIDER", "/nodes/1"));
    QVERIFY(listed(report["diagnostics"], "NAMED_MESH_HIDDEN", "/nodes/1"));
    QVERIFY(listed(report["diagnostics"], "NAMED_COLLIDER", "/nodes/2"));
    QVERIFY(listed(report["diagnostics"], "NAMED_MESH_HIDDEN", "/nodes/2"));

    const gltf::Json json = readJson(out);
    const gltf::Json& nodes = json["nodes"];
    // UCX_Wall: a hull on a new child of Wall, the unit cube 2 m up in Wall's space; no longer drawn.
    QVERIFY(!nodes[1].contains("mesh"));
    QVERIFY(nodes[0]["children"].size() == 1);
    const size_t part = nodes[0]["children"][0].get<size_t>();
    const gltf::Json& shapes = json["extensions"]["OMI_physics_shape"]["shapes"];
    const int hull = nodes[part]["extensions"]["OMI_physics_body"]["collider"]["shape"].get<int>();
    QVERIFY(shapes[hull]["type"] == "convex");
    const int hullMesh = shapes[hull]["convex"]["mesh"].get<int>();
    const gltf::Json& position =
        json["accessors"][json["meshes"][hullMesh]["primitives"][0]["attributes"]["POSITION"].get<int>()];
    QVERIFY(numbersNear(position["min"], {0, 2, 0}, 1e-6));
    QVERIFY(numbersNear(position["max"], {1, 3, 1}, 1e-6));
    // Floor-colonly: a trimesh of its own mesh, which is no longer drawn; the crate is left alone.
    const int floor = nodes[2]["extensions"]["OMI_physics_body"]["collider"]["shape"].get<int>();
    QVERIFY(shapes[floor]["type"] == "trimesh");
    QVERIFY(shapes[floor]["trimesh"]["mesh"] == 1);
    QVERIFY(!nodes[2].contains("mesh"));
    QVERIFY(nodes[3]["mesh"] == 0 && !nodes[3].contains("extensions"));
    // The written file is valid glTF for the Khronos glTF-Validator.
    if (!validatorAvailable())
        QFAIL("the Khronos glTF-Validator is not installed (scripts/setup.sh)");
    const auto khronos = runValidator({out});
    QVERIFY2(khronos[0].ran && khronos[0].errors == 0, khronos[0].text.c_str());
}

void TestNamedCollidersCli::convertLeavesNamesWhenAsked()
{
    TempDir dir;
    const fs::path in = dir.path() / "level.gltf";
    const gltf::Json scene = namedScene();
    writeText(in, scene.dump());
    for (const QStringList& off : {QStringList{"--from-names", "off"}, QStringList{"--from-names=OFF"},
                                   QStringList{"--no-from-names"}}) {
        const fs::path out = dir.path() / "plain.glb";
        const CliRun r = runCollidoscope(QStringList{"convert", qpath(in), "-o", qpath(out)} + off);
        QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
        const gltf::Json json = readJson(out);
        QVERIFY(json["nodes"] == scene["nodes"]);
        QVERIFY(!json.contains("extensions"));
        QVERIFY(r.out.find("NAMED_COLLIDER") == std::string::npos);
    }
    const CliRun bad =
        runCollidoscope({"convert", qpath(in), "-o", qpath(dir.path() / "x.glb"), "--from-names", "maybe"});
    QCOMPARE(bad.exit, 2);
    QVERIFY2(bad.err.find("--from-names must be on or off") != std::string::npos, bad.err.c_str());
}

void TestNamedCollidersCli::addCollidersReadsNamesFirst()
{
    // The names are read first; add-colliders then fits only what they left without a collider: the crate.
    TempDir dir;
    const fs::path in = dir.path() / "level.gltf", out = dir.path() / "out.glb";
    writeText(in, namedScene().dump());
    const CliRun r = runCollidoscope({"add-colliders", qpath(in), "-o", qpath(out), "--json"});
    QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
    const gltf::Json report = gltf::Json::parse(r.out);
    QVERIFY2(report["colliders"].size() == 1, r.out.c_str());
    QVERIFY(report["colliders"][0]["node"] == 3);
    QVERIFY(listed(report["diagnostics"], "NAMED_COLLIDER", "/nodes/1"));
    QVERIFY(listed(report["diagnostics"], "NAMED_COLLIDER", "/nodes/2"));
    const gltf::Json json = readJson(out);
    QVERIFY(!json["nodes"][1].contains("mesh"));
    QVERIFY(json["nodes"][0]["children"].size() == 1);
    QVERIFY(json["nodes"][2]["extensions"]["OMI_physics_body"].contains("collider"));
}

QTEST_GUILESS_MAIN(TestNamedCollidersCli)
#include "TestNamedCollidersCli.moc"
