#pragma once

#include "Diagnostic.h"
#include "geometry/HullCap.h"
#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <QMatrix4x4>
#include <atomic>
#include <functional>
#include <vector>

namespace cs::geometry {

/// How to build a capped convex hull. Distances are in the points' units (metres for glTF).
struct ConvexHullOptions
{
    /// The most vertices the result may have; at least 4.
    int maxVertices = kMaxHullPoints;
    /// false: an inner hull, every vertex an input point (may leave points outside when capped).
    /// true: the inner hull grown about its centroid just enough to contain every input point.
    bool conservative = false;
    /// Fill in HullQuality's volume ratio and outside distance. The ratio needs the uncapped hull (about one
    /// more full hull); the outside distance a walk from every left-out point.
    bool measureQuality = true;
    /// Called from the calling thread with the fraction done (0..1).
    std::function<void(double)> progress;
    /// Polled during the run; set it from another thread to stop early (the result is then an error).
    const std::atomic<bool>* cancel = nullptr;
    /// When set, the hull takes its vertices from these points only (e.g. the vertices of a simplified copy
    /// of the mesh, SimplifiedHull.h); every one of the given `points` is still measured (outside distance)
    /// and, when conservative, held. The volume ratio is against the hull of the given points.
    const std::vector<Vec3d>* vertexPoints = nullptr;
};

/// How well a capped hull approximates the true hull of its input.
struct HullQuality
{
    size_t vertexCount = 0;
    double volume = 0;         ///< of the result, cubic units
    double uncappedVolume = 0; ///< of the true hull (0 when not measured)
    double volumeRatio = 0;    ///< volume / uncappedVolume (0 when not measured)
    /// The largest distance of an input point beyond a face plane of the result (0: contains every point).
    double maxOutsideDistance = 0;
    double diagonal = 0;     ///< of the input's axis-aligned bounding box
    double outsideRatio = 0; ///< maxOutsideDistance / diagonal
    /// true when input points were left out to meet the cap (always with ConvexHullOptions::vertexPoints)
    bool capped = false;
};

/// A closed convex triangle mesh (every face wound counter-clockwise seen from outside) and its quality.
struct ConvexHull
{
    gltf::TriangleMesh mesh;
    HullQuality quality;
};

/// The convex hull of `points` with at most options.maxVertices vertices. Points are taken greedily, the one
/// furthest outside the hull so far first, so a capped hull keeps the points that matter most.
/// Errors (codes): HULL_NONFINITE_POINT (a NaN/inf coordinate; the message names the point), HULL_BAD_CAP
/// (maxVertices < 4), HULL_TOO_FEW_POINTS (fewer than 4 distinct points), HULL_COLLINEAR, HULL_COPLANAR (no
/// volume: use a box or a trimesh instead), HULL_OUT_OF_RANGE (a vertex beyond float range), HULL_CANCELLED.
/// Tolerances scale with the model: points within 1e-9 of the bounding-box diagonal of a face count as on it.
Result<ConvexHull> generateConvexHull(const std::vector<Vec3d>& points,
                                      const ConvexHullOptions& options = {});

/// The same for every position of a mesh.
Result<ConvexHull> generateConvexHull(const gltf::TriangleMesh& mesh, const ConvexHullOptions& options = {});

/// Appends the mesh's positions through `transform`, e.g. to hull several nodes' meshes in one body's space.
void appendPoints(std::vector<Vec3d>& points, const gltf::TriangleMesh& mesh,
                  const QMatrix4x4& transform = QMatrix4x4());

/// The volume enclosed by a closed, consistently wound triangle mesh (negative when wound inward).
double meshVolume(const gltf::TriangleMesh& mesh);

} // namespace cs::geometry
