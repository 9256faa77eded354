// The node hierarchy: TRS and matrix transforms, world transforms, scenes, and broken graphs.
#include "TestSupport.h"
#include "gltf/NodeWalk.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"
#include "gltf/StructureCheck.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace cs;
using namespace cs::gltf;

namespace {

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-5f;
}

/// Every non-negative integer of the tree stored as a signed one, as JSON built in code holds it (`Json(3)`);
/// text parses them as unsigned.
void signIntegers(Json& json)
{
    if (json.is_number_unsigned())
        json = std::int64_t(json.get<std::uint64_t>());
    else if (json.is_structured()) {
        for (Json& child : json)
            signIntegers(child);
    }
}

/// The document parsed from text and the same document with signed integers.
std::pair<GltfDocument, GltfDocument> parsedAndSigned(const std::string& text)
{
    GltfDocument parsed = test::loadJson(text);
    GltfDocument built = test::loadJson(text);
    signIntegers(built.json());
    return {std::move(parsed), std::move(built)};
}

/// A triangle (0,0,0), (1,0,0), (0,1,0) in a data URI, its mesh used by the leaf of a three-node chain.
const char* kSignedGraph = R"({"asset":{"version":"2.0"},"scene":1,"scenes":[{"nodes":[3]},{"nodes":[0,3]}],
    "buffers":[{"byteLength":36,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],
    "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36}],
    "accessors":[{"bufferView":0,"byteOffset":0,"componentType":5126,"count":3,"type":"VEC3",
                  "min":[0,0,0],"max":[1,1,0]}],
    "meshes":[{"primitives":[{"attributes":{"POSITION":0},"mode":4}]}],
    "nodes":[{"translation":[10,0,0],"children":[1]},{"translation":[0,2,0],"scale":[3,3,3],"children":[2]},
             {"translation":[0,0,1],"mesh":0},{"translation":[0,0,-5]}]})";

} // namespace

class TestSceneGraph : public QObject
{
    Q_OBJECT

private slots:
    void trsIsTranslateRotateScale()
    {
        const float h = std::sqrt(0.5f);
        // Scale 2, then +90 degrees about Y (x -> -z), then move by (1,2,3): (1,0,0) -> (2,0,0) -> (0,0,-2)
        // -> (1,2,1).
        GltfDocument doc =
            test::loadJson(R"({"asset":{"version":"2.0"},"nodes":[{"translation":[1,2,3],"rotation":[0,)" +
                           std::to_string(h) + ",0," + std::to_string(h) + R"(],"scale":[2,2,2]}]})");
        auto g = SceneGraph::build(doc);
        QVERIFY(g.value.has_value());
        QVERIFY(near(g->worldTransform(0).map(QVector3D(1, 0, 0)), QVector3D(1, 2, 1)));
        QVERIFY(near(g->worldTransform(0).map(QVector3D(0, 0, 1)), QVector3D(3, 2, 3)));
    }

    void matrixIsColumnMajor()
    {
        // Column-major: the translation (5,6,7) sits in elements 12..14.
        GltfDocument doc = test::loadJson(
            R"({"asset":{"version":"2.0"},"nodes":[{"matrix":[1,0,0,0, 0,1,0,0, 0,0,1,0, 5,6,7,1]}]})");
        auto g = SceneGraph::build(doc);
        QVERIFY(near(g->localTransform(0).map(QVector3D(1, 1, 1)), QVector3D(6, 7, 8)));
    }

