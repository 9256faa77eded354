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

    // Sizes typed as 0.1, 0.3 and 1e-3 are written as exactly those numbers: as read (upgrade, an export for
    // a target) and as fitted to float vertex data (add-colliders, whose fit measures 0.1f).
    void sizesWrittenAsTyped()
    {
        TempDir dir;
        const fs::path typed = dir / "typed.gltf";
        std::ofstream(typed)
            << R"({"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_shape","OMI_physics_body"],
          "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[0.1,0.3,1e-3]}},
            {"type":"capsule","capsule":{"height":0.3,"radiusTop":1e-3,"radiusBottom":1e-3}}]}},
          "scene":0,"scenes":[{"nodes":[0,1]}],
          "nodes":[{"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}},
                   {"translation":[0.1,0.3,1e-3],"extensions":{"OMI_physics_body":{"collider":{"shape":1}}}}]})";
        // A crate mesh of half extents 0.05, 0.15 and 0.0005 (floats), no collider yet.
        gltf::Bytes bytes;
        for (int k = 0; k < 8; ++k)
            appendFloats(bytes,
                         {(k & 1) ? 0.05f : -0.05f, (k & 2) ? 0.15f : -0.15f, (k & 4) ? 0.0005f : -0.0005f});
        appendValues<std::uint16_t>(bytes, {0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1,
                                            2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3});
        gltf::Json crateJson =
            gltf::Json::parse(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
          "nodes":[{"name":"Crate","mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
          "bufferViews":[{"buffer":0,"byteLength":96},{"buffer":0,"byteOffset":96,"byteLength":72}],
          "accessors":[{"bufferView":0,"componentType":5126,"count":8,"type":"VEC3",
                        "min":[-0.05,-0.15,-0.0005],"max":[0.05,0.15,0.0005]},
                       {"bufferView":1,"componentType":5123,"count":36,"type":"SCALAR"}]})");
        gltf::Json buffer;
        buffer["byteLength"] = bytes.size();
        buffer["uri"] = base64DataUri(bytes);
        crateJson["buffers"] = gltf::Json::array();
        crateJson["buffers"].push_back(buffer);
        const fs::path crate = dir / "crate.gltf";
        std::ofstream(crate) << crateJson.dump();
        const Run fitted =
            runCollidoscope({QStringLiteral("add-colliders"), qpath(crate), QStringLiteral("--strategy"),
                             QStringLiteral("box"), QStringLiteral("-o"), qpath(dir / "fitted.gltf")});
        EXPECT_CLI_EXIT(fitted, 0);

        const gltf::Json sizes = gltf::Json::array({0.1, 0.3, 1e-3});
        const auto shapesOf = [](const fs::path& file, const char* extension) {
            std::ifstream in(file);
            return gltf::Json::parse(in)["extensions"][extension]["shapes"];
        };
        gltf::Json fittedShapes = shapesOf(dir / "fitted.gltf", "OMI_physics_shape");
        QVERIFY2(fittedShapes[0]["box"]["size"] == sizes, fittedShapes.dump().c_str());
        int written = 0;
        for (const fs::path& in : {typed, dir / "fitted.gltf"}) {
            for (const QStringList& options :
                 {QStringList{QStringLiteral("--to"), QStringLiteral("khr")},
                  QStringList{QStringLiteral("--target"), QStringLiteral("babylon-havok")}}) {
                const fs::path out = dir / ("out" + std::to_string(++written) + ".gltf");
                EXPECT_CLI_EXIT(upgrade(in, out, options), 0);
                gltf::Json shapes = shapesOf(out, "KHR_implicit_shapes");
                QVERIFY2(shapes[0]["box"]["size"] == sizes, shapes.dump().c_str());
                if (in == typed) {
                    QCOMPARE(shapes[1]["capsule"]["height"].get<double>(), 0.3);
                    QCOMPARE(shapes[1]["capsule"]["radiusTop"].get<double>(), 1e-3);
                }
            }
        }
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
