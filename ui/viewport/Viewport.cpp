#include "viewport/Viewport.h"

#include "gltf/RenderScene.h"
#include "scene/JointOverlay.h"
#include "viewport/HeatSurfaceLayer.h"
#include "viewport/JointLayer.h"
#include "viewport/LineLayer.h"
#include "viewport/MeshLayer.h"
#include "viewport/QuickScene.h"
#include "viewport/ScreenBounds.h"
#include "viewport/TextureStream.h"
#include "viewport/ViewportColors.h"
#include "viewport/ViewportInput.h"
#include "viewport/WindowFrames.h"

#include <QPointer>
#include <QQuickView>
#include <QTimer>
#include <QVBoxLayout>
#include <array>
#include <cmath>

namespace cs::ui {

struct Viewport::Impl
{
    // Declared first, destroyed last: the layers' nodes live in its scene.
    std::unique_ptr<QuickScene> scene;
    std::unique_ptr<MeshLayer> meshes;
    std::array<std::unique_ptr<LineLayer>, size_t(OverlayLayer::Count)> layers;
    std::unique_ptr<LineLayer> preview;
    std::array<std::unique_ptr<LineLayer>, previewPartColorCount()> previewParts;
    std::unique_ptr<HeatSurfaceLayer> heat;
    std::optional<size_t> heatHiddenNode; ///< the node whose meshes the heat map hides
    std::unique_ptr<JointLayer> joints;
    /// The gizmo's parts: X, Y, Z, the view ring, the handles, the warning badge.
    std::array<std::unique_ptr<LineLayer>, 6> gizmo;
    ViewportInput* input = nullptr; ///< mouse and keys, a child of the viewport

    QQuickView* window() const { return scene->view(); }
    template <class F> void forEachLineLayer(F f)
    {
        for (auto& layer : layers)
            f(*layer);
        f(*preview);
        for (auto& part : previewParts)
            f(*part);
    }
};

Viewport::Viewport(QWidget* parent) : QWidget(parent), m_impl(std::make_unique<Impl>())
{
    Impl& d = *m_impl;
    d.scene = std::make_unique<QuickScene>();
    QuickScene& scene = *d.scene;
    for (size_t i = 0; i < d.layers.size(); ++i)
        d.layers[i] = std::make_unique<LineLayer>(scene, overlayColor(OverlayLayer(i)), scene.lineRoot());
    d.layers[size_t(OverlayLayer::Selection)]->setDrawOrder(1); // its shapes are in their kinds' layers too
    d.preview = std::make_unique<LineLayer>(scene, previewColor(), scene.lineRoot());
    for (size_t i = 0; i < d.previewParts.size(); ++i)
        d.previewParts[i] = std::make_unique<LineLayer>(scene, previewPartColor(i), scene.lineRoot());
    d.joints = std::make_unique<JointLayer>(scene, scene.lineRoot());
    d.heat = std::make_unique<HeatSurfaceLayer>(scene, scene.meshRoot(), scene.lineRoot());
    for (int part = 0; part < 6; ++part)
        d.gizmo[size_t(part)] =
            std::make_unique<LineLayer>(scene, gizmoPartColor(part), scene.lineRoot(), true);

    QQuickView* window = d.window();
    d.input = new ViewportInput(*this, *window, [this] { applyCamera(); });
    connect(d.input, &ViewportInput::clicked, this, &Viewport::clicked);
    connect(d.input, &ViewportInput::frameSelectionRequested, this, &Viewport::frameSelectionRequested);

    auto* container = QWidget::createWindowContainer(window, this);
    container->setFocusPolicy(Qt::StrongFocus);
    container->setMinimumSize(200, 150);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container);

    updateGrid();
    m_camera.setView(OrbitCamera::View::Iso);
    m_camera.frame(m_sceneMin, m_sceneMax);
    applyCamera();
}

Viewport::~Viewport()
{
    // The input watches the render window, which goes with m_impl: it goes first.
    delete m_impl->input;
}

