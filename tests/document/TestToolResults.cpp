// What the heavy tools show of a plan before applying it (document/ToolResults.h), and the decomposition of
// several nodes in one run (previewDecompositions): world-space preview lines, figures summed over meshes.
#include "ConcaveMeshes.h"
#include "DocumentTestUtil.h"
#include "document/DecomposeAction.h"
#include "document/MeshCommands.h"
#include "document/NodeCommands.h"
#include "document/ToolResults.h"

#include <QtTest>
#include <atomic>
#include <cmath>
#include <set>

using namespace cs;
using namespace cs::document;

namespace {

gltf::TriangleMesh unitCube()
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.push_back(QVector3D(float(i & 1), float((i >> 1) & 1), float((i >> 2) & 1)));
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    return m;
}

geometry::Decomposition decomposition(std::vector<size_t> points, double concavity, double unionVolume,
                                      double meshVolume, double seconds, bool budget)
{
    geometry::Decomposition d;
    for (size_t n : points) {
        geometry::DecomposedPart part;
        part.hull.positions.resize(n);
        d.parts.push_back(part);
    }
    d.quality.relativeConcavity = concavity;
    d.quality.unionVolume = unionVolume;
    d.quality.meshVolume = meshVolume;
    d.quality.closed = meshVolume > 0;
    d.seconds = seconds;
    d.budgetReached = budget;
    return d;
}

/// Two nodes "A" and "B" (scaled by 2) with the L of two unit boxes each.
std::unique_ptr<Document> twoLs(std::vector<size_t>& nodes)
{
    auto d = test::documentFromJson(R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[]}],"scene":0})");
    auto* mesh = new AddMesh(d.get(), test::lShapeMesh(), "L");
    d->push(mesh);
    for (const char* name : {"A", "B"}) {
        gltf::Json node{{"name", name}, {"mesh", mesh->meshIndex()}};
        if (std::string(name) == "B")
            node["scale"] = {2, 2, 2};
        auto* add = new AddNode(d.get(), std::nullopt, node);
        d->push(add);
        nodes.push_back(add->nodeIndex());
    }
    return d;
}

} // namespace

