#include "geometry/RayCast.h"

#include "geometry/QuickHull.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::geometry {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Keeps the smallest t >= 0 seen.
struct Nearest
{
    double t = kInf;
    void offer(double candidate)
    {
        if (candidate >= 0 && candidate < t)
            t = candidate;
    }
    std::optional<double> result() const { return t < kInf ? std::optional<double>(t) : std::nullopt; }
};

/// Both roots of a t^2 + b t + c = 0 that exist (a may be zero: one root).
int solveQuadratic(double a, double b, double c, double roots[2])
{
    const double scale = std::max({std::fabs(a), std::fabs(b), std::fabs(c)});
    if (std::fabs(a) <= 1e-14 * scale) {
        if (b == 0)
            return 0;
        roots[0] = -c / b;
        return 1;
    }
    const double disc = b * b - 4 * a * c;
    if (disc < 0)
        return 0;
    // The form that avoids cancellation between -b and the square root.
    const double q = -0.5 * (b + std::copysign(std::sqrt(disc), b));
    roots[0] = q / a;
    roots[1] = q != 0 ? c / q : roots[0];
    return 2;
}

/// The sphere's surface points on the ray whose height y passes `keep`.
template <class Keep>
void sphereHits(const Ray& ray, const Vec3d& centre, double r, Keep keep, Nearest& nearest)
{
    const Vec3d o = ray.origin - centre;
    double roots[2];
    const int n = solveQuadratic(dot(ray.direction, ray.direction), 2 * dot(o, ray.direction),
                                 dot(o, o) - r * r, roots);
    for (int i = 0; i < n; ++i) {
        if (keep(ray.origin.y + roots[i] * ray.direction.y))
            nearest.offer(roots[i]);
    }
}

/// The lateral surface x^2 + z^2 = (a + k y)^2 with a + k y >= 0, for y in [y0, y1].
void coneHits(const Ray& ray, double y0, double r0, double y1, double r1, Nearest& nearest)
{
    if (!(y1 > y0))
        return;
    const double k = (r1 - r0) / (y1 - y0);
    const double a = r0 - k * y0;
    const Vec3d& o = ray.origin;
    const Vec3d& d = ray.direction;
    const double ro = a + k * o.y, rd = k * d.y;
    double roots[2];
    const int n = solveQuadratic(d.x * d.x + d.z * d.z - rd * rd, 2 * (o.x * d.x + o.z * d.z - ro * rd),
                                 o.x * o.x + o.z * o.z - ro * ro, roots);
    for (int i = 0; i < n; ++i) {
        const double y = o.y + roots[i] * d.y;
        if (y >= y0 && y <= y1 && ro + roots[i] * rd >= 0)
            nearest.offer(roots[i]);
    }
}

/// A disc of radius r at height y facing along Y.
void discHit(const Ray& ray, double y, double r, Nearest& nearest)
{
    if (ray.direction.y == 0)
        return;
    const double t = (y - ray.origin.y) / ray.direction.y;
    const Vec3d p = ray.origin + ray.direction * t;
    if (p.x * p.x + p.z * p.z <= r * r)
        nearest.offer(t);
}

std::optional<double> boxHit(const Ray& ray, const Vec3d& size)
{
    double enter = -kInf, leave = kInf;
    for (int i = 0; i < 3; ++i) {
        const double h = size[i] / 2, o = ray.origin[i], d = ray.direction[i];
        if (d == 0) {
            if (o < -h || o > h)
                return std::nullopt;
            continue;
        }
        double t0 = (-h - o) / d, t1 = (h - o) / d;
        if (t0 > t1)
            std::swap(t0, t1);
        enter = std::max(enter, t0);
        leave = std::min(leave, t1);
    }
    if (enter > leave || leave < 0)
        return std::nullopt;
    return enter >= 0 ? enter : leave;
}

