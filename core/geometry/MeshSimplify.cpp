#include "geometry/MeshSimplify.h"

#include "geometry/MeshBvh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <future>
#include <map>
#include <meshoptimizer.h>

namespace cs::geometry {

namespace {

/// The mesh with every set of vertices at the same position merged into one.
gltf::TriangleMesh weld(const gltf::TriangleMesh& mesh)
{
    std::vector<unsigned int> remap(mesh.positions.size());
    const size_t unique =
        meshopt_generateVertexRemap(remap.data(), mesh.indices.data(), mesh.indices.size(),
                                    mesh.positions.data(), mesh.positions.size(), sizeof(QVector3D));
    gltf::TriangleMesh out;
    out.positions.resize(unique);
    meshopt_remapVertexBuffer(out.positions.data(), mesh.positions.data(), mesh.positions.size(),
                              sizeof(QVector3D), remap.data());
    out.indices.resize(mesh.indices.size());
    meshopt_remapIndexBuffer(out.indices.data(), mesh.indices.data(), mesh.indices.size(), remap.data());
    return out;
}

/// One run of the simplifier at `relativeError` (of the mesh's extent).
gltf::TriangleMesh reduce(const gltf::TriangleMesh& welded, double relativeError, double targetRatio,
                          double sliver)
{
    const size_t target =
        targetRatio > 0 ? size_t(double(welded.triangleCount()) * targetRatio) * 3 : size_t(0);
    gltf::TriangleMesh out;
    out.positions = welded.positions;
    out.indices.resize(welded.indices.size());
    float resultError = 0;
    const size_t count = meshopt_simplify(out.indices.data(), welded.indices.data(), welded.indices.size(),
                                          reinterpret_cast<const float*>(welded.positions.data()),
                                          welded.positions.size(), sizeof(QVector3D), target,
                                          float(relativeError), meshopt_SimplifyLockBorder, &resultError);
    out.indices.resize(count);
    return removeDegenerateTriangles(out, sliver);
}

} // namespace

gltf::TriangleMesh removeDegenerateTriangles(const gltf::TriangleMesh& mesh, double sliver)
{
    // Triangles over the same three corners: a copy is dropped, and a pair wound opposite ways (a fin of no
    // volume, which a collapse can leave) goes altogether.
    std::map<std::array<std::uint32_t, 3>, std::vector<size_t>> byCorners;
    std::vector<bool> keep(mesh.indices.size() / 3, false);
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const std::uint32_t i[3] = {mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]};
        if (i[0] == i[1] || i[1] == i[2] || i[0] == i[2] ||
            std::max({i[0], i[1], i[2]}) >= mesh.positions.size())
            continue;
        const Vec3d a(mesh.positions[i[0]]), b(mesh.positions[i[1]]), c(mesh.positions[i[2]]);
        const double longest2 = std::max({lengthSquared(b - a), lengthSquared(c - b), lengthSquared(a - c)});
        const double twiceArea = length(cross(b - a, c - a));
        // height = 2 * area / longest edge; a sliver's height is a tiny fraction of its longest edge.
        if (!(twiceArea > 0) || twiceArea < sliver * longest2)
            continue;
        std::array<std::uint32_t, 3> key{i[0], i[1], i[2]};
        std::sort(key.begin(), key.end());
        byCorners[key].push_back(t / 3);
    }
    for (const auto& [key, triangles] : byCorners) {
        // A rotation of the sorted corners keeps the winding; anything else reverses it.
        int balance = 0;
        for (size_t tri : triangles) {
            const std::uint32_t* i = &mesh.indices[3 * tri];
            const bool sameWay = (i[0] == key[0] && i[1] == key[1]) || (i[1] == key[0] && i[2] == key[1]) ||
                                 (i[2] == key[0] && i[0] == key[1]);
            balance += sameWay ? 1 : -1;
        }
        if (balance == 0)
            continue;
        for (size_t tri : triangles) {
            const std::uint32_t* i = &mesh.indices[3 * tri];
            const bool sameWay = (i[0] == key[0] && i[1] == key[1]) || (i[1] == key[0] && i[2] == key[1]) ||
                                 (i[2] == key[0] && i[0] == key[1]);
            if (sameWay == (balance > 0)) {
                keep[tri] = true;
                break;
            }
        }
    }
    gltf::TriangleMesh out;
    std::vector<std::uint32_t> newIndex(mesh.positions.size(), UINT32_MAX);
    for (size_t tri = 0; tri < keep.size(); ++tri) {
        if (!keep[tri])
            continue;
        for (size_t k = 0; k < 3; ++k) {
            const std::uint32_t v = mesh.indices[3 * tri + k];
            if (newIndex[v] == UINT32_MAX) {
                newIndex[v] = std::uint32_t(out.positions.size());
                out.positions.push_back(mesh.positions[v]);
            }
            out.indices.push_back(newIndex[v]);
        }
    }
    return out;
}

