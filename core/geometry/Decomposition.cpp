#include "geometry/Decomposition.h"

#include "geometry/ConvexHull.h"
#include "geometry/DecompositionPiece.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

namespace cs::geometry {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kTieFraction = 0.05;
/// Near-tied cuts looked one split further by the look-ahead search.
constexpr size_t kLookAhead = 2;
/// The look-ahead search looks ahead until there are this many pieces.
constexpr size_t kLookAheadPieces = 4;

/// How the cut search chooses among cuts of about the least concavity.
enum class TieBreak
{
    First,       ///< the first candidate
    LeastVolume, ///< the least hull volume of the two sides
    LookAhead,   ///< the least concavity left after also cutting each side once more
};

/// Runs work(i) for i in [0, count) on `threads` threads. Each i writes only its own result, so the outcome
/// does not depend on the number of threads or their timing.
void parallelFor(size_t count, int threads, const std::function<void(size_t)>& work)
{
    const size_t n = std::min<size_t>(count, size_t(std::max(1, threads)));
    if (n <= 1) {
        for (size_t i = 0; i < count; ++i)
            work(i);
        return;
    }
    std::atomic<size_t> next{0};
    std::vector<std::thread> pool;
    for (size_t t = 0; t < n; ++t)
        pool.emplace_back([&] {
            for (size_t i = next++; i < count; i = next++)
                work(i);
        });
    for (auto& t : pool)
        t.join();
}

/// Concavities this close count as equal when cuts are compared: the coarse measure is not finer.
double tieTolerance(double concavity, double spacing)
{
    return std::max(kTieFraction * concavity, spacing);
}

/// The candidate to cut with (the first of equal ones), or none: the least concavity; with `spacing` > 0,
/// among those within tieTolerance of it, the least hull volume (less empty space still covered).
std::optional<size_t> best(const std::vector<std::optional<SplitScore>>& scores, double spacing)
{
    std::optional<size_t> least;
    for (size_t i = 0; i < scores.size(); ++i)
        if (scores[i] && (!least || scores[i]->concavity < scores[*least]->concavity))
            least = i;
    if (!least || spacing <= 0)
        return least;
    const double limit = scores[*least]->concavity + tieTolerance(scores[*least]->concavity, spacing);
    std::optional<size_t> out;
    for (size_t i = 0; i < scores.size(); ++i)
        if (scores[i] && scores[i]->concavity <= limit && (!out || scores[i]->volume < scores[*out]->volume))
            out = i;
    return out;
}

/// True when `a` is a better cut than `b` (the order of best()).
bool better(const SplitScore& a, const SplitScore& b, double spacing)
{
    if (spacing <= 0)
        return a.concavity < b.concavity;
    const double tolerance = tieTolerance(std::min(a.concavity, b.concavity), spacing);
    if (std::abs(a.concavity - b.concavity) > tolerance)
        return a.concavity < b.concavity;
    return a.volume < b.volume;
}

class Search
{
public:
    Search(const DecompositionSolid& solid, const DecompositionOptions& options, double threshold)
        : m_solid(solid), m_measure(solid, options.pointsPerPart), m_options(options), m_threshold(threshold),
          m_threads(options.threads > 0 ? options.threads
                                        : int(std::max(1u, std::thread::hardware_concurrency())))
    {}

    bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }

    /// Splits the worst piece until all meet the threshold or a limit is reached. False when cancelled.
    /// `tieBreak`: how to choose among cuts of about the least concavity. Progress goes from `from` to `to`.
    bool splitAll(std::vector<Piece>& pieces, Clock::time_point start, bool& budgetReached, TieBreak tieBreak,
                  double from, double to)
    {
        m_tieBreak = tieBreak;
        double first = m_threshold;
        for (const Piece& p : pieces)
            first = std::max(first, p.concavity);
        while (true) {
            if (cancelled())
                return false;
            std::optional<size_t> worst;
            for (size_t i = 0; i < pieces.size(); ++i)
                if (!pieces[i].frozen && (!worst || pieces[i].concavity > pieces[*worst].concavity))
                    worst = i;
            if (!worst || pieces[*worst].concavity <= m_threshold)
                return true;
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            if (int(pieces.size()) >= m_options.maxParts ||
                (m_options.timeBudget > 0 && seconds >= m_options.timeBudget)) {
                budgetReached = true;
                return true;
            }
            // Looking ahead matters for the first cuts of a ring (where its hole goes); later it costs more
            // than it gains.
            m_lookingAhead = m_tieBreak == TieBreak::LookAhead && pieces.size() < kLookAheadPieces;
            auto plane = bestPlane(pieces[*worst]);
            if (cancelled())
                return false;
            if (!plane) {
                // No cut leaves volume on both sides: the piece stays as it is.
                pieces[*worst].frozen = true;
                continue;
            }
            auto [a, b] = m_measure.split(pieces[*worst], *plane);
            pieces[*worst] = std::move(a);
            pieces.push_back(std::move(b));
            double now = 0;
            for (const Piece& p : pieces)
                now = std::max(now, p.concavity);
            // Done by whichever comes first: the part count or the concavity (on a log scale).
            const double byParts = double(pieces.size() - 1) / double(std::max(1, m_options.maxParts - 1));
            const double byConcavity = first > m_threshold ? std::log(first / std::max(now, m_threshold)) /
                                                                 std::log(first / m_threshold)
                                                           : 1.0;
            report(from + (to - from) * std::clamp(std::max(byParts, byConcavity), 0.0, 1.0));
        }
    }

