// fitPrimitiveParts: a primitive for each convex part where one fits, merges of neighbouring parts into one
// primitive, and the check that the colliders cover the mesh.
#include "geometry/PrimitiveParts.h"

#include "geometry/ConvexHull.h"
#include "geometry/MeshBvh.h"
#include "geometry/Parallel.h"
#include "geometry/ShapeSurface.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <random>

namespace cs::geometry {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// The face planes of a closed convex mesh: outward normal and offset (n . p = d on the plane).
struct Plane
{
    Vec3d n;
    double d = 0;
};

std::vector<Plane> facePlanes(const gltf::TriangleMesh& hull)
{
    std::vector<Plane> planes;
    for (size_t t = 0; t + 2 < hull.indices.size(); t += 3) {
        const Vec3d a(hull.positions[hull.indices[t]]), b(hull.positions[hull.indices[t + 1]]),
            c(hull.positions[hull.indices[t + 2]]);
        const Vec3d n = cross(b - a, c - a);
        const double len = length(n);
        if (len > 0)
            planes.push_back({n / len, dot(n / len, a)});
    }
    return planes;
}

/// The largest distance of p beyond a face plane: <= 0 inside, a lower bound of its distance outside.
double beyondPlanes(const std::vector<Plane>& planes, const Vec3d& p)
{
    double worst = -kInfinity;
    for (const Plane& f : planes)
        worst = std::max(worst, dot(f.n, p) - f.d);
    return worst;
}

struct Bounds
{
    Vec3d lo{kInfinity, kInfinity, kInfinity}, hi{-kInfinity, -kInfinity, -kInfinity};
    void add(const Vec3d& p)
    {
        lo = minOf(lo, p);
        hi = maxOf(hi, p);
    }
    double diagonal() const { return lo.x > hi.x ? 0 : length(hi - lo); }
    bool near(const Bounds& o, double gap) const
    {
        for (int i = 0; i < 3; ++i)
            if (lo[i] - gap > o.hi[i] || o.lo[i] - gap > hi[i])
                return false;
        return true;
    }
};

double surfaceArea(const gltf::TriangleMesh& mesh)
{
    double area = 0;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const Vec3d a(mesh.positions[mesh.indices[t]]), b(mesh.positions[mesh.indices[t + 1]]),
            c(mesh.positions[mesh.indices[t + 2]]);
        area += 0.5 * length(cross(b - a, c - a));
    }
    return area;
}

/// Parts to be given a collider: one or more of the decomposition's parts, the points the collider must
/// enclose and the surface it is measured against.
struct Group
{
    size_t id = 0;
    std::vector<size_t> sources;
    std::vector<Vec3d> points;
    gltf::TriangleMesh target; ///< the sources' hulls, one after another
    Bounds bounds;
    double partVolume = 0;
    /// The most volume a primitive standing off no further than the tolerance from a convex part can have
    /// (Steiner: volume + area t + 2 pi diameter t^2 + 4/3 pi t^3, summed over the sources): a candidate
    /// above it cannot be within the tolerance, so it is not measured.
    double volumeBound = 0;
    size_t leftOut = 0; ///< mesh points outside every hull that joined its points
    PrimitivePart collider;
};

void append(gltf::TriangleMesh& to, const gltf::TriangleMesh& from)
{
    const auto base = std::uint32_t(to.positions.size());
    to.positions.insert(to.positions.end(), from.positions.begin(), from.positions.end());
    for (std::uint32_t i : from.indices)
        to.indices.push_back(base + i);
}

double steinerBound(const gltf::TriangleMesh& target, const Bounds& bounds, double t)
{
    return meshVolume(target) + surfaceArea(target) * t + 2 * std::numbers::pi * bounds.diagonal() * t * t +
           4.0 / 3.0 * std::numbers::pi * t * t * t;
}

Group sourceGroup(size_t i, const gltf::TriangleMesh& hull, double tolerance)
{
    Group g;
    g.id = i;
    g.sources = {i};
    appendPoints(g.points, hull);
    for (const Vec3d& p : g.points)
        g.bounds.add(p);
    g.target = hull;
    g.partVolume = meshVolume(hull);
    g.volumeBound = steinerBound(g.target, g.bounds, tolerance);
    return g;
}

