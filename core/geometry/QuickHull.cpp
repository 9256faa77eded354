#include "geometry/QuickHull.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace cs::geometry {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

/// A point waiting outside a face, with its coordinates: repartitioning then streams through memory instead
/// of jumping around a large point array (the difference is 3x at a million points).
struct OutsidePoint
{
    Vec3d p;
    std::uint32_t index;
};

struct Face
{
    std::array<std::uint32_t, 3> v{};
    std::array<std::uint32_t, 3> nb{kNone, kNone, kNone};
    Vec3d n;
    double d = 0;
    std::vector<OutsidePoint> outside;
    std::uint32_t furthest = kNone;
    double furthestDistance = 0;
    std::uint32_t generation = 0;
    bool alive = false;
};

struct HeapEntry
{
    double distance;
    std::uint32_t face;
    std::uint32_t generation;
    bool operator<(const HeapEntry& o) const { return distance < o.distance; }
};

class Engine
{
public:
    /// Readies the engine for `input`, keeping the memory of earlier runs.
    void reset(const std::vector<Vec3d>& input, const QuickHullOptions& options)
    {
        m_options = &options;
        m_centre = Vec3d{};
        m_points.clear();
        m_used = 0;
        m_free.clear();
        m_heap.clear();
        m_vertexCount = 0;
        m_outsideCount = 0;
        // Work relative to the bounding-box centre: a model far from the origin keeps its digits.
        Vec3d lo{HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi = -lo;
        for (const Vec3d& p : input) {
            lo = minOf(lo, p);
            hi = maxOf(hi, p);
        }
        if (!input.empty())
            m_centre = (lo + hi) * 0.5;
        m_points.reserve(input.size());
        for (const Vec3d& p : input)
            m_points.push_back(p - m_centre);
        const double maxAbs = std::max({std::fabs(lo.x), std::fabs(lo.y), std::fabs(lo.z), std::fabs(hi.x),
                                        std::fabs(hi.y), std::fabs(hi.z)});
        // Far above double rounding of the coordinates (1e-14 of their size) and far below any model detail
        // (1e-9 of the diagonal).
        m_eps = 1e-9 * length(hi - lo) + 1e-14 * maxAbs;
        m_stamp.assign(input.size(), 0);
    }

    QuickHullOutput run()
    {
        QuickHullOutput out;
        out.tolerance = m_eps;
        const QuickHullOptions& options = *m_options;
        if (m_points.empty())
            return out;
        out.status = initialSimplex();
        if (out.status != QuickHullOutput::Status::Ok)
            return out;
        partitionAll();

        const size_t total = m_points.size();
        size_t sinceReport = 0;
        while (m_vertexCount < options.maxVertices) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                out.status = QuickHullOutput::Status::Cancelled;
                return out;
            }
            const std::uint32_t f = nextFace();
            if (f == kNone)
                break;
            addPoint(f);
            if (options.progress && ++sinceReport >= 64) {
                sinceReport = 0;
                const double byCap =
                    options.maxVertices < total ? double(m_vertexCount) / double(options.maxVertices) : 0.0;
                const double byPoints = 1.0 - double(m_outsideCount) / double(total);
                options.progress(std::clamp(std::max(byCap, byPoints), 0.0, 1.0));
            }
        }
        collect(out);
        return out;
    }