std::optional<double> convexHit(const Ray& ray, const gltf::TriangleMesh& mesh)
{
    std::vector<Vec3d> points;
    for (const QVector3D& p : mesh.positions)
        points.emplace_back(p);
    const QuickHullOutput h = quickHull(points);
    if (h.status != QuickHullOutput::Status::Ok)
        return std::nullopt;
    double enter = -kInf, leave = kInf;
    for (size_t f = 0; f < h.faces.size(); ++f) {
        const double along = dot(h.normals[f], ray.direction);
        const double gap = h.offsets[f] - dot(h.normals[f], ray.origin); // > 0: origin inside this plane
        if (along == 0) {
            if (gap < 0)
                return std::nullopt;
            continue;
        }
        const double t = gap / along;
        if (along < 0)
            enter = std::max(enter, t);
        else
            leave = std::min(leave, t);
    }
    if (enter > leave || leave < 0)
        return std::nullopt;
    return enter >= 0 ? enter : leave;
}

std::optional<double> trimeshHit(const Ray& ray, const gltf::TriangleMesh& mesh)
{
    Nearest nearest;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        // Moller-Trumbore, both sides.
        const Vec3d a(mesh.positions[mesh.indices[t]]);
        const Vec3d e1 = Vec3d(mesh.positions[mesh.indices[t + 1]]) - a;
        const Vec3d e2 = Vec3d(mesh.positions[mesh.indices[t + 2]]) - a;
        const Vec3d p = cross(ray.direction, e2);
        const double det = dot(e1, p);
        if (std::fabs(det) < 1e-300)
            continue;
        const Vec3d s = ray.origin - a;
        const double u = dot(s, p) / det;
        if (u < 0 || u > 1)
            continue;
        const Vec3d q = cross(s, e1);
        const double v = dot(ray.direction, q) / det;
        if (v < 0 || u + v > 1)
            continue;
        nearest.offer(dot(e2, q) / det);
    }
    return nearest.result();
}

} // namespace

std::optional<double> rayCast(const ShapeGeometry& shape, const Ray& ray)
{
    if (!isFinite(ray.origin) || !isFinite(ray.direction) || lengthSquared(ray.direction) == 0)
        return std::nullopt;
    Nearest nearest;
    switch (shape.kind) {
    case ShapeKind::Box:
        return boxHit(ray, shape.size);
    case ShapeKind::Sphere:
        sphereHits(
            ray, {}, shape.radius, [](double) { return true; }, nearest);
        return nearest.result();
    case ShapeKind::Cylinder: {
        const double h = shape.height / 2;
        coneHits(ray, -h, shape.radiusBottom, h, shape.radiusTop, nearest);
        discHit(ray, -h, shape.radiusBottom, nearest);
        discHit(ray, h, shape.radiusTop, nearest);
        return nearest.result();
    }
    case ShapeKind::Capsule: {
        const CapsuleProfile p = capsuleProfile(shape.height, shape.radiusBottom, shape.radiusTop);
        if (p.single) {
            const bool top = p.which == 1;
            sphereHits(
                ray, {0, top ? p.y1 : p.y0, 0}, top ? p.r1 : p.r0, [](double) { return true; }, nearest);
            return nearest.result();
        }
        // Each sphere counts only beyond its contact ring; between the rings the cone is the surface.
        sphereHits(
            ray, {0, p.y0, 0}, p.r0, [&](double y) { return y <= p.tangent0; }, nearest);
        sphereHits(
            ray, {0, p.y1, 0}, p.r1, [&](double y) { return y >= p.tangent1; }, nearest);
        coneHits(ray, p.tangent0, p.ring0, p.tangent1, p.ring1, nearest);
        return nearest.result();
    }
    case ShapeKind::Convex:
        return shape.mesh ? convexHit(ray, *shape.mesh) : std::nullopt;
    case ShapeKind::Trimesh:
        return shape.mesh ? trimeshHit(ray, *shape.mesh) : std::nullopt;
    }
    return std::nullopt;
}

std::optional<PickHit> pick(const std::vector<PickTarget>& targets, const Ray& ray)
{
    std::optional<PickHit> best;
    for (const PickTarget& target : targets) {
        bool invertible = false;
        const QMatrix4x4 inverse = target.transform.inverted(&invertible);
        if (!invertible)
            continue;
        // Affine maps keep the ray parameter: origin as a point, direction as a vector.
        const Mat3d linear = Mat3d::fromMatrix(inverse);
        const Ray local{transformPoint(inverse, ray.origin), linear * ray.direction};
        const auto t = rayCast(target.shape, local);
        if (t && (!best || *t < best->distance))
            best = PickHit{*t, target.id};
    }
    return best;
}

} // namespace cs::geometry
