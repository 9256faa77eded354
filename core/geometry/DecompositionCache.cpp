#include "geometry/DecompositionCache.h"

#include <cstring>

namespace cs::geometry {

namespace {

template <class T> void appendBytes(std::string& out, const T& value)
{
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

void appendPlane(std::string& out, const HalfSpace& h)
{
    for (int k = 0; k < 3; ++k)
        appendBytes(out, h.normal[k]);
    appendBytes(out, h.offset);
}

} // namespace

std::string SplitCache::key(const Piece& piece, const HalfSpace& plane, char kind)
{
    std::string out(1, kind);
    appendBytes(out, piece.components.size());
    for (std::uint32_t c : piece.components)
        appendBytes(out, c);
    for (const HalfSpace& h : piece.cell)
        appendPlane(out, h);
    out.push_back('|');
    appendPlane(out, plane);
    return out;
}

const std::optional<SplitScore>* SplitCache::score(const Piece& piece, const HalfSpace& plane) const
{
    const auto it = m_scores.find(key(piece, plane, 's'));
    return it == m_scores.end() ? nullptr : &it->second;
}

void SplitCache::storeScore(const Piece& piece, const HalfSpace& plane,
                            const std::optional<SplitScore>& score)
{
    auto [it, added] = m_scores.try_emplace(key(piece, plane, 's'), score);
    if (added)
        return;
    const std::optional<SplitScore>& old = it->second;
    const bool oldFull = !old || !old->partial;
    if (!oldFull && (!score || !score->partial || score->concavity > old->concavity))
        it->second = score;
}

const std::pair<Piece, Piece>* SplitCache::split(const Piece& piece, const HalfSpace& plane) const
{
    const auto it = m_splits.find(key(piece, plane, 'f'));
    return it == m_splits.end() ? nullptr : &it->second;
}

void SplitCache::storeSplit(const Piece& piece, const HalfSpace& plane, const std::pair<Piece, Piece>& sides)
{
    m_splits.try_emplace(key(piece, plane, 'f'), sides);
}

} // namespace cs::geometry
