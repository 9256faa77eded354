#include "geometry/Wireframe.h"

#include "geometry/QuickHull.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <numeric>
#include <set>
#include <unordered_map>

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

namespace {

struct Groups
{
    std::vector<size_t> parent;
    size_t find(size_t i)
    {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    }
    void join(size_t a, size_t b) { parent[find(a)] = find(b); }
};

struct PointKey
{
    std::array<std::uint32_t, 3> bits;
    bool operator==(const PointKey&) const = default;
};

struct PointKeyHash
{
    size_t operator()(const PointKey& k) const
    {
        return (size_t(k.bits[0]) * 73856093u) ^ (size_t(k.bits[1]) * 19349663u) ^
               (size_t(k.bits[2]) * 83492791u);
    }
};

PointKey keyOf(const QVector3D& p)
{
    PointKey k{};
    const float v[3] = {p.x(), p.y(), p.z()};
    std::memcpy(k.bits.data(), v, sizeof v);
    return k;
}

} // namespace

CoarserLines shapeMarks(const std::vector<QVector3D>& points)
{
    CoarserLines out;
    const size_t segments = points.size() / 2;
    if (segments == 0)
        return out;
    // Segments that share an end point belong to one shape.
    Groups groups{std::vector<size_t>(segments)};
    std::iota(groups.parent.begin(), groups.parent.end(), size_t(0));
    std::unordered_map<PointKey, size_t, PointKeyHash> firstAt;
    firstAt.reserve(points.size());
    for (size_t i = 0; i < points.size(); ++i) {
        const auto [it, added] = firstAt.emplace(keyOf(points[i]), i / 2);
        if (!added)
            groups.join(i / 2, it->second);
    }
    // Bounds of each connected group.
    struct Box
    {
        QVector3D lo, hi;
        bool used = false;
    };
    std::vector<Box> boxes(segments);
    QVector3D allLo = points[0], allHi = points[0];
    for (size_t i = 0; i < segments * 2; ++i) {
        Box& box = boxes[groups.find(i / 2)];
        const QVector3D& p = points[i];
        if (!box.used) {
            box.lo = box.hi = p;
            box.used = true;
        }
        box.lo =
            QVector3D(std::min(box.lo.x(), p.x()), std::min(box.lo.y(), p.y()), std::min(box.lo.z(), p.z()));
        box.hi =
            QVector3D(std::max(box.hi.x(), p.x()), std::max(box.hi.y(), p.y()), std::max(box.hi.z(), p.z()));
        allLo = QVector3D(std::min(allLo.x(), p.x()), std::min(allLo.y(), p.y()), std::min(allLo.z(), p.z()));
        allHi = QVector3D(std::max(allHi.x(), p.x()), std::max(allHi.y(), p.y()), std::max(allHi.z(), p.z()));
    }
    // Connected groups with the same centre (to a millionth of the whole extent) are one shape.
    const float cell = std::max(1e-9f, (allHi - allLo).length() * 1e-6f);
    std::unordered_map<PointKey, Box, PointKeyHash> shapes;
    for (const Box& box : boxes) {
        if (!box.used)
            continue;
        const QVector3D c = (box.lo + box.hi) * 0.5f / cell;
        const QVector3D rounded(std::round(c.x()), std::round(c.y()), std::round(c.z()));
        auto [it, added] = shapes.emplace(keyOf(rounded), box);
        if (!added) {
            Box& s = it->second;
            s.lo = QVector3D(std::min(s.lo.x(), box.lo.x()), std::min(s.lo.y(), box.lo.y()),
                             std::min(s.lo.z(), box.lo.z()));
            s.hi = QVector3D(std::max(s.hi.x(), box.hi.x()), std::max(s.hi.y(), box.hi.y()),
                             std::max(s.hi.z(), box.hi.z()));
        }
    }
    if (shapes.size() * 2 > segments) {
        out.points = points;
        out.points.resize(segments * 2);
        return out;
    }
    // Sorted by bounds, so that the output does not depend on the hash table.
    std::vector<const Box*> ordered;
    ordered.reserve(shapes.size());
    for (const auto& [key, box] : shapes)
        ordered.push_back(&box);
    std::sort(ordered.begin(), ordered.end(), [](const Box* a, const Box* b) {
        const std::array<float, 6> ka{a->lo.x(), a->lo.y(), a->lo.z(), a->hi.x(), a->hi.y(), a->hi.z()};
        const std::array<float, 6> kb{b->lo.x(), b->lo.y(), b->lo.z(), b->hi.x(), b->hi.y(), b->hi.z()};
        return ka < kb;
    });
    double length = 0;
    for (const Box* box : ordered) {
        out.points.push_back(box->lo);
        out.points.push_back(box->hi);
        length += double((box->hi - box->lo).length());
    }
    out.merged = segments;
    out.mergedMeanLength = length / double(ordered.size());
    return out;
}

} // namespace cs::geometry
