#include "geometry/Decomposition.h"

#include "geometry/ConvexHull.h"
#include "geometry/DecompositionCache.h"
#include "geometry/DecompositionChoice.h"
#include "geometry/Parallel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

namespace cs::geometry {

namespace {

using Clock = std::chrono::steady_clock;
using namespace cutchoice;

constexpr double kInfinity = std::numeric_limits<double>::infinity();
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

/// How a search run ended.
enum class Outcome
{
    Finished,  ///< every piece meets the threshold, or a limit was reached
    Cancelled, ///< DecompositionOptions::cancel was set
    Beaten,    ///< it cannot end less concave than the run it is compared with, so it stopped
};

class Search
{
public:
    Search(const DecompositionSolid& solid, const DecompositionOptions& options, double threshold,
           Clock::time_point start)
        : m_solid(solid), m_measure(solid, options.pointsPerPart), m_options(options), m_threshold(threshold),
          m_threads(options.threads > 0 ? options.threads
                                        : int(std::max(1u, std::thread::hardware_concurrency()))),
          m_start(start)
    {}

    bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }
    /// The time budget, which counts from the start of the whole decomposition, is spent.
    bool expired() const
    {
        return m_options.timeBudget > 0 &&
               std::chrono::duration<double>(Clock::now() - m_start).count() >= m_options.timeBudget;
    }
    bool stopped() const { return cancelled() || expired(); }