    /// Merges pairs of pieces whose union meets the threshold, the best pair first. False when cancelled.
    bool mergeAll(std::vector<Piece>& pieces)
    {
        const double gap = 2 * m_solid.sampleSpacing();
        while (pieces.size() > 1) {
            std::vector<std::pair<size_t, size_t>> pairs;
            for (size_t i = 0; i < pieces.size(); ++i)
                for (size_t j = i + 1; j < pieces.size(); ++j)
                    if (near(pieces[i], pieces[j], gap))
                        pairs.emplace_back(i, j);
            std::vector<std::optional<double>> scores(pairs.size());
            parallelFor(pairs.size(), m_threads, [&](size_t k) {
                if (cancelled())
                    return;
                const Piece m = m_measure.merged(pieces[pairs[k].first], pieces[pairs[k].second], false);
                if (m.valid && m.concavity <= m_threshold)
                    scores[k] = m.concavity;
            });
            if (cancelled())
                return false;
            // Confirm with the fine measure, best candidates first.
            std::vector<size_t> order;
            for (size_t k = 0; k < pairs.size(); ++k)
                if (scores[k])
                    order.push_back(k);
            std::stable_sort(order.begin(), order.end(),
                             [&](size_t a, size_t b) { return *scores[a] < *scores[b]; });
            bool mergedOne = false;
            for (size_t k : order) {
                Piece m = m_measure.merged(pieces[pairs[k].first], pieces[pairs[k].second], true);
                if (m.valid && m.concavity <= m_threshold) {
                    pieces[pairs[k].first] = std::move(m);
                    pieces.erase(pieces.begin() + long(pairs[k].second));
                    mergedOne = true;
                    break;
                }
            }
            if (!mergedOne)
                return true;
        }
        return true;
    }

    const PieceMeasure& measure() const { return m_measure; }
    void report(double fraction)
    {
        if (fraction > m_progress) {
            m_progress = fraction;
            if (m_options.progress)
                m_options.progress(fraction);
        }
    }

private:
    static bool near(const Piece& a, const Piece& b, double gap)
    {
        for (int k = 0; k < 3; ++k)
            if (a.lower[k] > b.upper[k] + gap || b.lower[k] > a.upper[k] + gap)
                return false;
        return true;
    }

    /// The least concavity among the candidates' coarse scores (infinity when none).
    static double leastConcavity(const std::vector<std::optional<SplitScore>>& scores)
    {
        double least = std::numeric_limits<double>::infinity();
        for (const auto& sc : scores)
            if (sc)
                least = std::min(least, sc->concavity);
        return least;
    }

