#include "geometry/ColliderFit.h"

#include "geometry/ConvexHull.h"
#include "geometry/MeshBvh.h"
#include "geometry/Parallel.h"
#include "geometry/ShapeSurface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace cs::geometry {

namespace {

constexpr double kShownMetres = 0.00005; ///< half the 0.0001 m the editors show

constexpr size_t kBlock = 2048;

/// The columns of a transform's linear part.
std::array<Vec3d, 3> linearColumns(const Mat4d& t)
{
    return {transformVector(t, {1, 0, 0}), transformVector(t, {0, 1, 0}), transformVector(t, {0, 0, 1})};
}

/// True when the columns are at right angles to each other (relative to their lengths).
bool orthogonalColumns(const std::array<Vec3d, 3>& c)
{
    for (int i = 0; i < 3; ++i) {
        const Vec3d& a = c[size_t(i)];
        const Vec3d& b = c[size_t((i + 1) % 3)];
        if (std::fabs(dot(a, b)) > 1e-6 * length(a) * length(b))
            return false;
    }
    return true;
}

/// A box of `size` as a mesh: its eight corners and twelve triangles.
gltf::TriangleMesh boxCornerMesh(const Vec3d& size)
{
    gltf::TriangleMesh m;
    for (int corner = 0; corner < 8; ++corner)
        m.positions.emplace_back(float((corner & 1 ? 0.5 : -0.5) * size.x),
                                 float((corner & 2 ? 0.5 : -0.5) * size.y),
                                 float((corner & 4 ? 0.5 : -0.5) * size.z));
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    return m;
}

/// A box placed under a scale that differs between axes or a shear is still measured exactly: scaled along
/// its own axes it is a box of the scaled size, turned; sheared it is a parallelepiped, measured as the
/// convex hull of its corners. Any other part as given.
FitPart exactPart(const FitPart& part)
{
    if (part.plane || part.shape.kind != ShapeKind::Box)
        return part;
    const std::array<Vec3d, 3> c = linearColumns(part.toSpace);
    const Vec3d scales{length(c[0]), length(c[1]), length(c[2])};
    const double hi = std::max({scales.x, scales.y, scales.z}), lo = std::min({scales.x, scales.y, scales.z});
    const bool orthogonal = orthogonalColumns(c);
    if (!(lo > 0) || (orthogonal && hi - lo <= 1e-6 * hi))
        return part;
    FitPart exact = part;
    if (!orthogonal) {
        exact.shape = ShapeGeometry::convex(boxCornerMesh(part.shape.size));
        return exact;
    }
    for (int axis = 0; axis < 3; ++axis) {
        exact.shape.size[axis] *= scales[axis];
        for (int row = 0; row < 3; ++row)
            exact.toSpace(row, axis) /= scales[axis];
    }
    return exact;
}

/// One part of a collider, ready to answer signed distances and give points of its surface, in the
/// measuring space.
class PartSurface
{
public:
    PartSurface(const FitPart& given, const Vec3d& meshLo, const Vec3d& meshHi) : m_part(exactPart(given))
    {
        const FitPart& part = m_part;
        const std::array<Vec3d, 3> columns = linearColumns(part.toSpace);
        const Vec3d scales{length(columns[0]), length(columns[1]), length(columns[2])};
        const double hi = std::max({scales.x, scales.y, scales.z}),
                     lo = std::min({scales.x, scales.y, scales.z});
        m_scale = std::cbrt(scales.x * scales.y * scales.z);
        m_axisScale = scales;
        const bool uniform = hi > 0 && (hi - lo) <= 1e-6 * hi && orthogonalColumns(columns);
        m_valid = affineInverse(part.toSpace, m_toShape) && m_scale > 0;
        if (!m_valid)
            return;
        if (part.plane) {
            m_kind = Kind::Plane;
            m_approximate = !uniform;
            planeExtent(meshLo, meshHi);
        } else if (part.shape.kind == ShapeKind::Convex || part.shape.kind == ShapeKind::Trimesh) {
            m_valid = part.shape.mesh && part.shape.mesh->triangleCount() > 0;
            if (m_valid)
                prepareMesh();
        } else {
            m_kind = Kind::Primitive;
            m_approximate = !uniform;
            m_area = primitiveSurfaceArea(part.shape) * m_scale * m_scale;
        }
    }

