#include "simulation/ShapeScaling.h"

#include "geometry/ScaleRule.h"

#include <cmath>
#include <numbers>

namespace cs::simulation {

using geometry::ShapeGeometry;
using geometry::ShapeKind;
using geometry::Vec3d;

namespace {

/// Relative difference of the scale factors below which a round shape stays round in the preview.
constexpr double kUniformTolerance = 1e-6;

constexpr int Segments = 32; // a 32-gon is within cos(pi/32) = 99.5% of its circle's radius

void addRing(gltf::TriangleMesh& mesh, double y, double radius)
{
    if (radius <= 0) {
        mesh.positions.emplace_back(0.0f, float(y), 0.0f);
        return;
    }
    for (int i = 0; i < Segments; ++i) {
        const double a = 2 * std::numbers::pi * i / Segments;
        mesh.positions.emplace_back(float(radius * std::cos(a)), float(y), float(radius * std::sin(a)));
    }
}

/// A sphere's points as rings of latitude, offset by `centerY`.
void addSphere(gltf::TriangleMesh& mesh, double centerY, double radius)
{
    constexpr int Rings = Segments / 2;
    for (int j = 0; j <= Rings; ++j) {
        const double phi = std::numbers::pi * j / Rings - std::numbers::pi / 2;
        addRing(mesh, centerY + radius * std::sin(phi), radius * std::cos(phi));
    }
}

} // namespace

gltf::TriangleMesh roundShapePoints(const ShapeGeometry& shape)
{
    gltf::TriangleMesh mesh;
    switch (shape.kind) {
    case ShapeKind::Sphere:
        addSphere(mesh, 0, shape.radius);
        break;
    case ShapeKind::Capsule:
        addSphere(mesh, -shape.height / 2, shape.radiusBottom);
        addSphere(mesh, shape.height / 2, shape.radiusTop);
        break;
    case ShapeKind::Cylinder:
        addRing(mesh, -shape.height / 2, shape.radiusBottom);
        addRing(mesh, shape.height / 2, shape.radiusTop);
        break;
    default:
        break;
    }
    return mesh;
}

ShapeGeometry scaledShape(const ShapeGeometry& shape, const Vec3d& scale, Diagnostics& notes,
                          const std::string& pointer)
{
    const Vec3d s{std::fabs(scale.x), std::fabs(scale.y), std::fabs(scale.z)};
    if (s == Vec3d{1, 1, 1})
        return shape;
    auto scaleMesh = [&](const gltf::TriangleMesh& source) {
        gltf::TriangleMesh mesh = source;
        for (QVector3D& p : mesh.positions)
            p = QVector3D(float(p.x() * s.x), float(p.y() * s.y), float(p.z() * s.z));
        return mesh;
    };
    switch (shape.kind) {
    case ShapeKind::Box:
        return ShapeGeometry::box({shape.size.x * s.x, shape.size.y * s.y, shape.size.z * s.z});
    case ShapeKind::Convex:
        return shape.mesh ? ShapeGeometry::convex(scaleMesh(*shape.mesh)) : shape;
    case ShapeKind::Trimesh:
        return shape.mesh ? ShapeGeometry::trimesh(scaleMesh(*shape.mesh)) : shape;
    case ShapeKind::Sphere:
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder:
        break;
    }
    if (!geometry::nonUniformScale(s, kUniformTolerance)) {
        ShapeGeometry g = shape;
        g.radius *= s.x;
        g.height *= s.x;
        g.radiusTop *= s.x;
        g.radiusBottom *= s.x;
        return g;
    }
    notes.push_back(makeWarning("SIM_SCALED_ROUND_SHAPE",
                                "A sphere, capsule or cylinder under a non-uniform scale is simulated as the "
                                "convex hull of its scaled surface",
                                pointer));
    return ShapeGeometry::convex(scaleMesh(roundShapePoints(shape)));
}

} // namespace cs::simulation
