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
/// The hull's surface samples are visited in this many interleaved passes (see concavity()).
constexpr size_t kSampleStride = 16;

/// Every `stride`-th element, at most about `most` of them.
template <class T, class Point>
void appendStrided(std::vector<Vec3d>& out, const std::vector<T>& in, size_t most, const Point& point)
{
    const size_t stride = std::max<size_t>(1, (in.size() + most - 1) / std::max<size_t>(1, most));
    for (size_t i = 0; i < in.size(); i += stride)
        out.push_back(point(in[i]));
}

} // namespace

std::optional<SplitScore> PieceMeasure::concavity(const std::vector<Vec3d>& hullPoints,
                                                  const PointIndex& index, const HalfSpace* keep,
                                                  size_t hullSamples, double bound) const
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
    if (worst > bound)
        return SplitScore{worst, 0, true};
    // Points of the hull's surface outside the solid: how far from the piece's surface. The samples come
    // face by face, neighbours next to each other; taking every kSampleStride-th first spreads the first
    // look over the whole hull, so a large distance is found early: a cut over the bound stops sooner, and
    // each later search may stop at the first point within the largest distance so far. The maximum does
    // not depend on the order.
    const std::vector<Vec3d> samples =
        sampleFaces(hullPoints, hull.faces, m_solid.sampleSpacing(), hullSamples);
    for (size_t first = 0; first < kSampleStride; ++first)
        for (size_t i = first; i < samples.size(); i += kSampleStride) {
            if (m_solid.inside(samples[i]))
                continue;
            worst = std::max(worst, index.nearestDistance(samples[i], worst, keep));
            if (worst > bound)
                return SplitScore{worst, 0, true};
        }
    double volume = 0;
    for (const auto& f : hull.faces)
        volume += dot(hullPoints[f[0]], cross(hullPoints[f[1]], hullPoints[f[2]]));
    return SplitScore{worst, volume / 6.0};
}

