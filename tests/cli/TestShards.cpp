// --shard K/N and --list-inputs of add-colliders, convert, validate and upgrade (issue 37): the parts of a
// batch are disjoint, cover every input, have the sizes floor(n / N) or ceil(n / N), and their reports put
// one after the other equal the report of the whole batch; upgrade's parts write the same files as one run;
// bad --shard values are refused with exit 2.
#include "CliRun.h"
#include "TestSupport.h"
#include "gltf/GltfDocument.h"

#include <QTest>
#include <algorithm>
#include <fstream>
#include <set>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

const fs::path kData = CS_TEST_DATA_DIR;

std::string bytes(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// A batch folder: self-contained glTF files (mesh scenes, physics scenes, flat textured quads) in nested
/// folders, so that the sorted order is not the order of creation. Returns the files, sorted by path as the
/// test computes it (std::filesystem::path ordering).
std::vector<fs::path> makeBatch(const fs::path& root)
{
    const std::vector<std::pair<fs::path, std::string>> files = {
        {kData / "physics/omi_all.gltf", "z/omi_all.gltf"},
        {kData / "physics/khr_all.gltf", "a/khr_all.gltf"},
        {kData / "physics/omi_constraints_key.gltf", "m/omi_constraints_key.gltf"},
        {kData / "physics/khr_geometry_node.gltf", "khr_geometry_node.gltf"},
        {kData / "physics/stretched_trigger.gltf", "b/c/stretched_trigger.gltf"},
        {kData / "simulation/sphere_above_box.gltf", "sphere_above_box.gltf"},
        {kData / "textures/png-rgb.gltf", "a/quad.gltf"},
        {kData / "textures/no-texture.gltf", "plain.gltf"},
        {fs::path(CS_SAMPLE_GLB), "m/n/sample.glb"},
    };
    std::vector<fs::path> made;
    for (const auto& [from, to] : files) {
        fs::create_directories((root / to).parent_path());
        fs::copy_file(from, root / to);
        made.push_back(root / to);
    }
    std::sort(made.begin(), made.end());
    return made;
}

std::vector<std::string> listed(const QStringList& args)
{
    const CliRun r = runCollidoscope(args);
    if (r.exit != 0)
        throw std::runtime_error("--list-inputs failed: exit " + std::to_string(r.exit) + ": " + r.err);
    return lines(r.out);
}

QStringList with(QStringList args, const QStringList& more)
{
    args << more;
    return args;
}

} // namespace

class TestShards : public QObject
{
    Q_OBJECT

private slots:
    void partsAreDisjointCoverAndBalanced()
    {
        TempDir dir;
        const std::vector<fs::path> files = makeBatch(dir / "in");
        std::vector<std::string> expected;
        for (const fs::path& f : files)
            expected.push_back(f.string());
        const size_t n = expected.size();
        QStringList names;
        for (auto it = files.rbegin(); it != files.rend(); ++it) // given in reverse: listed sorted
            names << qpath(*it);
        const std::vector<QStringList> commands = {
            {"convert", qpath(dir / "in"), "-o", qpath(dir / "out")},
            {"add-colliders", qpath(dir / "in"), "-o", qpath(dir / "out")},
            {"upgrade", qpath(dir / "in"), "-o", qpath(dir / "out")},
            with({"validate"}, names),
        };
        for (const QStringList& command : commands) {
            const std::string name = command[0].toStdString();
            QCOMPARE(listed(with(command, {"--list-inputs"})), expected);
            for (size_t parts : {size_t(1), size_t(2), size_t(4), n, n + 3}) {
                std::vector<std::string> joined;
                for (size_t k = 1; k <= parts; ++k) {
                    const QString shard = QStringLiteral("%1/%2").arg(k).arg(parts);
                    const auto part = listed(with(command, {"--list-inputs", "--shard", shard}));
                    // ceil(n / N) inputs in each of the first n mod N parts, floor(n / N) in the others.
                    const size_t size = n / parts + (k <= n % parts ? 1 : 0);
                    QVERIFY2(part.size() == size, (name + " " + shard.toStdString()).c_str());
                    joined.insert(joined.end(), part.begin(), part.end());
                }
                // In order one after the other: every input once, none twice, none left out.
                QCOMPARE(joined, expected);
            }
        }
    }

