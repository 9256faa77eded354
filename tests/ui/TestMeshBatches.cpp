// The viewport's meshes: meshes drawn once merged into batches placed in the world, meshes drawn many times
// instanced, and an instance that moves leaving its batch (ui/viewport/MeshLayer, MeshBatches).
#include "WindowTestUtil.h"
#include "gltf/RenderScene.h"
#include "viewport/MeshBatches.h"
#include "viewport/MeshLayer.h"
#include "viewport/MeshPlan.h"
#include "viewport/Viewport.h"

#include <QBuffer>
#include <QImage>
#include <QQuickWindow>
#include <QScopeGuard>
#include <QTest>
#include <atomic>
#include <cmath>
#include <cstring>

using namespace cs;

namespace {

/// A flat square of side `size` in the XZ plane, facing +Y, centred on the origin.
gltf::RenderPrimitive square(float size, std::array<float, 4> color)
{
    auto mesh = std::make_shared<gltf::TriangleMesh>();
    const float h = size / 2;
    mesh->positions = {{-h, 0, -h}, {h, 0, -h}, {h, 0, h}, {-h, 0, h}};
    mesh->indices = {0, 2, 1, 0, 3, 2};
    gltf::RenderPrimitive p;
    p.triangles = mesh;
    p.normals.assign(4, QVector3D(0, 1, 0));
    p.baseColor = color;
    return p;
}

QMatrix4x4 translation(float x, float y, float z)
{
    QMatrix4x4 m;
    m.translate(x, y, z);
    return m;
}

/// Adds mesh `p` drawn by nodes at `places`.
void addMesh(gltf::RenderScene& scene, const gltf::RenderPrimitive& p, const std::vector<QMatrix4x4>& places)
{
    scene.meshes.push_back({{p}});
    for (const QMatrix4x4& m : places)
        scene.instances.push_back({scene.instances.size(), scene.meshes.size() - 1, m});
}

/// Pixels of a pure red (`channel` 0) or green (1) surface: that channel well above the other two.
int pixelsOf(const QImage& image, int channel)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor p = image.pixelColor(x, y);
            const int c[3] = {p.red(), p.green(), p.blue()};
            n += c[channel] > 90 && c[(channel + 1) % 3] < 40 && c[(channel + 2) % 3] < 40;
        }
    return n;
}

int redPixels(const QImage& image)
{
    return pixelsOf(image, 0);
}

int greenPixels(const QImage& image)
{
    return pixelsOf(image, 1);
}

const float* floatsOf(const QByteArray& bytes)
{
    return reinterpret_cast<const float*>(bytes.constData());
}

} // namespace

class TestMeshBatches : public QObject
{
    Q_OBJECT

private slots:
    void baseColourFactorsAreDrawnAsLinear()
    {
        // glTF's factor 0.5 (linear) is sRGB 0.7354 on screen; Qt Quick 3D linearises a material colour
        // with its cubic fit, so the colour handed to it is that fit's inverse at 0.5 (0.7357).
        const QColor half = ui::materialColor({0.5f, 0.5f, 0.5f, 1.0f});
        QVERIFY2(half.redF() > 0.733 && half.redF() < 0.738, qPrintable(QString::number(half.redF())));
        QVERIFY(std::fabs(ui::linearOfMaterialChannel(half.redF()) - 0.5f) < 2e-4f);
        const QColor mixed = ui::materialColor({1.0f, 0.0f, 0.2f, 0.3f});
        QVERIFY(std::fabs(mixed.redF() - 1.0) < 1e-4);
        QVERIFY(mixed.greenF() < 1e-4);
        QVERIFY(std::fabs(ui::linearOfMaterialChannel(mixed.blueF()) - 0.2f) < 2e-4f);
        QCOMPARE(mixed.alphaF(), 1.0f); // meshes are drawn opaque
        // Out-of-range factors are clamped.
        QVERIFY(ui::materialColor({2.0f, -1.0f, 0.0f, 1.0f}).redF() > 0.9999);
    }

