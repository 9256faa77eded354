#pragma once

// How the cut search compares scored cuts: which one it takes, and when two count as equal. Internal to
// geometry/Decomposition.cpp.

#include "geometry/DecompositionPiece.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace cs::geometry::cutchoice {

inline constexpr double kTieFraction = 0.05;

/// Concavities this close count as equal when cuts are compared: the coarse measure is not finer.
inline double tieTolerance(double concavity, double spacing)
{
    return std::max(kTieFraction * concavity, spacing);
}

/// A score that a choice may use: measured in full (a partial one only says that the cut is worse than the
/// bound it was measured against, and such a cut is never chosen).
inline bool full(const std::optional<SplitScore>& score)
{
    return score && !score->partial;
}

/// The candidate to cut with (the first of equal ones), or none: the least concavity; with `spacing` > 0,
/// among those within tieTolerance of it, the least hull volume (less empty space still covered).
inline std::optional<size_t> best(const std::vector<std::optional<SplitScore>>& scores, double spacing)
{
    std::optional<size_t> least;
    for (size_t i = 0; i < scores.size(); ++i)
        if (full(scores[i]) && (!least || scores[i]->concavity < scores[*least]->concavity))
            least = i;
    if (!least || spacing <= 0)
        return least;
    const double limit = scores[*least]->concavity + tieTolerance(scores[*least]->concavity, spacing);
    std::optional<size_t> out;
    for (size_t i = 0; i < scores.size(); ++i)
        if (full(scores[i]) && scores[i]->concavity <= limit &&
            (!out || scores[i]->volume < scores[*out]->volume))
            out = i;
    return out;
}

/// True when `a` is a better cut than `b` (the order of best()).
inline bool better(const SplitScore& a, const SplitScore& b, double spacing)
{
    if (spacing <= 0)
        return a.concavity < b.concavity;
    const double tolerance = tieTolerance(std::min(a.concavity, b.concavity), spacing);
    if (std::abs(a.concavity - b.concavity) > tolerance)
        return a.concavity < b.concavity;
    return a.volume < b.volume;
}

/// The least concavity among the full scores (infinity when none).
inline double leastConcavity(const std::vector<std::optional<SplitScore>>& scores)
{
    double least = std::numeric_limits<double>::infinity();
    for (const auto& sc : scores)
        if (full(sc))
            least = std::min(least, sc->concavity);
    return least;
}

} // namespace cs::geometry::cutchoice
