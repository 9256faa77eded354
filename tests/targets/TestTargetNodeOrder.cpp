// Export for Unity (issue 35): omi-gltf-unity maps node i to the i-th GameObject of a depth-first walk from
// the scene's first root (ENGINE-TARGETS.md section 3, UNI Core/OMIHierarchyUtility.cs:34-55; section 9:
// "Reorder nodes to depth-first pre-order"). The export renumbers the nodes into that order with every
// reference, lists each move with its pointer, and the tool's simulation of the export ends where the
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

constexpr const char* kBody = "OMI_physics_body";

/// Nodes out of depth-first order: 0 ground (static box, top at y = 0), 1 the cube's collider, 2 the cube (a
/// 1 kg dynamic body 2 m up, parent of 1), 3 a trigger sphere, 4 the compound trigger of 3 (its parent).
/// Scene roots 2, 0, 4, so the walk is 2, 1, 0, 4, 3.
Json unorderedScene()
{
    const Json shapes = Json::array({{{"type", "box"}, {"box", {{"size", {20, 1, 20}}}}},
                                     box(),
                                     {{"type", "sphere"}, {"sphere", {{"radius", 0.5}}}}});
    Json ground = Json::object();
    ground["collider"] = {{"shape", 0}};
    Json collider = Json::object();
    collider["collider"] = {{"shape", 1}};
    Json cube = Json::object();
    cube["motion"] = {{"type", "dynamic"}, {"mass", 1.0}};
    Json part = Json::object();
    part["trigger"] = {{"shape", 2}};
    Json zone = Json::object();
    zone["trigger"] = Json::object();
    zone["trigger"]["nodes"] = Json::array({3});
    Json root = omiDocument(shapes, Json::array({ground, collider, cube, part, zone}));
    const char* names[] = {"ground", "cube collider", "cube", "zone part", "zone"};
    for (size_t i = 0; i < 5; ++i)
        root["nodes"][i]["name"] = names[i];
    root["nodes"][0]["translation"] = {0.0, -0.5, 0.0};
    root["nodes"][2]["translation"] = {0.0, 2.0, 0.0};
    root["nodes"][2]["children"] = Json::array({1});
    root["nodes"][3]["translation"] = {5.0, 0.5, 0.0};
    root["nodes"][4]["children"] = Json::array({3});
    root["scenes"][0]["nodes"] = Json::array({2, 0, 4});
    return root;
}

/// The document as a reader gets it: through its text (so that indices are unsigned numbers, which the scene
/// graph requires).
gltf::GltfDocument documentOf(const Json& root)
{
    gltf::GltfDocument doc;
    doc.json() = Json::parse(root.dump());
    return doc;
}

std::string textOf(const Diagnostics& list)
{
    std::string text;
    for (const Diagnostic& d : list)
        text += d.code + " at " + d.pointer + ": " + d.message + "\n";
    return text;
}

