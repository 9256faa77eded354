// "Add colliders to all meshes" on the undoable Document (document/AutoColliderActions.h): the choice per
// mesh, where the colliders go, shared shapes, skipped nodes, motions, a decomposition in parts, one undo
// step that undo reverses to the exact bytes, and agreement with the add-colliders command, which runs the
// same action on the same file: the same saved file and the same colliders in its --json report.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/AutoColliderActions.h"
#include "document/ColliderEdits.h"
#include "document/MeshCommands.h"
#include "geometry/MeshWriter.h"

#include <QProcess>
#include <QTest>
#include <cmath>
#include <map>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using import::ColliderStrategy;

namespace {

// A box from lo to hi, wound outward.
gltf::TriangleMesh boxMesh(QVector3D lo, QVector3D hi)
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.push_back(
            {(i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z()});
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    return m;
}

gltf::TriangleMesh tetrahedron()
{
    gltf::TriangleMesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    m.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    return m;
}

gltf::TriangleMesh uvSphere(int rings, int segments)
{
    gltf::TriangleMesh m;
    m.positions.push_back({0, 1, 0});
    for (int r = 1; r < rings; ++r) {
        const double phi = M_PI * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double theta = 2 * M_PI * s / segments;
            m.positions.push_back(QVector3D(float(std::sin(phi) * std::cos(theta)), float(std::cos(phi)),
                                            float(std::sin(phi) * std::sin(theta))));
        }
    }
    m.positions.push_back({0, -1, 0});
    const auto ring = [&](int r, int s) { return std::uint32_t(1 + (r - 1) * segments + (s % segments)); };
    const std::uint32_t bottom = std::uint32_t(m.positions.size() - 1);
    for (int s = 0; s < segments; ++s) {
        m.indices.insert(m.indices.end(), {0, ring(1, s + 1), ring(1, s)});
        m.indices.insert(m.indices.end(), {bottom, ring(rings - 1, s), ring(rings - 1, s + 1)});
    }
    for (int r = 1; r + 1 < rings; ++r) {
        for (int s = 0; s < segments; ++s) {
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r, s + 1), ring(r + 1, s + 1)});
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r + 1, s + 1), ring(r + 1, s)});
        }
    }
    return m;
}

// An L of two unit boxes ([0,2]x[0,1] and [0,1]x[0,2], 1 deep): a closed prism, concave, 3 m^3.
gltf::TriangleMesh lPrism()
{
    const float xy[6][2] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    gltf::TriangleMesh m;
    for (float z : {0.0f, 1.0f}) {
        for (const auto& p : xy)
            m.positions.push_back({p[0], p[1], z});
    }
    for (std::uint32_t t = 0; t < 4; ++t)
        m.indices.insert(m.indices.end(), {0, t + 2, t + 1, 6, t + 7, t + 8});
    for (std::uint32_t i = 0; i < 6; ++i) {
        const std::uint32_t j = (i + 1) % 6;
        m.indices.insert(m.indices.end(), {i, j, j + 6, i, j + 6, i + 6});
    }
    return m;
}

