#pragma once

#include "geometry/Vec3d.h"

#include <vector>

namespace cs::geometry {

struct Ball
{
    Vec3d centre;
    double radius = 0;
};

/// The smallest ball containing every point (Welzl's algorithm, move-to-front, on a shuffled copy with a
/// fixed seed, so the result is reproducible). Degenerate support sets (three points on a line, four on a
/// circle) fall back to the ball of fewer points; the radius is finally grown to the largest distance from
/// the centre, so every point is inside whatever the round-off. Points lying in a plane give that plane's
/// smallest circle.
Ball minimalBall(std::vector<Vec3d> points);

} // namespace cs::geometry