    void worldIsParentTimesChild()
    {
        GltfDocument doc =
            test::loadJson(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[
            {"name":"root","translation":[10,0,0],"scale":[2,2,2],"children":[1]},
            {"name":"mid","translation":[0,1,0],"children":[2]},
            {"name":"leaf","translation":[0,0,1]},
            {"name":"loose"}]})");
        auto g = SceneGraph::build(doc);
        QVERIFY(g.value.has_value());
        QVERIFY(g.diagnostics.empty());
        QCOMPARE(g->parent(2), std::optional<size_t>(1));
        QVERIFY(!g->parent(0));
        QCOMPARE(g->children(0), (std::vector<size_t>{1}));
        // leaf origin: root.scale * (mid + leaf) + root.translation = 2*(0,1,1) + (10,0,0)
        QVERIFY(near(g->worldTransform(2).map(QVector3D()), QVector3D(10, 2, 2)));
        QVERIFY(g->isDescendantOf(2, 0));
        QVERIFY(!g->isDescendantOf(0, 2));
        QVERIFY(!g->isDescendantOf(3, 0));
        QCOMPARE(g->roots(), (std::vector<size_t>{0, 3}));
        QCOMPARE(g->sceneCount(), size_t(1));
        QCOMPARE(g->sceneRoots(0), (std::vector<size_t>{0}));
        QCOMPARE(g->defaultScene(), 0);
    }

    void cyclesAreCutAndReported()
    {
        GltfDocument doc = test::loadJson(
            R"({"asset":{"version":"2.0"},"nodes":[{"children":[1]},{"children":[2],"translation":[1,0,0]},{"children":[0,2]}]})");
        auto g = SceneGraph::build(doc);
        QVERIFY(g.value.has_value());
        size_t cycles = 0;
        for (const auto& d : g.diagnostics)
            cycles += d.code == "NODE_CYCLE";
        QCOMPARE(cycles, size_t(2)); // the self link 2 -> 2 and the loop 0 -> 1 -> 2 -> 0
        // Every query terminates: at least one node is a root, and no node is its own ancestor.
        QVERIFY(!g->roots().empty());
        for (size_t i = 0; i < 3; ++i)
            QVERIFY(!g->isDescendantOf(i, i));
        // Walking up from node 0 meets 2, 1, then 0 again: the link 2 -> 0 is the one cut.
        const auto loop = std::find_if(g.diagnostics.begin(), g.diagnostics.end(), [](const Diagnostic& d) {
            return d.code == "NODE_CYCLE" && d.message.find("through node 2") != std::string::npos;
        });
        QVERIFY(loop != g.diagnostics.end());
        QCOMPARE(loop->pointer, std::string("/nodes/2/children"));
        QVERIFY(!g->parent(0));
        QCOMPARE(g->parent(1), std::optional<size_t>(0));
        QCOMPARE(g->parent(2), std::optional<size_t>(1));
    }

    void findUpStopsAtTheNearestMatch()
    {
        GltfDocument doc = test::loadJson(R"({"asset":{"version":"2.0"},"nodes":[
            {"children":[1]},{"children":[2]},{"children":[3]},{}]})");
        auto g = SceneGraph::build(doc);
        std::vector<size_t> visited;
        const auto even = [&](size_t n) {
            visited.push_back(n);
            return n % 2 == 0;
        };
        QCOMPARE(g->findUp(3, even), std::optional<size_t>(2));
        QCOMPARE(visited,
                 (std::vector<size_t>{3, 2})); // the node itself first, and no further than the match
        QCOMPARE(g->findUp(2, even), std::optional<size_t>(2));
        QCOMPARE(g->findUp(3, [](size_t n) { return n == 0; }), std::optional<size_t>(0));
        QVERIFY(!g->findUp(3, [](size_t n) { return n > 3; }));
        QVERIFY(!g->findUp(9, [](size_t) { return true; })); // out of range: nothing to walk
    }

    // Parents before children, children in their listed order, roots in theirs.
    void preOrderIsParentsFirst()
    {
        GltfDocument doc = test::loadJson(R"({"asset":{"version":"2.0"},"nodes":[
            {"children":[3,1]},{"children":[2]},{},{},{"children":[5]},{}]})");
        auto g = SceneGraph::build(doc);
        QCOMPARE(gltf::preOrder(*g, {4, 0}), (std::vector<size_t>{4, 5, 0, 3, 1, 2}));
        QCOMPARE(gltf::preOrder(*g, {1}), (std::vector<size_t>{1, 2}));
        QVERIFY(gltf::preOrder(*g, {}).empty());
    }

    void nodeNamesAndMeshesOfMalformedNodes()
    {
        GltfDocument doc = test::loadJson(R"({"asset":{"version":"2.0"},"meshes":[{"primitives":[]}],"nodes":[
            {"name":"crate","mesh":0},{"name":5,"mesh":1},{"name":"","mesh":-1},{"name":"crate","mesh":"0"},7]})");
        QCOMPARE(nodeName(doc, 0), std::string("crate"));
        QCOMPARE(nodeName(doc, 1), std::string()); // not a string
        QCOMPARE(nodeLabel(doc, 1), std::string("Node 1"));
        QCOMPARE(nodeLabel(doc, 2), std::string("Node 2"));   // empty
        QCOMPARE(nodeLabel(doc, 4), std::string("Node 4"));   // not an object
        QCOMPARE(nodeLabel(doc, 40), std::string("Node 40")); // no such node
        QCOMPARE(nodeMesh(doc, 0), std::optional<size_t>(0));
        QVERIFY(!nodeMesh(doc, 1)); // past the meshes
        QVERIFY(!nodeMesh(doc, 2)); // negative
        QVERIFY(!nodeMesh(doc, 3)); // not a number
        QVERIFY(!nodeMesh(doc, 4));
        doc.json()["nodes"][2]["mesh"] = 0; // as code builds it: a signed integer
        QCOMPARE(nodeMesh(doc, 2), std::optional<size_t>(0));
        QCOMPARE(nodesNamed(doc, "crate"), (std::vector<size_t>{0, 3}));
        QVERIFY(nodesNamed(doc, "5").empty());
    }

    void signedIndicesReadAsParsed()
    {
        auto [parsed, built] = parsedAndSigned(kSignedGraph);
        const Json& child = built.json()["nodes"][0]["children"][0];
        QVERIFY(child.is_number_integer() && !child.is_number_unsigned());
        auto a = SceneGraph::build(parsed);
        auto b = SceneGraph::build(built);
        QVERIFY(a.diagnostics.empty());
        QVERIFY(b.diagnostics.empty());
        // The chain 0 -> 1 -> 2 from the file's children lists; 3 a root.
        QCOMPARE(b->parent(1), std::optional<size_t>(0));
        QCOMPARE(b->parent(2), std::optional<size_t>(1));
        QVERIFY(!b->parent(3));
        // Node 2's origin: (0,0,1) scaled by 3, moved by (0,2,0) and (10,0,0).
        QVERIFY(near(b->worldTransform(2).map(QVector3D()), QVector3D(10, 2, 3)));
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE(b->parent(i), a->parent(i));
            QCOMPARE(b->children(i), a->children(i));
            QCOMPARE(b->worldTransform(i), a->worldTransform(i));
        }
        QCOMPARE(b->defaultScene(), 1);
        QCOMPARE(b->sceneRoots(1), (std::vector<size_t>{0, 3}));
        QCOMPARE(b->sceneRoots(0), a->sceneRoots(0));

        QVERIFY(checkStructure(parsed).empty());
        QCOMPARE(checkStructure(built), checkStructure(parsed));
        auto renderParsed = buildRenderScene(parsed, *a);
        auto renderBuilt = buildRenderScene(built, *b);
        QCOMPARE(renderBuilt.diagnostics, renderParsed.diagnostics);
        QCOMPARE(renderBuilt->instances.size(), size_t(1));
        QCOMPARE(renderBuilt->instances[0].world, b->worldTransform(2));
    }

    void signedIndicesRefusedLikeParsed()
    {
        // Negative, fractional, out-of-range and self links, and a negative scene and mesh.
        auto [parsed, built] =
            parsedAndSigned(R"({"asset":{"version":"2.0"},"scene":-1,"scenes":[{"nodes":[0]}],
            "meshes":[{"primitives":[]}],
            "nodes":[{"children":[-1,1.5,9,0,1]},{"mesh":-2},{"children":[1]}]})");
        QVERIFY(!built.json()["nodes"][0]["children"][4].is_number_unsigned());
        auto a = SceneGraph::build(parsed);
        auto b = SceneGraph::build(built);
        QCOMPARE(b.diagnostics, a.diagnostics);
        // -1, 1.5 and 9: not node indices; 0: the node itself; 1 again (from node 2): a second parent.
        QCOMPARE(b.diagnostics.size(), size_t(5));
        for (size_t k = 0; k < 3; ++k)
            QCOMPARE(b.diagnostics[k].pointer, "/nodes/0/children/" + std::to_string(k));
        QCOMPARE(b.diagnostics[3].code, std::string("NODE_CYCLE"));
        QCOMPARE(b.diagnostics[4].code, std::string("NODE_MULTIPLE_PARENTS"));
        QCOMPARE(b->parent(1), std::optional<size_t>(0));
        QCOMPARE(b->defaultScene(), -1);
        const Diagnostics structure = checkStructure(built);
        QCOMPARE(structure, checkStructure(parsed));
        // The references outside the node graph, then the graph's own findings.
        std::vector<std::pair<std::string, std::string>> found;
        for (const Diagnostic& d : structure)
            found.emplace_back(d.code, d.pointer);
        const std::vector<std::pair<std::string, std::string>> expected = {
            {"INVALID_INDEX", "/scene"},
            {"INVALID_INDEX", "/nodes/1/mesh"},
            {"MISSING_PROPERTY", "/meshes/0/primitives"},
            {"NODE_CHILD_OUT_OF_RANGE", "/nodes/0/children/0"},
            {"NODE_CHILD_OUT_OF_RANGE", "/nodes/0/children/1"},
            {"NODE_CHILD_OUT_OF_RANGE", "/nodes/0/children/2"},
            {"NODE_CYCLE", "/nodes/0/children/3"},
            {"NODE_MULTIPLE_PARENTS", "/nodes/2/children/0"}};
        QVERIFY2(found == expected, test::describe(structure).c_str());
    }

    void deepChainIsLinear()
    {
        // 200,000 nested nodes: building must neither recurse nor take quadratic time.
        std::string text = R"({"asset":{"version":"2.0"},"nodes":[)";
        const size_t n = 200000;
        for (size_t i = 0; i < n; ++i) {
            text +=
                i + 1 < n ? R"({"translation":[0,1,0],"children":[)" + std::to_string(i + 1) + "]}," : "{}";
        }
        text += "]}";
        GltfDocument doc = test::loadJson(text);
        auto g = SceneGraph::build(doc);
        QVERIFY(g.diagnostics.empty());
        QVERIFY(std::abs(g->worldTransform(n - 1).map(QVector3D()).y() - float(n - 1)) < 1.0f);
    }
};

QTEST_GUILESS_MAIN(TestSceneGraph)
#include "TestSceneGraph.moc"