std::vector<Vec3d> PieceMeasure::crossings(const Piece& piece, const HalfSpace& plane) const
{
    std::vector<Vec3d> out;
    const auto& v = m_solid.vertices();
    const auto& component = m_solid.vertexComponents();
    const auto& cell = piece.cell;
    const double slack = 1e-9 * m_solid.diagonal();
    for (const auto& [a, b] : m_solid.edges()) {
        if (!std::binary_search(piece.components.begin(), piece.components.end(), component[a]))
            continue;
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
        appendStrided(hullPoints, all, kCoarseHullPoints, [](const Vec3d& p) { return p; });
    const auto c = concavity(hullPoints, *piece.index, nullptr, fine ? kFineHullSamples : kCoarseHullSamples);
    piece.valid = c.has_value();
    piece.concavity = c ? c->concavity : 0;
}

std::vector<Piece> PieceMeasure::roots(size_t maxPieces) const
{
    std::vector<Piece> pieces(m_solid.componentCount());
    const auto& component = m_solid.sampleComponents();
    for (size_t i = 0; i < component.size(); ++i)
        if (component[i] != DecompositionSolid::kNoComponent)
            pieces[component[i]].samples.push_back(std::uint32_t(i));
    for (size_t c = 0; c < pieces.size(); ++c) {
        pieces[c].components = {std::uint32_t(c)};
        finish(pieces[c], true);
    }
    auto centre = [](const Piece& p) { return (p.lower + p.upper) * 0.5; };
    auto join = [&](size_t into, size_t from) {
        Piece m;
        m.samples = pieces[into].samples;
        m.samples.insert(m.samples.end(), pieces[from].samples.begin(), pieces[from].samples.end());
        m.components = pieces[into].components;
        m.components.insert(m.components.end(), pieces[from].components.begin(),
                            pieces[from].components.end());
        std::sort(m.components.begin(), m.components.end());
        m.lower = minOf(pieces[into].lower, pieces[from].lower);
        m.upper = maxOf(pieces[into].upper, pieces[from].upper);
        pieces[into] = std::move(m);
        pieces.erase(pieces.begin() + long(from));
    };
    // Flat components (a sheet, a line) cannot be a convex part on their own.
    for (size_t i = 0; i < pieces.size() && pieces.size() > 1;) {
        if (pieces[i].valid) {
            ++i;
            continue;
        }
        size_t nearest = i == 0 ? 1 : 0;
        for (size_t j = 0; j < pieces.size(); ++j)
            if (j != i && pieces[j].valid &&
                lengthSquared(centre(pieces[j]) - centre(pieces[i])) <
                    lengthSquared(centre(pieces[nearest]) - centre(pieces[i])))
                nearest = j;
        join(nearest, i);
        if (nearest > i)
            i = 0; // indices moved; start over (rare)
    }
    // Too many components: join the pair whose bounding box grows least (a piece inside another first) until
    // half the parts are left, so that cuts can still use the other half.
    const size_t keep = pieces.size() > maxPieces ? std::max<size_t>(1, maxPieces / 2) : maxPieces;
    while (pieces.size() > keep) {
        std::pair<size_t, size_t> bestPair{0, 1};
        double least = std::numeric_limits<double>::infinity();
        for (size_t i = 0; i < pieces.size(); ++i)
            for (size_t j = i + 1; j < pieces.size(); ++j) {
                const Vec3d e =
                    maxOf(pieces[i].upper, pieces[j].upper) - minOf(pieces[i].lower, pieces[j].lower);
                const Vec3d a = pieces[i].upper - pieces[i].lower, b = pieces[j].upper - pieces[j].lower;
                const double growth = e.x * e.y * e.z - a.x * a.y * a.z - b.x * b.y * b.z;
                if (growth < least) {
                    least = growth;
                    bestPair = {i, j};
                }
            }
        join(bestPair.first, bestPair.second);
    }
    for (Piece& p : pieces)
        if (p.components.size() > 1 || !p.index)
            finish(p, true);
    return pieces;
}

std::optional<SplitScore> PieceMeasure::scoreSplit(const Piece& piece, const HalfSpace& plane,
                                                   double bound) const
{
    const auto& s = m_solid.samples();
    const std::vector<Vec3d> cut = crossings(piece, plane);
    // One pass sorts the samples to the sides; a sample on the plane is on both (each side's contains()
    // holds for it).
    std::vector<std::uint32_t> kept[2];
    for (std::uint32_t i : piece.samples) {
        const double d = plane.distance(s[i]);
        if (d >= 0)
            kept[0].push_back(i);
        if (d <= 0)
            kept[1].push_back(i);
    }
    SplitScore score;
    const HalfSpace sides[2] = {plane, plane.flipped()};
    for (int k = 0; k < 2; ++k) {
        std::vector<Vec3d> hullPoints;
        appendStrided(hullPoints, kept[k], kCoarseHullPoints, [&s](std::uint32_t i) { return s[i]; });
        for (const Vec3d& p : piece.cutPoints)
            if (sides[k].contains(p))
                hullPoints.push_back(p);
        hullPoints.insert(hullPoints.end(), cut.begin(), cut.end());
        const auto c = concavity(hullPoints, *piece.index, &sides[k], kCoarseHullSamples, bound);
        if (!c)
            return std::nullopt;
        if (c->partial)
            return c;
        score.concavity = std::max(score.concavity, c->concavity);
        score.volume += c->volume;
    }
    return score;
}

std::pair<Piece, Piece> PieceMeasure::split(const Piece& piece, const HalfSpace& plane, bool fine) const
{
    const auto& s = m_solid.samples();
    const std::vector<Vec3d> cut = crossings(piece, plane);
    std::pair<Piece, Piece> out;
    Piece* sides[2] = {&out.first, &out.second};
    const HalfSpace planes[2] = {plane, plane.flipped()};
    for (int k = 0; k < 2; ++k) {
        Piece& p = *sides[k];
        p.cell = piece.cell;
        p.components = piece.components;
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
        finish(*p, fine);
    return out;
}

Piece PieceMeasure::merged(const Piece& a, const Piece& b, bool fine) const
{
    Piece m;
    m.samples = a.samples;
    m.samples.insert(m.samples.end(), b.samples.begin(), b.samples.end());
    m.cutPoints = a.cutPoints;
    m.cutPoints.insert(m.cutPoints.end(), b.cutPoints.begin(), b.cutPoints.end());
    m.components = a.components;
    m.components.insert(m.components.end(), b.components.begin(), b.components.end());
    std::sort(m.components.begin(), m.components.end());
    m.components.erase(std::unique(m.components.begin(), m.components.end()), m.components.end());
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
    // The coordinate axes and the piece's own principal axes. (Adding the face diagonals gave worse parts on
    // the bench's bowl at equal part counts: a greedy cut that is best now is not always best later.)
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
