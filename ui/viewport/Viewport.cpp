#include "viewport/Viewport.h"

#include "gltf/RenderScene.h"
#include "scene/JointOverlay.h"
#include "viewport/GizmoInput.h"
#include "viewport/JointLayer.h"
#include "viewport/LineLayer.h"
#include "viewport/MeshLayer.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QForwardRenderer>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QFrustumCulling>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QPointLight>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QViewport>
#include <array>
#include <cmath>

namespace cs::ui {

struct Viewport::Impl
{
    Qt3DExtras::Qt3DWindow* window = nullptr;
    Qt3DCore::QEntity* root = nullptr;
    MeshLayer* meshes = nullptr;
    std::array<LineLayer*, size_t(OverlayLayer::Count)> layers{};
    LineLayer* preview = nullptr;
    std::array<LineLayer*, Viewport::previewPartColorCount()> previewParts{};
    JointLayer* joints = nullptr;
    Qt3DRender::QRenderCapture* capture = nullptr;
    Qt3DCore::QTransform* lightTransform = nullptr;
    Qt3DRender::QLayer* meshLayer = nullptr;
    Qt3DRender::QLayer* lineLayer = nullptr;
    QPoint pressPos;
    QPoint lastPos;
    bool dragging = false;
    Qt::MouseButton dragButton = Qt::NoButton;
    LineLayer* gizmo = nullptr;
    GizmoInput* gizmoInput = nullptr;
    bool gizmoDrag = false; ///< the current drag belongs to gizmoInput
};

Viewport::Viewport(QWidget* parent) : QWidget(parent), m_impl(std::make_unique<Impl>())
{
    auto* window = new Qt3DExtras::Qt3DWindow();
    m_impl->window = window;
    window->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);

    m_impl->root = new Qt3DCore::QEntity();
    for (size_t i = 0; i < m_impl->layers.size(); ++i)
        m_impl->layers[i] = new LineLayer(overlayColor(OverlayLayer(i)), m_impl->root);
    // The preview is made here with the other line layers, before the root goes live (see setRenderScene on
    // subtrees made under a live root); later previews only replace its buffer.
    m_impl->preview = new LineLayer(previewColor(), m_impl->root);
    for (size_t i = 0; i < m_impl->previewParts.size(); ++i)
        m_impl->previewParts[i] = new LineLayer(previewPartColor(i), m_impl->root);
    m_impl->joints = new JointLayer(m_impl->root);
    m_impl->gizmo = new LineLayer(QColor(255, 230, 40), m_impl->root);

    // A headlight: a point light kept at the camera's position (applyCamera moves it), so that what the user
    // looks at is lit. It must live in the scene tree; the window's camera entity is not part of it.
    auto* light = new Qt3DCore::QEntity(m_impl->root);
    m_impl->lightTransform = new Qt3DCore::QTransform(light);
    light->addComponent(m_impl->lightTransform);
    auto* pointLight = new Qt3DRender::QPointLight(light);
    pointLight->setIntensity(0.9f);
    pointLight->setConstantAttenuation(1.0f);
    pointLight->setLinearAttenuation(0.0f);
    pointLight->setQuadraticAttenuation(0.0f);
    light->addComponent(pointLight);

