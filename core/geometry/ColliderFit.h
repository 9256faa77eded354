#pragma once

// How well a collider fits its mesh, in the units of the space both are given in (metres in world space):
// - outside: for every mesh vertex and points drawn on its triangles by area, the signed distance to the
//   collider's surface (positive: the model pokes out of the collider there);
// - overhang: for points drawn on the collider's surface, the distance to the mesh's surface (how far the
//   collider stands off the model: invisible walls, floating objects).
// Primitives use closed forms (ShapeSurface); convex shapes are the hull of their points (exact signed
// distance); a trimesh is a surface with no inside (the distance is unsigned); a KHR plane is the half-space
// below it. A compound is the union of its parts. Distances to meshes go through a MeshBvh, on every core.
// Sampling uses a fixed seed: the same input gives the same figures on every run.

#include "Diagnostic.h"
#include "geometry/Shape.h"
#include "geometry/Transform.h"
#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <QMatrix4x4>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cs::geometry {

class MeshBvh;

/// A KHR_implicit_shapes plane: normal +Y through its node's origin; a size of 0 is unbounded.
struct FitPlane
{
    double sizeX = 0, sizeZ = 0;
};

/// One shape of a collider and where it sits.
struct FitPart
{
    ShapeGeometry shape;           ///< box, sphere, capsule, cylinder, convex or trimesh
    std::optional<FitPlane> plane; ///< set: the part is a plane and `shape` is not used
    Mat4d toSpace;                 ///< the shape's own space into the measuring space
};

struct FitOptions
{
    size_t meshSamples = 20000;     ///< points drawn on the mesh's triangles, besides its vertices
    size_t colliderSamples = 20000; ///< points drawn on the collider's surface (shared by area among parts)
    std::uint64_t seed = 0x636f6c6cULL;
    /// 1: every point's distance is exact. k > 1: only every k-th point's is (of the mesh's points and of
    /// the collider's, each in order); a point between gets an upper bound when a triangle lies within the
    /// largest exact distance found so far among the points queried before it in its block (the collider's
    /// points are queried along their Morton curve; the search stops there), else its exact distance. The
    /// maxima (outside and overhang) are then still exact, since a bound never exceeds them; the means and
    /// p95s are over every k-th point.
    size_t exactStride = 1;
    /// > 0: a box part's surface is sampled on a grid (sampleBoxGrid) instead of colliderSamples random
    /// points, its spacing set by what this accuracy needs: every overhang figure (maximum, area-weighted
    /// mean and p95) within boxAccuracy times the mesh's diagonal of the exact figure of the whole surface.
    /// The grid has at least kMinBoxCells cells and at most colliderSamples (beyond that it coarsens and the
    /// bound with it: FitMeasurement::overhangBound). 0: every part as colliderSamples says.
    double boxAccuracy = 0;
};

/// The fewest cells a box part's grid has (FitOptions::boxAccuracy): a small box still gets a spread of
/// points for its mean and p95.
inline constexpr size_t kMinBoxCells = 96;

/// Largest, mean and 95th percentile (nearest rank) of a set of distances.
struct FitFigures
{
    double max = 0, mean = 0, p95 = 0;
};

/// The figures of one measurement.
struct FitSummary
{
    FitFigures outside;  ///< of the outside distances, negative ones (inside) counted as 0
    FitFigures overhang; ///< of the overhang distances
    double diagonal =
        0; ///< of the mesh's bounding box in the measuring space; fractions are figure / diagonal
    /// A sphere, capsule or cylinder sits under a transform that is not a similarity (a box there is measured
    /// as what it becomes), or figures of a node's space were scaled to a space that is not a similar one.
    bool approximate = false;

    /// Every distance multiplied by s (a uniform scale of the measuring space).
    FitSummary scaled(double s) const;
    /// The larger of the outside and overhang maxima: the two-sided deviation between mesh and collider.
    double deviation() const { return std::max(outside.max, overhang.max); }
};

/// A measurement with every sampled point, for colouring: the mesh's points (its vertices first, in order,
/// then the samples) with their signed outside distances, and the collider's points with their overhangs
/// (both upper bounds between the exact ones when FitOptions::exactStride > 1).
struct FitMeasurement
{
    FitSummary summary;
    std::vector<Vec3d> meshPoints;
    std::vector<double> outside;
    size_t meshVertices = 0;
    std::vector<Vec3d> colliderPoints;
    std::vector<double> overhang;
    /// Each collider point's share of the surface (its cell's area) when a box part was sampled on a grid,
    /// the figures then weighted by it; empty: every point counts the same.
    std::vector<double> colliderWeights;
    /// A collider of one box part sampled on a grid, every distance exact: how far, at most, each overhang
    /// figure can be from the exact one of the whole surface (in the measuring space); 0: not known.
    double overhangBound = 0;
};

