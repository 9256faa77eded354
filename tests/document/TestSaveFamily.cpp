// Save As in a chosen family (issue 18), on tests/data/physics/khr_all.gltf: KHR -> OMI lists the two plane
// colliders (OMI has no plane shape) and nothing else; KHR -> KHR loses nothing; a copy written as OMI reads
// back as OMI with every joint, and the document itself is unchanged.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/SaveFamily.h"
#include "physics/DiagnosticCodes.h"
#include "physics/OmiReader.h"

#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using physics::Family;

class TestSaveFamily : public QObject
{
    Q_OBJECT

private slots:
    void lossesListExactlyThePlanes()
    {
        auto doc = openData("physics/khr_all.gltf");
        QCOMPARE(targetFamily(*doc, std::nullopt), Family::Khr);
        QCOMPARE(targetFamily(*doc, Family::Omi), Family::Omi);
        QVERIFY(familyLosses(*doc, Family::Khr).empty());
        const Diagnostics losses = familyLosses(*doc, Family::Omi);
        QCOMPARE(losses.size(), size_t(2));
        // The two colliders whose shape is a plane: the Ground and the Pad nodes.
        for (const char* name : {"Ground", "Pad"}) {
            const std::string pointer = "/nodes/" + std::to_string(nodeNamed(*doc, name));
            const bool listed = std::any_of(losses.begin(), losses.end(), [&](const Diagnostic& d) {
                return d.code == physics::code::OmiNotExpressible && d.pointer.rfind(pointer, 0) == 0;
            });
            QVERIFY2(listed, describe(losses).c_str());
        }
    }

    void copyInOmiReadsBackAsOmi()
    {
        TempDir dir;
        auto doc = openData("physics/khr_all.gltf");
        const std::string before = savedText(*doc);
        const auto path = dir / "as_omi.glb";
        const Diagnostics written = writeInFamily(*doc, path, Family::Omi);
        QVERIFY2(!hasErrors(written), describe(written).c_str());
        // The document is as it was: path, clean state, what a save would write.
        QCOMPARE(doc->filePath(), dataPath("physics/khr_all.gltf"));
        QVERIFY(!doc->isModified());
        QCOMPARE(savedText(*doc), before);

        auto reloaded = gltf::loadGltf(path);
        QVERIFY(reloaded.value);
        const auto model = physics::readPhysics(*reloaded.value);
        QVERIFY(model.value);
        QCOMPARE(model.value->format, physics::SourceFormat::Omi);
        QVERIFY(reloaded.value->json().dump().find("KHR_physics_rigid_bodies") == std::string::npos);
        QCOMPARE(model.value->joints.size(), doc->model().joints.size());
        for (size_t i = 0; i < doc->model().joints.size(); ++i)
            QVERIFY(model.value->joints[i].sameValues(doc->model().joints[i]));
    }
};

QTEST_GUILESS_MAIN(TestSaveFamily)
#include "TestSaveFamily.moc"
