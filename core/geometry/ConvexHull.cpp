#include "geometry/ConvexHull.h"

#include "geometry/QuickHull.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <unordered_map>

namespace cs::geometry {

namespace {

/// Walks over the faces of a hull (by adjacency) to find, for a point, the face that maximises some value.
/// For the gauge dot(n, p - c) / h the faces are the vertices of the polar polytope and the value is linear
/// there, so the ascent (the simplex method, in effect) ends at the true maximum.
class FaceWalker
{
public:
    explicit FaceWalker(const std::vector<std::array<std::uint32_t, 3>>& neighbours)
        : m_neighbours(neighbours), m_mark(neighbours.size(), 0)
    {}

    template <class Value> std::uint32_t ascend(std::uint32_t start, Value value, double tie)
    {
        if (++m_round == 0) {
            std::fill(m_mark.begin(), m_mark.end(), 0);
            m_round = 1;
        }
        std::uint32_t best = start;
        double bestValue = value(start);
        m_frontier.assign(1, start);
        m_mark[start] = m_round;
        // Equal values (coplanar triangles) are explored too, so that a flat plateau does not stop the walk.
        while (!m_frontier.empty()) {
            const std::uint32_t f = m_frontier.back();
            m_frontier.pop_back();
            for (std::uint32_t g : m_neighbours[f]) {
                if (m_mark[g] == m_round)
                    continue;
                m_mark[g] = m_round;
                const double v = value(g);
                if (v > bestValue + tie) {
                    best = g;
                    bestValue = v;
                    m_frontier.assign(1, g);
                    break;
                }
                if (v >= bestValue - tie)
                    m_frontier.push_back(g);
            }
        }
        return best;
    }

private:
    const std::vector<std::array<std::uint32_t, 3>>& m_neighbours;
    std::vector<std::uint32_t> m_mark;
    std::vector<std::uint32_t> m_frontier;
    std::uint32_t m_round = 0;
};

Result<ConvexHull> failure(const char* code, const std::string& message)
{
    return Result<ConvexHull>::failure(makeError(code, message));
}

using Tri = std::array<std::uint32_t, 3>;

double hullVolume(const std::vector<Vec3d>& points, const std::vector<Tri>& faces, const Vec3d& origin)
{
    double sixV = 0;
    for (const auto& f : faces)
        sixV += dot(points[f[0]] - origin, cross(points[f[1]] - origin, points[f[2]] - origin));
    return sixV / 6.0;
}

std::string statusMessage(QuickHullOutput::Status s, size_t count)
{
    switch (s) {
    case QuickHullOutput::Status::Empty:
    case QuickHullOutput::Status::Coincident:
        return "The " + std::to_string(count) +
               " points are fewer than 4 distinct points: a convex hull needs volume.";
    case QuickHullOutput::Status::Collinear:
        return "The points all lie on one line: a convex hull needs volume (use a capsule or a thin box).";
    case QuickHullOutput::Status::Coplanar:
        return "The points all lie in one plane: a convex hull needs volume (use a thin box or a trimesh).";
    default:
        return "The hull generation was cancelled.";
    }
}

const char* statusCode(QuickHullOutput::Status s)
{
    switch (s) {
    case QuickHullOutput::Status::Empty:
    case QuickHullOutput::Status::Coincident:
        return "HULL_TOO_FEW_POINTS";
    case QuickHullOutput::Status::Collinear:
        return "HULL_COLLINEAR";
    case QuickHullOutput::Status::Coplanar:
        return "HULL_COPLANAR";
    default:
        return "HULL_CANCELLED";
    }
}

} // namespace

namespace {

/// A capped hull as faces over input point indices, and every input point that may lie outside it, each with
/// a face to start walking from.
struct CappedHull
{
    std::vector<Tri> faces;
    std::vector<Tri> neighbours;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> candidates;
};

/// Greedy quickhull stopped at the cap. Measured alternatives were no better: decimating a denser hull by
/// least volume lost, and support points in evenly spread directions, both gave 97.4-97.5% of a sphere's
/// volume at 255 vertices against 97.6% here. Even the hull of 255 ideally spread points on a sphere (a
/// Fibonacci lattice) has only 97.7%, so an inner hull cannot do much better; the conservative option is the
/// way to more than that.
QuickHullOutput::Status buildCapped(const std::vector<Vec3d>& points, size_t cap,
                                    const QuickHullOptions& base, CappedHull& out)
{
    QuickHullOptions qo = base;
    qo.maxVertices = cap;
    QuickHullOutput h = quickHull(points, qo);
    if (h.status != QuickHullOutput::Status::Ok)
        return h.status;
    out.faces = std::move(h.faces);
    out.neighbours = std::move(h.neighbours);
    out.candidates = std::move(h.outside);
    return QuickHullOutput::Status::Ok;
}

} // namespace

namespace {

/// The input's bounds, or an error message when a point is not finite.
struct InputBounds
{
    Vec3d lo{HUGE_VAL, HUGE_VAL, HUGE_VAL};
    Vec3d hi{-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    double maxAbs = 0;
    std::string error;
};

InputBounds inputBounds(const std::vector<Vec3d>& points)
{
    InputBounds b;
    for (size_t i = 0; i < points.size(); ++i) {
        if (!isFinite(points[i])) {
            b.error = "Point " + std::to_string(i) + " has a NaN or infinite coordinate.";
            return b;
        }
        b.lo = minOf(b.lo, points[i]);
        b.hi = maxOf(b.hi, points[i]);
    }
    if (points.empty())
        return b;
    if (!std::isfinite(length(b.hi - b.lo)))
        b.error = "The points span more than a double can hold.";
    b.maxAbs = std::max({std::fabs(b.lo.x), std::fabs(b.lo.y), std::fabs(b.lo.z), std::fabs(b.hi.x),
                         std::fabs(b.hi.y), std::fabs(b.hi.z)});
    return b;
}

/// The hull's vertices in order of first use, a point inside (their centroid) and each face's plane with its
/// height above the centroid, for the gauge.
struct HullFrame
{
    std::unordered_map<std::uint32_t, std::uint32_t> slot;
    std::vector<std::uint32_t> vertices;
    Vec3d centroid;
    std::vector<Vec3d> normals;
    std::vector<double> offsets, height;
    double minHeight = HUGE_VAL;