    void meshesDrawnOnceShareAFewModels()
    {
        // 300 single-use squares in 100 colours, one square drawn by 3 nodes, and two textured squares
        // sharing one image and sampler.
        gltf::RenderScene scene;
        for (int i = 0; i < 300; ++i)
            addMesh(scene, square(0.5f, {float(i % 100) / 100.0f, 0.5f, 0.2f, 1.0f}),
                    {translation(float(i % 20), 0, float(i - i % 20) / 20.0f)});
        addMesh(scene, square(0.5f, {0.1f, 0.1f, 0.9f, 1.0f}),
                {translation(-2, 0, 0), translation(-2, 0, 2), translation(-2, 0, 4)});
        QImage pixels(4, 4, QImage::Format_RGBA8888);
        pixels.fill(Qt::yellow);
        QBuffer png;
        png.open(QIODevice::WriteOnly);
        QVERIFY(pixels.save(&png, "PNG"));
        scene.images.push_back({png.data(), pixels.size()});
        for (int i = 0; i < 2; ++i) {
            gltf::RenderPrimitive p = square(0.5f, {1, 1, 1, 1});
            p.image = 0;
            p.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            addMesh(scene, p, {translation(-4, 0, float(2 * i))});
        }
        scene.boundsMin = QVector3D(-5, 0, -1);
        scene.boundsMax = QVector3D(20, 0, 15);

        ui::Viewport view;
        QVERIFY(test::showView(view, 400, 300));
        view.setRenderScene(scene);
        QCOMPARE(view.instanceCount(), size_t(305));
        // One batch of the 300 untextured squares (1,200 vertices), one instanced model, one textured batch.
        QCOMPARE(view.meshModelCount(), size_t(3));

        // The same drawn from a plan filled beforehand (as while a file is read): the view takes its batches.
        auto plan = std::make_shared<ui::MeshPlan>(scene);
        plan->fill();
        view.setRenderScene(scene, plan);
        QCOMPARE(view.meshModelCount(), size_t(3));
        QCOMPARE(plan->batches.size(), size_t(2));
        QVERIFY(!plan->batches[0].batch && !plan->batches[1].batch);
        // A plan made for another scene is not used.
        gltf::RenderScene other = scene;
        auto stale = std::make_shared<ui::MeshPlan>(other);
        view.setRenderScene(scene, stale);
        QCOMPARE(view.meshModelCount(), size_t(3));
        QVERIFY(stale->batches[0].batch && !stale->batches[0].batch->filled());
    }

    void oneColourBatchesDrawAsColouredOnes()
    {
        // A scene of few colours is batched by colour, the model giving it; drawn with the colours in the
        // vertices instead (over MeshPlan::oneColourLimit) it looks the same, pixel for pixel.
        gltf::RenderScene scene;
        for (int i = 0; i < 6; ++i) {
            const std::array<float, 4> colour =
                i % 2 ? std::array<float, 4>{1, 0, 0, 1} : std::array<float, 4>{0, 1, 0, 1};
            addMesh(scene, square(0.5f, colour), {translation(float(i % 3) - 1, 0.3f, float(i / 3))});
        }
        scene.boundsMin = QVector3D(-1.5f, 0.3f, -0.5f);
        scene.boundsMax = QVector3D(1.5f, 0.3f, 1.5f);
        ui::Viewport view;
        QVERIFY(test::showView(view, 300, 200));
        const size_t limit = ui::MeshPlan::oneColourLimit;
        const auto restore = qScopeGuard([limit] { ui::MeshPlan::oneColourLimit = limit; });
        // The models each way: one per colour, or one for both.
        std::array<size_t, 2> models{};
        std::array<QImage, 2> images;
        for (const size_t way : {0, 1}) {
            ui::MeshPlan::oneColourLimit = way == 0 ? limit : 0;
            view.setRenderScene(scene);
            view.frameAll();
            models[way] = view.meshModelCount();
            images[way] = test::captured(view);
        }
        QCOMPARE(models[0], size_t(2));
        QCOMPARE(models[1], size_t(1));
        QCOMPARE(images[0].size(), images[1].size());
        int differing = 0;
        for (int y = 0; y < images[0].height(); ++y)
            for (int x = 0; x < images[0].width(); ++x) {
                const QColor a = images[0].pixelColor(x, y), b = images[1].pixelColor(x, y);
                differing += std::abs(a.red() - b.red()) > 1 || std::abs(a.green() - b.green()) > 1 ||
                             std::abs(a.blue() - b.blue()) > 1;
            }
        QCOMPARE(differing, 0);
        QVERIFY(redPixels(images[0]) > 500);
        QVERIFY(greenPixels(images[0]) > 500);
    }