class TestToolResults : public QObject
{
    Q_OBJECT

private slots:
    void hullLinesAreTheHullsEdgesInTheWorld()
    {
        // A unit cube on a node scaled by 2 and moved to x = 10: its 12 edges (the faces' diagonals are not
        // drawn), each 2 long, between the corners {10, 12} x {0, 2} x {0, 2}.
        auto d = test::documentFromJson(R"({"asset":{"version":"2.0"},
            "nodes":[{"name":"N","translation":[10,0,0],"scale":[2,2,2]}],"scenes":[{"nodes":[0]}],"scene":0})");
        const std::vector<QVector3D> lines = worldHullLines(*d, 0, unitCube());
        QCOMPARE(lines.size(), size_t(24));
        for (size_t i = 0; i < lines.size(); i += 2) {
            QVERIFY(std::fabs((lines[i] - lines[i + 1]).length() - 2.0f) < 1e-5f);
            for (const QVector3D& p : {lines[i], lines[i + 1]}) {
                QVERIFY(std::fabs(p.x() - 10) < 1e-5f || std::fabs(p.x() - 12) < 1e-5f);
                QVERIFY(std::fabs(p.y()) < 1e-5f || std::fabs(p.y() - 2) < 1e-5f);
                QVERIFY(std::fabs(p.z()) < 1e-5f || std::fabs(p.z() - 2) < 1e-5f);
            }
        }
    }

    void figuresAddUpOverMeshes()
    {
        const DecompositionFigures f =
            decompositionFigures({decomposition({4, 6}, 0.02, 0.9, 1.0, 0.5, false),
                                  decomposition({8}, 0.05, 2.1, 2.0, 0.25, true)});
        QCOMPARE(f.parts, 3);
        QCOMPARE(f.partPoints, (std::vector<size_t>{4, 6, 8}));
        QCOMPARE(f.mostPoints, size_t(8));
        QCOMPARE(f.maxConcavity, 0.05);
        QCOMPARE(f.volumeRatio, (0.9 + 2.1) / (1.0 + 2.0)); // summed, not averaged
        QCOMPARE(f.seconds, 0.75);
        QVERIFY(f.budgetReached);

        // A mesh that is not closed has no volume: no ratio for the whole.
        const DecompositionFigures open = decompositionFigures(
            {decomposition({4}, 0.01, 0.9, 1.0, 0.1, false), decomposition({4}, 0.01, 0.5, 0, 0.1, false)});
        QCOMPARE(open.volumeRatio, -1.0);
        QVERIFY(!open.budgetReached);

        const DecompositionFigures none = decompositionFigures({});
        QCOMPARE(none.parts, 0);
        QCOMPARE(none.mostPoints, size_t(0));
        QCOMPARE(none.volumeRatio, -1.0);
    }

    void severalNodesDecomposeInTurn()
    {
        std::vector<size_t> nodes;
        auto d = twoLs(nodes);
        std::vector<DecomposeInput> inputs;
        for (size_t node : nodes) {
            auto input = gatherDecomposition(*d, node);
            QVERIFY(input);
            inputs.push_back(std::move(*input));
        }
        geometry::DecompositionOptions options;
        options.concavity = 0.01;
        options.maxParts = 4;
        options.measure = true;
        std::vector<double> progress;
        options.progress = [&progress](double f) { progress.push_back(f); };
        const auto all = previewDecompositions(inputs, options);
        QVERIFY(all);
        QCOMPARE(all->size(), size_t(2));
        // Each is what the node's own decomposition gives.
        geometry::DecompositionOptions one = options;
        one.progress = {};
        const auto alone = previewDecomposition(inputs[0], one);
        QVERIFY(alone);
        QCOMPARE((*all)[0].parts.size(), alone->parts.size());
        QCOMPARE((*all)[1].parts.size(), alone->parts.size()); // the same mesh
        // Progress covers the whole: the first node's reports are in [0, 0.5], the second's in [0.5, 1].
        QVERIFY(!progress.empty());
        QVERIFY(progress.back() > 0.5 && progress.back() <= 1.0);
        for (double f : progress)
            QVERIFY(f >= 0 && f <= 1.0);

        // Node B is scaled by 2: its parts' fit in world metres is twice its fit in the node's space.
        const auto fits = worldDecompositionFits(*d, inputs, *all);
        QCOMPARE(fits.size(), size_t(2));
        QVERIFY(fits[0] && fits[1] && (*all)[1].fit);
        QCOMPARE(fits[0]->outside.max, (*all)[0].fit->outside.max);
        QCOMPARE(fits[1]->outside.max, 2 * (*all)[1].fit->outside.max);
        QCOMPARE(fits[1]->diagonal, 2 * (*all)[1].fit->diagonal);

        // Preview lines: one list per part of every node, in order.
        const auto parts = worldPartLines(*d, inputs, *all);
        QCOMPARE(parts.size(), (*all)[0].parts.size() + (*all)[1].parts.size());
        QCOMPARE(parts.front(), worldHullLines(*d, nodes[0], (*all)[0].parts.front().hull));
        QCOMPARE(parts.back(), worldHullLines(*d, nodes[1], (*all)[1].parts.back().hull));
    }

    void sameMeshesWhateverTheRevision()
    {
        std::vector<size_t> nodes;
        auto d = twoLs(nodes);
        const auto gatherAll = [&] {
            std::vector<DecomposeInput> inputs;
            for (size_t node : nodes)
                inputs.push_back(*gatherDecomposition(*d, node));
            return inputs;
        };
        const auto before = gatherAll();
        // Moving a node leaves its mesh in its own space as it was.
        d->push(new SetNodeTranslation(d.get(), nodes[0], Vec3{1, 0, 0}));
        const auto moved = gatherAll();
        QVERIFY(moved[0].revision != before[0].revision);
        QVERIFY(sameMeshes(before, moved));
        QVERIFY(!sameMeshes(before, {before[0]}));
        auto otherNode = moved;
        otherNode[1].node = otherNode[0].node;
        QVERIFY(!sameMeshes(before, otherNode));
        auto otherMesh = moved;
        gltf::TriangleMesh mesh = *otherMesh[0].mesh;
        mesh.positions[0] += QVector3D(0.1f, 0, 0);
        otherMesh[0].mesh = std::make_shared<const gltf::TriangleMesh>(mesh);
        QVERIFY(!sameMeshes(before, otherMesh));
    }

    void aFailureOrAStopEndsTheRun()
    {
        std::vector<size_t> nodes;
        auto d = twoLs(nodes);
        auto input = gatherDecomposition(*d, nodes[0]);
        QVERIFY(input);
        DecomposeInput empty; // nothing gathered
        const auto failed = previewDecompositions({*input, empty}, {});
        QVERIFY(!failed);
        QVERIFY(findDiagnostic(failed.diagnostics, "NODE_NO_MESH"));

        std::atomic<bool> cancel{true};
        geometry::DecompositionOptions options;
        options.cancel = &cancel;
        const auto stopped = previewDecompositions({*input}, options);
        QVERIFY(!stopped);
        QVERIFY(findDiagnostic(stopped.diagnostics, "DECOMPOSE_CANCELLED"));
    }
};

QTEST_MAIN(TestToolResults)
#include "TestToolResults.moc"
