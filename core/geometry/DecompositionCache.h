#pragma once

// Cut scores and splits already computed, shared by the searches of one decomposition. Internal to
// geometry/Decomposition.cpp.

#include "geometry/DecompositionPiece.h"

#include <string>
#include <unordered_map>

namespace cs::geometry {

/// The searches of one decomposition start from the same pieces and often cut them alike, so the scores of
/// candidate planes and the pieces a cut makes are kept. A split piece is known by its components and its
/// cell (the planes that cut it out, in order), which determine its samples and cut points; a root by its
/// components. Merged pieces are never cut, so they are never looked up. Not thread-safe: the searches use
/// it from their calling thread only.
class SplitCache
{
public:
    /// The stored score of `plane` on `piece` (nothing, or a score that may be partial), or null.
    const std::optional<SplitScore>* score(const Piece& piece, const HalfSpace& plane) const;
    /// Stores a score; a partial one does not replace a full one or a higher partial one.
    void storeScore(const Piece& piece, const HalfSpace& plane, const std::optional<SplitScore>& score);
    /// The stored two sides of `plane` on `piece` (measured as results), or null.
    const std::pair<Piece, Piece>* split(const Piece& piece, const HalfSpace& plane) const;
    void storeSplit(const Piece& piece, const HalfSpace& plane, const std::pair<Piece, Piece>& sides);

private:
    static std::string key(const Piece& piece, const HalfSpace& plane, char kind);

    std::unordered_map<std::string, std::optional<SplitScore>> m_scores;
    std::unordered_map<std::string, std::pair<Piece, Piece>> m_splits;
};

} // namespace cs::geometry
