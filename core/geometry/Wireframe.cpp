#include "geometry/Wireframe.h"

#include "geometry/QuickHull.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace cs::geometry {

namespace {

void segment(std::vector<QVector3D>& out, const Vec3d& a, const Vec3d& b)
{
    out.push_back(a.toQt());
    out.push_back(b.toQt());
}

/// An arc of the circle centre + radius * (cos t * u + sin t * v) for t in [from, to].
void arc(std::vector<QVector3D>& out, const Vec3d& centre, double radius, const Vec3d& u, const Vec3d& v,
         double from, double to, int fullSegments)
{
    const int n =
        std::max(1, int(std::ceil(std::fabs(to - from) / (2 * std::numbers::pi) * fullSegments - 1e-9)));
    auto at = [&](int i) {
        const double t = from + (to - from) * i / n;
        return centre + (u * std::cos(t) + v * std::sin(t)) * radius;
    };
    for (int i = 0; i < n; ++i)
        segment(out, at(i), at(i + 1));
}

void circle(std::vector<QVector3D>& out, const Vec3d& centre, double radius, const Vec3d& u, const Vec3d& v,
            int segments)
{
    arc(out, centre, radius, u, v, 0, 2 * std::numbers::pi, segments);
}

void capsuleLines(std::vector<QVector3D>& out, const ShapeGeometry& s, int segments)
{
    const CapsuleProfile p = capsuleProfile(s.height, s.radiusBottom, s.radiusTop);
    const Vec3d y{0, 1, 0};
    if (p.single) {
        const Vec3d c{0, p.which == 0 ? p.y0 : p.y1, 0};
        const double r = p.which == 0 ? p.r0 : p.r1;
        circle(out, c, r, {1, 0, 0}, y, segments);
        circle(out, c, r, {0, 0, 1}, y, segments);
        circle(out, c, r, {1, 0, 0}, {0, 0, 1}, segments);
        return;
    }
    // In a vertical plane the profile angle t runs from +X (t = 0) over +Y; the contact points sit at the
    // angle of the cone's normal, a = asin((r0 - r1) / d).
    const double a = std::asin(std::clamp((p.r0 - p.r1) / (p.y1 - p.y0), -1.0, 1.0));
    for (const Vec3d& side : {Vec3d{1, 0, 0}, Vec3d{0, 0, 1}}) {
        // Top arc from one contact point over the pole to the mirrored one, bottom arc the same way below.
        arc(out, {0, p.y1, 0}, p.r1, side, y, a, std::numbers::pi - a, segments);
        arc(out, {0, p.y0, 0}, p.r0, side, y, std::numbers::pi - a, 2 * std::numbers::pi + a, segments);
        for (double sign : {1.0, -1.0})
            segment(out, side * (sign * p.ring0) + y * p.tangent0, side * (sign * p.ring1) + y * p.tangent1);
    }
    circle(out, {0, p.tangent0, 0}, p.ring0, {1, 0, 0}, {0, 0, 1}, segments);
    circle(out, {0, p.tangent1, 0}, p.ring1, {1, 0, 0}, {0, 0, 1}, segments);
}

void cylinderLines(std::vector<QVector3D>& out, const ShapeGeometry& s, int segments)
{
    const double h = s.height / 2;
    circle(out, {0, -h, 0}, s.radiusBottom, {1, 0, 0}, {0, 0, 1}, segments);
    circle(out, {0, h, 0}, s.radiusTop, {1, 0, 0}, {0, 0, 1}, segments);
    for (const Vec3d& d : {Vec3d{1, 0, 0}, Vec3d{0, 0, 1}, Vec3d{-1, 0, 0}, Vec3d{0, 0, -1}})
        segment(out, d * s.radiusBottom + Vec3d{0, -h, 0}, d * s.radiusTop + Vec3d{0, h, 0});
}

void boxLines(std::vector<QVector3D>& out, const Vec3d& size)
{
    const Vec3d h = size * 0.5;
    auto corner = [&](int i) { return Vec3d{i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z}; };
    for (int i = 0; i < 8; ++i) {
        for (int bit : {1, 2, 4}) {
            if (!(i & bit))
                segment(out, corner(i), corner(i | bit));
        }
    }
}

void hullLines(std::vector<QVector3D>& out, const gltf::TriangleMesh& mesh)
{
    std::vector<Vec3d> points;
    for (const QVector3D& p : mesh.positions)
        points.emplace_back(p);
    const QuickHullOutput h = quickHull(points);
    if (h.status != QuickHullOutput::Status::Ok)
        return;
    // An edge between two faces in one plane (within the hull's tolerance) is a triangulation diagonal.
    for (size_t f = 0; f < h.faces.size(); ++f) {
        for (int i = 0; i < 3; ++i) {
            const std::uint32_t g = h.neighbours[f][i];
            if (g < f)
                continue;
            const std::uint32_t a = h.faces[f][i], b = h.faces[f][(i + 1) % 3];
            // The vertex of g that is not on the shared edge (unsigned wrap-around cancels exactly).
            const std::uint32_t opposite = h.faces[g][0] + h.faces[g][1] + h.faces[g][2] - a - b;
            const double beyond = dot(h.normals[f], points[opposite]) - h.offsets[f];
            if (std::fabs(beyond) <= 4 * h.tolerance && dot(h.normals[f], h.normals[g]) > 0)
                continue;
            segment(out, points[a], points[b]);
        }
    }
}

void meshLines(std::vector<QVector3D>& out, const gltf::TriangleMesh& mesh)
{
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        for (int i = 0; i < 3; ++i) {
            std::uint32_t a = mesh.indices[t + i], b = mesh.indices[t + (i + 1) % 3];
            if (a == b)
                continue;
            if (a > b)
                std::swap(a, b);
            if (seen.insert({a, b}).second) {
                out.push_back(mesh.positions[a]);
                out.push_back(mesh.positions[b]);
            }
        }
    }
}

} // namespace