    bool valid() const { return m_valid; }
    /// False for a trimesh, a surface with no inside (its distances are never negative).
    bool hasInside() const { return m_kind != Kind::Trimesh; }
    bool approximate() const { return m_approximate; }
    double area() const { return m_area; }

    /// `hint`: the leaf of this part's last hit near p (MeshBvh::closest), updated; the distance is the same
    /// without it. `enough` (> 0): a distance at most `enough` may be an upper bound (MeshBvh::closest).
    double signedDistance(const Vec3d& p, std::uint32_t* hint = nullptr, double enough = 0) const
    {
        switch (m_kind) {
        case Kind::Primitive:
            return m_scale * primitiveSignedDistance(m_part.shape, transformPoint(m_toShape, p));
        case Kind::Plane:
            return m_scale * transformPoint(m_toShape, p).y;
        case Kind::Convex: {
            double beyond = -std::numeric_limits<double>::infinity();
            for (const auto& [normal, offset] : m_planes)
                beyond = std::max(beyond, dot(normal, p) - offset);
            // Inside a convex solid the nearest face plane is the nearest surface; outside, the nearest
            // point.
            return beyond > 0 ? nearest(p, hint, enough) : beyond;
        }
        case Kind::Trimesh:
            return nearest(p, hint, enough);
        }
        return 0;
    }

    /// A box sampled on a grid when the measurement asks for an accuracy (FitOptions::boxAccuracy).
    bool gridBox() const
    {
        return m_kind == Kind::Primitive && m_part.shape.kind == ShapeKind::Box && m_area > 0;
    }

    /// The grid spacing nearest `wanted` that gives at least kMinBoxCells cells and at most `cap`.
    double gridSpacing(double wanted, size_t cap) const
    {
        const Vec3d& size = m_part.shape.size;
        double h = std::min(wanted, std::sqrt(m_area / double(kMinBoxCells)));
        for (size_t cells = boxGridCells(size, m_axisScale, h); cells > cap;
             cells = boxGridCells(size, m_axisScale, h))
            h *= std::max(1.01, std::sqrt(double(cells) / double(cap)));
        return h;
    }

    /// The box's grid points (sampleBoxGrid) with their areas, in the measuring space.
    void sampleGrid(double spacing, std::vector<Vec3d>& out, std::vector<double>& weights) const
    {
        const size_t first = out.size();
        sampleBoxGrid(m_part.shape.size, m_axisScale, spacing, out, weights);
        for (size_t i = first; i < out.size(); ++i)
            out[i] = transformPoint(m_part.toSpace, out[i]);
    }

    /// `count` points by area, then the part's own corners or vertices.
    void sample(size_t count, std::mt19937_64& rng, std::vector<Vec3d>& out) const
    {
        const size_t first = out.size();
        switch (m_kind) {
        case Kind::Primitive:
            samplePrimitiveSurface(m_part.shape, count, rng, out);
            break;
        case Kind::Plane:
            for (size_t i = 0; i < count; ++i) {
                const double x = std::uniform_real_distribution<double>(m_planeLo.x, m_planeHi.x)(rng);
                const double z = std::uniform_real_distribution<double>(m_planeLo.z, m_planeHi.z)(rng);
                out.emplace_back(x, 0.0, z);
            }
            break;
        case Kind::Convex:
        case Kind::Trimesh:
            sampleTriangles(m_bvh->corners(), count, rng, out);
            out.insert(out.end(), m_vertices.begin(), m_vertices.end());
            return; // already in the measuring space
        }
        for (size_t i = first; i < out.size(); ++i)
            out[i] = transformPoint(m_part.toSpace, out[i]);
    }

private:
    double nearest(const Vec3d& p, std::uint32_t* hint, double enough) const
    {
        const MeshBvh::Hit hit = m_bvh->closest(p, hint ? *hint : MeshBvh::kNoLeaf, enough);
        if (hint)
            *hint = hit.leaf;
        return hit.distance;
    }

