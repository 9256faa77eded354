#include "geometry/MeshSimplify.h"

#include "geometry/MeshBvh.h"
#include "geometry/MeshEdges.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <future>
#include <limits>
#include <map>
#include <meshoptimizer.h>

namespace cs::geometry {

namespace {

/// A position's bits, for welding: two positions weld when all their bits agree.
struct PositionBits
{
    std::uint32_t x, y, z;
    explicit PositionBits(const QVector3D& v)
    {
        static_assert(sizeof(QVector3D) == 3 * sizeof(float));
        x = std::bit_cast<std::uint32_t>(v.x());
        y = std::bit_cast<std::uint32_t>(v.y());
        z = std::bit_cast<std::uint32_t>(v.z());
    }
    bool operator==(const PositionBits&) const = default;
    std::uint64_t hash() const
    {
        std::uint64_t h = (std::uint64_t(x) | std::uint64_t(y) << 32U) * 0x9e3779b97f4a7c15ULL;
        h ^= (std::uint64_t(z) + (h >> 29U)) * 0xc2b2ae3d27d4eb4fULL;
        return h ^ (h >> 32U);
    }
};

} // namespace

Result<gltf::TriangleMesh> weldByPosition(const gltf::TriangleMesh& mesh)
{
    using R = Result<gltf::TriangleMesh>;
    const size_t n = mesh.positions.size();
    // Open addressing (linear probing, at most half full) from a position's bits to its new index; a vertex
    // is looked up once, the first time an index names it.
    size_t tableSize = 16;
    while (tableSize < 2 * n)
        tableSize *= 2;
    const size_t mask = tableSize - 1;
    std::vector<std::uint32_t> table(tableSize, UINT32_MAX);
    std::vector<std::uint32_t> remap(n, UINT32_MAX);
    gltf::TriangleMesh out;
    out.indices.resize(mesh.indices.size());
    for (size_t i = 0; i < mesh.indices.size(); ++i) {
        const std::uint32_t v = mesh.indices[i];
        if (v >= n)
            return R::failure(makeError("SIMPLIFY_BAD_INDEX", "index " + std::to_string(i) + " (triangle " +
                                                                  std::to_string(i / 3) + ") names vertex " +
                                                                  std::to_string(v) + " of " +
                                                                  std::to_string(n)));
        if (remap[v] == UINT32_MAX) {
            const PositionBits bits(mesh.positions[v]);
            for (size_t slot = bits.hash() & mask;; slot = (slot + 1) & mask) {
                const std::uint32_t e = table[slot];
                if (e == UINT32_MAX) {
                    table[slot] = remap[v] = std::uint32_t(out.positions.size());
                    out.positions.push_back(mesh.positions[v]);
                    break;
                }
                if (PositionBits(out.positions[e]) == bits) {
                    remap[v] = e;
                    break;
                }
            }
        }
        out.indices[i] = remap[v];
    }
    R r;
    r.value = std::move(out);
    return r;
}

namespace {

/// One run of the simplifier at `relativeError` (of the mesh's extent). `weldAfter`: the input has vertices
/// at the same position (folds cut), merged again in the copy.
gltf::TriangleMesh reduce(const gltf::TriangleMesh& input, double relativeError, double targetRatio,
                          double sliver, bool weldAfter)
{
    const size_t target =
        targetRatio > 0 ? size_t(double(input.triangleCount()) * targetRatio) * 3 : size_t(0);
    gltf::TriangleMesh out;
    out.positions = input.positions;
    out.indices.resize(input.indices.size());
    float resultError = 0;
    const size_t count = meshopt_simplify(out.indices.data(), input.indices.data(), input.indices.size(),
                                          reinterpret_cast<const float*>(input.positions.data()),
                                          input.positions.size(), sizeof(QVector3D), target,
                                          float(relativeError), meshopt_SimplifyLockBorder, &resultError);
    out.indices.resize(count);
    if (!weldAfter)
        return removeDegenerateTriangles(out, sliver);
    // The copy's indices are the input's, all in range: welding it does not fail.
    const auto welded = weldByPosition(out);
    return removeDegenerateTriangles(welded ? *welded : out, sliver);
}

/// The copy measured as a trimesh collider of the mesh.
Result<FitMeasurement> measureCopy(const FitMeter& meter, const gltf::TriangleMesh& copy)
{
    FitPart part;
    part.shape = ShapeGeometry::trimesh(copy);
    return meter.measure({part});
}

/// How the attempts went, for saying why none was kept.
struct AttemptLog
{
    bool anyFewer = false; ///< some copy had fewer triangles than the welded mesh
    double nearest = std::numeric_limits<double>::infinity(); ///< the smallest deviation of a copy refused
    Vec3d where; ///< where that copy strayed most (a point of the mesh or of the copy)