// Nodes: 0 Crate (cube mesh 0, centred at (1,2,3), size 2x4x6), 1 Ball and 2 Ball 2 (sphere mesh 1, shared),
// 3 Spike (tetrahedron mesh 2), 4 Done (cube, has a collider), 5 Parent (cube) with child 6 Child
// (tetrahedron, at x = 10), 7 Holder (cube) with child 8 (no mesh) that carries a collider.
std::unique_ptr<Document> makeScene()
{
    gltf::GltfDocument g = loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}},
      "nodes": [
        {"name": "Crate"},
        {"name": "Ball", "translation": [5, 0, 0]},
        {"name": "Ball 2", "translation": [-5, 0, 0]},
        {"name": "Spike"},
        {"name": "Done", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
        {"name": "Parent", "children": [6]},
        {"name": "Child", "translation": [10, 0, 0]},
        {"name": "Holder", "children": [8]},
        {"name": "Holder Collider", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}
      ],
      "scenes": [{"nodes": [0, 1, 2, 3, 4, 5, 7]}],
      "scene": 0
    })");
    const gltf::TriangleMesh meshes[] = {boxMesh({0, 0, 0}, {2, 4, 6}), uvSphere(16, 24), tetrahedron()};
    const char* names[] = {"Cube", "Sphere", "Tetra"};
    for (int i = 0; i < 3; ++i) {
        auto added = geometry::addTriangleMesh(g, meshes[i], names[i]);
        if (!added)
            qFatal("mesh not added");
    }
    const int meshOfNode[] = {0, 1, 1, 2, 0, 0, 2, 0, -1};
    for (int n = 0; n < 9; ++n) {
        if (meshOfNode[n] >= 0)
            g.json()["nodes"][n]["mesh"] = meshOfNode[n];
    }
    g.setSourcePath({});
    return std::make_unique<Document>(std::move(g));
}

// makeScene() with two more root nodes sharing an L-shaped mesh (mesh 3): 9 "L" and 10 "L 2" at y = 5.
std::unique_ptr<Document> makeSceneWithL()
{
    auto d = makeScene();
    d->push(new AddMesh(d.get(), lPrism(), "Ell"));
    gltf::Json first = gltf::Json::object();
    first["name"] = "L";
    first["mesh"] = 3;
    gltf::Json second = first;
    second["name"] = "L 2";
    second["translation"] = gltf::Json::parse("[0, 5, 0]");
    d->push(new AddNode(d.get(), std::nullopt, first));
    d->push(new AddNode(d.get(), std::nullopt, second));
    d->undoStack()->clear();
    return d;
}

// The command's options for decompose in these tests (the command's cap of 64 points per part).
AutoColliderOptions decomposeInParts()
{
    AutoColliderOptions o;
    o.collider.strategy = ColliderStrategy::Decompose;
    o.collider.maxPoints = 64;
    o.collider.maxParts = 6;
    o.collider.concavity = 0.02;
    return o;
}

struct CommandRun
{
    int exit = -1;
    std::string out, err;
};

CommandRun collidoscope(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CS_COLLIDOSCOPE), args);
    CommandRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

const import::AddedCollider* addedFor(const AutoColliderReport& r, size_t node)
{
    for (const auto& a : r.added) {
        if (a.meshNode == node)
            return &a;
    }
    return nullptr;
}

AutoColliderOptions withStrategy(ColliderStrategy s)
{
    AutoColliderOptions o;
    o.collider.strategy = s;
    return o;
}

} // namespace