    enum class Kind
    {
        Primitive,
        Plane,
        Convex,
        Trimesh
    };

    /// A bounded plane is its rectangle; an unbounded one the part of it under the mesh's bounding box.
    void planeExtent(const Vec3d& meshLo, const Vec3d& meshHi)
    {
        Vec3d lo{std::numeric_limits<double>::infinity(), 0, std::numeric_limits<double>::infinity()};
        Vec3d hi = -lo;
        for (int corner = 0; corner < 8; ++corner) {
            const Vec3d c{corner & 1 ? meshHi.x : meshLo.x, corner & 2 ? meshHi.y : meshLo.y,
                          corner & 4 ? meshHi.z : meshLo.z};
            const Vec3d q = transformPoint(m_toShape, c);
            lo = minOf(lo, q);
            hi = maxOf(hi, q);
        }
        const FitPlane& plane = *m_part.plane;
        m_planeLo = {plane.sizeX > 0 ? -plane.sizeX / 2 : lo.x, 0, plane.sizeZ > 0 ? -plane.sizeZ / 2 : lo.z};
        m_planeHi = {plane.sizeX > 0 ? plane.sizeX / 2 : hi.x, 0, plane.sizeZ > 0 ? plane.sizeZ / 2 : hi.z};
        m_area = std::max(0.0, m_planeHi.x - m_planeLo.x) * std::max(0.0, m_planeHi.z - m_planeLo.z) *
                 m_scale * m_scale;
    }

    void prepareMesh()
    {
        const gltf::TriangleMesh& mesh = *m_part.shape.mesh;
        for (const QVector3D& v : mesh.positions)
            m_vertices.push_back(transformPoint(m_part.toSpace, Vec3d(v)));
        m_kind = Kind::Trimesh;
        std::vector<Vec3d> corners;
        if (m_part.shape.kind == ShapeKind::Convex) {
            // A convex shape is the hull of its points (OMI), whatever triangles its mesh has.
            ConvexHullOptions o;
            o.maxVertices = int(std::max<size_t>(4, m_vertices.size()));
            o.measureQuality = false;
            if (auto hull = generateConvexHull(m_vertices, o)) {
                corners = triangleCorners(hull->mesh);
                m_vertices.clear();
                appendPoints(m_vertices, hull->mesh);
                m_kind = Kind::Convex;
                for (size_t t = 0; t + 2 < corners.size(); t += 3) {
                    const Vec3d n =
                        normalized(cross(corners[t + 1] - corners[t], corners[t + 2] - corners[t]));
                    if (lengthSquared(n) > 0)
                        m_planes.emplace_back(n, dot(n, corners[t]));
                }
            }
        }
        if (m_kind == Kind::Trimesh)
            corners = triangleCorners(mesh, m_part.toSpace);
        m_area = trianglesArea(corners);
        m_bvh = std::make_shared<MeshBvh>(std::move(corners));
    }

