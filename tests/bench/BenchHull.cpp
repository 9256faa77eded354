// bench=hull: the capped convex hull (255 vertices) against qhull on the same points in the same run: qhull's
// full hull (the true volume) and its early-stopped hull (option TA251: 4 + 251 points). Quality figures are
// measured here independently of the code under test: volume against qhull's, and the outside distance by
// brute force over every input point and every face of our result. Then bench=hull_budget: the hull that
// encloses every point within a vertex or face budget, against the conservative capped hull.
#include "BenchUtil.h"
#include "QhullReference.h"
#include "geometry/ConvexHull.h"
#include "geometry/EnclosingHull.h"
#include "gltf/JsonIndex.h"
#include "gltf/MeshTriangles.h"
#include "gltf/SceneGraph.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <numbers>
#include <random>

namespace cs::bench {

namespace fs = std::filesystem;
using geometry::Vec3d;

namespace {

std::vector<Vec3d> spherePoints(size_t n, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    std::vector<Vec3d> out;
    out.reserve(n);
    while (out.size() < n) {
        const Vec3d v{g(rng), g(rng), g(rng)};
        const double l = geometry::length(v);
        if (l > 1e-9)
            out.push_back(v / l);
    }
    return out;
}

std::vector<Vec3d> cubePoints(size_t n, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<Vec3d> out(n);
    for (auto& p : out)
        p = {u(rng), u(rng), u(rng)};
    return out;
}

/// Every mesh of a file placed by the world transforms of the nodes that use it: the asset as one body.
std::vector<Vec3d> scenePoints(const fs::path& path)
{
    std::vector<Vec3d> out;
    auto doc = gltf::loadGltf(path, {.loadImages = false, .checkStructure = true});
    if (!doc || hasErrors(doc.diagnostics))
        return out;
    auto graph = gltf::SceneGraph::build(*doc);
    if (!graph)
        return out;
    for (size_t n = 0; n < graph->nodeCount(); ++n) {
        const gltf::Json* node = doc->element("nodes", n);
        if (!node || !node->contains("mesh") || !gltf::isJsonIndex((*node)["mesh"]))
            continue;
        auto mesh = gltf::meshTriangles(*doc, (*node)["mesh"].get<size_t>());
        if (mesh)
            geometry::appendPoints(out, *mesh, graph->worldTransform(n));
    }
    return out;
}

/// The files of the test data with the most mesh points (one copy of each file name).
std::vector<std::pair<std::string, std::vector<Vec3d>>> largestRealMeshes(size_t count)
{
    std::map<std::string, fs::path> byName;
    for (const fs::path& dir : {fs::path(CS_TEST_DATA_DIR) / "spec" / "omi", fs::path(CS_SAMPLE_DIR),
                                fs::path(CS_ASSIMP_GLTF2_DIR)}) {
        if (!fs::exists(dir))
            continue;
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            const auto ext = e.path().extension();
            if (ext == ".gltf" || ext == ".glb")
                byName.emplace(e.path().stem().string(), e.path());
        }
    }
    std::vector<std::pair<std::string, std::vector<Vec3d>>> all;
    for (const auto& [name, path] : byName) {
        auto points = scenePoints(path);
        if (points.size() >= 1000)
            all.emplace_back(name, std::move(points));
    }
    std::sort(all.begin(), all.end(),
              [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
    if (all.size() > count)
        all.resize(count);
    return all;
}

/// The largest distance of a point beyond a face plane of `mesh`, by brute force.
double maxOutside(const std::vector<Vec3d>& points, const gltf::TriangleMesh& mesh)
{
    std::vector<Vec3d> normals;
    std::vector<double> offsets;
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
        const Vec3d a(mesh.positions[mesh.indices[t]]), b(mesh.positions[mesh.indices[t + 1]]),
            c(mesh.positions[mesh.indices[t + 2]]);
        const Vec3d n = geometry::normalized(geometry::cross(b - a, c - a));
        normals.push_back(n);
        offsets.push_back(geometry::dot(n, a));
    }
    double worst = 0;
    for (const Vec3d& p : points) {
        for (size_t f = 0; f < normals.size(); ++f)
            worst = std::max(worst, geometry::dot(normals[f], p) - offsets[f]);
    }
    return worst;
}

double diagonal(const std::vector<Vec3d>& points)
{
    Vec3d lo = points[0], hi = points[0];
    for (const Vec3d& p : points) {
        lo = geometry::minOf(lo, p);
        hi = geometry::maxOf(hi, p);
    }
    return geometry::length(hi - lo);
}

void benchCase(const std::string& name, const std::vector<Vec3d>& points, int runs, bool conservative = false)
{
    geometry::ConvexHullOptions options;
    options.maxVertices = 255;
    options.conservative = conservative;
    options.measureQuality = false; // the timed work is the hull; quality is measured below
    Result<geometry::ConvexHull> ours;
    test::QhullHull full, ta;
    const auto ms = medianMs({[&] { ours = geometry::generateConvexHull(points, options); },
                              [&] { full = test::qhullHull(points, "Qt"); },
                              [&] { ta = test::qhullHull(points, "Qt TA251"); }},
                             runs);
    if (!ours || !full.ok || !ta.ok) {
        std::printf("bench=hull case=%s error=%s\n", name.c_str(),
                    !ours ? formatDiagnostic(ours.diagnostics.front()).c_str() : "qhull failed");
        return;
    }
    const double volume = geometry::meshVolume(ours->mesh);
    const double outside = std::max(0.0, maxOutside(points, ours->mesh)) / diagonal(points);
    std::printf(
        "bench=hull case=%s points=%zu cap=255 vertices=%zu ours_ms=%s qhull_full_ms=%s qhull_ta_ms=%s "
        "ratio_ta=%s volume=%s outside=%s\n",
        name.c_str(), points.size(), ours->quality.vertexCount, fixed(ms[0], 2).c_str(),
        fixed(ms[1], 2).c_str(), fixed(ms[2], 2).c_str(), fixed(ms[0] / ms[2], 3).c_str(),
        fixed(volume / full.volume, 4).c_str(), fixed(outside, 5).c_str());
    // qhull's early-stopped hull's own quality, for comparison (not part of the figure line).
    std::printf("# hull %s: qhull TA251 vertices=%zu volume=%s\n", name.c_str(), ta.vertexCount,
                fixed(ta.volume / full.volume, 4).c_str());
    std::fflush(stdout);
}

/// On a capsule of radius 0.5 whose cylinder is 1.5 long (y), or a torus of radii 1 and 0.4 (about y).
std::vector<Vec3d> roundPoints(size_t n, bool torus, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const auto ball = spherePoints(n, seed + 1);
    std::vector<Vec3d> out;
    for (size_t i = 0; i < n; ++i) {
        const double a = 2 * std::numbers::pi * u(rng), b = 2 * std::numbers::pi * u(rng);
        if (torus)
            out.push_back({(1 + 0.4 * std::cos(b)) * std::cos(a), 0.4 * std::sin(b),
                           (1 + 0.4 * std::cos(b)) * std::sin(a)});
        else if (u(rng) < 1.5 / (1.5 + 1.0)) // side area 2 pi r h against the ends' 4 pi r^2
            out.push_back({0.5 * std::cos(a), 1.5 * (u(rng) - 0.5), 0.5 * std::sin(a)});
        else
            out.push_back(ball[i] * 0.5 + Vec3d(0, ball[i].y >= 0 ? 0.75 : -0.75, 0));
    }
    return out;
}

/// One budget: the hull that encloses every point against the conservative capped hull (the inner hull
/// grown to hold every point) at the same vertex cap, both timed in the same run; volumes against qhull's
/// full hull, containment by brute force here.
void budgetCase(const std::string& name, const std::vector<Vec3d>& points, double hullVolume, int maxVertices,
                int maxFaces, int runs)
{
    geometry::EnclosingHullOptions options;
    options.maxVertices = maxVertices;
    options.maxFaces = maxFaces;
    geometry::ConvexHullOptions baseline;
    baseline.maxVertices = maxVertices;
    baseline.conservative = true;
    baseline.measureQuality = false;
    Result<geometry::EnclosingHull> ours;
    Result<geometry::ConvexHull> conservative;
    const auto ms = medianMs({[&] { ours = geometry::encloseWithBudget(points, options); },
                              [&] { conservative = geometry::generateConvexHull(points, baseline); }},
                             runs);
    if (!ours || !conservative) {
        std::printf("bench=hull_budget case=%s error=%s\n", name.c_str(),
                    formatDiagnostic((!ours ? ours.diagnostics : conservative.diagnostics).front()).c_str());
        return;
    }
    const auto& f = ours->figures;
    const double volume = geometry::meshVolume(ours->mesh);
    // Engines hull the written vertices again: the points are inside when adding them to the vertices adds
    // no volume to qhull's hull (outside_volume 0). The triangles' own planes (outside_triangles, fraction
    // of the diagonal) tilt where a thin face's corners were rounded to float.
    std::vector<Vec3d> corners;
    geometry::appendPoints(corners, ours->mesh);
    std::vector<Vec3d> both = corners;
    both.insert(both.end(), points.begin(), points.end());
    const double outsideVolume = test::qhullHull(both).volume / test::qhullHull(corners).volume - 1;
    std::printf(
        "bench=hull_budget case=%s max_vertices=%d max_faces=%d vertices=%d faces=%d triangles=%d "
        "over_hull=%s over_obb=%s outside_volume=%s outside_triangles=%s ours_ms=%s conservative_ms=%s "
        "ratio=%s conservative_over_hull=%s\n",
        name.c_str(), maxVertices, maxFaces, f.vertices, f.faces, f.triangles,
        fixed(volume / hullVolume - 1, 4).c_str(), fixed(volume / f.orientedBoxVolume - 1, 4).c_str(),
        fixed(outsideVolume, 9).c_str(),
        fixed(std::max(0.0, maxOutside(points, ours->mesh)) / diagonal(points), 7).c_str(),
        fixed(ms[0], 1).c_str(), fixed(ms[1], 1).c_str(), fixed(ms[0] / ms[1], 1).c_str(),
        fixed(geometry::meshVolume(conservative->mesh) / hullVolume - 1, 4).c_str());
    std::fflush(stdout);
}

} // namespace

/// bench=hull_budget: the enclosing hull at each budget of issue 49 (8, 16, 32, 64, 255 vertices; 6, 18, 64
/// faces) on smooth shapes and the largest real meshes.
int runHullBudgetBenchmarks(int runs, bool quick)
{
    std::vector<std::pair<std::string, std::vector<Vec3d>>> cases = {
        {"sphere_10k", spherePoints(10'000, 7)},
        {"capsule_10k", roundPoints(10'000, false, 13)},
        {"torus_10k", roundPoints(10'000, true, 17)}};
    if (!quick) {
        for (auto& [name, points] : largestRealMeshes(4))
            cases.emplace_back("mesh_" + name, std::move(points));
    }
    const int r = std::max(1, runs / 3);
    for (const auto& [name, points] : cases) {
        const test::QhullHull full = test::qhullHull(points, "Qt");
        if (!full.ok)
            continue;
        for (int v : {8, 16, 32, 64, 255})
            budgetCase(name, points, full.volume, v, 255, r);
        for (int f : {6, 18, 64})
            budgetCase(name, points, full.volume, 255, f, r);
    }
    return 0;
}

int runHullBenchmarks(int runs, bool quick)
{
    for (size_t n : {size_t(10'000), size_t(100'000), size_t(1'000'000)}) {
        // qhull's full hull of a million points takes seconds: fewer runs there. --quick keeps the goal case
        // (1M points on a sphere) and drops the 1M cube.
        const bool million = n >= 1'000'000;
        const int r = million ? std::max(1, runs / 3) : runs;
        const std::string suffix = million ? "1m" : std::to_string(n / 1000) + "k";
        const auto sphere = spherePoints(n, 7);
        benchCase("sphere_" + suffix, sphere, r);
        // The inner hull of 255 points keeps at most ~97.7% of a sphere (even perfectly spread points do):
        // the conservative hull is the one that meets a 98% goal.
        benchCase("sphere_" + suffix + "_conservative", sphere, r, true);
        if (!(quick && million))
            benchCase("cube_" + suffix, cubePoints(n, 11), r);
    }
    for (const auto& [name, points] : largestRealMeshes(4)) {
        benchCase("mesh_" + name, points, runs);
        benchCase("mesh_" + name + "_conservative", points, runs, true);
    }
    return 0;
}

} // namespace cs::bench