Group mergedGroup(const Group& a, const Group& b, size_t id)
{
    Group g;
    g.id = id;
    g.sources = a.sources;
    g.sources.insert(g.sources.end(), b.sources.begin(), b.sources.end());
    std::sort(g.sources.begin(), g.sources.end());
    g.points = a.points;
    g.points.insert(g.points.end(), b.points.begin(), b.points.end());
    g.target = a.target;
    append(g.target, b.target);
    g.bounds = a.bounds;
    g.bounds.add(b.bounds.lo);
    g.bounds.add(b.bounds.hi);
    g.partVolume = a.partVolume + b.partVolume;
    g.volumeBound = a.volumeBound + b.volumeBound;
    return g;
}

void raise(ShapeGeometry& g, double minimum)
{
    for (double* v : {&g.size.x, &g.size.y, &g.size.z, &g.height, &g.radiusTop, &g.radiusBottom, &g.radius})
        if (*v > 0)
            *v = std::max(*v, minimum);
}

/// Every primitive that encloses the points, in the order ties are broken (the simpler shape first).
std::vector<std::pair<PartKind, FittedShape>> candidates(const std::vector<Vec3d>& points, double minimum)
{
    std::vector<std::pair<PartKind, FittedShape>> out;
    auto take = [&](PartKind kind, Result<FittedShape> fit) {
        if (!fit)
            return;
        raise(fit->shape, minimum);
        out.emplace_back(kind, std::move(*fit));
    };
    take(PartKind::Box, fitBox(points));
    take(PartKind::Sphere, fitSphere(points));
    take(PartKind::Cylinder, fitCylinder(points));
    take(PartKind::Capsule, fitCapsule(points));
    take(PartKind::OrientedBox, fitOrientedBox(points));
    // fitOrientedBox keeps the axis-aligned box when that is smaller: it is then the same box as Box's.
    if (!out.empty() && out.back().first == PartKind::OrientedBox && out.back().second.rotation.isIdentity())
        out.pop_back();
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.second.volume < b.second.volume; });
    return out;
}

FitPart primitiveFitPart(const FittedShape& f)
{
    FitPart p;
    p.shape = f.shape;
    const QQuaternion q = f.rotation.normalized();
    p.toSpace = fitPlacement(f.offset, {q.x(), q.y(), q.z(), q.scalar()});
    return p;
}

FitOptions sampling(const PrimitivePartsOptions& options)
{
    FitOptions o;
    o.meshSamples = options.samples;
    o.colliderSamples = options.samples;
    return o;
}

/// The primitive of least volume that encloses the group's points within the tolerance, or nothing.
std::optional<PrimitivePart> bestPrimitive(const Group& g, const PrimitivePartsOptions& options)
{
    auto fits = candidates(g.points, options.minimumSize);
    if (fits.empty() || fits.front().second.volume > g.volumeBound)
        return std::nullopt;
    const FitMeter meter(g.target, {}, sampling(options));
    // A primitive holds the points by construction; what is left is float rounding of the positions.
    const double rounding = 1e-5 * std::max(g.bounds.diagonal(), 1e-6);
    for (auto& [kind, fit] : fits) {
        if (fit.volume > g.volumeBound)
            break;
        auto m = meter.measure({primitiveFitPart(fit)});
        if (!m || m->summary.overhang.max > options.tolerance || m->summary.outside.max > rounding)
            continue;
        PrimitivePart part;
        part.kind = kind;
        part.volume = fit.volume;
        part.primitive = std::move(fit);
        part.fit = m->summary;
        return part;
    }
    return std::nullopt;
}

/// A part kept as its hull whose cap left mesh vertices out: the conservative hull of its points at the
/// same cap (grown about its centroid until it holds them all), measured against the part.
void holdLeftOut(Group& g, const PrimitivePartsOptions& options)
{
    ConvexHullOptions o;
    o.maxVertices = std::max(4, int(g.collider.hull.positions.size()));
    o.conservative = true;
    o.measureQuality = false;
    auto grown = generateConvexHull(g.points, o);
    if (!grown)
        return;
    g.collider.hull = std::move(grown->mesh);
    g.collider.grown = true;
    g.collider.volume = meshVolume(g.collider.hull);
    FitPart part;
    part.shape = ShapeGeometry::convex(g.collider.hull);
    if (auto m = measureFit(g.target, {}, {part}, sampling(options)))
        g.collider.fit = m->summary;
}