    /// Splits the worst piece until all meet the threshold or a limit is reached (then `budgetReached`).
    /// `tieBreak`: how to choose among cuts of about the least concavity. Stops as Beaten once the pieces
    /// cannot end with their worst below `beat`. Progress goes from `from` to `to`.
    Outcome splitAll(std::vector<Piece>& pieces, bool& budgetReached, TieBreak tieBreak, double beat,
                     double from, double to)
    {
        m_tieBreak = tieBreak;
        double first = m_threshold;
        for (const Piece& p : pieces)
            first = std::max(first, p.concavity);
        while (true) {
            if (cancelled())
                return Outcome::Cancelled;
            std::optional<size_t> worst;
            for (size_t i = 0; i < pieces.size(); ++i)
                if (!pieces[i].frozen && (!worst || pieces[i].concavity > pieces[*worst].concavity))
                    worst = i;
            if (!worst || pieces[*worst].concavity <= m_threshold)
                return Outcome::Finished;
            if (int(pieces.size()) >= m_options.maxParts || expired()) {
                budgetReached = true;
                return Outcome::Finished;
            }
            if (cannotBeat(pieces, beat))
                return Outcome::Beaten;
            // Looking ahead matters for the first cuts of a ring (where its hole goes); later it costs more
            // than it gains.
            m_lookingAhead = m_tieBreak == TieBreak::LookAhead && pieces.size() < kLookAheadPieces;
            auto plane = bestPlane(pieces[*worst]);
            if (cancelled())
                return Outcome::Cancelled;
            if (expired()) {
                // The search was cut short: its plane is not the best one.
                budgetReached = true;
                return Outcome::Finished;
            }
            if (!plane) {
                // No cut leaves volume on both sides: the piece stays as it is.
                pieces[*worst].frozen = true;
                continue;
            }
            auto [a, b] = split(pieces[*worst], *plane);
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

    /// Merges pairs of pieces whose union meets the threshold, the best pair first, until none is left or
    /// the time budget is spent. False when cancelled.
    bool mergeAll(std::vector<Piece>& pieces)
    {
        const double gap = 2 * m_solid.sampleSpacing();
        while (pieces.size() > 1 && !expired()) {
            std::vector<std::pair<size_t, size_t>> pairs;
            for (size_t i = 0; i < pieces.size(); ++i)
                for (size_t j = i + 1; j < pieces.size(); ++j)
                    if (near(pieces[i], pieces[j], gap))
                        pairs.emplace_back(i, j);
            std::vector<std::optional<double>> scores(pairs.size());
            parallelFor(pairs.size(), m_threads, [&](size_t k) {
                if (stopped())
                    return;
                const Piece m = m_measure.merged(pieces[pairs[k].first], pieces[pairs[k].second], false);
                if (m.valid && m.concavity <= m_threshold)
                    scores[k] = m.concavity;
            });
            if (cancelled())
                return false;
            if (expired())
                return true;
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

    /// True when `pieces` cannot end with their worst below `beat` with the cuts left: a cut changes one
    /// piece, and a frozen piece is not cut.
    bool cannotBeat(const std::vector<Piece>& pieces, double beat) const
    {
        const size_t cutsLeft = size_t(std::max(0, m_options.maxParts - int(pieces.size())));
        size_t over = 0;
        for (const Piece& p : pieces)
            if (p.concavity >= beat) {
                if (p.frozen)
                    return true;
                ++over;
            }
        return over > cutsLeft;
    }

    /// The two sides of `plane` on `piece`, measured as results, from the cache when another run made them.
    std::pair<Piece, Piece> split(const Piece& piece, const HalfSpace& plane)
    {
        if (const auto* known = m_cache.split(piece, plane))
            return *known;
        auto out = m_measure.split(piece, plane);
        m_cache.storeSplit(piece, plane, out);
        return out;
    }

    /// The scores of `planes` on `piece`, from the cache where possible. A cut only matters while its
    /// concavity is at most boundOf(the least full concavity so far) (a non-decreasing function): beyond it
    /// the cut cannot be chosen, so its measure stops there and its score is partial; `whole[i]` set: plane
    /// i is measured in full. Which cuts end partial depends on the order the threads take them in, but the
    /// full scores, and so the choice, do not.
    std::vector<std::optional<SplitScore>> scoreAll(const Piece& piece, const std::vector<HalfSpace>& planes,
                                                    const std::function<double(double)>& boundOf,
                                                    const std::vector<char>& whole = {})
    {
        const size_t n = planes.size();
        auto isWhole = [&](size_t i) { return !whole.empty() && whole[i]; };
        std::vector<std::optional<SplitScore>> scores(n);
        std::vector<char> known(n, 0);
        double least = kInfinity;
        for (size_t i = 0; i < n; ++i)
            if (const auto* s = m_cache.score(piece, planes[i]); s && (!*s || !(*s)->partial)) {
                scores[i] = *s;
                known[i] = 1;
                least = std::min(least, leastConcavity({*s}));
            }
        // A stored partial score still serves when it exceeds the bound (which can only fall from here).
        for (size_t i = 0; i < n; ++i)
            if (const auto* s = m_cache.score(piece, planes[i]);
                !known[i] && !isWhole(i) && s && *s && (*s)->concavity > boundOf(least)) {
                scores[i] = *s;
                known[i] = 1;
            }
        std::vector<size_t> todo;
        for (size_t i = 0; i < n; ++i)
            if (!known[i])
                todo.push_back(i);
        std::atomic<double> shared{least};
        std::vector<char> done(n, 0);
        parallelFor(todo.size(), m_threads, [&](size_t k) {
            if (stopped())
                return;
            const size_t i = todo[k];
            scores[i] =
                m_measure.scoreSplit(piece, planes[i], isWhole(i) ? kInfinity : boundOf(shared.load()));
            done[i] = 1;
            if (full(scores[i]))
                for (double now = shared.load(); scores[i]->concavity < now &&
                                                 !shared.compare_exchange_weak(now, scores[i]->concavity);) {
                }
        });
        for (size_t i : todo)
            if (done[i])
                m_cache.storeScore(piece, planes[i], scores[i]);
        return scores;
    }

    /// Among the candidates within tieTolerance of the least concavity, the few best (on different
    /// directions or far apart) are cut with the cheap measure, and each side over the threshold is scored by
    /// its own best cut: the candidate that leaves the least concavity after those cuts. On a ring, where
    /// every first cut leaves the hole in a side, this prefers the cut through the middle, whose halves the
    /// next cuts make nearly convex, to a slice off an end. A candidate stops being measured once it is
    /// known to leave no less than the best so far.
    std::optional<size_t> lookAhead(const Piece& piece, const std::vector<HalfSpace>& candidates,
                                    const std::vector<std::optional<SplitScore>>& scores)
    {
        const double least = leastConcavity(scores);
        if (!std::isfinite(least))
            return std::nullopt;
        const double limit = least + tieTolerance(least, m_solid.sampleSpacing());
        std::vector<size_t> order;
        for (size_t i = 0; i < candidates.size(); ++i)
            if (full(scores[i]) && scores[i]->concavity <= limit)
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
            if (full(scores[middle]) && std::find(picks.begin(), picks.end(), middle) == picks.end())
                picks.push_back(middle);
        }
        if (picks.size() <= 1)
            return order.front();
        std::optional<size_t> out;
        double outLeft = kInfinity;
        for (size_t i : picks) {
            if (stopped())
                return std::nullopt;
            const auto [a, b] = m_measure.split(piece, candidates[i], false);
            if (!a.valid || !b.valid)
                continue;
            double left = 0;
            // The more concave side first: when it cannot leave less than the best so far, the other side
            // is not needed.
            const bool swap = b.concavity > a.concavity;
            for (const Piece* side : {swap ? &b : &a, swap ? &a : &b}) {
                if (left >= outLeft)
                    break; // this candidate cannot leave less than the best so far
                if (side->concavity <= m_threshold) {
                    left = std::max(left, side->concavity);
                    continue;
                }
                const std::vector<HalfSpace> next =
                    m_measure.candidatePlanes(*side, std::max(1, m_options.planesPerAxis / 3));
                // A next cut matters while it is below the side's concavity and below the best so far.
                const double cap = std::min(outLeft, side->concavity);
                const auto nextScores = scoreAll(*side, next, [cap](double l) { return std::min(cap, l); });
                left = std::max(left, std::min(side->concavity, leastConcavity(nextScores)));
            }
            if (left < outLeft) {
                outLeft = left;
                out = i;
            }
        }
        if (stopped())
            return std::nullopt;
        return out ? out : std::optional<size_t>(order.front());
    }

    /// The scores of the two cuts `near` the best so far (`so`), measured only as far as the choice needs:
    /// a cut can replace it only within the tie window above it (better()), and one over that is measured
    /// further only when it may be in the other's tie window, where best() compares their volumes.
    std::vector<std::optional<SplitScore>> scoreNear(const Piece& piece, const std::vector<HalfSpace>& near,
                                                     const SplitScore& so, double spacing)
    {
        auto window = [spacing](double c) { return spacing > 0 ? c + tieTolerance(c, spacing) : c; };
        const double bound = window(so.concavity);
        auto scores = scoreAll(piece, near, [bound](double) { return bound; });
        for (size_t j = 0; j < 2; ++j)
            if (const auto& other = scores[1 - j];
                scores[j] && scores[j]->partial && full(other) && window(other->concavity) > bound) {
                const double wider = window(other->concavity);
                scores[j] = scoreAll(piece, {near[j]}, [wider](double) { return wider; })[0];
            }
        return scores;
    }

    /// The cut of least score among the candidates, then refined by halving the step around it.
    std::optional<HalfSpace> bestPlane(const Piece& piece)
    {
        std::vector<HalfSpace> candidates = m_measure.candidatePlanes(piece, m_options.planesPerAxis);
        const double spacing = m_tieBreak == TieBreak::LeastVolume ? m_solid.sampleSpacing() : 0.0;
        // Only cuts within the tie window of the least concavity can be chosen (for the look-ahead, its own
        // window, and the middle cut of each direction whatever its score).
        const double window = m_lookingAhead ? m_solid.sampleSpacing() : spacing;
        std::vector<char> whole;
        if (m_lookingAhead) {
            const size_t perAxis = size_t(m_options.planesPerAxis);
            whole.assign(candidates.size(), 0);
            for (size_t d = 0; d * perAxis < candidates.size(); ++d)
                whole[d * perAxis + (perAxis - 1) / 2] = 1;
        }
        const auto scores = scoreAll(
            piece, candidates,
            [window](double least) { return window > 0 ? least + tieTolerance(least, window) : least; },
            whole);
        if (stopped())
            return std::nullopt;
        const auto chosen = m_lookingAhead ? lookAhead(piece, candidates, scores) : best(scores, spacing);
        if (!chosen)
            return std::nullopt;
        HalfSpace plane = candidates[*chosen];
        SplitScore bestScore = *scores[*chosen];
        // The step between candidates along this direction.
        double lo = kInfinity, hi = -lo;
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
            const auto nearScores = scoreNear(piece, near, bestScore, spacing);
            if (const auto b = best(nearScores, spacing); b && better(*nearScores[*b], bestScore, spacing)) {
                plane = near[*b];
                bestScore = *nearScores[*b];
            }
        }
        return plane;
    }

    const DecompositionSolid& m_solid;
    PieceMeasure m_measure;
    SplitCache m_cache;
    const DecompositionOptions& m_options;
    double m_threshold;
    int m_threads;
    Clock::time_point m_start;
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
    if (o.pointsPerPart < 4 || o.pointsPerPart > kMaxHullPoints)
        return "points per part must be 4 to " + std::to_string(kMaxHullPoints) + ", not " +
               std::to_string(o.pointsPerPart);
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

double worstConcavity(const std::vector<Piece>& pieces)
{
    double w = 0;
    for (const Piece& p : pieces)
        w = std::max(w, p.concavity);
    return w;
}

/// Three searches from the same start, differing in how they choose among cuts of about the least concavity;
/// the one whose worst piece is least concave is kept (the earlier when equal). False when cancelled.
bool searchCuts(Search& search, std::vector<Piece>& pieces, bool& budgetReached)
{
    const std::vector<Piece> roots = pieces;
    const TieBreak modes[] = {TieBreak::First, TieBreak::LeastVolume, TieBreak::LookAhead};
    for (size_t m = 0; m < std::size(modes); ++m) {
        // The time budget is the whole decomposition's: once it is spent, the runs left are not started.
        if (m > 0 && search.expired())
            break;
        std::vector<Piece> other = roots;
        bool otherBudget = false;
        const double from = 0.3 * double(m);
        // A later run stops as soon as it cannot end less concave than the best so far.
        const Outcome outcome =
            search.splitAll(m == 0 ? pieces : other, m == 0 ? budgetReached : otherBudget, modes[m],
                            m == 0 ? kInfinity : worstConcavity(pieces), from, from + 0.3);
        if (outcome == Outcome::Cancelled)
            return false;
        if (m > 0 && outcome == Outcome::Finished && worstConcavity(other) < worstConcavity(pieces)) {
            pieces = std::move(other);
            budgetReached = otherBudget;
        }
    }
    return true;
}

/// Each piece's capped hull, on all cores, as the decomposition's parts; an error of a hull is returned.
Diagnostics hullParts(Search& search, const std::vector<Piece>& pieces, const DecompositionOptions& options,
                      Decomposition& out)
{
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
    for (size_t i = 0; i < pieces.size(); ++i) {
        if (!hulls[i])
            return hulls[i].diagnostics;
        DecomposedPart part;
        part.points = hulls[i]->quality.vertexCount;
        part.capped = hulls[i]->quality.capped;
        part.concavity = pieces[i].concavity;
        part.volume = meshVolume(hulls[i]->mesh);
        part.hull = std::move(hulls[i]->mesh);
        out.parts.push_back(std::move(part));
    }
    return {};
}

std::optional<std::string> checkMesh(const gltf::TriangleMesh& mesh)
{
    if (mesh.triangleCount() == 0)
        return std::string("the mesh has no triangles");
    for (size_t i = 0; i < mesh.positions.size(); ++i)
        if (!isFinite(Vec3d(mesh.positions[i])))
            return "position " + std::to_string(i) + " is not a finite number";
    return std::nullopt;
}

} // namespace

Result<Decomposition> decomposeConvex(const gltf::TriangleMesh& mesh, const DecompositionOptions& options)
{
    if (auto problem = checkOptions(options))
        return failure("DECOMPOSE_BAD_OPTIONS", *problem);
    if (auto problem = checkMesh(mesh))
        return failure(mesh.triangleCount() == 0 ? "DECOMPOSE_NO_TRIANGLES" : "DECOMPOSE_NONFINITE",
                       *problem);
    const auto start = Clock::now();
    const DecompositionSolid solid(mesh, options.resolution, options.seed, 100000, options.cancel);
    auto cancelled = [&] { return failure("DECOMPOSE_CANCELLED", "the decomposition was cancelled"); };
    if (options.cancel && options.cancel->load())
        return cancelled();
    const double threshold = options.concavity * solid.diagonal();
    Search search(solid, options, threshold, start);
    std::vector<Piece> pieces = search.measure().roots(size_t(options.maxParts));
    if (pieces.empty() || !std::all_of(pieces.begin(), pieces.end(), [](const Piece& p) { return p.valid; }))
        return failure("DECOMPOSE_DEGENERATE",
                       "the mesh has no volume: its vertices lie in one plane or line");
    Decomposition out;
    if (!searchCuts(search, pieces, out.budgetReached))
        return cancelled();
    if (options.merge && !search.mergeAll(pieces))
        return cancelled();
    search.report(0.95);
    Diagnostics problems = hullParts(search, pieces, options, out);
    if (options.cancel && options.cancel->load())
        return cancelled();
    if (!problems.empty()) {
        Result<Decomposition> r;
        r.diagnostics = std::move(problems);
        return r;
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