    FitPart m_part;
    Kind m_kind = Kind::Primitive;
    Mat4d m_toShape;
    double m_scale = 1, m_area = 0;
    Vec3d m_axisScale{1, 1, 1};
    bool m_valid = true, m_approximate = false;
    Vec3d m_planeLo, m_planeHi;
    std::vector<Vec3d> m_vertices;
    std::vector<std::pair<Vec3d, double>> m_planes;
    std::shared_ptr<MeshBvh> m_bvh;
};

/// The collider's surface points: each part's share of `count` by area, or a box's grid at `spacing` (when
/// above 0), less the points that lie inside another part (they are inside the compound, not on its surface).
/// With a grid, `weights` gets each point's area (a random point: its part's area over its count; a corner or
/// a vertex: 0); without one it stays empty.
std::vector<Vec3d> colliderPoints(const std::vector<PartSurface>& parts, size_t count, std::uint64_t seed,
                                  double eps, double spacing, std::vector<double>& weights)
{
    double total = 0;
    for (const PartSurface& p : parts)
        total += p.area();
    const bool weighted =
        spacing > 0 && std::any_of(parts.begin(), parts.end(), [](const auto& p) { return p.gridBox(); });
    std::vector<Vec3d> out;
    std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
    for (size_t i = 0; i < parts.size(); ++i) {
        std::vector<Vec3d> mine;
        std::vector<double> areas;
        if (weighted && parts[i].gridBox()) {
            parts[i].sampleGrid(parts[i].gridSpacing(spacing, count), mine, areas);
        } else {
            const double share = total > 0 ? parts[i].area() / total : 1.0 / double(parts.size());
            const size_t n =
                std::max<size_t>(parts[i].area() > 0 ? 16 : 0, size_t(std::llround(share * double(count))));
            parts[i].sample(n, rng, mine);
            areas.assign(mine.size(), 0.0);
            std::fill_n(areas.begin(), std::min(n, areas.size()), n > 0 ? parts[i].area() / double(n) : 0.0);
        }
        for (size_t k = 0; k < mine.size(); ++k) {
            bool covered = false;
            for (size_t j = 0; j < parts.size() && !covered; ++j)
                covered = j != i && parts[j].hasInside() && parts[j].signedDistance(mine[k]) < -eps;
            if (covered)
                continue;
            out.push_back(mine[k]);
            if (weighted)
                weights.push_back(areas[k]);
        }
    }
    return out;
}

/// The figures of distances exact at every stride-th point and bounded by the largest so far between: the
/// maximum over every point (exact), the mean and p95 over the exact ones.
FitFigures stridedFigures(const std::vector<double>& outside, size_t stride,
                          const std::vector<double>& weights = {})
{
    if (stride <= 1)
        return weights.empty() ? fitFigures(outside) : fitFigures(outside, weights);
    std::vector<double> exact, exactWeights;
    exact.reserve(outside.size() / stride + 1);
    for (size_t i = 0; i < outside.size(); i += stride) {
        exact.push_back(outside[i]);
        if (!weights.empty())
            exactWeights.push_back(weights[i]);
    }
    FitFigures f = weights.empty() ? fitFigures(exact) : fitFigures(exact, exactWeights);
    for (double d : outside)
        f.max = std::max(f.max, d);
    return f;
}

} // namespace

FitSummary FitSummary::scaled(double s) const
{
    FitSummary r = *this;
    for (FitFigures* f : {&r.outside, &r.overhang}) {
        f->max *= s;
        f->mean *= s;
        f->p95 *= s;
    }
    r.diagonal *= s;
    return r;
}

FitFigures fitFigures(const std::vector<double>& values)
{
    FitFigures f;
    if (values.empty())
        return f;
    std::vector<double> v(values.size());
    double sum = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        v[i] = std::max(0.0, values[i]);
        sum += v[i];
        f.max = std::max(f.max, v[i]);
    }
    f.mean = sum / double(v.size());
    const size_t rank = size_t(std::ceil(0.95 * double(v.size()))) - 1;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(rank), v.end());
    f.p95 = v[rank];
    return f;
}

FitFigures fitFigures(const std::vector<double>& values, const std::vector<double>& weights)
{
    FitFigures f;
    std::vector<std::pair<double, double>> v; // value (negative counted as 0), weight
    v.reserve(values.size());
    double total = 0, sum = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        const double d = std::max(0.0, values[i]), w = i < weights.size() ? std::max(0.0, weights[i]) : 0.0;
        f.max = std::max(f.max, d);
        v.emplace_back(d, w);
        total += w;
        sum += w * d;
    }
    if (!(total > 0))
        return f;
    f.mean = sum / total;
    std::sort(v.begin(), v.end());
    double below = 0;
    for (const auto& [d, w] : v) {
        below += w;
        f.p95 = d;
        if (below >= 0.95 * total)
            break;
    }
    return f;
}

