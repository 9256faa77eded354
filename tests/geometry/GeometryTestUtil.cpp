#include "GeometryTestUtil.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cs::test {

using geometry::cross;
using geometry::dot;
using geometry::length;
using geometry::normalized;

std::vector<Vec3d> pointsOnSphere(size_t n, double radius, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0, 1);
    std::vector<Vec3d> out;
    while (out.size() < n) {
        const Vec3d v{g(rng), g(rng), g(rng)};
        if (length(v) > 1e-6)
            out.push_back(normalized(v) * radius);
    }
    return out;
}

std::vector<Vec3d> pointsInBox(size_t n, const Vec3d& lo, const Vec3d& hi, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<Vec3d> out(n);
    for (auto& p : out)
        p = {lo.x + (hi.x - lo.x) * u(rng), lo.y + (hi.y - lo.y) * u(rng), lo.z + (hi.z - lo.z) * u(rng)};
    return out;
}

gltf::TriangleMesh boxMesh(const Vec3d& lo, const Vec3d& hi)
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.push_back(Vec3d{i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z}.toQt());
    // Corner i has bit 0 = +x, bit 1 = +y, bit 2 = +z; each quad counter-clockwise seen from outside.
    const int quads[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                             {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
    for (const auto& q : quads) {
        for (int i : {q[0], q[1], q[2], q[0], q[2], q[3]})
            m.indices.push_back(std::uint32_t(i));
    }
    return m;
}

bool isClosedManifold(const gltf::TriangleMesh& mesh)
{
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
        for (int i = 0; i < 3; ++i)
            ++edges[{mesh.indices[t + i], mesh.indices[t + (i + 1) % 3]}];
    }
    for (const auto& [e, n] : edges) {
        auto twin = edges.find({e.second, e.first});
        if (n != 1 || twin == edges.end() || twin->second != 1)
            return false;
    }
    return !edges.empty();
}

namespace {
Vec3d at(const gltf::TriangleMesh& m, size_t i)
{
    return Vec3d(m.positions[m.indices[i]]);
}
} // namespace

double maxBeyondFaces(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points)
{
    double worst = -HUGE_VAL;
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
        const Vec3d a = at(mesh, t);
        const Vec3d n = normalized(cross(at(mesh, t + 1) - a, at(mesh, t + 2) - a));
        for (const Vec3d& p : points)
            worst = std::max(worst, dot(n, p - a));
    }
    return worst;
}

bool isConvexOutward(const gltf::TriangleMesh& mesh, double tol)
{
    std::vector<Vec3d> vertices;
    for (const QVector3D& p : mesh.positions)
        vertices.emplace_back(p);
    return maxBeyondFaces(mesh, vertices) <= tol;
}

bool insideMesh(const gltf::TriangleMesh& mesh, const Vec3d& p)
{
    const Vec3d d = normalized(Vec3d{0.5377, 0.8328, 0.1317});
    int crossings = 0;
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
        const Vec3d a = at(mesh, t), e1 = at(mesh, t + 1) - a, e2 = at(mesh, t + 2) - a;
        const Vec3d q = cross(d, e2);
        const double det = dot(e1, q);
        if (std::fabs(det) < 1e-15)
            continue;
        const Vec3d s = p - a;
        const double u = dot(s, q) / det;
        const Vec3d r = cross(s, e1);
        const double v = dot(d, r) / det;
        if (u >= 0 && v >= 0 && u + v <= 1 && dot(e2, r) / det > 0)
            ++crossings;
    }
    return crossings % 2 == 1;
}

double capsuleField(double height, double r0, double r1, const Vec3d& p)
{
    // min over s of |p - c(s)| - r(s) is convex in s: golden-section search, then the ends.
    auto f = [&](double s) {
        const Vec3d c{0, -height / 2 + height * s, 0};
        return length(p - c) - (r0 + (r1 - r0) * s);
    };
    double a = 0, b = 1;
    for (int i = 0; i < 90; ++i) {
        const double m1 = a + (b - a) * 0.381966, m2 = a + (b - a) * 0.618034;
        if (f(m1) < f(m2))
            b = m2;
        else
            a = m1;
    }
    return std::min({f(0), f(1), f((a + b) / 2)});
}

double diagonalOf(const gltf::TriangleMesh& mesh)
{
    Vec3d lo(mesh.positions[0]), hi = lo;
    for (const QVector3D& p : mesh.positions) {
        lo = geometry::minOf(lo, Vec3d(p));
        hi = geometry::maxOf(hi, Vec3d(p));
    }
    return geometry::length(hi - lo);
}

} // namespace cs::test