class TestAutoColliderActions : public QObject
{
    Q_OBJECT

private slots:
    void autoIsOneUndoStep()
    {
        auto d = makeScene();
        AutoColliderReport report;
        checkRedoUndoRedo(
            *d, [&] { report = addAutoColliders(*d, withStrategy(ColliderStrategy::Auto)); },
            [](const gltf::Json&) {});
        if (QTest::currentTestFailed())
            return;
        QVERIFY(report.pushed);
        QCOMPARE(report.matched, size_t(8));
        QCOMPARE(report.skipped, (std::vector<size_t>{4, 7}));
        QCOMPARE(report.added.size(), size_t(6));
        QVERIFY2(report.diagnostics.empty(), describe(report.diagnostics).c_str());

        // The cube is a box centred at (1,2,3): on a child node there, sized 2x4x6.
        const auto* crate = addedFor(report, 0);
        QVERIFY(crate);
        QCOMPARE(crate->type, physics::ShapeType::Box);
        QVERIFY(crate->colliderNode != 0);
        const gltf::Json& child = d->gltf().json()["nodes"][crate->colliderNode];
        QCOMPARE(child["name"].get<std::string>(), std::string("Crate box"));
        QVERIFY2(child["translation"] == gltf::Json::parse("[1,2,3]"), child.dump().c_str());
        QCOMPARE(d->sceneGraph().parent(crate->colliderNode), std::optional<size_t>(0));
        const physics::Shape& box = d->model().shapes[crate->shape];
        QVERIFY(box.size == (physics::Vec3{2, 4, 6}));

        // The sphere mesh is fitted once; both nodes share the shape, on themselves (centred fit).
        const auto* ball = addedFor(report, 1);
        const auto* ball2 = addedFor(report, 2);
        QVERIFY(ball && ball2);
        QCOMPARE(ball->shape, ball2->shape);
        QCOMPARE(ball->colliderNode, size_t(1));
        QCOMPARE(ball2->colliderNode, size_t(2));
        QVERIFY2(ball->type == physics::ShapeType::Sphere || ball->type == physics::ShapeType::Capsule,
                 physics::shapeTypeName(ball->type));

        // A tetrahedron fills a sixth of its box: auto takes the hull, stored as a new mesh.
        const auto* spike = addedFor(report, 3);
        QVERIFY(spike);
        QCOMPARE(spike->type, physics::ShapeType::Convex);
        QCOMPARE(spike->hullPoints, size_t(4));
        QCOMPARE(spike->colliderNode, size_t(3));
        QCOMPARE(d->model().shapes[spike->shape].mesh, 3);
        QCOMPARE(d->gltf().count("meshes"), size_t(4));
        // The collider sits on the node itself; no motion (addMotion is off).
        QVERIFY(d->model().node(3)->collider);
        QVERIFY(!d->model().node(3)->motion);

        // Undo takes everything away at once, the hull mesh and its bytes included.
        d->undoStack()->undo();
        QCOMPARE(d->gltf().count("meshes"), size_t(3));
        QCOMPARE(d->gltf().count("nodes"), size_t(9));
        QCOMPARE(d->model().shapes.size(), size_t(1));
    }

    void agreesWithTheCommand_data()
    {
        QTest::addColumn<bool>("decompose");
        QTest::newRow("auto") << false;
        QTest::newRow("decompose in parts") << true;
    }

    void agreesWithTheCommand()
    {
        // `collidoscope add-colliders` on a file, and the window's action on the same file opened as a
        // document with the same options (the command gives new bodies a static motion), saved as the window
        // saves it: the same file, and per collider the same choice in the command's --json report.
        QFETCH(bool, decompose);
        TempDir dir;
        {
            auto scene = decompose ? makeSceneWithL() : makeScene();
            QVERIFY(!hasErrors(gltf::saveGltf(scene->gltf(), dir / "in.glb")));
        }
        QStringList args = {QStringLiteral("add-colliders"),
                            QString::fromStdString((dir / "in.glb").string()), QStringLiteral("-o"),
                            QString::fromStdString((dir / "command.glb").string()), QStringLiteral("--json")};
        AutoColliderOptions options = withStrategy(ColliderStrategy::Auto);
        if (decompose) {
            args << QStringLiteral("--strategy") << QStringLiteral("decompose")
                 << QStringLiteral("--max-parts") << QStringLiteral("6") << QStringLiteral("--concavity")
                 << QStringLiteral("0.02");
            options = decomposeInParts();
        }
        const CommandRun run = collidoscope(args);
        QVERIFY2(run.exit == 0, (run.out + run.err).c_str());
        const gltf::Json command = gltf::Json::parse(run.out);

        auto opened = Document::open(dir / "in.glb");
        QVERIFY(opened);
        Document& d = **opened;
        options.addMotion = true;
        options.collider.body = physics::MotionType::Static;
        const AutoColliderReport report = addAutoColliders(d, options);
        QVERIFY(!hasErrors(d.saveAs(dir / "window.glb")));
        auto commandFile = gltf::loadGltf(dir / "command.glb");
        auto windowFile = gltf::loadGltf(dir / "window.glb");
        QVERIFY(commandFile && windowFile);
        CS_COMPARE_TEXT(commandFile->json().dump(1), windowFile->json().dump(1));
        QVERIFY(commandFile->buffers().at(0).data == windowFile->buffers().at(0).data);

        const gltf::Json& colliders = command["colliders"];
        QCOMPARE(colliders.size(), report.added.size());
        size_t compared = 0, parts = 0;
        for (size_t i = 0; i < colliders.size(); ++i) {
            const gltf::Json& c = colliders[i];
            const import::AddedCollider& mine = report.added[i];
            QCOMPARE(c["node"].get<size_t>(), mine.meshNode);
            QCOMPARE(c["colliderNode"].get<size_t>(), mine.colliderNode);
            QCOMPARE(c["shape"]["type"].get<std::string>(), std::string(physics::shapeTypeName(mine.type)));
            QVERIFY(std::abs(c["volume"].get<double>() - mine.volume) <= 1e-9 * std::max(1.0, mine.volume));
            QCOMPARE(c.value("hullPoints", size_t(0)), mine.hullPoints);
            QCOMPARE(c.value("parts", size_t(0)), mine.parts);
            parts += mine.parts > 0 ? 1 : 0;
            ++compared;
        }
        // Node 7's collider is on a child node without a mesh: the command leaves it alone too.
        QCOMPARE(compared, decompose ? size_t(6) + parts : size_t(6));
        if (decompose)
            QVERIFY2(parts >= 4, run.out.c_str()); // the L in two or more parts, on each of its two nodes
    }

