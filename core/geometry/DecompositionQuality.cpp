// The quality figures of a convex decomposition (measureDecomposition in Decomposition.h): they take any set
// of hulls, so that ours and another tool's are measured alike.
#include "geometry/ConvexHull.h"
#include "geometry/Decomposition.h"
#include "geometry/DecompositionSolid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::geometry {

namespace {

struct HullPlanes
{
    std::vector<Vec3d> points;
    std::vector<std::array<std::uint32_t, 3>> faces;
    std::vector<HalfSpace> planes; ///< outward normals: inside is distance <= 0
    Vec3d lower, upper;

    explicit HullPlanes(const gltf::TriangleMesh& hull)
    {
        for (const QVector3D& p : hull.positions)
            points.emplace_back(p);
        if (points.empty())
            return;
        lower = upper = points[0];
        for (const Vec3d& p : points) {
            lower = minOf(lower, p);
            upper = maxOf(upper, p);
        }
        for (size_t t = 0; t + 2 < hull.indices.size(); t += 3) {
            const std::array<std::uint32_t, 3> f{hull.indices[t], hull.indices[t + 1], hull.indices[t + 2]};
            const Vec3d n = normalized(cross(points[f[1]] - points[f[0]], points[f[2]] - points[f[0]]));
            if (lengthSquared(n) == 0)
                continue;
            faces.push_back(f);
            planes.push_back({n, dot(n, points[f[0]])});
        }
    }

    bool contains(const Vec3d& p, double slack) const
    {
        for (int k = 0; k < 3; ++k)
            if (p[k] < lower[k] - slack || p[k] > upper[k] + slack)
                return false;
        return std::all_of(planes.begin(), planes.end(),
                           [&](const HalfSpace& h) { return h.distance(p) <= slack; });
    }

    double distance(const Vec3d& p) const
    {
        double d = std::numeric_limits<double>::infinity();
        for (const auto& f : faces)
            d = std::min(d, pointTriangleDistance(p, points[f[0]], points[f[1]], points[f[2]]));
        return d;
    }
};

} // namespace

DecompositionQuality measureDecomposition(const gltf::TriangleMesh& mesh,
                                          const std::vector<gltf::TriangleMesh>& hulls, int resolution)
{
    DecompositionQuality q;
    q.parts = hulls.size();
    const DecompositionSolid solid(mesh, std::max(8, resolution), 1, 200000);
    if (solid.vertices().empty())
        return q;
    q.closed = solid.closed();
    if (q.closed)
        q.meshVolume = std::abs(meshVolume(mesh));
    std::vector<HullPlanes> parts;
    parts.reserve(hulls.size());
    for (const auto& h : hulls)
        parts.emplace_back(h);

    // Hull surface points outside the mesh, and how far they are from its surface (to within the sample
    // spacing, about a quarter of a voxel).
    const PointIndex surface(solid.samples());
    for (const HullPlanes& part : parts) {
        for (const Vec3d& p : sampleFaces(part.points, part.faces, solid.sampleSpacing(), 20000)) {
            if (!solid.inside(p))
                q.maxConcavity = std::max(q.maxConcavity, surface.nearestDistance(p, q.maxConcavity));
        }
    }
    q.diagonal = solid.diagonal();
    q.relativeConcavity = solid.diagonal() > 0 ? q.maxConcavity / solid.diagonal() : 0;

    // Mesh vertices outside every part: their exact distance to the nearest part.
    const double slack = 1e-9 * solid.diagonal();
    for (const Vec3d& v : solid.vertices()) {
        if (std::any_of(parts.begin(), parts.end(),
                        [&](const HullPlanes& h) { return h.contains(v, slack); }))
            continue;
        double d = std::numeric_limits<double>::infinity();
        for (const HullPlanes& h : parts)
            d = std::min(d, h.distance(v));
        q.maxUncovered = std::max(q.maxUncovered, std::isfinite(d) ? d : 0.0);
    }

    // The union's volume by counting the centres of a grid over the parts' bounding box.
    if (parts.empty())
        return q;
    Vec3d lo = parts[0].lower, hi = parts[0].upper;
    for (const HullPlanes& h : parts) {
        lo = minOf(lo, h.lower);
        hi = maxOf(hi, h.upper);
    }
    const Vec3d extent = hi - lo;
    const double step = std::max({extent.x, extent.y, extent.z}) / resolution;
    if (!(step > 0))
        return q;
    const int nx = int(std::ceil(extent.x / step)), ny = int(std::ceil(extent.y / step)),
              nz = int(std::ceil(extent.z / step));
    size_t count = 0;
    for (int i = 0; i < nx; ++i)
        for (int j = 0; j < ny; ++j)
            for (int k = 0; k < nz; ++k) {
                const Vec3d p = lo + Vec3d{(i + 0.5) * step, (j + 0.5) * step, (k + 0.5) * step};
                if (std::any_of(parts.begin(), parts.end(),
                                [&](const HullPlanes& h) { return h.contains(p, 0); }))
                    ++count;
            }
    q.unionVolume = double(count) * step * step * step;
    q.volumeRatio = q.meshVolume > 0 ? q.unionVolume / q.meshVolume : 0;
    return q;
}

} // namespace cs::geometry
