// bench=decompose: our convex decomposition against V-HACD 4 on the same concave meshes in the same run, at
// the same part count (V-HACD runs first with at most 8 hulls; ours is then given exactly its count as the
// limit). Both results are judged by the same function, geometry::measureDecomposition: the largest distance
// from a part's hull to the mesh (relative to the bounding-box diagonal) and the union's volume against the
// mesh's.
#include "BenchMeshes.h"
#include "BenchUtil.h"
#include "BenchVhacd.h"
#include "geometry/Decomposition.h"

#include <cstdio>
#include <filesystem>
#include <string>

namespace cs::bench {

namespace {

size_t mostPoints(const std::vector<gltf::TriangleMesh>& hulls)
{
    size_t most = 0;
    for (const auto& h : hulls)
        most = std::max(most, h.positions.size());
    return most;
}

} // namespace

int runDecomposeBenchmarks(int runs, bool quick)
{
    if (!haveVhacd()) {
        std::printf(
            "bench=decompose error=\"V-HACD baseline missing: run scripts/setup.sh (npm vhacd-js)\"\n");
        return 1;
    }
    const std::vector<BenchMesh> meshes = benchMeshes();
    const int timedRuns = quick ? 1 : std::min(runs, 3);
    const int cap = 64;
    int status = 0;
    for (const auto& [label, mesh] : meshes) {
        const char* name = label.c_str();
        if (mesh.triangleCount() == 0) {
            std::printf("bench=decompose mesh=%s error=unreadable\n", name);
            status = 1;
            continue;
        }
        std::vector<gltf::TriangleMesh> theirs;
        std::vector<gltf::TriangleMesh> ours;
        geometry::DecompositionOptions o;
        o.pointsPerPart = cap;
        o.concavity = 0.002; // far below reach: the part count decides, as for V-HACD
        o.measure = false;
        std::string failure;
        auto runOurs = [&](int threads) {
            o.maxParts = int(std::max<size_t>(1, theirs.size()));
            o.threads = threads;
            auto r = geometry::decomposeConvex(mesh, o);
            ours.clear();
            if (!r)
                failure =
                    r.diagnostics.empty() ? "?" : r.diagnostics[0].code + ": " + r.diagnostics[0].message;
            else
                for (const auto& p : r->parts)
                    ours.push_back(p.hull);
        };
        const std::vector<double> ms = medianMs(
            {[&] { theirs = vhacdDecompose(mesh, 8, cap); }, [&] { runOurs(1); }, [&] { runOurs(0); }},
            timedRuns);
        if (!failure.empty()) {
            std::printf("bench=decompose mesh=%s error=\"%s\"\n", name, failure.c_str());
            status = 1;
            continue;
        }
        const auto q = geometry::measureDecomposition(mesh, ours, 128);
        const auto v = geometry::measureDecomposition(mesh, theirs, 128);
        std::printf(
            "bench=decompose mesh=%s triangles=%zu parts=%zu vhacd_parts=%zu concavity=%s "
            "vhacd_concavity=%s concavity_ratio=%s ms=%s vhacd_ms=%s ratio=%s ms_all_cores=%s "
            "volume_ratio=%s "
            "vhacd_volume_ratio=%s uncovered=%s vhacd_uncovered=%s max_points=%zu vhacd_max_points=%zu "
            "timed_runs=%d\n",
            name, mesh.triangleCount(), ours.size(), theirs.size(), fixed(q.relativeConcavity, 4).c_str(),
            fixed(v.relativeConcavity, 4).c_str(),
            fixed(v.relativeConcavity > 0 ? q.relativeConcavity / v.relativeConcavity : 0, 3).c_str(),
            fixed(ms[1], 1).c_str(), fixed(ms[0], 1).c_str(), fixed(ms[0] > 0 ? ms[1] / ms[0] : 0, 3).c_str(),
            fixed(ms[2], 1).c_str(), fixed(q.volumeRatio, 3).c_str(), fixed(v.volumeRatio, 3).c_str(),
            fixed(q.maxUncovered / std::max(1e-12, q.diagonal), 4).c_str(),
            fixed(v.maxUncovered / std::max(1e-12, v.diagonal), 4).c_str(), mostPoints(ours),
            mostPoints(theirs), timedRuns);
        std::fflush(stdout);
    }
    return status;
}

} // namespace cs::bench
