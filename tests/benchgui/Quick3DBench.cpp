// cs_bench_quick3d [--runs N] [--quick] [--only first_frame|fps] [--size WxH]: the figures of
// bench=first_frame and bench=fps drawn by a bare Qt Quick 3D scene (one model per primitive of each
// instance, every line drawn: none of the window's batching, levels of detail or preparation off the GUI
// thread), on the same files, machine and run (make bench prints both): what the renderer alone makes of
// them.
//   bench=quick3d_first_frame: from reading the file (the steps of the window's ui::loadScene for a glTF
//     file: read, physics, validation, scene state) to a rendered frame of its meshes, against core's load
//     plus two frames of an empty View3D (the same baseline as bench=first_frame's ratio_core_plus_frames).
//   bench=quick3d_fps: frames per second with the collider lines of the 10,000-collider scene as one line
//     geometry per overlay layer, against the same View3D empty (bench=fps's ratio_empty).
// Each frame is taken with QQuickWindow::grabWindow (render and read back) of a view on screen, as the
// window's figures take each frame with a capture. Meshes are drawn untextured with one lit material per
// colour. --size is the 3D view's size in the bench window (cs_bench_gui prints it as size=).
#include "BenchUtil.h"
#include "EventWait.h"
#include "LargeScene.h"
#include "document/Document.h"
#include "document/SceneState.h"
#include "gltf/GltfDocument.h"
#include "scene/Overlays.h"

#include <QColor>
#include <QElapsedTimer>
#include <QGenericMatrix>
#include <QGuiApplication>
#include <QQmlContext>
#include <QQmlEngine>
#include <QQuaternion>
#include <QQuickItem>
#include <QQuickView>
#include <QtQuick3D/qquick3dgeometry.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;
using namespace cs;

namespace {

/// One primitive's triangles, interleaved position + normal, 32-bit indices.
class MeshGeometry : public QQuick3DGeometry
{
public:
    MeshGeometry(const gltf::RenderPrimitive& p, QQuick3DObject* parent) : QQuick3DGeometry(parent)
    {
        const auto& positions = p.triangles->positions;
        QByteArray vertices(qsizetype(positions.size() * 24), Qt::Uninitialized);
        auto* out = reinterpret_cast<float*>(vertices.data());
        QVector3D lo = positions.empty() ? QVector3D() : positions[0], hi = lo;
        for (size_t i = 0; i < positions.size(); ++i) {
            const QVector3D& v = positions[i];
            const QVector3D n = i < p.normals.size() ? p.normals[i] : QVector3D(0, 1, 0);
            const float values[6] = {v.x(), v.y(), v.z(), n.x(), n.y(), n.z()};
            std::memcpy(out + 6 * i, values, sizeof values);
            lo = QVector3D(std::min(lo.x(), v.x()), std::min(lo.y(), v.y()), std::min(lo.z(), v.z()));
            hi = QVector3D(std::max(hi.x(), v.x()), std::max(hi.y(), v.y()), std::max(hi.z(), v.z()));
        }
        const auto& indices = p.triangles->indices;
        setVertexData(vertices);
        setIndexData(
            QByteArray(reinterpret_cast<const char*>(indices.data()), qsizetype(indices.size() * 4)));
        setStride(24);
        setPrimitiveType(PrimitiveType::Triangles);
        addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
        addAttribute(Attribute::NormalSemantic, 12, Attribute::F32Type);
        addAttribute(Attribute::IndexSemantic, 0, Attribute::U32Type);
        setBounds(lo, hi);
    }
};

/// Line segments (each pair of points one segment).
class LineGeometry : public QQuick3DGeometry
{
public:
    LineGeometry(const std::vector<QVector3D>& points, QQuick3DObject* parent) : QQuick3DGeometry(parent)
    {
        static_assert(sizeof(QVector3D) == 12);
        setVertexData(
            QByteArray(reinterpret_cast<const char*>(points.data()), qsizetype(points.size() * 12)));
        setStride(12);
        setPrimitiveType(PrimitiveType::Lines);
        addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
        QVector3D lo = points.empty() ? QVector3D() : points[0], hi = lo;
        for (const QVector3D& v : points) {
            lo = QVector3D(std::min(lo.x(), v.x()), std::min(lo.y(), v.y()), std::min(lo.z(), v.z()));
            hi = QVector3D(std::max(hi.x(), v.x()), std::max(hi.y(), v.y()), std::max(hi.z(), v.z()));
        }
        setBounds(lo, hi);
    }
};

/// What the QML scene reads: one item per (instance, primitive) with its geometry, colour and placement, and
/// the overlay line layers.
class BenchScene : public QObject
{
    Q_OBJECT
    Q_PROPERTY(int count READ count CONSTANT)
    Q_PROPERTY(int lineLayers READ lineLayers CONSTANT)
    Q_PROPERTY(QVector3D center READ center CONSTANT)
    Q_PROPERTY(float radius READ radius CONSTANT)

public:
    struct Item
    {
        QQuick3DGeometry* geometry;
        QColor color;
        QVector3D position, scale;
        QQuaternion rotation;
    };

