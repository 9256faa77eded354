#include "geometry/ShapeSurface.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::geometry {

namespace {

constexpr double kPi = std::numbers::pi;

double uniform(std::mt19937_64& rng, double lo = 0, double hi = 1)
{
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// Cells of at most `spacing` along an edge of `length` (at least one).
size_t gridCount(double length, double spacing)
{
    return std::max<size_t>(1, size_t(std::ceil(length / spacing - 1e-9)));
}

double boxDistance(const Vec3d& size, const Vec3d& p)
{
    const Vec3d q{std::fabs(p.x) - size.x / 2, std::fabs(p.y) - size.y / 2, std::fabs(p.z) - size.z / 2};
    const Vec3d outside{std::max(q.x, 0.0), std::max(q.y, 0.0), std::max(q.z, 0.0)};
    return length(outside) + std::min(std::max({q.x, q.y, q.z}), 0.0);
}

/// Tapered capsule in the meridian plane: rho from the axis, y along it.
double capsuleDistance(const ShapeGeometry& s, double rho, double y)
{
    const CapsuleProfile c = capsuleProfile(s.height, s.radiusBottom, s.radiusTop);
    if (c.single) {
        const double cy = c.which == 0 ? c.y0 : c.y1, r = c.which == 0 ? c.r0 : c.r1;
        return std::hypot(rho, y - cy) - r;
    }
    const double d = c.y1 - c.y0;
    const double sinA = (c.r0 - c.r1) / d, cosA = std::sqrt(std::max(0.0, 1 - sinA * sinA));
    // Position along the cone's generator: before its start the bottom ball is nearest, past its end the top.
    const double along = -sinA * rho + cosA * (y - c.y0);
    if (along < 0)
        return std::hypot(rho, y - c.y0) - c.r0;
    if (along > cosA * d)
        return std::hypot(rho, y - c.y1) - c.r1;
    return rho * cosA + (y - c.y0) * sinA - c.r0;
}

double segmentDistance2d(double px, double py, double ax, double ay, double bx, double by)
{
    const double ex = bx - ax, ey = by - ay, len2 = ex * ex + ey * ey;
    const double t = len2 > 0 ? std::clamp(((px - ax) * ex + (py - ay) * ey) / len2, 0.0, 1.0) : 0.0;
    return std::hypot(px - (ax + t * ex), py - (ay + t * ey));
}

/// Frustum with flat ends in the meridian plane: the nearest of its bottom, side and top outlines.
double cylinderDistance(const ShapeGeometry& s, double rho, double y)
{
    const double h = s.height / 2, rb = std::max(0.0, s.radiusBottom), rt = std::max(0.0, s.radiusTop);
    const double d =
        std::min({segmentDistance2d(rho, y, 0, -h, rb, -h), segmentDistance2d(rho, y, rb, -h, rt, h),
                  segmentDistance2d(rho, y, rt, h, 0, h)});
    const double radiusAt = s.height > 0 ? rb + (rt - rb) * (y + h) / s.height : 0;
    const bool inside = y >= -h && y <= h && rho <= radiusAt;
    return inside ? -d : d;
}

Vec3d onCircle(double rho, double y, double angle)
{
    return {rho * std::cos(angle), y, rho * std::sin(angle)};
}

/// A point uniform on the zone of a sphere (centre height cy, radius r) between heights lo and hi: by
/// Archimedes' theorem the height is uniform.
Vec3d onZone(std::mt19937_64& rng, double cy, double r, double lo, double hi)
{
    const double y = uniform(rng, lo, hi);
    const double rho = std::sqrt(std::max(0.0, r * r - (y - cy) * (y - cy)));
    return onCircle(rho, y, uniform(rng, 0, 2 * kPi));
}

/// A point uniform on the side of a frustum from (r0 at y0) to (r1 at y1): the position along the side is
/// drawn with density in proportion to the radius there (by rejection).
Vec3d onFrustumSide(std::mt19937_64& rng, double y0, double r0, double y1, double r1)
{
    const double top = std::max(r0, r1);
    for (;;) {
        const double t = uniform(rng);
        const double r = r0 + (r1 - r0) * t;
        if (top <= 0 || uniform(rng, 0, top) <= r)
            return onCircle(r, y0 + (y1 - y0) * t, uniform(rng, 0, 2 * kPi));
    }
}

Vec3d onDisc(std::mt19937_64& rng, double r, double y)
{
    return onCircle(r * std::sqrt(uniform(rng)), y, uniform(rng, 0, 2 * kPi));
}

/// Chooses one of several parts of a surface with probability in proportion to its area.
size_t pickByArea(std::mt19937_64& rng, const std::vector<double>& areas)
{
    double total = 0;
    for (double a : areas)
        total += a;
    double u = uniform(rng, 0, total);
    for (size_t i = 0; i < areas.size(); ++i) {
        if (u < areas[i])
            return i;
        u -= areas[i];
    }
    return areas.size() - 1;
}

std::vector<double> capsuleAreas(const CapsuleProfile& c)
{
    if (c.single) {
        const double r = c.which == 0 ? c.r0 : c.r1;
        return {4 * kPi * r * r};
    }
    const double slant = std::hypot(c.ring0 - c.ring1, c.tangent1 - c.tangent0);
    return {2 * kPi * c.r0 * (c.tangent0 - (c.y0 - c.r0)), kPi * (c.ring0 + c.ring1) * slant,
            2 * kPi * c.r1 * (c.y1 + c.r1 - c.tangent1)};
}

std::vector<double> cylinderAreas(const ShapeGeometry& s)
{
    const double rb = std::max(0.0, s.radiusBottom), rt = std::max(0.0, s.radiusTop);
    return {kPi * rb * rb, kPi * (rb + rt) * std::hypot(rb - rt, s.height), kPi * rt * rt};
}

std::vector<double> boxAreas(const Vec3d& size)
{
    return {size.y * size.z, size.y * size.z, size.x * size.z,
            size.x * size.z, size.x * size.y, size.x * size.y};
}

Vec3d onBox(std::mt19937_64& rng, const Vec3d& size)
{
    const size_t face = pickByArea(rng, boxAreas(size));
    const int axis = int(face / 2);
    Vec3d p{uniform(rng, -size.x / 2, size.x / 2), uniform(rng, -size.y / 2, size.y / 2),
            uniform(rng, -size.z / 2, size.z / 2)};
    p[axis] = (face % 2 == 0 ? -0.5 : 0.5) * size[axis];
    return p;
}

Vec3d onCapsule(std::mt19937_64& rng, const CapsuleProfile& c)
{
    if (c.single) {
        const double cy = c.which == 0 ? c.y0 : c.y1, r = c.which == 0 ? c.r0 : c.r1;
        return onZone(rng, cy, r, cy - r, cy + r);
    }
    switch (pickByArea(rng, capsuleAreas(c))) {
    case 0:
        return onZone(rng, c.y0, c.r0, c.y0 - c.r0, c.tangent0);
    case 1:
        return onFrustumSide(rng, c.tangent0, c.ring0, c.tangent1, c.ring1);
    default:
        return onZone(rng, c.y1, c.r1, c.tangent1, c.y1 + c.r1);
    }
}

Vec3d onCylinder(std::mt19937_64& rng, const ShapeGeometry& s)
{
    const double h = s.height / 2, rb = std::max(0.0, s.radiusBottom), rt = std::max(0.0, s.radiusTop);
    switch (pickByArea(rng, cylinderAreas(s))) {
    case 0:
        return onDisc(rng, rb, -h);
    case 1:
        return onFrustumSide(rng, -h, rb, h, rt);
    default:
        return onDisc(rng, rt, h);
    }
}

} // namespace

double primitiveSignedDistance(const ShapeGeometry& shape, const Vec3d& p)
{
    const double rho = std::hypot(p.x, p.z);
    switch (shape.kind) {
    case ShapeKind::Box:
        return boxDistance(shape.size, p);
    case ShapeKind::Sphere:
        return length(p) - shape.radius;
    case ShapeKind::Capsule:
        return capsuleDistance(shape, rho, p.y);
    case ShapeKind::Cylinder:
        return cylinderDistance(shape, rho, p.y);
    case ShapeKind::Convex:
    case ShapeKind::Trimesh:
        break;
    }
    return 0;
}

double primitiveSurfaceArea(const ShapeGeometry& shape)
{
    std::vector<double> areas;
    switch (shape.kind) {
    case ShapeKind::Box:
        areas = boxAreas(shape.size);
        break;
    case ShapeKind::Sphere:
        areas = {4 * kPi * shape.radius * shape.radius};
        break;
    case ShapeKind::Capsule:
        areas = capsuleAreas(capsuleProfile(shape.height, shape.radiusBottom, shape.radiusTop));
        break;
    case ShapeKind::Cylinder:
        areas = cylinderAreas(shape);
        break;
    case ShapeKind::Convex:
    case ShapeKind::Trimesh:
        break;
    }
    double total = 0;
    for (double a : areas)
        total += a;
    return total;
}

void samplePrimitiveSurface(const ShapeGeometry& shape, size_t count, std::mt19937_64& rng,
                            std::vector<Vec3d>& out)
{
    const CapsuleProfile capsule = capsuleProfile(shape.height, shape.radiusBottom, shape.radiusTop);
    for (size_t i = 0; i < count; ++i) {
        switch (shape.kind) {
        case ShapeKind::Box:
            out.push_back(onBox(rng, shape.size));
            break;
        case ShapeKind::Sphere:
            out.push_back(onZone(rng, 0, shape.radius, -shape.radius, shape.radius));
            break;
        case ShapeKind::Capsule:
            out.push_back(onCapsule(rng, capsule));
            break;
        case ShapeKind::Cylinder:
            out.push_back(onCylinder(rng, shape));
            break;
        case ShapeKind::Convex:
        case ShapeKind::Trimesh:
            return;
        }
    }
    if (shape.kind == ShapeKind::Box)
        for (int corner = 0; corner < 8; ++corner)
            out.emplace_back((corner & 1 ? 0.5 : -0.5) * shape.size.x,
                             (corner & 2 ? 0.5 : -0.5) * shape.size.y,
                             (corner & 4 ? 0.5 : -0.5) * shape.size.z);
}

size_t boxGridCells(const Vec3d& size, const Vec3d& axisScale, double spacing)
{
    size_t cells = 0;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        cells += 2 * gridCount(size[u] * axisScale[u], spacing) * gridCount(size[v] * axisScale[v], spacing);
    }
    return cells;
}