Result<SimplifiedMesh> simplifyMesh(const gltf::TriangleMesh& mesh, const SimplifyOptions& options)
{
    using R = Result<SimplifiedMesh>;
    if (mesh.triangleCount() == 0 || mesh.positions.empty())
        return R::failure(makeError("SIMPLIFY_NO_TRIANGLES", "the mesh has no triangles to simplify"));
    if (!(options.maxError > 0))
        return R::failure(makeError("SIMPLIFY_BAD_ERROR", "the largest error must be above 0"));
    const gltf::TriangleMesh welded = weld(mesh);
    const double scale = meshopt_simplifyScale(reinterpret_cast<const float*>(welded.positions.data()),
                                               welded.positions.size(), sizeof(QVector3D));
    SimplifiedMesh out;
    out.trianglesBefore = mesh.triangleCount();
    // The meter (samples and a hierarchy over the whole mesh) is made on another core while the first
    // reduction runs.
    std::future<std::unique_ptr<FitMeter>> meterMade;
    if (!options.skipMeasure)
        meterMade = std::async(std::launch::async,
                               [&] { return std::make_unique<FitMeter>(mesh, Mat4d{}, options.measure); });
    std::unique_ptr<FitMeter> meter;
    // meshoptimizer's error is its own (quadric) measure, so the result is measured, and made again with a
    // smaller error while it strays beyond maxError.
    double relative = scale > 0 ? options.maxError / scale : 0;
    bool found = false;
    double next = 0.5; // what the error is multiplied by for the next attempt
    for (int attempt = 0; attempt < std::max(1, options.attempts) && !found; ++attempt, relative *= next) {
        gltf::TriangleMesh candidate = reduce(welded, relative, options.targetRatio, options.sliver);
        ++out.attempts;
        if (meterMade.valid())
            meter = meterMade.get();
        if (candidate.triangleCount() == 0)
            continue;
        if (meter) {
            FitPart part;
            part.shape = ShapeGeometry::trimesh(candidate);
            auto measured = meter->measure({part});
            if (!measured)
                continue;
            if (measured->summary.deviation() > options.maxError) {
                // Next time ask for less, in proportion to how far this one strayed (at least 10 % less).
                next = std::clamp(0.9 * options.maxError / measured->summary.deviation(), 0.25, 0.9);
                continue;
            }
            out.fit = measured->summary;
            out.deviation = out.fit.deviation();
        }
        out.mesh = std::move(candidate);
        found = true;
    }
    if (meterMade.valid())
        meter = meterMade.get();
    if (!found) {
        // Nothing within the error: the welded mesh itself, which only loses degenerate triangles.
        out.mesh = removeDegenerateTriangles(welded, 0);
        if (meter) {
            FitPart part;
            part.shape = ShapeGeometry::trimesh(out.mesh);
            if (auto measured = meter->measure({part})) {
                out.fit = measured->summary;
                out.deviation = out.fit.deviation();
            }
        }
    }
    out.trianglesAfter = out.mesh.triangleCount();
    out.reduced = out.trianglesAfter < welded.triangleCount();
    R r;
    r.value = std::move(out);
    return r;
}

} // namespace cs::geometry
