#include "geometry/Gizmo.h"

#include <algorithm>
#include <cmath>

namespace cs::geometry {

namespace {

// Closest points of two lines p + s d and o + t a: (s, t), nothing when parallel.
std::optional<std::pair<double, double>> closestParameters(const Ray& ray, const Vec3d& origin,
                                                           const Vec3d& a)
{
    const Vec3d& d = ray.direction;
    const Vec3d w = ray.origin - origin;
    const double aa = dot(a, a), ad = dot(a, d), dd = dot(d, d), aw = dot(a, w), dw = dot(d, w);
    const double denominator = aa * dd - ad * ad;
    // denominator = |a|^2 |d|^2 sin^2(angle): below 1e-6 of |a|^2 |d|^2 is within about 0.06 degrees.
    if (!(denominator > 1e-6 * aa * dd))
        return std::nullopt;
    const double s = (ad * aw - aa * dw) / denominator;
    const double t = (dd * aw - ad * dw) / denominator;
    return std::pair{s, t};
}

} // namespace

std::optional<double> closestOnAxis(const Ray& ray, const Vec3d& origin, const Vec3d& axis)
{
    const Vec3d a = normalized(axis);
    if (a == Vec3d{} || lengthSquared(ray.direction) == 0)
        return std::nullopt;
    const auto st = closestParameters(ray, origin, a);
    if (!st)
        return std::nullopt;
    return st->second;
}

double rayToSegmentDistance(const Ray& ray, const Vec3d& a, const Vec3d& b)
{
    const Vec3d d = normalized(ray.direction);
    const Vec3d ab = b - a;
    auto pointDistance = [&](const Vec3d& p) {
        const double s = std::max(0.0, dot(p - ray.origin, d));
        return length(ray.origin + d * s - p);
    };
    double best = std::min(pointDistance(a), pointDistance(b));
    if (const auto st = closestParameters(Ray{ray.origin, d}, a, ab)) {
        const auto [s, t] = *st;
        if (s >= 0 && t >= 0 && t <= 1)
            best = std::min(best, length(ray.origin + d * s - (a + ab * t)));
    }
    return best;
}

std::optional<Vec3d> intersectPlane(const Ray& ray, const Vec3d& point, const Vec3d& normal)
{
    const Vec3d n = normalized(normal);
    const double along = dot(ray.direction, n);
    if (std::fabs(along) <= 1e-9 * length(ray.direction))
        return std::nullopt;
    const double t = dot(point - ray.origin, n) / along;
    if (t < 0)
        return std::nullopt;
    return ray.origin + ray.direction * t;
}

std::optional<double> ringDistance(const Ray& ray, const Vec3d& centre, const Vec3d& axis, double radius)
{
    const auto hit = intersectPlane(ray, centre, axis);
    if (!hit)
        return std::nullopt;
    return std::fabs(length(*hit - centre) - radius);
}

std::optional<double> dragAlongAxis(const Ray& start, const Ray& current, const Vec3d& origin,
                                    const Vec3d& axis)
{
    const auto t0 = closestOnAxis(start, origin, axis);
    const auto t1 = closestOnAxis(current, origin, axis);
    if (!t0 || !t1)
        return std::nullopt;
    return *t1 - *t0;
}

std::optional<Vec3d> dragInPlane(const Ray& start, const Ray& current, const Vec3d& origin,
                                 const Vec3d& normal)
{
    const auto p0 = intersectPlane(start, origin, normal);
    const auto p1 = intersectPlane(current, origin, normal);
    if (!p0 || !p1)
        return std::nullopt;
    return *p1 - *p0;
}

std::optional<double> dragRotation(const Ray& start, const Ray& current, const Vec3d& centre,
                                   const Vec3d& axis)
{
    const auto p0 = intersectPlane(start, centre, axis);
    const auto p1 = intersectPlane(current, centre, axis);
    if (!p0 || !p1)
        return std::nullopt;
    const Vec3d v0 = *p0 - centre, v1 = *p1 - centre;
    if (lengthSquared(v0) == 0 || lengthSquared(v1) == 0)
        return std::nullopt;
    return std::atan2(dot(normalized(axis), cross(v0, v1)), dot(v0, v1));
}

std::optional<double> dragScale(const Ray& start, const Ray& current, const Vec3d& origin, const Vec3d& axis)
{
    const auto t0 = closestOnAxis(start, origin, axis);
    const auto t1 = closestOnAxis(current, origin, axis);
    if (!t0 || !t1 || std::fabs(*t0) < 1e-9)
        return std::nullopt;
    return *t1 / *t0;
}

double snap(double value, double step)
{
    if (!(step > 0))
        return value;
    return std::round(value / step) * step;
}

Vec3d snap(const Vec3d& value, double step)
{
    return {snap(value.x, step), snap(value.y, step), snap(value.z, step)};
}

FaceDrag dragFace(double extent, int side, double delta, bool symmetric, double minimum, double step)
{
    const double sign = side < 0 ? -1.0 : 1.0;
    const double grown = extent + (symmetric ? 2.0 : 1.0) * sign * delta;
    FaceDrag out;
    out.extent = snap(grown, step);
    if (step > 0 && out.extent < minimum)
        out.extent = std::ceil(minimum / step) * step; // the smallest step at or above the minimum
    out.extent = std::max(out.extent, minimum);
    // One face moves by (new - old) along its side; the centre moves half as far. Symmetric: it stays.
    out.centreShift = symmetric ? 0.0 : sign * (out.extent - extent) / 2;
    return out;
}

std::vector<ShapeHandle> shapeHandles(const ShapeGeometry& shape)
{
    std::vector<ShapeHandle> out;
    const Vec3d unit[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    switch (shape.kind) {
    case ShapeKind::Box:
        for (int axis = 0; axis < 3; ++axis) {
            for (int side : {1, -1})
                out.push_back({HandleKind::BoxFace, axis, side, unit[axis] * (side * shape.size[axis] / 2),
                               unit[axis] * double(side)});
        }
        break;
    case ShapeKind::Sphere:
        out.push_back({HandleKind::Radius, 0, 1, {shape.radius, 0, 0}, {1, 0, 0}});
        break;
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder: {
        const bool capsule = shape.kind == ShapeKind::Capsule;
        const double half = shape.height / 2;
        out.push_back({HandleKind::Height, 1, 1, {0, half + (capsule ? shape.radiusTop : 0), 0}, {0, 1, 0}});
        out.push_back(
            {HandleKind::Height, 1, -1, {0, -half - (capsule ? shape.radiusBottom : 0), 0}, {0, -1, 0}});
        if (shape.radiusTop == shape.radiusBottom) {
            out.push_back({HandleKind::Radius, 0, 1, {shape.radiusTop, 0, 0}, {1, 0, 0}});
        } else {
            out.push_back({HandleKind::RadiusTop, 0, 1, {shape.radiusTop, half, 0}, {1, 0, 0}});
            out.push_back({HandleKind::RadiusBottom, 0, 1, {shape.radiusBottom, -half, 0}, {1, 0, 0}});
        }
        break;
    }
    case ShapeKind::Convex:
    case ShapeKind::Trimesh:
        break;
    }
    return out;
}

HandleDrag dragHandle(const ShapeGeometry& shape, const ShapeHandle& handle, double delta, bool symmetric,
                      double step)
{
    HandleDrag out{shape, {}};
    auto radius = [&](double r) { return std::max(kMinimumExtent, snap(r + delta, step)); };
    switch (handle.kind) {
    case HandleKind::BoxFace: {
        // delta is along the handle's outward direction; dragFace wants it along +axis.
        const FaceDrag f = dragFace(shape.size[handle.axis], handle.side, delta * handle.side, symmetric,
                                    kMinimumExtent, step);
        out.shape.size[handle.axis] = f.extent;
        out.centreShift[handle.axis] = f.centreShift;
        break;
    }
    case HandleKind::Height: {
        const double minimum = shape.kind == ShapeKind::Capsule ? 0.0 : kMinimumExtent;
        const FaceDrag f = dragFace(shape.height, handle.side, delta * handle.side, symmetric, minimum, step);
        out.shape.height = f.extent;
        out.centreShift.y = f.centreShift;
        break;
    }
    case HandleKind::Radius:
        if (shape.kind == ShapeKind::Sphere)
            out.shape.radius = radius(shape.radius);
        else
            out.shape.radiusTop = out.shape.radiusBottom = radius(shape.radiusTop);
        break;
    case HandleKind::RadiusTop:
        out.shape.radiusTop = radius(shape.radiusTop);
        break;
    case HandleKind::RadiusBottom:
        out.shape.radiusBottom = radius(shape.radiusBottom);
        break;
    }
    return out;
}

} // namespace cs::geometry
