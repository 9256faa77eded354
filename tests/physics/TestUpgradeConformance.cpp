// Upgrading every legacy example (and every newest example with legacy data) to the newest OMI form gives
// files the Khronos glTF-Validator finds no error in, as .gltf and as .glb; and the upgraded file reads back
// as newest data with the same scene.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace fs = std::filesystem;

class TestUpgradeConformance : public QObject
{
    Q_OBJECT

private slots:
    void upgradedLegacyFilesPassTheKhronosValidator()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path out = dir.path().toStdString();
        std::vector<fs::path> written;
        std::vector<std::string> inputs;
        auto sources = filesBelow(dataPath("spec/legacy"), {".gltf"});
        for (const auto& f : filesBelow(dataPath("spec/omi"), {".gltf"}))
            sources.push_back(f);
        int upgraded = 0;
        for (const auto& f : sources) {
            const std::string rel = fs::relative(f, dataPath("")).string();
            auto loaded = resolve(loadData(rel));
            if (!loaded.model.hadLegacy)
                continue;
            ++upgraded;
            gltf::GltfDocument doc = loaded.doc;
            writeOmi(loaded.model, doc);

            // Read back: nothing legacy left, same scene.
            auto again = resolve(doc);
            QVERIFY2(!again.model.hadLegacy, rel.c_str());
            QVERIFY2(canonicalScene(again) == canonicalScene(loaded), rel.c_str());

            fs::path target = out / rel;
            for (const char* ext : {".gltf", ".glb"}) {
                target.replace_extension(ext);
                fs::create_directories(target.parent_path());
                const Diagnostics d = gltf::saveGltf(doc, target);
                QVERIFY2(!hasErrors(d), (rel + ": " + describe(d)).c_str());
                written.push_back(target);
                inputs.push_back(rel);
            }
        }
        QVERIFY(upgraded >= 100);
        if (!validatorAvailable())
            QFAIL("node or the gltf-validator npm package is not installed: scripts/setup.sh installs both");
        const auto reports = runValidator(written);
        QCOMPARE(reports.size(), written.size());
        int warnings = 0;
        for (const auto& r : reports)
            warnings += r.warnings;
        qInfo("glTF-Validator: %zu upgraded files (from %d inputs), %d warnings in total", reports.size(),
              upgraded, warnings);
        for (size_t i = 0; i < reports.size(); ++i) {
            const auto& r = reports[i];
            const std::string what = inputs[i] + " -> " + written[i].extension().string() + ": " + r.text;
            QVERIFY2(r.ran, (what + r.failure).c_str());
            QVERIFY2(r.errors == 0, what.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestUpgradeConformance)
#include "TestUpgradeConformance.moc"
