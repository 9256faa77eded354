// bench=fit: fit figures of a 1M-triangle mesh against a 255-point hull and against a 100k-triangle trimesh
// (FitMeter: hierarchy, samples, every vertex), the fit heat map's surfaces against the measurement, and the
// hierarchy's speed-up over brute force on a subset of the queries. bench=simplify: a 1M-triangle mesh to 1 %
// of its triangles, simplifyMesh (weld, simplify, clean, measure) against the meshopt_simplify call alone.
#include "BenchUtil.h"
#include "geometry/ColliderFit.h"
#include "geometry/ConvexHull.h"
#include "geometry/MeshBvh.h"
#include "geometry/MeshSimplify.h"
#include "scene/FitHeatMap.h"

#include <cmath>
#include <cstdio>
#include <meshoptimizer.h>
#include <numbers>
#include <random>

namespace cs::bench {

using geometry::Vec3d;

namespace {

/// A bumpy sphere (radius about 1) as a latitude-longitude grid of about `triangles` triangles.
gltf::TriangleMesh bumpySphere(size_t triangles, double radius, double bump)
{
    const int rings = int(std::sqrt(double(triangles) / 4)), segments = 2 * rings;
    gltf::TriangleMesh m;
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const double lat = -std::numbers::pi / 2 + std::numbers::pi * r / rings;
            const double lon = 2 * std::numbers::pi * s / segments;
            const double k = radius * (1 + bump * std::sin(7 * lat) * std::cos(5 * lon));
            m.positions.emplace_back(float(k * std::cos(lat) * std::cos(lon)), float(k * std::sin(lat)),
                                     float(k * std::cos(lat) * std::sin(lon)));
        }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto i = std::uint32_t(r * segments + s),
                       j = std::uint32_t(r * segments + (s + 1) % segments);
            const auto k = i + std::uint32_t(segments), l = j + std::uint32_t(segments);
            m.indices.insert(m.indices.end(), {i, k, j, j, k, l});
        }
    return m;
}