    void aMovedInstanceLeavesItsBatch()
    {
        // A red and a green square side by side, each drawn once: one batch (their colours in the vertices).
        // Above the ground grid, so that its lines do not cross them.
        const size_t limit = ui::MeshPlan::oneColourLimit;
        ui::MeshPlan::oneColourLimit = 0;
        const auto restore = qScopeGuard([limit] { ui::MeshPlan::oneColourLimit = limit; });
        gltf::RenderScene scene;
        addMesh(scene, square(1.0f, {1, 0, 0, 1}), {translation(-0.7f, 0.3f, 0)});
        addMesh(scene, square(1.0f, {0, 1, 0, 1}), {translation(0.7f, 0.3f, 0)});
        scene.boundsMin = QVector3D(-1.2f, 0.3f, -0.5f);
        scene.boundsMax = QVector3D(1.2f, 0.3f, 0.5f);
        ui::Viewport view;
        QVERIFY(test::showView(view, 400, 300));
        view.setRenderScene(scene);
        view.frameAll();
        QCOMPARE(view.meshModelCount(), size_t(1));
        const QImage before = test::captured(view);
        const int red = redPixels(before);
        QVERIFY2(red > 2000, qPrintable(QStringLiteral("red pixels: %1").arg(red)));
        const int green = greenPixels(before);
        QVERIFY2(green > 2000, qPrintable(QStringLiteral("green pixels: %1").arg(green)));

        // The red square moves 100 m away: it leaves the batch (a model of its own); the green one stays.
        view.setInstanceTransforms({translation(-0.7f, 0.3f, 100), translation(0.7f, 0.3f, 0)});
        QCOMPARE(view.meshModelCount(), size_t(2));
        const QImage moved = test::captured(view);
        QCOMPARE(redPixels(moved), 0);
        QVERIFY(std::abs(greenPixels(moved) - green) < green / 50);

        // Back where the scene placed it: drawn on its own now, as it was drawn in the batch.
        view.setInstanceTransforms({});
        QCOMPARE(view.meshModelCount(), size_t(2));
        const QImage back = test::captured(view);
        QVERIFY2(std::abs(redPixels(back) - red) < red / 50,
                 qPrintable(QStringLiteral("%1 red pixels, %2 before").arg(redPixels(back)).arg(red)));
        QVERIFY(std::abs(greenPixels(back) - green) < green / 50);

        // The green one moves too: the batch has nothing left and its model goes.
        view.setInstanceTransforms({translation(-0.7f, 0.3f, 0), translation(0.7f, 0.3f, 100)});
        QCOMPARE(view.meshModelCount(), size_t(2));
        const QImage greenGone = test::captured(view);
        QCOMPARE(greenPixels(greenGone), 0);
        QVERIFY(std::abs(redPixels(greenGone) - red) < red / 50);
    }