void sampleBoxGrid(const Vec3d& size, const Vec3d& axisScale, double spacing, std::vector<Vec3d>& out,
                   std::vector<double>& weights)
{
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        const size_t nu = gridCount(size[u] * axisScale[u], spacing),
                     nv = gridCount(size[v] * axisScale[v], spacing);
        const double du = size[u] / double(nu), dv = size[v] / double(nv);
        const double weight = du * axisScale[u] * dv * axisScale[v];
        for (const double side : {-0.5, 0.5}) {
            for (size_t i = 0; i < nu; ++i) {
                for (size_t j = 0; j < nv; ++j) {
                    Vec3d p;
                    p[axis] = side * size[axis];
                    p[u] = -size[u] / 2 + (double(i) + 0.5) * du;
                    p[v] = -size[v] / 2 + (double(j) + 0.5) * dv;
                    out.push_back(p);
                    weights.push_back(weight);
                }
            }
        }
    }
    // The corners are points of the surface too: they can only raise the maximum, and carry no area.
    for (int corner = 0; corner < 8; ++corner) {
        out.emplace_back((corner & 1 ? 0.5 : -0.5) * size.x, (corner & 2 ? 0.5 : -0.5) * size.y,
                         (corner & 4 ? 0.5 : -0.5) * size.z);
        weights.push_back(0.0);
    }
}