    void mergedJsonReportsEqualTheWholeRun()
    {
        TempDir dir;
        const std::vector<fs::path> files = makeBatch(dir / "in");
        QStringList names;
        for (const fs::path& f : files)
            names << qpath(f);
        const std::vector<QStringList> commands = {
            {"convert", qpath(dir / "in"), "-o", qpath(dir / "out"), "--json"},
            {"add-colliders", qpath(dir / "in"), "-o", qpath(dir / "out"), "--json"},
            with({"validate", "--json"}, names),
        };
        for (const QStringList& command : commands) {
            const std::string name = command[0].toStdString();
            const CliRun whole = runCollidoscope(command);
            QVERIFY2(whole.exit >= 0, name.c_str());
            const gltf::Json expected = gltf::Json::parse(whole.out);
            QCOMPARE(expected.size(), files.size());
            for (int parts : {2, 3, int(files.size()) + 2}) {
                gltf::Json merged = gltf::Json::array();
                int worst = 0;
                for (int k = 1; k <= parts; ++k) {
                    const CliRun r = runCollidoscope(
                        with(command, {"--shard", QStringLiteral("%1/%2").arg(k).arg(parts)}));
                    QVERIFY2(r.exit >= 0 && r.exit <= 2, (name + ": " + r.err).c_str());
                    worst = std::max(worst, r.exit);
                    for (const gltf::Json& entry : gltf::Json::parse(r.out))
                        merged.push_back(entry);
                }
                QVERIFY2(merged == expected, (name + " in " + std::to_string(parts) + " parts:\n" +
                                              merged.dump(1) + "\n!=\n" + expected.dump(1))
                                                 .c_str());
                // The worst part's status is the whole run's.
                QCOMPARE(worst, whole.exit);
            }
        }
    }

    void upgradePartsWriteWhatOneRunWrites()
    {
        TempDir dir;
        const std::vector<fs::path> files = makeBatch(dir / "in");
        // --allow-loss: the KHR files have planes, which OMI cannot hold.
        EXPECT_CLI_EXIT(
            runCollidoscope({"upgrade", qpath(dir / "in"), "-o", qpath(dir / "whole"), "--allow-loss"}), 0);
        for (int k = 1; k <= 3; ++k)
            EXPECT_CLI_EXIT(runCollidoscope({"upgrade", qpath(dir / "in"), "-o", qpath(dir / "parts"),
                                             "--shard", QStringLiteral("%1/3").arg(k), "--allow-loss"}),
                            0);
        std::set<fs::path> whole, parts;
        for (const auto& e : fs::recursive_directory_iterator(dir / "whole"))
            if (e.is_regular_file())
                whole.insert(fs::relative(e.path(), dir / "whole"));
        for (const auto& e : fs::recursive_directory_iterator(dir / "parts"))
            if (e.is_regular_file())
                parts.insert(fs::relative(e.path(), dir / "parts"));
        // One output per input, at the input's place and with its extension.
        std::set<fs::path> inputs;
        for (const fs::path& f : files)
            inputs.insert(fs::relative(f, dir / "in"));
        QVERIFY(whole == inputs);
        QVERIFY(parts == whole);
        for (const fs::path& f : whole)
            QVERIFY2(bytes(dir / "whole" / f) == bytes(dir / "parts" / f), f.string().c_str());
    }

    void emptyPartDoesNothing()
    {
        TempDir dir;
        const CliRun r = runCollidoscope({"convert", qpath(fs::path(CS_SAMPLE_GLB)), "-o",
                                          qpath(dir / "x.glb"), "--shard", "2/2", "--json"});
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(gltf::Json::parse(r.out) == gltf::Json::array(), r.out.c_str());
        QVERIFY(!fs::exists(dir / "x.glb"));
        QVERIFY2(r.err.find("part 2/2 has no inputs (1 in all)") != std::string::npos, r.err.c_str());
    }

    void badShardValuesAreRefused()
    {
        TempDir dir;
        const QString in = qpath(fs::path(CS_SAMPLE_GLB));
        const std::vector<QStringList> commands = {{"convert", in, "-o", qpath(dir / "a.glb")},
                                                   {"add-colliders", in, "-o", qpath(dir / "a.glb")},
                                                   {"upgrade", in, "-o", qpath(dir / "a.glb")},
                                                   {"validate", in}};
        for (const QStringList& command : commands) {
            for (const char* bad : {"0/3", "4/3", "x/y", "3", "1/0", "-1/3", "1/3/5", "2/", "/2", " 1/2"}) {
                const CliRun r = runCollidoscope(with(command, {"--shard", bad}));
                const std::string what = command[0].toStdString() + " --shard '" + bad + "'";
                QVERIFY2(r.exit == 2, (what + ": exit " + std::to_string(r.exit)).c_str());
                const std::string expected =
                    "collidoscope " + command[0].toStdString() +
                    ": --shard wants K/N, whole numbers with 1 <= K <= N (e.g. 2/8 for "
                    "the second of eight parts), not '" +
                    bad + "'\n";
                QCOMPARE(r.err, expected);
                QVERIFY2(r.out.empty(), what.c_str());
            }
            QVERIFY(!fs::exists(dir / "a.glb"));
        }
    }
};

QTEST_GUILESS_MAIN(TestShards)
#include "TestShards.moc"
