#include "tools/GizmoController.h"

#include "document/Document.h"
#include "document/NodeEdits.h"
#include "geometry/GizmoParts.h"
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
    return geometry::gizmoLength(double(m_viewport->camera().distance()));
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

/// The lines of one gizmo part, as geometry::gizmoParts sized it.
void addPart(std::vector<QVector3D>& lines, const geometry::GizmoPart& part)
{
    const double head = part.length * geometry::kGizmoHead;
    switch (part.kind) {
    case geometry::GizmoPartKind::Arrow: {
        const geometry::Vec3d tip = part.centre + part.direction * part.length;
        addSegment(lines, part.centre, tip);
        addSegment(lines, tip, tip - part.direction * head + part.side * head * 0.5);
        addSegment(lines, tip, tip - part.direction * head - part.side * head * 0.5);
        break;
    }
    case geometry::GizmoPartKind::Plane: {
        const auto square = geometry::planeSquare(part);
        for (size_t i = 0; i < 4; ++i)
            addSegment(lines, square[i], square[(i + 1) % 4]);
        break;
    }
    case geometry::GizmoPartKind::Ring:
    case geometry::GizmoPartKind::ViewRing:
        addRing(lines, part.centre, part.u, part.v);
        break;
    case geometry::GizmoPartKind::ScaleArrow: {
        const geometry::Vec3d tip = part.centre + part.direction * part.length;
        addSegment(lines, part.centre, tip);
        addBox(lines, tip, head * 0.4);
        break;
    }
    }
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

/// Where the handles of `target` are drawn and picked, in the world.
std::vector<geometry::Vec3d> handlePoints(const document::HandleTarget& target, const geometry::Mat4d& world)
{
    std::vector<geometry::Vec3d> points;
    points.reserve(target.handles.size());
    for (const geometry::ShapeHandle& h : target.handles)
        points.push_back(geometry::transformPoint(world, h.position));
    return points;
}

} // namespace

geometry::GizmoFrame GizmoController::frameOf(const geometry::Mat4d& world) const
{
    const QVector3D view = (m_viewport->camera().target() - m_viewport->camera().position()).normalized();
    return geometry::gizmoFrame(world, arrowLength(), m_local, geometry::Vec3d(view),
                                geometry::Vec3d(m_viewport->camera().up()));
}

void GizmoController::refresh()
{
    if (!m_viewport)
        return;
    m_warning = false;
    Viewport::GizmoLines lines;
    const auto current = m_document ? m_document->currentNode() : std::nullopt;
    if (current && *current < m_document->gltf().count("nodes")) {
        const geometry::Mat4d world = document::nodeWorldMatrix(*m_document, *current);
        const geometry::GizmoFrame f = frameOf(world);
        for (const geometry::GizmoPart& part : geometry::gizmoParts(f, m_tool))
            addPart(part.axis >= 0 ? lines.axes[size_t(part.axis)] : lines.view, part);
        m_warning = document::shapeScaledUnevenly(*m_document, *current);
        if (m_warning)
            addWarningBadge(lines.warning, f.centre, f.screenU, f.screenV, 0.3 * f.length);
        if (const auto target = document::handleTarget(*m_document, *current)) {
            lines.handleColor = handleColor(*target);
            for (const geometry::Vec3d& p : handlePoints(*target, world))
                addBox(lines.handles, p, f.length * geometry::kGizmoHandleSize * 0.5);
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
    const geometry::GizmoFrame f = frameOf(world);
    const double tolerance = f.length * geometry::kGizmoPickTolerance;
    // Shape handles first: they sit on the shape, the gizmo starts at its centre.
    if (const auto target = document::handleTarget(*m_document, *current)) {
        if (const auto h = geometry::pickPoint(handlePoints(*target, world), ray, tolerance)) {
            m_drag =
                document::HandleDragSession::shapeHandle(*m_document, *current, target->handles[*h], ray);
            showValue();
            return m_drag.has_value();
        }
    }
    const auto part = geometry::pickGizmo(geometry::gizmoParts(f, m_tool), ray, tolerance);
    if (!part)
        return false;
    m_drag = startDrag(*part, *current, ray);
    if (m_drag) {
        m_drag->setAngleStep(m_angleStep);
        if (part->kind != geometry::GizmoPartKind::ViewRing)
            m_drag->setOwnAxes(m_local);
    }
    showValue();
    return m_drag.has_value();
}

std::optional<document::HandleDragSession> GizmoController::startDrag(const geometry::GizmoPart& part,
                                                                      document::NodeIndex node,
                                                                      const geometry::Ray& ray)
{
    using Session = document::HandleDragSession;
    switch (part.kind) {
    case geometry::GizmoPartKind::Arrow:
        return Session::moveAlongAxis(*m_document, node, part.axis, ray);
    case geometry::GizmoPartKind::Plane:
        return Session::moveInPlane(*m_document, node, part.axis, ray);
    case geometry::GizmoPartKind::Ring:
        return Session::rotateAbout(*m_document, node, part.axis, ray);
    case geometry::GizmoPartKind::ViewRing:
        return Session::rotateAboutDirection(*m_document, node, part.direction, ray);
    case geometry::GizmoPartKind::ScaleArrow:
        return Session::scaleAlong(*m_document, node, part.axis, ray);
    }
    return std::nullopt;
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