    void whenPresentedWaitsForAFrameOfTheChange()
    {
        // The call back comes once a frame synchronised after the call has been presented: at least one
        // frameSwapped follows a synchronisation begun after the call.
        gltf::RenderScene scene;
        addMesh(scene, square(1, {1, 0, 0, 1}), {translation(0, 0, 0)});
        scene.boundsMin = QVector3D(-1, 0, -1);
        scene.boundsMax = QVector3D(1, 0, 1);
        ui::Viewport view;
        QVERIFY(test::showView(view, 200, 150));
        auto* window = qobject_cast<QQuickWindow*>(view.renderWindow());
        QVERIFY(window);
        std::atomic<bool> called{false}, synced{false};
        std::atomic<int> swapsAfterSync{0};
        const auto sync = QObject::connect(
            window, &QQuickWindow::beforeSynchronizing, window, [&] { synced = synced || called; },
            Qt::DirectConnection);
        const auto swap = QObject::connect(
            window, &QQuickWindow::frameSwapped, window, [&] { swapsAfterSync += synced ? 1 : 0; },
            Qt::DirectConnection);
        bool presented = false;
        int swapsSeen = -1;
        view.setRenderScene(scene);
        view.frameAll();
        called = true;
        view.whenPresented([&] {
            presented = true;
            swapsSeen = swapsAfterSync;
        });
        QVERIFY(QTest::qWaitFor([&] { return presented; }, 10000));
        QObject::disconnect(sync);
        QObject::disconnect(swap);
        QVERIFY2(swapsSeen >= 1, qPrintable(QString::number(swapsSeen)));
        // What is on screen shows the change: the red square.
        QImage shown;
        view.captureFrame([&](const QImage& image) { shown = image; });
        QVERIFY(QTest::qWaitFor([&] { return !shown.isNull(); }, 10000));
        QVERIFY(redPixels(shown) > 100);

        // A scene over MeshLayer::heldTriangles, opened (given with its plan), is held for a frame that meets
        // its geometry without drawing it: the frame that shows it comes at least one frame later, and a
        // capture waits for it.
        const size_t held = ui::MeshLayer::heldTriangles;
        ui::MeshLayer::heldTriangles = 1;
        gltf::RenderScene green;
        addMesh(green, square(1, {0, 1, 0, 1}), {translation(0, 0, 0)});
        green.boundsMin = scene.boundsMin;
        green.boundsMax = scene.boundsMax;
        synced = false;
        called = false;
        swapsAfterSync = 0;
        const auto sync2 = QObject::connect(
            window, &QQuickWindow::beforeSynchronizing, window, [&] { synced = synced || called; },
            Qt::DirectConnection);
        const auto swap2 = QObject::connect(
            window, &QQuickWindow::frameSwapped, window, [&] { swapsAfterSync += synced ? 1 : 0; },
            Qt::DirectConnection);
        view.setRenderScene(green, std::make_shared<ui::MeshPlan>(green));
        ui::MeshLayer::heldTriangles = held;
        called = true;
        presented = false;
        view.whenPresented([&] {
            presented = true;
            swapsSeen = swapsAfterSync;
        });
        shown = QImage();
        view.capture([&](const QImage& image) { shown = image; });
        QVERIFY(QTest::qWaitFor([&] { return presented && !shown.isNull(); }, 10000));
        QObject::disconnect(sync2);
        QObject::disconnect(swap2);
        QVERIFY2(swapsSeen >= 2, qPrintable(QString::number(swapsSeen)));
        QVERIFY(greenPixels(shown) > 100);
        QCOMPARE(redPixels(shown), 0);

        // Held, a frame drawn at once shows no mesh; an edit (no plan) is not held: the same frame shows it.
        ui::MeshLayer::heldTriangles = 1;
        const auto frameNow = [&view] {
            QImage image;
            view.captureFrame([&](const QImage& i) { image = i; });
            return QTest::qWaitFor([&] { return !image.isNull(); }, 10000) ? image : QImage();
        };
        view.setRenderScene(scene, std::make_shared<ui::MeshPlan>(scene));
        const QImage heldFrame = frameNow();
        view.setRenderScene(green);
        const QImage editFrame = frameNow();
        ui::MeshLayer::heldTriangles = held;
        QVERIFY(!heldFrame.isNull() && !editFrame.isNull());
        QCOMPARE(redPixels(heldFrame), 0);
        QVERIFY(greenPixels(editFrame) > 100);
    }

    void waitsOutliveAReplacedHeldLayer()
    {
        // A capture and a wait for the screen asked for while the meshes are held are still answered when
        // another scene replaces them first: by an edit (not held), and by another open (held in turn).
        gltf::RenderScene red, green;
        addMesh(red, square(1, {1, 0, 0, 1}), {translation(0, 0, 0)});
        addMesh(green, square(1, {0, 1, 0, 1}), {translation(0, 0, 0)});
        for (auto* scene : {&red, &green}) {
            scene->boundsMin = QVector3D(-1, 0, -1);
            scene->boundsMax = QVector3D(1, 0, 1);
        }
        ui::Viewport view;
        QVERIFY(test::showView(view, 200, 150));
        const size_t held = ui::MeshLayer::heldTriangles;
        ui::MeshLayer::heldTriangles = 1;
        for (const bool reopened : {false, true}) {
            view.setRenderScene(red, std::make_shared<ui::MeshPlan>(red));
            view.frameAll();
            QImage shown;
            bool presented = false;
            view.capture([&](const QImage& image) { shown = image; });
            view.whenPresented([&] { presented = true; });
            if (reopened)
                view.setRenderScene(green, std::make_shared<ui::MeshPlan>(green));
            else
                view.setRenderScene(green);
            QVERIFY2(QTest::qWaitFor([&] { return presented && !shown.isNull(); }, 10000),
                     reopened ? "reopened" : "edited");
            QVERIFY(greenPixels(shown) > 100);
            QCOMPARE(redPixels(shown), 0);
        }
        ui::MeshLayer::heldTriangles = held;
    }