    void decomposeInPartsIsOneUndoStep()
    {
        // The L's mesh is split into convex parts: each part is a new mesh "Ell part i" with a convex shape,
        // shared by both nodes that use the mesh, and on each node one child node "<node> part i" per part.
        auto d = makeSceneWithL();
        AutoColliderOptions options = decomposeInParts();
        options.collider.nodePattern = "L*";
        options.addMotion = true;
        options.collider.body = physics::MotionType::Dynamic;
        AutoColliderReport report;
        checkRedoUndoRedo(
            *d, [&] { report = addAutoColliders(*d, options); }, [](const gltf::Json&) {});
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(d->undoStack()->count(), 1);
        QCOMPARE(report.matched, size_t(2));
        QVERIFY2(report.diagnostics.empty(), describe(report.diagnostics).c_str());
        QVERIFY(report.added.size() % 2 == 0);
        const size_t parts = report.added.size() / 2;
        QVERIFY2(parts >= 2 && parts <= 6, std::to_string(parts).c_str());
        QCOMPARE(d->gltf().count("meshes"), size_t(4) + parts); // one hull mesh per part, made once
        double total = 0;
        for (size_t i = 0; i < report.added.size(); ++i) {
            const import::AddedCollider& a = report.added[i];
            const size_t node = i < parts ? 9 : 10;
            QCOMPARE(a.meshNode, node);
            QCOMPARE(a.part, i % parts);
            QCOMPARE(a.parts, parts);
            QCOMPARE(a.type, physics::ShapeType::Convex);
            QCOMPARE(a.shape, report.added[i % parts].shape); // both nodes share the part's shape
            const std::string suffix = " part " + std::to_string(a.part + 1);
            const gltf::Json& child = d->gltf().json()["nodes"][a.colliderNode];
            QCOMPARE(child["name"].get<std::string>(), (node == 9 ? "L" : "L 2") + suffix);
            QCOMPARE(d->sceneGraph().parent(a.colliderNode), std::optional<size_t>(node));
            QVERIFY(!child.contains("translation") && !child.contains("rotation"));
            QCOMPARE(d->model().node(a.colliderNode)->collider->shape, int(a.shape));
            const physics::Shape& shape = d->model().shapes[a.shape];
            QCOMPARE(shape.type, physics::ShapeType::Convex);
            QCOMPARE(d->gltf().json()["meshes"][shape.mesh]["name"].get<std::string>(), "Ell" + suffix);
            const auto hull = gltf::meshTriangles(d->gltf(), size_t(shape.mesh));
            QVERIFY(hull);
            QCOMPARE(a.hullPoints, hull->positions.size());
            QVERIFY(a.hullPoints >= 4 && a.hullPoints <= 64);
            // Each part is less than the L's convex hull (3.5 m^3: the 2 x 2 square less a corner of 0.5).
            QVERIFY2(a.volume > 0 && a.volume < 3.5 - 1e-6, std::to_string(a.volume).c_str());
            if (node == 9)
                total += a.volume;
            // Every part carries the whole compound's fit: the parts cover the mesh, nothing pokes out.
            QVERIFY(a.fit && a.fit->outside.max < 1e-6);
        }
        QVERIFY2(total >= 3 - 1e-6, std::to_string(total).c_str()); // the parts cover the L's 3 m^3
        for (size_t node : {9, 10}) {
            QVERIFY(d->model().node(node)->motion);
            QCOMPARE(d->model().node(node)->motion->type, physics::MotionType::Dynamic);
            QVERIFY(!d->model().node(node)->collider);
        }
    }

