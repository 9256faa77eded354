#include "geometry/EnclosingHull.h"

#include "geometry/ConvexHull.h"
#include "geometry/HalfSpacePolytope.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/QuickHull.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
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

/// Groups the hull's triangles into polygons (neighbours within the hull's tolerance of the first one's
/// plane) and returns each polygon's area-weighted normal.
std::vector<Vec3d> polygonNormals(const std::vector<Vec3d>& points, const QuickHullOutput& h)
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
                    return std::fabs(dot(h.normals[seed], points[v]) - h.offsets[seed]) <= h.tolerance;
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

/// Each normal with the offset that makes its plane touch the points (the support), so that every
/// candidate half-space holds every point.
std::vector<HalfSpace> supportPlanes(const std::vector<Vec3d>& normals, const std::vector<Vec3d>& points)
{
    std::vector<HalfSpace> planes;
    planes.reserve(normals.size());
    for (const Vec3d& n : normals) {
        double d = -HUGE_VAL;
        for (const Vec3d& p : points)
            d = std::max(d, dot(n, p));
        planes.push_back({n, d});
    }
    return planes;
}

/// The polytope of the points' half-spaces, shrunk one half-space at a time by the least volume added.
/// Removing one only grows the polytope, and the volume it adds (the cap beyond its plane) only grows as
/// others go, so a cost computed earlier is a lower bound: the greedy order needs only the stale costs that
/// reach the top of the queue recomputed (lazy greedy).
class PlaneRemoval
{
public:
    PlaneRemoval(std::vector<HalfSpace> planes, const Vec3d& lo, const Vec3d& hi, double epsilon)
        : m_planes(std::move(planes)), m_active(m_planes.size(), 1), m_lo(lo), m_hi(hi), m_epsilon(epsilon),
          m_activeCount(int(m_planes.size()))
    {
        sortNeighbours();
        for (int j = 0; j < int(m_planes.size()); ++j) {
            const double c = capVolume(j);
            if (std::isfinite(c))
                m_queue.push({c, j, 0});
        }
    }

    int activeCount() const { return m_activeCount; }

    /// Drops the half-space that adds the least volume; false when every removal would leave the polytope
    /// unbounded (or beyond the bounding region).
    bool removeCheapest()
    {
        while (!m_queue.empty()) {
            const Entry top = m_queue.top();
            m_queue.pop();
            if (!m_active[top.plane])
                continue;
            if (top.stamp != m_removals) {
                const double c = capVolume(top.plane);
                if (std::isfinite(c))
                    m_queue.push({c, top.plane, m_removals});
                continue;
            }
            m_active[top.plane] = 0;
            ++m_removals;
            --m_activeCount;
            return true;
        }
        return false;
    }

    /// The polytope of the remaining half-spaces, vertices closer than `weld` merged.
    HalfSpacePolytope polytope(double weld) const
    {
        HalfSpacePolytope p(m_lo, m_hi, m_epsilon);
        for (int k = 0; k < int(m_planes.size()); ++k) {
            if (m_active[k])
                p.clip(m_planes[k], k);
        }
        p.weld(weld);
        return p;
    }

private:
    struct Entry
    {
        double cost;
        int plane;
        int stamp;
        bool operator>(const Entry& o) const { return cost > o.cost; }
    };

    /// For each plane the others by how close their normals are: the cap beyond a plane is cut down to its
    /// final size by its near neighbours first, so the far ones are cheap rejections.
    void sortNeighbours()
    {
        const size_t n = m_planes.size();
        m_order.assign(n, {});
        std::vector<double> similarity(n);
        for (size_t j = 0; j < n; ++j) {
            for (size_t k = 0; k < n; ++k)
                similarity[k] = dot(m_planes[j].normal, m_planes[k].normal);
            auto& order = m_order[j];
            order.resize(n);
            for (size_t k = 0; k < n; ++k)
                order[k] = int(k);
            std::sort(order.begin(), order.end(),
                      [&](int a, int b) { return similarity[a] > similarity[b]; });
        }
    }

