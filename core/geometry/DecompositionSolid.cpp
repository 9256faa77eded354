#include "geometry/DecompositionSolid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <tuple>

namespace cs::geometry {

PointIndex::PointIndex(std::vector<Vec3d> points) : m_points(std::move(points))
{
    build(0, m_points.size(), 0);
}

void PointIndex::build(size_t begin, size_t end, int depth)
{
    if (end - begin <= kLeafPoints)
        return;
    const size_t mid = begin + (end - begin) / 2;
    const auto first = m_points.begin() + long(begin), nth = m_points.begin() + long(mid),
               last = m_points.begin() + long(end);
    switch (depth % 3) {
    case 0:
        std::nth_element(first, nth, last, [](const Vec3d& a, const Vec3d& b) { return a.x < b.x; });
        break;
    case 1:
        std::nth_element(first, nth, last, [](const Vec3d& a, const Vec3d& b) { return a.y < b.y; });
        break;
    default:
        std::nth_element(first, nth, last, [](const Vec3d& a, const Vec3d& b) { return a.z < b.z; });
    }
    build(begin, mid, depth + 1);
    build(mid + 1, end, depth + 1);
}

void PointIndex::search(const Vec3d& p, size_t begin, size_t end, int depth, double& best2, double enough2,
                        const HalfSpace* keep) const
{
    if (begin >= end || best2 <= enough2)
        return;
    if (end - begin <= kLeafPoints) {
        for (size_t i = begin; i < end; ++i)
            if (!keep || keep->contains(m_points[i]))
                best2 = std::min(best2, lengthSquared(p - m_points[i]));
        return;
    }
    const size_t mid = begin + (end - begin) / 2;
    const Vec3d& q = m_points[mid];
    if (!keep || keep->contains(q))
        best2 = std::min(best2, lengthSquared(p - q));
    const int axis = depth % 3;
    const double d = p[axis] - q[axis];
    const bool left = d < 0;
    search(p, left ? begin : mid + 1, left ? mid : end, depth + 1, best2, enough2, keep);
    if (d * d < best2)
        search(p, left ? mid + 1 : begin, left ? end : mid, depth + 1, best2, enough2, keep);
}

double PointIndex::nearestDistance(const Vec3d& p, double enough, const HalfSpace* keep) const
{
    double best2 = std::numeric_limits<double>::infinity();
    search(p, 0, m_points.size(), 0, best2, enough * enough, keep);
    return std::sqrt(best2);
}

DecompositionSolid::DecompositionSolid(const gltf::TriangleMesh& mesh, int resolution, std::uint32_t seed,
                                       size_t maxSamples, const std::atomic<bool>* cancel)
{
    // Weld equal positions, so that edges (and the closed test) see the surface, not the vertex split of
    // normals and texture coordinates.
    std::map<std::tuple<float, float, float>, std::uint32_t> welded;
    std::vector<std::uint32_t> remap(mesh.positions.size());
    for (size_t i = 0; i < mesh.positions.size(); ++i) {
        const QVector3D& v = mesh.positions[i];
        auto [it, added] = welded.try_emplace({v.x(), v.y(), v.z()}, std::uint32_t(m_vertices.size()));
        if (added)
            m_vertices.emplace_back(v);
        remap[i] = it->second;
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> all;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const std::uint32_t a = remap[mesh.indices[t]], b = remap[mesh.indices[t + 1]],
                            c = remap[mesh.indices[t + 2]];
        if (a == b || b == c || a == c)
            continue;
        m_indices.insert(m_indices.end(), {a, b, c});
        for (auto e : {std::pair{a, b}, std::pair{b, c}, std::pair{c, a}})
            all.emplace_back(std::min(e.first, e.second), std::max(e.first, e.second));
    }
    std::sort(all.begin(), all.end());
    m_closed = !all.empty();
    for (size_t i = 0; i < all.size();) {
        size_t j = i;
        while (j < all.size() && all[j] == all[i])
            ++j;
        m_closed = m_closed && j - i == 2;
        m_edges.push_back(all[i]);
        i = j;
    }
    if (m_vertices.empty())
        return;
    m_lower = m_upper = m_vertices[0];
    for (const Vec3d& v : m_vertices) {
        m_lower = minOf(m_lower, v);
        m_upper = maxOf(m_upper, v);
    }
    const Vec3d extent = m_upper - m_lower;
    m_diagonal = length(extent);
    const double longest = std::max({extent.x, extent.y, extent.z});
    m_voxel = longest > 0 ? longest / std::max(resolution, 4) : 1;
    findComponents();
    sampleSurface(seed, maxSamples);
    fillVoxels(cancel);
}

void DecompositionSolid::findComponents()
{
    // Union-find over the vertices, joined along every edge.
    std::vector<std::uint32_t> parent(m_vertices.size());
    for (size_t i = 0; i < parent.size(); ++i)
        parent[i] = std::uint32_t(i);
    auto root = [&](std::uint32_t v) {
        while (parent[v] != v)
            v = parent[v] = parent[parent[v]];
        return v;
    };
    for (const auto& [a, b] : m_edges)
        parent[root(a)] = root(b);
    std::vector<char> used(m_vertices.size(), 0);
    for (std::uint32_t i : m_indices)
        used[i] = 1;
    m_vertexComponent.assign(m_vertices.size(), kNoComponent);
    std::vector<std::uint32_t> number(m_vertices.size(), kNoComponent);
    for (size_t v = 0; v < m_vertices.size(); ++v) {
        if (!used[v])
            continue;
        std::uint32_t& n = number[root(std::uint32_t(v))];
        if (n == kNoComponent)
            n = m_componentCount++;
        m_vertexComponent[v] = n;
    }
}

void DecompositionSolid::sampleSurface(std::uint32_t seed, size_t maxSamples)
{
    std::vector<double> areas;
    double total = 0;
    for (size_t t = 0; t < m_indices.size(); t += 3) {
        const Vec3d& a = m_vertices[m_indices[t]];
        areas.push_back(0.5 *
                        length(cross(m_vertices[m_indices[t + 1]] - a, m_vertices[m_indices[t + 2]] - a)));
        total += areas.back();
    }
    m_spacing = 0.5 * m_voxel;
    if (total / (m_spacing * m_spacing) > double(maxSamples))
        m_spacing = std::sqrt(total / double(maxSamples));
    const double density = 1.0 / (m_spacing * m_spacing);
    m_samples = m_vertices;
    m_sampleComponent = m_vertexComponent;
    // std::mt19937 is specified exactly, so the same seed gives the same points everywhere.
    std::mt19937 random(seed);
    auto unit = [&random] { return double(random() >> 8) / 16777216.0; };
    for (size_t t = 0; t < m_indices.size(); t += 3) {
        const double expected = areas[t / 3] * density;
        const size_t count = size_t(expected) + (unit() < expected - std::floor(expected) ? 1 : 0);
        const Vec3d& a = m_vertices[m_indices[t]];
        const Vec3d ab = m_vertices[m_indices[t + 1]] - a, ac = m_vertices[m_indices[t + 2]] - a;
        for (size_t i = 0; i < count; ++i) {
            double u = unit(), v = unit();
            if (u + v > 1) {
                u = 1 - u;
                v = 1 - v;
            }
            m_samples.push_back(a + ab * u + ac * v);
            m_sampleComponent.push_back(m_vertexComponent[m_indices[t]]);
        }
    }
}

void DecompositionSolid::fillVoxels(const std::atomic<bool>* cancel)
{
    const double h = m_voxel;
    m_origin = m_lower - Vec3d{h, h, h};
    const Vec3d extent = m_upper - m_lower;
    m_nx = int(std::ceil(extent.x / h)) + 2;
    m_ny = int(std::ceil(extent.y / h)) + 2;
    m_nz = int(std::ceil(extent.z / h)) + 2;
    m_inside.assign(size_t(m_nx) * size_t(m_ny) * size_t(m_nz), 0);
    // Rays along +x through each (y, z) voxel row, nudged off the grid so that they miss edges and vertices
    // of axis-aligned models; the crossings' parity gives inside.
    const double dy = 0.5 + 0.0137, dz = 0.5 + 0.0291;
    std::vector<std::vector<double>> hits(size_t(m_ny) * size_t(m_nz));
    for (size_t t = 0; t < m_indices.size(); t += 3) {
        if (cancel && (t % 4096) == 0 && cancel->load())
            return;
        const Vec3d& a = m_vertices[m_indices[t]];
        const Vec3d& b = m_vertices[m_indices[t + 1]];
        const Vec3d& c = m_vertices[m_indices[t + 2]];
        const double area = (b.y - a.y) * (c.z - a.z) - (c.y - a.y) * (b.z - a.z);
        if (area == 0)
            continue;
        const int j0 = std::max(0, int(std::ceil((std::min({a.y, b.y, c.y}) - m_origin.y) / h - dy)));
        const int j1 = std::min(m_ny - 1, int(std::floor((std::max({a.y, b.y, c.y}) - m_origin.y) / h - dy)));
        const int k0 = std::max(0, int(std::ceil((std::min({a.z, b.z, c.z}) - m_origin.z) / h - dz)));
        const int k1 = std::min(m_nz - 1, int(std::floor((std::max({a.z, b.z, c.z}) - m_origin.z) / h - dz)));
        for (int j = j0; j <= j1; ++j) {
            const double y = m_origin.y + (j + dy) * h;
            for (int k = k0; k <= k1; ++k) {
                const double z = m_origin.z + (k + dz) * h;
                // Barycentric coordinates of (y, z) in the triangle's projection.
                const double u = ((b.y - y) * (c.z - z) - (c.y - y) * (b.z - z)) / area;
                const double v = ((c.y - y) * (a.z - z) - (a.y - y) * (c.z - z)) / area;
                const double w = 1 - u - v;
                if (u < 0 || v < 0 || w < 0)
                    continue;
                hits[size_t(j) * size_t(m_nz) + size_t(k)].push_back(u * a.x + v * b.x + w * c.x);
            }
        }
    }
    for (int j = 0; j < m_ny; ++j) {
        for (int k = 0; k < m_nz; ++k) {
            auto& row = hits[size_t(j) * size_t(m_nz) + size_t(k)];
            std::sort(row.begin(), row.end());
            for (size_t h2 = 0; h2 + 1 < row.size(); h2 += 2) {
                const int i0 = std::max(0, int(std::ceil((row[h2] - m_origin.x) / h - 0.5)));
                const int i1 = std::min(m_nx - 1, int(std::floor((row[h2 + 1] - m_origin.x) / h - 0.5)));
                for (int i = i0; i <= i1; ++i)
                    m_inside[(size_t(i) * size_t(m_ny) + size_t(j)) * size_t(m_nz) + size_t(k)] = 1;
            }
        }
    }
}

bool DecompositionSolid::inside(const Vec3d& p) const
{
    const Vec3d g = (p - m_origin) / m_voxel;
    const int i = int(std::floor(g.x)), j = int(std::floor(g.y)), k = int(std::floor(g.z));
    if (i < 0 || j < 0 || k < 0 || i >= m_nx || j >= m_ny || k >= m_nz)
        return false;
    return m_inside[(size_t(i) * size_t(m_ny) + size_t(j)) * size_t(m_nz) + size_t(k)] != 0;
}

std::vector<Vec3d> sampleFaces(const std::vector<Vec3d>& points,
                               const std::vector<std::array<std::uint32_t, 3>>& faces, double spacing,
                               size_t maxPoints)
{
    auto divisions = [&](const std::array<std::uint32_t, 3>& f, double step) {
        const Vec3d &a = points[f[0]], &b = points[f[1]], &c = points[f[2]];
        const double longest = std::max({length(b - a), length(c - b), length(a - c)});
        return size_t(std::ceil(longest / step));
    };
    double step = spacing;
    for (int round = 0; round < 30; ++round) {
        size_t count = 0;
        for (const auto& f : faces) {
            const size_t n = divisions(f, step);
            count += (n + 1) * (n + 2) / 2;
        }
        if (count <= maxPoints)
            break;
        step *= 1.3;
    }
    std::vector<Vec3d> out;
    for (const auto& f : faces) {
        const size_t n = std::max<size_t>(1, divisions(f, step));
        const Vec3d &a = points[f[0]], &b = points[f[1]], &c = points[f[2]];
        for (size_t i = 0; i <= n; ++i)
            for (size_t j = 0; i + j <= n; ++j)
                out.push_back(a + (b - a) * (double(i) / double(n)) + (c - a) * (double(j) / double(n)));
    }
    return out;
}

double pointTriangleDistance(const Vec3d& p, const Vec3d& a, const Vec3d& b, const Vec3d& c)
{
    // The closest point by the Voronoi region of p: a vertex, an edge or the face.
    const Vec3d ab = b - a, ac = c - a, ap = p - a;
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0)
        return length(ap);
    const Vec3d bp = p - b;
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3)
        return length(bp);
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0)
        return length(p - (a + ab * (d1 / (d1 - d3))));
    const Vec3d cp = p - c;
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6)
        return length(cp);
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0)
        return length(p - (a + ac * (d2 / (d2 - d6))));
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
        return length(p - (b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)))));
    const double denom = 1.0 / (va + vb + vc);
    return length(p - (a + ab * (vb * denom) + ac * (vc * denom)));
}

} // namespace cs::geometry