    void everyStrategy()
    {
        const std::map<ColliderStrategy, physics::ShapeType> expected = {
            {ColliderStrategy::Box, physics::ShapeType::Box},
            {ColliderStrategy::OrientedBox, physics::ShapeType::Box},
            {ColliderStrategy::Sphere, physics::ShapeType::Sphere},
            {ColliderStrategy::Capsule, physics::ShapeType::Capsule},
            {ColliderStrategy::Hull, physics::ShapeType::Convex},
            {ColliderStrategy::Trimesh, physics::ShapeType::Trimesh},
        };
        for (const auto& [strategy, type] : expected) {
            auto d = makeScene();
            const std::string before = savedText(*d);
            const AutoColliderReport report = addAutoColliders(*d, withStrategy(strategy));
            QCOMPARE(d->undoStack()->count(), 1);
            QCOMPARE(report.added.size(), size_t(6));
            for (const auto& a : report.added) {
                QCOMPARE(a.type, type);
                QCOMPARE(d->model().shapes[a.shape].type, type);
                QCOMPARE(a.strategy, strategy);
            }
            if (strategy == ColliderStrategy::Trimesh) {
                // The node's own mesh, on the node itself.
                for (const auto& a : report.added) {
                    QCOMPARE(a.colliderNode, a.meshNode);
                    QCOMPARE(d->model().shapes[a.shape].mesh,
                             d->gltf().json()["nodes"][a.meshNode]["mesh"].get<int>());
                }
                QCOMPARE(d->gltf().count("meshes"), size_t(3));
            }
            if (strategy == ColliderStrategy::Hull)
                QCOMPARE(d->gltf().count("meshes"), size_t(6)); // one hull per distinct mesh
            d->undoStack()->undo();
            CS_COMPARE_TEXT(savedText(*d), before);
        }
    }

    void meshesReadWhenFittedGiveTheSamePlan()
    {
        // The command plans at once and reads each mesh as it fits it (MeshCopies::ReadWhenFitted), so the
        // copies of every mesh are never all in memory; the window copies them first. Both give the same
        // document, for every strategy.
        for (ColliderStrategy strategy :
             {ColliderStrategy::Box, ColliderStrategy::Sphere, ColliderStrategy::Hull,
              ColliderStrategy::Trimesh, ColliderStrategy::Auto}) {
            auto copied = makeScene();
            auto lazy = makeScene();
            const AutoColliderInput lazyInput =
                gatherAutoColliders(*lazy, withStrategy(strategy), MeshCopies::ReadWhenFitted);
            QCOMPARE(lazyInput.source, &lazy->gltf());
            QCOMPARE(lazyInput.meshes.size(), size_t(3));
            for (const AutoColliderMesh& m : lazyInput.meshes)
                QVERIFY(!m.triangles);
            const AutoColliderReport a = applyAutoColliders(
                *copied, planAutoColliders(gatherAutoColliders(*copied, withStrategy(strategy))));
            const AutoColliderReport b = applyAutoColliders(*lazy, planAutoColliders(lazyInput));
            QCOMPARE(b.added.size(), a.added.size());
            QVERIFY(!a.added.empty());
            CS_COMPARE_TEXT(savedText(*lazy), savedText(*copied));
        }
    }