    std::vector<Item> items;
    std::vector<QQuick3DGeometry*> lines;
    QVector3D lo, hi;

    int count() const { return int(items.size()); }
    int lineLayers() const { return int(lines.size()); }
    QVector3D center() const { return (lo + hi) * 0.5f; }
    float radius() const { return std::max(0.5f * (hi - lo).length(), 1.0f); }
    Q_INVOKABLE QQuick3DGeometry* geometry(int i) const { return items[size_t(i)].geometry; }
    Q_INVOKABLE QColor color(int i) const { return items[size_t(i)].color; }
    Q_INVOKABLE QVector3D position(int i) const { return items[size_t(i)].position; }
    Q_INVOKABLE QVector3D scale(int i) const { return items[size_t(i)].scale; }
    Q_INVOKABLE QQuaternion rotation(int i) const { return items[size_t(i)].rotation; }
    Q_INVOKABLE QQuick3DGeometry* line(int i) const { return lines[size_t(i)]; }
};

/// The QML scene (the camera frames the bounding sphere with its 60-degree field of view, from an iso
/// direction; the context property is `bench`: inside a View3D, `scene` is the View3D's own root node): a lit
/// View3D, a camera orbiting the scene's centre (`angle` in degrees turns it), one Model per item and one
/// unlit line Model per overlay layer.
const char* kQml = R"(
import QtQuick
import QtQuick3D
View3D {
    id: view
    property real angle: 0
    environment: SceneEnvironment { clearColor: "#2b2b2b"; backgroundMode: SceneEnvironment.Color }
    camera: camera
    Node {
        position: bench.center
        eulerRotation.y: view.angle
        PerspectiveCamera {
            id: camera
            position: Qt.vector3d(bench.radius * 1.15, bench.radius * 1.15, bench.radius * 1.15)
            clipNear: bench.radius * 0.01
            clipFar: bench.radius * 20
            Component.onCompleted: lookAt(bench.center)
        }
    }
    DirectionalLight { eulerRotation.x: -40; eulerRotation.y: -30 }
    Repeater3D {
        model: bench.count
        Model {
            geometry: bench.geometry(index)
            position: bench.position(index)
            rotation: bench.rotation(index)
            scale: bench.scale(index)
            materials: DefaultMaterial { diffuseColor: bench.color(index) }
        }
    }
    Repeater3D {
        model: bench.lineLayers
        Model {
            geometry: bench.line(index)
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#ffd040" }
        }
    }
}
)";

/// A glTF file read as the window reads it (ui::loadScene without its Assimp and resource branches).
struct Loaded : document::SceneState
{
    std::unique_ptr<document::Document> document;
};

std::unique_ptr<Loaded> load(const fs::path& file)
{
    auto read = gltf::loadGltf(file);
    if (!read)
        return nullptr;
    auto loaded = std::make_unique<Loaded>();
    loaded->document = std::make_unique<document::Document>(std::move(*read.value));
    loaded->document->validateNow();
    loaded->rebuild(*loaded->document);
    return loaded;
}

