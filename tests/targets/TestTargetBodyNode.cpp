// Export for Blender (issue 35): the add-on's importer fails on each node with a collider or trigger and
// loses that node's motion, so such a body imports as static (ENGINE-TARGETS.md section 6, BLE blender/imp/
// gltf2_blender_rigid_bodies.py:142-209; section 9: "Put motion on a parent node and colliders on child
// nodes"). The export moves a collider or trigger shape off its body's node onto a new child with the
// identity transform, lists it with its pointer, and the tool's simulation of the export ends where the
// original's does.
#include "CliRun.h"
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "targets/TargetCheck.h"
#include "targets/TargetExport.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

constexpr const char* kBodies = "KHR_physics_rigid_bodies";

/// 0: static ground (a 20 x 1 x 20 m box, top at y = 0); 1: "crate", a 2 kg dynamic 1 m box with its collider
/// on its own node, 2 m up; 2: "zone", a kinematic body with a trigger sphere on its own node.
Json bodiesWithShapes()
{
    Json crate = khrBody(1, 2.0);
    Json zone = Json::object();
    zone["motion"] = Json::object();
    zone["motion"]["isKinematic"] = true;
    zone["trigger"] = {{"geometry", {{"shape", 2}}}};
    Json root = khrDocument(Json::array({{{"type", "box"}, {"box", {{"size", {20, 1, 20}}}}},
                                         box(),
                                         {{"type", "sphere"}, {"sphere", {{"radius", 0.5}}}}}),
                            Json::array({khrCollider(0), crate, zone}));
    root["nodes"][0]["translation"] = {0.0, -0.5, 0.0};
    root["nodes"][1]["name"] = "crate";
    root["nodes"][1]["translation"] = {0.0, 2.0, 0.0};
    root["nodes"][2]["name"] = "zone";
    root["nodes"][2]["translation"] = {5.0, 0.5, 0.0};
    return root;
}

gltf::GltfDocument documentOf(const Json& root)
{
    gltf::GltfDocument doc;
    doc.json() = Json::parse(root.dump());
    return doc;
}

bool listed(const Diagnostics& changes, const std::string& pointer)
{
    for (const Diagnostic& d : changes) {
        if (d.code == targets::kTargetChanged && d.pointer == pointer)
            return true;
    }
    return false;
}

size_t findingsOf(const gltf::GltfDocument& doc, targets::Feature feature, targets::Verdict verdict)
{
    size_t n = 0;
    for (const targets::Finding& f : targets::checkTarget(doc, *targets::findTarget("blender-khr")))
        n += f.feature == feature && f.verdict == verdict ? 1 : 0;
    return n;
}

/// Node 1's translation after 2 s of the tool's simulation of `file`.
std::optional<QVector3D> crateAfter(const fs::path& file)
{
    const CliRun r = runCollidoscope({QStringLiteral("simulate"), qpath(file), QStringLiteral("--seconds"),
                                      QStringLiteral("2"), QStringLiteral("--json")});
    if (r.exit != 0)
        return std::nullopt;
    const Json report = Json::parse(r.out);
    for (const Json& body : report["bodies"]) {
        if (body["node"] != 1)
            continue;
        const Json& t = body["translation"];
        return QVector3D(t[0].get<float>(), t[1].get<float>(), t[2].get<float>());
    }
    return std::nullopt;
}

} // namespace

class TestTargetBodyNode : public QObject
{
    Q_OBJECT

private slots:
    void shapesMoveToChildren()
    {
        const gltf::GltfDocument source = documentOf(bodiesWithShapes());
        // Blender ignores the motion of both bodies as written: one finding each.
        QCOMPARE(findingsOf(source, targets::Feature::MotionWithCollider, targets::Verdict::Ignored),
                 size_t(2));

        const targets::TargetExportResult r =
            targets::exportForTarget(source, *targets::findTarget("blender-khr"));
        QVERIFY(!r.unusable);
        const std::string crate = std::string("/nodes/1/extensions/") + kBodies;
        QVERIFY(listed(r.changes, crate + "/collider"));
        QVERIFY(listed(r.changes, std::string("/nodes/2/extensions/") + kBodies + "/trigger"));
        QCOMPARE(findingsOf(r.document, targets::Feature::MotionWithCollider, targets::Verdict::Ignored),
                 size_t(0));

        const Json& nodes = r.document.json()["nodes"];
        QCOMPARE(nodes.size(), size_t(5));
        for (size_t body : {1, 2}) {
            const Json& own = nodes[body]["extensions"][kBodies];
            QVERIFY(own.contains("motion"));
            QVERIFY(!own.contains("collider") && !own.contains("trigger"));
            QCOMPARE(nodes[body]["children"].size(), size_t(1));
            const Json& child = nodes[nodes[body]["children"][0].get<size_t>()];
            for (const char* key : {"translation", "rotation", "scale", "matrix"})
                QVERIFY(!child.contains(key)); // the identity transform
        }
        const Json& crateChild = nodes[nodes[1]["children"][0].get<size_t>()]["extensions"][kBodies];
        QCOMPARE(crateChild["collider"]["geometry"]["shape"].get<int>(), 1);
        const Json& zoneChild = nodes[nodes[2]["children"][0].get<size_t>()]["extensions"][kBodies];
        QCOMPARE(zoneChild["trigger"]["geometry"]["shape"].get<int>(), 2);
        // The ground has no motion: its collider stays.
        QVERIFY(nodes[0]["extensions"][kBodies].contains("collider"));

        // A second export finds nothing to move.
        const targets::TargetExportResult again =
            targets::exportForTarget(r.document, *targets::findTarget("blender-khr"));
        QCOMPARE(again.document.json()["nodes"].size(), size_t(5));
    }

    void exportRestsWhereTheOriginalDoes()
    {
        // The crate falls 1.5 m onto the ground and rests with its centre at y = 0.5, in the original and in
        // the export alike (within the 2 cm docs/simulation.md gives resting bodies).
        TempDir dir;
        const fs::path in = dir / "in.gltf";
        writeText(in, bodiesWithShapes().dump(2));
        const fs::path out = dir / "out.gltf";
        const targets::TargetExportResult r =
            targets::exportForTarget(documentOf(bodiesWithShapes()), *targets::findTarget("blender-khr"));
        writeText(out, r.document.json().dump(2));
        const auto original = crateAfter(in);
        const auto exported = crateAfter(out);
        QVERIFY(original && exported);
        QVERIFY2(std::abs(original->y() - 0.5f) <= 0.02f, qPrintable(QString::number(original->y())));
        QVERIFY2((*exported - *original).length() <= 0.02f,
                 qPrintable(QString::number((*exported - *original).length())));
    }
};

QTEST_GUILESS_MAIN(TestTargetBodyNode)
#include "TestTargetBodyNode.moc"
