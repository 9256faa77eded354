#pragma once

// Approximate convex decomposition: a concave mesh becomes a few convex parts, each within a vertex cap, for
// a compound collider. The method follows the collision-aware concavity of CoACD (Wei et al., SIGGRAPH 2022):
// the concavity of a part is the largest distance from its hull's surface to the mesh's surface (the part's
// own piece of it). The mesh's connected components start as separate pieces; then the worst piece is cut by
// the plane, among planes across the coordinate axes and the piece's principal axes, that leaves the least
// concavity on either side; pieces whose union stays under the threshold are merged again. The splitting runs
// three times, differing in how they choose among cuts of about the least concavity (the first; the least
// hull volume; for the first cuts, the least concavity left after cutting each side once more), and keeps the
// run whose worst piece is least concave. The runs share the scores of cuts they have in common; a cut's
// measure stops once it cannot be chosen, and a later run stops once it cannot end less concave than the
// best, so the result is the same as if every cut were measured in full.

#include "Diagnostic.h"
#include "geometry/ColliderFit.h"
#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cs::geometry {

struct PrimitiveParts;

/// What a decomposition aims for and what it may spend. Lengths are relative to the mesh's bounding-box
/// diagonal, so the same settings suit a cup and a building.
struct DecompositionOptions
{
    /// A part is convex enough when no point of its hull is further than this from the mesh's surface
    /// (fraction of the diagonal). Also bounds how far a mesh vertex may lie outside its capped part.
    double concavity = 0.03;
    /// The most parts; the worst part is split until every part meets `concavity` or this many exist.
    int maxParts = 16;
    /// The vertex cap of each part's hull, 4..255 (64 suits PhysX GPU bodies; 255 is the engines' limit).
    int pointsPerPart = 64;
    /// Merge parts again whose union's hull still meets `concavity` (fewer parts, same quality).
    bool merge = true;
    /// Voxels along the mesh's longest side for the inside test; surface samples are half a voxel apart.
    int resolution = 64;
    /// Candidate cut positions along each direction when searching for the best plane.
    int planesPerAxis = 12;
    /// Seconds the whole decomposition may take (0: no limit), counted from its start: once they are spent,
    /// the cut search under way stops without cutting, the searches left are not started and merging stops;
    /// the parts so far are the result (their capped hulls are still made).
    double timeBudget = 0;
    /// Seeds the surface sampling: the same mesh, options and seed give the same parts.
    std::uint32_t seed = 1;
    /// Worker threads for the plane search (0: every core). The result does not depend on it.
    int threads = 0;
    /// Fill in Decomposition::quality with measureDecomposition() (its time is not in
    /// Decomposition::seconds); off: only the part count.
    bool measure = true;
    /// Called on the calling thread with the fraction done (0..1), non-decreasing.
    std::function<void(double)> progress;
    /// Polled during the run; set it from another thread to stop (the result is then DECOMPOSE_CANCELLED).
    const std::atomic<bool>* cancel = nullptr;
};

/// One convex part: a closed hull, counter-clockwise seen from outside, in the mesh's space.
struct DecomposedPart
{
    gltf::TriangleMesh hull;
    size_t points = 0;    ///< vertices of the hull (<= pointsPerPart)
    double concavity = 0; ///< its own concavity as the search measured it (mesh units)
    double volume = 0;    ///< of the hull
    bool capped = false;  ///< points were left out to meet pointsPerPart
};

/// The figures by which a decomposition is judged (measureDecomposition).
struct DecompositionQuality
{
    size_t parts = 0;
    /// The largest distance from any part's hull surface to the mesh's surface, where that hull point lies
    /// outside the mesh (mesh units); and relative to the bounding-box diagonal.
    double maxConcavity = 0;
    double relativeConcavity = 0;
    double diagonal = 0; ///< of the mesh's bounding box
    /// The largest distance of a mesh vertex outside every part (0: the union covers the mesh).
    double maxUncovered = 0;
    double unionVolume = 0; ///< of the parts' union (voxel count), cubic mesh units
    double meshVolume = 0;  ///< enclosed by the mesh (0 when it is not closed)
    double volumeRatio = 0; ///< unionVolume / meshVolume (0 when the mesh is not closed)
    bool closed = false;    ///< the mesh is closed, so meshVolume and inside tests are sound
};

struct Decomposition
{
    std::vector<DecomposedPart> parts;
    DecompositionQuality quality;
    double seconds = 0;         ///< wall time of the decomposition (not of the quality figures)
    bool budgetReached = false; ///< stopped by maxParts or timeBudget with parts over the threshold
    /// How well the parts together fit the mesh (ColliderFit), in the mesh's space; set by
    /// document::previewDecomposition when measuring.
    std::optional<FitSummary> fit;
    /// Set when the parts were given primitives (document::previewPrimitiveParts): parts[i] stands for
    /// primitives->parts[i], and a part with a primitive has an empty hull.
    std::shared_ptr<const PrimitiveParts> primitives;
};

/// Decomposes `mesh` into convex parts. Errors: DECOMPOSE_NO_TRIANGLES, DECOMPOSE_NONFINITE (a NaN/inf
/// position), DECOMPOSE_DEGENERATE (no volume: the hull of every vertex is flat), DECOMPOSE_BAD_OPTIONS (a
/// cap outside 4..255, maxParts < 1, concavity <= 0, resolution < 8), DECOMPOSE_CANCELLED.
Result<Decomposition> decomposeConvex(const gltf::TriangleMesh& mesh,
                                      const DecompositionOptions& options = {});

/// The quality figures of any set of convex hulls (ours or another tool's) against `mesh`, measured with
/// `resolution` voxels along the longest side. Hulls are closed convex triangle meshes.
DecompositionQuality measureDecomposition(const gltf::TriangleMesh& mesh,
                                          const std::vector<gltf::TriangleMesh>& hulls, int resolution = 96);

} // namespace cs::geometry