    /// Among the candidates within tieTolerance of the least concavity, the few best (on different
    /// directions or far apart) are cut with the fine measure, and each side over the threshold is scored by
    /// its own best cut: the candidate that leaves the least concavity after those cuts. On a ring, where
    /// every first cut leaves the hole in a side, this prefers the cut through the middle, whose halves the
    /// next cuts make nearly convex, to a slice off an end.
    std::optional<size_t> lookAhead(const Piece& piece, const std::vector<HalfSpace>& candidates,
                                    const std::vector<std::optional<SplitScore>>& scores)
    {
        const double least = leastConcavity(scores);
        if (!std::isfinite(least))
            return std::nullopt;
        const double limit = least + tieTolerance(least, m_solid.sampleSpacing());
        std::vector<size_t> order;
        for (size_t i = 0; i < candidates.size(); ++i)
            if (scores[i] && scores[i]->concavity <= limit)
                order.push_back(i);
        std::stable_sort(order.begin(), order.end(),
                         [&](size_t a, size_t b) { return scores[a]->concavity < scores[b]->concavity; });
        const double apart =
            1.5 * std::sqrt(lengthSquared(piece.upper - piece.lower)) / std::max(1, m_options.planesPerAxis);
        std::vector<size_t> picks;
        for (size_t i : order) {
            const bool neighbour = std::any_of(picks.begin(), picks.end(), [&](size_t p) {
                return lengthSquared(candidates[p].normal - candidates[i].normal) < 1e-24 &&
                       std::abs(candidates[p].offset - candidates[i].offset) <= apart;
            });
            if (!neighbour)
                picks.push_back(i);
            if (picks.size() >= kLookAhead)
                break;
        }
        // And the middle cut along each direction, which the coarse score of a first cut does not tell apart.
        const size_t perAxis = size_t(m_options.planesPerAxis);
        for (size_t d = 0; d * perAxis < candidates.size(); ++d) {
            const size_t middle = d * perAxis + (perAxis - 1) / 2;
            if (scores[middle] && std::find(picks.begin(), picks.end(), middle) == picks.end())
                picks.push_back(middle);
        }
        if (picks.size() <= 1)
            return order.front();
        std::optional<size_t> out;
        double outLeft = std::numeric_limits<double>::infinity();
        for (size_t i : picks) {
            if (cancelled())
                return std::nullopt;
            const auto [a, b] = m_measure.split(piece, candidates[i], false);
            if (!a.valid || !b.valid)
                continue;
            double left = 0;
            for (const Piece* side : {&a, &b}) {
                if (side->concavity <= m_threshold) {
                    left = std::max(left, side->concavity);
                    continue;
                }
                const std::vector<HalfSpace> next =
                    m_measure.candidatePlanes(*side, std::max(1, m_options.planesPerAxis / 3));
                std::vector<std::optional<SplitScore>> nextScores(next.size());
                parallelFor(next.size(), m_threads, [&](size_t k) {
                    if (!cancelled())
                        nextScores[k] = m_measure.scoreSplit(*side, next[k]);
                });
                left = std::max(left, std::min(side->concavity, leastConcavity(nextScores)));
            }
            if (left < outLeft) {
                outLeft = left;
                out = i;
            }
        }
        return out ? out : std::optional<size_t>(order.front());
    }

    /// The cut of least score among the candidates, then refined by halving the step around it.
    std::optional<HalfSpace> bestPlane(const Piece& piece)
    {
        std::vector<HalfSpace> candidates = m_measure.candidatePlanes(piece, m_options.planesPerAxis);
        auto score = [&](const std::vector<HalfSpace>& planes) {
            std::vector<std::optional<SplitScore>> scores(planes.size());
            parallelFor(planes.size(), m_threads, [&](size_t i) {
                if (!cancelled())
                    scores[i] = m_measure.scoreSplit(piece, planes[i]);
            });
            return scores;
        };
        const double spacing = m_tieBreak == TieBreak::LeastVolume ? m_solid.sampleSpacing() : 0.0;
        const auto scores = score(candidates);
        const auto chosen = m_lookingAhead ? lookAhead(piece, candidates, scores) : best(scores, spacing);
        if (!chosen)
            return std::nullopt;
        HalfSpace plane = candidates[*chosen];
        SplitScore bestScore = *scores[*chosen];
        // The step between candidates along this direction.
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const HalfSpace& c : candidates)
            if (lengthSquared(c.normal - plane.normal) < 1e-24) {
                lo = std::min(lo, c.offset);
                hi = std::max(hi, c.offset);
            }
        double step = m_options.planesPerAxis > 1 ? (hi - lo) / (m_options.planesPerAxis - 1) : 0;
        for (int round = 0; round < 3 && step > 0; ++round) {
            step *= 0.5;
            const std::vector<HalfSpace> near = {{plane.normal, plane.offset - step},
                                                 {plane.normal, plane.offset + step}};
            const auto nearScores = score(near);
            if (const auto b = best(nearScores, spacing); b && better(*nearScores[*b], bestScore, spacing)) {
                plane = near[*b];
                bestScore = *nearScores[*b];
            }
        }
        return plane;
    }

    const DecompositionSolid& m_solid;
    PieceMeasure m_measure;
    const DecompositionOptions& m_options;
    double m_threshold;
    int m_threads;
    double m_progress = -1;
    TieBreak m_tieBreak = TieBreak::First;
    bool m_lookingAhead = false;
};

Result<Decomposition> failure(const char* code, std::string message)
{
    return Result<Decomposition>::failure(makeError(code, std::move(message)));
}

