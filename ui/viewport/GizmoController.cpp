#include "viewport/GizmoController.h"

#include "document/Document.h"
#include "document/NodeOperations.h"
#include "viewport/Viewport.h"

#include <QCursor>
#include <QToolTip>
#include <array>
#include <cmath>

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

/// The radius of the ring about the view direction, in arrow lengths: outside the axis rings.
constexpr double kViewRing = 1.2;

/// The direction the camera looks in.
geometry::Vec3d viewDirection(Viewport& view)
{
    const QVector3D d = (view.camera().target() - view.camera().position()).normalized();
    return geometry::Vec3d(d);
}

/// The colour a shape is drawn in: its trigger's, else its body's motion type's.
QColor handleColor(const document::HandleTarget& target)
{
    if (target.trigger)
        return overlayColor(OverlayLayer::Trigger);
    switch (target.motion) {
    case physics::MotionType::Static:
        return overlayColor(OverlayLayer::Static);
    case physics::MotionType::Kinematic:
        return overlayColor(OverlayLayer::Kinematic);
    case physics::MotionType::Dynamic:
        return overlayColor(OverlayLayer::Dynamic);
    }
    return overlayColor(OverlayLayer::Static);
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
    if (!m_drag)
        return {};
    const QString value = QString::fromStdString(m_drag->valueText());
    return m_warning && !value.isEmpty() ? value + tr(" (a shape under a non-uniform scale)") : value;
}

double GizmoController::arrowLength() const
{
    return 0.15 * double(m_viewport->camera().distance());
}

void GizmoController::setLocalAxes(bool on)
{
    m_local = on;
    refresh();
}

void GizmoController::setTool(Tool tool)
{
    m_tool = tool;
    refresh();
}

namespace {

/// The gizmo's parts for a node whose world matrix is `world`, with arrows `length` long.
struct GizmoFrame
{
    geometry::Vec3d centre;
    std::array<geometry::Vec3d, 3> ownAxes; ///< the node's own axes in the world, normalised
    double length = 1;
};

GizmoFrame frameOf(const geometry::Mat4d& world, double length)
{
    GizmoFrame f;
    f.centre = geometry::transformPoint(world, {0, 0, 0});
    f.length = length;
    for (int axis = 0; axis < 3; ++axis) {
        geometry::Vec3d unit;
        unit[axis] = 1;
        const geometry::Vec3d d = geometry::transformVector(world, unit);
        f.ownAxes[size_t(axis)] = geometry::lengthSquared(d) > 0 ? geometry::normalized(d) : unit;
    }
    return f;
}

/// The corners of the square for the plane whose normal is axis `normal`, between 0.25 and 0.4 of the arrow
/// length along the other two axes.
/// World axis `axis`, or the node's own when `local`.
geometry::Vec3d axisOf(const GizmoFrame& f, int axis, bool local)
{
    if (local)
        return f.ownAxes[size_t(axis)];
    geometry::Vec3d unit;
    unit[axis] = 1;
    return unit;
}

std::array<geometry::Vec3d, 4> planeSquare(const GizmoFrame& f, int normal, bool local)
{
    const geometry::Vec3d u = axisOf(f, (normal + 1) % 3, local), v = axisOf(f, (normal + 2) % 3, local);
    const double a = 0.25 * f.length, b = 0.4 * f.length;
    return {f.centre + u * a + v * a, f.centre + u * b + v * a, f.centre + u * b + v * b,
            f.centre + u * a + v * b};
}

void addSegment(std::vector<QVector3D>& lines, const geometry::Vec3d& a, const geometry::Vec3d& b)
{
    lines.push_back(toQt(a));
    lines.push_back(toQt(b));
}

void addBox(std::vector<QVector3D>& lines, const geometry::Vec3d& p, double size)
{
    for (int axis = 0; axis < 3; ++axis) {
        for (int i = 0; i < 4; ++i) {
            geometry::Vec3d a, d;
            a[(axis + 1) % 3] = (i & 1) ? size : -size;
            a[(axis + 2) % 3] = (i & 2) ? size : -size;
            a[axis] = -size;
            d[axis] = 2 * size;
            addSegment(lines, p + a, p + a + d);
        }
    }
}

void addRing(std::vector<QVector3D>& lines, const geometry::Vec3d& centre, const geometry::Vec3d& u,
             const geometry::Vec3d& v)
{
    constexpr int kSegments = 48;
    for (int i = 0; i < kSegments; ++i) {
        const double t0 = 2 * 3.14159265358979323846 * i / kSegments;
        const double t1 = 2 * 3.14159265358979323846 * (i + 1) / kSegments;
        addSegment(lines, centre + u * std::cos(t0) + v * std::sin(t0),
                   centre + u * std::cos(t1) + v * std::sin(t1));
    }
}

/// Whether `node` carries a collider or trigger shape and its own scale is not the same on all axes: the
/// physics extensions discourage it (engines cannot scale every shape so).
bool shapeScaledUnevenly(const document::Document& doc, document::NodeIndex node)
{
    const physics::NodePhysics* p = doc.model().node(node);
    const gltf::Json* json = doc.gltf().element("nodes", node);
    if (!json || !p || !((p->collider && p->collider->shape >= 0) || (p->trigger && p->trigger->shape >= 0)))
        return false;
    const geometry::Vec3d s = document::nodeTransform(*json).trs.scale;
    const double lo = std::min({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)});
    const double hi = std::max({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)});
    return hi - lo > 1e-9 * hi;
}