    void batchVerticesArePlacedAndGivenBack()
    {
        // A square placed by a translation and a non-uniform scale, with one tilted normal.
        gltf::RenderPrimitive a = square(2.0f, {0.5f, 0.0f, 1.0f, 1.0f});
        const float r = 1.0f / std::sqrt(2.0f);
        a.normals[1] = QVector3D(r, r, 0);
        gltf::RenderPrimitive b = square(1.0f, {0, 1, 0, 1});
        QMatrix4x4 world;
        world.translate(10, 0, 0);
        world.scale(2, 0.5f, 3);
        ui::MeshBatch batch(false);
        batch.add(0, a, world);
        batch.add(1, b, translation(0, 5, 0));
        batch.fill();
        QVERIFY(batch.shortIndices());
        ui::MeshGeometry* geometry = batch.makeGeometry();
        QCOMPARE(geometry->vertexCount(), size_t(8));
        QCOMPARE(geometry->stride(), 40);
        // The bounds found while filling are those of the positions written: a from x 10 - 2 to 10 + 2, z -3
        // to 3, y 0; b from x -0.5 to 0.5 at y 5. The same as a geometry that reads its vertices for them.
        QCOMPARE(geometry->boundsMin(), QVector3D(-0.5f, 0.0f, -3.0f));
        QCOMPARE(geometry->boundsMax(), QVector3D(12.0f, 5.0f, 3.0f));
        const ui::MeshGeometry scanned(ui::VertexLayout::Coloured, geometry->vertexData(),
                                       geometry->indexData(), true);
        QCOMPARE(scanned.boundsMin(), geometry->boundsMin());
        QCOMPARE(scanned.boundsMax(), geometry->boundsMax());

        // Vertex 1 of a: local (1, 0, -1) -> (10 + 2, 0, -3); its normal (1, 1, 0)/sqrt 2 by the inverse
        // transpose diag(1/2, 2, 1/3): (0.5, 2, 0)/sqrt 2, left unnormalised.
        const float* v = floatsOf(geometry->vertexData()) + 10;
        QCOMPARE(v[0], 12.0f);
        QCOMPARE(v[1], 0.0f);
        QCOMPARE(v[2], -3.0f);
        QVERIFY(std::abs(v[3] - 0.5f * r) < 1e-6f);
        QVERIFY(std::abs(v[4] - 2.0f * r) < 1e-6f);
        QCOMPARE(v[5], 0.0f);
        // The base colour factor is linear, and so are vertex colours: 0.5 stays 0.5 (it used to be taken as
        // sRGB and drawn as 0.215), 0 stays 0, 1 stays 1.
        QVERIFY(std::abs(v[6] - 0.5f) < 2e-4f);
        QCOMPARE(v[7], 0.0f);
        QVERIFY(std::abs(v[8] - 1.0f) < 2e-4f);
        QCOMPARE(v[9], 1.0f);
        // b's indices follow a's four vertices, in 16 bits.
        QCOMPARE(geometry->indexData().size(), qsizetype(12 * 2));
        std::uint16_t index = 0;
        std::memcpy(&index, geometry->indexData().constData() + 6 * 2 + 1 * 2, 2);
        QCOMPARE(int(index), 4 + 2);

        // Given back in a's own space: its positions, and its normals as they were (up to length).
        const QByteArray own = batch.ownVertices(0);
        QCOMPARE(own.size(), qsizetype(4 * 6 * 4));
        const float* o = floatsOf(own) + 6;
        QCOMPARE(o[0], 1.0f);
        QCOMPARE(o[2], -1.0f);
        QVERIFY(std::abs(o[3] - r) < 1e-6f);
        QVERIFY(std::abs(o[4] - r) < 1e-6f);
        QVERIFY(std::abs(o[5]) < 1e-6f);
        const float* o0 = floatsOf(own);
        QVERIFY(std::abs(o0[4] - 1.0f) < 1e-6f);

        // a leaves: b's vertices come first and its indices start at 0.
        batch.remove(0);
        QVERIFY(batch.rebuild());
        QCOMPARE(geometry->vertexCount(), size_t(4));
        const float* kept = floatsOf(geometry->vertexData());
        QCOMPARE(kept[1], 5.0f);
        QCOMPARE(kept[0], -0.5f);
        QCOMPARE(geometry->indexData().size(), qsizetype(6 * 2));
        std::memcpy(&index, geometry->indexData().constData() + 1 * 2, 2);
        QCOMPARE(int(index), 2);
        QCOMPARE(batch.members().size(), size_t(1));
        QCOMPARE(batch.members()[0].instance, size_t(1));
        batch.remove(0);
        QVERIFY(!batch.rebuild());
        delete geometry;
    }
};

QTEST_MAIN(TestMeshBatches)
#include "TestMeshBatches.moc"
