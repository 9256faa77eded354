#pragma once

// A capped convex hull that may take its vertices from a simplified copy of the mesh. Under a cap the greedy
// hull (ConvexHull.h) keeps the points furthest out first, so which points it ends with depends on the points
// it is given; a copy simplified within a small error (MeshSimplify.h) has fewer of them, its small details
// flattened, and its hull can measure closer to the mesh than the hull of every vertex, or not. Both are
// measured against the whole mesh (ColliderFit.h) and the closer one is kept (the smaller two-sided
// deviation; on a tie, the smaller outside maximum, then the smaller overhang p95): the copy is used only
// where it helps the figures.

#include "Diagnostic.h"
#include "geometry/ColliderFit.h"
#include "geometry/ConvexHull.h"
#include "gltf/MeshTriangles.h"

#include <string>

namespace cs::geometry {

/// The hull kept and how the two candidates measured.
struct HullChoice
{
    ConvexHull hull;                                ///< the hull kept
    FitSummary fit;                                 ///< the kept hull against the mesh
    FitSummary wholeFit;                            ///< the hull of the whole mesh against the mesh
    bool copyTried = false;                         ///< a hull of a simplified copy was made and measured
    FitSummary copyFit;                             ///< that hull against the mesh (when copyTried)
    bool fromCopy = false;                          ///< the kept hull's vertices come from the copy
    size_t trianglesBefore = 0, trianglesAfter = 0; ///< the mesh's and the copy's triangles (when copyTried)
    /// One line for the user: which hull was kept and why, with both deviations when both were measured.
    std::string note;
};

/// The capped hull of every vertex of `mesh` (`options`, as generateConvexHull) and, when that hull is
/// capped, the hull whose vertices come from a copy of the mesh simplified within `maxError` (its distances
/// in the mesh's units), which still holds every vertex when options.conservative. The copy's hull is kept
/// when its deviation (FitSummary::deviation: the larger of outside and overhang maxima) is smaller. `meter`
/// measures in the mesh's own space (made from `mesh` with no transform). Errors: those of generateConvexHull
/// for the whole mesh; a copy that cannot be made or hulled only leaves the whole mesh's hull, with the
/// reason in `note`.
Result<HullChoice> chooseHullWithSimplifiedCopy(const gltf::TriangleMesh& mesh, const FitMeter& meter,
                                                const ConvexHullOptions& options, double maxError);

} // namespace cs::geometry