    /// The volume that removing plane j adds: the region beyond it that the other planes still bound;
    /// infinite when that region reaches the bounding box.
    double capVolume(int j) const
    {
        HalfSpacePolytope cap(m_lo, m_hi, m_epsilon);
        cap.clip({-m_planes[j].normal, -m_planes[j].offset}, j);
        for (int k : m_order[j]) {
            if (k == j || !m_active[k])
                continue;
            cap.clip(m_planes[k], k);
            if (cap.empty())
                return 0;
        }
        return cap.touchesBox() ? HUGE_VAL : cap.volume();
    }

    std::vector<HalfSpace> m_planes;
    std::vector<char> m_active;
    std::vector<std::vector<int>> m_order;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> m_queue;
    Vec3d m_lo, m_hi;
    double m_epsilon;
    int m_activeCount;
    int m_removals = 0;
};

} // namespace

namespace {

/// The planes to start from: the true hull's polygons, or, when it has too many (a smooth mesh has
/// thousands), those of a capped hull; each pushed out to touch the points.
std::vector<HalfSpace> candidatePlanes(const std::vector<Vec3d>& points, const QuickHullOutput& full,
                                       const std::vector<Vec3d>& hullPoints, const std::vector<Vec3d>& extra)
{
    std::vector<Vec3d> normals = polygonNormals(points, full);
    if (normals.size() > kMaxCandidatePlanes) {
        QuickHullOptions qo;
        qo.maxVertices = kCandidateHullVertices;
        normals = polygonNormals(points, quickHull(points, qo));
    }
    normals.insert(normals.end(), extra.begin(), extra.end());
    return supportPlanes(normals, hullPoints);
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
    while (true) {
        if (o.cancel && o.cancel->load())
            return Shrink::Cancelled;
        const int f = removal.activeCount();
        // A polytope with F faces has between F / 2 + 2 and 2F - 4 vertices: build it only when undecided.
        if (f <= o.maxFaces && f / 2 + 2 <= vmax) {
            out = removal.polytope(weld);
            if (int(out.vertices().size()) <= vmax)
                return Shrink::Done;
        }
        if (!removal.removeCheapest())
            return Shrink::Unreachable;
        if (o.progress)
            o.progress(0.1 + 0.8 * double(start - removal.activeCount()) / double(std::max(start - 4, 1)));
    }
}

/// Where to fan a convex polygon from so that its thinnest triangle is as thick as can be: a thin triangle's
/// plane tilts when its corners are rounded to float, and would cut into the hull.
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

/// The polytope as a float triangle mesh (polygons fanned), with its counts; false beyond float range.
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

/// Scales the mesh about its centre until every point is on the inner side of every triangle's plane, as
/// the float vertices put it: welding and rounding move the faces by a hair, and thin triangles of a fan
/// tilt.
void growToHold(gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points, double maxAbs)
{
    Vec3d c;
    for (const QVector3D& p : mesh.positions)
        c += Vec3d(p);
    c = c / double(mesh.positions.size());
    for (int pass = 0; pass < 3; ++pass) {
        double worst = 1.0, minHeight = HUGE_VAL;
        for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
            const Vec3d a(mesh.positions[mesh.indices[t]]);
            const Vec3d n = normalized(cross(Vec3d(mesh.positions[mesh.indices[t + 1]]) - a,
                                             Vec3d(mesh.positions[mesh.indices[t + 2]]) - a));
            const double height = dot(n, a - c);
            if (!(height > 0))
                continue; // degenerate: no plane
            minHeight = std::min(minHeight, height);
            for (const Vec3d& p : points)
                worst = std::max(worst, dot(n, p - c) / height);
        }
        if (worst <= 1.0)
            return;
        const double scale = worst * (1.0 + 1e-9) + 4.0 * FLT_EPSILON * maxAbs / minHeight;
        for (QVector3D& p : mesh.positions)
            p = (c + (Vec3d(p) - c) * scale).toQt();
    }
}

