// Add Colliders with "Primitives first" (issue 49 item 1): the check box reaches the options only with
// decompose or auto by the measured fit, and a box with a cylindrical peg gets a box and a cylinder, which
// the summary names with the parts' totals.
#include "PegScene.h"
#include "TestSupport.h"
#include "dialogs/AddCollidersDialog.h"
#include "document/Document.h"

#include <QCheckBox>
#include <QTest>

using namespace cs;
using import::ColliderStrategy;
using test::pegScene;
using ui::AddCollidersDialog;

namespace {

constexpr int kWait = 60000;

} // namespace

class TestPrimitivePartsDialog : public QObject
{
    Q_OBJECT

private slots:
    void onlyWithDecomposeOrAutoByFit()
    {
        auto d = pegScene();
        AddCollidersDialog dialog(d.get());
        auto* box = dialog.findChild<QCheckBox*>(QStringLiteral("primitiveParts"));
        QVERIFY(box);
        dialog.setPrimitiveParts(true);
        dialog.setStrategy(ColliderStrategy::Hull);
        QVERIFY(!box->isEnabled());
        QVERIFY(!dialog.options().collider.primitiveParts);
        dialog.setStrategy(ColliderStrategy::Decompose);
        QVERIFY(box->isEnabled());
        QVERIFY(dialog.options().collider.primitiveParts);
        // Auto takes primitive parts only when it chooses by the measured fit.
        dialog.setStrategy(ColliderStrategy::Auto);
        dialog.setFitTolerance(std::nullopt);
        QVERIFY(!dialog.options().collider.primitiveParts);
        dialog.setFitTolerance(0.05);
        QVERIFY(dialog.options().collider.primitiveParts);
    }

    void boxAndCylinderInTheSummary()
    {
        auto d = pegScene();
        AddCollidersDialog dialog(d.get());
        dialog.setStrategy(ColliderStrategy::Decompose);
        dialog.setPrimitiveParts(true);
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        const auto& r = dialog.report();
        QVERIFY(r.pushed);
        QCOMPARE(r.added.size(), size_t(2));
        const QString summary = dialog.summary();
        QVERIFY2(summary.contains(QStringLiteral("Added 2 colliders: 1 box, 1 cylinder.")),
                 qPrintable(summary));
        // No mesh is written for a primitive.
        QVERIFY2(summary.contains(QStringLiteral("parts: 1 box, 1 cylinder; 0 bytes of mesh data")),
                 qPrintable(summary));
        QCOMPARE(d->gltf().count("meshes"), size_t(1));
    }
};

QTEST_MAIN(TestPrimitivePartsDialog)
#include "TestPrimitivePartsDialog.moc"
