#pragma once

#include "geometry/Shape.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"

#include <map>
#include <optional>

namespace cs::scene {

/// Turns physics shapes into geometry, reading each mesh a convex or trimesh shape names once, as a file of
/// `family` means it (physics::shapeMeshTriangles: posed for KHR, undeformed for OMI). Valid for one state of
/// the document: make a new cache after meshes change.
class ShapeGeometryCache
{
public:
    ShapeGeometryCache(const gltf::GltfDocument& doc, physics::SourceFormat family)
        : m_doc(doc), m_family(family)
    {}

    /// The shape's geometry, or nothing when it cannot be drawn (unknown type, missing or broken mesh).
    std::optional<geometry::ShapeGeometry> geometryOf(const physics::Shape& shape);

private:
    const gltf::GltfDocument& m_doc;
    physics::SourceFormat m_family;
    std::map<int, std::shared_ptr<const gltf::TriangleMesh>> m_meshes; ///< null: the mesh could not be read
};

} // namespace cs::scene