    // Our own frame graph: clear, then the meshes, then the lines, always in that order. Lines behind meshes
    // (X-ray) are found by testing against the meshes' depth, so the meshes must be drawn first; Qt 3D's
    // default graph draws entities in no fixed order.
    m_impl->meshLayer = new Qt3DRender::QLayer(m_impl->root);
    m_impl->meshLayer->setRecursive(true);
    m_impl->lineLayer = new Qt3DRender::QLayer(m_impl->root);
    m_impl->lineLayer->setRecursive(true);
    for (auto* layer : m_impl->layers)
        layer->addComponent(m_impl->lineLayer);
    m_impl->preview->addComponent(m_impl->lineLayer);
    for (auto* part : m_impl->previewParts)
        part->addComponent(m_impl->lineLayer);
    m_impl->joints->addComponent(m_impl->lineLayer);
    // Qt3DExtras' forward renderer with its drawing leaf split in two, always run in this order: the meshes,
    // then the lines. Lines behind meshes (X-ray) are found by testing against the meshes' depth, so the
    // meshes must be drawn first; within one leaf Qt 3D draws entities in no fixed order.
    window->defaultFrameGraph()->setClearColor(QColor(38, 40, 46));
    auto* clear = window->defaultFrameGraph()->findChild<Qt3DRender::QClearBuffers*>();
    auto* cameraSelector = clear ? qobject_cast<Qt3DRender::QFrameGraphNode*>(clear->parentNode()) : nullptr;
    if (clear && cameraSelector) {
        const auto leaves =
            clear->findChildren<Qt3DRender::QFrameGraphNode*>(QString(), Qt::FindDirectChildrenOnly);
        auto* withoutLines = new Qt3DRender::QLayerFilter(clear);
        withoutLines->addLayer(m_impl->lineLayer);
        withoutLines->setFilterMode(Qt3DRender::QLayerFilter::DiscardAnyMatchingLayers);
        for (auto* child : leaves)
            child->setParent(withoutLines);
        // Then everything but the meshes: the lines. (Discarding works here where accepting a layer drew
        // nothing in Qt 3D 6.4, so both branches say what they leave out.)
        auto* withoutMeshes = new Qt3DRender::QLayerFilter(cameraSelector);
        withoutMeshes->addLayer(m_impl->meshLayer);
        withoutMeshes->setFilterMode(Qt3DRender::QLayerFilter::DiscardAnyMatchingLayers);
        // Line chunks outside the view are not drawn (the meshes' branch culls in the forward renderer).
        new Qt3DRender::QFrustumCulling(withoutMeshes);
        // A capture is taken in the branch it sits in: its own last branch sees the finished frame.
        m_impl->capture = new Qt3DRender::QRenderCapture(cameraSelector);
        new Qt3DRender::QNoDraw(m_impl->capture);
    } else {
        m_impl->capture = new Qt3DRender::QRenderCapture();
        window->activeFrameGraph()->setParent(m_impl->capture);
        window->setActiveFrameGraph(m_impl->capture);
    }
    window->setRootEntity(m_impl->root);
    window->installEventFilter(this);

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

Viewport::~Viewport() = default;

void Viewport::setRenderScene(const gltf::RenderScene& scene)
{
    delete m_impl->meshes;
    // Built detached and attached whole: Qt 3D (6.4) does not draw a subtree whose shared components were
    // created under an entity that was already part of the live scene.
    m_impl->meshes = new MeshLayer(scene, nullptr);
    m_impl->meshes->setEnabled(m_meshesVisible);
    m_impl->meshes->addComponent(m_impl->meshLayer);
    m_impl->meshes->setParent(m_impl->root);
    if (!scene.empty()) {
        m_sceneMin = scene.boundsMin;
        m_sceneMax = scene.boundsMax;
    }
    updateGrid();
}

void Viewport::setInstanceTransforms(const std::vector<QMatrix4x4>& world)
{
    if (m_impl->meshes)
        m_impl->meshes->setInstanceTransforms(world);
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
    m_impl->joints->setEnabled(visible);
}

bool Viewport::jointsVisible() const
{
    return m_impl->joints->isEnabled();
}

void Viewport::setPreviewLines(const std::vector<QVector3D>& segmentPoints)
{
    m_impl->preview->setSegments(segmentPoints);
}

void Viewport::clearPreview()
{
    m_impl->preview->setSegments({});
    setPreviewParts({});
}

void Viewport::setPreviewParts(const std::vector<std::vector<QVector3D>>& parts)
{
    // The layers exist from the start (see the constructor); parts that share a colour share a layer.
    std::array<std::vector<QVector3D>, previewPartColorCount()> byColor;
    for (size_t i = 0; i < parts.size(); ++i) {
        auto& points = byColor[i % byColor.size()];
        points.insert(points.end(), parts[i].begin(), parts[i].end());
    }
    for (size_t i = 0; i < byColor.size(); ++i)
        m_impl->previewParts[i]->setSegments(byColor[i]);
    updateDetail();
}

size_t Viewport::previewPartPointCount() const
{
    size_t points = 0;
    for (const auto* part : m_impl->previewParts)
        points += part->pointCount();
    return points;
}

QColor Viewport::previewPartColor(size_t index)
{
    // Hues spread around the wheel in an order that puts neighbours far apart, saturated and bright enough
    // to read against the dark background and the grey meshes.
    static constexpr std::array<int, previewPartColorCount()> hues{10,  190, 100, 280, 50,  230,
                                                                   140, 320, 75,  165, 250, 350};
    return QColor::fromHsv(hues[index % hues.size()], 200, 245);
}

size_t Viewport::previewPointCount() const
{
    return m_impl->preview->pointCount();
}

void Viewport::setGizmoInput(GizmoInput* input)
{
    m_impl->gizmoInput = input;
    m_impl->gizmoDrag = false;
}

void Viewport::setGizmoLines(const std::vector<QVector3D>& segmentPoints)
{
    m_impl->gizmo->setSegments(segmentPoints);
}

size_t Viewport::gizmoPointCount() const
{
    return m_impl->gizmo->pointCount();
}

QColor Viewport::previewColor()
{
    return QColor(255, 110, 30);
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
    m_impl->layers[size_t(layer)]->setEnabled(visible);
}

bool Viewport::isLayerVisible(OverlayLayer layer) const
{
    return m_impl->layers[size_t(layer)]->isEnabled();
}

void Viewport::setMeshesVisible(bool visible)
{
    m_meshesVisible = visible;
    if (m_impl->meshes)
        m_impl->meshes->setEnabled(visible);
}

void Viewport::setXray(bool on)
{
    m_xray = on;
    for (auto* layer : m_impl->layers)
        layer->setXray(on);
    m_impl->preview->setXray(on);
    for (auto* part : m_impl->previewParts)
        part->setXray(on);
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
        const auto layer = OverlayLayer(i);
        if (layer == OverlayLayer::Grid || layer == OverlayLayer::AxisX || layer == OverlayLayer::AxisY ||
            layer == OverlayLayer::AxisZ)
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
    const QSize size = m_impl->window->size();
    m_camera.frame(boxMin, boxMax,
                   size.height() > 0 ? float(size.width()) / float(size.height()) : 4.0f / 3.0f);
    applyCamera();
}

void Viewport::capture(std::function<void(const QImage&)> done)
{
    // Qt 3D applies scene changes on its own threads, a frame or more after they are made. A frame is taken
    // as final once the next one is identical, so that a picture never shows a half-uploaded scene.
    auto state = std::make_shared<std::pair<QImage, int>>(QImage(), 0);
    auto step = std::make_shared<std::function<void()>>();
    *step = [this, state, step, done = std::move(done)] {
        auto* reply = m_impl->capture->requestCapture();
        connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [reply, state, step, done] {
            const QImage image = reply->image();
            reply->deleteLater();
            const bool settled = image == state->first && !image.isNull();
            state->first = image;
            if (settled || ++state->second >= 12) {
                done(image);
                *step = nullptr; // breaks the cycle between the step and its own copy
                return;
            }
            QTimer::singleShot(30, *step);
        });
    };
    (*step)();
}

