#include "document/HandleDragSession.h"

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/NodeEdits.h"
#include "scene/ShapeGeometryCache.h"

#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cs::document {

namespace {

std::string metres(const char* what, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%s %.3f m", what, value);
    return buffer;
}

geometry::Ray localRay(const geometry::Mat4d& inverse, const geometry::Ray& ray)
{
    return {geometry::transformPoint(inverse, ray.origin), geometry::transformVector(inverse, ray.direction)};
}

} // namespace

HandleDragSession::HandleDragSession(Document& document, NodeIndex node, const geometry::Ray& start)
    : m_document(&document), m_node(node), m_start(start)
{}

std::optional<HandleDragSession> HandleDragSession::moveAlongAxis(Document& document, NodeIndex node,
                                                                  int axis, const geometry::Ray& start)
{
    const gltf::Json* json = document.gltf().element("nodes", node);
    if (!json || axis < 0 || axis > 2)
        return std::nullopt;
    HandleDragSession s(document, node, start);
    s.m_axis = axis;
    s.m_trs = nodeTransform(*json).trs;
    if (const std::optional<NodeIndex> parent = document.sceneGraph().parent(node))
        s.m_parentWorld = nodeWorldMatrix(document, *parent);
    if (!geometry::affineInverse(s.m_parentWorld, s.m_parentInverse))
        return std::nullopt;
    return s;
}

std::optional<HandleDragSession> HandleDragSession::moveInPlane(Document& document, NodeIndex node,
                                                                int normalAxis, const geometry::Ray& start)
{
    auto s = moveAlongAxis(document, node, normalAxis, start);
    if (s)
        s->m_kind = Kind::Plane;
    return s;
}

std::optional<HandleDragSession> HandleDragSession::rotateAbout(Document& document, NodeIndex node, int axis,
                                                                const geometry::Ray& start)
{
    auto s = moveAlongAxis(document, node, axis, start);
    if (s)
        s->m_kind = Kind::Rotate;
    return s;
}

std::optional<HandleDragSession> HandleDragSession::scaleAlong(Document& document, NodeIndex node, int axis,
                                                               const geometry::Ray& start)
{
    auto s = moveAlongAxis(document, node, axis, start);
    if (!s || !geometry::affineInverse(nodeWorldMatrix(document, node), s->m_worldInverse))
        return std::nullopt;
    s->m_kind = Kind::Scale;
    return s;
}

std::optional<HandleDragSession> HandleDragSession::rotateAboutDirection(Document& document, NodeIndex node,
                                                                         const geometry::Vec3d& axis,
                                                                         const geometry::Ray& start)
{
    if (geometry::lengthSquared(axis) == 0)
        return std::nullopt;
    auto s = rotateAbout(document, node, 0, start);
    if (s)
        s->m_freeAxis = geometry::normalized(axis);
    return s;
}

std::optional<HandleTarget> handleTarget(const Document& document, NodeIndex node)
{
    const physics::NodePhysics* p = document.model().node(node);
    if (!p)
        return std::nullopt;
    HandleTarget t;
    int shape = -1;
    if (p->collider && p->collider->shape >= 0) {
        shape = p->collider->shape;
    } else if (p->trigger && p->trigger->shape >= 0) {
        shape = p->trigger->shape;
        t.trigger = true;
    }
    if (shape < 0 || size_t(shape) >= document.model().shapes.size())
        return std::nullopt;
    t.shape = size_t(shape);
    const physics::Shape& s = document.model().shapes[t.shape];
    if (s.isPlane()) {
        if (s.plane->infinite())
            return std::nullopt;
        t.plane = s.plane;
        t.geometry =
            geometry::ShapeGeometry::box({s.plane->sizeX.value_or(0.0), 0.0, s.plane->sizeZ.value_or(0.0)});
        for (const geometry::ShapeHandle& h : geometry::shapeHandles(t.geometry)) {
            // The X faces set sizeX and the Z faces sizeZ, each only where the plane has that size.
            if ((h.axis == 0 && s.plane->sizeX) || (h.axis == 2 && s.plane->sizeZ))
                t.handles.push_back(h);
        }
    } else {
        scene::ShapeGeometryCache cache(document.gltf(), document.model().format);
        const auto geometry = cache.geometryOf(s);
        if (!geometry || geometry->kind == geometry::ShapeKind::Convex ||
            geometry->kind == geometry::ShapeKind::Trimesh)
            return std::nullopt;
        t.geometry = *geometry;
        t.handles = geometry::shapeHandles(t.geometry);
    }
    // The body a collider belongs to: the node's own motion, else the nearest ancestor's.
    const gltf::SceneGraph& graph = document.sceneGraph();
    const auto hasMotion = [&](NodeIndex n) {
        const physics::NodePhysics* q = document.model().node(n);
        return q && q->motion;
    };
    if (const std::optional<NodeIndex> owner = graph.findUp(node, hasMotion))
        t.motion = document.model().node(*owner)->motion->type;
    return t;
}