void giveCollider(Group& g, const std::vector<gltf::TriangleMesh>& hulls,
                  const PrimitivePartsOptions& options)
{
    if (auto best = bestPrimitive(g, options)) {
        g.collider = std::move(*best);
    } else {
        g.collider = PrimitivePart{};
        g.collider.kind = PartKind::Hull;
        g.collider.hull = hulls[g.sources.front()];
        g.collider.volume = g.partVolume;
        if (g.leftOut > 0)
            holdLeftOut(g, options);
        g.collider.bytes = hullBytes(g.collider.hull);
    }
    g.collider.sources = g.sources;
    g.collider.partVolume = g.partVolume;
}

/// The mesh's vertices and `samples` points drawn on its triangles by area (a fixed seed): where the mesh
/// must be inside the colliders. A capped hull drops points of its piece, cut points within triangles too.
std::vector<Vec3d> meshPoints(const gltf::TriangleMesh& mesh, size_t samples)
{
    std::vector<Vec3d> points;
    appendPoints(points, mesh);
    std::vector<Vec3d> positions = points;
    std::mt19937_64 rng(0x7061727473ULL);
    sampleTriangles(positions, trianglesInRange(mesh.indices, positions.size()), samples, rng, points);
    return points;
}

/// Mesh points (vertices and surface samples) outside every hull (beyond `slack`) join the points of the
/// part whose face planes they are least beyond. Returns how many.
size_t addLeftOutPoints(const std::vector<Vec3d>& meshPoints, std::vector<Group>& groups, double slack)
{
    std::vector<std::vector<Plane>> planes;
    planes.reserve(groups.size());
    for (const Group& g : groups)
        planes.push_back(facePlanes(g.target));
    size_t leftOut = 0;
    for (const Vec3d& p : meshPoints) {
        size_t nearest = 0;
        double least = kInfinity;
        for (size_t i = 0; i < groups.size(); ++i) {
            const double beyond = beyondPlanes(planes[i], p);
            if (beyond < least) {
                least = beyond;
                nearest = i;
            }
        }
        if (least > slack) {
            groups[nearest].points.push_back(p);
            groups[nearest].bounds.add(p);
            ++groups[nearest].leftOut;
            ++leftOut;
        }
    }
    return leftOut;
}

/// A part whose points grew: measured against the hull of all of them (the capped hull is smaller than its
/// piece).
void widenTarget(Group& g, double tolerance)
{
    ConvexHullOptions o;
    o.maxVertices = std::max(4, int(g.points.size()));
    o.measureQuality = false;
    auto full = generateConvexHull(g.points, o);
    if (!full)
        return;
    g.target = std::move(full->mesh);
    g.volumeBound = steinerBound(g.target, g.bounds, tolerance);
}

/// A merge that has been measured: the merged group with its primitive, and the volume it adds.
struct Merge
{
    Group group;
    double added = 0;
};

/// Greedy merging: of the neighbouring pairs whose union one primitive encloses within the tolerance, the
/// one that adds the least volume, until none is left. Each pair is measured once.
bool mergeGroups(std::vector<Group>& groups, const PrimitivePartsOptions& options, size_t& merges)
{
    std::map<std::pair<size_t, size_t>, std::optional<Merge>> tried;
    size_t nextId = groups.size();
    for (;;) {
        const Merge* best = nullptr;
        for (size_t i = 0; i < groups.size(); ++i) {
            for (size_t j = i + 1; j < groups.size(); ++j) {
                const Group &a = groups[i], &b = groups[j];
                auto [it, fresh] = tried.try_emplace({a.id, b.id});
                if (fresh && a.bounds.near(b.bounds, options.tolerance)) {
                    if (options.cancel && options.cancel->load())
                        return false;
                    Group g = mergedGroup(a, b, 0);
                    if (auto part = bestPrimitive(g, options)) {
                        const double added = part->volume - a.collider.volume - b.collider.volume;
                        g.collider = std::move(*part);
                        it->second = Merge{std::move(g), added};
                    }
                }
                if (it->second && (!best || it->second->added < best->added))
                    best = &*it->second;
            }
        }
        if (!best)
            return true;
        Group merged = best->group;
        merged.id = nextId++;
        const auto gone = [&](const Group& g) {
            return std::includes(merged.sources.begin(), merged.sources.end(), g.sources.begin(),
                                 g.sources.end());
        };
        groups.erase(std::remove_if(groups.begin(), groups.end(), gone), groups.end());
        merged.collider.sources = merged.sources;
        merged.collider.partVolume = merged.partVolume;
        groups.push_back(std::move(merged));
        ++merges;
    }
}