void Viewport::captureFrame(std::function<void(const QImage&)> done)
{
    applyCamera();
    auto* reply = m_impl->capture->requestCapture();
    connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [reply, done = std::move(done)] {
        done(reply->image());
        reply->deleteLater();
    });
}

QWindow* Viewport::renderWindow() const
{
    return m_impl->window;
}

QString Viewport::rendererDescription() const
{
    const QSurfaceFormat format = m_impl->window->format();
    return QStringLiteral("Qt 3D %1 renderer, OpenGL %2.%3 %4")
        .arg(QString::fromLocal8Bit(qgetenv("QT3D_RENDERER")).isEmpty()
                 ? QStringLiteral("default")
                 : QString::fromLocal8Bit(qgetenv("QT3D_RENDERER")))
        .arg(format.majorVersion())
        .arg(format.minorVersion())
        .arg(format.profile() == QSurfaceFormat::CoreProfile ? QStringLiteral("core")
                                                             : QStringLiteral("compatibility"));
}

void Viewport::applyCamera()
{
    Qt3DRender::QCamera* cam = m_impl->window->camera();
    const QSize size = m_impl->window->size();
    const float aspect = size.height() > 0 ? float(size.width()) / float(size.height()) : 4.0f / 3.0f;
    cam->lens()->setPerspectiveProjection(m_camera.verticalFovDegrees(), aspect, m_camera.nearPlane(),
                                          m_camera.farPlane());
    cam->setPosition(m_camera.position());
    cam->setViewCenter(m_camera.target());
    cam->setUpVector(m_camera.up());
    // Slightly above and to the right of the eye, so that faces facing the viewer are not flat.
    m_impl->lightTransform->setTranslation(m_camera.position() +
                                           (m_camera.up() + m_camera.right()) * 0.2f * m_camera.distance());
    updateDetail();
    emit cameraChanged();
}