std::string fitText(const FitSummary& fit)
{
    // Below what the line can show (a tenth of a millimetre, as the editors, and 0.0 % of the diagonal) a
    // distance is rounding noise of the measure (float vertices, a placement written as floats): "0 m", not
    // "7.74e-09 m", so that one collider reads the same however placed.
    const double shown = fit.diagonal > 0 ? std::min(kShownMetres, 0.0005 * fit.diagonal) : kShownMetres;
    auto metres = [shown](double v) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.3g m", std::fabs(v) < shown ? 0.0 : v);
        return std::string(buffer);
    };
    auto percent = [&](double v) {
        if (!(fit.diagonal > 0))
            return std::string();
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, " (%.1f %%)", 100.0 * v / fit.diagonal);
        return std::string(buffer);
    };
    return "outside max " + metres(fit.outside.max) + percent(fit.outside.max) + ", p95 " +
           metres(fit.outside.p95) + "; overhang max " + metres(fit.overhang.max) +
           percent(fit.overhang.max) + ", mean " + metres(fit.overhang.mean) + ", p95 " +
           metres(fit.overhang.p95) + (fit.approximate ? " (approximate: non-uniform scale)" : "");
}

double meanScale(const QMatrix4x4& transform)
{
    const double s = std::cbrt(std::fabs(Mat3d::fromMatrix(transform).determinant()));
    return s > 0 && std::isfinite(s) ? s : 1.0;
}

Mat4d fitPlacement(const Vec3d& offset, const Quatd& rotation)
{
    Trs trs;
    trs.translation = offset;
    trs.rotation = rotation;
    return toMatrix(trs);
}

FitMeter::FitMeter(const gltf::TriangleMesh& mesh, const Mat4d& meshToSpace, FitOptions options)
    : m_options(options)
{
    m_positions.reserve(mesh.positions.size());
    for (const QVector3D& v : mesh.positions)
        m_positions.push_back(transformPoint(meshToSpace, Vec3d(v)));
    m_vertices = m_positions.size();
    if (!m_positions.empty()) {
        m_lo = m_hi = m_positions[0];
        for (const Vec3d& p : m_positions) {
            m_lo = minOf(m_lo, p);
            m_hi = maxOf(m_hi, p);
        }
        m_diagonal = length(m_hi - m_lo);
    }
    // The triangles are read through their indices, never copied as corners in input order.
    m_triangles = trianglesInRange(mesh.indices, m_positions.size());
    // The mesh's hierarchy answers the overhang queries (tens of thousands) whatever the mesh's size: the
    // cheaper Morton build.
    m_bvh = std::make_unique<MeshBvh>(m_positions, m_triangles, MeshBvh::Split::Morton);
}

const std::vector<Vec3d>& FitMeter::points() const
{
    std::call_once(m_sampled, [this] {
        m_points.reserve(m_positions.size() + m_options.meshSamples);
        m_points = m_positions;
        std::mt19937_64 rng(m_options.seed);
        sampleTriangles(m_positions, m_triangles, m_options.meshSamples, rng, m_points);
    });
    return m_points;
}

FitMeter::~FitMeter() = default;

std::vector<double> FitMeter::distancesToMesh(const std::vector<Vec3d>& points, size_t stride) const
{
    stride = std::max<size_t>(1, stride);
    std::vector<double> out(points.size());
    // Queried along a Morton curve of the points, whatever their order: each query then starts from a
    // triangle near it (the last one's) and reads parts of the hierarchy the last ones brought into the
    // cache. Which points are exact (every stride-th in the given order) does not change.
    const std::vector<std::uint32_t> order = mortonOrder(points);
    parallelBlocks(points.size(), kBlock, [&](size_t begin, size_t end) {
        std::uint32_t hint = MeshBvh::kNoLeaf;
        double largest = 0;
        for (size_t k = begin; k < end; ++k) {
            const size_t i = order[k];
            const double enough = i % stride != 0 ? largest : 0.0;
            const MeshBvh::Hit hit = m_bvh->closest(points[i], hint, enough);
            out[i] = hit.distance;
            hint = hit.leaf;
            if (hit.distance > enough)
                largest = std::max(largest, hit.distance);
        }
    });
    return out;
}

Result<FitMeasurement> FitMeter::measure(const std::vector<FitPart>& parts) const
{
    return measureWith(parts, false);
}

Result<FitSummary> FitMeter::summary(const std::vector<FitPart>& parts) const
{
    auto m = measureWith(parts, true);
    if (!m)
        return Result<FitSummary>{std::nullopt, m.diagnostics};
    return Result<FitSummary>{m->summary, m.diagnostics};
}

