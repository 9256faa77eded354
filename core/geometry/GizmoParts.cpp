#include "geometry/GizmoParts.h"

#include "geometry/Gizmo.h"

namespace cs::geometry {

namespace {

Vec3d unitAxis(int axis)
{
    Vec3d unit;
    unit[axis] = 1;
    return unit;
}

/// The distance at which `part` is grabbed by `ray`; 0 for a plane square the ray meets inside, nothing for
/// a miss of the part's plane or square.
std::optional<double> partDistance(const GizmoPart& part, const Ray& ray)
{
    switch (part.kind) {
    case GizmoPartKind::Plane: {
        const auto hit = intersectPlane(ray, part.centre, part.direction);
        if (!hit)
            return std::nullopt;
        const double lu = dot(*hit - part.centre, part.side), lv = dot(*hit - part.centre, part.v);
        const double lo = kGizmoPlaneNear * part.length, hi = kGizmoPlaneFar * part.length;
        if (lu >= lo && lu <= hi && lv >= lo && lv <= hi)
            return 0.0;
        return std::nullopt;
    }
    case GizmoPartKind::Arrow:
    case GizmoPartKind::ScaleArrow:
        return rayToSegmentDistance(ray, part.centre + part.direction * (kGizmoArrowPickStart * part.length),
                                    part.centre + part.direction * part.length);
    case GizmoPartKind::Ring:
    case GizmoPartKind::ViewRing:
        return ringDistance(ray, part.centre, part.direction, part.length);
    }
    return std::nullopt;
}

} // namespace

double gizmoLength(double cameraDistance)
{
    return 0.15 * cameraDistance;
}

GizmoFrame gizmoFrame(const Mat4d& world, double length, bool local, const Vec3d& view, const Vec3d& up)
{
    GizmoFrame f;
    f.centre = transformPoint(world, {0, 0, 0});
    f.length = length;
    f.local = local;
    for (int axis = 0; axis < 3; ++axis) {
        const Vec3d unit = unitAxis(axis);
        const Vec3d d = transformVector(world, unit);
        f.ownAxes[size_t(axis)] = lengthSquared(d) > 0 ? normalized(d) : unit;
    }
    f.view = view;
    Vec3d u = cross(view, up);
    if (lengthSquared(u) == 0)
        u = cross(view, Vec3d{1, 0, 0});
    f.screenU = normalized(u);
    f.screenV = normalized(cross(f.screenU, view));
    return f;
}

Vec3d gizmoAxis(const GizmoFrame& frame, int axis)
{
    return frame.local ? frame.ownAxes[size_t(axis)] : unitAxis(axis);
}

std::vector<GizmoPart> gizmoParts(const GizmoFrame& f, GizmoTool tool)
{
    std::vector<GizmoPart> parts;
    for (int axis = 0; axis < 3; ++axis) {
        GizmoPart p;
        p.axis = axis;
        p.centre = f.centre;
        p.length = f.length;
        const Vec3d a = gizmoAxis(f, axis), next = gizmoAxis(f, (axis + 1) % 3),
                    after = gizmoAxis(f, (axis + 2) % 3);
        switch (tool) {
        case GizmoTool::Move:
            p.kind = GizmoPartKind::Arrow;
            p.direction = a;
            p.side = next;
            parts.push_back(p);
            p.kind = GizmoPartKind::Plane;
            p.v = after;
            parts.push_back(p);
            break;
        case GizmoTool::Rotate:
            p.kind = GizmoPartKind::Ring;
            p.direction = a;
            p.u = next * f.length;
            p.v = after * f.length;
            parts.push_back(p);
            break;
        case GizmoTool::Scale:
            p.kind = GizmoPartKind::ScaleArrow;
            p.direction = f.ownAxes[size_t(axis)];
            parts.push_back(p);
            break;
        }
    }
    if (tool == GizmoTool::Rotate) {
        GizmoPart ring;
        ring.kind = GizmoPartKind::ViewRing;
        ring.centre = f.centre;
        ring.direction = f.view;
        ring.length = kGizmoViewRing * f.length;
        ring.u = f.screenU * (kGizmoViewRing * f.length);
        ring.v = f.screenV * (kGizmoViewRing * f.length);
        parts.push_back(ring);
    }
    return parts;
}

std::array<Vec3d, 4> planeSquare(const GizmoPart& plane)
{
    const Vec3d& u = plane.side;
    const Vec3d& v = plane.v;
    const double a = kGizmoPlaneNear * plane.length, b = kGizmoPlaneFar * plane.length;
    return {plane.centre + u * a + v * a, plane.centre + u * b + v * a, plane.centre + u * b + v * b,
            plane.centre + u * a + v * b};
}

std::optional<GizmoPart> pickGizmo(const std::vector<GizmoPart>& parts, const Ray& ray, double tolerance)
{
    double best = tolerance;
    std::optional<GizmoPart> hit;
    for (const GizmoPart& part : parts) {
        const auto d = partDistance(part, ray);
        if (!d)
            continue;
        if (part.kind == GizmoPartKind::Plane || *d < best) {
            best = *d;
            hit = part;
        }
    }
    return hit;
}

std::optional<size_t> pickPoint(const std::vector<Vec3d>& points, const Ray& ray, double tolerance)
{
    double best = tolerance;
    std::optional<size_t> nearest;
    for (size_t i = 0; i < points.size(); ++i) {
        const double d = rayToSegmentDistance(ray, points[i], points[i]);
        if (d < best) {
            best = d;
            nearest = i;
        }
    }
    return nearest;
}

} // namespace cs::geometry
