// What issue 47's engine check asked of exports and findings: a "won't load" of validate --target names the
// command that fixes it (`collidoscope upgrade FILE --target NAME -o OUT`, in the text and in the JSON; a
// target that loads the file gets no such line), and the export for the Sample Renderer writes the inertia
// the spec computes (the renderer reads an absent one as (1, 1, 1)).
#include "CliRun.h"
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "targets/TargetCheck.h"
#include "targets/TargetExport.h"

#include <QTest>
#include <array>
#include <cmath>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

class TestTargetFix : public QObject
{
    Q_OBJECT

private slots:
    void fixCommandOnlyWhenSomethingFails()
    {
        const targets::Target* godot = targets::findTarget("godot-4.x");
        QVERIFY(godot);
        const std::vector<targets::Finding> fails = {
            {targets::Verdict::Fails, targets::Feature::FamilyKhr, "", "KHR", "reads OMI only", "GD:1"}};
        QCOMPARE(targets::fixCommand(fails, "dir/a.gltf", *godot),
                 std::string("collidoscope upgrade dir/a.gltf --target godot-4.x -o dir/a-godot-4.x.gltf"));
        QCOMPARE(targets::fixCommand(fails, "my.dir/a", *godot),
                 std::string("collidoscope upgrade my.dir/a --target godot-4.x -o my.dir/a-godot-4.x.gltf"));
        std::vector<targets::Finding> differs = fails;
        differs[0].verdict = targets::Verdict::Differs;
        QVERIFY(targets::fixCommand(differs, "a.gltf", *godot).empty());
        QVERIFY(targets::fixCommand({}, "a.gltf", *godot).empty());
    }

    void validateNamesTheFix()
    {
        // A KHR file: Godot reads OMI only (won't load); the Sample Viewer loads it.
        const TempDir dir;
        const Json root = khrDocument(Json::array({box()}), Json::array({khrBody(0)}));
        const fs::path file = dir / "box.gltf";
        writeText(file, root.dump(2));
        const std::string expected = "fix: collidoscope upgrade " + file.string() +
                                     " --target godot-4.x -o " + (dir / "box-godot-4.x.gltf").string();
        const CliRun one = runCollidoscope({QStringLiteral("validate"), qpath(file),
                                            QStringLiteral("--target"), QStringLiteral("godot-4.x")});
        QVERIFY2(one.out.find(expected) != std::string::npos, one.out.c_str());
        const CliRun all = runCollidoscope(
            {QStringLiteral("validate"), qpath(file), QStringLiteral("--target"), QStringLiteral("all")});
        QVERIFY2(all.out.find(expected) != std::string::npos, all.out.c_str());
        QVERIFY2(all.out.find("--target khronos-sample-viewer") == std::string::npos, all.out.c_str());
        const CliRun json =
            runCollidoscope({QStringLiteral("validate"), qpath(file), QStringLiteral("--target"),
                             QStringLiteral("all"), QStringLiteral("--json")});
        const Json parsed = Json::parse(json.out);
        const Json& targets = parsed.at(0).at("targets");
        QCOMPARE(targets.at("godot-4.x").at("fix").get<std::string>(), expected.substr(5));
        QVERIFY(!targets.at("khronos-sample-viewer").contains("fix"));
    }

    void sampleViewerExportWritesTheInertia()
    {
        // A 1 x 2 x 0.5 m box of 6 kg without inertiaDiagonal: createActor sets mass and inertia before any
        // shape is attached, so PhysX would keep (1, 1, 1) (SR createActor, calculateMassAndInertia). The
        // export writes the box's m (b^2 + c^2) / 12, m (a^2 + c^2) / 12, m (a^2 + b^2) / 12 =
        // (2.125, 0.625, 2.5); Babylon computes an absent inertia itself, so its export writes none.
        Json root = khrDocument(Json::array({{{"type", "box"}, {"box", {{"size", {1, 2, 0.5}}}}}}),
                                Json::array({khrBody(0, 6.0)}));
        gltf::GltfDocument doc;
        doc.json() = Json::parse(root.dump());
        const targets::TargetExportResult r =
            targets::exportForTarget(doc, *targets::findTarget("khronos-sample-viewer"));
        QVERIFY(!r.unusable);
        const Json& motion =
            r.document.json()["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["motion"];
        QVERIFY2(motion.contains("inertiaDiagonal"), motion.dump().c_str());
        const std::array<double, 3> expected = {2.125, 0.625, 2.5};
        for (size_t i = 0; i < 3; ++i)
            QVERIFY2(std::fabs(motion["inertiaDiagonal"][i].get<double>() - expected[i]) < 1e-6,
                     motion.dump().c_str());
        gltf::GltfDocument again;
        again.json() = Json::parse(root.dump());
        const targets::TargetExportResult babylon =
            targets::exportForTarget(again, *targets::findTarget("babylon-havok"));
        QVERIFY(
            !babylon.document.json()["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"]["motion"].contains(
                "inertiaDiagonal"));
    }
};

QTEST_GUILESS_MAIN(TestTargetFix)
#include "TestTargetFix.moc"