/// Placement of a world matrix as position, rotation and scale (no shear in the files measured here).
void decompose(const QMatrix4x4& m, BenchScene::Item& item)
{
    item.position = m.column(3).toVector3D();
    const QVector3D x = m.column(0).toVector3D(), y = m.column(1).toVector3D(), z = m.column(2).toVector3D();
    item.scale = QVector3D(x.length(), y.length(), z.length());
    QMatrix3x3 r;
    for (int row = 0; row < 3; ++row) {
        r(row, 0) = x[row] / std::max(item.scale.x(), 1e-12f);
        r(row, 1) = y[row] / std::max(item.scale.y(), 1e-12f);
        r(row, 2) = z[row] / std::max(item.scale.z(), 1e-12f);
    }
    item.rotation = QQuaternion::fromRotationMatrix(r);
}

std::unique_ptr<BenchScene> makeScene(const Loaded& loaded, bool withLines)
{
    auto scene = std::make_unique<BenchScene>();
    const gltf::RenderScene& render = loaded.render;
    // One geometry per primitive, shared by every instance of its mesh.
    std::map<const gltf::RenderPrimitive*, QQuick3DGeometry*> made;
    for (const auto& instance : render.instances) {
        for (const auto& p : render.meshes[instance.mesh].primitives) {
            if (!p.triangles || p.triangles->indices.empty())
                continue;
            QQuick3DGeometry*& g = made[&p];
            if (!g)
                g = new MeshGeometry(p, nullptr);
            BenchScene::Item item{
                g, QColor::fromRgbF(p.baseColor[0], p.baseColor[1], p.baseColor[2]), {}, {}, {}};
            decompose(instance.world, item);
            scene->items.push_back(item);
        }
    }
    scene->lo = render.boundsMin;
    scene->hi = render.boundsMax;
    if (withLines && loaded.document) {
        // The window's choice of circle segments for the count (MainWindow::updateOverlays).
        scene::OverlayOptions options;
        const double shapes = std::max<double>(1.0, double(loaded.resolved.instances.size()));
        options.circleSegments = std::clamp(int(32.0 * std::sqrt(1500.0 / shapes)), 12, 32);
        const scene::Overlays overlays = scene::buildOverlays(
            loaded.document->gltf(), loaded.document->model(), loaded.resolved, loaded.graph, options);
        for (const auto& layer : overlays.lines) {
            if (!layer.empty())
                scene->lines.push_back(new LineGeometry(layer, nullptr));
        }
        if (render.empty()) {
            scene->lo = overlays.boundsMin;
            scene->hi = overlays.boundsMax;
        }
    }
    for (const auto& [p, g] : made)
        g->setParent(scene.get());
    for (QQuick3DGeometry* g : scene->lines)
        g->setParent(scene.get());
    return scene;
}

