#pragma once

// The sampled form of a mesh that convex decomposition and its quality figures measure against: dense points
// on the surface, an inside/outside voxel grid, and a nearest-point index. Internal to
// geometry/Decomposition*.

#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace cs::geometry {

/// The points p with dot(normal, p) >= offset.
struct HalfSpace
{
    Vec3d normal;
    double offset = 0;
    double distance(const Vec3d& p) const { return dot(normal, p) - offset; }
    bool contains(const Vec3d& p) const { return distance(p) >= 0; }
    HalfSpace flipped() const { return {-normal, -offset}; }
};

/// A static k-d tree over a set of points, for nearest-point distances.
class PointIndex
{
public:
    PointIndex() = default;
    explicit PointIndex(std::vector<Vec3d> points);

    bool empty() const { return m_points.empty(); }
    /// The distance from p to the nearest indexed point (infinity when empty). Stops early and returns a
    /// value
    /// <= `enough` once a point that close is found, since callers only need to know "within enough".
    /// With `keep`, only points inside that half-space count.
    double nearestDistance(const Vec3d& p, double enough = 0, const HalfSpace* keep = nullptr) const;

private:
    /// Ranges this small are not split but scanned: fewer levels to descend for a few more distances.
    static constexpr size_t kLeafPoints = 8;
    void build(size_t begin, size_t end, int depth);
    void search(const Vec3d& p, size_t begin, size_t end, int depth, double& best2, double enough2,
                const HalfSpace* keep) const;
    std::vector<Vec3d> m_points; // reordered into the tree: the median of each range is its node
};

/// A mesh as points and voxels. Lengths are in the mesh's units.
class DecompositionSolid
{
public:
    /// Samples `mesh` with `resolution` voxels along its longest side; the surface gets points about half a
    /// voxel apart (at most about `maxSamples`), chosen by a generator seeded with `seed`.
    DecompositionSolid(const gltf::TriangleMesh& mesh, int resolution, std::uint32_t seed,
                       size_t maxSamples = 200000, const std::atomic<bool>* cancel = nullptr);

    const std::vector<Vec3d>& vertices() const { return m_vertices; }
    const std::vector<std::uint32_t>& indices() const { return m_indices; }
    /// The mesh's unique edges as vertex index pairs.
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges() const { return m_edges; }
    /// Surface points: every vertex first, then points inside the triangles.
    const std::vector<Vec3d>& samples() const { return m_samples; }
    Vec3d lower() const { return m_lower; }
    Vec3d upper() const { return m_upper; }
    double diagonal() const { return m_diagonal; }
    double voxelSize() const { return m_voxel; }
    double sampleSpacing() const { return m_spacing; }
    /// Every edge is shared by exactly two triangles (positions compared exactly): the inside test is sound.
    bool closed() const { return m_closed; }
    /// The connected part of the surface (triangles sharing vertices) each vertex belongs to, numbered from
    /// 0; vertices no triangle uses get kNoComponent.
    const std::vector<std::uint32_t>& vertexComponents() const { return m_vertexComponent; }
    /// The component of each sample.
    const std::vector<std::uint32_t>& sampleComponents() const { return m_sampleComponent; }
    std::uint32_t componentCount() const { return m_componentCount; }
    static constexpr std::uint32_t kNoComponent = 0xffffffffu;
    /// True when p lies inside the mesh (x-ray parity at the nearest voxel centre; false beyond the grid).
    bool inside(const Vec3d& p) const;

private:
    void sampleSurface(std::uint32_t seed, size_t maxSamples);
    void fillVoxels(const std::atomic<bool>* cancel);
    void findComponents();

    std::vector<Vec3d> m_vertices;
    std::vector<std::uint32_t> m_indices;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_edges;
    std::vector<Vec3d> m_samples;
    Vec3d m_lower, m_upper, m_origin;
    double m_diagonal = 0, m_voxel = 1, m_spacing = 1;
    int m_nx = 0, m_ny = 0, m_nz = 0;
    std::vector<std::uint8_t> m_inside;
    std::vector<std::uint32_t> m_vertexComponent, m_sampleComponent;
    std::uint32_t m_componentCount = 0;
    bool m_closed = false;
};

/// Up to `maxPoints` points spread over the surface of a closed triangle mesh given by points and faces (a
/// hull), about `spacing` apart: every vertex, then a barycentric grid on each face.
std::vector<Vec3d> sampleFaces(const std::vector<Vec3d>& points,
                               const std::vector<std::array<std::uint32_t, 3>>& faces, double spacing,
                               size_t maxPoints);

/// The distance from p to the triangle abc.
double pointTriangleDistance(const Vec3d& p, const Vec3d& a, const Vec3d& b, const Vec3d& c);

} // namespace cs::geometry
