// How the viewport draws a render scene, worked out without Qt Quick (ui/viewport/MeshPlan): instance tables
// for shared and translucent meshes, batches by texture, tint, culling and size, the batches filled (or left
// when cancelled), and the plan made while a file is read (ui/SceneLoader prepareView).
#include "SceneLoader.h"
#include "viewport/MeshBatches.h"
#include "viewport/MeshPlan.h"

#include <QTest>
#include <atomic>

using namespace cs;

namespace {

/// A flat square of side 1 in the XZ plane, its four corners, two triangles.
gltf::RenderPrimitive square(std::array<float, 4> color = {0.5f, 0.5f, 0.5f, 1.0f})
{
    auto mesh = std::make_shared<gltf::TriangleMesh>();
    mesh->positions = {{-0.5f, 0, -0.5f}, {0.5f, 0, -0.5f}, {0.5f, 0, 0.5f}, {-0.5f, 0, 0.5f}};
    mesh->indices = {0, 2, 1, 0, 3, 2};
    gltf::RenderPrimitive p;
    p.triangles = mesh;
    p.normals.assign(4, QVector3D(0, 1, 0));
    p.baseColor = color;
    return p;
}

/// A grid of n x n vertices: (n - 1)^2 squares.
gltf::RenderPrimitive grid(int n)
{
    auto mesh = std::make_shared<gltf::TriangleMesh>();
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            mesh->positions.push_back({float(x), 0, float(y)});
    for (int y = 0; y + 1 < n; ++y)
        for (int x = 0; x + 1 < n; ++x) {
            const auto a = std::uint32_t(y * n + x), c = a + std::uint32_t(n);
            mesh->indices.insert(mesh->indices.end(), {a, c, a + 1, a + 1, c, c + 1});
        }
    gltf::RenderPrimitive p;
    p.triangles = mesh;
    p.normals.assign(mesh->positions.size(), QVector3D(0, 1, 0));
    return p;
}

gltf::RenderPrimitive textured(int image, std::array<float, 4> tint = {1, 1, 1, 1})
{
    gltf::RenderPrimitive p = square(tint);
    p.image = image;
    p.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    return p;
}

QMatrix4x4 at(float x, float y = 0, float z = 0)
{
    QMatrix4x4 m;
    m.translate(x, y, z);
    return m;
}

/// Adds a mesh of `primitives` drawn by nodes at `places`.
void addMesh(gltf::RenderScene& scene, std::vector<gltf::RenderPrimitive> primitives,
             const std::vector<QMatrix4x4>& places)
{
    scene.meshes.push_back({std::move(primitives)});
    for (const QMatrix4x4& m : places)
        scene.instances.push_back({scene.instances.size(), scene.meshes.size() - 1, m});
}

size_t batchedVertices(const ui::MeshPlan& plan)
{
    size_t n = 0;
    for (const auto& b : plan.batches)
        n += b.batch->vertexCount();
    return n;
}

} // namespace

class TestMeshPlan : public QObject
{
    Q_OBJECT

private slots:
    void sharedAndTranslucentMeshesGoToTables()
    {
        gltf::RenderScene scene;
        addMesh(scene, {square()}, {at(0), at(2), at(4)}); // mesh 0: three nodes
        gltf::RenderPrimitive blended = square();
        blended.alphaMode = gltf::AlphaMode::Blend;
        addMesh(scene, {blended}, {at(6)});  // mesh 1: one node, but its alpha counts
        addMesh(scene, {square()}, {at(8)}); // mesh 2: one node, opaque
        addMesh(scene, {square()}, {at(10)});
        const ui::MeshPlan plan(scene);
        QCOMPARE(plan.tableCount, size_t(2));
        QCOMPARE(plan.tableOfMesh,
                 (std::vector<size_t>{0, 1, ui::MeshPlan::kBatched, ui::MeshPlan::kBatched}));
        QCOMPARE(plan.instanceSlots.size(), size_t(6));
        for (size_t i = 0; i < 3; ++i) {
            QCOMPARE(plan.instanceSlots[i].table, size_t(0));
            QCOMPARE(plan.instanceSlots[i].index, i);
        }
        QCOMPARE(plan.instanceSlots[3].table, size_t(1));
        QCOMPARE(plan.instanceSlots[4].table, ui::MeshPlan::kBatched);
        // The two opaque single-use squares share one batch.
        QCOMPARE(plan.batches.size(), size_t(1));
        QCOMPARE(plan.batches[0].batch->members().size(), size_t(2));
        QCOMPARE(plan.batchesOf[4], std::vector<size_t>{0});
        QCOMPARE(plan.batchesOf[5], std::vector<size_t>{0});
        QVERIFY(plan.batchesOf[0].empty());
    }