    void hullCap()
    {
        auto d = makeScene();
        AutoColliderOptions o = withStrategy(ColliderStrategy::Hull);
        o.collider.maxPoints = 8;
        const AutoColliderReport report = addAutoColliders(*d, o);
        const auto* ball = addedFor(report, 1);
        QVERIFY(ball);
        QVERIFY(ball->hullPoints <= 8);
        QVERIFY(ball->hullPoints >= 4);
        QVERIFY(ball->capped);
        const auto hull = gltf::meshTriangles(d->gltf(), size_t(d->model().shapes[ball->shape].mesh));
        QVERIFY(hull);
        QVERIFY(hull->positions.size() <= 8);
    }

    void skipExistingOff()
    {
        auto d = makeScene();
        AutoColliderOptions o = withStrategy(ColliderStrategy::Sphere);
        o.skipExisting = false;
        const AutoColliderReport report = addAutoColliders(*d, o);
        QVERIFY(report.skipped.empty());
        QCOMPARE(report.added.size(), size_t(8));
        // Node 4 keeps its collider; the new one goes on a child node.
        const auto* done = addedFor(report, 4);
        QVERIFY(done);
        QVERIFY(done->colliderNode != 4);
        QCOMPARE(d->model().node(4)->collider->shape, 0);
        QCOMPARE(d->sceneGraph().parent(done->colliderNode), std::optional<size_t>(4));
        // Node 7's own collider would be centred on it, but its cube is not: the sphere goes on a child node.
        const auto* holder = addedFor(report, 7);
        QVERIFY(holder);
        QCOMPARE(d->sceneGraph().parent(holder->colliderNode), std::optional<size_t>(7));
        // A centred fit goes on the mesh node itself.
        QCOMPARE(addedFor(report, 1)->colliderNode, size_t(1));
    }

    void motionForBodies()
    {
        auto d = makeScene();
        AutoColliderOptions o = withStrategy(ColliderStrategy::Box);
        o.addMotion = true;
        o.collider.body = physics::MotionType::Dynamic;
        const AutoColliderReport report = addAutoColliders(*d, o);
        for (size_t n : {0, 1, 2, 3, 5}) {
            const physics::NodePhysics* p = d->model().node(n);
            QVERIFY2(p && p->motion, std::to_string(n).c_str());
            QCOMPARE(p->motion->type, physics::MotionType::Dynamic);
        }
        // The child of a mesh node that became a body joins that body.
        QVERIFY(addedFor(report, 6));
        const physics::NodePhysics* child = d->model().node(6);
        QVERIFY(!child || !child->motion);
        QCOMPARE(d->undoStack()->count(), 1);
    }

    void nodePattern()
    {
        auto d = makeScene();
        AutoColliderOptions o = withStrategy(ColliderStrategy::Sphere);
        o.collider.nodePattern = "Ball*";
        const AutoColliderReport report = addAutoColliders(*d, o);
        QCOMPARE(report.matched, size_t(2));
        QCOMPARE(report.added.size(), size_t(2));
        o.collider.nodePattern = "Nothing*";
        const int count = d->undoStack()->count();
        const AutoColliderReport none = addAutoColliders(*d, o);
        QCOMPARE(none.matched, size_t(0));
        QVERIFY(!none.pushed);
        QCOMPARE(d->undoStack()->count(), count);
        o.collider.nodePattern = "*";
        o.collider.nodes = {3};
        QCOMPARE(addAutoColliders(*d, o).added.size(), size_t(1));
    }

