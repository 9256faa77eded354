// One collider, one set of fit figures (issue 46 item 7): the document's revision is raised by every change
// that reaches it; the fit cache is keyed by node and revision; what Add Colliders reports for a collider is
// what measuring that collider in the document gives (the Shape section's and the hull dialog's measurement).
#include "DocumentTestUtil.h"
#include "LevelPieces.h"
#include "TestSupport.h"
#include "document/AutoColliderActions.h"
#include "document/ColliderFitCache.h"
#include "document/ColliderFitInput.h"
#include "document/FieldCommands.h"

#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using import::ColliderStrategy;

namespace {

// Node 0 "Wall U" (3 m along x, scaled 2), node 1 "Knight" (the T-pose), node 2 "Crate" with a box collider.
std::unique_ptr<Document> scene()
{
    gltf::GltfDocument g = documentOf(
        {{uWall(), "U"}, {TPose::mesh(), "Knight"}, {slabs({{0, 0, 0, 1, 1, 1}}), "Cube"}},
        gltf::Json::parse(R"([{"name": "Wall U", "mesh": 0, "translation": [3, 0, 0], "scale": [2, 2, 2]},
                              {"name": "Knight", "mesh": 1, "translation": [-4, 0, 0]},
                              {"name": "Crate", "mesh": 2,
                               "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}])"),
        {0, 1, 2});
    g.json()["extensionsUsed"] = {"OMI_physics_shape", "OMI_physics_body"};
    g.json()["extensions"] = gltf::Json::parse(
        R"({"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}})");
    return std::make_unique<Document>(std::move(g));
}

const import::AddedCollider& addedTo(const AutoColliderReport& r, size_t node)
{
    for (const auto& a : r.added)
        if (a.meshNode == node)
            return a;
    qFatal("no collider added");
}

} // namespace

class TestFitFigures : public QObject
{
    Q_OBJECT

private slots:
    void revisionRaisedByEveryChange()
    {
        auto d = scene();
        const auto r0 = documentRevision(*d);
        QCOMPARE(documentRevision(*d), r0); // reading it changes nothing
        d->push(new SetShapeSize(d.get(), 0, Vec3{2, 1, 1}));
        const auto r1 = documentRevision(*d);
        QVERIFY(r1 > r0);
        // A continuous edit merged into the last step still changes the document.
        d->push(new SetShapeSize(d.get(), 0, Vec3{3, 1, 1}));
        QCOMPARE(d->undoStack()->count(), 1);
        const auto r2 = documentRevision(*d);
        QVERIFY(r2 > r1);
        d->undoStack()->undo();
        const auto r3 = documentRevision(*d);
        QVERIFY(r3 > r2);
        // Undone, then a new edit: yet another revision, not one seen before.
        d->push(new SetShapeSize(d.get(), 0, Vec3{2, 1, 1}));
        const auto r4 = documentRevision(*d);
        QVERIFY(r4 > r3);
        d->undoStack()->undo();
        d->undoStack()->redo();
        QVERIFY(documentRevision(*d) > r4);
        // Selection is not a change of the document.
        const auto before = documentRevision(*d);
        d->setSelectedNodes({1});
        QCOMPARE(documentRevision(*d), before);
        // Another document (the same file loaded again) never shares a revision.
        auto other = scene();
        QVERIFY(documentRevision(*other) != before);
    }

    void cacheKeyedByNodeAndRevision()
    {
        ColliderFitCache cache;
        geometry::FitSummary a, b;
        a.overhang.p95 = 0.1;
        b.overhang.p95 = 0.2;
        QVERIFY(!cache.find(0, 5));
        cache.store(0, 5, a);
        QCOMPARE(cache.find(0, 5)->overhang.p95, 0.1);
        QVERIFY(!cache.find(0, 6));
        QVERIFY(!cache.find(1, 5));
        cache.store(0, 7, b);
        QCOMPARE(cache.find(0, 7)->overhang.p95, 0.2);
        cache.store(0, 6, a); // an older measurement does not replace a newer one
        QCOMPARE(cache.find(0, 7)->overhang.p95, 0.2);
    }

    void reportedFiguresAreTheMeasurement()
    {
        for (auto strategy : {ColliderStrategy::Hull, ColliderStrategy::Capsule}) {
            auto d = scene();
            AutoColliderOptions o;
            o.collider.strategy = strategy;
            const AutoColliderReport r = addAutoColliders(*d, o);
            for (size_t node : {0, 1}) {
                const auto& reported = addedTo(r, node).fit;
                QVERIFY(reported);
                // The same figures from the cache at this revision (what the Shape section shows)...
                auto shown = colliderFitFigures(*d, node);
                QVERIFY(shown);
                QCOMPARE(geometry::fitText(*shown), geometry::fitText(*reported));
                // ...and from measuring the collider afresh, as the Shape section does at a later revision.
                auto input = gatherColliderFit(*d, node);
                QVERIFY(input);
                auto fresh = colliderFitFigures(*input);
                QVERIFY(fresh);
                QVERIFY2(geometry::fitText(*fresh) == geometry::fitText(*reported),
                         (std::string(import::colliderStrategyName(strategy)) + " node " +
                          std::to_string(node) + ": " + geometry::fitText(*fresh) + " | " +
                          geometry::fitText(*reported))
                             .c_str());
                QVERIFY(std::fabs(fresh->overhang.p95 - reported->overhang.p95) <= 1e-6 * reported->diagonal);
                QVERIFY(std::fabs(fresh->overhang.max - reported->overhang.max) <= 1e-6 * reported->diagonal);
                QVERIFY(std::fabs(fresh->outside.max - reported->outside.max) <= 1e-6 * reported->diagonal);
            }
            // The wall is scaled 2: world metres.
            const auto& wall = *addedTo(r, 0).fit;
            QVERIFY(wall.diagonal > 2 * 6);
        }
    }
};

QTEST_GUILESS_MAIN(TestFitFigures)
#include "TestFitFigures.moc"