    void batchesFollowTextureTintCullingAndSize()
    {
        gltf::RenderScene scene;
        scene.images.push_back({QByteArray("not decoded here"), QSize(4, 4)});
        scene.images.push_back({QByteArray("another"), QSize(4, 4)});
        addMesh(scene, {square()}, {at(0)}); // untextured, culled
        addMesh(scene, {square()}, {at(1)}); // the same batch
        gltf::RenderPrimitive twoSided = square();
        twoSided.doubleSided = true;
        addMesh(scene, {twoSided}, {at(2)}); // untextured, not culled
        QMatrix4x4 mirror = at(3);
        mirror.scale(-1, 1, 1);
        addMesh(scene, {square()}, {mirror});                 // mirrored: not culled either
        addMesh(scene, {textured(0)}, {at(4)});               // image 0
        addMesh(scene, {textured(0)}, {at(5)});               // the same batch
        addMesh(scene, {textured(0, {1, 0, 0, 1})}, {at(6)}); // image 0 tinted red
        gltf::RenderPrimitive clamped = textured(0);
        clamped.sampler.wrapS = 33071;
        addMesh(scene, {clamped}, {at(7)});     // image 0, another sampler
        addMesh(scene, {textured(1)}, {at(8)}); // image 1
        const ui::MeshPlan plan(scene);
        QCOMPARE(plan.batches.size(), size_t(6));
        const auto members = [&](size_t b) { return plan.batches[b].batch->members().size(); };
        QVERIFY(!plan.batches[0].texture && plan.batches[0].culled);
        QCOMPARE(members(0), size_t(2));
        QVERIFY(!plan.batches[1].texture && !plan.batches[1].culled);
        QCOMPARE(members(1), size_t(2)); // the two-sided square and the mirrored one
        QCOMPARE(plan.batches[2].texture->image, 0);
        QCOMPARE(members(2), size_t(2));
        QCOMPARE(plan.batches[3].tint, (std::array<float, 4>{1, 0, 0, 1}));
        QCOMPARE(plan.batches[4].texture->sampler.wrapS, 33071);
        QCOMPARE(plan.batches[5].texture->image, 1);
        QVERIFY(plan.batches[5].batch->textured());

        // Batches take at most kBatchVertexLimit vertices: 200 x 200 grids (40,000 vertices each) one per
        // batch, and a small mesh of their colour joins the last one that has room.
        gltf::RenderScene big;
        addMesh(big, {grid(200)}, {at(0)});
        addMesh(big, {grid(200)}, {at(300)});
        addMesh(big, {square(grid(2).baseColor)}, {at(600)});
        const ui::MeshPlan split(big);
        QCOMPARE(split.batches.size(), size_t(2));
        QCOMPARE(split.batches[0].batch->vertexCount(), size_t(40000));
        QCOMPARE(split.batches[1].batch->vertexCount(), size_t(40004));
        QVERIFY(split.batches[1].batch->shortIndices());
    }

