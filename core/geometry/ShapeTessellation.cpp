#include "geometry/ShapeTessellation.h"

#include "geometry/ConvexHull.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace cs::geometry {

namespace {

/// A point of a profile turned about +Y: its distance from the axis and its height.
struct ProfilePoint
{
    double r = 0, y = 0;
};

void addTriangle(gltf::TriangleMesh& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c)
{
    mesh.indices.insert(mesh.indices.end(), {a, b, c});
}

/// Each face of a box a grid of n x n squares.
gltf::TriangleMesh boxSurface(const Vec3d& size, int n)
{
    gltf::TriangleMesh mesh;
    const Vec3d half = size * 0.5;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3; // u x v points along +axis
        for (const double side : {-1.0, 1.0}) {
            const auto first = std::uint32_t(mesh.positions.size());
            for (int j = 0; j <= n; ++j) {
                for (int i = 0; i <= n; ++i) {
                    Vec3d p;
                    p[axis] = side * half[axis];
                    p[u] = half[u] * (2.0 * i / n - 1);
                    p[v] = half[v] * (2.0 * j / n - 1);
                    mesh.positions.push_back(p.toQt());
                }
            }
            for (int j = 0; j < n; ++j) {
                for (int i = 0; i < n; ++i) {
                    const std::uint32_t a = first + std::uint32_t(j * (n + 1) + i), b = a + 1,
                                        c = a + std::uint32_t(n + 1), d = c + 1;
                    if (side > 0) {
                        addTriangle(mesh, a, b, d);
                        addTriangle(mesh, a, d, c);
                    } else {
                        addTriangle(mesh, a, d, b);
                        addTriangle(mesh, a, c, d);
                    }
                }
            }
        }
    }
    return mesh;
}

/// The profile (from the bottom up) turned about +Y in `around` steps; a point on the axis is one vertex.
gltf::TriangleMesh revolve(const std::vector<ProfilePoint>& profile, int around)
{
    gltf::TriangleMesh mesh;
    std::vector<std::pair<std::uint32_t, bool>> rings; // first vertex, on the axis
    for (const ProfilePoint& p : profile) {
        const bool axis = !(p.r > 0);
        rings.emplace_back(std::uint32_t(mesh.positions.size()), axis);
        for (int k = 0; k < (axis ? 1 : around); ++k) {
            const double a = 2 * std::numbers::pi * k / around;
            mesh.positions.emplace_back(float(p.r * std::cos(a)), float(p.y), float(-p.r * std::sin(a)));
        }
    }
    for (size_t s = 0; s + 1 < rings.size(); ++s) {
        const auto [lo, loAxis] = rings[s];
        const auto [hi, hiAxis] = rings[s + 1];
        for (int k = 0; k < around; ++k) {
            const auto k1 = std::uint32_t((k + 1) % around);
            const auto k0 = std::uint32_t(k);
            if (loAxis && hiAxis)
                break;
            if (loAxis)
                addTriangle(mesh, lo, hi + k1, hi + k0);
            else if (hiAxis)
                addTriangle(mesh, lo + k0, lo + k1, hi);
            else {
                addTriangle(mesh, lo + k0, lo + k1, hi + k1);
                addTriangle(mesh, lo + k0, hi + k1, hi + k0);
            }
        }
    }
    return mesh;
}

/// An arc of the circle of radius r about (0, cy) from angle a0 to a1 (radians from the +r direction
/// towards +Y), in steps of at most 2 pi / around. The poles (+-pi / 2) sit exactly on the axis.
void appendArc(std::vector<ProfilePoint>& out, double cy, double r, double a0, double a1, int around)
{
    const double half = std::numbers::pi / 2;
    const int steps = std::max(1, int(std::ceil((a1 - a0) / (2 * std::numbers::pi) * around - 1e-9)));
    for (int i = 0; i <= steps; ++i) {
        const double a = a0 + (a1 - a0) * i / steps;
        const bool pole = (i == 0 && a0 == -half) || (i == steps && a1 == half);
        out.push_back({pole ? 0.0 : r * std::cos(a), cy + r * std::sin(a)});
    }
}

std::vector<ProfilePoint> capsuleOutline(const ShapeGeometry& shape, int around)
{
    const CapsuleProfile c = capsuleProfile(shape.height, shape.radiusBottom, shape.radiusTop);
    const double half = std::numbers::pi / 2;
    std::vector<ProfilePoint> out;
    if (c.single) {
        appendArc(out, c.which == 0 ? c.y0 : c.y1, c.which == 0 ? c.r0 : c.r1, -half, half, around);
        return out;
    }
    // Both arcs end where the tangent cone touches them, at the angle whose sine is (r0 - r1) / d.
    const double tangent = std::asin(std::clamp((c.r0 - c.r1) / (c.y1 - c.y0), -1.0, 1.0));
    appendArc(out, c.y0, c.r0, -half, tangent, around);
    appendArc(out, c.y1, c.r1, tangent, half, around);
    return out;
}

std::vector<ProfilePoint> cylinderOutline(const ShapeGeometry& shape, int around)
{
    const int steps = std::max(2, around / 4);
    const double y0 = -shape.height / 2, y1 = shape.height / 2;
    const double r0 = std::max(0.0, shape.radiusBottom), r1 = std::max(0.0, shape.radiusTop);
    std::vector<ProfilePoint> out;
    out.reserve(3 * size_t(steps) + 1);
    for (int i = 0; i < steps; ++i) // the bottom end, from its centre out
        out.push_back({r0 * i / steps, y0});
    for (int i = 0; i <= steps; ++i) // the side
        out.push_back({r0 + (r1 - r0) * i / steps, y0 + (y1 - y0) * i / steps});
    for (int i = steps - 1; i >= 0; --i) // the top end, back to its centre
        out.push_back({r1 * i / steps, y1});
    return out;
}

} // namespace

gltf::TriangleMesh tessellateShape(const ShapeGeometry& shape, int segments)
{
    const int around = std::clamp(segments, 8, 256);
    switch (shape.kind) {
    case ShapeKind::Box:
        return boxSurface(shape.size, std::max(2, around / 4));
    case ShapeKind::Sphere: {
        std::vector<ProfilePoint> profile;
        appendArc(profile, 0, std::max(0.0, shape.radius), -std::numbers::pi / 2, std::numbers::pi / 2,
                  around);
        return revolve(profile, around);
    }
    case ShapeKind::Capsule:
        return revolve(capsuleOutline(shape, around), around);
    case ShapeKind::Cylinder:
        return revolve(cylinderOutline(shape, around), around);
    case ShapeKind::Convex: {
        if (!shape.mesh)
            return {};
        ConvexHullOptions o;
        o.measureQuality = false;
        auto hull = generateConvexHull(*shape.mesh, o);
        return hull ? std::move(hull->mesh) : gltf::TriangleMesh{};
    }
    case ShapeKind::Trimesh:
        return shape.mesh ? *shape.mesh : gltf::TriangleMesh{};
    }
    return {};
}

} // namespace cs::geometry
