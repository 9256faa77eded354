#pragma once

namespace cs::geometry {

/// The most points a convex hull the tool writes may have: Unity and PhysX accept 255 per convex mesh (the
/// OMI spec once said so too). The hull tools, the fixes, decomposition and the validator all hold to it.
inline constexpr int kMaxHullPoints = 255;

} // namespace cs::geometry
