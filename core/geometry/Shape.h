#pragma once

#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <memory>

namespace cs::geometry {

enum class ShapeKind
{
    Box,
    Sphere,
    Capsule,
    Cylinder,
    Convex,
    Trimesh
};

/// A collision shape as geometry alone, in its node's space, following OMI_physics_shape: centred on the
/// node, capsules and cylinders along +Y. Metres. Independent of the physics model so that geometry stays
/// below it.
struct ShapeGeometry
{
    ShapeKind kind = ShapeKind::Box;
    Vec3d size{1, 1, 1}; ///< box: full extents
    double radius = 0.5; ///< sphere
    /// capsule: distance between the hemisphere centres (mid-height); cylinder: full height
    double height = 1.0;
    double radiusTop = 0.5;    ///< capsule/cylinder end at +Y
    double radiusBottom = 0.5; ///< capsule/cylinder end at -Y
    /// convex (the hull of its positions) and trimesh (its triangles); shared, never modified
    std::shared_ptr<const gltf::TriangleMesh> mesh;

    static ShapeGeometry box(const Vec3d& size);
    static ShapeGeometry sphere(double radius);
    static ShapeGeometry capsule(double height, double radiusBottom, double radiusTop);
    static ShapeGeometry cylinder(double height, double radiusBottom, double radiusTop);
    static ShapeGeometry convex(gltf::TriangleMesh mesh);
    static ShapeGeometry trimesh(gltf::TriangleMesh mesh);
};

/// The outline of a tapered capsule: two spheres (radius r0 at y0 below, r1 at y1 above) joined by the cone
/// tangent to both, which touches them at heights tangent0 and tangent1 with radii ring0 and ring1. When one
/// sphere contains the other, the capsule is that sphere alone (single = true, sphere 0 or 1 by `which`).
struct CapsuleProfile
{
    double y0 = 0, r0 = 0, y1 = 0, r1 = 0;
    double tangent0 = 0, ring0 = 0, tangent1 = 0, ring1 = 0;
    bool single = false;
    int which = 0;
};
CapsuleProfile capsuleProfile(double height, double radiusBottom, double radiusTop);

} // namespace cs::geometry
