// A file that is not glTF at all is named as such on the command line (issue 46): "not a glTF or GLB file"
// with its name, exit 2, rather than a JSON parse error at its first byte; a .gltf with broken JSON still
// gets the parse error, which says where.
#include "CliRun.h"
#include "TestSupport.h"

#include <QTest>

using namespace cs::test;
namespace fs = std::filesystem;

class TestNotGltf : public QObject
{
    Q_OBJECT

private slots:
    void namedAsNotGltf()
    {
        TempDir dir;
        writeText(dir / "notreally.glb", "These are my notes, not a model.\n");
        writeText(dir / "notes", "Neither is this.\n");
        for (const fs::path& file : {dir / "notreally.glb", dir / "notes"}) {
            for (const char* command : {"inspect", "validate"}) {
                const CliRun r = runCollidoscope({QString::fromLatin1(command), qpath(file)});
                EXPECT_CLI_EXIT(r, 2);
                const std::string said = r.out + r.err;
                QVERIFY2(said.find("'" + file.string() + "' is not a glTF or GLB file") !=
                                 std::string::npos &&
                             said.find("JSON_PARSE_ERROR") == std::string::npos,
                         said.c_str());
            }
        }
        writeText(dir / "broken.gltf", "{\"asset\": {\"version\": \"2.0\"},,}\n");
        const CliRun broken = runCollidoscope({QStringLiteral("inspect"), qpath(dir / "broken.gltf")});
        EXPECT_CLI_EXIT(broken, 2);
        QVERIFY2(broken.err.find("JSON_PARSE_ERROR") != std::string::npos, broken.err.c_str());
    }
};

QTEST_MAIN(TestNotGltf)
#include "TestNotGltf.moc"