/// A warning badge facing the camera beside `centre`: a triangle with an exclamation mark, `size` high.
void addWarningBadge(std::vector<QVector3D>& lines, const geometry::Vec3d& centre,
                     const geometry::Vec3d& right, const geometry::Vec3d& up, double size)
{
    const geometry::Vec3d base = centre + right * size + up * size;
    const geometry::Vec3d left = base, rightCorner = base + right * size,
                          top = base + right * (size / 2) + up * size;
    addSegment(lines, left, rightCorner);
    addSegment(lines, rightCorner, top);
    addSegment(lines, top, left);
    const geometry::Vec3d mid = base + right * (size / 2);
    addSegment(lines, mid + up * (0.35 * size), mid + up * (0.75 * size));
    addSegment(lines, mid + up * (0.15 * size), mid + up * (0.22 * size));
}

} // namespace

void GizmoController::refresh()
{
    if (!m_viewport)
        return;
    m_warning = false;
    Viewport::GizmoLines lines;
    const auto current = m_document ? m_document->currentNode() : std::nullopt;
    if (current && *current < m_document->gltf().count("nodes")) {
        const geometry::Mat4d world = document::nodeWorldMatrix(*m_document, *current);
        const GizmoFrame f = frameOf(world, arrowLength());
        const double length = f.length, head = length * 0.1;
        for (int axis = 0; axis < 3; ++axis) {
            std::vector<QVector3D>& part = lines.axes[size_t(axis)];
            const geometry::Vec3d a = axisOf(f, axis, m_local), side = axisOf(f, (axis + 1) % 3, m_local);
            switch (m_tool) {
            case Tool::Move: {
                const geometry::Vec3d tip = f.centre + a * length;
                addSegment(part, f.centre, tip);
                addSegment(part, tip, tip - a * head + side * head * 0.5);
                addSegment(part, tip, tip - a * head - side * head * 0.5);
                const auto square = planeSquare(f, axis, m_local);
                for (size_t i = 0; i < 4; ++i)
                    addSegment(part, square[i], square[(i + 1) % 4]);
                break;
            }
            case Tool::Rotate:
                addRing(part, f.centre, axisOf(f, (axis + 1) % 3, m_local) * length,
                        axisOf(f, (axis + 2) % 3, m_local) * length);
                break;
            case Tool::Scale: {
                const geometry::Vec3d tip = f.centre + f.ownAxes[size_t(axis)] * length;
                addSegment(part, f.centre, tip);
                addBox(part, tip, head * 0.4);
                break;
            }
            }
        }
        // Two directions across the screen.
        const geometry::Vec3d view = viewDirection(*m_viewport);
        geometry::Vec3d u = geometry::cross(view, geometry::Vec3d(m_viewport->camera().up()));
        if (geometry::lengthSquared(u) == 0)
            u = geometry::cross(view, geometry::Vec3d{1, 0, 0});
        u = geometry::normalized(u);
        const geometry::Vec3d v = geometry::normalized(geometry::cross(u, view));
        if (m_tool == Tool::Rotate) // the outer ring turns about the view direction
            addRing(lines.view, f.centre, u * (kViewRing * length), v * (kViewRing * length));
        m_warning = shapeScaledUnevenly(*m_document, *current);
        if (m_warning)
            addWarningBadge(lines.warning, f.centre, u, v, 0.3 * length);
        if (const auto target = document::handleTarget(*m_document, *current)) {
            const double size = length * 0.06;
            lines.handleColor = handleColor(*target);
            for (const geometry::ShapeHandle& h : target->handles) {
                const geometry::Vec3d p = geometry::transformPoint(world, h.position);
                addBox(lines.handles, p, size * 0.5);
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
    const GizmoFrame f = frameOf(world, arrowLength());
    const double length = f.length, tolerance = length * 0.08;
    // Shape handles first: they sit on the shape, the gizmo starts at its centre.
    double best = tolerance;
    std::optional<geometry::ShapeHandle> handle;
    if (const auto target = document::handleTarget(*m_document, *current)) {
        for (const geometry::ShapeHandle& h : target->handles) {
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
        showValue();
        return m_drag.has_value();
    }
    int axis = -1;
    bool plane = false;
    for (int a = 0; a < 3; ++a) {
        const geometry::Vec3d unit = axisOf(f, a, m_local);
        double d = best;
        switch (m_tool) {
        case Tool::Move: {
            // A plane square is hit when the ray meets its plane inside it.
            if (const auto hit = geometry::intersectPlane(ray, f.centre, unit)) {
                const double lu = geometry::dot(*hit - f.centre, axisOf(f, (a + 1) % 3, m_local));
                const double lv = geometry::dot(*hit - f.centre, axisOf(f, (a + 2) % 3, m_local));
                if (lu >= 0.25 * length && lu <= 0.4 * length && lv >= 0.25 * length && lv <= 0.4 * length) {
                    best = 0;
                    axis = a;
                    plane = true;
                    continue;
                }
            }
            // The arrow without its first fifth, so that a click at the centre is not taken for an axis.
            d = geometry::rayToSegmentDistance(ray, f.centre + unit * (0.2 * length),
                                               f.centre + unit * length);
            break;
        }
        case Tool::Rotate:
            d = geometry::ringDistance(ray, f.centre, unit, length).value_or(best);
            break;
        case Tool::Scale:
            d = geometry::rayToSegmentDistance(ray, f.centre + f.ownAxes[size_t(a)] * (0.2 * length),
                                               f.centre + f.ownAxes[size_t(a)] * length);
            break;
        }
        if (d < best) {
            best = d;
            axis = a;
            plane = false;
        }
    }
    if (m_tool == Tool::Rotate) {
        // The outer ring about the view direction, where no axis ring is nearer.
        const geometry::Vec3d view = viewDirection(*m_viewport);
        const double d = geometry::ringDistance(ray, f.centre, view, kViewRing * length).value_or(best);
        if (d < best) {
            m_drag = document::HandleDragSession::rotateAboutDirection(*m_document, *current, view, ray);
            if (m_drag)
                m_drag->setAngleStep(m_angleStep);
            showValue();
            return m_drag.has_value();
        }
    }
    if (axis < 0)
        return false;
    switch (m_tool) {
    case Tool::Move:
        m_drag = plane ? document::HandleDragSession::moveInPlane(*m_document, *current, axis, ray)
                       : document::HandleDragSession::moveAlongAxis(*m_document, *current, axis, ray);
        break;
    case Tool::Rotate:
        m_drag = document::HandleDragSession::rotateAbout(*m_document, *current, axis, ray);
        break;
    case Tool::Scale:
        m_drag = document::HandleDragSession::scaleAlong(*m_document, *current, axis, ray);
        break;
    }
    if (m_drag) {
        m_drag->setAngleStep(m_angleStep);
        m_drag->setOwnAxes(m_local);
    }
    showValue();
    return m_drag.has_value();
}

void GizmoController::showValue()
{
    // Next to the cursor, as a tooltip: it floats over the viewport's native window, which widgets cannot.
    if (m_drag && !m_drag->valueText().empty())
        QToolTip::showText(QCursor::pos() + QPoint(16, 16), valueText());
    else
        QToolTip::hideText();
}

void GizmoController::dragMoved(const QVector3D& origin, const QVector3D& direction,
                                Qt::KeyboardModifiers modifiers)
{
    if (!m_drag)
        return;
    const double step = (modifiers & Qt::ControlModifier) ? m_step : 0.0;
    m_drag->update(rayOf(origin, direction), step, (modifiers & Qt::AltModifier) != 0);
    showValue();
}

void GizmoController::dragReleased()
{
    if (m_drag)
        m_drag->finish();
    m_drag.reset();
    showValue();
    refresh();
}

void GizmoController::dragCancelled()
{
    if (m_drag)
        m_drag->cancel();
    m_drag.reset();
    showValue();
    refresh();
}

} // namespace cs::ui
