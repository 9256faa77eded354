#include "document/RagdollPreview.h"

#include "geometry/Wireframe.h"

namespace cs::document {

geometry::ShapeGeometry ragdollBodyShape(const RagdollBody& body)
{
    return body.shape == RagdollShape::Box
               ? geometry::ShapeGeometry::box(body.size)
               : geometry::ShapeGeometry::capsule(body.height, body.radius, body.radius);
}

std::vector<std::vector<QVector3D>> ragdollPreviewLines(const RagdollPlan& plan)
{
    std::vector<std::vector<QVector3D>> parts;
    parts.reserve(plan.bodies.size());
    for (const RagdollBody& body : plan.bodies) {
        std::vector<QVector3D> lines = geometry::shapeWireframe(ragdollBodyShape(body), 24);
        for (QVector3D& p : lines) {
            const geometry::Vec3d world =
                body.centre + geometry::rotate(body.rotation, geometry::Vec3d{p.x(), p.y(), p.z()});
            p = QVector3D(float(world.x), float(world.y), float(world.z));
        }
        parts.push_back(std::move(lines));
    }
    return parts;
}

} // namespace cs::document