double trianglesArea(const std::vector<Vec3d>& corners)
{
    double total = 0;
    for (size_t t = 0; t + 2 < corners.size(); t += 3)
        total += length(cross(corners[t + 1] - corners[t], corners[t + 2] - corners[t])) / 2;
    return total;
}

namespace {

/// `triangles` triangles, corner k of triangle t given by `corner(t, k)`: the one sampler behind both
/// forms of sampleTriangles, so that the same triangles give the same points whichever form holds them.
template <typename Corner>
void sampleTrianglesOf(size_t triangles, const Corner& corner, size_t count, std::mt19937_64& rng,
                       std::vector<Vec3d>& out)
{
    std::vector<double> cumulative;
    cumulative.reserve(triangles);
    double total = 0;
    for (size_t t = 0; t < triangles; ++t) {
        const Vec3d& a = corner(t, 0);
        total += length(cross(corner(t, 1) - a, corner(t, 2) - a)) / 2;
        cumulative.push_back(total);
    }
    if (!(total > 0))
        return;
    for (size_t i = 0; i < count; ++i) {
        const double u = uniform(rng, 0, total);
        const size_t t =
            size_t(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
        const size_t k = std::min(t, cumulative.size() - 1);
        // Uniform over the triangle: fold the unit square's upper half back onto the lower one.
        double a = uniform(rng), b = uniform(rng);
        if (a + b > 1) {
            a = 1 - a;
            b = 1 - b;
        }
        const Vec3d& c0 = corner(k, 0);
        out.push_back(c0 + (corner(k, 1) - c0) * a + (corner(k, 2) - c0) * b);
    }
}

} // namespace

void sampleTriangles(const std::vector<Vec3d>& corners, size_t count, std::mt19937_64& rng,
                     std::vector<Vec3d>& out)
{
    sampleTrianglesOf(
        corners.size() / 3, [&corners](size_t t, size_t k) -> const Vec3d& { return corners[3 * t + k]; },
        count, rng, out);
}

void sampleTriangles(const std::vector<Vec3d>& positions, const std::vector<std::uint32_t>& triangles,
                     size_t count, std::mt19937_64& rng, std::vector<Vec3d>& out)
{
    sampleTrianglesOf(
        triangles.size() / 3,
        [&](size_t t, size_t k) -> const Vec3d& { return positions[triangles[3 * t + k]]; }, count, rng, out);
}

} // namespace cs::geometry
