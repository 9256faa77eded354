#pragma once

#include "Diagnostic.h"
#include "geometry/ConvexHull.h"
#include "geometry/HullCap.h"
#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <atomic>
#include <functional>
#include <vector>

namespace cs::geometry {

/// The budget of a hull that must enclose every point. Engines count differently: PhysX caps vertices and
/// polygons (255 each), Jolt vertices (256), Unity triangles (255), so each may be given.
struct EnclosingHullOptions
{
    int maxVertices = kMaxHullPoints; ///< 4..255
    int maxFaces = kMaxHullPoints;    ///< polygon faces (coplanar triangles count once), 4..255
    int maxTriangles = 0;             ///< 0: no triangle budget; else 4..1024 (a closed hull has 2V - 4)
    /// Called from the calling thread with the fraction done (0..1).
    std::function<void(double)> progress;
    /// Polled during the run; set it from another thread to stop (the result is then an error).
    const std::atomic<bool>* cancel = nullptr;
};

/// An enclosing hull's counts and volumes, for reports (the mesh travels separately).
struct EnclosureFigures
{
    int vertices = 0;
    int faces = 0; ///< polygons
    int triangles = 0;
    double volume = 0;
    double hullVolume = 0;        ///< of the points' true convex hull
    double orientedBoxVolume = 0; ///< of fitOrientedBox(points)

    double addedOverHull() const { return hullVolume > 0 ? volume / hullVolume - 1.0 : 0.0; }
    double addedOverBox() const { return orientedBoxVolume > 0 ? volume / orientedBoxVolume - 1.0 : 0.0; }
};

/// A hull that holds every input point, with its counts as engines count them and its cost in volume.
struct EnclosingHull
{
    /// Closed, convex, every triangle counter-clockwise seen from outside (polygons fanned into triangles).
    gltf::TriangleMesh mesh;
    EnclosureFigures figures;
    /// How far an input point may lie outside `mesh`, measured by brute force: every point against every
    /// polygon's plane, plus how far a written (float) corner lies off its polygon's plane; at most
    /// `tolerance`, else the call fails. (A fan's triangle is no measure: three nearly collinear corners
    /// rounded to float define no plane.)
    double maxOutsideDistance = 0;
    double tolerance = 0;
};

/// A convex hull within the budget that contains every point (progressive hull simplification): the true
/// hull as an intersection of half-spaces, then, one at a time, the half-space whose removal adds the least
/// volume is dropped until the counts fit. Dropping a half-space only grows the polytope, so it keeps every
/// point inside; the result is still checked point by point against every face.
/// Errors (codes): ENCLOSE_BAD_BUDGET (a budget out of range), ENCLOSE_NONFINITE_POINT, ENCLOSE_FLAT (fewer
/// than 4 distinct points, or all on a line or a plane: no volume to enclose), ENCLOSE_UNREACHABLE (nothing
/// fits the budget; not expected: an enclosing tetrahedron fits any budget),
/// ENCLOSE_OUT_OF_RANGE (beyond float range), ENCLOSE_CHECK_FAILED (a point outside: a bug, never a result),
/// HULL_CANCELLED (the code every hull uses).
Result<EnclosingHull> encloseWithBudget(const std::vector<Vec3d>& points,
                                        const EnclosingHullOptions& options = {});

/// The hull as a capped hull that left no point out (volume ratio at least 1, nothing outside), for the
/// places that take one.
ConvexHull asConvexHull(EnclosingHull hull);

/// The largest distance of a point beyond the plane of any triangle of `mesh` (0 when all are inside); brute
/// force. No measure for a mesh with thin triangles rounded to float (their planes tilt): encloseWithBudget
/// checks its result polygon by polygon (EnclosingHull::maxOutsideDistance).
double maxDistanceOutside(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points);

} // namespace cs::geometry
