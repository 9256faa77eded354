// The document and its file: edit, save, reload and find exactly the edits; undo everything and save the
// original bytes again; a failed save changes nothing; a file changed by someone else is noticed.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "physics/OmiReader.h"

#include <QSignalSpy>
#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {
const char* kLegacyBoxes =
    "spec/legacy/2023-01-05_80c2ae7/extensions/2.0/OMI_physics_body/examples/complex/two_boxes.gltf";

gltf::GltfDocument reload(const std::filesystem::path& path)
{
    auto r = gltf::loadGltf(path);
    if (!r)
        qFatal("saved file did not load: %s", describe(r.diagnostics).c_str());
    return std::move(*r);
}
} // namespace

class TestDocumentFile : public QObject
{
    Q_OBJECT

private slots:
    void editSaveReloadFindsExactlyTheEdits()
    {
        TempDir dir;
        auto d = openSample();
        const gltf::Json original = d->gltf().json();
        d->push(new SetMotionMass(d.get(), 2, 30.0));
        d->push(new RenameNode(d.get(), 5, "Beach Ball"));
        d->push(new SetStaticFriction(d.get(), 1, 1.0));
        document::deleteFilter(*d, 3); // Player Sensor: only the trigger zone uses it
        d->push(new SetNodeScale(d.get(), 23, Vec3{2, 1, 2}));

        const auto path = dir / "edited.glb";
        const Diagnostics saved = d->saveAs(path);
        QVERIFY2(!hasErrors(saved), describe(saved).c_str());

        const gltf::GltfDocument again = reload(path);
        const gltf::Json expected =
            replaced(original, {{"/nodes/2/extensions/OMI_physics_body/motion/mass", "30.0"},
                                {"/nodes/5/name", R"("Beach Ball")"},
                                {"/extensions/OMI_physics_body/physicsMaterials/1/staticFriction", "1.0"},
                                {"/nodes/22/extensions/OMI_physics_body/trigger/collisionFilter", "<erase>"},
                                {"/nodes/23/scale", "[2.0,1.0,2.0]"},
                                {"/extensions/OMI_physics_body/collisionFilters/3", "<erase>"}});
        CS_COMPARE_JSON(again.json(), expected);
        QVERIFY(again.buffers().at(0).data == d->gltf().buffers().at(0).data);

        // The physics read back carry the edits.
        auto model = physics::readPhysics(again);
        QCOMPARE(model->node(2)->motion->mass, 30.0);
        QCOMPARE(model->filters.size(), size_t(3));
        QCOMPARE(model->node(22)->trigger->collisionFilter, -1);
    }

    void undoAllAndSaveGivesTheOriginalBytes()
    {
        TempDir dir;
        auto d = openSample();
        d->push(new SetShapeRadius(d.get(), 5, 0.45));
        document::generateConvexHull(*d, 9, [] {
            gltf::TriangleMesh m;
            m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
            m.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
            return m;
        }());
        QVERIFY(!hasErrors(d->saveAs(dir / "edited.glb")));
        d->undoStack()->setIndex(0);
        QVERIFY(d->isModified()); // clean is the saved state, not the opened one
        QVERIFY(!hasErrors(d->saveAs(dir / "back.glb")));
        QVERIFY2(readBytes(dir / "back.glb") == readBytes(samplePath()), "undo all + save changed bytes");
    }

    void saveAsTakesThePathAndBecomesClean()
    {
        TempDir dir;
        auto d = openSample();
        QCOMPARE(d->filePath(), samplePath());
        d->push(new SetMotionMass(d.get(), 2, 30.0));
        QSignalSpy pathSpy(d.get(), &Document::filePathChanged);
        QVERIFY(!hasErrors(d->saveAs(dir / "a.glb")));
        QCOMPARE(d->filePath(), dir / "a.glb");
        QCOMPARE(pathSpy.count(), 1);
        QVERIFY(!d->isModified());
        QVERIFY(!d->changedOnDisk());
        d->push(new SetMotionMass(d.get(), 2, 31.0));
        QVERIFY(!hasErrors(d->save()));
        QVERIFY(!d->isModified());
        QCOMPARE(pathSpy.count(), 1);
        CS_COMPARE_JSON(
            reload(dir / "a.glb").json()["nodes"][2]["extensions"]["OMI_physics_body"]["motion"]["mass"],
            31.0);
    }

    void changedOnDiskIsNoticed()
    {
        TempDir dir;
        std::filesystem::copy_file(samplePath(), dir / "s.glb");
        auto r = Document::open(dir / "s.glb");
        QVERIFY(r);
        Document& d = **r;
        QVERIFY(!d.changedOnDisk());
        gltf::Bytes other = readBytes(dir / "s.glb");
        other.push_back(0); // another program rewrote it (a different size, whatever the clock resolution)
        writeBytes(dir / "s.glb", other);
        QVERIFY(d.changedOnDisk());
        QVERIFY(!hasErrors(d.save())); // the API reports it; asking before overwriting is the GUI's part
        QVERIFY(!d.changedOnDisk());
        std::filesystem::remove(dir / "s.glb");
        QVERIFY(d.changedOnDisk());
    }

    void failedSaveChangesNothing()
    {
        TempDir dir;
        writeText(dir / "plain.txt", "not a folder");
        auto d = openSample();
        d->push(new SetMotionMass(d.get(), 2, 30.0));
        const std::string before = savedText(*d);
        const Diagnostics result = d->saveAs(dir / "plain.txt" / "x.glb");
        QVERIFY(hasErrors(result));
        QCOMPARE(result.back().code, std::string("FILE_WRITE_FAILED"));
        QCOMPARE(d->filePath(), samplePath());
        QVERIFY(d->isModified());
        QCOMPARE(d->undoStack()->count(), 1);
        CS_COMPARE_TEXT(savedText(*d), before);
    }

    void saveWithoutPathIsRefused()
    {
        auto d = documentFromJson(R"({"asset":{"version":"2.0"},"nodes":[{}]})");
        const Diagnostics result = d->save();
        QCOMPARE(result.size(), size_t(1));
        QCOMPARE(result[0].code, std::string("DOCUMENT_NO_PATH"));
    }

    void openReportsUnusableFiles()
    {
        TempDir dir;
        writeText(dir / "bad.gltf", "{ not json");
        auto r = Document::open(dir / "bad.gltf");
        QVERIFY(!r);
        QVERIFY(hasErrors(r.diagnostics));
        QVERIFY(!Document::open(dir / "missing.glb"));
    }

    void legacyGltfIsUpgradedOnSaveAfterAnEdit()
    {
        TempDir dir;
        auto d = openData(kLegacyBoxes);
        QVERIFY(d->isLegacy());
        QVERIFY(!d->loadDiagnostics().empty()); // the reader names each legacy form it converted
        QVERIFY(upgradeLegacy(*d));
        QVERIFY(!hasErrors(d->saveAs(dir / "boxes.gltf")));
        const gltf::GltfDocument again = reload(dir / "boxes.gltf");
        auto model = physics::readPhysics(again);
        QVERIFY(!model->hadLegacy);
        QCOMPARE(model->shapes.size(), d->model().shapes.size());
        QCOMPARE(model->nodes.size(), d->model().nodes.size());
        // The buffer went next to the .gltf and the file opens again.
        QVERIFY(std::filesystem::exists(dir / "boxes.gltf"));
    }
};

QTEST_GUILESS_MAIN(TestDocumentFile)
#include "TestDocumentFile.moc"
