// add-colliders --strategy decompose --primitives (issue 49 item 1), run as the built binary on meshes whose
// parts are known from their definition: a capsule gives one capsule, the L of two unit boxes two boxes, a
// box with a cylindrical peg a box and a cylinder. The written file, read again, holds those shapes in the
// input's family (OMI stays OMI, KHR stays KHR), on child nodes placed at each fit, and validates; --json
// names each part's kind.
#include "CliRun.h"
#include "ConcaveMeshes.h"
#include "RoundMeshes.h"
#include "TestSupport.h"
#include "geometry/MeshWriter.h"

#include <QTest>
#include <algorithm>
#include <fstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

/// Nodes 0 "Capsule", 1 "L" and 2 "Peg" on their meshes, apart along x, and a floor (node 3) with a box
/// collider in the family's spelling, so that the file is of that family.
bool writeInput(const fs::path& path, bool khr)
{
    gltf::GltfDocument g = loadJson(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2,3]}],
        "nodes":[{"name":"Capsule"},{"name":"L","translation":[5,0,0]},{"name":"Peg","translation":[10,0,0]},
                 {"name":"Floor","translation":[0,-1,0]}]})");
    gltf::Json& j = g.json();
    const char* shapes = khr ? "KHR_implicit_shapes" : "OMI_physics_shape";
    const char* body = khr ? "KHR_physics_rigid_bodies" : "OMI_physics_body";
    j["extensionsUsed"] = {shapes, body};
    j["extensions"][shapes]["shapes"] = gltf::Json::parse(R"([{"type":"box","box":{"size":[40,0.2,40]}}])");
    j["nodes"][3]["extensions"][body] =
        gltf::Json::parse(khr ? R"({"collider":{"geometry":{"shape":0}}})" : R"({"collider":{"shape":0}})");
    const gltf::TriangleMesh meshes[] = {capsuleMesh(0.4, 1.2), lShapeMesh(), boxWithPegMesh()};
    for (size_t i = 0; i < 3; ++i) {
        auto mesh = geometry::addTriangleMesh(g, meshes[i], j["nodes"][i]["name"].get<std::string>());
        if (!mesh)
            return false;
        j["nodes"][i]["mesh"] = *mesh;
    }
    g.setSourcePath({});
    return !hasErrors(gltf::saveGltf(g, path));
}

gltf::Json readJson(const fs::path& file)
{
    std::ifstream in(file);
    return gltf::Json::parse(in);
}

/// A collider shape of the written file and the node that carries it.
struct Placed
{
    gltf::Json shape;
    gltf::Json node;
};

/// The shapes of the colliders on `node` and its children, in the file's family.
std::vector<Placed> collidersOf(const gltf::Json& j, size_t node, bool khr)
{
    const char* shapes = khr ? "KHR_implicit_shapes" : "OMI_physics_shape";
    const char* body = khr ? "KHR_physics_rigid_bodies" : "OMI_physics_body";
    std::vector<size_t> nodes{node};
    for (const auto& c : j["nodes"][node].value("children", gltf::Json::array()))
        nodes.push_back(c.get<size_t>());
    std::vector<Placed> out;
    for (size_t n : nodes) {
        const gltf::Json& e = j["nodes"][n].value("extensions", gltf::Json::object());
        if (!e.contains(body) || !e[body].contains("collider"))
            continue;
        const gltf::Json& c = e[body]["collider"];
        const size_t s = khr ? c["geometry"]["shape"].get<size_t>() : c["shape"].get<size_t>();
        out.push_back({j["extensions"][shapes]["shapes"][s], j["nodes"][n]});
    }
    return out;
}

std::vector<std::string> types(const std::vector<Placed>& placed)
{
    std::vector<std::string> t;
    for (const Placed& p : placed)
        t.push_back(p.shape["type"].get<std::string>());
    std::sort(t.begin(), t.end());
    return t;
}

double translationY(const gltf::Json& node)
{
    return node.contains("translation") ? node["translation"][1].get<double>() : 0.0;
}

} // namespace

class TestPrimitivePartsCli : public QObject
{
    Q_OBJECT