/// A mesh prepared for measuring colliders against: its points and its hierarchy are made once, so that
/// several candidate colliders (auto's choice, the simplifier's retries) are measured cheaply.
class FitMeter
{
public:
    /// The mesh with every position through `meshToSpace`.
    explicit FitMeter(const gltf::TriangleMesh& mesh, const Mat4d& meshToSpace = {}, FitOptions options = {});
    ~FitMeter();
    FitMeter(const FitMeter&) = delete;
    FitMeter& operator=(const FitMeter&) = delete;

    /// Errors: FIT_NO_TRIANGLES (the mesh has none), FIT_NO_COLLIDER (no parts, or no part with a surface).
    Result<FitMeasurement> measure(const std::vector<FitPart>& parts) const;
    /// measure(parts).summary, without drawing the mesh's samples when they cannot change it: a collider of
    /// one convex part (a primitive, a convex shape, a plane's half-space) that holds every vertex holds
    /// every point of the triangles between them, so every outside figure is 0.
    Result<FitSummary> summary(const std::vector<FitPart>& parts) const;
    /// The distance of each point (in the measuring space) to the mesh's surface, as overhangs are measured:
    /// on every core, over the hierarchy made once (infinite for a mesh without triangles). With a `stride`
    /// over 1 only every stride-th point's distance is exact; each other point gets the distance of a
    /// triangle within the largest exact distance so far in its block (an upper bound that cannot raise the
    /// maximum). The points are queried along their Morton curve (mortonOrder), whatever their given order.
    std::vector<double> distancesToMesh(const std::vector<Vec3d>& points, size_t stride = 1) const;
    double diagonal() const { return m_diagonal; }

private:
    Result<FitMeasurement> measureWith(const std::vector<FitPart>& parts, bool summaryOnly) const;
    /// The vertices, then the samples (drawn on first use).
    const std::vector<Vec3d>& points() const;

    FitOptions m_options;
    std::vector<Vec3d> m_positions;         ///< the vertices in the measuring space
    std::vector<std::uint32_t> m_triangles; ///< three indices into m_positions each
    mutable std::once_flag m_sampled;
    mutable std::vector<Vec3d> m_points; ///< vertices, then samples
    size_t m_vertices = 0;
    double m_diagonal = 0;
    Vec3d m_lo, m_hi;
    std::unique_ptr<MeshBvh> m_bvh;
};

/// The parts placed in another space: each one's toSpace after `frame` (a node's world transform when the
/// parts are in the node's space).
std::vector<FitPart> partsInFrame(const std::vector<FitPart>& parts, const Mat4d& frame);

/// Measures once (see FitMeter).
Result<FitMeasurement> measureFit(const gltf::TriangleMesh& mesh, const Mat4d& meshToSpace,
                                  const std::vector<FitPart>& parts, const FitOptions& options = {});

/// max, mean and 95th percentile of `values`, negative values counted as 0.
FitFigures fitFigures(const std::vector<double>& values);
/// The same with each value weighted (a weight of 0 counts for the maximum only); the p95 is the smallest
/// value at or under which 95 % of the weight lies. Equal weights give fitFigures(values).
FitFigures fitFigures(const std::vector<double>& values, const std::vector<double>& weights);

/// The figures in one line: "outside max 0.012 m (0.4 %), p95 0.003 m; overhang max 0.21 m (7.1 %), mean
/// 0.05 m, p95 0.12 m" (percentages of the diagonal; none when it is 0). A distance below what the line
/// shows (0.05 mm, and 0.05 % of the diagonal) is "0 m".
std::string fitText(const FitSummary& fit);

/// The mean scale of a transform's linear part (the cube root of its volume scale; 1 when it has none): what
/// distances measured in a node's space are multiplied by in its parent's or the world's.
double meanScale(const QMatrix4x4& transform);

/// The placement of a shape fitted at `offset` turned by `rotation` (as FittedShape gives it).
Mat4d fitPlacement(const Vec3d& offset, const Quatd& rotation);

} // namespace cs::geometry
