// Every OBJ, FBX, DAE, STL and PLY fixture that Assimp reads imports into a document that saves as a .glb the
// Khronos glTF-Validator finds no error in; a .gltf save carries its texture files along.
#include "ImportTestUtil.h"
#include "TestSupport.h"
#include "import/AssetImporter.h"

#include <QTest>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

class TestImportFormats : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!modelsAvailable())
            QFAIL("assimp-testmodels is not installed: scripts/setup.sh installs it (scripts/packages.txt)");
    }

    void fixturesSaveValidGlb()
    {
        TempDir dir;
        std::vector<fs::path> written;
        std::vector<std::string> sources;
        std::map<std::string, int> perFormat;
        for (const char* folder : {"OBJ", "FBX", "Collada", "STL", "PLY"}) {
            for (const auto& file : filesBelow(model(folder), {".obj", ".fbx", ".dae", ".stl", ".ply"})) {
                auto r = import::importAsset(file);
                if (!r)
                    continue; // fixtures of malformed files (Assimp's own negative tests) are not ours to
                              // read
                QVERIFY2(!hasErrors(r.diagnostics), (file.string() + ": " + describe(r.diagnostics)).c_str());
                if (!r->json().contains("meshes"))
                    continue; // point clouds, empty files
                const fs::path out = dir / (std::to_string(written.size()) + ".glb");
                const Diagnostics saved = gltf::saveGltf(*r, out);
                QVERIFY2(!hasErrors(saved), (file.string() + ": " + describe(saved)).c_str());
                written.push_back(out);
                sources.push_back(file.string());
                ++perFormat[folder];
            }
        }
        // Each format is really exercised (the fixture package has several files of each).
        for (const char* folder : {"OBJ", "FBX", "Collada", "STL", "PLY"})
            QVERIFY2(perFormat[folder] >= 3, folder);
        if (!validatorAvailable())
            QFAIL("node or the gltf-validator npm package is not installed: scripts/setup.sh installs both");
        const auto reports = runValidator(written);
        QCOMPARE(reports.size(), written.size());
        for (size_t i = 0; i < reports.size(); ++i) {
            QVERIFY2(reports[i].ran, (sources[i] + ": " + reports[i].failure).c_str());
            QVERIFY2(reports[i].errors == 0, (sources[i] + ": " + reports[i].text).c_str());
        }
        qInfo("%zu imported fixtures validated", reports.size());
    }

    void gltfSaveCopiesTextures()
    {
        TempDir dir;
        auto r = import::importAsset(model("OBJ/spider.obj"));
        QVERIFY(r);
        QVERIFY(!hasErrors(gltf::saveGltf(*r, dir / "spider.gltf")));
        // The texture named by spider.mtl is copied next to the .gltf, byte for byte.
        QCOMPARE(readBytes(dir / "SpiderTex.jpg"), readBytes(model("OBJ/SpiderTex.jpg")));
        QVERIFY(fs::exists(dir / "spider.bin"));
        QVERIFY(!hasErrors(gltf::saveGltf(*r, dir / "spider.glb")));
        auto glb = gltf::loadGltf(dir / "spider.glb");
        QVERIFY(glb);
        for (const auto& image : glb->json()["images"]) // embedded: bufferView, no uri
            QVERIFY(image.contains("bufferView") && !image.contains("uri"));
        if (!validatorAvailable())
            QFAIL("node or the gltf-validator npm package is not installed: scripts/setup.sh installs both");
        const auto reports = runValidator({dir / "spider.gltf", dir / "spider.glb"});
        for (const auto& report : reports) {
            QVERIFY2(report.ran, report.failure.c_str());
            QCOMPARE(report.errors, 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestImportFormats)
#include "TestImportFormats.moc"