void Viewport::updateDetail()
{
    // One metre at distance d covers height / (2 d tan(fov / 2)) pixels.
    const float height = float(std::max(1, m_impl->window->height()));
    const float pixels = height / (2.0f * std::tan(qDegreesToRadians(m_camera.verticalFovDegrees()) * 0.5f));
    for (auto* layer : m_impl->layers)
        layer->updateDetail(m_camera.position(), pixels);
    m_impl->preview->updateDetail(m_camera.position(), pixels);
    for (auto* part : m_impl->previewParts)
        part->updateDetail(m_camera.position(), pixels);
    m_impl->joints->updateDetail(m_camera.position(), pixels);
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

bool Viewport::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_impl->window)
        return QWidget::eventFilter(watched, event);
    Impl& d = *m_impl;
    switch (event->type()) {
    case QEvent::Resize:
        applyCamera();
        break;
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        d.pressPos = d.lastPos = e->position().toPoint();
        d.dragButton = e->button();
        d.dragging = false;
        if (d.gizmoInput && e->button() == Qt::LeftButton) {
            QVector3D origin, direction;
            m_camera.rayThrough(float(e->position().x()), float(e->position().y()), d.window->size(), origin,
                                direction);
            d.gizmoDrag = d.gizmoInput->dragPressed(origin, direction, e->modifiers());
        }
        return true;
    }
    case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        const QPoint pos = e->position().toPoint();
        const QPoint delta = pos - d.lastPos;
        d.lastPos = pos;
        if (d.dragButton == Qt::NoButton)
            return false;
        if (d.gizmoDrag) {
            QVector3D origin, direction;
            m_camera.rayThrough(float(e->position().x()), float(e->position().y()), d.window->size(), origin,
                                direction);
            d.gizmoInput->dragMoved(origin, direction, e->modifiers());
            return true;
        }
        if ((pos - d.pressPos).manhattanLength() > 3)
            d.dragging = true;
        if (!d.dragging)
            return true;
        const float h = std::max(1, d.window->height());
        // Blender and Godot: the middle button orbits and Shift+middle pans. Any button does the same here,
        // so that mice and trackpads without a middle button work; a left click that does not drag selects.
        if (e->modifiers() & Qt::ShiftModifier)
            m_camera.pan(delta.x() / h, delta.y() / h);
        else if (e->modifiers() & Qt::ControlModifier)
            m_camera.zoom(std::pow(1.01f, float(delta.y())));
        else
            m_camera.orbit(-delta.x() * 0.008f, -delta.y() * 0.008f);
        applyCamera();
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (d.gizmoDrag) {
            d.gizmoDrag = false;
            d.dragButton = Qt::NoButton;
            d.gizmoInput->dragReleased();
            return true;
        }
        if (!d.dragging && e->button() == Qt::LeftButton) {
            QVector3D origin, direction;
            m_camera.rayThrough(float(e->position().x()), float(e->position().y()), d.window->size(), origin,
                                direction);
            emit clicked(origin, direction, e->modifiers());
        }
        d.dragButton = Qt::NoButton;
        d.dragging = false;
        return true;
    }
    case QEvent::Wheel: {
        auto* e = static_cast<QWheelEvent*>(event);
        m_camera.zoom(std::pow(0.9f, e->angleDelta().y() / 120.0f));
        applyCamera();
        return true;
    }
    case QEvent::KeyPress: {
        auto* e = static_cast<QKeyEvent*>(event);
        const bool keypad = e->modifiers() & Qt::KeypadModifier;
        const bool ctrl = e->modifiers() & Qt::ControlModifier;
        switch (e->key()) {
        case Qt::Key_Escape:
            if (d.gizmoDrag) {
                d.gizmoDrag = false;
                d.dragButton = Qt::NoButton;
                d.gizmoInput->dragCancelled();
                return true;
            }
            break;
        case Qt::Key_F:
            emit frameSelectionRequested();
            return true;
        case Qt::Key_Home:
            frameAll();
            return true;
        case Qt::Key_1:
            if (keypad) {
                setView(ctrl ? OrbitCamera::View::Back : OrbitCamera::View::Front);
                return true;
            }
            break;
        case Qt::Key_3:
            if (keypad) {
                setView(ctrl ? OrbitCamera::View::Left : OrbitCamera::View::Right);
                return true;
            }
            break;
        case Qt::Key_7:
            if (keypad) {
                setView(ctrl ? OrbitCamera::View::Bottom : OrbitCamera::View::Top);
                return true;
            }
            break;
        case Qt::Key_Left:
            m_camera.orbit(0.1f, 0);
            applyCamera();
            return true;
        case Qt::Key_Right:
            m_camera.orbit(-0.1f, 0);
            applyCamera();
            return true;
        case Qt::Key_Up:
            m_camera.orbit(0, 0.1f);
            applyCamera();
            return true;
        case Qt::Key_Down:
            m_camera.orbit(0, -0.1f);
            applyCamera();
            return true;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            m_camera.zoom(0.85f);
            applyCamera();
            return true;
        case Qt::Key_Minus:
            m_camera.zoom(1.0f / 0.85f);
            applyCamera();
            return true;
        default:
            break;
        }
        break;
    }
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace cs::ui