    void run(bool khr)
    {
        TempDir dir;
        const fs::path in = dir / "in.gltf", out = dir / "parts.gltf";
        QVERIFY(writeInput(in, khr));
        const CliRun r =
            runCollidoscope({QStringLiteral("add-colliders"), qpath(in), QStringLiteral("--strategy"),
                             QStringLiteral("decompose"), QStringLiteral("--primitives"),
                             QStringLiteral("--json"), QStringLiteral("-o"), qpath(out)});
        QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
        const gltf::Json report = gltf::Json::parse(r.out);
        QCOMPARE(report["family"].get<std::string>(), std::string(khr ? "khr" : "omi"));
        std::vector<std::string> kinds;
        for (const auto& c : report["colliders"])
            if (c.contains("kind"))
                kinds.push_back(c["kind"].get<std::string>());
        std::sort(kinds.begin(), kinds.end());
        QCOMPARE(kinds, (std::vector<std::string>{"box", "box", "box", "cylinder"}));
        for (const auto& c : report["colliders"])
            if (c.contains("primitiveParts"))
                QVERIFY(c["primitiveParts"]["vertexOutside"].get<double>() <= 1e-6);

        const gltf::Json j = readJson(out);
        QVERIFY(j.dump().find(khr ? "OMI_physics" : "KHR_physics") == std::string::npos);
        const auto capsule = collidersOf(j, 0, khr);
        QCOMPARE(types(capsule), (std::vector<std::string>{"capsule"}));
        QVERIFY(std::abs(capsule[0].shape["capsule"]["radiusBottom"].get<double>() - 0.4) < 1e-3);
        QCOMPARE(types(collidersOf(j, 1, khr)), (std::vector<std::string>{"box", "box"}));
        const auto peg = collidersOf(j, 2, khr);
        QCOMPARE(types(peg), (std::vector<std::string>{"box", "cylinder"}));
        for (const Placed& p : peg) {
            // The box [-1,1] x [0,1] x [-1,1] centred at y = 0.5, the peg of radius 0.3 from y = 1 to 2
            // at 1.5.
            if (p.shape["type"] == "cylinder") {
                QVERIFY(std::abs(p.shape["cylinder"]["radiusBottom"].get<double>() - 0.3) < 1e-4);
                QVERIFY(std::abs(p.shape["cylinder"]["height"].get<double>() - 1.0) < 1e-4);
                QVERIFY(std::abs(translationY(p.node) - 1.5) < 1e-4);
            } else {
                QVERIFY(numbersNear(p.shape["box"]["size"], {2, 1, 2}, 1e-4));
                QVERIFY(std::abs(translationY(p.node) - 0.5) < 1e-4);
            }
        }
        const CliRun valid = runCollidoscope({QStringLiteral("validate"), qpath(out)});
        QVERIFY2(valid.exit == 0, (valid.out + valid.err).c_str());
    }

private slots:
    void omiStaysOmi() { run(false); }
    void khrStaysKhr() { run(true); }

    void primitivesNeedDecomposeOrAutoByFit()
    {
        TempDir dir;
        const fs::path in = dir / "in.gltf";
        QVERIFY(writeInput(in, false));
        auto refused = [&](const QStringList& extra, const std::string& why) {
            const CliRun r = runCollidoscope(QStringList{QStringLiteral("add-colliders"), qpath(in),
                                                         QStringLiteral("--primitives"), QStringLiteral("-o"),
                                                         qpath(dir / "out.gltf")} +
                                             extra);
            QCOMPARE(r.exit, 2);
            QVERIFY2(r.err.find(why) != std::string::npos, r.err.c_str());
        };
        refused({QStringLiteral("--strategy"), QStringLiteral("hull")},
                "--primitives goes with --strategy decompose or auto");
        refused({}, "--primitives with auto needs --tolerance");
    }

    void autoGivesADynamicLTwoBoxes()
    {
        // No one convex collider comes within 0.1 m of the L (its hull stands off the inner corner by 0.5 m),
        // and a dynamic body cannot take a trimesh: auto with --primitives gives it two boxes.
        TempDir dir;
        const fs::path in = dir / "in.gltf", out = dir / "auto.gltf";
        QVERIFY(writeInput(in, false));
        const CliRun r = runCollidoscope(
            {QStringLiteral("add-colliders"), qpath(in), QStringLiteral("--nodes"), QStringLiteral("L"),
             QStringLiteral("--body"), QStringLiteral("dynamic"), QStringLiteral("--tolerance"),
             QStringLiteral("0.1"), QStringLiteral("--primitives"), QStringLiteral("--json"),
             QStringLiteral("-o"), qpath(out)});
        QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
        QCOMPARE(types(collidersOf(readJson(out), 1, false)), (std::vector<std::string>{"box", "box"}));
        QVERIFY2(r.out.find("COLLIDER_PRIMITIVE_PARTS") != std::string::npos, r.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPrimitivePartsCli)
#include "TestPrimitivePartsCli.moc"