std::optional<std::string> checkOptions(const DecompositionOptions& o)
{
    if (o.pointsPerPart < 4 || o.pointsPerPart > 255)
        return "points per part must be 4 to 255, not " + std::to_string(o.pointsPerPart);
    if (o.maxParts < 1)
        return "the most parts must be at least 1, not " + std::to_string(o.maxParts);
    if (!(o.concavity > 0) || !std::isfinite(o.concavity))
        return "the concavity threshold must be above 0";
    if (o.resolution < 8 || o.resolution > 1024)
        return "the resolution must be 8 to 1024 voxels, not " + std::to_string(o.resolution);
    if (o.planesPerAxis < 1)
        return "at least one plane per axis is needed";
    return std::nullopt;
}

} // namespace

Result<Decomposition> decomposeConvex(const gltf::TriangleMesh& mesh, const DecompositionOptions& options)
{
    if (auto problem = checkOptions(options))
        return failure("DECOMPOSE_BAD_OPTIONS", *problem);
    if (mesh.triangleCount() == 0)
        return failure("DECOMPOSE_NO_TRIANGLES", "the mesh has no triangles");
    for (size_t i = 0; i < mesh.positions.size(); ++i)
        if (!isFinite(Vec3d(mesh.positions[i])))
            return failure("DECOMPOSE_NONFINITE",
                           "position " + std::to_string(i) + " is not a finite number");
    const auto start = Clock::now();
    const DecompositionSolid solid(mesh, options.resolution, options.seed, 100000, options.cancel);
    auto cancelled = [&] { return failure("DECOMPOSE_CANCELLED", "the decomposition was cancelled"); };
    if (options.cancel && options.cancel->load())
        return cancelled();
    const double threshold = options.concavity * solid.diagonal();
    Search search(solid, options, threshold);
    std::vector<Piece> pieces = search.measure().roots(size_t(options.maxParts));
    if (pieces.empty() || !std::all_of(pieces.begin(), pieces.end(), [](const Piece& p) { return p.valid; }))
        return failure("DECOMPOSE_DEGENERATE",
                       "the mesh has no volume: its vertices lie in one plane or line");
    Decomposition out;
    // Three searches from the same start, differing in how they choose among cuts of about the least
    // concavity; the one whose worst piece is least concave is kept (the earlier when equal).
    auto worstOf = [](const std::vector<Piece>& ps) {
        double w = 0;
        for (const Piece& p : ps)
            w = std::max(w, p.concavity);
        return w;
    };
    const std::vector<Piece> roots = pieces;
    const TieBreak modes[] = {TieBreak::First, TieBreak::LeastVolume, TieBreak::LookAhead};
    for (size_t m = 0; m < std::size(modes); ++m) {
        std::vector<Piece> other = roots;
        bool otherBudget = false;
        const double from = 0.3 * double(m);
        if (!search.splitAll(m == 0 ? pieces : other, start, m == 0 ? out.budgetReached : otherBudget,
                             modes[m], from, from + 0.3))
            return cancelled();
        if (m > 0 && worstOf(other) < worstOf(pieces)) {
            pieces = std::move(other);
            out.budgetReached = otherBudget;
        }
    }
    if (options.merge && !search.mergeAll(pieces))
        return cancelled();
    search.report(0.95);

    std::vector<Result<ConvexHull>> hulls(pieces.size());
    parallelFor(pieces.size(),
                options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency()),
                [&](size_t i) {
                    ConvexHullOptions o;
                    o.maxVertices = options.pointsPerPart;
                    o.measureQuality = false;
                    o.cancel = options.cancel;
                    hulls[i] = generateConvexHull(search.measure().points(pieces[i]), o);
                });
    if (options.cancel && options.cancel->load())
        return cancelled();
    for (size_t i = 0; i < pieces.size(); ++i) {
        if (!hulls[i]) {
            Result<Decomposition> r;
            r.diagnostics = hulls[i].diagnostics;
            return r;
        }
        DecomposedPart part;
        part.points = hulls[i]->quality.vertexCount;
        part.capped = hulls[i]->quality.capped;
        part.concavity = pieces[i].concavity;
        part.volume = meshVolume(hulls[i]->mesh);
        part.hull = std::move(hulls[i]->mesh);
        out.parts.push_back(std::move(part));
    }
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    out.quality.parts = out.parts.size();
    if (options.measure) {
        std::vector<gltf::TriangleMesh> meshes;
        for (const DecomposedPart& p : out.parts)
            meshes.push_back(p.hull);
        out.quality = measureDecomposition(mesh, meshes, options.resolution + options.resolution / 2);
    }
    search.report(1.0);
    Result<Decomposition> r;
    r.value = std::move(out);
    return r;
}

} // namespace cs::geometry