std::optional<HandleDragSession> HandleDragSession::shapeHandle(Document& document, NodeIndex node,
                                                                const geometry::ShapeHandle& handle,
                                                                const geometry::Ray& start)
{
    const gltf::Json* json = document.gltf().element("nodes", node);
    const auto target = handleTarget(document, node);
    if (!json || !target)
        return std::nullopt;
    HandleDragSession s(document, node, start);
    s.m_kind = Kind::Shape;
    s.m_shape = int(target->shape);
    s.m_geometry = target->geometry;
    s.m_plane = target->plane;
    s.m_handle = handle;
    s.m_trs = nodeTransform(*json).trs;
    if (!geometry::affineInverse(nodeWorldMatrix(document, node), s.m_worldInverse))
        return std::nullopt;
    return s;
}

void HandleDragSession::begin()
{
    if (m_open)
        return;
    const char* names[] = {"Move Node", "Move Node", "Rotate Node", "Scale Node", "Resize Shape"};
    m_document->undoStack()->beginMacro(QString::fromLatin1(names[int(m_kind)]));
    m_open = true;
}

namespace {

const char* const kAxisNames[] = {"x", "y", "z"};

} // namespace

geometry::Vec3d HandleDragSession::ownAxis(int a) const
{
    // Rotation only: a parent without shear keeps the axes orthogonal.
    geometry::Vec3d unit;
    unit[a] = 1;
    const geometry::Vec3d d =
        geometry::transformVector(m_parentWorld, geometry::rotate(m_trs.rotation, unit));
    return geometry::lengthSquared(d) > 0 ? geometry::normalized(d) : unit;
}

bool HandleDragSession::moveAlong(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                                  const geometry::Vec3d& axis, geometry::Trs& trs)
{
    const auto delta = geometry::dragAlongAxis(m_start, current, origin, axis);
    if (!delta)
        return false;
    geometry::Vec3d world = origin;
    if (m_ownAxes) {
        // Along the node's own axis the distance moved snaps.
        const double moved = geometry::snap(*delta, step);
        world = origin + axis * moved;
        char text[128];
        std::snprintf(text, sizeof text, "local %s %+.3f m", kAxisNames[m_axis], moved);
        m_text = text;
    } else {
        world[m_axis] = geometry::snap(origin[m_axis] + *delta, step);
        m_text = metres(kAxisNames[m_axis], world[m_axis]);
    }
    trs.translation = geometry::transformPoint(m_parentInverse, world);
    return true;
}

bool HandleDragSession::moveInPlane(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                                    const geometry::Vec3d& axis, geometry::Trs& trs)
{
    const auto delta = geometry::dragInPlane(m_start, current, origin, axis);
    if (!delta)
        return false;
    const int u = std::min((m_axis + 1) % 3, (m_axis + 2) % 3),
              v = std::max((m_axis + 1) % 3, (m_axis + 2) % 3);
    geometry::Vec3d world = origin + *delta;
    char text[128];
    if (m_ownAxes) {
        const geometry::Vec3d du = ownAxis(u), dv = ownAxis(v);
        const double mu = geometry::snap(geometry::dot(*delta, du), step);
        const double mv = geometry::snap(geometry::dot(*delta, dv), step);
        world = origin + du * mu + dv * mv;
        std::snprintf(text, sizeof text, "local %s %+.3f m, local %s %+.3f m", kAxisNames[u], mu,
                      kAxisNames[v], mv);
    } else {
        for (int a = 0; a < 3; ++a)
            world[a] = a == m_axis ? origin[a] : geometry::snap(world[a], step);
        std::snprintf(text, sizeof text, "%s %.3f m, %s %.3f m", kAxisNames[u], world[u], kAxisNames[v],
                      world[v]);
    }
    trs.translation = geometry::transformPoint(m_parentInverse, world);
    m_text = text;
    return true;
}

bool HandleDragSession::turn(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                             const geometry::Vec3d& axis, geometry::Trs& trs)
{
    auto angle = geometry::dragRotation(m_start, current, origin, axis);
    if (!angle)
        return false;
    double degrees = *angle * 180.0 / 3.14159265358979323846;
    if (step > 0)
        degrees = geometry::snap(degrees, m_angleStep);
    geometry::Vec3d local = geometry::transformVector(m_parentInverse, axis);
    if (geometry::lengthSquared(local) == 0)
        return false;
    local = geometry::normalized(local);
    trs.rotation = geometry::normalized(
        geometry::quatFromAxisAngle(local, degrees * 3.14159265358979323846 / 180.0) * m_trs.rotation);
    char text[128];
    if (m_freeAxis)
        std::snprintf(text, sizeof text, "rotate %.1f\u00b0", degrees);
    else
        std::snprintf(text, sizeof text, "rotate %s%s %.1f\u00b0", m_ownAxes ? "local " : "",
                      kAxisNames[m_axis], degrees);
    m_text = text;
    return true;
}

