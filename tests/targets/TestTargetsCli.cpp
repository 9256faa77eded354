// Export targets on the command line (issue 35): docs/targets.md is what `targets --markdown` prints;
// validate --target reports findings with pointers, keeps its exit status unless --strict-target, and
// --target all prints one verdict per target.
#include "CliRun.h"
#include "TargetFixtures.h"
#include "TestSupport.h"

#include <QTest>
#include <fstream>
#include <sstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A valid KHR file: a dynamic box over a static plane collider (shape 1).
fs::path writePlaneFile(const TempDir& dir)
{
    const Json root = khrDocument(Json::array({box(), plane()}), Json::array({khrBody(0), khrCollider(1)}));
    const fs::path file = dir / "plane.gltf";
    writeText(file, root.dump(2));
    return file;
}

CliRun validate(const fs::path& file, const QStringList& options)
{
    return runCollidoscope(QStringList{QStringLiteral("validate"), qpath(file)} + options);
}

} // namespace

class TestTargetsCli : public QObject
{
    Q_OBJECT

private slots:
    void docsEqualTheCommand()
    {
        const CliRun r = runCollidoscope({QStringLiteral("targets"), QStringLiteral("--markdown")});
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(r.out == readText(CS_TARGETS_DOC),
                 "docs/targets.md differs from 'collidoscope targets --markdown': regenerate it");
        // Every target is a row of the list, with the revision of its description (raised for the three whose
        // hull cap changed unit or value with the hull budgets).
        for (const char* name :
             {"spec", "godot-4.x", "unity-omi", "babylon-havok", "khronos-sample-viewer", "blender-khr"}) {
            const std::string n = name;
            const bool revised = n == "godot-4.x" || n == "unity-omi" || n == "khronos-sample-viewer";
            QVERIFY2(r.out.find("| `" + n + "` r" + (revised ? "2" : "1") + " |") != std::string::npos, name);
        }
    }

    void targetsJson()
    {
        const CliRun r = runCollidoscope({QStringLiteral("targets"), QStringLiteral("--json")});
        EXPECT_CLI_EXIT(r, 0);
        const Json list = Json::parse(r.out);
        QCOMPARE(list.size(), size_t(6));
        // Babylon: no plane (BAB:371-373), 32 collision systems (BAB:285-299); no hull cap is known.
        for (const Json& t : list) {
            if (t.at("name") != "babylon-havok")
                continue;
            QCOMPARE(t.at("systemCap").get<int>(), 32);
            QVERIFY(t.at("hullPointCap").is_null());
            bool plane = false;
            for (const Json& rule : t.at("rules"))
                plane = plane || (rule.at("feature") == "plane" && rule.at("verdict") == "ignored" &&
                                  rule.at("cite") == "BAB:371-373");
            QVERIFY(plane);
        }
    }

    void allTargetsJson()
    {
        TempDir dir;
        const CliRun r = validate(writePlaneFile(dir), {QStringLiteral("--target"), QStringLiteral("all"),
                                                        QStringLiteral("--json")});
        EXPECT_CLI_EXIT(r, 0);
        const Json targets = Json::parse(r.out).at(0).at("targets");
        QCOMPARE(targets.size(), size_t(6));
        QCOMPARE(targets.at("spec").at("summary").get<std::string>(), std::string("loads"));
        QCOMPARE(targets.at("godot-4.x").at("verdict").get<std::string>(), std::string("won't load"));
    }

    void validateTargetJson()
    {
        TempDir dir;
        const fs::path file = writePlaneFile(dir);
        const CliRun r = validate(
            file, {QStringLiteral("--target"), QStringLiteral("babylon-havok"), QStringLiteral("--json")});
        EXPECT_CLI_EXIT(r, 0); // a target finding alone does not change the exit status
        const Json report = Json::parse(r.out).at(0).at("targets").at("babylon-havok");
        bool plane = false;
        for (const Json& f : report.at("findings")) {
            if (f.at("feature") == "plane") {
                plane = true;
                QCOMPARE(f.at("verdict").get<std::string>(), std::string("ignored")); // BAB:371-373
                QCOMPARE(f.at("pointer").get<std::string>(),
                         std::string("/extensions/KHR_implicit_shapes/shapes/1"));
                QCOMPARE(f.at("cite").get<std::string>(), std::string("BAB:371-373"));
            }
        }
        QVERIFY(plane);
        QVERIFY(report.at("summary").get<std::string>().rfind("loads with ", 0) == 0);
    }

    void strictTargetExitStatus()
    {
        TempDir dir;
        const fs::path file = writePlaneFile(dir);
        // The plane is ignored by Babylon: --strict-target makes that exit 1; the spec target has nothing.
        EXPECT_CLI_EXIT(validate(file, {QStringLiteral("--target"), QStringLiteral("babylon-havok"),
                                        QStringLiteral("--strict-target")}),
                        1);
        EXPECT_CLI_EXIT(validate(file, {QStringLiteral("--target"), QStringLiteral("spec"),
                                        QStringLiteral("--strict-target")}),
                        0);
        EXPECT_CLI_EXIT(validate(file, {QStringLiteral("--target"), QStringLiteral("frostbite")}), 2);
    }

    void matrixForAllTargets()
    {
        TempDir dir;
        const fs::path file = writePlaneFile(dir);
        const CliRun r = validate(file, {QStringLiteral("--target"), QStringLiteral("all")});
        EXPECT_CLI_EXIT(r, 0);
        // KHR: Godot and Unity read OMI only (G47 doc_ext.cpp:78-84; UNI OMIPhysicsShapeData.cs:126-178).
        QVERIFY2(r.out.find("| spec: loads |") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("| godot-4.x: fails |") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("| unity-omi: fails |") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("| babylon-havok: loads with ") != std::string::npos, r.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestTargetsCli)
#include "TestTargetsCli.moc"
