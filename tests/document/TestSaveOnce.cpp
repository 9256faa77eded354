// Save As in the other family writes the physics once (issue 48, item 4): the losses asked about are read
// from the same write that is then saved, on tests/data/physics/khr_all.gltf (KHR -> OMI loses the two
// plane colliders: OMI_physics_shape has no plane).
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/SaveFamily.h"
#include "gltf/WorkCounters.h"
#include "physics/DiagnosticCodes.h"
#include "physics/OmiReader.h"

#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using physics::Family;

class TestSaveOnce : public QObject
{
    Q_OBJECT

private slots:
    void saveAsInTheOtherFamilyWritesThePhysicsOnce()
    {
        TempDir dir;
        auto doc = openData("physics/khr_all.gltf");
        const std::uint64_t before = gltf::workCount(gltf::Work::PhysicsWrite);
        const FamilyWrite written = writeFamily(*doc, Family::Omi);
        QCOMPARE(gltf::workCount(gltf::Work::PhysicsWrite) - before, std::uint64_t(1));
        QCOMPARE(written.losses.size(), size_t(2));
        for (const Diagnostic& d : written.losses)
            QVERIFY2(d.code == physics::code::OmiNotExpressible, d.message.c_str());

        const auto path = dir / "as_omi.gltf";
        const Diagnostics saved = saveFamilyWrite(*doc, written, path);
        QVERIFY2(!hasErrors(saved), describe(saved).c_str());
        // Saving wrote no physics again: the file holds the JSON the losses were read from.
        QCOMPARE(gltf::workCount(gltf::Work::PhysicsWrite) - before, std::uint64_t(1));
        auto reloaded = gltf::loadGltf(path);
        QVERIFY(reloaded.value);
        QVERIFY(reloaded.value->json()["extensions"] == written.json["extensions"]);
        QVERIFY(reloaded.value->json()["nodes"] == written.json["nodes"]);
        const auto model = physics::readPhysics(*reloaded.value);
        QVERIFY(model.value);
        QCOMPARE(model.value->format, physics::SourceFormat::Omi);
    }

    void theOwnFamilyHasNoLosses()
    {
        auto doc = openData("physics/khr_all.gltf");
        QVERIFY(writeFamily(*doc, Family::Khr).losses.empty());
    }
};

QTEST_GUILESS_MAIN(TestSaveOnce)
#include "TestSaveOnce.moc"
