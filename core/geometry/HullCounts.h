#pragma once

// A convex hull's size as engines count it: corners (Jolt, PhysX), polygons with coplanar triangles merged
// (PhysX), triangles (Unity). An engine builds its own hull from the mesh's points, so the counts are those
// of the points' true hull, not of the triangles the file lists.

#include "geometry/QuickHull.h"
#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <optional>
#include <vector>

namespace cs::geometry {

struct HullCounts
{
    int vertices = 0;
    int polygons = 0;  ///< faces, coplanar neighbouring triangles counted once
    int triangles = 0; ///< the polygons fanned: 2 * vertices - 4 for a closed hull
};

/// The counts of the convex hull of `points`, or none when they span no volume (fewer than 4 points not in
/// one plane) or hold a non-finite coordinate.
std::optional<HullCounts> hullCounts(const std::vector<Vec3d>& points);
std::optional<HullCounts> hullCounts(const gltf::TriangleMesh& mesh);

/// Groups a hull's triangles into polygons (neighbours within `tolerance` of the first one's plane) and
/// returns each polygon's area-weighted unit normal.
std::vector<Vec3d> polygonNormals(const std::vector<Vec3d>& points, const QuickHullOutput& h,
                                  double tolerance);

} // namespace cs::geometry
