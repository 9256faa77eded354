#include "geometry/DecompositionPiece.h"

#include "geometry/MassProperties.h"
#include "geometry/QuickHull.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::geometry {

namespace {

// Work limits of one measure: a candidate cut is scored on a subsampled hull with few hull samples; a kept
// piece is measured on all of its points.
constexpr size_t kCoarseHullPoints = 3000;
constexpr size_t kCoarseHullSamples = 700;
constexpr size_t kFineHullSamples = 6000;

/// Every `stride`-th element, at most about `most` of them.
template <class T>
void appendStrided(std::vector<Vec3d>& out, const std::vector<T>& in, size_t most,
                   const std::function<Vec3d(const T&)>& point)
{
    const size_t stride = std::max<size_t>(1, (in.size() + most - 1) / std::max<size_t>(1, most));
    for (size_t i = 0; i < in.size(); i += stride)
        out.push_back(point(in[i]));
}

} // namespace

std::optional<double> PieceMeasure::concavity(const std::vector<Vec3d>& hullPoints, const PointIndex& index,
                                              const HalfSpace* keep, size_t hullSamples) const
{
    QuickHullOptions o;
    o.maxVertices = m_cap;
    const QuickHullOutput hull = quickHull(hullPoints, o);
    if (hull.status != QuickHullOutput::Status::Ok)
        return std::nullopt;
    // Points left out by the cap: how far beyond the capped hull they are (the largest face-plane distance).
    double worst = 0;
    for (const auto& [point, face] : hull.outside) {
        (void)face;
        double beyond = -std::numeric_limits<double>::infinity();
        for (size_t f = 0; f < hull.normals.size(); ++f)
            beyond = std::max(beyond, dot(hull.normals[f], hullPoints[point]) - hull.offsets[f]);
        worst = std::max(worst, beyond);
    }
    // Points of the hull's surface outside the solid: how far from the piece's surface.
    for (const Vec3d& p : sampleFaces(hullPoints, hull.faces, m_solid.sampleSpacing(), hullSamples)) {
        if (m_solid.inside(p))
            continue;
        worst = std::max(worst, index.nearestDistance(p, worst, keep));
    }
    return worst;
}

std::vector<Vec3d> PieceMeasure::crossings(const std::vector<HalfSpace>& cell, const HalfSpace& plane) const
{
    std::vector<Vec3d> out;
    const auto& v = m_solid.vertices();
    const double slack = 1e-9 * m_solid.diagonal();
    for (const auto& [a, b] : m_solid.edges()) {
        const double da = plane.distance(v[a]), db = plane.distance(v[b]);
        if ((da < 0) == (db < 0))
            continue;
        const Vec3d p = v[a] + (v[b] - v[a]) * (da / (da - db));
        if (std::all_of(cell.begin(), cell.end(),
                        [&](const HalfSpace& h) { return h.distance(p) >= -slack; }))
            out.push_back(p);
    }
    return out;
}

std::vector<Vec3d> PieceMeasure::points(const Piece& piece) const
{
    std::vector<Vec3d> out;
    out.reserve(piece.samples.size() + piece.cutPoints.size());
    for (std::uint32_t s : piece.samples)
        out.push_back(m_solid.samples()[s]);
    out.insert(out.end(), piece.cutPoints.begin(), piece.cutPoints.end());
    return out;
}

void PieceMeasure::finish(Piece& piece, bool fine) const
{
    std::vector<Vec3d> all = points(piece);
    if (all.empty()) {
        piece.valid = false;
        return;
    }
    piece.lower = piece.upper = all[0];
    for (const Vec3d& p : all) {
        piece.lower = minOf(piece.lower, p);
        piece.upper = maxOf(piece.upper, p);
    }
    piece.index = std::make_shared<const PointIndex>(all);
    std::vector<Vec3d> hullPoints;
    if (fine)
        hullPoints = std::move(all);
    else
        appendStrided<Vec3d>(hullPoints, all, kCoarseHullPoints, [](const Vec3d& p) { return p; });
    const auto c = concavity(hullPoints, *piece.index, nullptr, fine ? kFineHullSamples : kCoarseHullSamples);
    piece.valid = c.has_value();
    piece.concavity = c.value_or(0);
}

