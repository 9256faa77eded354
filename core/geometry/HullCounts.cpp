#include "geometry/HullCounts.h"

#include "geometry/ConvexHull.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace cs::geometry {

using Tri = std::array<std::uint32_t, 3>;

std::vector<Vec3d> polygonNormals(const std::vector<Vec3d>& points, const QuickHullOutput& h,
                                  double tolerance)
{
    std::vector<int> group(h.faces.size(), -1);
    std::vector<Vec3d> normals;
    std::vector<std::uint32_t> stack;
    for (size_t seed = 0; seed < h.faces.size(); ++seed) {
        if (group[seed] >= 0)
            continue;
        const int g = int(normals.size());
        Vec3d sum;
        group[seed] = g;
        stack.assign(1, std::uint32_t(seed));
        while (!stack.empty()) {
            const Tri& t = h.faces[stack.back()];
            stack.pop_back();
            sum += cross(points[t[1]] - points[t[0]], points[t[2]] - points[t[0]]);
            for (std::uint32_t n : h.neighbours[&t - h.faces.data()]) {
                const Tri& u = h.faces[n];
                auto near = [&](std::uint32_t v) {
                    return std::fabs(dot(h.normals[seed], points[v]) - h.offsets[seed]) <= tolerance;
                };
                if (group[n] < 0 && dot(h.normals[seed], h.normals[n]) > 0.5 && near(u[0]) && near(u[1]) &&
                    near(u[2])) {
                    group[n] = g;
                    stack.push_back(n);
                }
            }
        }
        normals.push_back(normalized(sum));
    }
    return normals;
}

std::optional<HullCounts> hullCounts(const std::vector<Vec3d>& points)
{
    double maxAbs = 0;
    for (const Vec3d& p : points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            return std::nullopt;
        maxAbs = std::max({maxAbs, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    }
    const QuickHullOutput h = quickHull(points);
    if (h.status != QuickHullOutput::Status::Ok || h.faces.empty())
        return std::nullopt;
    std::vector<char> used(points.size(), 0);
    HullCounts c;
    for (const Tri& t : h.faces) {
        for (std::uint32_t v : t) {
            c.vertices += used[v] ? 0 : 1;
            used[v] = 1;
        }
    }
    c.triangles = int(h.faces.size());
    // The points come from float data: corners of one flat face of the model lie off a common plane by their
    // rounding, which an engine merging coplanar triangles does not tell from flat.
    const double flat = h.tolerance + 8 * double(FLT_EPSILON) * maxAbs;
    c.polygons = int(polygonNormals(points, h, flat).size());
    return c;
}

std::optional<HullCounts> hullCounts(const gltf::TriangleMesh& mesh)
{
    std::vector<Vec3d> points;
    appendPoints(points, mesh);
    return hullCounts(points);
}

} // namespace cs::geometry
