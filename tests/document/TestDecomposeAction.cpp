// "Decompose into Convex Parts" on the Document: gather, preview (the parts and figures), apply as one undo
// step.
#include "ConcaveMeshes.h"
#include "DocumentTestUtil.h"
#include "document/DecomposeAction.h"
#include "document/MeshCommands.h"
#include "document/NodeCommands.h"

#include <QtTest>

using namespace cs;
using namespace cs::document;

namespace {

/// A scene with one node "L" whose mesh is the L of two unit boxes (concave).
std::unique_ptr<Document> lScene(size_t& node)
{
    auto d = test::documentFromJson(R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[]}],"scene":0})");
    auto* mesh = new AddMesh(d.get(), test::lShapeMesh(), "L");
    d->push(mesh);
    auto* add = new AddNode(d.get(), std::nullopt, gltf::Json{{"name", "L"}, {"mesh", mesh->meshIndex()}});
    d->push(add);
    node = add->nodeIndex();
    return d;
}

} // namespace

class TestDecomposeAction : public QObject
{
    Q_OBJECT

private slots:
    void applyIsOneUndoStep()
    {
        size_t node = 0;
        auto d = lScene(node);
        auto input = gatherDecomposition(*d, node);
        QVERIFY(input);
        geometry::DecompositionOptions o;
        o.concavity = 0.02;
        o.maxParts = 6;
        const auto preview = previewDecomposition(*input, o);
        QVERIFY(preview);
        const size_t parts = preview->parts.size();
        QVERIFY(parts >= 2);
        QCOMPARE(preview->quality.parts, parts);
        QVERIFY(preview->quality.closed && preview->quality.volumeRatio > 0.9);
        // The parts' fit: their union holds the L (each part is the hull of a piece of it), and no part
        // stands off the L further than the whole L's hull does (0.5, its slanted face's middle).
        QVERIFY(preview->fit);
        QVERIFY(preview->fit->outside.max < 1e-6);
        QVERIFY(preview->fit->overhang.max <= 0.5 + 1e-9);
        DecomposeReport report;
        DecomposeApplyOptions apply;
        apply.addMotion = true;
        test::checkRedoUndoRedo(
            *d, [&] { report = applyDecomposition(*d, *input, *preview, apply); },
            [&](const gltf::Json& saved) {
                const auto& nodes = saved["nodes"];
                QCOMPARE(nodes[node]["children"].size(), parts);
                QCOMPARE(nodes[node]["extensions"]["OMI_physics_body"]["motion"]["type"].get<std::string>(),
                         std::string("dynamic"));
                const auto& shapes = saved["extensions"]["OMI_physics_shape"]["shapes"];
                QCOMPARE(shapes.size(), parts);
                for (size_t i = 0; i < parts; ++i) {
                    const size_t child = nodes[node]["children"][i].get<size_t>();
                    QCOMPARE(nodes[child]["name"].get<std::string>(), "L part " + std::to_string(i + 1));
                    const size_t shape =
                        nodes[child]["extensions"]["OMI_physics_body"]["collider"]["shape"].get<size_t>();
                    QCOMPARE(shapes[shape]["type"].get<std::string>(), std::string("convex"));
                    const size_t mesh = shapes[shape]["convex"]["mesh"].get<size_t>();
                    const size_t accessor =
                        saved["meshes"][mesh]["primitives"][0]["attributes"]["POSITION"].get<size_t>();
                    // The mesh written is exactly the previewed hull, within the 64-point preset.
                    QCOMPARE(saved["accessors"][accessor]["count"].get<size_t>(),
                             preview->parts[i].hull.positions.size());
                    QVERIFY(saved["accessors"][accessor]["count"].get<size_t>() <= 64);
                }
            });
        if (QTest::currentTestFailed())
            return;
        QVERIFY(report.pushed);
        QCOMPARE(report.partNodes.size(), parts);
        QCOMPARE(d->undoStack()->undoText(), QStringLiteral("Decompose into Convex Parts"));
    }