Piece PieceMeasure::root() const
{
    Piece piece;
    piece.samples.resize(m_solid.samples().size());
    for (size_t i = 0; i < piece.samples.size(); ++i)
        piece.samples[i] = std::uint32_t(i);
    finish(piece, true);
    return piece;
}

std::optional<double> PieceMeasure::scoreSplit(const Piece& piece, const HalfSpace& plane) const
{
    const auto& s = m_solid.samples();
    const std::vector<Vec3d> cut = crossings(piece.cell, plane);
    double worst = 0;
    for (const HalfSpace& side : {plane, plane.flipped()}) {
        std::vector<std::uint32_t> kept;
        for (std::uint32_t i : piece.samples)
            if (side.contains(s[i]))
                kept.push_back(i);
        std::vector<Vec3d> hullPoints;
        appendStrided<std::uint32_t>(hullPoints, kept, kCoarseHullPoints,
                                     [&s](const std::uint32_t& i) { return s[i]; });
        for (const Vec3d& p : piece.cutPoints)
            if (side.contains(p))
                hullPoints.push_back(p);
        hullPoints.insert(hullPoints.end(), cut.begin(), cut.end());
        const auto c = concavity(hullPoints, *piece.index, &side, kCoarseHullSamples);
        if (!c)
            return std::nullopt;
        worst = std::max(worst, *c);
    }
    return worst;
}

std::pair<Piece, Piece> PieceMeasure::split(const Piece& piece, const HalfSpace& plane) const
{
    const auto& s = m_solid.samples();
    const std::vector<Vec3d> cut = crossings(piece.cell, plane);
    std::pair<Piece, Piece> out;
    Piece* sides[2] = {&out.first, &out.second};
    const HalfSpace planes[2] = {plane, plane.flipped()};
    for (int k = 0; k < 2; ++k) {
        Piece& p = *sides[k];
        p.cell = piece.cell;
        p.cell.push_back(planes[k]);
        for (std::uint32_t i : piece.samples)
            if (plane.contains(s[i]) == (k == 0))
                p.samples.push_back(i);
        for (const Vec3d& c : piece.cutPoints)
            if (plane.contains(c) == (k == 0))
                p.cutPoints.push_back(c);
        p.cutPoints.insert(p.cutPoints.end(), cut.begin(), cut.end());
    }
    // A point exactly on the plane goes to the first side only (contains() is >= 0), so every sample, and so
    // every mesh vertex, is in exactly one piece.
    for (Piece* p : sides)
        finish(*p, true);
    return out;
}

Piece PieceMeasure::merged(const Piece& a, const Piece& b, bool fine) const
{
    Piece m;
    m.samples = a.samples;
    m.samples.insert(m.samples.end(), b.samples.begin(), b.samples.end());
    m.cutPoints = a.cutPoints;
    m.cutPoints.insert(m.cutPoints.end(), b.cutPoints.begin(), b.cutPoints.end());
    m.frozen = true;
    finish(m, fine);
    return m;
}

std::vector<HalfSpace> PieceMeasure::candidatePlanes(const Piece& piece, int perAxis) const
{
    const auto& s = m_solid.samples();
    Vec3d mean;
    for (std::uint32_t i : piece.samples)
        mean += s[i];
    mean = mean / double(std::max<size_t>(1, piece.samples.size()));
    Mat3d covariance;
    for (std::uint32_t i : piece.samples) {
        const Vec3d d = s[i] - mean;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                covariance[r][c] += d[r] * d[c];
    }
    const Mat3d axes = symmetricEigen3(covariance).vectors;
    std::vector<HalfSpace> out;
    for (const Vec3d& direction :
         {Vec3d{1, 0, 0}, Vec3d{0, 1, 0}, Vec3d{0, 0, 1}, axes.column(0), axes.column(1), axes.column(2)}) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (std::uint32_t i : piece.samples) {
            lo = std::min(lo, dot(direction, s[i]));
            hi = std::max(hi, dot(direction, s[i]));
        }
        if (!(hi > lo))
            continue;
        for (int k = 0; k < perAxis; ++k)
            out.push_back({direction, lo + (hi - lo) * (k + 0.5) / perAxis});
    }
    return out;
}

} // namespace cs::geometry