bool HandleDragSession::scaleAlong(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                                   geometry::Trs& trs)
{
    geometry::Vec3d own;
    own[m_axis] = 1;
    const geometry::Mat4d world = geometry::toMatrix(m_trs);
    geometry::Vec3d direction =
        geometry::transformVector(m_parentWorld, geometry::transformVector(world, own));
    if (geometry::lengthSquared(direction) == 0)
        return false;
    direction = geometry::normalized(direction);
    const auto factor = geometry::dragScale(m_start, current, origin, direction);
    if (!factor)
        return false;
    double value = m_trs.scale[m_axis] * *factor;
    if (step > 0)
        value = geometry::snap(value, 0.1);
    // A zero scale would make the node's space singular: keep a thousandth, with the sign dragged to.
    if (std::fabs(value) < 1e-3)
        value = value < 0 ? -1e-3 : 1e-3;
    trs.scale[m_axis] = value;
    char text[128];
    std::snprintf(text, sizeof text, "scale %s %.3f", kAxisNames[m_axis], value);
    m_text = text;
    return true;
}

bool HandleDragSession::updateNode(const geometry::Ray& current, double step)
{
    const geometry::Vec3d origin = geometry::transformPoint(m_parentWorld, m_trs.translation);
    geometry::Vec3d axis;
    axis[m_axis] = 1;
    if (m_ownAxes)
        axis = ownAxis(m_axis);
    if (m_freeAxis)
        axis = *m_freeAxis;
    geometry::Trs trs = m_trs;
    bool moved = false;
    switch (m_kind) {
    case Kind::Axis:
        moved = moveAlong(current, step, origin, axis, trs);
        break;
    case Kind::Plane:
        moved = moveInPlane(current, step, origin, axis, trs);
        break;
    case Kind::Rotate:
        moved = turn(current, step, origin, axis, trs);
        break;
    case Kind::Scale:
        moved = scaleAlong(current, step, origin, trs);
        break;
    case Kind::Shape:
        break;
    }
    if (!moved)
        return false;
    begin();
    setNodeTransforms(*m_document, {{m_node, trs}});
    return true;
}

bool HandleDragSession::update(const geometry::Ray& current, double step, bool symmetric)
{
    if (m_kind != Kind::Shape)
        return updateNode(current, step);
    const geometry::Ray start = localRay(m_worldInverse, m_start);
    const geometry::Ray now = localRay(m_worldInverse, current);
    const auto delta = geometry::dragAlongAxis(start, now, m_handle.position, m_handle.direction);
    if (!delta)
        return false;
    const geometry::HandleDrag drag = geometry::dragHandle(m_geometry, m_handle, *delta, symmetric, step);
    begin();
    const size_t shape = size_t(m_shape);
    const geometry::ShapeGeometry& g = drag.shape;
    switch (m_handle.kind) {
    case geometry::HandleKind::BoxFace:
        if (m_plane) {
            physics::PlaneParams plane = *m_plane;
            (m_handle.axis == 0 ? plane.sizeX : plane.sizeZ) = g.size[m_handle.axis];
            m_document->push(new SetShapePlane(m_document, shape, plane));
        } else {
            m_document->push(
                new SetShapeSize(m_document, shape, physics::Vec3{g.size.x, g.size.y, g.size.z}));
        }
        m_text = metres(m_handle.axis == 0 ? "size x" : (m_handle.axis == 1 ? "size y" : "size z"),
                        g.size[m_handle.axis]);
        break;
    case geometry::HandleKind::Height:
        m_document->push(new SetShapeHeight(m_document, shape, g.height));
        m_text = metres("height", g.height);
        break;
    case geometry::HandleKind::Radius:
        if (g.kind == geometry::ShapeKind::Sphere) {
            m_document->push(new SetShapeRadius(m_document, shape, g.radius));
            m_text = metres("radius", g.radius);
        } else {
            m_document->push(new SetShapeRadiusTop(m_document, shape, g.radiusTop));
            m_document->push(new SetShapeRadiusBottom(m_document, shape, g.radiusBottom));
            m_text = metres("radius", g.radiusTop);
        }
        break;
    case geometry::HandleKind::RadiusTop:
        m_document->push(new SetShapeRadiusTop(m_document, shape, g.radiusTop));
        m_text = metres("top radius", g.radiusTop);
        break;
    case geometry::HandleKind::RadiusBottom:
        m_document->push(new SetShapeRadiusBottom(m_document, shape, g.radiusBottom));
        m_text = metres("bottom radius", g.radiusBottom);
        break;
    }
    // The opposite face stays where it was: the node moves by the centre's shift.
    geometry::Trs trs = m_trs;
    trs.translation = m_trs.translation + geometry::localToParent(m_trs, drag.centreShift);
    setNodeTransforms(*m_document, {{m_node, trs}});
    return true;
}

void HandleDragSession::finish()
{
    if (!m_open)
        return;
    m_document->undoStack()->endMacro();
    m_open = false;
}

void HandleDragSession::cancel()
{
    if (!m_open)
        return;
    QUndoStack* stack = m_document->undoStack();
    stack->endMacro();
    m_open = false;
    stack->undo();
}

} // namespace cs::document
