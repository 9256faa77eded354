#pragma once

#include "geometry/Vec3d.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace cs::geometry {

/// The engine under generateConvexHull(): 3D quickhull in double precision that inserts the globally furthest
/// outside point first, so that stopping early at a vertex cap leaves the hull that is best in the worst case
/// (every point left out lies within the distance of the last point taken). Use generateConvexHull() unless
/// you need the raw topology.
struct QuickHullOptions
{
    size_t maxVertices = std::numeric_limits<size_t>::max();
    /// Called now and then with the fraction done (0..1), from the calling thread.
    std::function<void(double)> progress;
    /// Checked between insertions; when it becomes true the run stops with status Cancelled.
    const std::atomic<bool>* cancel = nullptr;
};

struct QuickHullOutput
{
    enum class Status
    {
        Ok,
        Empty,
        Coincident,
        Collinear,
        Coplanar,
        Cancelled
    };
    Status status = Status::Empty;
    /// Plane tolerance used, in input units: points closer than this to a face count as on it.
    double tolerance = 0;
    /// Triangles as indices into the input points, counter-clockwise seen from outside.
    std::vector<std::array<std::uint32_t, 3>> faces;
    /// neighbours[f][i] is the face across the edge faces[f][i] -> faces[f][(i + 1) % 3].
    std::vector<std::array<std::uint32_t, 3>> neighbours;
    /// Unit outward normal and offset of each face's plane: dot(normal, p) - offset is the signed distance.
    std::vector<Vec3d> normals;
    std::vector<double> offsets;
    /// The input points that are still outside when the run stopped at the cap, each with a face it is
    /// beyond (empty for a complete hull).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> outside;
    size_t vertexCount = 0;
};

/// Runs quickhull on `points` (all finite). Fewer than 4 non-coplanar points give the matching status and no
/// faces. Outward orientation and a closed 2-manifold are invariants of every Ok result.
QuickHullOutput quickHull(const std::vector<Vec3d>& points, const QuickHullOptions& options = {});

} // namespace cs::geometry
