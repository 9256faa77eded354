// add-colliders and hull keep the file's physics family (issue 49, item 5): colliders added to a KHR file are
// written as KHR_physics_rigid_bodies and KHR_implicit_shapes, beside the colliders it had, with no OMI
// extension; an OMI file stays OMI. They used to write every KHR file they touched as OMI, a family switch
// nobody asked for (the window's Save keeps the family).
#include "BoxMeshes.h"
#include "CliRun.h"
#include "TestSupport.h"

#include <QTest>
#include <fstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

/// A crate mesh (node 0, half extents 0.5, 0.25, 0.5 about (0, 0.25, 0)) without a collider, and a floor
/// (node 1) with a box collider in `family`'s spelling.
gltf::Json crateAndFloor(bool khr)
{
    gltf::Json j = gltf::Json::parse(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1]}],
        "nodes":[{"name":"Crate","mesh":0},{"name":"Floor","translation":[0,-1,0]}]})");
    if (khr) {
        j["extensionsUsed"] = {"KHR_physics_rigid_bodies", "KHR_implicit_shapes"};
        j["extensions"]["KHR_implicit_shapes"]["shapes"] =
            gltf::Json::parse(R"([{"type":"box","box":{"size":[10,0.2,10]}}])");
        j["nodes"][1]["extensions"]["KHR_physics_rigid_bodies"] =
            gltf::Json::parse(R"({"collider":{"geometry":{"shape":0}}})");
    } else {
        j["extensionsUsed"] = {"OMI_physics_shape", "OMI_physics_body"};
        j["extensions"]["OMI_physics_shape"]["shapes"] =
            gltf::Json::parse(R"([{"type":"box","box":{"size":[10,0.2,10]}}])");
        j["nodes"][1]["extensions"]["OMI_physics_body"] = gltf::Json::parse(R"({"collider":{"shape":0}})");
    }
    return boxMeshes(j, {{-0.5f, 0.0f, -0.5f, 0.5f, 0.5f, 0.5f}});
}

gltf::Json readJson(const fs::path& file)
{
    std::ifstream in(file);
    return gltf::Json::parse(in);
}

bool uses(const gltf::Json& j, const std::string& extension)
{
    const auto& used = j.value("extensionsUsed", gltf::Json::array());
    return std::find(used.begin(), used.end(), extension) != used.end();
}

} // namespace

class TestColliderFamilies : public QObject
{
    Q_OBJECT

    /// `add-colliders --strategy box` with `extra` arguments on crateAndFloor(khr); `written` is the file it
    /// wrote.
    void addBoxes(bool khr, gltf::Json& written, const QStringList& extra = {})
    {
        TempDir dir;
        const fs::path in = dir / "in.gltf";
        std::ofstream(in) << crateAndFloor(khr).dump();
        const fs::path out = dir / "boxed.gltf";
        EXPECT_CLI_EXIT(runCollidoscope(QStringList{QStringLiteral("add-colliders"), qpath(in),
                                                    QStringLiteral("--strategy"), QStringLiteral("box"),
                                                    QStringLiteral("-o"), qpath(out)} +
                                        extra),
                        0);
        written = readJson(out);
    }

    /// The exit of add-colliders on crateAndFloor(khr) with `extra` arguments; `wrote` says whether the
    /// output exists afterwards.
    int addCollidersExit(bool khr, const QStringList& extra, bool& wrote)
    {
        TempDir dir;
        const fs::path in = dir / "in.gltf";
        std::ofstream(in) << crateAndFloor(khr).dump();
        const fs::path out = dir / "out.gltf";
        const CliRun r = runCollidoscope(
            QStringList{QStringLiteral("add-colliders"), qpath(in), QStringLiteral("-o"), qpath(out)} +
            extra);
        wrote = fs::exists(out);
        return r.exit;
    }

private slots:
    void addCollidersKeepsKhr()
    {
        gltf::Json j;
        addBoxes(true, j);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(uses(j, "KHR_physics_rigid_bodies") && uses(j, "KHR_implicit_shapes"), j.dump().c_str());
        QVERIFY2(!uses(j, "OMI_physics_body") && !uses(j, "OMI_physics_shape"), j.dump().c_str());
        QVERIFY(!j["extensions"].contains("OMI_physics_shape"));
        // The floor's collider as it was, and a new box of the crate's size (1 x 0.5 x 1) in KHR's spelling.
        const gltf::Json& shapes = j["extensions"]["KHR_implicit_shapes"]["shapes"];
        QCOMPARE(shapes.size(), size_t(2));
        QVERIFY2(numbersNear(shapes[1]["box"]["size"], {1, 0.5, 1}, 1e-6), shapes.dump().c_str());
        QVERIFY(j["nodes"][1]["extensions"]["KHR_physics_rigid_bodies"]["collider"]["geometry"]["shape"] ==
                0);
        int khrColliders = 0;
        for (const auto& node : j["nodes"]) {
            const auto* ext = node.contains("extensions") ? &node["extensions"] : nullptr;
            khrColliders += ext && ext->contains("KHR_physics_rigid_bodies") &&
                            (*ext)["KHR_physics_rigid_bodies"].contains("collider");
        }
        QCOMPARE(khrColliders, 2);
    }

