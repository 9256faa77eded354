// One pass per export (issue 48, item 4): an export builds the node graph and resolves the physics once and
// hands them to every target pass, and writes the physics once (its losses are read from that write). The
// counts are the process-wide ones of gltf/WorkCounters.h, read around one exportForTarget.
#include "TargetFixtures.h"
#include "gltf/WorkCounters.h"
#include "targets/Target.h"
#include "targets/TargetExport.h"

#include <QTest>

using namespace cs;
using gltf::Work;
using test::Json;

namespace {

/// A body on node 0 (no mass: a KHR export computes it, over the graph and the bodies) and its box collider
/// on its child, node 1; the nodes already in depth-first order, so that no target's finishing moves a node.
Json khrBodyWithChild()
{
    Json root = test::khrDocument(Json::array({test::box()}),
                                  Json::array({{{"motion", Json::object()}}, test::khrCollider(0)}));
    root["nodes"][0]["children"] = Json::array({1});
    root["scenes"][0]["nodes"] = Json::array({0});
    return root;
}

/// The same in OMI: a dynamic body on node 0, its box collider on node 1.
Json omiBodyWithChild()
{
    Json root =
        test::omiDocument(Json::array({test::box()}),
                          Json::array({{{"motion", {{"type", "dynamic"}}}}, {{"collider", {{"shape", 0}}}}}));
    root["nodes"][0]["children"] = Json::array({1});
    root["scenes"][0]["nodes"] = Json::array({0});
    return root;
}

struct Counts
{
    std::uint64_t builds = 0;
    std::uint64_t resolves = 0;
    std::uint64_t writes = 0;
};

Counts countsNow()
{
    return {gltf::workCount(Work::SceneGraphBuild), gltf::workCount(Work::PhysicsResolve),
            gltf::workCount(Work::PhysicsWrite)};
}

/// What one export of `root` for `target` did.
Counts exportCounts(const Json& root, const targets::Target& target, targets::TargetExportResult& result)
{
    gltf::GltfDocument doc;
    doc.json() = root;
    const Counts before = countsNow();
    result = targets::exportForTarget(std::move(doc), target);
    const Counts after = countsNow();
    return {after.builds - before.builds, after.resolves - before.resolves, after.writes - before.writes};
}

} // namespace

class TestExportOnce : public QObject
{
    Q_OBJECT

private slots:
    void everyTargetBuildsResolvesAndWritesOnce_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("target");
        for (const char* family : {"khr", "omi"}) {
            for (const targets::Target& t : targets::allTargets())
                QTest::newRow((std::string(family) + " " + t.name).c_str())
                    << QString::fromLatin1(family) << QString::fromStdString(t.name);
        }
    }

    void everyTargetBuildsResolvesAndWritesOnce()
    {
        QFETCH(QString, family);
        QFETCH(QString, target);
        const targets::Target* t = targets::findTarget(target.toStdString());
        QVERIFY(t);
        targets::TargetExportResult result;
        const Counts c = exportCounts(
            family == QLatin1String("khr") ? khrBodyWithChild() : omiBodyWithChild(), *t, result);
        QVERIFY(!result.unusable);
        // Before issue 48 every pass built its own graph (up to 8 per export) and resolved the physics again,
        // and the physics was written twice (once on a copy for the losses).
        QCOMPARE(c.builds, std::uint64_t(1));
        QCOMPARE(c.resolves, std::uint64_t(1));
        QCOMPARE(c.writes, std::uint64_t(1));
        // The export did its work: the body and its collider are in the written document.
        const std::string text = result.document.json().dump();
        QVERIFY2(text.find("\"motion\"") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"collider\"") != std::string::npos, text.c_str());
    }

    /// Unity reads nodes by their place in a depth-first walk: a body listed after its collider is
    /// renumbered, and what the target still cannot read is checked over the renumbered graph, built a second
    /// time. The physics is still resolved and written once.
    void aRenumberingBuildsTheGraphOnceMore()
    {
        Json root = test::omiDocument(
            Json::array({test::box()}),
            Json::array({{{"collider", {{"shape", 0}}}}, {{"motion", {{"type", "dynamic"}}}}}));
        root["nodes"][1]["children"] = Json::array({0});
        root["scenes"][0]["nodes"] = Json::array({1});
        const targets::Target* unity = targets::findTarget("unity-omi");
        QVERIFY(unity);
        targets::TargetExportResult result;
        const Counts c = exportCounts(root, *unity, result);
        QVERIFY(!result.unusable);
        // The body (node 1) comes first in the walk from the scene's root: it is node 0 now.
        const Json& nodes = result.document.json()["nodes"];
        QVERIFY(nodes[0]["extensions"]["OMI_physics_body"].contains("motion"));
        QVERIFY(nodes[0]["children"] == Json::array({1}));
        QCOMPARE(c.builds, std::uint64_t(2));
        QCOMPARE(c.resolves, std::uint64_t(1));
        QCOMPARE(c.writes, std::uint64_t(1));
    }
};

QTEST_MAIN(TestExportOnce)
#include "TestExportOnce.moc"
