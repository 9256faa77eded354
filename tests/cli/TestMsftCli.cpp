// MSFT_rigid_bodies files on the command line (issue 50 item 3): inspect and validate read them (source
// "msft"), upgrade --to khr and --to omi write the other families without the MSFT extensions, refusing a
// loss unless --allow-loss as every upgrade does, and a bad MSFT file is reported with the file and the JSON
// pointer of the bad value.
#include "CliRun.h"
#include "TestSupport.h"
#include "gltf/GltfDocument.h"

#include <QTest>
#include <fstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

CliRun upgrade(const fs::path& in, const fs::path& out, const QStringList& options)
{
    return runCollidoscope(
        QStringList{QStringLiteral("upgrade"), qpath(in), QStringLiteral("-o"), qpath(out)} + options);
}

gltf::Json inspect(const fs::path& file)
{
    const CliRun r = runCollidoscope({QStringLiteral("inspect"), qpath(file), QStringLiteral("--json")});
    if (r.exit != 0)
        return gltf::Json(r.err);
    return gltf::Json::parse(r.out);
}

gltf::Json fileJson(const fs::path& file)
{
    std::ifstream in(file);
    return gltf::Json::parse(in);
}

/// The shape that body `name`'s first collider uses, from an inspect report.
gltf::Json bodyShape(const gltf::Json& report, const std::string& name)
{
    for (const auto& body : report["bodies"]) {
        if (body["name"] == name && !body["colliders"].empty())
            return body["colliders"][0]["shape"];
    }
    return {};
}

} // namespace

class TestMsftCli : public QObject
{
    Q_OBJECT

private slots:
    void inspectReadsMsft()
    {
        const gltf::Json report = inspect(dataPath("physics/msft_all.gltf"));
        QVERIFY2(report.is_object(), report.dump().c_str());
        QCOMPARE(report["source"].get<std::string>(), std::string("msft"));
        QCOMPARE(report["counts"]["joints"].get<int>(), 1);
        QCOMPARE(report["physicsMaterials"].size(), size_t(2));
        const CliRun validated =
            runCollidoscope({QStringLiteral("validate"), qpath(dataPath("physics/msft_all.gltf"))});
        QVERIFY2(validated.out.find("MSFT_IMPORTED") != std::string::npos, validated.out.c_str());
        QVERIFY2(validated.exit == 0, (validated.out + validated.err).c_str());
    }

    void upgradeToKhrListsTheLossAndWritesKhr()
    {
        TempDir dir;
        const fs::path in = dataPath("physics/msft_all.gltf");
        const QStringList toKhr = {QStringLiteral("--to"), QStringLiteral("khr")};
        const CliRun refused = upgrade(in, dir / "k.gltf", toKhr);
        EXPECT_CLI_EXIT(refused, 1);
        // The crate's motion extras have no place in a KHR motion.
        QVERIFY2(refused.err.find("MSFT_NOT_CARRIED") != std::string::npos, refused.err.c_str());
        QVERIFY2(refused.err.find("/nodes/0/extensions/MSFT_rigid_bodies/motion/extras") != std::string::npos,
                 refused.err.c_str());
        QVERIFY(!fs::exists(dir / "k.gltf"));
        EXPECT_CLI_EXIT(upgrade(in, dir / "k.gltf", toKhr + QStringList{QStringLiteral("--allow-loss")}), 0);
        const gltf::Json out = fileJson(dir / "k.gltf");
        QVERIFY(out["extensionsUsed"] ==
                gltf::Json::array({"KHR_physics_rigid_bodies", "KHR_implicit_shapes"}));
        QVERIFY(out.dump().find("MSFT_") == std::string::npos);
        const gltf::Json report = inspect(dir / "k.gltf");
        QCOMPARE(report["source"].get<std::string>(), std::string("khr"));
        QVERIFY2(bodyShape(report, "Crate")["size"] == gltf::Json::array({1.0, 2.0, 3.0}),
                 report.dump().c_str());
        QCOMPARE(report["counts"]["joints"].get<int>(), 1);
    }

    void upgradeToOmiWritesOmi()
    {
        TempDir dir;
        EXPECT_CLI_EXIT(upgrade(dataPath("physics/msft_all.gltf"), dir / "o.glb",
                                {QStringLiteral("--to"), QStringLiteral("omi")}),
                        0);
        const auto out = gltf::loadGltf(dir / "o.glb");
        QVERIFY(out);
        QVERIFY(out->json().dump().find("MSFT_") == std::string::npos);
        QVERIFY(out->json()["extensions"].contains("OMI_physics_body"));
        const gltf::Json report = inspect(dir / "o.glb");
        QCOMPARE(report["source"].get<std::string>(), std::string("omi"));
        QVERIFY2(bodyShape(report, "Crate")["size"] == gltf::Json::array({1.0, 2.0, 3.0}),
                 report.dump().c_str());
        // The OMI motion keeps the MSFT motion's extras.
        const gltf::Json motion = out->json()["nodes"][0]["extensions"]["OMI_physics_body"]["motion"];
        QVERIFY2(motion["extras"]["note"] == gltf::Json("crate"), motion.dump().c_str());
    }

    void badMsftNamesFileAndPlace()
    {
        TempDir dir;
        const fs::path bad = dir / "bad.gltf";
        std::ofstream(bad) << R"({"asset":{"version":"2.0"},"extensionsUsed":["MSFT_rigid_bodies"],
          "extensions":{"MSFT_collision_primitives":{"colliders":[{"type":"sphere"}]}},
          "nodes":[{"extensions":{"MSFT_rigid_bodies":{"collider":{"collider":0}}}}]})";
        const CliRun r = runCollidoscope({QStringLiteral("validate"), qpath(bad)});
        QVERIFY2(r.exit != 0, r.out.c_str());
        const std::string all = r.out + r.err;
        QVERIFY2(all.find("bad.gltf") != std::string::npos, all.c_str());
        QVERIFY2(all.find("MSFT_COLLIDER_UNREADABLE") != std::string::npos, all.c_str());
        QVERIFY2(all.find("/extensions/MSFT_collision_primitives/colliders/0") != std::string::npos,
                 all.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMsftCli)
#include "TestMsftCli.moc"
