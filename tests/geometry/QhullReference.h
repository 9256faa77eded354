#pragma once

#include "geometry/Vec3d.h"

#include <string>
#include <vector>

namespace cs::test {

/// A hull computed by qhull (libqhull_r), the independent reference for tests and benchmarks.
struct QhullHull
{
    bool ok = false;
    double volume = 0;
    double area = 0;
    size_t vertexCount = 0;
    size_t facetCount = 0;
};

/// Runs qhull with `options` (e.g. "Qt" for a triangulated full hull, "Qt TA251" to stop after 251 added
/// points). Volume and area are qhull's own (qh_getarea).
QhullHull qhullHull(const std::vector<geometry::Vec3d>& points, const std::string& options = "Qt");

} // namespace cs::test
