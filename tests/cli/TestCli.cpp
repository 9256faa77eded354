// convert, add-colliders, hull and validate as a pipeline sees them: exit codes, text and --json output, and
// refusals (missing or unreadable input, bad arguments, output equal to input without --in-place).
#include "KnurledCylinder.h"
#include "TestSupport.h"
#include "gltf/GltfDocument.h"
#include "physics/OmiReader.h"

#include <QProcess>
#include <QTest>
#include <cmath>
#include <fstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

struct Run
{
    int exit = -1;
    std::string out;
    std::string err;
    gltf::Json json() const { return gltf::Json::parse(out); }
};

Run collidoscope(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CS_COLLIDOSCOPE), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

QString q(const fs::path& p)
{
    return QString::fromStdString(p.string());
}
fs::path model(const std::string& relative)
{
    return fs::path(CS_ASSIMP_MODELS) / relative;
}
bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

#define EXPECT_EXIT(run, code)                                                                               \
    QVERIFY2((run).exit == (code),                                                                           \
             ("exit " + std::to_string((run).exit) + "\nstdout: " + (run).out + "\nstderr: " + (run).err)    \
                 .c_str())

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!fs::is_directory(CS_ASSIMP_MODELS))
            QFAIL("assimp-testmodels is not installed: scripts/setup.sh installs it (scripts/packages.txt)");
    }

    void helpForEveryCommand()
    {
        const std::map<QString, std::string> options = {{QStringLiteral("convert"), "--unit-scale"},
                                                        {QStringLiteral("add-colliders"), "--strategy"},
                                                        {QStringLiteral("hull"), "--max-points"},
                                                        {QStringLiteral("validate"), "--json"}};
        for (const auto& [command, option] : options) {
            const Run r = collidoscope({command, QStringLiteral("--help")});
            EXPECT_EXIT(r, 0);
            QVERIFY2(contains(r.out, option), r.out.c_str());
        }
        const Run usage = collidoscope({QStringLiteral("help")});
        for (const char* command : {"convert", "add-colliders", "hull"})
            QVERIFY(contains(usage.out, command));
    }

    void unknownOptionIsUnusableForEveryCommand()
    {
        // Exit 1 means "the data has errors"; a wrong argument is 2 for every command.
        const QString sample = QStringLiteral(CS_SAMPLE_GLB);
        for (const char* command : {"inspect", "validate", "upgrade", "convert", "add-colliders", "hull"}) {
            const Run r =
                collidoscope({QString::fromLatin1(command), sample, QStringLiteral("--no-such-option")});
            EXPECT_EXIT(r, 2);
            QVERIFY2(contains(r.err, "no-such-option"), (std::string(command) + ": " + r.err).c_str());
        }
    }

    void convertToGlbAndGltf()
    {
        TempDir dir;
        const Run glb = collidoscope(
            {QStringLiteral("convert"), q(model("OBJ/box.obj")), QStringLiteral("-o"), q(dir / "box.glb")});
        EXPECT_EXIT(glb, 0);
        QVERIFY(contains(glb.out, "wrote"));
        QVERIFY(glb.err.empty()); // no progress line when stderr is not a terminal
        auto loaded = gltf::loadGltf(dir / "box.glb");
        QVERIFY(loaded && !hasErrors(loaded.diagnostics));
        QCOMPARE(loaded->sourceFormat(), gltf::FileFormat::Glb);
        QCOMPARE(loaded->count("meshes"), size_t(1));

        const Run gltf = collidoscope({QStringLiteral("convert"), q(model("Collada/cube_with_2UVs.DAE")),
                                       QStringLiteral("-o"), q(dir / "cube.gltf"), QStringLiteral("--json")});
        EXPECT_EXIT(gltf, 0);
        const auto report = gltf.json();
        QVERIFY(report["written"].get<bool>());
        QCOMPARE(report["counts"]["meshes"].get<int>(), 1);
        std::set<std::string> codes;
        for (const auto& d : report["diagnostics"])
            codes.insert(d["code"].get<std::string>());
        QVERIFY(codes.count("IMPORT_UNIT_CONVERTED") && codes.count("IMPORT_AXIS_CONVERTED"));
        QVERIFY(fs::exists(dir / "cube.gltf") && fs::exists(dir / "cube.bin"));
    }

    void convertSurvivesCrashProneFixtures()
    {
        // The folders where imports once crashed (RAW: null child nodes) or exhausted memory (an OFF header
        // declaring 353535235358 vertices), plus Assimp's malformed-file fixtures: each file converted in its
        // own process ends with an exit code (0 written, 2 refused), never a signal or a hang.
        TempDir dir;
        size_t files = 0;
        for (const char* folder : {"RAW", "OFF", "invalid"}) {
            for (const auto& entry : fs::directory_iterator(model(folder))) {
                if (!entry.is_regular_file() || entry.path().extension() == ".txt")
                    continue;
                const Run r = collidoscope(
                    {QStringLiteral("convert"), q(entry.path()), QStringLiteral("-o"), q(dir / "out.glb")});
                QVERIFY2(r.exit == 0 || r.exit == 2,
                         (entry.path().string() + ": exit " + std::to_string(r.exit) + "\n" + r.err).c_str());
                if (entry.path().parent_path().filename() == "RAW")
                    EXPECT_EXIT(r, 0);
                ++files;
            }
        }
        QVERIFY(files >= 15); // 3 RAW, 3 OFF, 14 malformed fixtures in Debian's package
    }

    void convertRefusesBadInput()
    {
        TempDir dir;
        const Run missing = collidoscope(
            {QStringLiteral("convert"), q(dir / "missing.fbx"), QStringLiteral("-o"), q(dir / "out.glb")});
        EXPECT_EXIT(missing, 2);
        QVERIFY(contains(missing.err, "missing.fbx"));
        writeText(dir / "garbage.xyz", "not a model at all\n");
        const Run garbage = collidoscope(
            {QStringLiteral("convert"), q(dir / "garbage.xyz"), QStringLiteral("-o"), q(dir / "out.glb")});
        EXPECT_EXIT(garbage, 2);
        QVERIFY(contains(garbage.err, "garbage.xyz"));
        QVERIFY(!fs::exists(dir / "out.glb"));

        const QString box = q(model("OBJ/box.obj"));
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), box}), 2); // no -o
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), box, QStringLiteral("-o"), q(dir / "a.glb"),
                                  QStringLiteral("--frobnicate")}),
                    2);
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), box, QStringLiteral("-o"), q(dir / "a.glb"),
                                  QStringLiteral("--up-axis"), QStringLiteral("x")}),
                    2);
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), box, QStringLiteral("-o"), q(dir / "a.obj")}),
                    2);
    }

    void glTfCommandsNameConvertForOtherFormats()
    {
        // inspect, validate, upgrade and simulate read glTF only: an OBJ (a format convert reads) is named as
        // such with the convert command to run, not reported as invalid JSON at its first byte; a .gltf that
        // does not parse still gets the parser's message.
        TempDir dir;
        const QString obj = q(model("OBJ/box.obj"));
        const std::vector<QStringList> commands = {
            {QStringLiteral("inspect"), obj},
            {QStringLiteral("validate"), obj},
            {QStringLiteral("upgrade"), obj, QStringLiteral("-o"), q(dir / "out.glb")},
            {QStringLiteral("simulate"), obj, QStringLiteral("--seconds"), QStringLiteral("1")}};
        for (const QStringList& args : commands) {
            const Run r = collidoscope(args);
            EXPECT_EXIT(r, 2);
            const std::string said = r.out + r.err; // validate's report is its output
            QVERIFY2(
                contains(said, "NOT_GLTF") && contains(said, "is a .obj file, not glTF") &&
                    contains(said, "collidoscope convert " + model("OBJ/box.obj").string() + " -o box.glb"),
                said.c_str());
            QVERIFY2(!contains(said, "JSON_PARSE_ERROR"), said.c_str());
        }
        QVERIFY(!fs::exists(dir / "out.glb"));
        writeText(dir / "broken.gltf", "not json\n");
        const Run broken = collidoscope({QStringLiteral("inspect"), q(dir / "broken.gltf")});
        EXPECT_EXIT(broken, 2);
        QVERIFY2(contains(broken.err, "JSON_PARSE_ERROR") && !contains(broken.err, "NOT_GLTF"),
                 broken.err.c_str());
    }

    void neverOverwritesItsInputUnlessAsked()
    {
        TempDir dir;
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), q(model("OBJ/box.obj")), QStringLiteral("-o"),
                                  q(dir / "box.glb")}),
                    0);
        const auto before = readBytes(dir / "box.glb");
        // Also through another spelling of the same path.
        const QString same = q(dir / "." / "box.glb");
        for (const QString& command : {QStringLiteral("convert"), QStringLiteral("add-colliders")}) {
            const Run refused = collidoscope({command, q(dir / "box.glb"), QStringLiteral("-o"), same});
            EXPECT_EXIT(refused, 2);
            QVERIFY(contains(refused.err, "--in-place"));
        }
        const Run hull = collidoscope({QStringLiteral("hull"), q(dir / "box.glb"), QStringLiteral("--node"),
                                       QStringLiteral("1"), QStringLiteral("-o"), same});
        EXPECT_EXIT(hull, 2);
        QCOMPARE(readBytes(dir / "box.glb"), before);

        const Run inPlace =
            collidoscope({QStringLiteral("add-colliders"), q(dir / "box.glb"), QStringLiteral("--in-place"),
                          QStringLiteral("--strategy"), QStringLiteral("box")});
        EXPECT_EXIT(inPlace, 0);
        auto loaded = gltf::loadGltf(dir / "box.glb");
        QVERIFY(loaded);
        QVERIFY(loaded->json()["nodes"][0]["extensions"].contains("OMI_physics_body"));
    }

    void convertFolderInOrder()
    {
        TempDir dir;
        fs::create_directories(dir / "in" / "sub");
        fs::copy_file(model("PLY/cube.ply"), dir / "in" / "b_cube.ply");
        fs::copy_file(model("OBJ/box.obj"), dir / "in" / "a_box.obj");
        fs::copy_file(model("STL/triangle.stl"), dir / "in" / "sub" / "c_triangle.stl");
        writeText(dir / "in" / "notes.txt", "not an asset\n");
        const Run r = collidoscope({QStringLiteral("convert"), q(dir / "in"), QStringLiteral("-o"),
                                    q(dir / "out"), QStringLiteral("--json")});
        EXPECT_EXIT(r, 0);
        const auto report = r.json();
        QCOMPARE(report.size(), size_t(3));
        QVERIFY(contains(report[0]["input"].get<std::string>(), "a_box.obj"));
        QVERIFY(contains(report[1]["input"].get<std::string>(), "b_cube.ply"));
        QVERIFY(contains(report[2]["input"].get<std::string>(), "c_triangle.stl"));
        QVERIFY(fs::exists(dir / "out" / "a_box.glb"));
        QVERIFY(fs::exists(dir / "out" / "sub" / "c_triangle.glb"));
        // A folder cannot go into a file.
        writeText(dir / "file.glb", "x");
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), q(dir / "in"), QStringLiteral("-o"),
                                  q(dir / "file.glb")}),
                    2);
    }

    void addCollidersReportsShapes()
    {
        TempDir dir;
        // box.obj is the unit cube centred on the origin: a 1 x 1 x 1 m box.
        const Run r =
            collidoscope({QStringLiteral("add-colliders"), q(model("OBJ/box.obj")), QStringLiteral("-o"),
                          q(dir / "box.glb"), QStringLiteral("--strategy"), QStringLiteral("box"),
                          QStringLiteral("--body"), QStringLiteral("dynamic"), QStringLiteral("--json")});
        EXPECT_EXIT(r, 0);
        const auto report = r.json();
        QCOMPARE(report["colliders"].size(), size_t(1));
        const auto& shape = report["colliders"][0]["shape"];
        QCOMPARE(shape["type"].get<std::string>(), std::string("box"));
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(shape["box"]["size"][size_t(i)].get<double>() - 1.0) < 1e-6);
        // The result is valid physics by our own validator, run the way a pipeline would.
        const Run check = collidoscope({QStringLiteral("validate"), q(dir / "box.glb")});
        EXPECT_EXIT(check, 0);
        auto loaded = gltf::loadGltf(dir / "box.glb");
        QVERIFY(loaded);
        QCOMPARE(
            loaded->json()["nodes"][0]["extensions"]["OMI_physics_body"]["motion"]["type"].get<std::string>(),
            std::string("dynamic"));

        const Run text =
            collidoscope({QStringLiteral("add-colliders"), q(model("OBJ/box.obj")), QStringLiteral("-o"),
                          q(dir / "sphere.glb"), QStringLiteral("--strategy"), QStringLiteral("sphere")});
        EXPECT_EXIT(text, 0);
        QVERIFY2(contains(text.out, "node '1' (0): sphere radius 0.866"), text.out.c_str()); // sqrt(3)/2
    }

    void addCollidersReportsFit()
    {
        TempDir dir;
        auto run = [&](const QString& strategy, const QStringList& extra = {}) {
            return collidoscope(QStringList{QStringLiteral("add-colliders"), q(model("OBJ/box.obj")),
                                            QStringLiteral("-o"), q(dir / (strategy.toStdString() + ".glb")),
                                            QStringLiteral("--strategy"), strategy,
                                            QStringLiteral("--json")} +
                                extra);
        };
        // The unit cube's own box: nothing pokes out and nothing stands off; the diagonal is sqrt(3).
        const Run box = run(QStringLiteral("box"));
        EXPECT_EXIT(box, 0);
        const auto boxFit = box.json()["colliders"][0]["fit"];
        QVERIFY(std::abs(boxFit["diagonal"].get<double>() - std::sqrt(3.0)) < 1e-6);
        QVERIFY(boxFit["outside"]["max"].get<double>() < 1e-6);
        QVERIFY(boxFit["overhang"]["max"].get<double>() < 1e-6);
        // Its enclosing sphere (radius sqrt(3)/2) touches the corners and stands off the face centres by
        // sqrt(3)/2 - 1/2.
        const Run sphere = run(QStringLiteral("sphere"));
        EXPECT_EXIT(sphere, 0);
        const auto fit = sphere.json()["colliders"][0]["fit"];
        const double standOff = std::sqrt(3.0) / 2 - 0.5;
        QVERIFY(fit["outside"]["max"].get<double>() < 1e-6);
        QVERIFY(fit["overhang"]["max"].get<double>() <= standOff + 1e-6);
        QVERIFY(fit["overhang"]["max"].get<double>() > 0.9 * standOff);
        QVERIFY(std::abs(fit["overhang"]["maxFraction"].get<double>() -
                         fit["overhang"]["max"].get<double>() / std::sqrt(3.0)) < 1e-9);
        // auto within 1 mm: the box, the only primitive that fits that well.
        const Run chosen =
            run(QStringLiteral("auto"), {QStringLiteral("--tolerance"), QStringLiteral("0.001")});
        EXPECT_EXIT(chosen, 0);
        QCOMPARE(chosen.json()["colliders"][0]["shape"]["type"].get<std::string>(), std::string("box"));
        const Run text =
            collidoscope({QStringLiteral("add-colliders"), q(model("OBJ/box.obj")), QStringLiteral("-o"),
                          q(dir / "text.glb"), QStringLiteral("--strategy"), QStringLiteral("sphere")});
        QVERIFY2(contains(text.out, ": fit: outside max ") && contains(text.out, "; overhang max 0.36"),
                 text.out.c_str());
    }

    void addCollidersSimplified()
    {
        TempDir dir;
        const QString in = q(model("STL/3DSMaxExport.STL"));
        const Run sphere =
            collidoscope({QStringLiteral("add-colliders"), in, QStringLiteral("-o"), q(dir / "s.glb"),
                          QStringLiteral("--strategy"), QStringLiteral("sphere"), QStringLiteral("--json")});
        EXPECT_EXIT(sphere, 0);
        const double maxError = 0.01 * sphere.json()["colliders"][0]["fit"]["diagonal"].get<double>();
        const Run r = collidoscope({QStringLiteral("add-colliders"), in, QStringLiteral("-o"),
                                    q(dir / "t.glb"), QStringLiteral("--strategy"),
                                    QStringLiteral("simplified"), QStringLiteral("--max-error"),
                                    QString::number(maxError, 'g', 17), QStringLiteral("--json")});
        EXPECT_EXIT(r, 0);
        const auto c = r.json()["colliders"][0];
        QCOMPARE(c["shape"]["type"].get<std::string>(), std::string("trimesh"));
        QVERIFY(c["trianglesAfter"].get<size_t>() < c["trianglesBefore"].get<size_t>());
        QVERIFY(c["fit"]["outside"]["max"].get<double>() <= maxError);
        QVERIFY(c["fit"]["overhang"]["max"].get<double>() <= maxError);
        // The new collision mesh has the reported triangle count.
        auto loaded = gltf::loadGltf(dir / "t.glb");
        QVERIFY(loaded);
        const int mesh = c["shape"]["trimesh"]["mesh"].get<int>();
        const auto& accessor =
            loaded->json()["accessors"]
                          [loaded->json()["meshes"][mesh]["primitives"][0]["indices"].get<size_t>()];
        QCOMPARE(accessor["count"].get<size_t>(), 3 * c["trianglesAfter"].get<size_t>());
        const Run bad = collidoscope({QStringLiteral("add-colliders"), in, QStringLiteral("-o"),
                                      q(dir / "u.glb"), QStringLiteral("--max-error"), QStringLiteral("0")});
        EXPECT_EXIT(bad, 2);
    }

    void hullFromASimplifiedCopy()
    {
        // A knurled cylinder under a 16-point cap: the hull of a copy simplified within 5 mm measures closer
        // than the hull of every vertex and is kept, said in the report and in an info line.
        TempDir dir;
        std::ofstream(dir / "knurled.obj") << test::objText(test::knurledCylinder(256, 32, 40, 0.008));
        const QStringList base = {QStringLiteral("add-colliders"), q(dir / "knurled.obj"),
                                  QStringLiteral("--strategy"),    QStringLiteral("hull"),
                                  QStringLiteral("--max-points"),  QStringLiteral("16"),
                                  QStringLiteral("--json"),        QStringLiteral("-o")};
        const Run plain = collidoscope(base + QStringList{q(dir / "plain.glb")});
        EXPECT_EXIT(plain, 0);
        const Run copy =
            collidoscope(base + QStringList{q(dir / "copy.glb"), QStringLiteral("--simplify-first"),
                                            QStringLiteral("0.005")});
        EXPECT_EXIT(copy, 0);
        const auto p = plain.json()["colliders"][0], c = copy.json()["colliders"][0];
        QVERIFY(!p["hullFromSimplifiedCopy"].get<bool>());
        QVERIFY(c["hullFromSimplifiedCopy"].get<bool>());
        QCOMPARE(c["trianglesBefore"].get<size_t>(), size_t(256 * 32 * 2 + 2 * 256));
        QVERIFY(c["trianglesAfter"].get<size_t>() < c["trianglesBefore"].get<size_t>() / 2);
        QVERIFY(c["hullPoints"].get<size_t>() <= 16);
        const auto deviation = [](const gltf::Json& fit) {
            return std::max(fit["outside"]["max"].get<double>(), fit["overhang"]["max"].get<double>());
        };
        QVERIFY(deviation(c["fit"]) < 0.85 * deviation(p["fit"]));
        const std::string info = copy.json()["diagnostics"].dump();
        QVERIFY2(contains(info, "COLLIDER_HULL_SIMPLIFIED_COPY") &&
                     contains(info, "from the simplified copy"),
                 info.c_str());
        QVERIFY(!contains(plain.json()["diagnostics"].dump(), "COLLIDER_HULL_SIMPLIFIED_COPY"));
        // The hull command says the same in its text report.
        const Run hull = collidoscope(
            {QStringLiteral("hull"), q(dir / "knurled.obj"), QStringLiteral("--node"), QStringLiteral("0"),
             QStringLiteral("--max-points"), QStringLiteral("16"), QStringLiteral("--simplify-first"),
             QStringLiteral("0.005"), QStringLiteral("-o"), q(dir / "hull.glb")});
        EXPECT_EXIT(hull, 0);
        QVERIFY2(contains(hull.out, "16 points (capped), points from a simplified copy (16896 -> "),
                 hull.out.c_str());
        // On Assimp's Wuson (3,732 triangles) under the same cap, the copy within 1 cm measures no closer:
        // the hull of every vertex is kept, the same collider and figures as without the option.
        const QStringList wuson = {QStringLiteral("add-colliders"), q(model("PLY/Wuson.ply")),
                                   QStringLiteral("--strategy"),    QStringLiteral("hull"),
                                   QStringLiteral("--max-points"),  QStringLiteral("16"),
                                   QStringLiteral("--json"),        QStringLiteral("-o")};
        const Run wusonPlain = collidoscope(wuson + QStringList{q(dir / "wuson-plain.glb")});
        const Run wusonCopy =
            collidoscope(wuson + QStringList{q(dir / "wuson-copy.glb"), QStringLiteral("--simplify-first"),
                                             QStringLiteral("0.01")});
        EXPECT_EXIT(wusonPlain, 0);
        EXPECT_EXIT(wusonCopy, 0);
        const auto wp = wusonPlain.json()["colliders"][0], wc = wusonCopy.json()["colliders"][0];
        QVERIFY(!wc["hullFromSimplifiedCopy"].get<bool>());
        QCOMPARE(wc["fit"].dump(), wp["fit"].dump());
        QCOMPARE(wc["volume"].get<double>(), wp["volume"].get<double>());
        QVERIFY2(contains(wusonCopy.json()["diagnostics"].dump(), "hull points taken from the whole mesh"),
                 wusonCopy.out.c_str());
        // Refused: a distance of 0, and a strategy that makes no hull.
        for (const QStringList& bad : {QStringList{QStringLiteral("--simplify-first"), QStringLiteral("0")},
                                       QStringList{QStringLiteral("--simplify-first"), QStringLiteral("0.01"),
                                                   QStringLiteral("--strategy"), QStringLiteral("box")}}) {
            const Run r = collidoscope(base + QStringList{q(dir / "bad.glb")} + bad);
            EXPECT_EXIT(r, 2);
            QVERIFY2(contains(r.err, "--simplify-first"), r.err.c_str());
        }
    }

    void addCollidersFindingsAndBadArguments()
    {
        TempDir dir;
        const QString box = q(model("OBJ/box.obj"));
        const QString out = q(dir / "out.glb");
        const Run none = collidoscope({QStringLiteral("add-colliders"), box, QStringLiteral("-o"), out,
                                       QStringLiteral("--nodes"), QStringLiteral("NoSuchNode*")});
        EXPECT_EXIT(none, 1);
        QVERIFY(contains(none.out, "no mesh node matched"));
        for (const QStringList& bad : {QStringList{QStringLiteral("--strategy"), QStringLiteral("bogus")},
                                       QStringList{QStringLiteral("--body"), QStringLiteral("flying")},
                                       QStringList{QStringLiteral("--max-points"), QStringLiteral("3")},
                                       QStringList{QStringLiteral("--tolerance"), QStringLiteral("-1")}}) {
            const Run r = collidoscope(
                QStringList{QStringLiteral("add-colliders"), box, QStringLiteral("-o"), out} + bad);
            EXPECT_EXIT(r, 2);
            QVERIFY(contains(r.err, "collidoscope add-colliders: "));
        }
        // A flat triangle has no hull: hull and decompose give it auto's thin box, with an info line naming
        // the node and the substitution (exit 0); with --strict it stays a finding in the data (1).
        for (const char* strategy : {"hull", "decompose"}) {
            const QStringList args = {
                QStringLiteral("add-colliders"), q(model("STL/triangle.stl")), QStringLiteral("-o"), out,
                QStringLiteral("--strategy"),    QString::fromLatin1(strategy)};
            const Run flat = collidoscope(args);
            EXPECT_EXIT(flat, 0);
            QVERIFY2(contains(flat.out, "info COLLIDER_FLAT_MESH_BOX") &&
                         contains(flat.out, "testTriangle") &&
                         contains(flat.out, std::string("instead of a ") +
                                                (strategy == std::string("hull") ? "hull" : "decomposition")),
                     flat.out.c_str());
            QVERIFY2(contains(flat.out, ": box "), flat.out.c_str());
            const Run strict = collidoscope(args + QStringList{QStringLiteral("--strict")});
            EXPECT_EXIT(strict, 1);
            QVERIFY(contains(strict.out, "testTriangle"));
            QVERIFY2(contains(strict.out,
                              strategy == std::string("hull") ? "HULL_COPLANAR" : "DECOMPOSE_DEGENERATE"),
                     strict.out.c_str());
            QVERIFY(!contains(strict.out, "COLLIDER_FLAT_MESH_BOX"));
        }
    }

    void addCollidersFolder()
    {
        TempDir dir;
        fs::create_directories(dir / "in");
        fs::copy_file(model("OBJ/box.obj"), dir / "in" / "a.obj");
        fs::copy_file(model("PLY/cube.ply"), dir / "in" / "b.ply");
        fs::copy_file(model("FBX/cubes_with_names.fbx"), dir / "in" / "c.fbx");
        const Run r = collidoscope({QStringLiteral("add-colliders"), q(dir / "in"), QStringLiteral("-o"),
                                    q(dir / "out"), QStringLiteral("--format"), QStringLiteral("gltf"),
                                    QStringLiteral("--json")});
        EXPECT_EXIT(r, 0);
        const auto report = r.json();
        QCOMPARE(report.size(), size_t(3));
        // One mesh node in each of the first two files, four in the FBX (Cube2, Cube3 and a child of each).
        QCOMPARE(report[0]["colliders"].size(), size_t(1));
        QCOMPARE(report[1]["colliders"].size(), size_t(1));
        QCOMPARE(report[2]["colliders"].size(), size_t(4));
        QVERIFY(contains(report[2]["output"].get<std::string>(), "c.gltf"));
        QVERIFY(fs::exists(dir / "out" / "c.gltf"));
    }

    void addCollidersDecomposesAConcaveMesh()
    {
        // An L of two unit boxes ([0,2]x[0,1] and [0,1]x[0,2], 1 deep) written as an OBJ of triangles.
        TempDir dir;
        const double xy[6][2] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
        std::string obj = "o L\n";
        for (int z = 0; z < 2; ++z)
            for (const auto& p : xy)
                obj +=
                    "v " + std::to_string(p[0]) + " " + std::to_string(p[1]) + " " + std::to_string(z) + "\n";
        for (int t = 0; t < 4; ++t) {
            obj += "f 1 " + std::to_string(t + 3) + " " + std::to_string(t + 2) + "\n";
            obj += "f 7 " + std::to_string(t + 8) + " " + std::to_string(t + 9) + "\n";
        }
        for (int i = 1; i <= 6; ++i) {
            const int j = i % 6 + 1;
            obj += "f " + std::to_string(i) + " " + std::to_string(j) + " " + std::to_string(j + 6) + "\n";
            obj +=
                "f " + std::to_string(i) + " " + std::to_string(j + 6) + " " + std::to_string(i + 6) + "\n";
        }
        {
            std::ofstream out(dir / "l.obj");
            out << obj;
        }
        const Run r = collidoscope(
            {QStringLiteral("add-colliders"), q(dir / "l.obj"), QStringLiteral("-o"), q(dir / "l.glb"),
             QStringLiteral("--strategy"), QStringLiteral("decompose"), QStringLiteral("--max-parts"),
             QStringLiteral("6"), QStringLiteral("--concavity"), QStringLiteral("0.02"),
             QStringLiteral("--body"), QStringLiteral("dynamic"), QStringLiteral("--json")});
        EXPECT_EXIT(r, 0);
        const auto report = r.json();
        const auto& colliders = report["colliders"];
        QVERIFY2(colliders.size() >= 2 && colliders.size() <= 6, r.out.c_str());
        auto loaded = gltf::loadGltf(dir / "l.glb");
        QVERIFY(loaded);
        const auto& nodes = loaded->json()["nodes"];
        const size_t body = colliders[0]["node"].get<size_t>();
        QCOMPARE(nodes[body]["extensions"]["OMI_physics_body"]["motion"]["type"].get<std::string>(),
                 std::string("dynamic"));
        for (const auto& c : colliders) {
            QCOMPARE(c["shape"]["type"].get<std::string>(), std::string("convex"));
            QCOMPARE(c["parts"].get<size_t>(), colliders.size());
            // Each part is a child of the mesh node, and its hull mesh has at most 64 points (the preset
            // cap).
            const size_t child = c["colliderNode"].get<size_t>();
            const auto& children = nodes[body]["children"];
            QVERIFY(std::find(children.begin(), children.end(), gltf::Json(child)) != children.end());
            const size_t mesh = c["shape"]["convex"]["mesh"].get<size_t>();
            const size_t accessor =
                loaded->json()["meshes"][mesh]["primitives"][0]["attributes"]["POSITION"].get<size_t>();
            const size_t count = loaded->json()["accessors"][accessor]["count"].get<size_t>();
            QVERIFY2(count >= 4 && count <= 64, std::to_string(count).c_str());
        }
        const Run check = collidoscope({QStringLiteral("validate"), q(dir / "l.glb")});
        EXPECT_EXIT(check, 0);
        if (!validatorAvailable())
            QFAIL("the Khronos glTF-Validator is not installed (scripts/setup.sh)");
        const auto khronos = runValidator({dir / "l.glb"});
        QVERIFY2(khronos.at(0).ran, khronos.at(0).failure.c_str());
        QVERIFY2(khronos.at(0).errors == 0, khronos.at(0).text.c_str());

        const Run bad =
            collidoscope({QStringLiteral("add-colliders"), q(dir / "l.obj"), QStringLiteral("-o"),
                          q(dir / "x.glb"), QStringLiteral("--strategy"), QStringLiteral("decompose"),
                          QStringLiteral("--max-points"), QStringLiteral("300")});
        EXPECT_EXIT(bad, 2);
    }

    void addCollidersKeepsAKhrFileKhr()
    {
        // A KHR file (a box collider on node 1) with a mesh node 0 without one: the command writes the new
        // collider, and the file's physics, in the file's own family, as the window's Save does (issue 49:
        // it used to switch the file to OMI).
        TempDir dir;
        gltf::Bytes bin;
        test::appendFloats(bin, {0, 0, 0, 1, 0, 0, 0, 1, 0, /**/ 0, 0, 0, 0, 0, 1, 1, 0, 0,   /**/
                                 0, 0, 0, 0, 1, 0, 0, 0, 1, /**/ 1, 0, 0, 0, 0, 1, 0, 1, 0}); // a tetrahedron
        test::writeText(
            dir / "khr.gltf",
            R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],)"
            R"("extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,2,3]}}]}},)"
            R"("nodes":[{"name":"Tetra","mesh":0},{"name":"Ground","extensions":{"KHR_physics_rigid_bodies":)"
            R"({"collider":{"geometry":{"shape":0}}}}}],"scenes":[{"nodes":[0,1]}],"scene":0,)"
            R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],)"
            R"("accessors":[{"bufferView":0,"componentType":5126,"count":12,"type":"VEC3",)"
            R"("min":[0,0,0],"max":[1,1,1]}],"bufferViews":[{"buffer":0,"byteLength":144}],)"
            R"("buffers":[{"byteLength":144,"uri":")" +
                test::base64DataUri(bin) + R"("}]})");
        const Run r =
            collidoscope({QStringLiteral("add-colliders"), q(dir / "khr.gltf"), QStringLiteral("-o"),
                          q(dir / "out.gltf"), QStringLiteral("--strategy"), QStringLiteral("box")});
        EXPECT_EXIT(r, 0);
        auto loaded = gltf::loadGltf(dir / "out.gltf");
        QVERIFY(loaded);
        const gltf::Json& json = loaded->json();
        const std::string text = json.dump();
        QVERIFY2(!contains(text, "OMI_physics_body") && !contains(text, "OMI_physics_shape"), text.c_str());
        const auto model = physics::readPhysics(*loaded);
        QCOMPARE(model->format, physics::SourceFormat::Khr);
        QCOMPARE(model->shapes.size(), size_t(2));
        const physics::NodePhysics* ground = model->node(1);
        QVERIFY(ground && ground->collider);
        QVERIFY(model->shapes.at(size_t(ground->collider->shape)).size == (physics::Vec3{1, 2, 3}));
        // The tetrahedron's box (1 m each way, centred at (0.5, 0.5, 0.5)) on a child node. Its body is
        // static, which KHR spells as a collider without motion (no motion = static).
        const physics::NodePhysics* tetra = model->node(0);
        QVERIFY(!tetra || (!tetra->motion && !tetra->collider));
        const size_t child = json.at("nodes").at(0).at("children").at(0).get<size_t>();
        QVERIFY(json.at("nodes").at(child).at("translation") == gltf::Json::parse("[0.5, 0.5, 0.5]"));
        const physics::NodePhysics* collider = model->node(child);
        QVERIFY(collider && collider->collider);
        QVERIFY(model->shapes.at(size_t(collider->collider->shape)).size == (physics::Vec3{1, 1, 1}));
    }

    void hullOfOneNode()
    {
        TempDir dir;
        const QString box = q(model("OBJ/box.obj"));
        const Run r =
            collidoscope({QStringLiteral("hull"), box, QStringLiteral("--node"), QStringLiteral("1"),
                          QStringLiteral("-o"), q(dir / "hull.glb"), QStringLiteral("--json")});
        EXPECT_EXIT(r, 0);
        const auto report = r.json();
        QCOMPARE(report["colliders"].size(), size_t(1));
        QCOMPARE(report["colliders"][0]["hullPoints"].get<int>(), 8); // a cube's corners
        QCOMPARE(report["colliders"][0]["shape"]["type"].get<std::string>(), std::string("convex"));

        const Run missing = collidoscope({QStringLiteral("hull"), box, QStringLiteral("--node"),
                                          QStringLiteral("Nope"), QStringLiteral("-o"), q(dir / "x.glb")});
        EXPECT_EXIT(missing, 2);
        QVERIFY(contains(missing.err, "no node is named 'Nope'"));
        EXPECT_EXIT(collidoscope({QStringLiteral("hull"), box, QStringLiteral("-o"), q(dir / "x.glb")}), 2);
        EXPECT_EXIT(collidoscope({QStringLiteral("hull"), box, QStringLiteral("--node"), QStringLiteral("1"),
                                  QStringLiteral("--max-points"), QStringLiteral("3"), QStringLiteral("-o"),
                                  q(dir / "x.glb")}),
                    2);
        // A node whose name is not a string is no match and no failure.
        gltf::Bytes bin;
        test::appendFloats(bin, {0, 0, 0, 1, 0, 0, 0, 1, 0, /**/ 0, 0, 0, 0, 0, 1, 1, 0, 0,   /**/
                                 0, 0, 0, 0, 1, 0, 0, 0, 1, /**/ 1, 0, 0, 0, 0, 1, 0, 1, 0}); // a tetrahedron
        test::writeText(
            dir / "named.gltf",
            R"({"asset":{"version":"2.0"},"nodes":[{"name":5,"mesh":0},{"name":"Tetra","mesh":0}],)"
            R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],)"
            R"("accessors":[{"bufferView":0,"componentType":5126,"count":12,"type":"VEC3",)"
            R"("min":[0,0,0],"max":[1,1,1]}],"bufferViews":[{"buffer":0,"byteLength":144}],)"
            R"("buffers":[{"byteLength":144,"uri":")" +
                test::base64DataUri(bin) + R"("}]})");
        const Run named = collidoscope({QStringLiteral("hull"), q(dir / "named.gltf"),
                                        QStringLiteral("--node"), QStringLiteral("Tetra"),
                                        QStringLiteral("-o"), q(dir / "t.glb"), QStringLiteral("--json")});
        EXPECT_EXIT(named, 0);
        QCOMPARE(named.json()["colliders"][0]["hullPoints"].get<int>(), 4);
        const Run five =
            collidoscope({QStringLiteral("hull"), q(dir / "named.gltf"), QStringLiteral("--node"),
                          QStringLiteral("5"), QStringLiteral("-o"), q(dir / "x.glb")});
        EXPECT_EXIT(five, 2); // no node is named "5", and node 5 does not exist
        QVERIFY(contains(five.err, "no node is named '5'"));
        const Run all =
            collidoscope({QStringLiteral("add-colliders"), q(dir / "named.gltf"), QStringLiteral("-o"),
                          q(dir / "all.glb"), QStringLiteral("--strategy"), QStringLiteral("box")});
        EXPECT_EXIT(all, 0);
        QVERIFY2(contains(all.out, ": node 0: box "), all.out.c_str()); // no name: labelled by its index
        QVERIFY2(contains(all.out, ": node 'Tetra' (1): box "), all.out.c_str());

        const Run flat =
            collidoscope({QStringLiteral("hull"), q(model("STL/triangle.stl")), QStringLiteral("--node"),
                          QStringLiteral("testTriangle"), QStringLiteral("-o"), q(dir / "x.glb")});
        EXPECT_EXIT(flat, 1);
    }

    void validateManyFilesInOrder()
    {
        TempDir dir;
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), q(model("OBJ/box.obj")), QStringLiteral("-o"),
                                  q(dir / "a.glb")}),
                    0);
        EXPECT_EXIT(collidoscope({QStringLiteral("convert"), q(model("PLY/cube.ply")), QStringLiteral("-o"),
                                  q(dir / "c.glb")}),
                    0);
        const QStringList files = {q(dir / "c.glb"), q(dir / "missing.glb"), q(dir / "a.glb")};
        const Run text = collidoscope(QStringList{QStringLiteral("validate")} + files);
        EXPECT_EXIT(text, 2); // one file cannot be read
        const size_t c = text.out.find("c.glb: valid"), m = text.out.find("missing.glb: cannot be read"),
                     a = text.out.find("a.glb: valid");
        QVERIFY2(c != std::string::npos && m != std::string::npos && a != std::string::npos,
                 text.out.c_str());
        QVERIFY(c < m && m < a); // argument order, whatever order the threads finished in
        const Run json =
            collidoscope(QStringList{QStringLiteral("validate"), QStringLiteral("--json")} + files);
        const auto report = json.json();
        QCOMPARE(report.size(), size_t(3));
        QCOMPARE(report[1]["readable"].get<bool>(), false);
        QCOMPARE(report[2]["file"].get<std::string>(), files[2].toStdString());
        EXPECT_EXIT(collidoscope({QStringLiteral("validate"), QStringLiteral("--bogus"), files[0]}), 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "TestCli.moc"
