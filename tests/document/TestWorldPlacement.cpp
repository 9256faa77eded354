// "Keep Simulated Poses" (issue 20): nodes placed at given world matrices as one undo step, each against
// its parent's new placement, with the node's own scale kept; redo, undo and redo give back the exact JSON.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/NodeEdits.h"
#include "document/WorldPlacement.h"

#include <QTest>
#include <QUndoStack>

using namespace cs;
using namespace cs::test;
using cs::gltf::Json;

namespace {

/// T(t) * R(q) * S(s) in double.
geometry::Mat4d trsMatrix(const geometry::Vec3d& t, const geometry::Quatd& q = {},
                          const geometry::Vec3d& s = {1, 1, 1})
{
    return geometry::toMatrix(geometry::Trs{t, q, s});
}

} // namespace

class TestWorldPlacement : public QObject
{
    Q_OBJECT

private slots:
    void childOfAScaledParent()
    {
        // Parent at x = 1 scaled by 2; child at local (0, 5, 0): world (1, 10, 0). Placed at world (3, 4, 0)
        // turned 90 degrees about Z, its local translation is (3 - 1, 4, 0) / 2 = (1, 2, 0).
        auto doc = documentFromJson(
            R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[)"
            R"({"translation":[1,0,0],"scale":[2,2,2],"children":[1]},{"translation":[0,5,0],"scale":[0.5,0.5,0.5]}]})");
        const geometry::Quatd turn = geometry::quatFromAxisAngle({0, 0, 1}, M_PI / 2);
        // The world matrix keeps the child's world scale (2 * 0.5 = 1).
        const geometry::Mat4d target = trsMatrix({3, 4, 0}, turn);
        checkRedoUndoRedo(
            *doc,
            [&] {
                QCOMPARE(document::placeNodesInWorld(*doc, {{1, target}}, "Keep Simulated Poses"), size_t(1));
            },
            [&](const Json& saved) {
                const Json& n = saved["nodes"][1];
                QVERIFY(numbersNear(n["translation"], {1, 2, 0}, 1e-12));
                QVERIFY(numbersNear(n["rotation"], {0, 0, std::sqrt(0.5), std::sqrt(0.5)}, 1e-12));
                QVERIFY(numbersNear(n["scale"], {0.5, 0.5, 0.5}, 1e-12));
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {1, 0, 0}, 0)); // the parent stays
            });
        QCOMPARE(doc->undoStack()->text(doc->undoStack()->index() - 1),
                 QStringLiteral("Keep Simulated Poses"));
    }

    void parentAndChildTogether()
    {
        // Both listed: the child's local transform is taken against the parent's new placement.
        auto doc = documentFromJson(R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[)"
                                    R"({"children":[1]},{"translation":[0,1,0]}]})");
        checkRedoUndoRedo(
            *doc,
            [&] {
                QCOMPARE(document::placeNodesInWorld(
                             *doc, {{1, trsMatrix({5, 1, 0})}, {0, trsMatrix({5, 0, 0})}}, "Keep"),
                         size_t(1)); // the child keeps its local (0, 1, 0): only the parent changes
            },
            [&](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {5, 0, 0}, 1e-12));
                QVERIFY(numbersNear(saved["nodes"][1]["translation"], {0, 1, 0}, 1e-12));
            });
    }

    void neverMergesWithAnEarlierTransform()
    {
        auto doc = documentFromJson(
            R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"translation":[0,1,0]}]})");
        document::setNodeTransforms(*doc, {{0, geometry::Trs{{0, 2, 0}, {}, {1, 1, 1}}}});
        const int count = doc->undoStack()->count();
        document::placeNodesInWorld(*doc, {{0, trsMatrix({0, 3, 0})}}, "Keep");
        QCOMPARE(doc->undoStack()->count(), count + 1);
        doc->undoStack()->undo();
        QVERIFY(numbersNear(doc->savedJson()["nodes"][0]["translation"], {0, 2, 0}, 0));
        // Nothing to change: nothing pushed.
        QCOMPARE(document::placeNodesInWorld(*doc, {{0, trsMatrix({0, 2, 0})}}, "Keep"), size_t(0));
        QCOMPARE(doc->undoStack()->count(), count + 1);
    }
};

QTEST_GUILESS_MAIN(TestWorldPlacement)
#include "TestWorldPlacement.moc"