    /// `hull --node Crate` with `extra` arguments on crateAndFloor(khr); the file it wrote.
    gltf::Json hullCrate(bool khr, const QStringList& extra = {})
    {
        TempDir dir;
        const fs::path in = dir / "in.gltf";
        std::ofstream(in) << crateAndFloor(khr).dump();
        const fs::path out = dir / "hulled.gltf";
        const CliRun r =
            runCollidoscope(QStringList{QStringLiteral("hull"), qpath(in), QStringLiteral("--node"),
                                        QStringLiteral("Crate"), QStringLiteral("-o"), qpath(out)} +
                            extra);
        if (r.exit != 0 || !fs::exists(out))
            return {{"exit", r.exit}, {"stderr", r.err}};
        return readJson(out);
    }

    /// Whether a KHR collider is a hull: mesh geometry with convexHull: true (KHR_physics_rigid_bodies,
    /// collider geometry).
    static bool hasKhrHull(const gltf::Json& j)
    {
        bool hull = false;
        for (const auto& node : j.value("nodes", gltf::Json::array())) {
            if (!node.contains("extensions") || !node["extensions"].contains("KHR_physics_rigid_bodies"))
                continue;
            const gltf::Json& body = node["extensions"]["KHR_physics_rigid_bodies"];
            if (body.contains("collider") && body["collider"]["geometry"].value("convexHull", false))
                hull = body["collider"]["geometry"].contains("mesh");
        }
        return hull;
    }

    /// Whether an OMI shape is a hull (OMI_physics_shape: type "convex" with a mesh).
    static bool hasOmiHull(const gltf::Json& j)
    {
        if (!j.contains("extensions") || !j["extensions"].contains("OMI_physics_shape"))
            return false;
        for (const auto& shape : j["extensions"]["OMI_physics_shape"]["shapes"])
            if (shape.value("type", "") == "convex" && shape["convex"].contains("mesh"))
                return true;
        return false;
    }

    void hullKeepsKhr()
    {
        const gltf::Json j = hullCrate(true);
        QVERIFY2(uses(j, "KHR_physics_rigid_bodies") && !uses(j, "OMI_physics_body"), j.dump().c_str());
        QVERIFY2(hasKhrHull(j), j.dump().c_str());
    }

    void hullKeepsOmiAndTakesTo()
    {
        gltf::Json j = hullCrate(false);
        QVERIFY2(uses(j, "OMI_physics_body") && !uses(j, "KHR_physics_rigid_bodies"), j.dump().c_str());
        QVERIFY2(hasOmiHull(j), j.dump().c_str());
        j = hullCrate(false, {QStringLiteral("--to"), QStringLiteral("khr")});
        QVERIFY2(uses(j, "KHR_physics_rigid_bodies") && !uses(j, "OMI_physics_body"), j.dump().c_str());
        QVERIFY2(hasKhrHull(j), j.dump().c_str());
        j = hullCrate(true, {QStringLiteral("--to"), QStringLiteral("omi")});
        QVERIFY2(uses(j, "OMI_physics_body") && !uses(j, "KHR_physics_rigid_bodies"), j.dump().c_str());
        QVERIFY2(hasOmiHull(j), j.dump().c_str());
    }

    void omiStaysOmi()
    {
        gltf::Json j;
        addBoxes(false, j);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(uses(j, "OMI_physics_body") && !uses(j, "KHR_physics_rigid_bodies"), j.dump().c_str());
        const gltf::Json& shapes = j["extensions"]["OMI_physics_shape"]["shapes"];
        QCOMPARE(shapes.size(), size_t(2));
        QVERIFY2(numbersNear(shapes[1]["box"]["size"], {1, 0.5, 1}, 1e-6), shapes.dump().c_str());
    }