/// The signed distance of p to one collider, in the mesh's space.
double colliderDistance(const PrimitivePart& part, const Mat4d& toShape, const Vec3d& p)
{
    if (!part.primitive)
        return convexSignedDistance(part.hull, p);
    return primitiveSignedDistance(part.primitive->shape, transformPoint(toShape, p));
}

/// The largest distance of a mesh vertex outside every collider (each vertex against each collider).
double largestVertexOutside(const gltf::TriangleMesh& mesh, const std::vector<PrimitivePart>& parts)
{
    std::vector<Mat4d> toShape(parts.size());
    for (size_t i = 0; i < parts.size(); ++i)
        if (parts[i].primitive)
            affineInverse(primitiveFitPart(*parts[i].primitive).toSpace, toShape[i]);
    std::vector<double> outside(mesh.positions.size(), 0);
    parallelFor(mesh.positions.size(), 0, [&](size_t v) {
        const Vec3d p(mesh.positions[v]);
        double least = kInfinity;
        for (size_t i = 0; i < parts.size() && least > 0; ++i)
            least = std::min(least, colliderDistance(parts[i], toShape[i], p));
        outside[v] = std::max(0.0, least);
    });
    return outside.empty() ? 0 : *std::max_element(outside.begin(), outside.end());
}

/// Points of the mesh's surface still outside every collider (found with many samples, drawn with a seed of
/// their own so that the figures reported are not measured at the same points) join the hull part nearest
/// them, which is made again as the conservative hull of its vertices and them at the same cap. A primitive
/// holds its part's hull, so what is left out lies by a hull's dropped points.
void coverLeftOut(const gltf::TriangleMesh& mesh, const PrimitivePartsOptions& options, double slack,
                  PrimitiveParts& out)
{
    FitOptions dense;
    dense.meshSamples = options.samples * 20;
    dense.colliderSamples = 1;
    dense.seed = 0x636f766572ULL;
    auto m = measureFit(mesh, {}, fitPartsOf(out), dense);
    if (!m)
        return;
    std::vector<std::vector<Vec3d>> extra(out.parts.size());
    for (size_t i = 0; i < m->meshPoints.size(); ++i) {
        if (m->outside[i] <= slack)
            continue;
        std::optional<size_t> nearest;
        double least = kInfinity;
        for (size_t j = 0; j < out.parts.size(); ++j) {
            const double d = out.parts[j].primitive
                                 ? kInfinity
                                 : convexSignedDistance(out.parts[j].hull, m->meshPoints[i]);
            if (d < least) {
                least = d;
                nearest = j;
            }
        }
        if (nearest)
            extra[*nearest].push_back(m->meshPoints[i]);
    }
    for (size_t j = 0; j < out.parts.size(); ++j) {
        if (extra[j].empty())
            continue;
        PrimitivePart& part = out.parts[j];
        std::vector<Vec3d> points = extra[j];
        appendPoints(points, part.hull);
        ConvexHullOptions o;
        o.maxVertices = std::max(4, int(part.hull.positions.size()));
        o.conservative = true;
        o.measureQuality = false;
        if (auto grown = generateConvexHull(points, o)) {
            part.hull = std::move(grown->mesh);
            part.grown = true;
            part.volume = meshVolume(part.hull);
            part.bytes = hullBytes(part.hull);
            out.leftOut += extra[j].size();
        }
    }
}