void Viewport::setRenderScene(const gltf::RenderScene& scene, std::shared_ptr<MeshPlan> plan)
{
    const bool opened = plan != nullptr;
    MeshLayer::replace(m_impl->meshes, *m_impl->scene, scene, m_impl->scene->meshRoot(), std::move(plan));
    m_impl->meshes->setVisible(m_meshesVisible);
    if (opened)
        m_impl->meshes->holdUntilSynced(m_impl->window());
    TextureStream& textures = m_impl->meshes->textures();
    connect(&textures, &TextureStream::progress, this, &Viewport::texturesLoading);
    textures.startAfterFrame(m_impl->window());
    m_impl->meshes->setHiddenNode(m_impl->heatHiddenNode);
    if (!scene.empty()) {
        m_sceneMin = scene.boundsMin;
        m_sceneMax = scene.boundsMax;
    }
    updateGrid();
    emit texturesLoading(0, textures.total());
}

int Viewport::texturesPending() const
{
    return m_impl->meshes ? m_impl->meshes->textures().total() - m_impl->meshes->textures().ready() : 0;
}

void Viewport::setInstanceTransforms(const std::vector<QMatrix4x4>& world,
                                     const std::vector<gltf::PosedPrimitive>& shapes)
{
    if (m_impl->meshes)
        m_impl->meshes->setInstanceTransforms(world, shapes);
}

size_t Viewport::meshModelCount() const
{
    return m_impl->meshes ? m_impl->meshes->modelCount() : 0;
}

size_t Viewport::instanceCount() const
{
    return m_impl->meshes ? m_impl->meshes->instanceCount() : 0;
}

void Viewport::setOverlayLines(OverlayLayer layer, const std::vector<QVector3D>& segmentPoints)
{
    m_impl->layers[size_t(layer)]->setSegments(segmentPoints);
    updateDetail();
}

void Viewport::setMovingOverlayLines(OverlayLayer layer, const std::array<double, 4>& detailLength,
                                     size_t givenCount, MovingLines make)
{
    static_assert(LineLayer::kLevels == 4);
    m_impl->layers[size_t(layer)]->setMovingSegments(detailLength, givenCount, std::move(make));
}

void Viewport::setJointLines(const scene::JointLines& lines)
{
    m_impl->joints->setLines(lines);
    updateDetail();
}

size_t Viewport::jointPointCount() const
{
    size_t points = 0;
    for (size_t i = 0; i < size_t(JointPart::Count); ++i)
        points += m_impl->joints->pointCount(JointPart(i));
    return points;
}

void Viewport::setJointsVisible(bool visible)
{
    m_impl->joints->setVisible(visible);
}

bool Viewport::jointsVisible() const
{
    return m_impl->joints->isVisible();
}

void Viewport::setPreviewLines(const std::vector<QVector3D>& segmentPoints)
{
    m_impl->preview->setSegments(segmentPoints);
    updateDetail();
}

void Viewport::clearPreview()
{
    m_impl->preview->setSegments({});
    setPreviewParts({});
}

size_t Viewport::previewPointCount() const
{
    return m_impl->preview->pointCount();
}

void Viewport::setPreviewParts(const std::vector<std::vector<QVector3D>>& parts)
{
    // Parts that share a colour share a layer.
    std::array<std::vector<QVector3D>, previewPartColorCount()> byColor;
    for (size_t i = 0; i < parts.size(); ++i) {
        auto& points = byColor[i % byColor.size()];
        points.insert(points.end(), parts[i].begin(), parts[i].end());
    }
    for (size_t i = 0; i < byColor.size(); ++i)
        m_impl->previewParts[i]->setSegments(byColor[i]);
    updateDetail();
}

void Viewport::setHeatSurfaces(const HeatBuffers& buffers, std::optional<size_t> hiddenNode)
{
    m_impl->heat->setSurfaces(buffers);
    m_impl->heatHiddenNode = hiddenNode;
    if (m_impl->meshes)
        m_impl->meshes->setHiddenNode(hiddenNode);
    updateDetail();
}

HeatSurfaceLayer& Viewport::heatSurfaces()
{
    return *m_impl->heat;
}

QRect Viewport::heatScreenRect() const
{
    QVector3D lo, hi;
    if (!m_impl->heat->bounds(lo, hi))
        return {};
    return screenBounds({{lo, hi}}, viewProjection(), m_impl->window()->size());
}

size_t Viewport::previewPartPointCount() const
{
    size_t points = 0;
    for (const auto& part : m_impl->previewParts)
        points += part->pointCount();
    return points;
}

void Viewport::setGizmoInput(GizmoInput* input)
{
    m_impl->input->setGizmoInput(input);
}

