#include "document/NodeOperationsDrag.h"

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/NodeOperations.h"
#include "scene/ShapeGeometryCache.h"

#include <QUndoStack>
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
    const int parent = document.sceneGraph().parent(node);
    if (parent >= 0)
        s.m_parentWorld = nodeWorldMatrix(document, NodeIndex(parent));
    if (!geometry::affineInverse(s.m_parentWorld, s.m_parentInverse))
        return std::nullopt;
    return s;
}

std::optional<HandleDragSession> HandleDragSession::shapeHandle(Document& document, NodeIndex node,
                                                                const geometry::ShapeHandle& handle,
                                                                const geometry::Ray& start)
{
    const gltf::Json* json = document.gltf().element("nodes", node);
    const physics::NodePhysics* p = document.model().node(node);
    if (!json || !p)
        return std::nullopt;
    int shape = -1;
    if (p->collider && p->collider->shape >= 0)
        shape = p->collider->shape;
    else if (p->trigger && p->trigger->shape >= 0)
        shape = p->trigger->shape;
    if (shape < 0 || size_t(shape) >= document.model().shapes.size())
        return std::nullopt;
    scene::ShapeGeometryCache cache(document.gltf());
    const auto geometry = cache.geometryOf(document.model().shapes[size_t(shape)]);
    if (!geometry || geometry->kind == geometry::ShapeKind::Convex ||
        geometry->kind == geometry::ShapeKind::Trimesh)
        return std::nullopt;
    HandleDragSession s(document, node, start);
    s.m_shape = shape;
    s.m_geometry = *geometry;
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
    m_document->undoStack()->beginMacro(m_axis >= 0 ? QStringLiteral("Move Node")
                                                    : QStringLiteral("Resize Shape"));
    m_open = true;
}

bool HandleDragSession::update(const geometry::Ray& current, double step, bool symmetric)
{
    if (m_axis >= 0) {
        const geometry::Vec3d origin = geometry::transformPoint(m_parentWorld, m_trs.translation);
        geometry::Vec3d axis;
        axis[m_axis] = 1;
        const auto delta = geometry::dragAlongAxis(m_start, current, origin, axis);
        if (!delta)
            return false;
        geometry::Vec3d world = origin;
        world[m_axis] = geometry::snap(origin[m_axis] + *delta, step);
        geometry::Trs trs = m_trs;
        trs.translation = geometry::transformPoint(m_parentInverse, world);
        begin();
        setNodeTransforms(*m_document, {{m_node, trs}});
        static const char* names[] = {"x", "y", "z"};
        m_text = metres(names[m_axis], world[m_axis]);
        return true;
    }
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
        m_document->push(new SetShapeSize(m_document, shape, physics::Vec3{g.size.x, g.size.y, g.size.z}));
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