    /// Notes a copy refused for straying beyond the error.
    void refused(const FitMeasurement& m)
    {
        if (!(m.summary.deviation() < nearest))
            return;
        nearest = m.summary.deviation();
        const bool outside = m.summary.outside.max >= m.summary.overhang.max;
        const std::vector<double>& values = outside ? m.outside : m.overhang;
        const std::vector<Vec3d>& points = outside ? m.meshPoints : m.colliderPoints;
        const auto worst = std::max_element(values.begin(), values.end());
        if (worst != values.end())
            where = points[size_t(worst - values.begin())];
    }
};

std::string number(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", v);
    return buffer;
}

/// Why no copy was kept, from the welded mesh's edges and the attempts.
std::string whyNotReduced(const gltf::TriangleMesh& welded, const AttemptLog& log, double maxError)
{
    const EdgeCensus e = countEdges(welded);
    const std::string edges = std::to_string(e.border) + " open edges of " + std::to_string(e.edges);
    if (e.edges > 0 && e.border == e.edges)
        return "every edge is a border: " + std::to_string(e.border) +
               " open edges (no two triangles share an edge after welding by position), and borders are kept "
               "so that a closed mesh stays closed";
    if (e.vertices > 0 && e.borderVertices == e.vertices)
        return "every vertex is on a border (" + edges +
               "), and borders are kept so that a closed mesh stays closed";
    if (!log.anyFewer)
        return "the simplifier found no triangle to remove within the error (" + edges + ")";
    return "every reduced copy strayed beyond the largest error " + number(maxError) + " m (the nearest by " +
           number(log.nearest) + " m, at (" + number(log.where.x) + ", " + number(log.where.y) + ", " +
           number(log.where.z) + "); " + edges + ")";
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

namespace {

/// What the attempts on one input share.
struct AttemptContext
{
    const gltf::TriangleMesh& welded;
    const SimplifyOptions& options;
    double firstError; ///< relative to the mesh's extent
    std::future<std::unique_ptr<FitMeter>>& meterMade;
    std::unique_ptr<FitMeter>& meter;
    AttemptLog& log;
};

/// Up to options.attempts reductions of `input` (the welded mesh, or it with its folds cut: `weldAfter`),
/// each with a smaller error than the last: the first copy within maxError goes into out.mesh (with its
/// figures) and true is returned.
bool attemptReductions(const gltf::TriangleMesh& input, bool weldAfter, AttemptContext& c,
                       SimplifiedMesh& out)
{
    const SimplifyOptions& o = c.options;
    double relative = c.firstError;
    double next = 0.5; // what the error is multiplied by for the next attempt
    for (int attempt = 0; attempt < std::max(1, o.attempts); ++attempt, relative *= next) {
        gltf::TriangleMesh candidate = reduce(input, relative, o.targetRatio, o.sliver, weldAfter);
        ++out.attempts;
        if (c.meterMade.valid())
            c.meter = c.meterMade.get();
        if (candidate.triangleCount() == 0)
            continue;
        c.log.anyFewer = c.log.anyFewer || candidate.triangleCount() < c.welded.triangleCount();
        if (c.meter) {
            auto measured = measureCopy(*c.meter, candidate);
            if (!measured)
                continue;
            if (measured->summary.deviation() > o.maxError) {
                c.log.refused(*measured);
                // Next time ask for less, in proportion to how far this one strayed (at least 10 % less).
                next = std::clamp(0.9 * o.maxError / measured->summary.deviation(), 0.25, 0.9);
                continue;
            }
            out.fit = measured->summary;
            out.deviation = out.fit.deviation();
        }
        out.mesh = std::move(candidate);
        return true;
    }
    return false;
}

} // namespace

Result<SimplifiedMesh> simplifyMesh(const gltf::TriangleMesh& mesh, const SimplifyOptions& options)
{
    using R = Result<SimplifiedMesh>;
    if (mesh.triangleCount() == 0 || mesh.positions.empty())
        return R::failure(makeError("SIMPLIFY_NO_TRIANGLES", "the mesh has no triangles to simplify"));
    if (!(options.maxError > 0))
        return R::failure(makeError("SIMPLIFY_BAD_ERROR", "the largest error must be above 0"));
    auto weldedOr = weldByPosition(mesh);
    if (!weldedOr)
        return R::failure(weldedOr.diagnostics.front());
    const gltf::TriangleMesh welded = std::move(*weldedOr);
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
    AttemptLog log;
    // meshoptimizer's error is its own (quadric) measure, so the result is measured, and made again with a
    // smaller error while it strays beyond maxError.
    AttemptContext context{welded, options, scale > 0 ? options.maxError / scale : 0, meterMade, meter, log};
    bool found = attemptReductions(welded, false, context, out);
    if (meter && (!found || out.mesh.triangleCount() >= welded.triangleCount())) {
        // Every reduced copy strayed: if the mesh has folds, whose rims the simplifier may erode, again with
        // them cut (a copy found then replaces the unreduced one).
        const gltf::TriangleMesh cut = cutFolds(welded, kFoldCosine, &out.foldsCut);
        found = (out.foldsCut > 0 && attemptReductions(cut, true, context, out)) || found;
    }
    if (meterMade.valid())
        meter = meterMade.get();
    if (!found) {
        // Nothing within the error: the welded mesh itself, which only loses degenerate triangles.
        out.mesh = removeDegenerateTriangles(welded, 0);
        if (meter) {
            if (auto measured = measureCopy(*meter, out.mesh)) {
                out.fit = measured->summary;
                out.deviation = out.fit.deviation();
            }
        }
    }
    out.trianglesAfter = out.mesh.triangleCount();
    out.reduced = out.trianglesAfter < welded.triangleCount();
    if (!found || !out.reduced)
        out.whyNotReduced = whyNotReduced(welded, log, options.maxError);
    R r;
    r.value = std::move(out);
    return r;
}

} // namespace cs::geometry