    void textureNeedsBytesAndCoordinates()
    {
        gltf::RenderScene scene;
        scene.images.push_back({QByteArray("png"), QSize(4, 4)});
        scene.images.push_back({QByteArray(), QSize()}); // could not be read
        QVERIFY(!ui::textureKeyOf(scene, square()));
        QVERIFY(ui::textureKeyOf(scene, textured(0)));
        QVERIFY(!ui::textureKeyOf(scene, textured(1)));
        QVERIFY(!ui::textureKeyOf(scene, textured(2))); // no such image
        gltf::RenderPrimitive short_ = textured(0);
        short_.uvs.pop_back(); // not one coordinate per vertex
        QVERIFY(!ui::textureKeyOf(scene, short_));
        gltf::RenderPrimitive masked = textured(0);
        masked.alphaMode = gltf::AlphaMode::Mask;
        QVERIFY(ui::textureKeyOf(scene, masked)->alpha);
        QVERIFY(!ui::textureKeyOf(scene, textured(0))->alpha);
    }

    void fillWritesEveryBatchOnceUnlessCancelled()
    {
        gltf::RenderScene scene;
        for (int i = 0; i < 40; ++i)
            addMesh(scene, {grid(100)}, {at(float(200 * i), 5)}); // 10,000 vertices each: 7 batches
        ui::MeshPlan plan(scene);
        QCOMPARE(plan.batches.size(), size_t(7));
        const std::atomic<bool> cancel{true};
        plan.fill(&cancel);
        QVERIFY(!plan.filled());
        for (const auto& b : plan.batches)
            QVERIFY(!b.batch->filled());
        plan.fill();
        QVERIFY(plan.filled());
        for (const auto& b : plan.batches)
            QVERIFY(b.batch->filled());
        // Placed in the world: the third mesh's first vertex is at (400, 5, 0).
        const ui::MeshBatch& first = *plan.batches[0].batch;
        const auto* v = reinterpret_cast<const float*>(first.filledVertices().constData()) +
                        size_t(first.members()[2].firstVertex) * size_t(ui::floatsPerVertex(first.layout()));
        QCOMPARE(v[0], 400.0f);
        QCOMPARE(v[1], 5.0f);
        QCOMPARE(v[2], 0.0f);
        // One colour in the scene: the model gives it, the vertices carry position and normal only.
        QCOMPARE(first.layout(), ui::VertexLayout::Plain);
        QCOMPARE(first.filledVertices().size(), qsizetype(60000 * 6 * 4));
    }

    void untexturedBatchesOfFewColoursHoldOneColourEach()
    {
        // Three colours, two squares each: three batches, each of one colour (its tint), no colour in the
        // vertices.
        const std::array<std::array<float, 4>, 3> colours{{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}}};
        gltf::RenderScene scene;
        for (int i = 0; i < 6; ++i)
            addMesh(scene, {square(colours[size_t(i % 3)])}, {at(float(2 * i))});
        const ui::MeshPlan plan(scene);
        QCOMPARE(plan.batches.size(), size_t(3));
        for (size_t b = 0; b < 3; ++b) {
            QCOMPARE(plan.batches[b].tint, colours[b]);
            QCOMPARE(plan.batches[b].batch->members().size(), size_t(2));
            QCOMPARE(plan.batches[b].batch->layout(), ui::VertexLayout::Plain);
        }
        QCOMPARE(plan.batchesOf[3], std::vector<size_t>{0});

        // Over the limit, the colours go into the vertices and the squares share one batch.
        const size_t limit = ui::MeshPlan::oneColourLimit;
        ui::MeshPlan::oneColourLimit = 2;
        const ui::MeshPlan mixed(scene);
        ui::MeshPlan::oneColourLimit = limit;
        QCOMPARE(mixed.batches.size(), size_t(1));
        QCOMPARE(mixed.batches[0].batch->members().size(), size_t(6));
        QCOMPARE(mixed.batches[0].batch->layout(), ui::VertexLayout::Coloured);