/// The input reduced to its hull, with its scale and the oriented box's frame.
struct Prepared
{
    QuickHullOutput full;
    std::vector<Vec3d> hullPoints;
    Vec3d lo, hi;
    double diagonal = 0, maxAbs = 0;
    double uncappedVolume = 0, boxVolume = 0;
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
        return makeError("ENCLOSE_CANCELLED", "The enclosing hull was cancelled.");
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

/// The oriented box (its planes moved in to touch the points) into `best`, when the budget holds a box and
/// there is no `best` yet or the box is smaller: the greedy order can miss the box on a shape it suits.
bool preferBox(const Prepared& in, const EnclosingHullOptions& o, double weld, bool haveBest,
               HalfSpacePolytope& best)
{
    if (o.maxFaces < 6 || vertexBudget(o) < 8)
        return false;
    std::vector<Vec3d> normals;
    for (const Vec3d& axis : in.boxAxes) {
        normals.push_back(axis);
        normals.push_back(-axis);
    }
    const Vec3d reach(in.diagonal, in.diagonal, in.diagonal);
    HalfSpacePolytope box(in.lo - reach, in.hi + reach, 1e-9 * in.diagonal);
    int id = 0;
    for (const HalfSpace& h : supportPlanes(normals, in.hullPoints))
        box.clip(h, id++);
    box.weld(weld);
    if (haveBest && box.volume() >= best.volume())
        return false;
    best = box;
    return true;
}

Result<EnclosingHull> finish(const std::vector<Vec3d>& points, const Prepared& in,
                             const HalfSpacePolytope& best, const EnclosingHullOptions& options)
{
    EnclosingHull result;
    if (!writeMesh(best, result))
        return failure("ENCLOSE_OUT_OF_RANGE", "The hull's vertices lie beyond the range of 32-bit floats "
                                               "(about 3.4e38); scale the points down.");
    growToHold(result.mesh, in.hullPoints, in.maxAbs);
    result.figures.volume = meshVolume(result.mesh);
    result.figures.hullVolume = in.uncappedVolume;
    result.figures.orientedBoxVolume = in.boxVolume;
    result.tolerance = 1e-6 * in.diagonal + 8.0 * FLT_EPSILON * in.maxAbs;
    result.maxOutsideDistance = maxDistanceOutside(result.mesh, points);
    if (result.maxOutsideDistance > result.tolerance || result.figures.faces > options.maxFaces ||
        result.figures.vertices > vertexBudget(options))
        return failure("ENCLOSE_CHECK_FAILED", "The enclosing hull failed its own check (a point " +
                                                   std::to_string(result.maxOutsideDistance) +
                                                   " outside, or over the budget); "
                                                   "please report this with the model.");
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
    const double epsilon = 1e-9 * in.diagonal, weld = 1e-6 * in.diagonal;
    PlaneRemoval removal(candidatePlanes(points, in.full, in.hullPoints, boxDirections(in.boxAxes)),
                         in.lo - reach, in.hi + reach, epsilon);
    if (options.progress)
        options.progress(0.1);
    HalfSpacePolytope best(in.lo, in.hi, epsilon);
    const Shrink shrink = shrinkToBudget(removal, options, weld, best);
    if (shrink == Shrink::Cancelled)
        return failure("ENCLOSE_CANCELLED", "The enclosing hull was cancelled.");
    const bool reached = shrink == Shrink::Done;
    if (!preferBox(in, options, weld, reached, best) && !reached)
        return failure("ENCLOSE_UNREACHABLE", "No hull made of the points' own face planes fits " +
                                                  std::to_string(options.maxFaces) + " faces and " +
                                                  std::to_string(vertexBudget(options)) +
                                                  " vertices; the fewest it "
                                                  "reached is " +
                                                  std::to_string(removal.activeCount()) +
                                                  " faces (a box, for one, "
                                                  "cannot lose a face). Raise the budget.");
    return finish(points, in, best, options);
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
