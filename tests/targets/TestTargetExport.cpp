// upgrade --target (issue 35): the written file is the variant the engine reads best, every change is listed
// with its pointer, validate --target on the result finds nothing the engine will not load or ignores, what
// the target cannot hold refuses the write unless --allow-loss, and a second export changes nothing.
#include "CliRun.h"
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "targets/TargetExport.h"

#include <QTest>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

Json readJson(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

fs::path write(const TempDir& dir, const std::string& name, const Json& root)
{
    writeText(dir / name, root.dump(2));
    return dir / name;
}

CliRun exportFor(const fs::path& in, const fs::path& out, const char* target, bool allowLoss = false)
{
    QStringList args = {QStringLiteral("upgrade"),  qpath(in),
                        QStringLiteral("-o"),       qpath(out),
                        QStringLiteral("--target"), QString::fromLatin1(target)};
    if (allowLoss)
        args << QStringLiteral("--allow-loss");
    return runCollidoscope(args);
}

bool has(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// validate --target T --strict-target: exit 0 means no "won't load" and no "ignored" finding.
void expectTargetHolds(const fs::path& file, const char* target)
{
    const CliRun r = runCollidoscope({QStringLiteral("validate"), qpath(file), QStringLiteral("--target"),
                                      QString::fromLatin1(target), QStringLiteral("--strict-target")});
    QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
}

// A dynamic 2 x 1 x 1 m box without mass on a material that gives only a combine mode, over a 4 x 2 m plane.
Json babylonSource()
{
    Json body = khrBody(0);
    body["motion"].erase("mass");
    body["collider"]["physicsMaterial"] = 0;
    Json ground = khrCollider(1);
    ground["collider"]["physicsMaterial"] = 0;
    return khrDocument(Json::array({{{"type", "box"}, {"box", {{"size", {2, 1, 1}}}}},
                                    {{"type", "plane"}, {"plane", {{"sizeX", 4}, {"sizeZ", 2}}}}}),
                       Json::array({body, ground}),
                       {{"physicsMaterials", Json::array({{{"frictionCombine", "average"},
                                                           {"restitutionCombine", "average"}}})}});
}

// A hinge about X between a static anchor (node 0, which carries the joint and has no body) and a dynamic arm
// (node 1, its box collider on child node 2, 1 m along +Z): gravity swings the arm down (positive turn about
// X) until the hinge's limit of 0.5 rad holds it.
Json hingedArm(const Json& limits)
{
    Json anchor = Json::object();
    anchor["joint"] = {{"connectedNode", 1}, {"joint", 0}, {"enableCollision", false}};
    Json arm = Json::object();
    arm["motion"] = {{"mass", 1.0}, {"centerOfMass", {0.0, 0.0, 1.0}}};
    Json joint = Json::object();
    joint["limits"] = limits;
    Json docBody = Json::object();
    docBody["physicsJoints"] = Json::array({joint});
    Json root = khrDocument(Json::array({{{"type", "box"}, {"box", {{"size", {0.2, 0.2, 0.2}}}}}}),
                            Json::array({anchor, arm, khrCollider(0)}), docBody);
    root["nodes"][0]["translation"] = {0.0, 2.0, 0.0};
    root["nodes"][1]["translation"] = {0.0, 2.0, 0.0};
    root["nodes"][2]["translation"] = {0.0, 0.0, 1.0};
    root["nodes"][1]["children"] = Json::array({2});
    root["scenes"][0]["nodes"] = Json::array({0, 1});
    return root;
}

Json hingeLimits()
{
    return Json::array({{{"linearAxes", {0, 1, 2}}, {"min", 0.0}, {"max", 0.0}},
                        {{"angularAxes", {1, 2}}, {"min", 0.0}, {"max", 0.0}},
                        {{"angularAxes", {0}}, {"min", -0.3}, {"max", 0.5}}});
}

/// The arm's turn about X after `seconds` of the tool's own simulation of `file` (radians).
double armTurn(const fs::path& file, const char* seconds)
{
    const CliRun r = runCollidoscope({QStringLiteral("simulate"), qpath(file), QStringLiteral("--seconds"),
                                      QString::fromLatin1(seconds), QStringLiteral("--json")});
    if (r.exit != 0)
        return std::nan("");
    const Json report = Json::parse(r.out);
    for (const Json& body : report["bodies"]) {
        if (body["node"] == 1) {
            const Json& q = body["rotation"];
            return 2.0 * std::atan2(q[0].get<double>(), q[3].get<double>());
        }
    }
    return std::nan("");
}

} // namespace

class TestTargetExport : public QObject
{
    Q_OBJECT

private slots:
    void babylonVariant()
    {
        TempDir dir;
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(write(dir, "in.gltf", babylonSource()), out, "babylon-havok");
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(has(r.out, "TARGET_CHANGED at /extensions/KHR_implicit_shapes/shapes/1: plane"),
                 r.out.c_str());
        QVERIFY2(has(r.out, "TARGET_CHANGED at /nodes/0/extensions/KHR_physics_rigid_bodies/motion: mass"),
                 r.out.c_str());
        const Json root = readJson(out);
        // Babylon drops planes (BAB:371-373): a thin box of the plane's extent stands in.
        const Json& shape = root["extensions"]["KHR_implicit_shapes"]["shapes"][1];
        QCOMPARE(shape["type"].get<std::string>(), std::string("box"));
        QVERIFY(numbersNear(shape["box"]["size"], {4.0, targets::kPlaneBoxThickness, 2.0}));
        // Absent KHR mass: written as the colliders' volume (2 m^3) at the computed-mass density.
        const double mass =
            root["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["motion"]["mass"].get<double>();
        QCOMPARE(mass, 2.0 * 1000.0);
        // Babylon's fallback friction is 0.5 (BAB:301-327): the spec's defaults are written out.
        const Json& material = root["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"][0];
        QCOMPARE(material["staticFriction"].get<double>(), 0.6);
        QCOMPARE(material["dynamicFriction"].get<double>(), 0.6);
        QCOMPARE(material["restitution"].get<double>(), 0.0);
        expectTargetHolds(out, "babylon-havok");
    }

    void babylonDocumentObject()
    {
        // No document `extensions` at all: Babylon's loader throws on any collider (BAB:351-359).
        TempDir dir;
        Json root = {{"asset", {{"version", "2.0"}}},
                     {"extensionsUsed", {"KHR_physics_rigid_bodies"}},
                     {"nodes", Json::array({{{"mesh", 0},
                                             {"extensions",
                                              {{"KHR_physics_rigid_bodies",
                                                {{"collider", {{"geometry", {{"mesh", 0}}}}}}}}}}})},
                     {"scenes", Json::array({{{"nodes", {0}}}})}};
        addPointMesh(root, 8);
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(write(dir, "in.gltf", root), out, "babylon-havok");
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(has(r.out, "TARGET_CHANGED at /extensions/KHR_physics_rigid_bodies"), r.out.c_str());
        QVERIFY(readJson(out)["extensions"]["KHR_physics_rigid_bodies"].is_object());
        expectTargetHolds(out, "babylon-havok");
    }

    void godotVariant()
    {
        // Godot reads a capsule's `radius` and full `height` (G47 shape.cpp:314-338) and drops the mesh of a
        // node its physics builds (G47 gltf_document.cpp:4514-4524).
        TempDir dir;
        Json root = omiDocument(
            Json::array({{{"type", "capsule"},
                          {"capsule", {{"height", 1}, {"radiusTop", 0.5}, {"radiusBottom", 0.5}}}}}),
            Json::array({{{"motion", {{"type", "dynamic"}}}, {"collider", {{"shape", 0}}}}}));
        addPointMesh(root, 8);
        root["nodes"][0]["mesh"] = 0;
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(write(dir, "in.gltf", root), out, "godot-4.x");
        EXPECT_CLI_EXIT(r, 0);
        const Json written = readJson(out);
        const Json& capsule = written["extensions"]["OMI_physics_shape"]["shapes"][0]["capsule"];
        QCOMPARE(capsule["radius"].get<double>(), 0.5);
        QCOMPARE(capsule["height"].get<double>(), 1.0 + 2 * 0.5);
        QVERIFY(!capsule.contains("radiusTop"));
        QVERIFY(!written["nodes"][0].contains("mesh"));
        QVERIFY(written["nodes"][0]["children"] == Json::array({1}));
        QCOMPARE(written["nodes"][1]["mesh"].get<int>(), 0);
        QVERIFY2(has(r.out, "TARGET_CHANGED at /nodes/0/mesh"), r.out.c_str());
        expectTargetHolds(out, "godot-4.x");
    }

    void godotCapsuleHeightIsTheDecimalSum_data()
    {
        QTest::addColumn<double>("midHeight");
        QTest::addColumn<double>("radius");
        QTest::addColumn<double>("fullHeight"); // mid-height + 2 radius, as decimals add
        QTest::newRow("0.2 + 2 * 0.5") << 0.2 << 0.5 << 1.2;
        QTest::newRow("0.1 + 2 * 0.1") << 0.1 << 0.1 << 0.3;
        QTest::newRow("0.3 + 2 * 0.001") << 0.3 << 0.001 << 0.302;
    }
    void godotCapsuleHeightIsTheDecimalSum()
    {
        // Godot's full height is written as the decimal the file's figures add up to, not the double sum
        // (0.1 + 0.2 is 0.30000000000000004 in double arithmetic).
        QFETCH(double, midHeight);
        QFETCH(double, radius);
        QFETCH(double, fullHeight);
        TempDir dir;
        Json params;
        params["height"] = midHeight;
        params["radiusTop"] = radius;
        params["radiusBottom"] = radius;
        Json shape;
        shape["type"] = "capsule";
        shape["capsule"] = params;
        Json body;
        body["collider"]["shape"] = 0;
        Json shapes = Json::array();
        shapes.push_back(shape);
        Json bodies = Json::array();
        bodies.push_back(body);
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(write(dir, "in.gltf", omiDocument(shapes, bodies)), out, "godot-4.x");
        EXPECT_CLI_EXIT(r, 0);
        const Json written = readJson(out);
        const Json& capsule = written["extensions"]["OMI_physics_shape"]["shapes"][0]["capsule"];
        QCOMPARE(capsule["height"].get<double>(), fullHeight);
        QCOMPARE(capsule["radius"].get<double>(), radius);
    }

    void godotColliderMovedUnderItsBody()
    {
        // Godot joins a collider to the body of its node or its direct parent only (G47 doc_ext.cpp:337-346).
        // Body node 0 at (1, 0, 0) > plain node 1 at (0, 2, 0) scaled 2 > collider node 2 at (0, 0, 1): the
        // collider moves to a new child of node 0 placed at (0, 2, 0) + 2 (0, 0, 1) = (0, 2, 2), scaled 2.
        TempDir dir;
        Json root = omiDocument(Json::array({{{"type", "box"}, {"box", {{"size", {1, 1, 1}}}}}}),
                                Json::array({{{"motion", {{"type", "dynamic"}}}}}));
        root["nodes"][0]["translation"] = {1.0, 0.0, 0.0};
        root["nodes"][0]["children"] = Json::array({1});
        Json plain = Json::object();
        plain["name"] = "group";
        plain["translation"] = {0.0, 2.0, 0.0};
        plain["scale"] = {2.0, 2.0, 2.0};
        plain["children"] = Json::array({2});
        root["nodes"].push_back(plain);
        Json collider = Json::object();
        collider["name"] = "crate";
        collider["translation"] = {0.0, 0.0, 1.0};
        collider["extensions"]["OMI_physics_body"]["collider"]["shape"] = 0;
        root["nodes"].push_back(collider);
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(write(dir, "in.gltf", root), out, "godot-4.x");
        EXPECT_CLI_EXIT(r, 0);
        const Json written = readJson(out);
        QVERIFY(!written["nodes"][2].contains("extensions"));
        QVERIFY(written["nodes"][0]["children"] == Json::array({1, 3}));
        const Json& moved = written["nodes"][3];
        QCOMPARE(moved["name"].get<std::string>(), std::string("crate collider"));
        QCOMPARE(moved["extensions"]["OMI_physics_body"]["collider"]["shape"].get<int>(), 0);
        const std::vector<double> expected = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 2, 2, 1};
        for (size_t k = 0; k < 16; ++k)
            QVERIFY2(std::fabs(moved["matrix"][k].get<double>() - expected[k]) < 1e-6,
                     qPrintable(QString::number(k)));
        QVERIFY2(has(r.out, "TARGET_CHANGED at /nodes/2/extensions/OMI_physics_body/collider"),
                 r.out.c_str());
        expectTargetHolds(out, "godot-4.x");
        // Exported again, nothing moves.
        const fs::path again = dir / "again.gltf";
        const CliRun second = exportFor(out, again, "godot-4.x");
        EXPECT_CLI_EXIT(second, 0);
        QVERIFY2(!has(second.out, "collider moved"), second.out.c_str());
    }

    void khrMassForAnOmiTarget()
    {
        // OMI reads an absent mass as 1 kg; KHR leaves it to the engine. For Godot the computed mass (2 m^3
        // at 1000 kg/m^3) is written, so nothing is lost and the file is written.
        TempDir dir;
        Json body = khrBody(0);
        body["motion"].erase("mass");
        const Json root = khrDocument(Json::array({{{"type", "box"}, {"box", {{"size", {2, 1, 1}}}}}}),
                                      Json::array({body}));
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(write(dir, "in.gltf", root), out, "godot-4.x");
        EXPECT_CLI_EXIT(r, 0);
        QCOMPARE(readJson(out)["nodes"][0]["extensions"]["OMI_physics_body"]["motion"]["mass"].get<double>(),
                 2.0 * 1000.0);
    }

    void explicitShapeParameters()
    {
        // The Sample Renderer applies glTF 2.1 defaults to KHR shapes (SRS gltfShapeCapsule): a capsule that
        // leaves its size to KHR's defaults (height 0.5, radii 0.25; KHR-PHYSICS-DIGEST 3.3) gets them
        // written.
        TempDir dir;
        const Json root = khrDocument(Json::array({{{"type", "capsule"}, {"capsule", Json::object()}}}),
                                      Json::array({khrBody(0)}));
        const fs::path out = dir / "out.gltf";
        EXPECT_CLI_EXIT(exportFor(write(dir, "in.gltf", root), out, "khronos-sample-viewer"), 0);
        const Json capsule = readJson(out)["extensions"]["KHR_implicit_shapes"]["shapes"][0]["capsule"];
        QCOMPARE(capsule["height"].get<double>(), 0.5);
        QCOMPARE(capsule["radiusTop"].get<double>(), 0.25);
        QCOMPARE(capsule["radiusBottom"].get<double>(), 0.25);
        // Godot reads a cylinder's `radius` only (G47 shape.cpp:314-338).
        const Json omi = omiDocument(
            Json::array({{{"type", "cylinder"},
                          {"cylinder", {{"height", 2}, {"radiusTop", 0.3}, {"radiusBottom", 0.3}}}}}),
            Json::array({{{"collider", {{"shape", 0}}}}}));
        EXPECT_CLI_EXIT(exportFor(write(dir, "omi.gltf", omi), dir / "godot.gltf", "godot-4.x"), 0);
        QCOMPARE(
            readJson(dir / "godot.gltf")["extensions"]["OMI_physics_shape"]["shapes"][0]["cylinder"]["radius"]
                .get<double>(),
            0.3);
    }

    void identicalFiltersMerged()
    {
        // 33 filters, two of them repeats: the Sample Renderer tells 31 apart (SR computeFilterData), so the
        // export merges the repeats and the last collider uses the twin of its filter.
        TempDir dir;
        Json filters = Json::array();
        for (int i = 0; i < 31; ++i)
            filters.push_back({{"collisionSystems", {"s" + std::to_string(i)}}});
        filters.push_back(filters[0]);
        filters.push_back(filters[5]);
        Json body = khrBody(0);
        body["collider"]["collisionFilter"] = 32;
        const fs::path out = dir / "out.gltf";
        const Json root =
            khrDocument(Json::array({box()}), Json::array({body}), {{"collisionFilters", filters}});
        const CliRun r = exportFor(write(dir, "in.gltf", root), out, "khronos-sample-viewer");
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(has(r.out,
                     "at /extensions/KHR_physics_rigid_bodies/collisionFilters/32: collision filter merged"),
                 r.out.c_str());
        const Json written = readJson(out);
        QCOMPARE(written["extensions"]["KHR_physics_rigid_bodies"]["collisionFilters"].size(), size_t(31));
        QCOMPARE(written["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["collider"]["collisionFilter"]
                     .get<int>(),
                 5);
    }

    void lossRefusedUnlessAllowed()
    {
        // Unity parses filters and never applies them (UNI DefaultPhysicsBodyHandler.cs:62-67).
        TempDir dir;
        Json body = khrBody(0);
        body["collider"]["collisionFilter"] = 0;
        const fs::path in =
            write(dir, "in.gltf",
                  khrDocument(Json::array({box()}), Json::array({body}),
                              {{"collisionFilters", Json::array({{{"collisionSystems", {"a"}}}})}}));
        const CliRun refused = exportFor(in, dir / "out.gltf", "unity-omi");
        EXPECT_CLI_EXIT(refused, 1);
        QVERIFY2(has(refused.err, "TARGET_LOSS at /extensions/OMI_physics_body/collisionFilters/0"),
                 refused.err.c_str());
        QVERIFY(!fs::exists(dir / "out.gltf"));
        EXPECT_CLI_EXIT(exportFor(in, dir / "out.gltf", "unity-omi", true), 0);
        const Json written = readJson(dir / "out.gltf");
        QVERIFY(written["extensions"].contains("OMI_physics_body"));
        // Unity computes an absent centre of mass (UNI DefaultPhysicsBodyHandler.cs:199-255); OMI means the
        // origin, which the export writes out.
        QVERIFY(written["nodes"][0]["extensions"]["OMI_physics_body"]["motion"]["centerOfMass"] ==
                Json::array({0.0, 0.0, 0.0}));
    }

    void babylonJointOnMovingBody()
    {
        // Babylon takes body A from above the `joint` node and crashes without one (BAB:535-566): the joint
        // moves to the arm, pointing back at the anchor, with the hinge's range mirrored.
        TempDir dir;
        const fs::path in = write(dir, "in.gltf", hingedArm(hingeLimits()));
        const fs::path out = dir / "out.gltf";
        const CliRun r = exportFor(in, out, "babylon-havok");
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(has(r.out,
                     "TARGET_CHANGED at /nodes/0/extensions/KHR_physics_rigid_bodies/joint: joint moved "
                     "from node 0"),
                 r.out.c_str());
        const Json root = readJson(out);
        // The anchor keeps nothing of the extension (it had only the joint).
        QVERIFY(!root["nodes"][0].contains("extensions"));
        const Json& joint = root["nodes"][1]["extensions"]["KHR_physics_rigid_bodies"]["joint"];
        QCOMPARE(joint["connectedNode"].get<int>(), 0);
        const Json& limits = root["extensions"]["KHR_physics_rigid_bodies"]["physicsJoints"]
                                 [joint["joint"].get<size_t>()]["limits"];
        QCOMPARE(limits[2]["min"].get<double>(), -0.5);
        QCOMPARE(limits[2]["max"].get<double>(), 0.3);
        expectTargetHolds(out, "babylon-havok");
        // The constraint means the same: the arm comes to rest on the same limit in both files.
        const double before = armTurn(in, "3");
        const double after = armTurn(out, "3");
        QVERIFY2(std::abs(before - 0.5) < 0.02, std::to_string(before).c_str());
        QVERIFY2(std::abs(after - before) < 0.02,
                 (std::to_string(before) + " vs " + std::to_string(after)).c_str());
    }

    void babylonJointThatCannotMove()
    {
        // A cone limit from the other side is not the mirrored cone: the joint stays and the export is
        // refused.
        TempDir dir;
        const Json cone = Json::array({{{"linearAxes", {0, 1, 2}}, {"min", 0.0}, {"max", 0.0}},
                                       {{"angularAxes", {1, 2}}, {"max", 0.4}}});
        const CliRun r = exportFor(write(dir, "in.gltf", hingedArm(cone)), dir / "out.gltf", "babylon-havok");
        EXPECT_CLI_EXIT(r, 1);
        QVERIFY2(has(r.err, "TARGET_LOSS at /nodes/0/extensions/KHR_physics_rigid_bodies/joint"),
                 r.err.c_str());
        QVERIFY(!fs::exists(dir / "out.gltf"));
    }

    void secondExportChangesNothing()
    {
        TempDir dir;
        EXPECT_CLI_EXIT(exportFor(write(dir, "in.gltf", babylonSource()), dir / "a.gltf", "babylon-havok"),
                        0);
        const CliRun again = exportFor(dir / "a.gltf", dir / "b.gltf", "babylon-havok");
        EXPECT_CLI_EXIT(again, 0);
        QVERIFY2(!has(again.out, "TARGET_CHANGED"), again.out.c_str());
        QVERIFY(readJson(dir / "b.gltf") == readJson(dir / "a.gltf"));
    }
};

QTEST_GUILESS_MAIN(TestTargetExport)
#include "TestTargetExport.moc"