void Viewport::setGizmoLines(const GizmoLines& lines)
{
    for (size_t axis = 0; axis < 3; ++axis)
        m_impl->gizmo[axis]->setSegments(lines.axes[axis]);
    m_impl->gizmo[3]->setSegments(lines.view);
    m_impl->gizmo[4]->setColor(lines.handleColor);
    m_impl->gizmo[4]->setSegments(lines.handles);
    m_impl->gizmo[5]->setSegments(lines.warning);
    updateDetail();
}

size_t Viewport::gizmoPointCount() const
{
    size_t n = 0;
    for (const auto& part : m_impl->gizmo)
        n += part->pointCount();
    return n;
}

size_t Viewport::gizmoHandlePointCount() const
{
    return m_impl->gizmo[4]->pointCount();
}

size_t Viewport::gizmoWarningPointCount() const
{
    return m_impl->gizmo[5]->pointCount();
}

QColor Viewport::gizmoHandleColor() const
{
    return m_impl->gizmo[4]->color();
}

void Viewport::setGizmoVisible(bool gizmo, bool handles)
{
    for (size_t i = 0; i < m_impl->gizmo.size(); ++i)
        m_impl->gizmo[i]->setVisible(i == 4 ? handles : gizmo);
}

QMatrix4x4 Viewport::viewProjection() const
{
    const QSize size = m_impl->window()->size();
    const float aspect = size.height() > 0 ? float(size.width()) / float(size.height()) : 4.0f / 3.0f;
    return m_camera.projectionMatrix(aspect) * m_camera.viewMatrix();
}

QRect Viewport::gizmoScreenRect(bool handlesOnly) const
{
    WorldBoxes boxes;
    for (size_t i = handlesOnly ? 4 : 0; i < (handlesOnly ? 5 : m_impl->gizmo.size()); ++i) {
        QVector3D lo, hi;
        if (m_impl->gizmo[i]->bounds(lo, hi))
            boxes.emplace_back(lo, hi);
    }
    return screenBounds(boxes, viewProjection(), m_impl->window()->size());
}

QRect Viewport::jointScreenRect() const
{
    QVector3D lo, hi;
    if (!m_impl->joints->bounds(lo, hi))
        return {};
    return screenBounds({{lo, hi}}, viewProjection(), m_impl->window()->size());
}

size_t Viewport::overlayPointCount(OverlayLayer layer) const
{
    return m_impl->layers[size_t(layer)]->pointCount();
}

size_t Viewport::drawnOverlayPointCount(OverlayLayer layer) const
{
    return m_impl->layers[size_t(layer)]->drawnPointCount();
}

void Viewport::setLayerVisible(OverlayLayer layer, bool visible)
{
    m_impl->layers[size_t(layer)]->setVisible(visible);
}

bool Viewport::isLayerVisible(OverlayLayer layer) const
{
    return m_impl->layers[size_t(layer)]->isVisible();
}

void Viewport::setMeshesVisible(bool visible)
{
    m_meshesVisible = visible;
    if (m_impl->meshes)
        m_impl->meshes->setVisible(visible);
}

void Viewport::setXray(bool on)
{
    m_xray = on;
    m_impl->forEachLineLayer([on](LineLayer& layer) { layer.setXray(on); });
    m_impl->joints->setXray(on);
}

void Viewport::setView(OrbitCamera::View view)
{
    m_camera.setView(view);
    frameAll();
}

void Viewport::frameAll()
{
    QVector3D lo = m_sceneMin, hi = m_sceneMax;
    bool any = m_impl->meshes && m_sceneMin != m_sceneMax;
    const auto include = [&](const QVector3D& a, const QVector3D& b) {
        lo = any ? QVector3D(std::min(lo.x(), a.x()), std::min(lo.y(), a.y()), std::min(lo.z(), a.z())) : a;
        hi = any ? QVector3D(std::max(hi.x(), b.x()), std::max(hi.y(), b.y()), std::max(hi.z(), b.z())) : b;
        any = true;
    };
    QVector3D a, b;
    for (size_t i = 0; i < m_impl->layers.size(); ++i) {
        if (OverlayLayer(i) >= OverlayLayer::Grid) // the grid, axes and ground are sized from the scene
            continue;
        if (m_impl->layers[i]->bounds(a, b))
            include(a, b);
    }
    if (m_impl->joints->bounds(a, b))
        include(a, b);
    frameBox(lo, hi);
}

