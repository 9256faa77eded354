#include "scene/ShapeGeometryCache.h"

#include "physics/ShapeMesh.h"

namespace cs::scene {

std::optional<geometry::ShapeGeometry> ShapeGeometryCache::geometryOf(const physics::Shape& shape)
{
    using physics::ShapeType;
    if (shape.opaque)
        return std::nullopt;
    geometry::ShapeGeometry g;
    switch (shape.type) {
    case ShapeType::Box:
        return geometry::ShapeGeometry::box({shape.size[0], shape.size[1], shape.size[2]});
    case ShapeType::Sphere:
        return geometry::ShapeGeometry::sphere(shape.radius);
    case ShapeType::Capsule:
        return geometry::ShapeGeometry::capsule(shape.height, shape.radiusBottom, shape.radiusTop);
    case ShapeType::Cylinder:
        return geometry::ShapeGeometry::cylinder(shape.height, shape.radiusBottom, shape.radiusTop);
    case ShapeType::Convex:
    case ShapeType::Trimesh: {
        if (shape.mesh < 0)
            return std::nullopt;
        auto it = m_meshes.find(shape.mesh);
        if (it == m_meshes.end()) {
            auto triangles = physics::shapeMeshTriangles(m_doc, m_family, static_cast<size_t>(shape.mesh));
            std::shared_ptr<const gltf::TriangleMesh> mesh;
            if (triangles)
                mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles.value));
            it = m_meshes.emplace(shape.mesh, std::move(mesh)).first;
        }
        if (!it->second)
            return std::nullopt;
        g.kind = shape.type == ShapeType::Convex ? geometry::ShapeKind::Convex : geometry::ShapeKind::Trimesh;
        g.mesh = it->second;
        return g;
    }
    }
    return std::nullopt;
}

} // namespace cs::scene
