// Colliders for compressed meshes: add-colliders (the window's Add Colliders action, as the command runs it)
// fits the decoded geometry (sizes compared with the known
// meshes' extents), refuses meshes it cannot read instead of writing degenerate shapes, and what it writes
// passes the validator's degenerate-shape rule.
#include "CommandColliders.h"
#include "CompressedAssets.h"
#include "TestSupport.h"
#include "import/AutoColliders.h"
#include "physics/DiagnosticCodes.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

#include <QTest>

using namespace cs;
using namespace cs::gltf;

namespace {

GltfDocument load(const Bytes& bytes)
{
    auto r = loadGltfFromBytes(bytes, "memory.glb");
    if (!r)
        qFatal("the test asset does not load: %s", test::describe(r.diagnostics).c_str());
    return std::move(*r.value);
}

cs::import::ColliderOptions strategy(cs::import::ColliderStrategy s)
{
    cs::import::ColliderOptions o;
    o.strategy = s;
    return o;
}

/// The box of the collider added for `node`.
physics::Vec3 boxOf(const GltfDocument& doc, const document::AutoColliderReport& report, size_t node)
{
    const auto model = physics::readPhysics(doc);
    for (const auto& a : report.added)
        if (a.meshNode == node && a.shape < model->shapes.size() &&
            model->shapes[a.shape].type == physics::ShapeType::Box)
            return model->shapes[a.shape].size;
    return {0, 0, 0};
}

bool hasCode(const Diagnostics& diagnostics, const std::string& code, Severity severity = Severity::Error)
{
    for (const auto& d : diagnostics)
        if (d.code == code && d.severity == severity)
            return true;
    return false;
}

} // namespace

class TestCompressedColliders : public QObject
{
    Q_OBJECT

private slots:
    void dracoBoxesGetTheirSize()
    {
        std::vector<test::SourceMesh> boxes;
        for (int i = 0; i < 6; ++i)
            boxes.push_back(test::makeBox(1.0f + float(i), 0.5f, 0.25f * float(i + 1)));
        GltfDocument doc = load(test::dracoGlb(boxes));
        const auto report = test::addCollidersAsTheCommand(doc, strategy(import::ColliderStrategy::Auto));
        QVERIFY2(!hasErrors(report.diagnostics), test::describe(report.diagnostics).c_str());
        QCOMPARE(report.added.size(), size_t(6));
        for (size_t i = 0; i < boxes.size(); ++i) {
            const auto extent = boxes[i].extent();
            const physics::Vec3 size = boxOf(doc, report, i);
            // Within Draco's position quantization (14 bits over the largest extent) plus the fit's floor.
            const double tol = extent[0] / ((1 << test::kDracoPositionBits) - 1) + 1e-6;
            for (int c = 0; c < 3; ++c)
                QVERIFY2(
                    std::abs(size[size_t(c)] - extent[size_t(c)]) <= tol,
                    (std::to_string(size[size_t(c)]) + " vs " + std::to_string(extent[size_t(c)])).c_str());
        }
        // What was written passes the degenerate-shape rule.
        const Diagnostics rules = physics::validatePhysics(doc);
        QVERIFY2(!hasErrors(rules), test::describe(rules).c_str());
    }

    void meshoptAndQuantizedMeshesGetTheirSize()
    {
        const test::SourceMesh torus = test::makeTorus(1, 0.25f, 24, 12);
        GltfDocument doc = load(test::meshoptGlb(torus, test::makeRotations(torus.vertexCount())));
        const auto report = test::addCollidersAsTheCommand(doc, strategy(import::ColliderStrategy::Box));
        QVERIFY2(!hasErrors(report.diagnostics), test::describe(report.diagnostics).c_str());
        QCOMPARE(report.added.size(), size_t(2));
        const auto extent = torus.extent();
        // Node 0: float positions (EXPONENTIAL filter); node 1: integers scaled by 1/kQuantizedScale by the
        // node.
        const physics::Vec3 filtered = boxOf(doc, report, 0), quantized = boxOf(doc, report, 1);
        for (size_t c = 0; c < 3; ++c) {
            QVERIFY(std::abs(filtered[c] - extent[c]) <= 1e-5);
            QVERIFY(std::abs(quantized[c] / test::kQuantizedScale - extent[c]) <=
                    1.0 / test::kQuantizedScale);
        }
    }

    void unreadableMeshesGetNoCollider_data()
    {
        QTest::addColumn<bool>("draco");
        QTest::addColumn<int>("strategy");
        for (auto s : {import::ColliderStrategy::Auto, import::ColliderStrategy::Hull,
                       import::ColliderStrategy::Trimesh}) {
            QTest::newRow((std::string("draco ") + import::colliderStrategyName(s)).c_str())
                << true << int(s);
            QTest::newRow((std::string("meshopt ") + import::colliderStrategyName(s)).c_str())
                << false << int(s);
        }
    }

    void unreadableMeshesGetNoCollider()
    {
        QFETCH(bool, draco);
        QFETCH(int, strategy);
        const test::SourceMesh torus = test::makeTorus(1, 0.25f, 12, 8);
        GltfDocument doc =
            load(draco ? test::dracoGlb({torus, torus}, true)
                       : test::meshoptGlb(torus, test::makeRotations(torus.vertexCount()), true));
        const auto report =
            test::addCollidersAsTheCommand(doc, ::strategy(import::ColliderStrategy(strategy)));
        // Mesh 0's stream is corrupt: an error for node 0 (the command exits 1), a collider for node 1 only.
        QVERIFY(hasCode(report.diagnostics, draco ? "DRACO_DECODE_FAILED" : "MESHOPT_DECODE_FAILED"));
        QCOMPARE(report.added.size(), size_t(1));
        QCOMPARE(report.added[0].meshNode, size_t(1));
    }

    void meshOfZerosGetsNoCollider()
    {
        // What a Draco file read without decoding looks like: accessors without a bufferView read as zeros.
        // This gave six 1e-9 m boxes; now it is refused.
        GltfDocument doc = load(test::dracoGlb({test::makeBox(1, 2, 3)}));
        for (const char* key : {"extensionsUsed", "extensionsRequired"})
            doc.json().erase(key);
        doc.json()["meshes"][0]["primitives"][0].erase("extensions");
        const auto report = test::addCollidersAsTheCommand(doc, strategy(import::ColliderStrategy::Auto));
        QVERIFY(report.added.empty());
        QVERIFY(hasCode(report.diagnostics, "COLLIDER_DEGENERATE_MESH"));
    }

    void flatMeshGetsAValidBox()
    {
        // A small flat square: the fitted box's thickness is raised to the smallest size the validator
        // accepts.
        GltfDocument doc = load(test::dracoGlb({test::makeBox(0.2f, 0, 0.2f)}));
        const auto report = test::addCollidersAsTheCommand(doc, strategy(import::ColliderStrategy::Box));
        QCOMPARE(report.added.size(), size_t(1));
        const physics::Vec3 size = boxOf(doc, report, 0);
        QCOMPARE(size[1], physics::kDegenerateShapeSize);
        QVERIFY(!hasCode(physics::validatePhysics(doc), physics::code::ShapeDegenerate));
    }
};

QTEST_GUILESS_MAIN(TestCompressedColliders)
#include "TestCompressedColliders.moc"
