#pragma once

#include "geometry/Transform.h"
#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace cs::geometry {

/// The point of triangle abc nearest to p (a degenerate triangle gives the nearest point of its edges).
Vec3d closestPointOnTriangle(const Vec3d& p, const Vec3d& a, const Vec3d& b, const Vec3d& c);

/// A bounding volume hierarchy over the triangles of a mesh, for the distance from a point to the mesh's
/// surface (unsigned: a triangle soup has no inside). Binary, split at the median of the triangles' centres
/// along the widest axis, up to four triangles per leaf; a query visits the nearer child first and skips any
/// box farther than the best distance so far. Built once, then read-only: queries may run on many threads.
class MeshBvh
{
public:
    /// The nearest point of the surface to a query point.
    struct Hit
    {
        double distance = std::numeric_limits<double>::infinity(); ///< infinity for an empty hierarchy
        Vec3d point;
        size_t triangle = 0; ///< index of the triangle in the input order
        /// Its place in the hierarchy's leaf order: a hint for the next query near this one.
        std::uint32_t leaf = kNoLeaf;
    };
    static constexpr std::uint32_t kNoLeaf = std::numeric_limits<std::uint32_t>::max();

    /// How the hierarchy is split. Median: at the median centre along the widest axis of every node (the
    /// best queries). Morton: the triangles sorted once along a Morton (Z-order) curve of their centres and
    /// every node split where the highest differing bit of its codes changes: a build several times cheaper,
    /// for a hierarchy that answers few queries for its size. Either gives exact answers.
    enum class Split
    {
        Median,
        Morton
    };

    MeshBvh() = default;
    /// Over the triangles of `mesh`, with every position taken through `transform` (in double).
    explicit MeshBvh(const gltf::TriangleMesh& mesh, const Mat4d& transform = {});
    /// Over triangles given as three corners each (corners.size() a multiple of 3).
    explicit MeshBvh(const std::vector<Vec3d>& corners, Split split = Split::Median);
    /// Over triangles given as three indices each into `positions` (every index in range, see
    /// trianglesInRange): the same hierarchy as over their corners, without a copy of them in input order.
    MeshBvh(const std::vector<Vec3d>& positions, const std::vector<std::uint32_t>& triangles,
            Split split = Split::Median);

    /// `hint` (a Hit::leaf of an earlier query, or kNoLeaf): a triangle likely near p, measured first so that
    /// the search starts with a tight bound. The answer is the same with or without it; queries of points in
    /// order along a surface (a mesh's vertices, samples drawn triangle by triangle) pass the last hit's
    /// leaf.
    /// `enough` (> 0): the search stops at the first triangle found within that distance, whose distance is
    /// returned: an upper bound of the true one, at most `enough`. A point farther than `enough` from every
    /// triangle gets the exact answer. 0 (the default): always exact.
    Hit closest(const Vec3d& p, std::uint32_t hint = kNoLeaf, double enough = 0) const;
    double distance(const Vec3d& p) const { return closest(p).distance; }
    size_t triangleCount() const { return m_corners.size() / 3; }
    /// The triangles' corners, three per triangle, in the hierarchy's leaf order.
    const std::vector<Vec3d>& corners() const { return m_corners; }

private:
    /// The box in float, rounded outwards from the double corners: never nearer to a point than the
    /// triangles inside it, so that skipping a box farther than the best distance skips nothing nearer.
    struct Node
    {
        std::array<float, 3> lo{}, hi{};
        std::uint32_t first = 0; ///< leaf: first triangle; inner node: index of the second child
        std::uint32_t count = 0; ///< leaf: triangle count; 0 for an inner node (its first child follows it)
    };
    /// Where the build reads the triangles: corner k of triangle t is positions[indices[3t + k]].
    struct Source
    {
        const Vec3d* positions = nullptr;
        const std::uint32_t* indices = nullptr;
        const Vec3d& corner(size_t t, size_t k) const { return positions[indices[3 * t + k]]; }
    };
    void build(const Source& source, std::uint32_t count, Split split);
    std::uint32_t buildNode(std::vector<std::uint32_t>& order, const std::vector<Vec3d>& centres,
                            const Source& source, std::uint32_t begin, std::uint32_t end);
    /// Also writes the leaf's corners into m_corners, in leaf order.
    std::uint32_t buildLeaf(const std::vector<std::uint32_t>& order, const Source& source,
                            std::uint32_t begin, std::uint32_t end);
    /// The union of the two children's boxes into `index`, whose second child is `second`.
    std::uint32_t joinChildren(std::uint32_t index, std::uint32_t first, std::uint32_t second);

    std::vector<Vec3d> m_corners;             ///< three per triangle, leaf order
    std::vector<std::uint32_t> m_triangleIds; ///< input index of each triangle in leaf order
    std::vector<Node> m_nodes;
    bool m_presorted = false;           ///< Morton: the order is already sorted
    std::vector<std::uint64_t> m_codes; ///< Morton, while building: the codes in leaf order
};

/// The distance from p to the nearest of `corners`' triangles (three corners each), by visiting every
/// triangle: the reference the hierarchy is tested and timed against.
double bruteForceDistance(const std::vector<Vec3d>& corners, const Vec3d& p);

/// Sorts `keys` ascending and moves `values` (of the same size) with them; equal keys keep their order (a
/// stable sort). A least-significant-digit radix sort, 11 bits a pass, passes over digits that every key
/// shares skipped.
void sortByKey(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& values);

/// The indices of `points` sorted along a Morton (Z-order) curve over their bounding box, 21 bits an axis,
/// ties in input order: points near each other in the order lie near each other in space.
std::vector<std::uint32_t> mortonOrder(const std::vector<Vec3d>& points);

/// The indices of a mesh's triangles whose three indices are all below `vertexCount`, three per triangle.
std::vector<std::uint32_t> trianglesInRange(const std::vector<std::uint32_t>& indices, size_t vertexCount);

/// The triangles of a mesh as three corners each, positions through `transform`; triangles with an index out
/// of range are left out.
std::vector<Vec3d> triangleCorners(const gltf::TriangleMesh& mesh, const Mat4d& transform = {});

} // namespace cs::geometry