private:
    double distance(const Face& f, const Vec3d& p) const { return dot(f.n, p) - f.d; }

    void setPlane(Face& f) const
    {
        const Vec3d& a = m_points[f.v[0]];
        f.n = normalized(cross(m_points[f.v[1]] - a, m_points[f.v[2]] - a));
        f.d = dot(f.n, a);
    }

    std::uint32_t newFace(std::uint32_t a, std::uint32_t b, std::uint32_t c)
    {
        std::uint32_t id;
        if (!m_free.empty()) {
            id = m_free.back();
            m_free.pop_back();
        } else {
            // Faces past m_used are left from an earlier run: their outside lists keep their capacity.
            id = m_used++;
            if (id == m_faces.size())
                m_faces.emplace_back();
        }
        Face& f = m_faces[id];
        f.v = {a, b, c};
        f.nb = {kNone, kNone, kNone};
        f.outside.clear();
        f.furthest = kNone;
        f.furthestDistance = 0;
        f.alive = true;
        ++f.generation;
        setPlane(f);
        return id;
    }

    void killFace(std::uint32_t id)
    {
        Face& f = m_faces[id];
        f.alive = false;
        f.outside.clear();
        m_free.push_back(id);
    }

    QuickHullOutput::Status initialSimplex()
    {
        const auto& p = m_points;
        const size_t n = p.size();
        // The two most distant of the six axis extremes.
        std::array<std::uint32_t, 6> ext{};
        for (std::uint32_t i = 0; i < n; ++i) {
            for (int axis = 0; axis < 3; ++axis) {
                if (p[i][axis] < p[ext[2 * axis]][axis])
                    ext[2 * axis] = i;
                if (p[i][axis] > p[ext[2 * axis + 1]][axis])
                    ext[2 * axis + 1] = i;
            }
        }
        std::uint32_t a = 0, b = 0;
        double best = -1;
        for (int i = 0; i < 6; ++i) {
            for (int j = i + 1; j < 6; ++j) {
                const double d = lengthSquared(p[ext[i]] - p[ext[j]]);
                if (d > best) {
                    best = d;
                    a = ext[i];
                    b = ext[j];
                }
            }
        }
        if (std::sqrt(best) <= m_eps)
            return QuickHullOutput::Status::Coincident;
        const Vec3d ab = normalized(p[b] - p[a]);
        std::uint32_t c = 0;
        best = -1;
        for (std::uint32_t i = 0; i < n; ++i) {
            const double d = lengthSquared(cross(p[i] - p[a], ab));
            if (d > best) {
                best = d;
                c = i;
            }
        }
        if (std::sqrt(best) <= m_eps)
            return QuickHullOutput::Status::Collinear;
        // The normal from ab and the part of ac perpendicular to it. The cross product of the two long,
        // nearly parallel edges of a sliver loses ~1e-8 of its direction to rounding, more than the tolerance
        // far from the base (input: a triangle 2.4e14 long and 1e6 wide, whose own vertex then lay 1.3e6 off
        // its plane and was taken as the fourth vertex of a flat "tetrahedron").
        const Vec3d ac = p[c] - p[a];
        const Vec3d normal = normalized(cross(ab, ac - ab * dot(ac, ab)));
        std::uint32_t d = 0;
        best = -1;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (i == a || i == b || i == c)
                continue;
            const double dist = std::fabs(dot(p[i] - p[a], normal));
            if (dist > best) {
                best = dist;
                d = i;
            }
        }
        if (best <= m_eps)
            return QuickHullOutput::Status::Coplanar;
        if (dot(p[d] - p[a], normal) > 0)
            std::swap(b, c);
        // Base (a, b, c) faces away from d; the three sides close the tetrahedron with the same orientation.
        const std::uint32_t f0 = newFace(a, b, c);
        const std::uint32_t f1 = newFace(b, a, d);
        const std::uint32_t f2 = newFace(c, b, d);
        const std::uint32_t f3 = newFace(a, c, d);
        m_faces[f0].nb = {f1, f2, f3};
        m_faces[f1].nb = {f0, f3, f2};
        m_faces[f2].nb = {f0, f1, f3};
        m_faces[f3].nb = {f0, f2, f1};
        m_vertexCount = 4;
        for (std::uint32_t v : {a, b, c, d})
            m_stamp[v] = kNone; // never partitioned again
        return QuickHullOutput::Status::Ok;
    }

    void assign(std::uint32_t face, const OutsidePoint& point, double dist)
    {
        Face& f = m_faces[face];
        f.outside.push_back(point);
        if (dist > f.furthestDistance) {
            f.furthestDistance = dist;
            f.furthest = point.index;
        }
    }

    void pushFace(std::uint32_t id)
    {
        const Face& f = m_faces[id];
        if (!f.outside.empty()) {
            m_heap.push_back({f.furthestDistance, id, f.generation});
            std::push_heap(m_heap.begin(), m_heap.end());
        }
    }

    void partitionAll()
    {
        for (std::uint32_t i = 0; i < m_points.size(); ++i) {
            if (m_stamp[i] == kNone)
                continue;
            double best = m_eps;
            std::uint32_t bestFace = kNone;
            for (std::uint32_t f = 0; f < 4; ++f) {
                const double dist = distance(m_faces[f], m_points[i]);
                if (dist > best) {
                    best = dist;
                    bestFace = f;
                }
            }
            if (bestFace != kNone) {
                assign(bestFace, {m_points[i], i}, best);
                ++m_outsideCount;
            }
        }
        for (std::uint32_t f = 0; f < 4; ++f)
            pushFace(f);
    }

    std::uint32_t nextFace()
    {
        while (!m_heap.empty()) {
            std::pop_heap(m_heap.begin(), m_heap.end());
            const HeapEntry e = m_heap.back();
            m_heap.pop_back();
            const Face& f = m_faces[e.face];
            if (f.alive && f.generation == e.generation && !f.outside.empty())
                return e.face;
        }
        return kNone;
    }

    struct HorizonEdge
    {
        std::uint32_t a, b, hidden;
    };

    void addPoint(std::uint32_t start)
    {
        const std::uint32_t eye = m_faces[start].furthest;
        ++m_round;
        if (m_round == kNone) {
            // The marks outlive a run: clear them rather than meet an old round's number again.
            std::fill(m_visitRound.begin(), m_visitRound.end(), 0);
            std::fill(m_startRound.begin(), m_startRound.end(), 0);
            std::fill(m_vertexMark.begin(), m_vertexMark.end(), 0);
            m_round = 1;
        }
        findHorizon(start, m_points[eye]);
        if (!horizonIsOneLoop()) {
            // Round-off made the visible region something other than a disc: leave this point out rather
            // than build a broken surface. Its distance is then within a few tolerances of the hull.
            dropPoint(start, eye);
            return;
        }
        const size_t removed = verticesInside();
        buildCone(eye);
        reassignOutside(eye);
        for (std::uint32_t id : m_newFaces)
            pushFace(id);
        m_vertexCount = m_vertexCount + 1 - removed;
    }

    /// Floods the faces the eye sees from `start`; every edge to a face it does not see is on the horizon.
    void findHorizon(std::uint32_t start, const Vec3d& e)
    {
        m_visible.clear();
        m_horizon.clear();
        m_visible.push_back(start);
        m_visitRound.resize(m_used, 0);
        m_visitVisible.resize(m_used, 0);
        m_visitRound[start] = m_round;
        m_visitVisible[start] = 1;
        for (size_t k = 0; k < m_visible.size(); ++k) {
            const std::uint32_t fi = m_visible[k];
            for (int i = 0; i < 3; ++i) {
                const std::uint32_t g = m_faces[fi].nb[i];
                if (m_visitRound[g] != m_round) {
                    m_visitRound[g] = m_round;
                    m_visitVisible[g] = distance(m_faces[g], e) > m_eps ? 1 : 0;
                    if (m_visitVisible[g])
                        m_visible.push_back(g);
                }
                if (!m_visitVisible[g])
                    m_horizon.push_back({m_faces[fi].v[i], m_faces[fi].v[(i + 1) % 3], g});
            }
        }
    }

    /// How many vertices of the visible faces are not on the horizon: they end up inside the hull.
    size_t verticesInside()
    {
        size_t removed = 0;
        for (const HorizonEdge& h : m_horizon)
            m_vertexMark[h.a] = m_round;
        for (std::uint32_t fi : m_visible) {
            for (std::uint32_t v : m_faces[fi].v) {
                if (m_vertexMark[v] != m_round) {
                    m_vertexMark[v] = m_round;
                    ++removed;
                }
            }
        }
        return removed;
    }

    /// The cone from the eye to the horizon, each face wound like the visible face it replaces.
    void buildCone(std::uint32_t eye)
    {
        m_newFaces.clear();
        for (const HorizonEdge& h : m_horizon) {
            const std::uint32_t id = newFace(h.a, h.b, eye);
            m_faces[id].nb[0] = h.hidden;
            Face& hidden = m_faces[h.hidden];
            for (int j = 0; j < 3; ++j) {
                if (hidden.v[j] == h.b && hidden.v[(j + 1) % 3] == h.a)
                    hidden.nb[j] = id;
            }
            m_startsAt[h.a] = id;
            m_newFaces.push_back(id);
        }
        for (std::uint32_t id : m_newFaces) {
            Face& f = m_faces[id];
            f.nb[1] = m_startsAt[f.v[1]];
            m_faces[f.nb[1]].nb[2] = id;
        }
    }

    /// Moves the visible faces' outside points to the new faces (or drops them: they are now inside) and
    /// removes the visible faces.
    void reassignOutside(std::uint32_t eye)
    {
        const size_t k = m_newFaces.size();
        m_planeN.resize(k);
        m_planeD.resize(k);
        for (size_t j = 0; j < k; ++j) {
            m_planeN[j] = m_faces[m_newFaces[j]].n;
            m_planeD[j] = m_faces[m_newFaces[j]].d;
        }
        --m_outsideCount;
        m_stamp[eye] = kNone;
        for (std::uint32_t fi : m_visible) {
            for (const OutsidePoint& p : m_faces[fi].outside) {
                if (p.index == eye)
                    continue;
                double best = m_eps;
                size_t bestJ = k;
                for (size_t j = 0; j < k; ++j) {
                    const double dist = dot(m_planeN[j], p.p) - m_planeD[j];
                    if (dist > best) {
                        best = dist;
                        bestJ = j;
                    }
                }
                if (bestJ < k)
                    assign(m_newFaces[bestJ], p, best);
                else
                    --m_outsideCount;
            }
            killFace(fi);
        }
    }

    bool horizonIsOneLoop()
    {
        if (m_horizon.size() < 3)
            return false;
        if (m_startsAt.size() < m_points.size()) {
            m_startsAt.assign(m_points.size(), kNone);
            m_startRound.assign(m_points.size(), 0);
            m_vertexMark.assign(m_points.size(), 0);
        }
        for (std::uint32_t i = 0; i < m_horizon.size(); ++i) {
            const std::uint32_t a = m_horizon[i].a;
            if (m_startRound[a] == m_round)
                return false; // two horizon edges leave one vertex: not a simple loop
            m_startRound[a] = m_round;
            m_startsAt[a] = i;
        }
        // Walk the loop once: it must visit every edge.
        std::uint32_t at = 0;
        for (size_t steps = 0; steps < m_horizon.size(); ++steps) {
            const std::uint32_t b = m_horizon[at].b;
            if (m_startRound[b] != m_round)
                return false;
            at = m_startsAt[b];
            if (at == 0 && steps + 1 < m_horizon.size())
                return false;
        }
        return at == 0;
    }

    void dropPoint(std::uint32_t face, std::uint32_t point)
    {
        Face& f = m_faces[face];
        f.outside.erase(std::remove_if(f.outside.begin(), f.outside.end(),
                                       [point](const OutsidePoint& o) { return o.index == point; }),
                        f.outside.end());
        --m_outsideCount;
        m_stamp[point] = kNone;
        f.furthest = kNone;
        f.furthestDistance = 0;
        for (const OutsidePoint& p : f.outside) {
            const double dist = distance(f, p.p);
            if (dist > f.furthestDistance) {
                f.furthestDistance = dist;
                f.furthest = p.index;
            }
        }
        ++f.generation;
        pushFace(face);
    }

    void collect(QuickHullOutput& out) const
    {
        std::vector<std::uint32_t> remap(m_used, kNone);
        std::uint32_t count = 0;
        for (std::uint32_t i = 0; i < m_used; ++i) {
            if (m_faces[i].alive)
                remap[i] = count++;
        }
        out.faces.reserve(count);
        out.neighbours.reserve(count);
        out.normals.reserve(count);
        out.offsets.reserve(count);
        for (std::uint32_t i = 0; i < m_used; ++i) {
            const Face& f = m_faces[i];
            if (!f.alive)
                continue;
            out.faces.push_back(f.v);
            out.neighbours.push_back({remap[f.nb[0]], remap[f.nb[1]], remap[f.nb[2]]});
            out.normals.push_back(f.n);
            // Offsets were computed relative to the centre the engine works around.
            out.offsets.push_back(f.d + dot(f.n, m_centre));
            for (const OutsidePoint& p : f.outside)
                out.outside.emplace_back(p.index, remap[i]);
        }
        out.vertexCount = m_vertexCount;
    }

    const QuickHullOptions* m_options = nullptr;
    Vec3d m_centre;
    std::vector<Vec3d> m_points;
    double m_eps = 0;
    std::vector<Face> m_faces;
    std::uint32_t m_used = 0; ///< faces of this run: m_faces[0, m_used)
    std::vector<std::uint32_t> m_free;
    std::vector<HeapEntry> m_heap; ///< a max-heap (std::push_heap)
    std::vector<std::uint32_t> m_stamp;
    size_t m_vertexCount = 0;
    size_t m_outsideCount = 0;

    // Scratch space reused by every insertion.
    std::uint32_t m_round = 0;
    std::vector<std::uint32_t> m_visible;
    std::vector<HorizonEdge> m_horizon;
    std::vector<std::uint32_t> m_visitRound;
    std::vector<std::uint8_t> m_visitVisible;
    std::vector<std::uint32_t> m_startsAt;
    std::vector<std::uint32_t> m_startRound;
    std::vector<std::uint32_t> m_vertexMark;
    std::vector<std::uint32_t> m_newFaces;
    std::vector<Vec3d> m_planeN;
    std::vector<double> m_planeD;
};

} // namespace

QuickHullOutput quickHull(const std::vector<Vec3d>& points, const QuickHullOptions& options)
{
    // Convex decomposition makes tens of thousands of small hulls per mesh: one engine per thread keeps its
    // memory from run to run instead of allocating it again. A large run's memory is given back.
    constexpr size_t kKeptPoints = 1 << 16;
    thread_local std::unique_ptr<Engine> engine;
    if (!engine)
        engine = std::make_unique<Engine>();
    engine->reset(points, options);
    QuickHullOutput out = engine->run();
    if (points.size() > kKeptPoints)
        engine.reset();
    return out;
}

} // namespace cs::geometry