/// A view showing `scene`; the first grab is its first frame.
std::unique_ptr<QQuickView> makeView(BenchScene* scene, QSize size)
{
    auto view = std::make_unique<QQuickView>();
    view->engine()->rootContext()->setContextProperty(QStringLiteral("bench"), scene);
    view->setResizeMode(QQuickView::SizeRootObjectToView);
    view->resize(size);
    view->setSource(QUrl(QStringLiteral("data:text/plain,") + QString::fromUtf8(kQml)));
    if (view->status() != QQuickView::Ready) {
        for (const auto& e : view->errors())
            std::fprintf(stderr, "cs_bench_quick3d: %s\n", qPrintable(e.toString()));
        return nullptr;
    }
    view->show();
    // A window not yet on screen is grabbed through a renderer made for that one grab (slow, and not how the
    // window draws): wait until it is exposed, as the program's window is before it draws.
    if (!bench::runUntil([&view] { return view->isExposed(); }, 10000)) {
        std::fprintf(stderr, "cs_bench_quick3d: the view was never shown (is there a display?)\n");
        return nullptr;
    }
    return view;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    const bench::Options options = bench::parseOptions(argc, argv, 5, {"--size"});
    const int runs = options.runs;
    const bool quick = options.quick;
    // The size of the 3D view in cs_bench_gui's 1280 x 800 window (its fps line prints it as size=).
    QSize size(533, 574);
    int w = 0, h = 0;
    if (std::sscanf(options.value("--size").c_str(), "%dx%d", &w, &h) == 2 && w > 0 && h > 0)
        size = QSize(w, h);
    auto run = [&](const char* name) { return options.run(name); };
    if (!run("first_frame") && !run("fps"))
        return 0;
    const fs::path dir = fs::temp_directory_path() / "collidoscope-bench-quick3d";
    fs::create_directories(dir);

    // The empty baseline: two frames of a View3D with nothing in it.
    BenchScene empty;
    empty.lo = QVector3D(-1, -1, -1);
    empty.hi = QVector3D(1, 1, 1);
    auto emptyView = makeView(&empty, size);
    if (!emptyView)
        return 1;
    emptyView->grabWindow();
    const int frames = quick ? 20 : 60;
    QElapsedTimer timer;
    timer.start();
    for (int f = 0; f < frames; ++f) {
        emptyView->rootObject()->setProperty("angle", f * 0.6);
        emptyView->grabWindow();
    }
    const double emptyFps = frames * 1000.0 / std::max<qint64>(1, timer.elapsed());
    emptyView.reset();

    const fs::path manyNodes = bench::makeManyNodeScene(dir);
    const fs::path engine = fs::path(CS_ASSIMP_GLTF2_DIR) / "2CylinderEngine-glTF-Binary/2CylinderEngine.glb";
    for (const fs::path& file : {engine, manyNodes}) {
        if (!fs::exists(file) || !run("first_frame"))
            continue;
        std::vector<double> firstMs, coreMs;
        size_t items = 0;
        for (int r = 0; r < runs; ++r) {
            QElapsedTimer t;
            t.start();
            auto loaded = load(file);
            if (!loaded)
                return 1;
            coreMs.push_back(double(t.nsecsElapsed()) / 1e6);
            auto scene = makeScene(*loaded, false);
            auto view = makeView(scene.get(), size);
            if (!view)
                return 1;
            const QImage first = view->grabWindow();
            firstMs.push_back(double(t.nsecsElapsed()) / 1e6);
            items = scene->items.size();
            if (r == 0 && qEnvironmentVariableIsSet("CS_BENCH_SHOTS"))
                first.save(QString::fromStdString((dir / (file.stem().string() + "-quick3d.png")).string()));
        }
        const double o = median(firstMs), c = median(coreMs);
        std::printf("bench=quick3d_first_frame file=%s models=%zu quick3d_ms=%s core_load_ms=%s "
                    "two_empty_frames_ms=%s ratio_core_plus_frames=%s size=%dx%d\n",
                    file.filename().string().c_str(), items, bench::fixed(o).c_str(), bench::fixed(c).c_str(),
                    bench::fixed(2000.0 / emptyFps).c_str(),
                    bench::fixed(o / (c + 2000.0 / emptyFps), 2).c_str(), size.width(), size.height());
        std::fflush(stdout);
    }

    if (!run("fps")) {
        fs::remove_all(dir);
        return 0;
    }
    const size_t count = quick ? 1000 : 10000;
    const fs::path colliders = bench::makeColliderScene(dir, count);
    auto loaded = load(colliders);
    if (!loaded)
        return 1;
    auto scene = makeScene(*loaded, true);
    auto view = makeView(scene.get(), size);
    if (!view)
        return 1;
    const QImage first = view->grabWindow();
    if (qEnvironmentVariableIsSet("CS_BENCH_SHOTS"))
        first.save(QString::fromStdString((dir / "colliders-quick3d.png").string()));
    size_t points = 0;
    for (QQuick3DGeometry* g : scene->lines)
        points += size_t(g->vertexData().size() / 12);
    timer.restart();
    for (int f = 0; f < frames; ++f) {
        view->rootObject()->setProperty("angle", f * 0.6);
        view->grabWindow();
    }
    const double fps = frames * 1000.0 / std::max<qint64>(1, timer.elapsed());
    std::printf("bench=quick3d_fps colliders=%zu fps=%s empty_scene_fps=%s ratio_empty=%s line_points=%zu "
                "size=%dx%d\n",
                count, bench::fixed(fps, 1).c_str(), bench::fixed(emptyFps, 1).c_str(),
                bench::fixed(fps / emptyFps, 2).c_str(), points, size.width(), size.height());
    if (!qEnvironmentVariableIsSet("CS_BENCH_SHOTS"))
        fs::remove_all(dir);
    return 0;
}

#include "Quick3DBench.moc"
