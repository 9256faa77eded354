// chooseMeshCollider: the collider each strategy makes for one mesh, and how well it fits (measured with
// geometry::FitMeter in the mesh's own space).
#include "geometry/ConvexHull.h"
#include "geometry/Decomposition.h"
#include "geometry/HullCap.h"
#include "geometry/HullCounts.h"
#include "geometry/MeshSimplify.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/SimplifiedHull.h"
#include "import/AutoColliderParts.h"
#include "import/AutoColliders.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cs::import {

namespace {

using geometry::FitPart;
using geometry::FittedShape;
using geometry::ShapeKind;
using geometry::Vec3d;
using R = Result<MeshColliderChoice>;

double largestExtent(const std::vector<Vec3d>& points)
{
    if (points.empty())
        return 0;
    Vec3d lo = points[0], hi = points[0];
    for (const Vec3d& p : points) {
        lo = geometry::minOf(lo, p);
        hi = geometry::maxOf(hi, p);
    }
    return std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
}

/// A flat mesh fits a box with a floor thickness; it is raised to the smallest size the validator accepts.
void raiseToMinimum(geometry::ShapeGeometry& g)
{
    for (double* v : {&g.size.x, &g.size.y, &g.size.z, &g.height, &g.radiusTop, &g.radiusBottom})
        if (*v > 0)
            *v = std::max(*v, kMinimumColliderSize);
    if (g.kind == ShapeKind::Sphere)
        g.radius = std::max(g.radius, kMinimumColliderSize);
}

FitPart primitivePart(const FittedShape& f)
{
    FitPart p;
    p.shape = f.shape;
    const QQuaternion q = f.rotation.normalized();
    p.toSpace = geometry::fitPlacement(f.offset, {q.x(), q.y(), q.z(), q.scalar()});
    return p;
}

FitPart convexPart(const gltf::TriangleMesh& hull)
{
    FitPart p;
    p.shape = geometry::ShapeGeometry::convex(hull);
    return p;
}

std::optional<geometry::FitSummary> measure(const geometry::FitMeter& meter,
                                            const std::vector<FitPart>& parts)
{
    auto m = meter.summary(parts);
    return m ? std::optional(*m) : std::nullopt;
}

geometry::FitOptions sampling(const ColliderOptions& options)
{
    geometry::FitOptions o;
    o.meshSamples = options.fitSamples;
    o.colliderSamples = options.fitSamples;
    o.boxAccuracy = options.fitAccuracy;
    return o;
}

R success(MeshColliderChoice out, Diagnostics diagnostics = {})
{
    R r;
    r.value = std::move(out);
    r.diagnostics = std::move(diagnostics);
    return r;
}

/// Decompose: the convex parts of the mesh, each capped at options.maxPoints.
R decomposeMesh(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                const std::atomic<bool>* cancel)
{
    geometry::DecompositionOptions o;
    o.pointsPerPart = hullVertexCap(options);
    o.maxParts = options.maxParts;
    o.concavity = options.concavity;
    o.measure = false;
    o.cancel = cancel;
    auto d = geometry::decomposeConvex(mesh, o);
    if (!d)
        return {std::nullopt, d.diagnostics};
    if (options.primitiveParts) {
        std::vector<gltf::TriangleMesh> hulls;
        for (auto& part : d->parts)
            hulls.push_back(std::move(part.hull));
        auto chosen = primitivePartsChoice(mesh, hulls, options, cancel);
        if (chosen)
            chosen->capped =
                std::any_of(d->parts.begin(), d->parts.end(), [](const auto& p) { return p.capped; });
        return chosen;
    }
    MeshColliderChoice out;
    out.type = physics::ShapeType::Convex;
    std::vector<FitPart> parts;
    for (auto& part : d->parts) {
        out.volume += part.volume;
        out.hullPoints = std::max(out.hullPoints, part.points);
        out.capped = out.capped || part.capped;
        parts.push_back(convexPart(part.hull));
        out.parts.push_back(std::move(part.hull));
    }
    if (out.parts.size() == 1)
        out.hull = out.parts[0];
    out.measured = measure(geometry::FitMeter(mesh, {}, sampling(options)), parts);
    return success(std::move(out));
}

/// Simplified: a trimesh over a simplified copy whose measured deviation is within options.maxError.
R simplifiedMesh(const gltf::TriangleMesh& mesh, const ColliderOptions& options)
{
    geometry::SimplifyOptions o;
    o.maxError = options.maxError;
    auto s = geometry::simplifyMesh(mesh, o);
    if (!s)
        return {std::nullopt, s.diagnostics};
    MeshColliderChoice out;
    out.type = physics::ShapeType::Trimesh;
    out.trianglesBefore = s->trianglesBefore;
    out.trianglesAfter = s->trianglesAfter;
    out.measured = s->fit;
    out.simplified = std::move(s->mesh);
    Diagnostics notes;
    if (!s->whyNotReduced.empty())
        notes.push_back(
            makeInfo("COLLIDER_NOT_SIMPLIFIED",
                     "not simplified: " + s->whyNotReduced +
                         "; the collision mesh is the mesh itself (welded, degenerate triangles removed)"));
    return success(std::move(out), std::move(notes));
}

/// The primitives a strategy fits (auto: all four), each enclosing every point.
std::vector<FittedShape> fitPrimitives(const ColliderOptions& options, const std::vector<Vec3d>& points,
                                       Diagnostics& diagnostics)
{
    const ColliderStrategy strategy = options.strategy;
    std::vector<FittedShape> fits;
    auto take = [&](Result<FittedShape> r) {
        if (r)
            fits.push_back(std::move(*r));
        else if (strategy != ColliderStrategy::Auto)
            diagnostics.insert(diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    };
    const bool all = strategy == ColliderStrategy::Auto;
    if (all || strategy == ColliderStrategy::Box)
        take(geometry::fitBox(points));
    if (all || strategy == ColliderStrategy::OrientedBox)
        take(geometry::fitOrientedBox(points));
    if (all || strategy == ColliderStrategy::Sphere)
        take(geometry::fitSphere(points));
    if (all || strategy == ColliderStrategy::Capsule)
        take(geometry::fitCapsule(points, options.roundAxis));
    for (FittedShape& f : fits)
        raiseToMinimum(f.shape);
    return fits;
}

/// The rule of auto by the measured fit: nothing pokes out further than `tolerance`, and 95 % of the
/// collider's surface stands off no further.
bool withinTolerance(const std::optional<geometry::FitSummary>& m, double tolerance)
{
    return m && m->outside.max <= tolerance && m->overhang.p95 <= tolerance;
}

/// Whether `a` comes closer to the mesh than `b` by the figures the tolerance judges (the larger of the
/// outside maximum and the overhang p95).
bool closer(const geometry::FitSummary& a, const geometry::FitSummary& b)
{
    return std::max(a.outside.max, a.overhang.p95) < std::max(b.outside.max, b.overhang.p95);
}

/// Auto by the measured fit: the primitive within `tolerance` that stands off least on average.
std::optional<size_t> pickByFit(const geometry::FitMeter& meter, const std::vector<FittedShape>& fits,
                                double tolerance, std::vector<std::optional<geometry::FitSummary>>& measured)
{
    std::optional<size_t> best;
    for (size_t i = 0; i < fits.size(); ++i) {
        measured.push_back(measure(meter, {primitivePart(fits[i])}));
        const auto& m = measured.back();
        if (!withinTolerance(m, tolerance))
            continue;
        if (!best || m->overhang.mean < measured[*best]->overhang.mean)
            best = i;
    }
    return best;
}

MeshColliderChoice primitiveChoice(FittedShape fit, std::optional<geometry::FitSummary> measured)
{
    MeshColliderChoice out;
    out.type = fittedPhysicsShape(fit.shape).type;
    out.volume = fit.volume;
    out.measured = measured;
    out.fit = std::move(fit);
    return out;
}

/// Whether a hull or a decomposition failed because the mesh has no volume (flat, or a line).
bool hasNoVolume(const Diagnostics& why)
{
    return findDiagnostic(why, "HULL_COPLANAR") || findDiagnostic(why, "HULL_COLLINEAR") ||
           findDiagnostic(why, "DECOMPOSE_DEGENERATE") || findDiagnostic(why, "ENCLOSE_FLAT");
}

/// The thin box Auto gives a mesh with no volume (the smaller of the axis-aligned and the oriented box,
/// raised to the smallest size the validator accepts), with an info naming the substitution.
R thinBox(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points, const ColliderOptions& options)
{
    std::optional<FittedShape> best;
    for (Result<FittedShape> fit : {geometry::fitBox(points), geometry::fitOrientedBox(points)}) {
        if (fit && (!best || fit->volume < best->volume))
            best = std::move(*fit);
    }
    if (!best)
        return R::failure(makeError("COLLIDER_FIT_FAILED", "no shape could be fitted to the mesh"));
    raiseToMinimum(best->shape);
    const Vec3d size = best->shape.size;
    std::ostringstream text;
    text.precision(4);
    text << "the mesh has no volume (it is flat): a thin box of " << size.x << " x " << size.y << " x "
         << size.z << " m instead of a "
         << (options.strategy == ColliderStrategy::Decompose ? "decomposition" : "hull");
    const geometry::FitMeter meter(mesh, {}, sampling(options));
    auto m = measure(meter, {primitivePart(*best)});
    return success(primitiveChoice(std::move(*best), m), {makeInfo("COLLIDER_FLAT_MESH_BOX", text.str())});
}

/// The hull Hull and Auto use: of every point, or with options.simplifyFirst the one of the whole mesh's
/// and a simplified copy's hulls that measures closer (geometry::chooseHullWithSimplifiedCopy; an info,
/// COLLIDER_HULL_SIMPLIFIED_COPY, says which and why).
struct HullCandidate
{
    geometry::ConvexHull hull;
    std::optional<geometry::FitSummary> measured;
    bool fromCopy = false;
    size_t trianglesBefore = 0, trianglesAfter = 0;
    std::optional<geometry::EnclosureFigures> enclosed{};
};

/// The hull that holds every vertex within maxPoints vertices and maxFaces polygons, as a capped hull that
/// left nothing out.
Result<HullCandidate> enclosingHull(const std::vector<Vec3d>& points, const ColliderOptions& options,
                                    const std::atomic<bool>* cancel)
{
    geometry::EnclosingHullOptions o;
    o.maxVertices = options.maxPoints;
    o.maxFaces =
        options.polygonBudget > 0 ? std::min(options.maxFaces, options.polygonBudget) : options.maxFaces;
    o.maxTriangles = options.triangleBudget;
    o.cancel = cancel;
    auto e = geometry::encloseWithBudget(points, o);
    if (!e)
        return {std::nullopt, std::move(e.diagnostics)};
    HullCandidate c;
    c.enclosed = e->figures;
    c.hull = geometry::asConvexHull(std::move(*e));
    return {std::move(c), std::move(e.diagnostics)};
}

/// Whether a hull keeps within the polygon and triangle budgets of `options` (as an engine counts them).
bool withinBudget(const gltf::TriangleMesh& hull, const ColliderOptions& options)
{
    if (options.polygonBudget <= 0 && options.triangleBudget <= 0)
        return true;
    const auto c = geometry::hullCounts(hull);
    return c && (options.polygonBudget <= 0 || c->polygons <= options.polygonBudget) &&
           (options.triangleBudget <= 0 || c->triangles <= options.triangleBudget);
}

/// The capped hull with the most vertices that keeps within the polygon and triangle budgets: `h` itself when
/// it does, else the largest vertex cap from hullVertexCap() (which always does) up, by bisection.
Result<geometry::ConvexHull> hullWithinBudget(Result<geometry::ConvexHull> h,
                                              const std::vector<Vec3d>& points, geometry::ConvexHullOptions o,
                                              const ColliderOptions& options)
{
    if (!h || withinBudget(h->mesh, options))
        return h;
    const auto before = geometry::hullCounts(h->mesh);
    int fits = hullVertexCap(options);
    int over = int(h->quality.vertexCount);
    o.maxVertices = fits;
    Result<geometry::ConvexHull> best = geometry::generateConvexHull(points, o);
    while (best && over - fits > 1) {
        o.maxVertices = (fits + over) / 2;
        auto tried = geometry::generateConvexHull(points, o);
        if (tried && withinBudget(tried->mesh, options)) {
            fits = o.maxVertices;
            best = std::move(tried);
        } else {
            over = o.maxVertices;
        }
    }
    if (best && before) {
        const std::string budget = options.polygonBudget > 0 && before->polygons > options.polygonBudget
                                       ? std::to_string(options.polygonBudget) + " polygons (it had " +
                                             std::to_string(before->polygons)
                                       : std::to_string(options.triangleBudget) + " triangles (it had " +
                                             std::to_string(before->triangles);
        best.diagnostics.push_back(
            makeInfo("COLLIDER_HULL_BUDGET", "hull cut to " + std::to_string(best->quality.vertexCount) +
                                                 " vertices to keep within the budget of " + budget + " at " +
                                                 std::to_string(before->vertices) + " vertices)"));
    }
    return best;
}

Result<HullCandidate> makeHull(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points,
                               const ColliderOptions& options, const geometry::FitMeter& meter,
                               const std::atomic<bool>* cancel)
{
    geometry::ConvexHullOptions o;
    o.maxVertices = options.maxPoints;
    o.measureQuality = options.strategy == ColliderStrategy::Auto;
    o.cancel = cancel;
    if (options.enclose)
        return enclosingHull(points, options, cancel);
    Result<HullCandidate> out;
    if (!options.simplifyFirst) {
        auto h = hullWithinBudget(geometry::generateConvexHull(points, o), points, o, options);
        out.diagnostics = std::move(h.diagnostics);
        if (h)
            out.value = HullCandidate{std::move(*h), std::nullopt};
        return out;
    }
    if (options.polygonBudget > 0 || options.triangleBudget > 0)
        o.maxVertices = hullVertexCap(options); // both candidates within the budgets whatever their shape
    auto c = geometry::chooseHullWithSimplifiedCopy(mesh, meter, o, *options.simplifyFirst);
    out.diagnostics = std::move(c.diagnostics);
    if (!c)
        return out;
    out.diagnostics.push_back(makeInfo("COLLIDER_HULL_SIMPLIFIED_COPY", c->note));
    out.value = HullCandidate{std::move(c->hull), c->fit, c->fromCopy};
    if (c->fromCopy) {
        out.value->trianglesBefore = c->trianglesBefore;
        out.value->trianglesAfter = c->trianglesAfter;
    }
    return out;
}

/// Hull, the primitives, and auto's choice among them.
R primitiveOrHull(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points,
                  const ColliderOptions& options, const std::atomic<bool>* cancel)
{
    const ColliderStrategy strategy = options.strategy;
    const geometry::FitMeter meter(mesh, {}, sampling(options));
    std::optional<HullCandidate> candidate;
    Diagnostics diagnostics;
    const bool convexDropped = options.engine && options.engine->convexDropped;
    if ((strategy == ColliderStrategy::Hull || strategy == ColliderStrategy::Auto) && !convexDropped) {
        auto h = makeHull(mesh, points, options, meter, cancel);
        if (h)
            candidate = std::move(*h);
        else if (strategy == ColliderStrategy::Hull && !options.strict && hasNoVolume(h.diagnostics))
            return thinBox(mesh, points, options);
        else if (strategy == ColliderStrategy::Hull || findDiagnostic(h.diagnostics, "HULL_CANCELLED"))
            return R{std::nullopt, h.diagnostics};
        // Auto with a flat or degenerate mesh: the primitives below still fit it (boxes get a floor).
        if (h)
            diagnostics = std::move(h.diagnostics);
    }
    const geometry::ConvexHull* hull = candidate ? &candidate->hull : nullptr;
    std::vector<FittedShape> fits = fitPrimitives(options, points, diagnostics);
    const double hullVolume =
        !hull ? 0 : (hull->quality.uncappedVolume > 0 ? hull->quality.uncappedVolume : hull->quality.volume);
    std::optional<size_t> chosen;
    std::vector<std::optional<geometry::FitSummary>> measured;
    const bool byFit = strategy == ColliderStrategy::Auto && options.fitTolerance.has_value();
    if (byFit) {
        chosen = pickByFit(meter, fits, *options.fitTolerance, measured);
    } else if (!fits.empty()) {
        const auto least = std::min_element(fits.begin(), fits.end(),
                                            [](const auto& a, const auto& b) { return a.volume < b.volume; });
        if (strategy != ColliderStrategy::Auto || !hull ||
            least->volume <= hullVolume * (1.0 + options.autoTolerance))
            chosen = size_t(least - fits.begin());
    }
    if (!chosen && !hull &&
        !fits.empty()) { // no hull (flat mesh, or the engine drops hulls): the least volume
        chosen = size_t(std::min_element(fits.begin(), fits.end(),
                                         [](const auto& a, const auto& b) { return a.volume < b.volume; }) -
                        fits.begin());
        if (convexDropped)
            diagnostics.push_back(
                makeInfo("COLLIDER_TARGET_SHAPE",
                         options.engine->name + " builds no convex collider: a " +
                             physics::shapeTypeName(fittedPhysicsShape(fits[*chosen].shape).type) +
                             " (the primitive of least volume) instead of a hull"));
    }
    if (chosen) {
        auto m =
            *chosen < measured.size() ? measured[*chosen] : measure(meter, {primitivePart(fits[*chosen])});
        MeshColliderChoice out = primitiveChoice(std::move(fits[*chosen]), m);
        out.hullVolume = hullVolume;
        out.chosenByFit = byFit;
        return success(std::move(out), std::move(diagnostics));
    }
    if (!hull) {
        if (diagnostics.empty())
            diagnostics.push_back(makeError("COLLIDER_FIT_FAILED", "no shape could be fitted to the mesh"));
        return R{std::nullopt, diagnostics};
    }
    MeshColliderChoice out;
    out.type = physics::ShapeType::Convex;
    out.hullVolume = hullVolume;
    out.volume = hull->quality.volume;
    out.hullPoints = hull->quality.vertexCount;
    out.capped = hull->quality.capped;
    out.measured = candidate->measured ? candidate->measured : measure(meter, {convexPart(hull->mesh)});
    out.chosenByFit = byFit;
    out.hullFromCopy = candidate->fromCopy;
    out.trianglesBefore = candidate->trianglesBefore;
    out.trianglesAfter = candidate->trianglesAfter;
    out.enclosed = candidate->enclosed;
    out.hull = std::move(candidate->hull.mesh);
    return success(std::move(out), std::move(diagnostics));
}

std::string metres(double m)
{
    std::ostringstream text;
    text.precision(3);
    text << m << " m";
    return text.str();
}

/// Auto by the measured fit when the best convex collider is beyond the tolerance (a concave mesh: a floor
/// with a hollow, an L-shaped wall): the mesh itself as a triangle mesh when options.trimeshAllowed, else the
/// convex collider with a warning. Either way the reason names the figures, so that no collider stands off
/// the mesh further than asked without a word.
R beyondTolerance(MeshColliderChoice convex, Diagnostics diagnostics, const ColliderOptions& options)
{
    const geometry::FitSummary& m = *convex.measured;
    const std::string what = convex.parts.size() > 1
                                 ? std::to_string(convex.parts.size()) + " primitive-first parts"
                                 : std::string(physics::shapeTypeName(convex.type));
    const std::string figures = "the closest convex collider (" + what + ") stands off up to " +
                                metres(m.overhang.max) + " (95 % within " + metres(m.overhang.p95) +
                                ") and the mesh pokes out of it up to " + metres(m.outside.max);
    const std::string tolerance = metres(*options.fitTolerance);
    if (options.trimeshAllowed) {
        MeshColliderChoice out;
        out.type = physics::ShapeType::Trimesh;
        out.hullVolume = convex.hullVolume;
        out.measured = geometry::FitSummary{};
        out.measured->diagonal = m.diagonal;
        out.chosenByFit = true;
        diagnostics.push_back(makeInfo("COLLIDER_CONCAVE_TRIMESH",
                                       "concave: nothing convex fits within " + tolerance + " (" + figures +
                                           "); the mesh itself as a triangle mesh (static)"));
        return success(std::move(out), std::move(diagnostics));
    }
    diagnostics.push_back(makeWarning("COLLIDER_BEYOND_TOLERANCE",
                                      "beyond the fit tolerance of " + tolerance + ": " + figures +
                                          "; a triangle mesh cannot move with a dynamic body: decompose the "
                                          "mesh into convex parts instead"));
    return success(std::move(convex), std::move(diagnostics));
}

} // namespace

physics::Shape fittedPhysicsShape(const geometry::ShapeGeometry& g)
{
    switch (g.kind) {
    case ShapeKind::Box: {
        auto s = physics::Shape::defaults(physics::ShapeType::Box);
        s.size = {g.size.x, g.size.y, g.size.z};
        return s;
    }
    case ShapeKind::Sphere: {
        auto s = physics::Shape::defaults(physics::ShapeType::Sphere);
        s.radius = g.radius;
        return s;
    }
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder: {
        auto s = physics::Shape::defaults(g.kind == ShapeKind::Capsule ? physics::ShapeType::Capsule
                                                                       : physics::ShapeType::Cylinder);
        s.height = g.height;
        s.radiusBottom = g.radiusBottom;
        s.radiusTop = g.radiusTop;
        return s;
    }
    default:
        return physics::Shape::defaults(physics::ShapeType::Convex);
    }
}

int hullVertexCap(const ColliderOptions& options)
{
    int most = std::min(options.maxPoints, geometry::kMaxHullPoints);
    for (const int budget : {options.polygonBudget, options.triangleBudget}) {
        if (budget > 0)
            most = std::min(most, (budget + 4) / 2);
    }
    return std::max(most, 4);
}

namespace {

/// The options for an engine that drops what the strategy makes (a hull, a decomposition, a triangle mesh):
/// auto among what it reads, with a note; `options` as they are otherwise.
ColliderOptions forEngine(const ColliderOptions& options, Diagnostics& notes)
{
    ColliderOptions o = options;
    if (!options.engine)
        return o;
    const auto& engine = *options.engine;
    const ColliderStrategy s = options.strategy;
    const bool convex = s == ColliderStrategy::Hull || s == ColliderStrategy::Decompose;
    const bool trimesh = s == ColliderStrategy::Trimesh || s == ColliderStrategy::Simplified;
    if ((convex && engine.convexDropped) || (trimesh && engine.trimeshDropped)) {
        o.strategy = ColliderStrategy::Auto;
        notes.push_back(makeInfo("COLLIDER_TARGET_SHAPE",
                                 engine.name + " builds no " + (convex ? "convex" : "triangle mesh") +
                                     " collider: auto's choice among the shapes it reads instead of a " +
                                     colliderStrategyName(s)));
    }
    o.trimeshAllowed = o.trimeshAllowed && !engine.trimeshDropped;
    return o;
}

} // namespace

namespace {

Result<MeshColliderChoice> chooseForStrategy(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                                             const std::atomic<bool>* cancel)
{
    const ColliderStrategy strategy = options.strategy;
    if (strategy == ColliderStrategy::Trimesh) {
        MeshColliderChoice out;
        out.type = physics::ShapeType::Trimesh;
        out.measured = geometry::FitSummary{}; // the mesh itself: no distance anywhere
        return success(std::move(out));
    }
    if (mesh.triangleCount() == 0)
        return R::failure(makeError("COLLIDER_NO_TRIANGLES", "the mesh has no triangles"));
    std::vector<Vec3d> points;
    geometry::appendPoints(points, mesh);
    if (largestExtent(points) < kMinimumColliderSize)
        return R::failure(
            makeError("COLLIDER_DEGENERATE_MESH", "every vertex of the mesh lies within " +
                                                      std::to_string(kMinimumColliderSize) +
                                                      " m of one point; no collider can be fitted to it"));
    if (strategy == ColliderStrategy::Decompose) {
        auto parts = decomposeMesh(mesh, options, cancel);
        if (!parts && !options.strict && hasNoVolume(parts.diagnostics))
            return thinBox(mesh, points, options);
        return parts;
    }
    if (strategy == ColliderStrategy::Simplified)
        return simplifiedMesh(mesh, options);
    auto chosen = primitiveOrHull(mesh, points, options, cancel);
    if (chosen && chosen->chosenByFit && !withinTolerance(chosen->measured, *options.fitTolerance) &&
        chosen->measured) {
        // Primitive parts may hold hulls: not for an engine that drops them.
        const bool convexDropped = options.engine && options.engine->convexDropped;
        auto parts = convexDropped ? std::nullopt : autoPrimitiveParts(mesh, options, cancel);
        if (parts && parts->within)
            return std::move(parts->choice);
        // Nothing within the tolerance: the closer of the convex collider and the parts, said so.
        if (parts && closer(*parts->choice->measured, *chosen->measured))
            return beyondTolerance(std::move(*parts->choice), std::move(chosen.diagnostics), options);
        return beyondTolerance(std::move(*chosen), std::move(chosen.diagnostics), options);
    }
    return chosen;
}

} // namespace

Result<MeshColliderChoice> chooseMeshCollider(const gltf::TriangleMesh& mesh, const ColliderOptions& given,
                                              const std::atomic<bool>* cancel)
{
    Diagnostics notes;
    const ColliderOptions options = forEngine(given, notes);
    auto chosen = chooseForStrategy(mesh, options, cancel);
    chosen.diagnostics.insert(chosen.diagnostics.begin(), notes.begin(), notes.end());
    return chosen;
}

} // namespace cs::import