    HullFrame(const std::vector<Vec3d>& points, const std::vector<Tri>& faces)
        : normals(faces.size()), offsets(faces.size()), height(faces.size())
    {
        for (const Tri& f : faces) {
            for (std::uint32_t v : f) {
                if (slot.emplace(v, static_cast<std::uint32_t>(vertices.size())).second)
                    vertices.push_back(v);
            }
        }
        for (std::uint32_t v : vertices)
            centroid += points[v];
        centroid = centroid / double(vertices.size());
        for (size_t f = 0; f < faces.size(); ++f) {
            const Vec3d& a = points[faces[f][0]];
            normals[f] = normalized(cross(points[faces[f][1]] - a, points[faces[f][2]] - a));
            offsets[f] = dot(normals[f], a);
            height[f] = offsets[f] - dot(normals[f], centroid);
            minHeight = std::min(minHeight, height[f]);
        }
    }
};

/// For a capped hull: how far the points left out lie beyond it (into `q` when measuring), and the scale
/// about the centroid that makes the hull hold them all (conservative), else 1.
double measureOutside(const std::vector<Vec3d>& points, const CappedHull& hull, const HullFrame& frame,
                      const ConvexHullOptions& options, double maxAbs, HullQuality& q)
{
    const bool measure = options.measureQuality;
    if (!q.capped || (!measure && !options.conservative))
        return 1.0;
    FaceWalker walker(hull.neighbours);
    const double tie = 1e-12;
    double worstGauge = 1.0;
    for (const auto& [p, start] : hull.candidates) {
        // The gauge ascent is exact from any start (see FaceWalker); the plane-distance ascent then starts on
        // the face the point is radially above, next to where its largest distance is.
        const Vec3d x = points[p] - frame.centroid;
        auto gauge = [&](std::uint32_t f) { return dot(frame.normals[f], x) / frame.height[f]; };
        const std::uint32_t from = walker.ascend(start, gauge, tie);
        worstGauge = std::max(worstGauge, gauge(from));
        if (measure) {
            // The point is bound to a name first: clang before 16 cannot capture a structured binding.
            const Vec3d& point = points[p];
            auto beyond = [&](std::uint32_t f) { return dot(frame.normals[f], point) - frame.offsets[f]; };
            q.maxOutsideDistance =
                std::max(q.maxOutsideDistance, beyond(walker.ascend(from, beyond, tie * q.diagonal)));
        }
    }
    if (!options.conservative)
        return 1.0;
    // Grow by the worst gauge, plus a margin for rounding the vertices to float on output.
    const double rounding = 4.0 * FLT_EPSILON * maxAbs / std::max(frame.minHeight, DBL_MIN);
    q.maxOutsideDistance = 0;
    return worstGauge * (1.0 + 1e-9) + rounding;
}

/// The hull as a float mesh, scaled about the centroid by `scale`; false when a vertex is beyond float range.
bool writeHullMesh(gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points, const std::vector<Tri>& faces,
                   const HullFrame& frame, double scale)
{
    mesh.positions.reserve(frame.vertices.size());
    for (std::uint32_t v : frame.vertices)
        // Unscaled (inner) vertices are the input points themselves: centroid + (p - centroid) rounds, and
        // lost a tiny coordinate next to larger ones (found by fuzzing: a denormal x became 0).
        mesh.positions.push_back(
            (scale == 1.0 ? points[v] : frame.centroid + (points[v] - frame.centroid) * scale).toQt());
    // The mesh is float: a vertex beyond float range (~3.4e38; found by fuzzing with a point at 4.6e38, which
    // became infinite) is an error rather than a mesh with infinite coordinates.
    for (const QVector3D& p : mesh.positions) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            return false;
    }
    mesh.indices.reserve(faces.size() * 3);
    for (const Tri& f : faces) {
        for (std::uint32_t v : f)
            mesh.indices.push_back(frame.slot.at(v));
    }
    return true;
}

using ProgressRange = std::function<std::function<void(double)>(double, double)>;

} // namespace

Result<ConvexHull> generateConvexHull(const std::vector<Vec3d>& points, const ConvexHullOptions& options)
{
    if (options.maxVertices < 4)
        return failure("HULL_BAD_CAP", "A convex hull needs at least 4 vertices; the cap is " +
                                           std::to_string(options.maxVertices) + ".");
    const InputBounds bounds = inputBounds(points);
    if (!bounds.error.empty())
        return failure("HULL_NONFINITE_POINT", bounds.error);
    const bool measure = options.measureQuality;
    const ProgressRange report = [&options](double from, double to) -> std::function<void(double)> {
        if (!options.progress)
            return {};
        return [&options, from, to](double f) { options.progress(from + (to - from) * f); };
    };
    const std::vector<Vec3d>& source = options.vertexPoints ? *options.vertexPoints : points;
    if (options.vertexPoints) {
        const InputBounds b = inputBounds(source);
        if (!b.error.empty())
            return failure("HULL_NONFINITE_POINT", "Of the points the vertices are taken from: " + b.error);
    }
    QuickHullOptions qo;
    qo.cancel = options.cancel;
    qo.progress = report(0.0, measure ? 0.5 : 0.95);
    CappedHull hull;
    const auto status = buildCapped(source, size_t(options.maxVertices), qo, hull);
    if (status != QuickHullOutput::Status::Ok)
        return failure(statusCode(status), statusMessage(status, source.size()));
    if (options.vertexPoints) {
        // Every given point may lie outside a hull of other points; the walks start anywhere (see
        // FaceWalker).
        hull.candidates.resize(points.size());
        for (size_t i = 0; i < points.size(); ++i)
            hull.candidates[i] = {static_cast<std::uint32_t>(i), 0u};
    }

    ConvexHull result;
    HullQuality& q = result.quality;
    q.diagonal = length(bounds.hi - bounds.lo);
    q.capped = !hull.candidates.empty();
    const HullFrame frame(source, hull.faces);
    const double scale = measureOutside(points, hull, frame, options, bounds.maxAbs, q);
    q.outsideRatio = q.diagonal > 0 ? q.maxOutsideDistance / q.diagonal : 0;
    if (!writeHullMesh(result.mesh, source, hull.faces, frame, scale))
        return failure("HULL_OUT_OF_RANGE",
                       "The hull's vertices lie beyond the range of 32-bit floats (about "
                       "3.4e38); scale the points down.");
    q.vertexCount = frame.vertices.size();
    const double innerVolume = hullVolume(source, hull.faces, frame.centroid);
    q.volume = innerVolume * scale * scale * scale;
    if (measure) {
        if (!q.capped) {
            q.uncappedVolume = innerVolume;
        } else {
            QuickHullOptions full;
            full.cancel = options.cancel;
            full.progress = report(0.5, 0.95);
            const QuickHullOutput all = quickHull(points, full);
            if (all.status != QuickHullOutput::Status::Ok)
                return failure(statusCode(all.status), statusMessage(all.status, points.size()));
            q.uncappedVolume = hullVolume(points, all.faces, frame.centroid);
        }
        q.volumeRatio = q.uncappedVolume > 0 ? q.volume / q.uncappedVolume : 0;
    }
    if (options.progress)
        options.progress(1.0);
    return {std::move(result), {}};
}

Result<ConvexHull> generateConvexHull(const gltf::TriangleMesh& mesh, const ConvexHullOptions& options)
{
    std::vector<Vec3d> points;
    appendPoints(points, mesh);
    return generateConvexHull(points, options);
}

void appendPoints(std::vector<Vec3d>& points, const gltf::TriangleMesh& mesh, const QMatrix4x4& transform)
{
    points.reserve(points.size() + mesh.positions.size());
    const bool identity = transform.isIdentity();
    for (const QVector3D& p : mesh.positions)
        points.push_back(identity ? Vec3d(p) : transformPoint(transform, Vec3d(p)));
}

double meshVolume(const gltf::TriangleMesh& mesh)
{
    double sixV = 0;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const Vec3d a(mesh.positions[mesh.indices[t]]);
        const Vec3d b(mesh.positions[mesh.indices[t + 1]]);
        const Vec3d c(mesh.positions[mesh.indices[t + 2]]);
        sixV += dot(a, cross(b, c));
    }
    return sixV / 6.0;
}

} // namespace cs::geometry