std::vector<QVector3D> shapeWireframe(const ShapeGeometry& shape, int segments)
{
    segments = std::clamp(segments, 8, 256);
    std::vector<QVector3D> out;
    switch (shape.kind) {
    case ShapeKind::Box:
        boxLines(out, shape.size);
        break;
    case ShapeKind::Sphere:
        circle(out, {}, shape.radius, {1, 0, 0}, {0, 1, 0}, segments);
        circle(out, {}, shape.radius, {0, 1, 0}, {0, 0, 1}, segments);
        circle(out, {}, shape.radius, {0, 0, 1}, {1, 0, 0}, segments);
        break;
    case ShapeKind::Capsule:
        capsuleLines(out, shape, segments);
        break;
    case ShapeKind::Cylinder:
        cylinderLines(out, shape, segments);
        break;
    case ShapeKind::Convex:
        if (shape.mesh)
            hullLines(out, *shape.mesh);
        break;
    case ShapeKind::Trimesh:
        if (shape.mesh)
            meshLines(out, *shape.mesh);
        break;
    }
    return out;
}

int circleSegments(double radiusPixels)
{
    if (!(radiusPixels > 0))
        return 8;
    return std::clamp(int(std::ceil(2 * std::numbers::pi * radiusPixels / 6.0)), 8, 128);
}

CoarserLines mergeChainedSegments(const std::vector<QVector3D>& points, double maxTurnDegrees)
{
    CoarserLines out;
    const size_t segments = points.size() / 2;
    out.points.reserve(points.size());
    const double minCos = std::cos(maxTurnDegrees * std::numbers::pi / 180.0);
    double mergedLength = 0;
    for (size_t i = 0; i < segments; ++i) {
        const QVector3D& a = points[2 * i];
        const QVector3D& b = points[2 * i + 1];
        if (i + 1 < segments && points[2 * i + 2] == b) {
            const QVector3D& c = points[2 * i + 3];
            const QVector3D first = b - a, second = c - b;
            const double lengths = double(first.length()) * double(second.length());
            if (lengths > 0 && double(QVector3D::dotProduct(first, second)) >= minCos * lengths) {
                out.points.push_back(a);
                out.points.push_back(c);
                out.merged += 2;
                mergedLength += double(first.length()) + double(second.length());
                ++i;
                continue;
            }
        }
        out.points.push_back(a);
        out.points.push_back(b);
    }
    out.mergedMeanLength = out.merged ? mergedLength / double(out.merged) : 0.0;
    return out;
}

} // namespace cs::geometry
