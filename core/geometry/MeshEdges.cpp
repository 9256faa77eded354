#include "geometry/MeshEdges.h"

#include "geometry/Vec3d.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace cs::geometry {

namespace {

/// One side of an edge: the edge from corner `corner` (3 * triangle + k) of a triangle to the next corner.
struct HalfEdge
{
    std::uint64_t key; ///< the smaller vertex index in the high half, the larger in the low half
    std::uint32_t corner;
};

/// Every half-edge between two different vertices, sorted so that the sides of one edge are adjacent;
/// triangles with an index out of range are left out.
std::vector<HalfEdge> sortedHalfEdges(const gltf::TriangleMesh& mesh)
{
    std::vector<HalfEdge> out;
    out.reserve(mesh.indices.size());
    const auto cornerCount = std::uint32_t(mesh.indices.size() / 3 * 3);
    for (std::uint32_t c = 0; c < cornerCount; ++c) {
        const std::uint32_t* t = &mesh.indices[c - c % 3];
        if (std::max({t[0], t[1], t[2]}) >= mesh.positions.size())
            continue;
        const std::uint32_t a = mesh.indices[c], b = t[(c + 1) % 3];
        if (a == b)
            continue;
        out.push_back({(std::uint64_t(std::min(a, b)) << 32) | std::max(a, b), c});
    }
    std::sort(out.begin(), out.end(), [](const HalfEdge& x, const HalfEdge& y) {
        return x.key != y.key ? x.key < y.key : x.corner < y.corner;
    });
    return out;
}

/// The unit normal of triangle t (zero when it has no area).
Vec3d triangleNormal(const gltf::TriangleMesh& mesh, std::uint32_t t)
{
    const Vec3d a(mesh.positions[mesh.indices[3 * t]]), b(mesh.positions[mesh.indices[3 * t + 1]]),
        c(mesh.positions[mesh.indices[3 * t + 2]]);
    const Vec3d n = cross(b - a, c - a);
    const double len = length(n);
    return len > 0 ? n / len : Vec3d{};
}

/// The run of `size` half-edges is one edge used by two triangles that fold against each other.
bool isFold(const gltf::TriangleMesh& mesh, const HalfEdge* run, size_t size, double foldCosine)
{
    if (size != 2 || run[0].corner / 3 == run[1].corner / 3)
        return false;
    const Vec3d n1 = triangleNormal(mesh, run[0].corner / 3), n2 = triangleNormal(mesh, run[1].corner / 3);
    return lengthSquared(n1) > 0 && lengthSquared(n2) > 0 && dot(n1, n2) < foldCosine;
}

/// Calls f(begin, size) for each run of half-edges with the same key.
template <typename F> void forEachEdge(const std::vector<HalfEdge>& halves, F&& f)
{
    for (size_t i = 0; i < halves.size();) {
        size_t j = i + 1;
        while (j < halves.size() && halves[j].key == halves[i].key)
            ++j;
        f(&halves[i], j - i);
        i = j;
    }
}

/// The corner of triangle `t` at vertex v.
std::uint32_t cornerOf(const gltf::TriangleMesh& mesh, std::uint32_t t, std::uint32_t v)
{
    for (std::uint32_t k = 0; k < 3; ++k)
        if (mesh.indices[3 * t + k] == v)
            return 3 * t + k;
    return 3 * t;
}

struct Corners
{
    std::vector<std::uint32_t> parent;
    std::uint32_t find(std::uint32_t c)
    {
        while (parent[c] != c) {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        return c;
    }
    void join(std::uint32_t a, std::uint32_t b) { parent[find(a)] = find(b); }
};

} // namespace

EdgeCensus countEdges(const gltf::TriangleMesh& mesh, double foldCosine)
{
    EdgeCensus census;
    const std::vector<HalfEdge> halves = sortedHalfEdges(mesh);
    std::vector<char> used(mesh.positions.size(), 0); // 1: used, 2: on a border
    for (std::uint32_t v : mesh.indices)
        if (v < used.size())
            used[v] = 1;
    forEachEdge(halves, [&](const HalfEdge* run, size_t size) {
        ++census.edges;
        if (size == 1) {
            ++census.border;
            used[run->key >> 32] = used[run->key & 0xffffffffU] = 2;
        }
        census.nonManifold += size > 2 ? 1 : 0;
        census.folds += isFold(mesh, run, size, foldCosine) ? 1 : 0;
    });
    census.vertices = size_t(std::count_if(used.begin(), used.end(), [](char u) { return u != 0; }));
    census.borderVertices = size_t(std::count(used.begin(), used.end(), char(2)));
    return census;
}

gltf::TriangleMesh cutFolds(const gltf::TriangleMesh& mesh, double foldCosine, size_t* folds)
{
    const std::vector<HalfEdge> halves = sortedHalfEdges(mesh);
    const auto cornerCount = std::uint32_t(mesh.indices.size() / 3 * 3);
    Corners corners;
    corners.parent.resize(cornerCount);
    std::iota(corners.parent.begin(), corners.parent.end(), 0U);
    std::vector<bool> onFold(mesh.positions.size(), false);
    size_t foldCount = 0;
    // The corners of a vertex in two triangles are one fan across every edge but a fold.
    forEachEdge(halves, [&](const HalfEdge* run, size_t size) {
        const auto a = std::uint32_t(run->key >> 32), b = std::uint32_t(run->key & 0xffffffffU);
        if (isFold(mesh, run, size, foldCosine)) {
            onFold[a] = onFold[b] = true;
            ++foldCount;
            return;
        }
        for (size_t i = 1; i < size; ++i)
            for (std::uint32_t v : {a, b})
                corners.join(cornerOf(mesh, run[i].corner / 3, v), cornerOf(mesh, run[0].corner / 3, v));
    });
    if (folds)
        *folds = foldCount;
    gltf::TriangleMesh out = mesh;
    out.indices.resize(cornerCount);
    std::vector<std::uint32_t> fanVertex(cornerCount, UINT32_MAX);
    std::vector<bool> kept(mesh.positions.size(), false);
    for (std::uint32_t c = 0; c < cornerCount; ++c) {
        const std::uint32_t v = mesh.indices[c];
        if (v >= mesh.positions.size() || !onFold[v])
            continue;
        std::uint32_t& mine = fanVertex[corners.find(c)];
        if (mine == UINT32_MAX) {
            mine = kept[v] ? std::uint32_t(out.positions.size()) : v;
            if (kept[v])
                out.positions.push_back(mesh.positions[v]);
            kept[v] = true;
        }
        out.indices[c] = mine;
    }
    return out;
}

} // namespace cs::geometry
