#pragma once

// The pieces a decomposition cuts a mesh into, and how their concavity is measured. Internal to
// geometry/Decomposition.cpp.

#include "geometry/DecompositionSolid.h"

#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace cs::geometry {

/// A piece of the solid: the part of the mesh's surface inside a convex cell (or, after a merge, inside two
/// cells), as surface samples and the points where the mesh's edges cross the cell's planes.
struct Piece
{
    std::vector<std::uint32_t> samples;      ///< indices into DecompositionSolid::samples()
    std::vector<Vec3d> cutPoints;            ///< mesh edges crossing the cut planes
    std::vector<std::uint32_t> components;   ///< the surface components it has samples of (sorted)
    std::vector<HalfSpace> cell;             ///< the cell; empty after a merge (then it is not cut again)
    std::shared_ptr<const PointIndex> index; ///< samples and cut points, for distances to the surface
    double concavity = 0;                    ///< of the capped hull, fine measure
    bool valid = false;                      ///< has a hull with volume
    bool frozen = false;                     ///< no cut helps it (or it is a merge): not cut again
    Vec3d lower, upper;                      ///< bounding box of the samples
};

/// How good a cut is: the concavity of its worse side, and the two sides' hull volumes together.
struct SplitScore
{
    double concavity = 0;
    double volume = 0;
    /// The measure stopped once the concavity exceeded the bound it was given: `concavity` is then only a
    /// lower bound above that bound, `volume` is not set, and the second side may have no volume.
    bool partial = false;
};

/// Measures pieces of one solid with one vertex cap.
class PieceMeasure
{
public:
    PieceMeasure(const DecompositionSolid& solid, int cap) : m_solid(solid), m_cap(size_t(cap)) {}

    /// One piece per connected component of the surface, measured; components without volume join the
    /// nearest piece; more than maxPieces are joined (least bounding-box growth first) down to half of it.
    std::vector<Piece> roots(size_t maxPieces) const;
    /// The concavity of the two sides of `plane` (max of both), cheaply (subsampled hulls and hull
    /// samples), or nothing when a side has no volume. Once the concavity is known to exceed `bound`, the
    /// measure stops and returns a partial score.
    std::optional<SplitScore> scoreSplit(const Piece& piece, const HalfSpace& plane,
                                         double bound = std::numeric_limits<double>::infinity()) const;
    /// The two sides of `plane` (inside first), measured (`fine`: as results; else cheaply, to look ahead).
    std::pair<Piece, Piece> split(const Piece& piece, const HalfSpace& plane, bool fine = true) const;
    /// The union of two pieces; `fine` measures it as a result, else cheaply as a candidate.
    Piece merged(const Piece& a, const Piece& b, bool fine) const;
    /// The cut planes worth trying on a piece: `perAxis` offsets along the coordinate and principal axes.
    std::vector<HalfSpace> candidatePlanes(const Piece& piece, int perAxis) const;
    /// Every point of a piece (samples and cut points): the input of its final hull.
    std::vector<Vec3d> points(const Piece& piece) const;

private:
    void finish(Piece& piece, bool fine) const;
    std::vector<Vec3d> crossings(const Piece& piece, const HalfSpace& plane) const;
    /// Concavity of the capped hull of `hullPoints` measured against `index` (points in `keep` only);
    /// nothing when the points have no volume; partial once it exceeds `bound`.
    std::optional<SplitScore> concavity(const std::vector<Vec3d>& hullPoints, const PointIndex& index,
                                        const HalfSpace* keep, size_t hullSamples,
                                        double bound = std::numeric_limits<double>::infinity()) const;

    const DecompositionSolid& m_solid;
    size_t m_cap;
};

} // namespace cs::geometry