bool listed(const Diagnostics& changes, const std::string& pointer, const std::string& text)
{
    for (const Diagnostic& d : changes) {
        if (d.code == targets::kTargetChanged && d.pointer == pointer &&
            d.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

/// The translation of the body on the node named `name` after 2 s of the tool's simulation of `file`.
std::optional<QVector3D> restingAt(const fs::path& file, const Json& nodes, const std::string& name)
{
    const CliRun r = runCollidoscope({QStringLiteral("simulate"), qpath(file), QStringLiteral("--seconds"),
                                      QStringLiteral("2"), QStringLiteral("--json")});
    if (r.exit != 0)
        return std::nullopt;
    const Json report = Json::parse(r.out);
    for (const Json& body : report["bodies"]) {
        if (nodes[body["node"].get<size_t>()]["name"] != name)
            continue;
        const Json& t = body["translation"];
        return QVector3D(t[0].get<float>(), t[1].get<float>(), t[2].get<float>());
    }
    return std::nullopt;
}

} // namespace

class TestTargetNodeOrder : public QObject
{
    Q_OBJECT

private slots:
    void nodesFollowTheWalk()
    {
        const gltf::GltfDocument doc = documentOf(unorderedScene());
        const targets::Target* unity = targets::findTarget("unity-omi");
        QVERIFY(unity);
        const targets::TargetExportResult r = targets::exportForTarget(doc, *unity);
        QVERIFY(!r.unusable);
        QVERIFY(r.losses.empty());
        // Each moved node is listed by its old pointer: 2 -> 0, 0 -> 2, 4 -> 3, 3 -> 4; node 1 stays.
        QVERIFY2(listed(r.changes, "/nodes/2", "renumbered 0"), textOf(r.changes).c_str());
        QVERIFY2(listed(r.changes, "/nodes/0", "renumbered 2"), textOf(r.changes).c_str());
        QVERIFY2(listed(r.changes, "/nodes/4", "renumbered 3"), textOf(r.changes).c_str());
        QVERIFY2(listed(r.changes, "/nodes/3", "renumbered 4"), textOf(r.changes).c_str());
        QVERIFY(!listed(r.changes, "/nodes/1", "renumbered"));

        const Json& nodes = r.document.json()["nodes"];
        const char* walk[] = {"cube", "cube collider", "ground", "zone", "zone part"};
        for (size_t i = 0; i < 5; ++i)
            QCOMPARE(nodes[i]["name"].get<std::string>(), std::string(walk[i]));
        QVERIFY(r.document.json()["scenes"][0]["nodes"] == Json::array({0, 2, 3}));
        QVERIFY(nodes[0]["children"] == Json::array({1}));
        QVERIFY(nodes[3]["children"] == Json::array({4}));
        QVERIFY(nodes[3]["extensions"][kBody]["trigger"]["nodes"] == Json::array({4}));
        QVERIFY(nodes[0]["extensions"][kBody].contains("motion"));
        QCOMPARE(nodes[1]["extensions"][kBody]["collider"]["shape"].get<int>(), 1);
        for (const targets::Finding& f : targets::checkTarget(r.document, *unity))
            QVERIFY2(f.feature != targets::Feature::NodeOrder, f.detail.c_str());

        // A second export finds nothing to renumber.
        const targets::TargetExportResult again = targets::exportForTarget(r.document, *unity);
        for (const Diagnostic& d : again.changes)
            QVERIFY2(d.message.find("renumbered") == std::string::npos, d.message.c_str());
    }

    void unknownReferenceKeepsTheOrder()
    {
        // An extension this tool does not know holds a node index: renumbering would leave it on the wrong
        // node, so nothing moves, the reason is listed, and the order is a loss (the write needs
        // --allow-loss).
        Json root = unorderedScene();
        root["nodes"][0]["extensions"]["VENDOR_link"] = Json::object();
        root["nodes"][0]["extensions"]["VENDOR_link"]["node"] = 2;
        const targets::TargetExportResult r =
            targets::exportForTarget(documentOf(root), *targets::findTarget("unity-omi"));
        bool reason = false;
        for (const Diagnostic& d : r.changes) {
            QVERIFY2(d.message.find("renumbered") == std::string::npos, d.message.c_str());
            reason = reason || d.code == "NODE_REFERENCE_UNREMAPPED";
        }
        QVERIFY2(reason, textOf(r.changes).c_str());
        QCOMPARE(r.document.json()["nodes"][0]["name"].get<std::string>(), std::string("ground"));
        bool loss = false;
        for (const Diagnostic& d : r.losses)
            loss = loss || d.message.find("depth-first") != std::string::npos;
        QVERIFY(loss);
    }

    void exportRestsWhereTheOriginalDoes()
    {
        // The cube falls 1.5 m onto the ground and rests with its centre 0.5 m above it (y = 0.5), in the
        // original and in the renumbered export alike (within the 2 cm docs/simulation.md gives resting
        // bodies).
        TempDir dir;
        const Json source = unorderedScene();
        const fs::path in = dir / "in.gltf";
        writeText(in, source.dump(2));
        const targets::TargetExportResult r =
            targets::exportForTarget(documentOf(source), *targets::findTarget("unity-omi"));
        const fs::path out = dir / "out.gltf";
        writeText(out, r.document.json().dump(2));
        const auto original = restingAt(in, source["nodes"], "cube");
        const auto exported = restingAt(out, r.document.json()["nodes"], "cube");
        QVERIFY(original && exported);
        QVERIFY2(std::abs(original->y() - 0.5f) <= 0.02f, qPrintable(QString::number(original->y())));
        QVERIFY2((*exported - *original).length() <= 0.02f,
                 qPrintable(QString::number((*exported - *original).length())));
    }
};

QTEST_GUILESS_MAIN(TestTargetNodeOrder)
#include "TestTargetNodeOrder.moc"