Result<FitMeasurement> FitMeter::measureWith(const std::vector<FitPart>& parts, bool summaryOnly) const
{
    using R = Result<FitMeasurement>;
    if (m_bvh->triangleCount() == 0)
        return R::failure(makeError("FIT_NO_TRIANGLES", "the mesh has no triangles to measure against"));
    std::vector<PartSurface> surfaces;
    for (const FitPart& part : parts) {
        surfaces.emplace_back(part, m_lo, m_hi);
        if (!surfaces.back().valid())
            surfaces.pop_back();
    }
    if (surfaces.empty())
        return R::failure(
            makeError("FIT_NO_COLLIDER", "the collider has no shape with a surface to measure"));

    // One convex part holding every vertex holds the triangles: the samples could only add distances <= 0.
    const bool verticesOnly = summaryOnly && surfaces.size() == 1 && surfaces[0].hasInside() &&
                              std::all_of(m_positions.begin(), m_positions.end(),
                                          [&](const Vec3d& p) { return surfaces[0].signedDistance(p) <= 0; });
    const std::vector<Vec3d>& meshPoints = verticesOnly ? m_positions : points();
    FitMeasurement m;
    m.meshPoints = meshPoints;
    m.meshVertices = m_vertices;
    m.outside.resize(meshPoints.size());
    // Points in order lie near each other (a mesh's vertices, samples drawn triangle by triangle): each query
    // starts from the triangle the last one found. With a stride, a point between the exact ones only needs
    // a triangle within the block's largest distance so far: it cannot raise the maximum.
    const size_t stride = std::max<size_t>(1, m_options.exactStride);
    parallelBlocks(meshPoints.size(), kBlock, [&](size_t begin, size_t end) {
        std::vector<std::uint32_t> hints(surfaces.size(), MeshBvh::kNoLeaf);
        double largest = 0;
        for (size_t i = begin; i < end; ++i) {
            const double enough = i % stride != 0 ? largest : 0.0;
            double d = std::numeric_limits<double>::infinity();
            for (size_t k = 0; k < surfaces.size(); ++k)
                d = std::min(d, surfaces[k].signedDistance(meshPoints[i], &hints[k], enough));
            m.outside[i] = d;
            if (d > enough) // exact: every part was farther than `enough`
                largest = std::max(largest, d);
        }
    });
    // A box's grid: cells of side h are within h / sqrt(2) of their centre, so h follows from the accuracy.
    const double spacing = m_options.boxAccuracy * m_diagonal * std::sqrt(2.0);
    m.colliderPoints = colliderPoints(surfaces, m_options.colliderSamples, m_options.seed, 1e-9 * m_diagonal,
                                      spacing, m.colliderWeights);
    m.overhang = distancesToMesh(m.colliderPoints, stride);
    m.summary.outside = stridedFigures(m.outside, stride);
    m.summary.overhang = stridedFigures(m.overhang, stride, m.colliderWeights);
    if (spacing > 0 && stride == 1 && surfaces.size() == 1 && surfaces[0].gridBox())
        m.overhangBound = surfaces[0].gridSpacing(spacing, m_options.colliderSamples) / std::sqrt(2.0);
    m.summary.diagonal = m_diagonal;
    m.summary.approximate =
        std::any_of(surfaces.begin(), surfaces.end(), [](const PartSurface& s) { return s.approximate(); });
    R r;
    r.value = std::move(m);
    return r;
}

std::vector<FitPart> partsInFrame(const std::vector<FitPart>& parts, const Mat4d& frame)
{
    std::vector<FitPart> placed = parts;
    for (FitPart& p : placed)
        p.toSpace = frame * p.toSpace;
    return placed;
}

Result<FitMeasurement> measureFit(const gltf::TriangleMesh& mesh, const Mat4d& meshToSpace,
                                  const std::vector<FitPart>& parts, const FitOptions& options)
{
    return FitMeter(mesh, meshToSpace, options).measure(parts);
}

} // namespace cs::geometry