    void severalNodesAreOneUndoStep()
    {
        // Two nodes drawing the L mesh: both decomposed in one step; with a refused second node, nothing.
        size_t first = 0;
        auto d = lScene(first);
        auto* add = new AddNode(d.get(), std::nullopt, gltf::Json{{"name", "L2"}, {"mesh", 0}});
        d->push(add);
        const size_t second = add->nodeIndex();
        const auto a = gatherDecomposition(*d, first);
        const auto b = gatherDecomposition(*d, second);
        QVERIFY(a && b);
        geometry::DecompositionOptions o;
        o.concavity = 0.02;
        o.maxParts = 6;
        const auto pa = previewDecomposition(*a, o);
        const auto pb = previewDecomposition(*b, o);
        QVERIFY(pa && pb);
        const size_t parts = pa->parts.size() + pb->parts.size();
        QVERIFY(parts >= 4);

        // Refused: the second result has no parts. Nothing is pushed, the first node is left alone.
        const int steps = d->undoStack()->count();
        const std::string before = test::savedText(*d);
        const DecomposeReport refused = applyDecompositions(*d, {*a, *b}, {*pa, geometry::Decomposition{}});
        QVERIFY(!refused.pushed);
        QCOMPARE(refused.diagnostics.at(0).code, std::string("DECOMPOSE_NO_PARTS"));
        QVERIFY(refused.partNodes.empty());
        QCOMPARE(d->undoStack()->count(), steps);
        QVERIFY(test::savedText(*d) == before);

        DecomposeReport report;
        test::checkRedoUndoRedo(
            *d,
            [&] {
                report = applyDecompositions(*d, {*a, *b}, {*pa, *pb});
            },
            [&](const gltf::Json& saved) {
                QCOMPARE(saved["nodes"][first]["children"].size(), pa->parts.size());
                QCOMPARE(saved["nodes"][second]["children"].size(), pb->parts.size());
                QCOMPARE(saved["extensions"]["OMI_physics_shape"]["shapes"].size(), parts);
            });
        if (QTest::currentTestFailed())
            return;
        QVERIFY(report.pushed);
        QCOMPARE(report.partNodes.size(), parts);
        QCOMPARE(report.shapes.size(), parts);
        QCOMPARE(d->undoStack()->count(), steps + 1);
        QCOMPARE(d->undoStack()->undoText(), QStringLiteral("Decompose into Convex Parts"));
    }

    void refusesAChangedDocumentAndNoMesh()
    {
        size_t node = 0;
        auto d = lScene(node);
        auto input = gatherDecomposition(*d, node);
        QVERIFY(input);
        const auto preview = previewDecomposition(*input, {});
        QVERIFY(preview);
        d->push(new AddNode(d.get(), std::nullopt, gltf::Json{{"name", "other"}}));
        const int before = d->undoStack()->count();
        const auto report = applyDecomposition(*d, *input, *preview);
        QVERIFY(!report.pushed);
        QCOMPARE(report.diagnostics.at(0).code, std::string("DOCUMENT_CHANGED"));
        QCOMPARE(d->undoStack()->count(), before);
        QCOMPARE(gatherDecomposition(*d, node + 1).diagnostics.at(0).code, std::string("NODE_NO_MESH"));
        QCOMPARE(gatherDecomposition(*d, 99).diagnostics.at(0).code, std::string("NODE_INDEX_INVALID"));
    }

    // The undo stack's index does not tell that the document changed: a merged edit and an undo followed by
    // a new edit both leave it where it was. Parts computed before either are refused.
    void refusesPartsAfterAMergedEdit()
    {
        size_t node = 0;
        auto d = lScene(node);
        d->push(new SetNodeTranslation(d.get(), node, Vec3{1, 0, 0}));
        const auto input = gatherDecomposition(*d, node);
        QVERIFY(input);
        const auto preview = previewDecomposition(*input, {});
        QVERIFY(preview);
        const int index = d->undoStack()->index();
        d->push(new SetNodeTranslation(d.get(), node, Vec3{2, 0, 0})); // merges into the edit before
        QCOMPARE(d->undoStack()->index(), index);
        const auto report = applyDecomposition(*d, *input, *preview);
        QVERIFY(!report.pushed);
        QCOMPARE(report.diagnostics.at(0).code, std::string("DOCUMENT_CHANGED"));
        QCOMPARE(d->undoStack()->index(), index);
    }

    void refusesPartsAfterAnUndoAndANewEdit()
    {
        size_t node = 0;
        auto d = lScene(node);
        d->push(new RenameNode(d.get(), node, "First"));
        const auto input = gatherDecomposition(*d, node);
        QVERIFY(input);
        const auto preview = previewDecomposition(*input, {});
        QVERIFY(preview);
        const int index = d->undoStack()->index();
        d->undoStack()->undo();
        d->push(new SetNodeTranslation(d.get(), node, Vec3{0, 3, 0}));
        QCOMPARE(d->undoStack()->index(), index);
        const auto report = applyDecomposition(*d, *input, *preview);
        QVERIFY(!report.pushed);
        QCOMPARE(report.diagnostics.at(0).code, std::string("DOCUMENT_CHANGED"));
        // Unchanged, the same parts apply.
        const auto again = gatherDecomposition(*d, node);
        QVERIFY(again);
        QVERIFY(applyDecomposition(*d, *again, *preview).pushed);
    }

    void nodesWithMeshKeepsMeshNodesInOrder()
    {
        size_t l = 0;
        auto d = lScene(l);
        auto* empty = new AddNode(d.get(), std::nullopt, gltf::Json{{"name", "empty"}});
        d->push(empty);
        auto* second = new AddNode(d.get(), std::nullopt, gltf::Json{{"name", "L2"}, {"mesh", 0}});
        d->push(second);
        const size_t other = empty->nodeIndex(), l2 = second->nodeIndex();
        // The empty node and an index past the nodes are left out; the order given is kept.
        QCOMPARE(nodesWithMesh(*d, {l2, other, 99, l}), (std::vector<size_t>{l2, l}));
        QCOMPARE(nodesWithMesh(*d, {other}), std::vector<size_t>{});
        QCOMPARE(nodesWithMesh(*d, {}), std::vector<size_t>{});
    }
};

QTEST_GUILESS_MAIN(TestDecomposeAction)
#include "TestDecomposeAction.moc"
