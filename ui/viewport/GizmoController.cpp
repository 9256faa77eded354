#include "viewport/GizmoController.h"

#include "document/Document.h"
#include "document/NodeOperations.h"
#include "scene/ShapeGeometryCache.h"
#include "viewport/Viewport.h"

namespace cs::ui {

namespace {

geometry::Ray rayOf(const QVector3D& origin, const QVector3D& direction)
{
    return {geometry::Vec3d(origin), geometry::Vec3d(direction)};
}

QVector3D toQt(const geometry::Vec3d& v)
{
    return v.toQt();
}

// The shape of the node's collider, else its trigger, as geometry (nothing for none or mesh shapes).
std::optional<geometry::ShapeGeometry> shapeOf(const document::Document& doc, document::NodeIndex node)
{
    const physics::NodePhysics* p = doc.model().node(node);
    int shape = -1;
    if (p && p->collider && p->collider->shape >= 0)
        shape = p->collider->shape;
    else if (p && p->trigger && p->trigger->shape >= 0)
        shape = p->trigger->shape;
    if (shape < 0 || size_t(shape) >= doc.model().shapes.size())
        return std::nullopt;
    scene::ShapeGeometryCache cache(doc.gltf());
    return cache.geometryOf(doc.model().shapes[size_t(shape)]);
}

} // namespace

GizmoController::GizmoController(Viewport* viewport, QObject* parent) : QObject(parent), m_viewport(viewport)
{
    m_viewport->setGizmoInput(this);
    connect(m_viewport, &Viewport::cameraChanged, this, &GizmoController::refresh);
}

GizmoController::~GizmoController()
{
    if (m_viewport)
        m_viewport->setGizmoInput(nullptr);
}

void GizmoController::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_drag.reset();
    m_document = document;
    if (document)
        connect(document, &document::Document::changed, this, &GizmoController::refresh);
    refresh();
}

QString GizmoController::valueText() const
{
    return m_drag ? QString::fromStdString(m_drag->valueText()) : QString();
}

double GizmoController::arrowLength() const
{
    return 0.15 * double(m_viewport->camera().distance());
}

void GizmoController::refresh()
{
    if (!m_viewport)
        return;
    std::vector<QVector3D> lines;
    const auto current = m_document ? m_document->currentNode() : std::nullopt;
    if (current && *current < m_document->gltf().count("nodes")) {
        const geometry::Mat4d world = document::nodeWorldMatrix(*m_document, *current);
        const geometry::Vec3d origin = geometry::transformPoint(world, {0, 0, 0});
        const double length = arrowLength(), head = length * 0.1;
        for (int axis = 0; axis < 3; ++axis) {
            geometry::Vec3d a, side;
            a[axis] = 1;
            side[(axis + 1) % 3] = 1;
            const geometry::Vec3d tip = origin + a * length;
            lines.insert(lines.end(),
                         {toQt(origin), toQt(tip), toQt(tip), toQt(tip - a * head + side * head * 0.5),
                          toQt(tip), toQt(tip - a * head - side * head * 0.5)});
        }
        if (const auto shape = shapeOf(*m_document, *current)) {
            const double size = length * 0.06;
            for (const geometry::ShapeHandle& h : geometry::shapeHandles(*shape)) {
                const geometry::Vec3d p = geometry::transformPoint(world, h.position);
                for (int axis = 0; axis < 3; ++axis) {
                    geometry::Vec3d d;
                    d[axis] = size;
                    lines.push_back(toQt(p - d));
                    lines.push_back(toQt(p + d));
                }
            }
        }
    }
    m_viewport->setGizmoLines(lines);
}

bool GizmoController::dragPressed(const QVector3D& origin, const QVector3D& direction, Qt::KeyboardModifiers)
{
    const auto current = m_document ? m_document->currentNode() : std::nullopt;
    if (!current || *current >= m_document->gltf().count("nodes"))
        return false;
    const geometry::Ray ray = rayOf(origin, direction);
    const geometry::Mat4d world = document::nodeWorldMatrix(*m_document, *current);
    const geometry::Vec3d centre = geometry::transformPoint(world, {0, 0, 0});
    const double length = arrowLength(), tolerance = length * 0.08;
    // Shape handles first: they sit on the shape, the arrows start at its centre.
    double best = tolerance;
    std::optional<geometry::ShapeHandle> handle;
    if (const auto shape = shapeOf(*m_document, *current)) {
        for (const geometry::ShapeHandle& h : geometry::shapeHandles(*shape)) {
            const geometry::Vec3d p = geometry::transformPoint(world, h.position);
            const double d = geometry::rayToSegmentDistance(ray, p, p);
            if (d < best) {
                best = d;
                handle = h;
            }
        }
    }
    if (handle) {
        m_drag = document::HandleDragSession::shapeHandle(*m_document, *current, *handle, ray);
        return m_drag.has_value();
    }
    int axis = -1;
    for (int a = 0; a < 3; ++a) {
        geometry::Vec3d unit;
        unit[a] = 1;
        // The arrow without its first fifth, so that a click at the centre is not taken for an axis.
        const double d =
            geometry::rayToSegmentDistance(ray, centre + unit * (0.2 * length), centre + unit * length);
        if (d < best) {
            best = d;
            axis = a;
        }
    }
    if (axis < 0)
        return false;
    m_drag = document::HandleDragSession::moveAlongAxis(*m_document, *current, axis, ray);
    return m_drag.has_value();
}

void GizmoController::dragMoved(const QVector3D& origin, const QVector3D& direction,
                                Qt::KeyboardModifiers modifiers)
{
    if (!m_drag)
        return;
    const double step = (modifiers & Qt::ControlModifier) ? m_step : 0.0;
    m_drag->update(rayOf(origin, direction), step, (modifiers & Qt::AltModifier) != 0);
}

void GizmoController::dragReleased()
{
    if (m_drag)
        m_drag->finish();
    m_drag.reset();
    refresh();
}

void GizmoController::dragCancelled()
{
    if (m_drag)
        m_drag->cancel();
    m_drag.reset();
    refresh();
}

} // namespace cs::ui