void Viewport::frameBox(const QVector3D& boxMin, const QVector3D& boxMax)
{
    const QSize size = m_impl->window()->size();
    m_camera.frame(boxMin, boxMax,
                   size.height() > 0 ? float(size.width()) / float(size.height()) : 4.0f / 3.0f);
    applyCamera();
}

void Viewport::capture(std::function<void(const QImage&)> done)
{
    // One frame draws the whole scene: final once the meshes are shown and every texture is in.
    if (m_impl->meshes && m_impl->meshes->held())
        return m_impl->meshes->whenShown([this, done] { capture(done); });
    if (texturesPending() == 0)
        return captureFrame(std::move(done));
    m_impl->meshes->textures().start();
    auto waiting = std::make_shared<QMetaObject::Connection>();
    *waiting = connect(this, &Viewport::texturesLoading, this, [this, waiting, done](int ready, int total) {
        const auto callback = done; // the connection, which holds `done`, goes first
        if (ready == total && disconnect(*waiting))
            captureFrame(callback);
    });
}

void Viewport::captureFrame(std::function<void(const QImage&)> done)
{
    applyCamera();
    QPointer<Viewport> self(this);
    QTimer::singleShot(0, this, [self, done = std::move(done)] {
        if (self)
            done(self->m_impl->window()->grabWindow());
    });
}

void Viewport::whenPresented(std::function<void()> done)
{
    if (m_impl->meshes && m_impl->meshes->held())
        m_impl->meshes->whenShown([this, done] { whenPresented(done); });
    else
        whenFramePresented(m_impl->window(), this, std::move(done));
}

QWindow* Viewport::renderWindow() const
{
    return m_impl->window();
}

QString Viewport::rendererDescription() const
{
    return describeRenderer(m_impl->window());
}

void Viewport::applyCamera()
{
    m_impl->scene->setCamera(m_camera.position(), m_camera.target(), m_camera.up(),
                             m_camera.verticalFovDegrees(), m_camera.nearPlane(), m_camera.farPlane());
    updateDetail();
    emit cameraChanged();
}

void Viewport::updateDetail()
{
    // One metre at distance d covers height / (2 d tan(fov / 2)) pixels.
    const QSize size = m_impl->window()->size();
    const float height = float(std::max(1, size.height()));
    const float pixels = height / (2.0f * std::tan(qDegreesToRadians(m_camera.verticalFovDegrees()) * 0.5f));
    const float aspect = size.height() > 0 ? float(size.width()) / float(size.height()) : 4.0f / 3.0f;
    const QMatrix4x4 viewProjection = m_camera.projectionMatrix(aspect) * m_camera.viewMatrix();
    const QVector3D eye = m_camera.position();
    m_impl->forEachLineLayer([&](LineLayer& layer) { layer.updateDetail(eye, pixels, viewProjection); });
    m_impl->joints->updateDetail(eye, pixels, viewProjection);
    m_impl->heat->updateDetail(eye, pixels, viewProjection);
    for (auto& part : m_impl->gizmo)
        part->updateDetail(eye, pixels, viewProjection);
}

void Viewport::updateGrid()
{
    // A grid on the ground plane sized to the scene, in whole metres (or tenths for small models).
    const float extent = std::max({std::abs(m_sceneMin.x()), std::abs(m_sceneMax.x()),
                                   std::abs(m_sceneMin.z()), std::abs(m_sceneMax.z()), 1.0f});
    const float step = extent > 50 ? 10.0f : extent > 5 ? 1.0f : 0.1f;
    const int lines = std::min(200, int(std::ceil(extent * 1.2f / step)));
    const float reach = lines * step;
    std::vector<QVector3D> grid;
    for (int i = -lines; i <= lines; ++i) {
        if (i == 0)
            continue;
        grid.insert(grid.end(), {QVector3D(i * step, 0, -reach), QVector3D(i * step, 0, reach),
                                 QVector3D(-reach, 0, i * step), QVector3D(reach, 0, i * step)});
    }
    setOverlayLines(OverlayLayer::Grid, grid);
    setOverlayLines(OverlayLayer::AxisX, {QVector3D(-reach, 0, 0), QVector3D(reach, 0, 0)});
    setOverlayLines(OverlayLayer::AxisZ, {QVector3D(0, 0, -reach), QVector3D(0, 0, reach)});
    setOverlayLines(OverlayLayer::AxisY, {QVector3D(0, 0, 0), QVector3D(0, step * 2, 0)});
}

} // namespace cs::ui