void benchFit(int runs, bool quick)
{
    const size_t big = quick ? 200'000 : 1'000'000;
    const auto mesh = bumpySphere(big, 1.0, 0.05);
    std::vector<Vec3d> points;
    geometry::appendPoints(points, mesh);
    geometry::ConvexHullOptions o;
    o.measureQuality = false;
    const auto hull = geometry::generateConvexHull(points, o);
    geometry::FitPart hullPart;
    hullPart.shape = geometry::ShapeGeometry::convex(hull->mesh);
    geometry::FitPart trimeshPart;
    trimeshPart.shape = geometry::ShapeGeometry::trimesh(bumpySphere(100'000, 1.02, 0.05));
    for (const auto& [name, part] : {std::pair{"hull255", hullPart}, std::pair{"trimesh100k", trimeshPart}}) {
        geometry::FitSummary summary;
        const auto ms = medianMs({[&, p = part] {
                                     auto m = geometry::measureFit(mesh, {}, {p});
                                     summary = m->summary;
                                 }},
                                 std::max(1, runs / 3));
        std::printf(
            "bench=fit case=%s mesh_triangles=%zu ms=%s outside_max=%s overhang_max=%s overhang_p95=%s\n",
            name, mesh.triangleCount(), fixed(ms[0], 1).c_str(), fixed(summary.outside.max, 5).c_str(),
            fixed(summary.overhang.max, 5).c_str(), fixed(summary.overhang.p95, 5).c_str());
    }
    // The fit heat map's surfaces (the mesh's triangles by vertex; the hull's tessellated surface measured
    // vertex by vertex over the meter's hierarchy) against the measurement they colour (meter and figures, as
    // the window makes them for each map).
    const geometry::FitMeter meter(mesh);
    const auto measured = meter.measure({hullPart});
    size_t heatCorners = 0;
    const auto heatMs = medianMs({[&] { (void)geometry::measureFit(mesh, {}, {hullPart}); },
                                  [&] {
                                      const auto s =
                                          scene::fitHeatSurfaces(mesh, {hullPart}, meter, *measured, 0.01);
                                      heatCorners = s.mesh.corners.size() + s.collider.corners.size();
                                  }},
                                 std::max(1, runs / 3));
    std::printf("bench=fit case=heat_surfaces mesh_triangles=%zu corners=%zu measure_ms=%s surfaces_ms=%s "
                "surfaces_per_measure=%s\n",
                mesh.triangleCount(), heatCorners, fixed(heatMs[0], 1).c_str(), fixed(heatMs[1], 1).c_str(),
                fixed(heatMs[1] / heatMs[0], 2).c_str());
    // The hierarchy against brute force: distances of 500 points to the 100k-triangle mesh.
    const geometry::MeshBvh bvh(*trimeshPart.shape.mesh);
    const auto corners = geometry::triangleCorners(*trimeshPart.shape.mesh);
    std::vector<Vec3d> queries(points.begin(), points.begin() + std::min<size_t>(500, points.size()));
    double sumBvh = 0, sumBrute = 0;
    const auto ms = medianMs({[&] {
                                  sumBvh = 0;
                                  for (const Vec3d& q : queries)
                                      sumBvh += bvh.distance(q);
                              },
                              [&] {
                                  sumBrute = 0;
                                  for (const Vec3d& q : queries)
                                      sumBrute += geometry::bruteForceDistance(corners, q);
                              }},
                             std::max(1, runs / 3));
    std::printf("bench=fit case=bvh_vs_brute queries=%zu triangles=%zu bvh_ms=%s brute_ms=%s speedup=%s "
                "same=%s\n",
                queries.size(), corners.size() / 3, fixed(ms[0], 2).c_str(), fixed(ms[1], 1).c_str(),
                fixed(ms[1] / ms[0], 0).c_str(), std::fabs(sumBvh - sumBrute) < 1e-9 ? "yes" : "NO");
}

void benchSimplify(int runs, bool quick)
{
    const auto mesh = bumpySphere(quick ? 200'000 : 1'000'000, 1.0, 0.05);
    geometry::SimplifyOptions o;
    o.targetRatio = 0.01;
    o.maxError = 0.2;
    o.attempts = 1;
    // The library is given the same target and the same error, relative to the mesh's extent as it takes it.
    const float relative =
        float(o.maxError / meshopt_simplifyScale(reinterpret_cast<const float*>(mesh.positions.data()),
                                                 mesh.positions.size(), sizeof(QVector3D)));
    size_t ours = 0, library = 0;
    double deviation = 0;
    std::vector<unsigned int> out(mesh.indices.size());
    const auto ms =
        medianMs({[&] {
                      auto s = geometry::simplifyMesh(mesh, o);
                      ours = s->trianglesAfter;
                      deviation = s->deviation;
                  },
                  [&] {
                      library =
                          meshopt_simplify(out.data(), mesh.indices.data(), mesh.indices.size(),
                                           reinterpret_cast<const float*>(mesh.positions.data()),
                                           mesh.positions.size(), sizeof(QVector3D),
                                           mesh.indices.size() / 100, relative, meshopt_SimplifyLockBorder) /
                          3;
                  }},
                 std::max(1, runs / 3));
    std::printf(
        "bench=simplify triangles=%zu ours_triangles=%zu library_triangles=%zu ours_ms=%s library_ms=%s "
        "ratio=%s deviation=%s goal_ratio<=1.2\n",
        mesh.triangleCount(), ours, library, fixed(ms[0], 1).c_str(), fixed(ms[1], 1).c_str(),
        fixed(ms[0] / ms[1], 2).c_str(), fixed(deviation, 5).c_str());
}

} // namespace

int runFitBenchmarks(int runs, bool quick)
{
    benchFit(runs, quick);
    return 0;
}

int runSimplifyBenchmarks(int runs, bool quick)
{
    benchSimplify(runs, quick);
    return 0;
}

} // namespace cs::bench