void summarise(const gltf::TriangleMesh& mesh, const std::vector<gltf::TriangleMesh>& hulls,
               const PrimitivePartsOptions& options, double slack, PrimitiveParts& out)
{
    coverLeftOut(mesh, options, slack, out);
    for (const gltf::TriangleMesh& h : hulls)
        out.hullBytes += hullBytes(h);
    for (const PrimitivePart& p : out.parts) {
        ++out.counts[size_t(p.kind)];
        out.bytes += p.bytes;
        if (p.primitive)
            out.maxStandOff = std::max(out.maxStandOff, p.fit.overhang.max);
    }
    out.vertexOutside = largestVertexOutside(mesh, out.parts);
    FitOptions sampling;
    sampling.meshSamples = options.samples * 4;
    sampling.colliderSamples = options.samples * 4;
    auto m = measureFit(mesh, {}, fitPartsOf(out), sampling);
    if (m)
        out.fit = m->summary;
}

Diagnostic cancelled()
{
    return makeError("PARTS_CANCELLED", "fitting primitives to the parts was cancelled");
}

} // namespace

const char* partKindName(PartKind kind)
{
    switch (kind) {
    case PartKind::Box:
        return "box";
    case PartKind::OrientedBox:
        return "oriented box";
    case PartKind::Sphere:
        return "sphere";
    case PartKind::Capsule:
        return "capsule";
    case PartKind::Cylinder:
        return "cylinder";
    case PartKind::Hull:
        return "hull";
    }
    return "hull";
}

size_t hullBytes(const gltf::TriangleMesh& hull)
{
    const size_t index = hull.positions.size() <= 65535 ? 2 : 4;
    return hull.positions.size() * 12 + (hull.indices.size() * index + 3) / 4 * 4;
}

double convexSignedDistance(const gltf::TriangleMesh& hull, const Vec3d& p)
{
    const double beyond = beyondPlanes(facePlanes(hull), p);
    if (beyond <= 0)
        return beyond;
    double nearest = kInfinity;
    for (size_t t = 0; t + 2 < hull.indices.size(); t += 3) {
        const Vec3d a(hull.positions[hull.indices[t]]), b(hull.positions[hull.indices[t + 1]]),
            c(hull.positions[hull.indices[t + 2]]);
        nearest = std::min(nearest, length(p - closestPointOnTriangle(p, a, b, c)));
    }
    return nearest;
}

std::vector<FitPart> fitPartsOf(const PrimitiveParts& parts)
{
    std::vector<FitPart> out;
    for (const PrimitivePart& p : parts.parts) {
        if (p.primitive) {
            out.push_back(primitiveFitPart(*p.primitive));
        } else {
            FitPart f;
            f.shape = ShapeGeometry::convex(p.hull);
            out.push_back(std::move(f));
        }
    }
    return out;
}

Result<PrimitiveParts> fitPrimitiveParts(const gltf::TriangleMesh& mesh,
                                         const std::vector<gltf::TriangleMesh>& hulls,
                                         const PrimitivePartsOptions& options)
{
    if (hulls.empty())
        return Result<PrimitiveParts>::failure(makeError("PARTS_NO_PARTS", "there are no parts to fit"));
    std::vector<Group> groups;
    Bounds all;
    for (size_t i = 0; i < hulls.size(); ++i) {
        groups.push_back(sourceGroup(i, hulls[i], options.tolerance));
        all.add(groups.back().bounds.lo);
        all.add(groups.back().bounds.hi);
    }
    PrimitiveParts out;
    out.leftOut = addLeftOutPoints(meshPoints(mesh, options.samples * 10), groups, 1e-6 * all.diagonal());
    for (Group& g : groups)
        if (g.leftOut > 0)
            widenTarget(g, options.tolerance);
    for (Group& g : groups) {
        if (options.cancel && options.cancel->load())
            return Result<PrimitiveParts>::failure(cancelled());
        giveCollider(g, hulls, options);
    }
    if (options.merge && !mergeGroups(groups, options, out.merges))
        return Result<PrimitiveParts>::failure(cancelled());
    std::sort(groups.begin(), groups.end(),
              [](const Group& a, const Group& b) { return a.sources.front() < b.sources.front(); });
    for (Group& g : groups)
        out.parts.push_back(std::move(g.collider));
    summarise(mesh, hulls, options, 1e-6 * all.diagonal(), out);
    Result<PrimitiveParts> r;
    r.value = std::move(out);
    return r;
}

} // namespace cs::geometry