    // --to chooses the other family: the whole file's physics in it, the new collider beside the old.
    void toOmiWritesAKhrFileAsOmi()
    {
        gltf::Json j;
        addBoxes(true, j, {QStringLiteral("--to"), QStringLiteral("omi")});
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(uses(j, "OMI_physics_body") && uses(j, "OMI_physics_shape"), j.dump().c_str());
        QVERIFY2(!uses(j, "KHR_physics_rigid_bodies") && !uses(j, "KHR_implicit_shapes"), j.dump().c_str());
        const gltf::Json& shapes = j["extensions"]["OMI_physics_shape"]["shapes"];
        QCOMPARE(shapes.size(), size_t(2));
        QVERIFY2(numbersNear(shapes[0]["box"]["size"], {10, 0.2, 10}, 1e-6), shapes.dump().c_str());
        QVERIFY2(numbersNear(shapes[1]["box"]["size"], {1, 0.5, 1}, 1e-6), shapes.dump().c_str());
    }

    void toKhrWritesAnOmiFileAsKhr()
    {
        gltf::Json j;
        addBoxes(false, j, {QStringLiteral("--to"), QStringLiteral("khr")});
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(uses(j, "KHR_physics_rigid_bodies") && !uses(j, "OMI_physics_body"), j.dump().c_str());
        QCOMPARE(j["extensions"]["KHR_implicit_shapes"]["shapes"].size(), size_t(2));
    }

    // A dynamic body KHR leaves the mass of to the engine would weigh 1 kg in OMI (OMI_physics_body: mass
    // defaults to 1): a loss, listed, and nothing is written unless it is allowed.
    void aLossStopsTheWriteUnlessAllowed()
    {
        const QStringList dynamicToOmi{QStringLiteral("--strategy"), QStringLiteral("box"),
                                       QStringLiteral("--body"),     QStringLiteral("dynamic"),
                                       QStringLiteral("--to"),       QStringLiteral("omi")};
        bool wrote = true;
        QCOMPARE(addCollidersExit(true, dynamicToOmi, wrote), 1);
        QVERIFY(!wrote);
        QCOMPARE(addCollidersExit(true, dynamicToOmi + QStringList{QStringLiteral("--allow-loss")}, wrote),
                 0);
        QVERIFY(wrote);
        // A static body has no mass to lose.
        QCOMPARE(addCollidersExit(true,
                                  {QStringLiteral("--strategy"), QStringLiteral("box"),
                                   QStringLiteral("--to"), QStringLiteral("omi")},
                                  wrote),
                 0);
        QVERIFY(wrote);
    }

    // --target writes the family the engine reads: Godot reads OMI (ENGINE-TARGETS, Godot), Babylon's loader
    // KHR.
    void targetWritesTheFamilyItsEngineReads()
    {
        gltf::Json j;
        addBoxes(true, j, {QStringLiteral("--target"), QStringLiteral("godot-4.x")});
        QVERIFY2(uses(j, "OMI_physics_body") && !uses(j, "KHR_physics_rigid_bodies"), j.dump().c_str());
        addBoxes(false, j, {QStringLiteral("--target"), QStringLiteral("babylon-havok")});
        QVERIFY2(uses(j, "KHR_physics_rigid_bodies") && !uses(j, "OMI_physics_body"), j.dump().c_str());
    }

    void contradictionsAndUnknownsAreRefused_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("bad family") << QStringList{QStringLiteral("--to"), QStringLiteral("gltf")};
        QTest::newRow("both") << QStringList{QStringLiteral("--to"), QStringLiteral("khr"),
                                             QStringLiteral("--target"), QStringLiteral("godot-4.x")};
        QTest::newRow("unknown target") << QStringList{QStringLiteral("--target"), QStringLiteral("quake")};
        QTest::newRow("over the cap") << QStringList{QStringLiteral("--target"), QStringLiteral("godot-4.x"),
                                                     QStringLiteral("--max-points"), QStringLiteral("300")};
    }

    void contradictionsAndUnknownsAreRefused()
    {
        QFETCH(QStringList, extra);
        bool wrote = true;
        QCOMPARE(addCollidersExit(true, extra, wrote), 2);
        QVERIFY(!wrote);
    }
};

QTEST_GUILESS_MAIN(TestColliderFamilies)
#include "TestColliderFamilies.moc"
