// upgrade --to omi|khr (issue 18): KHR -> OMI refuses to drop planes unless --allow-loss (exit 1, each loss
// listed); --khr is an alias of --to khr; upgrade --to khr, then --to omi, then --to khr gives the same
// inspect --json as the first KHR file.
#include "CliRun.h"
#include "TestSupport.h"
#include "gltf/GltfDocument.h"

#include <QTest>
#include <fstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

using Run = CliRun;

// upgrade IN -o OUT with the given options.
Run upgrade(const fs::path& in, const fs::path& out, const QStringList& options)
{
    return runCollidoscope(
        QStringList{QStringLiteral("upgrade"), qpath(in), QStringLiteral("-o"), qpath(out)} + options);
}

size_t count(const std::string& text, const std::string& part)
{
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

// The physics as inspect --json reports it, without the file name.
gltf::Json inspect(const fs::path& file)
{
    const Run r = runCollidoscope({QStringLiteral("inspect"), qpath(file), QStringLiteral("--json")});
    if (r.exit != 0)
        return gltf::Json(r.err);
    gltf::Json j = gltf::Json::parse(r.out);
    j.erase("file");
    return j;
}

} // namespace

class TestUpgradeFamilies : public QObject
{
    Q_OBJECT

private slots:
    void refusesLossUnlessAllowed()
    {
        TempDir dir;
        const fs::path in = dataPath("physics/khr_all.gltf");
        const QStringList toOmi = {QStringLiteral("--to"), QStringLiteral("omi")};
        const Run refused = upgrade(in, dir / "o.gltf", toOmi);
        EXPECT_CLI_EXIT(refused, 1);
        QCOMPARE(count(refused.err, "OMI_NOT_EXPRESSIBLE"), size_t(2)); // the two plane colliders
        QVERIFY(!fs::exists(dir / "o.gltf"));
        const Run allowed = upgrade(in, dir / "o.gltf", toOmi + QStringList{QStringLiteral("--allow-loss")});
        EXPECT_CLI_EXIT(allowed, 0);
        const gltf::Json out = inspect(dir / "o.gltf");
        QCOMPARE(out["source"].get<std::string>(), std::string("omi"));
        QCOMPARE(out["joints"].size(), size_t(6));
        EXPECT_CLI_EXIT(upgrade(in, dir / "x.gltf", {QStringLiteral("--to"), QStringLiteral("gltf")}), 2);
    }

    void khrOmiKhrGivesTheSameInspect()
    {
        TempDir dir;
        EXPECT_CLI_EXIT(upgrade(dataPath("physics/omi_all.gltf"), dir / "a.gltf",
                                {QStringLiteral("--to"), QStringLiteral("khr")}),
                        0);
        EXPECT_CLI_EXIT(
            upgrade(dir / "a.gltf", dir / "b.glb", {QStringLiteral("--to"), QStringLiteral("omi")}), 0);
        EXPECT_CLI_EXIT(upgrade(dir / "b.glb", dir / "c.gltf", {QStringLiteral("--khr")}), 0); // the alias
        const gltf::Json first = inspect(dir / "a.gltf");
        const gltf::Json third = inspect(dir / "c.gltf");
        QCOMPARE(first["source"].get<std::string>(), std::string("khr"));
        QCOMPARE(first["counts"]["joints"].get<int>(), 6);
        QCOMPARE(first["nodeJoints"].size(), size_t(6));
        QVERIFY2(first == third, ("first " + first.dump() + "\nthird " + third.dump()).c_str());
        const gltf::Json middle = inspect(dir / "b.glb");
        QVERIFY(middle["joints"] == first["joints"]);
        QVERIFY(middle["nodeJoints"] == first["nodeJoints"]);
    }

    // KHR: "If not provided, the mass and inertia properties should be calculated by the simulation engine";
    // "a value of zero in mass ... should be understood to represent a value of infinity". OMI reads a
    // missing mass as 1 kg and has no infinite mass: both are losses going to OMI. OMI's missing mass becomes
    // an explicit KHR mass of 1.
    void massMeaningsAcrossFamilies()
    {
        TempDir dir;
        const fs::path khr = dir / "khr.gltf";
        std::ofstream(khr) << R"({"asset":{"version":"2.0"},
          "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
          "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}},
          "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"motion":{},"collider":{"geometry":{"shape":0}}}}},
                   {"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":0},
                     "collider":{"geometry":{"shape":0}}}}}]})";
        const QStringList toOmi = {QStringLiteral("--to"), QStringLiteral("omi")};
        const Run refused = upgrade(khr, dir / "o.gltf", toOmi);
        EXPECT_CLI_EXIT(refused, 1);
        QCOMPARE(count(refused.err, "OMI_NOT_EXPRESSIBLE"), size_t(2));
        QVERIFY(!fs::exists(dir / "o.gltf"));
        EXPECT_CLI_EXIT(upgrade(khr, dir / "o.gltf", toOmi + QStringList{QStringLiteral("--allow-loss")}), 0);

        const fs::path omi = dir / "omi.gltf";
        std::ofstream(omi)
            << R"({"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_shape","OMI_physics_body"],
          "extensions":{"OMI_physics_shape":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}},
          "nodes":[{"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":0}}}}]})";
        EXPECT_CLI_EXIT(upgrade(omi, dir / "k.gltf", {QStringLiteral("--to"), QStringLiteral("khr")}), 0);
        const gltf::Json out = inspect(dir / "k.gltf");
        QCOMPARE(out["source"].get<std::string>(), std::string("khr"));
        QCOMPARE(out["bodies"][0]["motion"]["mass"].get<double>(), 1.0);
        QCOMPARE(out["bodies"][0]["motion"]["massMeaning"].get<std::string>(), std::string("given"));
    }
};

QTEST_GUILESS_MAIN(TestUpgradeFamilies)
#include "TestUpgradeFamilies.moc"
