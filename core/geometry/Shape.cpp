#include "geometry/Shape.h"

#include <algorithm>
#include <cmath>

namespace cs::geometry {

ShapeGeometry ShapeGeometry::box(const Vec3d& size)
{
    ShapeGeometry s;
    s.kind = ShapeKind::Box;
    s.size = size;
    return s;
}

ShapeGeometry ShapeGeometry::sphere(double radius)
{
    ShapeGeometry s;
    s.kind = ShapeKind::Sphere;
    s.radius = radius;
    return s;
}

ShapeGeometry ShapeGeometry::capsule(double height, double radiusBottom, double radiusTop)
{
    ShapeGeometry s;
    s.kind = ShapeKind::Capsule;
    s.height = height;
    s.radiusBottom = radiusBottom;
    s.radiusTop = radiusTop;
    return s;
}

ShapeGeometry ShapeGeometry::cylinder(double height, double radiusBottom, double radiusTop)
{
    ShapeGeometry s = capsule(height, radiusBottom, radiusTop);
    s.kind = ShapeKind::Cylinder;
    return s;
}

ShapeGeometry ShapeGeometry::convex(gltf::TriangleMesh mesh)
{
    ShapeGeometry s;
    s.kind = ShapeKind::Convex;
    s.mesh = std::make_shared<const gltf::TriangleMesh>(std::move(mesh));
    return s;
}

ShapeGeometry ShapeGeometry::trimesh(gltf::TriangleMesh mesh)
{
    ShapeGeometry s = convex(std::move(mesh));
    s.kind = ShapeKind::Trimesh;
    return s;
}

CapsuleProfile capsuleProfile(double height, double radiusBottom, double radiusTop)
{
    CapsuleProfile p;
    p.y0 = -height / 2;
    p.y1 = height / 2;
    p.r0 = std::max(0.0, radiusBottom);
    p.r1 = std::max(0.0, radiusTop);
    const double d = p.y1 - p.y0;
    if (d <= std::fabs(p.r0 - p.r1)) {
        p.single = true;
        p.which = p.r0 >= p.r1 ? 0 : 1;
        return p;
    }
    // The tangent cone leans towards the smaller sphere: its contact circles sit off the equators by
    // r * sin(a), where sin(a) = (r0 - r1) / d.
    const double s = (p.r0 - p.r1) / d;
    const double c = std::sqrt(std::max(0.0, 1.0 - s * s));
    p.tangent0 = p.y0 + p.r0 * s;
    p.ring0 = p.r0 * c;
    p.tangent1 = p.y1 + p.r1 * s;
    p.ring1 = p.r1 * c;
    return p;
}

} // namespace cs::geometry
