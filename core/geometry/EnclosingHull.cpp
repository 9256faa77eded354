#include "geometry/EnclosingHull.h"

#include "geometry/ConvexHull.h"
#include "geometry/HalfSpacePolytope.h"
#include "geometry/HullCounts.h"
#include "geometry/PlaneRemoval.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/QuickHull.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <map>
#include <optional>
#include <queue>
#include <string>

namespace cs::geometry {

namespace {

using Tri = std::array<std::uint32_t, 3>;

/// Above this many polygon faces the true hull's planes are replaced by those of a capped hull (pushed out to
/// touch the points): the greedy removal costs about the square of the plane count, and a few hundred
/// planes already hold a smooth shape within a fraction of a percent.
constexpr size_t kMaxCandidatePlanes = 1000;
constexpr size_t kCandidateHullVertices = 500;
/// Corners closer than this fraction of the diagonal are one corner (where four planes nearly meet).
constexpr double kWeld = 1e-6;

Result<EnclosingHull> failure(const char* code, const std::string& message)
{
    return Result<EnclosingHull>::failure(makeError(code, message));
}

std::string budgetError(const EnclosingHullOptions& o)
{
    auto outside = [](const char* what, int value, int lo, int hi) {
        return std::string("The ") + what + " budget is " + std::to_string(value) + "; it must be " +
               std::to_string(lo) + " to " + std::to_string(hi) + " (a closed hull has at least 4).";
    };
    if (o.maxVertices < 4 || o.maxVertices > kMaxHullPoints)
        return outside("vertex", o.maxVertices, 4, kMaxHullPoints);
    if (o.maxFaces < 4 || o.maxFaces > kMaxHullPoints)
        return outside("face", o.maxFaces, 4, kMaxHullPoints);
    if (o.maxTriangles != 0 && (o.maxTriangles < 4 || o.maxTriangles > 1024))
        return outside("triangle", o.maxTriangles, 4, 1024);
    return {};
}

const char* flatMessage(QuickHullOutput::Status s)
{
    switch (s) {
    case QuickHullOutput::Status::Collinear:
        return "The points all lie on one line: there is no volume to enclose (use a capsule).";
    case QuickHullOutput::Status::Coplanar:
        return "The points all lie in one plane: there is no volume to enclose (use a thin box or a "
               "trimesh).";
    default:
        return "There are fewer than 4 distinct points: there is no volume to enclose.";
    }
}

/// The unique vertices of a hull.
std::vector<Vec3d> hullVertices(const std::vector<Vec3d>& points, const QuickHullOutput& h)
{
    std::vector<char> used(points.size(), 0);
    std::vector<Vec3d> out;
    for (const Tri& t : h.faces) {
        for (std::uint32_t v : t) {
            if (!used[v]) {
                used[v] = 1;
                out.push_back(points[v]);
            }
        }
    }
    return out;
}

double hullVolume(const std::vector<Vec3d>& points, const QuickHullOutput& h)
{
    const Vec3d r = points[h.faces.front()[0]];
    double sixV = 0;
    for (const Tri& t : h.faces)
        sixV += dot(points[t[0]] - r, cross(points[t[1]] - r, points[t[2]] - r));
    return sixV / 6.0;
}

/// Each normal with the offset that makes its plane touch the points (the support) plus `margin`, so that
/// every candidate half-space holds every point.
std::vector<HalfSpace> supportPlanes(const std::vector<Vec3d>& normals, const std::vector<Vec3d>& points,
                                     double margin)
{
    std::vector<HalfSpace> planes;
    planes.reserve(normals.size());
    for (const Vec3d& n : normals) {
        double d = -HUGE_VAL;
        for (const Vec3d& p : points)
            d = std::max(d, dot(n, p));
        planes.push_back({n, d + margin});
    }
    return planes;
}

/// The planes to start from: the true hull's polygons, or, when it has too many (a smooth mesh has
/// thousands), those of a capped hull; each pushed out to touch the points.
std::vector<HalfSpace> candidatePlanes(const std::vector<Vec3d>& points, const QuickHullOutput& full,
                                       const std::vector<Vec3d>& hullPoints, const std::vector<Vec3d>& extra,
                                       double margin)
{
    std::vector<Vec3d> normals = polygonNormals(points, full, full.tolerance);
    if (normals.size() > kMaxCandidatePlanes) {
        QuickHullOptions qo;
        qo.maxVertices = kCandidateHullVertices;
        const QuickHullOutput capped = quickHull(points, qo);
        normals = polygonNormals(points, capped, capped.tolerance);
    }
    normals.insert(normals.end(), extra.begin(), extra.end());
    return supportPlanes(normals, hullPoints, margin);
}

int vertexBudget(const EnclosingHullOptions& o)
{
    // A closed hull of polygons fanned into triangles has 2V - 4 of them.
    return o.maxTriangles > 0 ? std::min(o.maxVertices, (o.maxTriangles + 4) / 2) : o.maxVertices;
}

enum class Shrink
{
    Done,
    Unreachable,
    Cancelled
};

/// Removes half-spaces until the polytope fits the budget, into `out`.
Shrink shrinkToBudget(PlaneRemoval& removal, const EnclosingHullOptions& o, double weld,
                      HalfSpacePolytope& out)
{
    const int vmax = vertexBudget(o);
    const int start = removal.activeCount();
    int skip = 0;
    while (true) {
        if (o.cancel && o.cancel->load())
            return Shrink::Cancelled;
        const int f = removal.activeCount();
        // A polytope with F faces has between F / 2 + 2 and 2F - 4 vertices: build it only when undecided.
        if (f <= o.maxFaces && f / 2 + 2 <= vmax && --skip <= 0) {
            out = removal.polytope(weld);
            const int v = int(out.vertices().size());
            if (v <= vmax)
                return Shrink::Done;
            // Where three faces meet at every vertex, each face removed takes two vertices with it: no
            // need to build the polytope again before (v - vmax) / 2 have gone.
            skip = (v - vmax) / 2;
        }
        if (!removal.removeCheapest())
            return Shrink::Unreachable;
        if (o.progress)
            o.progress(0.1 + 0.8 * double(start - removal.activeCount()) / double(std::max(start - 4, 1)));
    }
}

/// Where to fan a convex polygon from so that its thinnest triangle is as thick as can be.
size_t fanApex(const std::vector<Vec3d>& v, const std::vector<int>& loop)
{
    const size_t n = loop.size();
    size_t best = 0;
    double bestThinnest = -1;
    for (size_t apex = 0; apex < n && n > 3; ++apex) {
        double thinnest = HUGE_VAL;
        for (size_t k = 1; k + 1 < n; ++k) {
            const Vec3d& a = v[loop[apex]];
            const Vec3d& b = v[loop[(apex + k) % n]];
            const Vec3d& c = v[loop[(apex + k + 1) % n]];
            const double longest =
                std::max({lengthSquared(b - a), lengthSquared(c - b), lengthSquared(a - c)});
            thinnest = std::min(thinnest, length(cross(b - a, c - a)) / longest);
        }
        if (thinnest > bestThinnest) {
            bestThinnest = thinnest;
            best = apex;
        }
    }
    return best;
}

/// The polytope as a float triangle mesh, each polygon fanned, with its counts; false beyond float range.
bool writeMesh(const HalfSpacePolytope& p, EnclosingHull& out)
{
    for (const Vec3d& v : p.vertices()) {
        const QVector3D q = v.toQt();
        if (!std::isfinite(q.x()) || !std::isfinite(q.y()) || !std::isfinite(q.z()))
            return false;
        out.mesh.positions.push_back(q);
    }
    for (const auto& f : p.faces()) {
        const size_t n = f.loop.size(), apex = fanApex(p.vertices(), f.loop);
        for (size_t k = 1; k + 1 < n; ++k) {
            for (size_t i : {apex, apex + k, apex + k + 1})
                out.mesh.indices.push_back(std::uint32_t(f.loop[i % n]));
        }
    }
    out.figures.vertices = int(p.vertices().size());
    out.figures.faces = int(p.faces().size());
    out.figures.triangles = int(out.mesh.triangleCount());
    return true;
}

/// The written hull checked face by face: how far a point lies beyond a polygon's plane, and how far a
/// written (float) corner lies off its polygon's plane. A triangle of a fan is no measure: three nearly
/// collinear corners, rounded to float, define no plane.
struct PolygonCheck
{
    double outside = -HUGE_VAL;
    double offPlane = 0;
};

/// Every edge of every polygon is met once the other way round.
bool closedSurface(const HalfSpacePolytope& p)
{
    std::map<std::pair<int, int>, int> edges;
    for (const auto& f : p.faces()) {
        for (size_t k = 0; k < f.loop.size(); ++k)
            ++edges[{f.loop[k], f.loop[(k + 1) % f.loop.size()]}];
    }
    return std::all_of(edges.begin(), edges.end(), [&](const auto& e) {
        const auto back = edges.find({e.first.second, e.first.first});
        return e.second == 1 && back != edges.end() && back->second == 1;
    });
}

PolygonCheck checkPolygons(const HalfSpacePolytope& p, const gltf::TriangleMesh& mesh,
                           const std::vector<Vec3d>& points)
{
    PolygonCheck c;
    for (const auto& f : p.faces()) {
        for (const Vec3d& q : points)
            c.outside = std::max(c.outside, dot(f.plane.normal, q) - f.plane.offset);
        for (int v : f.loop)
            c.offPlane =
                std::max(c.offPlane,
                         std::fabs(dot(f.plane.normal, Vec3d(mesh.positions[size_t(v)])) - f.plane.offset));
    }
    return c;
}

/// The input reduced to its hull, with its scale and the oriented box's frame.
struct Prepared
{
    QuickHullOutput full;
    std::vector<Vec3d> hullPoints;
    Vec3d lo, hi;
    double diagonal = 0, maxAbs = 0;
    double uncappedVolume = 0, boxVolume = 0;
    /// How far every plane stands off the points: more than welding (kWeld of the diagonal, twice: the merge
    /// and the refit) and rounding to float can move a corner inward.
    double margin = 0;
    std::array<Vec3d, 3> boxAxes{Vec3d(1, 0, 0), Vec3d(0, 1, 0), Vec3d(0, 0, 1)};
};

std::optional<Diagnostic> prepare(const std::vector<Vec3d>& points, const EnclosingHullOptions& options,
                                  Prepared& out)
{
    if (const std::string e = budgetError(options); !e.empty())
        return makeError("ENCLOSE_BAD_BUDGET", e);
    for (size_t i = 0; i < points.size(); ++i) {
        if (!isFinite(points[i]))
            return makeError("ENCLOSE_NONFINITE_POINT",
                             "Point " + std::to_string(i) + " has a NaN or infinite coordinate.");
    }
    QuickHullOptions qo;
    qo.cancel = options.cancel;
    out.full = quickHull(points, qo);
    if (out.full.status == QuickHullOutput::Status::Cancelled)
        return makeError("HULL_CANCELLED", "The enclosing hull was cancelled.");
    if (out.full.status != QuickHullOutput::Status::Ok)
        return makeError("ENCLOSE_FLAT", flatMessage(out.full.status));
    out.hullPoints = hullVertices(points, out.full);
    out.lo = out.hi = out.hullPoints.front();
    for (const Vec3d& p : out.hullPoints) {
        out.lo = minOf(out.lo, p);
        out.hi = maxOf(out.hi, p);
    }
    out.diagonal = length(out.hi - out.lo);
    out.maxAbs = std::max(length(out.lo), length(out.hi));
    out.margin = 3 * kWeld * out.diagonal + FLT_EPSILON * out.maxAbs;
    out.uncappedVolume = hullVolume(points, out.full);
    if (const Result<FittedShape> box = fitOrientedBox(out.hullPoints)) {
        out.boxVolume = box->volume;
        for (int k = 0; k < 3; ++k)
            out.boxAxes[k] = Vec3d(box->rotation.rotatedVector(Vec3d(k == 0, k == 1, k == 2).toQt()));
    }
    return std::nullopt;
}

/// The 26 directions of the oriented box's faces, edges and corners: planes a small budget can use where a
/// smooth shape's own facets are all alike.
std::vector<Vec3d> boxDirections(const std::array<Vec3d, 3>& axes)
{
    std::vector<Vec3d> out;
    for (int i = -1; i <= 1; ++i) {
        for (int j = -1; j <= 1; ++j) {
            for (int k = -1; k <= 1; ++k) {
                if (i != 0 || j != 0 || k != 0)
                    out.push_back(normalized(axes[0] * i + axes[1] * j + axes[2] * k));
            }
        }
    }
    return out;
}

/// The polytope of the support planes with these normals.
HalfSpacePolytope supportPolytope(const Prepared& in, const std::vector<Vec3d>& normals, double weld)
{
    // A tetrahedron's corners reach up to 1.5 diagonals from the centre.
    const Vec3d reach(2 * in.diagonal, 2 * in.diagonal, 2 * in.diagonal);
    HalfSpacePolytope p(in.lo - reach, in.hi + reach, 1e-9 * in.diagonal);
    int id = 0;
    for (const HalfSpace& h : supportPlanes(normals, in.hullPoints, in.margin))
        p.clip(h, id++);
    p.weld(weld);
    return p;
}

/// The oriented box and the tetrahedron of its alternate corners' directions (their planes moved in to
/// touch the points) into `best`, when the budget holds one and there is no `best` yet or it is smaller:
/// the greedy order can miss the box on a shape it suits, and can stop above four faces where every
/// removal would leave the polytope open.
bool preferSimple(const Prepared& in, const EnclosingHullOptions& o, double weld, bool haveBest,
                  HalfSpacePolytope& best)
{
    const auto& a = in.boxAxes;
    std::vector<std::vector<Vec3d>> shapes;
    if (o.maxFaces >= 6 && vertexBudget(o) >= 8)
        shapes.push_back({a[0], -a[0], a[1], -a[1], a[2], -a[2]});
    shapes.push_back({normalized(a[0] + a[1] + a[2]), normalized(a[0] - a[1] - a[2]),
                      normalized(a[1] - a[0] - a[2]), normalized(a[2] - a[0] - a[1])});
    bool taken = false;
    for (const auto& normals : shapes) {
        HalfSpacePolytope p = supportPolytope(in, normals, weld);
        if (p.empty() || p.touchesBox() || (haveBest && p.volume() >= best.volume()))
            continue;
        best = std::move(p);
        haveBest = taken = true;
    }
    return taken;
}

Result<EnclosingHull> finish(const std::vector<Vec3d>& points, const Prepared& in,
                             const HalfSpacePolytope& best, const EnclosingHullOptions& options)
{
    EnclosingHull result;
    if (!writeMesh(best, result))
        return failure("ENCLOSE_OUT_OF_RANGE", "The hull's vertices lie beyond the range of 32-bit floats "
                                               "(about 3.4e38); scale the points down.");
    result.figures.volume = meshVolume(result.mesh);
    result.figures.hullVolume = in.uncappedVolume;
    result.figures.orientedBoxVolume = in.boxVolume;
    result.tolerance = 1e-6 * in.diagonal + 8.0 * FLT_EPSILON * in.maxAbs;
    // A written corner off its polygon's plane moves that polygon by as much: a point is at most this far
    // outside the written hull.
    const PolygonCheck check = checkPolygons(best, result.mesh, points);
    result.maxOutsideDistance = std::max(0.0, check.outside + check.offPlane);
    if (result.maxOutsideDistance > result.tolerance || !closedSurface(best))
        return failure("ENCLOSE_CHECK_FAILED",
                       "The enclosing hull failed its own check: a point may lie " +
                           std::to_string(result.maxOutsideDistance) +
                           " outside it, or its surface is open; please report this with the model.");
    if (result.figures.faces > options.maxFaces || result.figures.vertices > vertexBudget(options))
        return failure("ENCLOSE_CHECK_FAILED", "The enclosing hull failed its own check: it has " +
                                                   std::to_string(result.figures.vertices) +
                                                   " vertices and " + std::to_string(result.figures.faces) +
                                                   " faces, over the budget; please report "
                                                   "this with the model.");
    if (options.progress)
        options.progress(1.0);
    return {std::move(result), {}};
}

} // namespace

Result<EnclosingHull> encloseWithBudget(const std::vector<Vec3d>& points, const EnclosingHullOptions& options)
{
    Prepared in;
    if (const auto error = prepare(points, options, in))
        return Result<EnclosingHull>::failure(*error);
    // Removals that would let the polytope reach a diagonal beyond the points' box are refused: that far
    // out a hull is worse than any primitive.
    const Vec3d reach(in.diagonal, in.diagonal, in.diagonal);
    const double epsilon = 1e-9 * in.diagonal, weld = kWeld * in.diagonal;
    PlaneRemoval removal(
        candidatePlanes(points, in.full, in.hullPoints, boxDirections(in.boxAxes), in.margin), in.lo - reach,
        in.hi + reach, epsilon);
    removal.removeFree(1e-9 * in.uncappedVolume);
    if (options.progress)
        options.progress(0.1);
    HalfSpacePolytope best(in.lo, in.hi, epsilon);
    const Shrink shrink = shrinkToBudget(removal, options, weld, best);
    if (shrink == Shrink::Cancelled)
        return failure("HULL_CANCELLED", "The enclosing hull was cancelled.");
    const bool reached = shrink == Shrink::Done;
    if (!preferSimple(in, options, weld, reached, best) && !reached)
        return failure("ENCLOSE_UNREACHABLE", "No enclosing hull fits " + std::to_string(options.maxFaces) +
                                                  " faces and " + std::to_string(vertexBudget(options)) +
                                                  " vertices; raise the budget.");
    return finish(points, in, best, options);
}

ConvexHull asConvexHull(EnclosingHull hull)
{
    ConvexHull out;
    out.quality.vertexCount = size_t(hull.figures.vertices);
    out.quality.volume = hull.figures.volume;
    out.quality.uncappedVolume = hull.figures.hullVolume;
    out.quality.volumeRatio = hull.figures.hullVolume > 0 ? hull.figures.volume / hull.figures.hullVolume : 0;
    out.mesh = std::move(hull.mesh);
    return out;
}

double maxDistanceOutside(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points)
{
    double worst = 0;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const Vec3d a(mesh.positions[mesh.indices[t]]);
        const Vec3d n = cross(Vec3d(mesh.positions[mesh.indices[t + 1]]) - a,
                              Vec3d(mesh.positions[mesh.indices[t + 2]]) - a);
        const double len = length(n);
        if (len == 0)
            continue; // a degenerate triangle has no plane; its neighbours bound the hull there
        for (const Vec3d& p : points)
            worst = std::max(worst, dot(n, p - a) / len);
    }
    return worst;
}

} // namespace cs::geometry
