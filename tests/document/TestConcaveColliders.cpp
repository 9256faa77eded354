// Add Colliders by measured fit on concave level pieces (a U-shaped wall, an L-shaped floor, a floor with a
// deep pit): no collider stands off its mesh beyond the tolerance without a finding at its node; a static
// concave piece gets a triangle mesh of itself; and what the trimesh strategy writes passes the tool's own
// validator (a mesh of several primitives gets a copy in one). The window's action, the add-colliders
// command's report and its --json all say so per node.
#include "../cli/CliRun.h"
#include "DocumentTestUtil.h"
#include "LevelPieces.h"
#include "TestSupport.h"
#include "document/AutoColliderActions.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using import::ColliderStrategy;

namespace {

constexpr double kTolerance = 0.02;

// Nodes 0 "Wall U", 1 "Floor L", 2 "Pit", 3 "Pit 2" (the pit's mesh again, 10 m along x), 4 "Crate" (a
// 1 m box: convex, a box fits it exactly).
std::unique_ptr<Document> levelPieces()
{
    const gltf::Json nodes = gltf::Json::parse(R"([
      {"name": "Wall U", "mesh": 0}, {"name": "Floor L", "mesh": 1}, {"name": "Pit", "mesh": 2},
      {"name": "Pit 2", "mesh": 2, "translation": [10, 0, 0]}, {"name": "Crate", "mesh": 3}])");
    return std::make_unique<Document>(documentOf(
        {{uWall(), "U"}, {lFloor(), "L"}, {pitFloor(), "Pit"}, {slabs({{0, 0, 0, 1, 1, 1}}), "Cube"}}, nodes,
        {0, 1, 2, 3, 4}));
}

AutoColliderOptions byMeasuredFit()
{
    AutoColliderOptions o;
    o.collider.strategy = ColliderStrategy::Auto;
    o.collider.fitTolerance = kTolerance;
    return o;
}

const Diagnostic* findingAt(const Diagnostics& all, const std::string& code, size_t node)
{
    for (const Diagnostic& d : all)
        if (d.code == code && d.pointer == "/nodes/" + std::to_string(node))
            return &d;
    return nullptr;
}

bool beyond(const geometry::FitSummary& fit)
{
    return fit.outside.max > kTolerance || fit.overhang.p95 > kTolerance;
}

/// The issue's rule: every collider beyond the tolerance has a warning at its node.
void requireNoSilentMiss(const AutoColliderReport& r)
{
    for (const auto& a : r.added) {
        QVERIFY(a.fit);
        if (beyond(*a.fit))
            QVERIFY2(findingAt(r.diagnostics, "COLLIDER_BEYOND_TOLERANCE", a.meshNode),
                     ("no warning at node " + std::to_string(a.meshNode) + ": " + geometry::fitText(*a.fit))
                         .c_str());
    }
}

const import::AddedCollider* addedTo(const AutoColliderReport& r, size_t node)
{
    for (const auto& a : r.added)
        if (a.meshNode == node)
            return &a;
    return nullptr;
}

// A document whose node 0 "Two Parts" has a mesh of two primitives (the U wall and the L floor).
std::unique_ptr<Document> twoPrimitiveMesh()
{
    gltf::GltfDocument g = documentOf({{uWall(), "Parts"}, {lFloor(), "Other"}},
                                      gltf::Json::parse(R"([{"name": "Two Parts", "mesh": 0}])"), {0});
    gltf::Json& meshes = g.json()["meshes"];
    meshes[0]["primitives"].push_back(meshes[1]["primitives"][0]);
    meshes.erase(1);
    return std::make_unique<Document>(std::move(g));
}

} // namespace

class TestConcaveColliders : public QObject
{
    Q_OBJECT

private slots:
    void staticConcavePiecesGetTheirMesh();
    void dynamicConcavePiecesAreWarnedPerNode();
    void commandSaysSoPerNode();
    void trimeshOfSeveralPrimitivesPassesTheValidator();
};

void TestConcaveColliders::staticConcavePiecesGetTheirMesh()
{
    auto doc = levelPieces();
    const AutoColliderReport r = addAutoColliders(*doc, byMeasuredFit());
    requireNoSilentMiss(r);
    QCOMPARE(r.added.size(), size_t(5));
    for (size_t node : {0, 1, 2, 3}) {
        const auto* a = addedTo(r, node);
        QVERIFY(a);
        QCOMPARE(a->type, physics::ShapeType::Trimesh);
        QVERIFY(a->fit && !beyond(*a->fit));
        const Diagnostic* said = findingAt(r.diagnostics, "COLLIDER_CONCAVE_TRIMESH", node);
        QVERIFY2(said, ("no note at node " + std::to_string(node)).c_str());
        QVERIFY2(said->message.find("0.02 m") != std::string::npos, said->message.c_str());
        // The trimesh refers to the mesh itself (one primitive already).
        QCOMPARE(doc->model().shapes[a->shape].mesh, int(gltf::nodeMesh(doc->gltf(), node).value()));
    }
    // The two pits share the mesh and so the shape.
    QCOMPARE(addedTo(r, 2)->shape, addedTo(r, 3)->shape);
    const auto* crate = addedTo(r, 4);
    QCOMPARE(crate->type, physics::ShapeType::Box);
    QVERIFY(!findingAt(r.diagnostics, "COLLIDER_CONCAVE_TRIMESH", 4));
    QVERIFY(std::none_of(r.diagnostics.begin(), r.diagnostics.end(),
                         [](const Diagnostic& d) { return d.severity == Severity::Warning; }));
}

