#include "geometry/SimplifiedHull.h"

#include "geometry/MeshSimplify.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace cs::geometry {

namespace {

/// The first message of `diagnostics` ("" when there is none).
std::string firstMessage(const Diagnostics& diagnostics)
{
    return diagnostics.empty() ? std::string() : diagnostics.front().message;
}

std::string metres(double m)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g m", m);
    return text;
}

FitSummary measureHull(const FitMeter& meter, const ConvexHull& hull)
{
    FitPart part;
    part.shape = ShapeGeometry::convex(hull.mesh);
    auto m = meter.measure({part});
    return m ? m->summary : FitSummary{};
}

/// Whether `a` fits closer than `b`: the smaller deviation (the larger of the outside and overhang maxima);
/// on a tie (within a billionth of the diagonal; on concave meshes both deviations are often the same
/// overhang into a hollow), the smaller outside maximum, then the smaller overhang p95.
bool closer(const FitSummary& a, const FitSummary& b)
{
    const double tie = 1e-9 * std::max(a.diagonal, b.diagonal);
    for (auto [x, y] : {std::pair{a.deviation(), b.deviation()}, std::pair{a.outside.max, b.outside.max},
                        std::pair{a.overhang.p95, b.overhang.p95}}) {
        if (x < y - tie)
            return true;
        if (x > y + tie)
            return false;
    }
    return false;
}

/// Scales the caller's progress to [from, to].
std::function<void(double)> progressPart(const ConvexHullOptions& options, double from, double to)
{
    if (!options.progress)
        return {};
    return [&options, from, to](double f) { options.progress(from + (to - from) * f); };
}

} // namespace

Result<HullChoice> chooseHullWithSimplifiedCopy(const gltf::TriangleMesh& mesh, const FitMeter& meter,
                                                const ConvexHullOptions& options, double maxError)
{
    std::vector<Vec3d> points;
    appendPoints(points, mesh);
    ConvexHullOptions wholeOptions = options;
    wholeOptions.progress = progressPart(options, 0.0, 0.3);
    auto whole = generateConvexHull(points, wholeOptions);
    if (!whole)
        return Result<HullChoice>{std::nullopt, std::move(whole.diagnostics)};
    HullChoice out;
    out.wholeFit = measureHull(meter, *whole);
    out.fit = out.wholeFit;
    out.hull = std::move(*whole);
    auto done = [&](std::string note) {
        out.note = std::move(note);
        if (options.progress)
            options.progress(1.0);
        return Result<HullChoice>{std::move(out), {}};
    };
    if (!out.hull.quality.capped)
        return done(
            "every point of the hull of the whole mesh is kept: nothing for a simplified copy to save");
    if (options.cancel && options.cancel->load())
        return Result<HullChoice>::failure(makeError("HULL_CANCELLED", "The hull generation was cancelled."));
    SimplifyOptions so;
    so.maxError = maxError;
    auto copy = simplifyMesh(mesh, so);
    if (!copy || !copy->reduced)
        return done("the hull of the whole mesh: no simplified copy within " + metres(maxError) + " (" +
                    (copy ? copy->whyNotReduced : firstMessage(copy.diagnostics)) + ")");
    std::vector<Vec3d> copyPoints;
    appendPoints(copyPoints, copy->mesh);
    ConvexHullOptions copyOptions = options;
    copyOptions.vertexPoints = &copyPoints;
    copyOptions.progress = progressPart(options, 0.6, 0.9);
    auto viaCopy = generateConvexHull(points, copyOptions);
    if (!viaCopy)
        return done("the hull of the whole mesh: the simplified copy has no hull (" +
                    firstMessage(viaCopy.diagnostics) + ")");
    out.copyTried = true;
    out.trianglesBefore = copy->trianglesBefore;
    out.trianglesAfter = copy->trianglesAfter;
    out.copyFit = measureHull(meter, *viaCopy);
    const std::string figures = metres(out.copyFit.deviation()) + " from a copy simplified within " +
                                metres(maxError) + " (" + std::to_string(out.trianglesBefore) + " -> " +
                                std::to_string(out.trianglesAfter) + " triangles), " +
                                metres(out.wholeFit.deviation()) + " from the whole mesh";
    if (closer(out.copyFit, out.wholeFit)) {
        out.fromCopy = true;
        out.fit = out.copyFit;
        out.hull = std::move(*viaCopy);
        return done("hull points taken from the simplified copy: deviation " + figures);
    }
    return done("hull points taken from the whole mesh: deviation " + figures);
}

} // namespace cs::geometry