    void cancelledOrStalePlansPushNothing()
    {
        auto d = makeScene();
        const std::string before = savedText(*d);
        std::atomic<bool> cancel{true};
        std::vector<double> progress;
        AutoColliderPlan plan = planAutoColliders(
            gatherAutoColliders(*d, withStrategy(ColliderStrategy::Hull)),
            [&](double f) { progress.push_back(f); }, &cancel);
        QVERIFY(plan.cancelled);
        const AutoColliderReport cancelled = applyAutoColliders(*d, plan);
        QVERIFY(cancelled.cancelled);
        QVERIFY(!cancelled.pushed);
        QCOMPARE(d->undoStack()->count(), 0);

        // Planned, then the document is edited before applying: nothing is pushed.
        progress.clear();
        plan = planAutoColliders(gatherAutoColliders(*d, withStrategy(ColliderStrategy::Box)),
                                 [&](double f) { progress.push_back(f); });
        QVERIFY(!plan.cancelled);
        QVERIFY(!progress.empty());
        QCOMPARE(progress.back(), 1.0);
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));
        d->push(new RenameNode(d.get(), 0, "Renamed"));
        const AutoColliderReport stale = applyAutoColliders(*d, plan);
        QVERIFY(!stale.pushed);
        QVERIFY(findDiagnostic(stale.diagnostics, "DOCUMENT_CHANGED"));
        QCOMPARE(d->undoStack()->count(), 1);
        d->undoStack()->undo();
        CS_COMPARE_TEXT(savedText(*d), before);
    }

    void flatMeshGetsAThinBoxUnlessStrict()
    {
        // A single triangle has no hull: the hull strategy gives it the thin box auto would, with an info
        // naming the mesh, and adds the others; strict reports it as an error and adds only the others.
        for (bool strict : {false, true}) {
            auto d = makeScene();
            gltf::TriangleMesh flat;
            flat.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
            flat.indices = {0, 1, 2};
            d->push(new AddMesh(d.get(), flat, "Flat"));
            gltf::Json node = {{"name", "Flat"}, {"mesh", 3}};
            d->push(new AddNode(d.get(), std::nullopt, node));
            AutoColliderOptions options = withStrategy(ColliderStrategy::Hull);
            options.collider.strict = strict;
            const AutoColliderReport report = addAutoColliders(*d, options);
            QVERIFY(report.pushed);
            QVERIFY2(report.diagnostics.size() == 1, describe(report.diagnostics).c_str());
            const Diagnostic& said = report.diagnostics.front();
            QVERIFY(said.message.find("Flat") != std::string::npos);
            if (strict) {
                QCOMPARE(report.added.size(), size_t(6));
                QVERIFY(!addedFor(report, 9));
                QCOMPARE(said.code, std::string("HULL_COPLANAR"));
                QCOMPARE(said.severity, Severity::Error);
                continue;
            }
            QCOMPARE(report.added.size(), size_t(7));
            const auto* box = addedFor(report, 9);
            QVERIFY(box);
            QCOMPARE(box->type, physics::ShapeType::Box);
            QCOMPARE(said.code, std::string("COLLIDER_FLAT_MESH_BOX"));
            QCOMPARE(said.severity, Severity::Info);
        }
    }

    void meshPointsOfASubtree()
    {
        auto d = makeScene();
        auto own = nodeMeshPoints(*d, 5, false);
        QVERIFY(own);
        QCOMPARE(own->size(), size_t(8));
        auto all = nodeMeshPoints(*d, 5, true);
        QVERIFY(all);
        QCOMPARE(all->size(), size_t(12));
        // The child's tetrahedron is at x = 10 in the parent's space.
        double maxX = -1e9;
        for (const auto& p : *all)
            maxX = std::max(maxX, p.x);
        QCOMPARE(maxX, 11.0);
        QVERIFY(!nodeMeshPoints(*d, 8, false));
        QVERIFY(!nodeMeshPoints(*d, 99, true));
        QCOMPARE(nodeMeshPoints(*d, 8, false).diagnostics.front().code, std::string("NODE_NO_MESH"));
    }
};

QTEST_GUILESS_MAIN(TestAutoColliderActions)
#include "TestAutoColliderActions.moc"
