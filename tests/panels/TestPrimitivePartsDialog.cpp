// Add Colliders with "Primitives first" (issue 49 item 1): the check box reaches the options only with
// decompose or auto by the measured fit, and a box with a cylindrical peg gets a box and a cylinder, which
// the summary names with the parts' totals.
#include "TestSupport.h"
#include "dialogs/AddCollidersDialog.h"
#include "document/Document.h"
#include "geometry/MeshWriter.h"

#include <QCheckBox>
#include <QTest>
#include <cmath>
#include <numbers>

using namespace cs;
using import::ColliderStrategy;
using ui::AddCollidersDialog;

namespace {

/// The box [-1,1] x [0,1] x [-1,1] (8 corners) and a 32-sided peg of radius 0.3 from y = 1 to 2 standing on
/// it, two closed pieces wound outward.
gltf::TriangleMesh boxWithPeg()
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.push_back({(i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : 0.0f, (i & 4) ? 1.0f : -1.0f});
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    const int n = 32;
    const auto bottom = std::uint32_t(m.positions.size()), top = bottom + 1, ring = bottom + 2;
    m.positions.push_back({0, 1, 0});
    m.positions.push_back({0, 2, 0});
    for (int k = 0; k < n; ++k) {
        const double a = 2 * std::numbers::pi * k / n;
        const float x = float(0.3 * std::cos(a)), z = float(0.3 * std::sin(a));
        m.positions.push_back({x, 1, z});
        m.positions.push_back({x, 2, z});
    }
    for (std::uint32_t k = 0; k < std::uint32_t(n); ++k) {
        const std::uint32_t b0 = ring + 2 * k, t0 = b0 + 1, b1 = ring + 2 * ((k + 1) % n), t1 = b1 + 1;
        // Angles grow from +x towards +z: seen from outside the side, b0 -> t0 -> t1 turns counter-clockwise.
        m.indices.insert(m.indices.end(), {b0, t0, t1, b0, t1, b1, bottom, b0, b1, top, t1, t0});
    }
    return m;
}

std::unique_ptr<document::Document> pegScene()
{
    gltf::GltfDocument g = test::loadJson(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
        "nodes":[{"name":"Peg"}]})");
    const auto mesh = geometry::addTriangleMesh(g, boxWithPeg(), "Peg");
    if (!mesh)
        qFatal("mesh not added");
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return std::make_unique<document::Document>(std::move(g));
}

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