        // Textured primitives and meshes drawn through tables do not count: one colour batched here.
        gltf::RenderScene some;
        some.images.push_back({QByteArray("png"), QSize(4, 4)});
        addMesh(some, {square(colours[0])}, {at(0)});
        addMesh(some, {square(colours[0])}, {at(2)});
        addMesh(some, {textured(0, colours[1])}, {at(4)});
        addMesh(some, {square(colours[2])}, {at(6), at(8)}); // two instances: a table
        ui::MeshPlan::oneColourLimit = 1;
        const ui::MeshPlan counted(some);
        ui::MeshPlan::oneColourLimit = limit;
        QCOMPARE(counted.batches.size(), size_t(2));
        QCOMPARE(counted.batches[0].batch->layout(), ui::VertexLayout::Plain);
        QCOMPARE(counted.batches[0].tint, colours[0]);
        QVERIFY(counted.batches[1].batch->textured());
    }

    void plansOnlyItsOwnScene()
    {
        gltf::RenderScene scene, other;
        addMesh(scene, {square()}, {at(0)});
        addMesh(other, {square()}, {at(0)});
        const ui::MeshPlan plan(scene);
        QVERIFY(plan.plans(scene));
        QVERIFY(!plan.plans(other));
        scene.instances.push_back(scene.instances.back());
        QVERIFY(!plan.plans(scene));
    }

    void plannedWhileTheFileIsRead()
    {
        const QString path = QStringLiteral(CS_SAMPLE_FILE);
        std::shared_ptr<ui::LoadedScene> scene = ui::loadScene(path);
        QVERIFY(scene->document);
        QVERIFY(!scene->meshPlan);
        ui::prepareView(*scene);
        QVERIFY(scene->meshPlan && scene->meshPlan->filled());
        QVERIFY(scene->meshPlan->plans(scene->render));
        // Every vertex of the meshes drawn once is in a batch.
        const ui::MeshPlan fresh(scene->render);
        size_t once = 0;
        for (size_t i = 0; i < scene->render.instances.size(); ++i) {
            if (fresh.instanceSlots[i].table != ui::MeshPlan::kBatched)
                continue;
            for (const auto& p : scene->render.meshes[scene->render.instances[i].mesh].primitives)
                once += p.triangles ? p.triangles->positions.size() : 0;
        }
        QVERIFY(once > 0);
        QCOMPARE(batchedVertices(*scene->meshPlan), once);
        // The tree's rows listed too: those the scene gives for its document.
        const std::vector<document::NodeRow> rows = scene->nodeRows(*scene->document);
        QCOMPARE(scene->rows.size(), rows.size());
        QVERIFY(!rows.empty());
        for (size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(scene->rows[i].name, rows[i].name);
            QCOMPARE(scene->rows[i].children, rows[i].children);
            QCOMPARE(scene->rows[i].body, rows[i].body);
        }

        // And the overlays, as the window builds them for the scene with nothing selected.
        QVERIFY(scene->overlays);
        const scene::Overlays built = scene::buildOverlays(
            scene->document->gltf(), scene->document->model(), scene->resolved, scene->graph,
            scene::windowOverlayOptions(scene->resolved.instances.size(), {}));
        size_t drawn = 0;
        for (size_t k = 0; k < built.lines.size(); ++k) {
            QCOMPARE(scene->overlays->lines[k], built.lines[k]);
            drawn += built.lines[k].size();
        }
        QVERIFY(drawn > 0);

        // Cancelled while the batches are written: no plan, and the open is cancelled.
        std::shared_ptr<ui::LoadedScene> again = ui::loadScene(path);
        const std::atomic<bool> cancel{true};
        ui::prepareView(*again, &cancel);
        QVERIFY(!again->meshPlan);
        QVERIFY(again->cancelled);
    }
};

QTEST_GUILESS_MAIN(TestMeshPlan)
#include "TestMeshPlan.moc"