void TestConcaveColliders::dynamicConcavePiecesAreWarnedPerNode()
{
    auto doc = levelPieces();
    AutoColliderOptions o = byMeasuredFit();
    o.addMotion = true;
    o.collider.body = physics::MotionType::Dynamic;
    const AutoColliderReport r = addAutoColliders(*doc, o);
    requireNoSilentMiss(r);
    for (size_t node : {0, 1, 2, 3}) {
        const auto* a = addedTo(r, node);
        QVERIFY(a);
        QVERIFY(a->type != physics::ShapeType::Trimesh); // a trimesh does not move with a dynamic body
        QVERIFY(a->fit && beyond(*a->fit));
        const Diagnostic* said = findingAt(r.diagnostics, "COLLIDER_BEYOND_TOLERANCE", node);
        QVERIFY(said);
        QCOMPARE(said->severity, Severity::Warning);
    }
    QVERIFY(!findingAt(r.diagnostics, "COLLIDER_BEYOND_TOLERANCE", 4));
}

void TestConcaveColliders::commandSaysSoPerNode()
{
    QTemporaryDir dir;
    const std::string in = dir.filePath(QStringLiteral("level.glb")).toStdString();
    QVERIFY(!hasErrors(levelPieces()->writeCopy(in)));
    const QString out = dir.filePath(QStringLiteral("out.glb"));
    const QStringList args{
        QStringLiteral("add-colliders"), QString::fromStdString(in), QStringLiteral("-o"), out,
        QStringLiteral("--tolerance"),   QStringLiteral("0.02")};
    const CliRun json = runCollidoscope(args + QStringList{QStringLiteral("--json")});
    QCOMPARE(json.exit, 0);
    const gltf::Json report = gltf::Json::parse(json.out);
    for (size_t node : {0, 1, 2, 3}) {
        bool trimesh = false, noted = false;
        for (const auto& c : report["colliders"])
            trimesh = trimesh || (c["node"] == node && c["shape"]["type"] == "trimesh");
        for (const auto& d : report["diagnostics"])
            noted = noted || (d["code"] == "COLLIDER_CONCAVE_TRIMESH" &&
                              d["pointer"] == "/nodes/" + std::to_string(node));
        QVERIFY2(trimesh && noted, report.dump(1).c_str());
    }
    const CliRun text =
        runCollidoscope(args + QStringList{QStringLiteral("--body"), QStringLiteral("dynamic")});
    QCOMPARE(text.exit, 0);
    for (const char* node : {"Wall U", "Floor L", "Pit", "Pit 2"}) {
        const std::string line = std::string("node '") + node + "' (";
        size_t warned = 0;
        for (size_t at = text.out.find("COLLIDER_BEYOND_TOLERANCE"); at != std::string::npos;
             at = text.out.find("COLLIDER_BEYOND_TOLERANCE", at + 1)) {
            const size_t end = text.out.find('\n', at);
            if (text.out.substr(at, end - at).find(line) != std::string::npos)
                ++warned;
        }
        QVERIFY2(warned == 1, (node + std::string(" in:\n") + text.out).c_str());
    }
}

void TestConcaveColliders::trimeshOfSeveralPrimitivesPassesTheValidator()
{
    for (const bool byFit : {false, true}) {
        auto doc = twoPrimitiveMesh();
        AutoColliderOptions o = byFit ? byMeasuredFit() : AutoColliderOptions{};
        if (!byFit)
            o.collider.strategy = ColliderStrategy::Trimesh;
        const AutoColliderReport r = addAutoColliders(*doc, o);
        QCOMPARE(r.added.size(), size_t(1));
        QCOMPARE(r.added[0].type, physics::ShapeType::Trimesh);
        // A copy of the triangles of both primitives, in one.
        const int mesh = doc->model().shapes[r.added[0].shape].mesh;
        QCOMPARE(mesh, 1);
        QCOMPARE(doc->gltf().json()["meshes"][1]["primitives"].size(), size_t(1));
        auto triangles = gltf::meshTriangles(doc->gltf(), 1);
        QVERIFY(triangles);
        QCOMPARE(triangles->triangleCount(), size_t((3 + 2) * 12));

        // What was written passes the tool's own validator with no finding.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.glb"));
        QVERIFY(!hasErrors(doc->writeCopy(out.toStdString())));
        const CliRun v = runCollidoscope({QStringLiteral("validate"), out, QStringLiteral("--json")});
        const gltf::Json found = gltf::Json::parse(v.out);
        QVERIFY2(found[0]["diagnostics"].empty(), found.dump(1).c_str());
        QCOMPARE(v.exit, 0);
    }
}

QTEST_GUILESS_MAIN(TestConcaveColliders)
#include "TestConcaveColliders.moc"
