// bench=primitive_parts: what a compound collider costs and how well it fits, for three contenders made in
// the same run from the same mesh: primitive-first parts (our decomposition, then
// geometry::fitPrimitiveParts, as `add-colliders --strategy decompose --primitives` makes them), hull-only
// (the same decomposition's hulls, as
// `--strategy decompose` makes them) and V-HACD 4 (its defaults, the same part limit and vertex cap). Every
// mesh is first scaled to a bounding-box diagonal of 1 m about its centre, so distances are fractions of the
// diagonal; the tolerance is the project's default concavity (3 % of the diagonal), given to our
// decomposition and, as the largest stand-off of a primitive from its part, to the primitive fit.
//
// Figures per contender: shapes; bytes of collision data (a hull's float positions and 16-bit indices as a
// glTF mesh stores them; a primitive's parameters and its node's translation and rotation as 4-byte floats);
// the one-way distances of ColliderFit (largest distance of the mesh outside the collider, 95th percentile of
// the collider's overhang over the mesh); and the time of one step of the project's simulation core (Bullet
// through simulation::World) with 50 copies, each a dynamic body of that compound, dropped in two layers of
// 5 x 5 onto a static floor: the mean over the first 90 steps (1.5 s: the fall, the landing, the settling),
// a fresh world per run (not timed), the contenders interleaved and the median of the runs kept.
//
// bench=primitive_parts_goal: the goal on the five bench meshes: at an overhang p95 no larger than
// V-HACD's, at most a third of its bytes and at most half its step time, on at least four of the five.
#include "../simulation/SimulationScenes.h"
#include "BenchMeshes.h"
#include "BenchUtil.h"
#include "BenchVhacd.h"
#include "geometry/ColliderFit.h"
#include "geometry/Decomposition.h"
#include "geometry/PrimitiveParts.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

namespace cs::bench {

namespace {

constexpr double Concavity = 0.03; // ColliderOptions::concavity's default
constexpr int MaxParts = 16;       // ColliderOptions::maxParts's default
constexpr int Cap = 64;            // the decomposition's default vertex cap
constexpr int Copies = 50;
constexpr int Steps = 90;
constexpr size_t FloatBytes = 4;
constexpr size_t PlacementFloats = 7; // translation and rotation

/// `mesh` scaled about its bounding box's centre to a diagonal of 1 and moved to put that centre at 0.
gltf::TriangleMesh normalised(gltf::TriangleMesh mesh)
{
    if (mesh.positions.empty())
        return mesh;
    geometry::Vec3d lo(mesh.positions[0]), hi = lo;
    for (const QVector3D& q : mesh.positions) {
        lo = geometry::minOf(lo, geometry::Vec3d(q));
        hi = geometry::maxOf(hi, geometry::Vec3d(q));
    }
    const geometry::Vec3d centre = (lo + hi) * 0.5;
    const double s = 1 / std::max(1e-12, geometry::length(hi - lo));
    for (QVector3D& q : mesh.positions)
        q = QVector3D(float((q.x() - centre.x) * s), float((q.y() - centre.y) * s),
                      float((q.z() - centre.z) * s));
    return mesh;
}

/// One compound collider: its shapes for measuring and for simulating, and what it stores.
struct Compound
{
    std::vector<geometry::FitPart> fitParts;
    std::vector<simulation::SimShape> shapes;
    size_t bytes = 0;
    std::string kinds; ///< "box:2,capsule:1,hull:3"
};

void addHull(Compound& c, const gltf::TriangleMesh& hull)
{
    const auto g = geometry::ShapeGeometry::convex(hull);
    c.fitParts.push_back({g, std::nullopt, {}});
    c.shapes.push_back(test::placed(g));
    c.bytes += geometry::hullBytes(hull);
}

Compound hullCompound(const std::vector<gltf::TriangleMesh>& hulls)
{
    Compound c;
    for (const auto& h : hulls)
        addHull(c, h);
    c.kinds = "hull:" + std::to_string(hulls.size());
    return c;
}

size_t parameterFloats(const geometry::ShapeGeometry& g)
{
    return g.kind == geometry::ShapeKind::Sphere ? 1 : 3; // box: size; capsule, cylinder: height and radii
}

Compound primitiveCompound(const geometry::PrimitiveParts& pp)
{
    Compound c;
    for (const geometry::PrimitivePart& part : pp.parts) {
        if (!part.primitive) {
            addHull(c, part.hull);
            continue;
        }
        const geometry::FittedShape& f = *part.primitive;
        c.fitParts.push_back(
            {f.shape, std::nullopt,
             geometry::fitPlacement(f.offset, geometry::Quatd{f.rotation.x(), f.rotation.y(), f.rotation.z(),
                                                              f.rotation.scalar()})});
        c.shapes.push_back(
            test::placed(f.shape, {f.offset.x, f.offset.y, f.offset.z},
                         {f.rotation.x(), f.rotation.y(), f.rotation.z(), f.rotation.scalar()}));
        c.bytes += (parameterFloats(f.shape) + PlacementFloats) * FloatBytes;
    }
    std::ostringstream kinds;
    const char* separator = "";
    for (size_t k = 0; k < geometry::kPartKinds; ++k) {
        if (pp.counts[k] == 0)
            continue;
        std::string name = geometry::partKindName(geometry::PartKind(k));
        std::replace(name.begin(), name.end(), ' ', '_');
        kinds << separator << name << ":" << pp.counts[k];
        separator = ",";
    }
    c.kinds = kinds.str();
    return c;
}

/// 50 copies of the compound (1 kg, the inertia of a 0.58 m cube: the normalised mesh's box) in two layers
/// of 5 x 5, 1.2 m apart, the lower layer's centres 1 m above the floor, each turned differently.
test::SimulationInput dropScene(const std::vector<simulation::SimShape>& shapes)
{
    test::SimulationInput in;
    in.statics.push_back(test::floorBox());
    const double side = 1 / std::sqrt(3.0), inertia = side * side / 6;
    const double axisLength = std::sqrt(0.3 * 0.3 + 1 + 0.2 * 0.2);
    const test::Vec3 axis{0.3 / axisLength, 1 / axisLength, 0.2 / axisLength};
    for (int i = 0; i < Copies; ++i) {
        simulation::SimBody b;
        b.node = size_t(i);
        b.pose = {{(i % 5 - 2) * 1.2, 1.0 + (i / 25) * 1.2, ((i / 5) % 5 - 2) * 1.2},
                  test::axisAngle(axis, 0.7 * i)};
        b.inertiaDiagonal = {inertia, inertia, inertia};
        b.colliders = shapes;
        for (auto& s : b.colliders)
            s.node = size_t(i);
        in.bodies.push_back(std::move(b));
    }
    return in;
}

/// Median milliseconds per step of each compound's drop scene over `runs` interleaved runs.
std::vector<double> stepMs(const std::vector<const Compound*>& compounds, int runs)
{
    std::vector<std::vector<double>> times(compounds.size());
    for (int r = 0; r < runs; ++r)
        for (const size_t k : runOrder(size_t(r), compounds.size())) {
            simulation::World world(dropScene(compounds[k]->shapes));
            const auto start = std::chrono::steady_clock::now();
            for (int s = 0; s < Steps; ++s)
                world.step();
            times[k].push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
                Steps);
            keep(&world);
        }
    std::vector<double> out;
    for (auto& t : times) {
        std::sort(t.begin(), t.end());
        out.push_back(t[t.size() / 2]);
    }
    return out;
}

struct Figures
{
    const char* contender = "";
    const Compound* compound = nullptr;
    geometry::FitSummary fit;
    double stepMs = 0;
};

void printFigures(const std::string& mesh, const Figures& f, const Figures& vhacd)
{
    std::printf(
        "bench=primitive_parts mesh=%s contender=%s shapes=%zu kinds=%s bytes=%zu outside_max=%s "
        "overhang_p95=%s overhang_max=%s step_ms=%s bytes_ratio=%s step_ratio=%s\n",
        mesh.c_str(), f.contender, f.compound->shapes.size(), f.compound->kinds.c_str(), f.compound->bytes,
        fixed(f.fit.outside.max, 4).c_str(), fixed(f.fit.overhang.p95, 4).c_str(),
        fixed(f.fit.overhang.max, 4).c_str(), fixed(f.stepMs, 3).c_str(),
        fixed(double(f.compound->bytes) / double(std::max<size_t>(1, vhacd.compound->bytes)), 3).c_str(),
        fixed(vhacd.stepMs > 0 ? f.stepMs / vhacd.stepMs : 0, 3).c_str());
}

/// The goal on one mesh: no larger overhang p95, at most a third of the bytes, at most half the step time.
bool goalMet(const Figures& ours, const Figures& vhacd)
{
    return ours.fit.overhang.p95 <= vhacd.fit.overhang.p95 &&
           3 * ours.compound->bytes <= vhacd.compound->bytes && 2 * ours.stepMs <= vhacd.stepMs;
}

int failed(const std::string& mesh, const Diagnostics& diagnostics)
{
    std::printf("bench=primitive_parts mesh=%s error=\"%s\"\n", mesh.c_str(),
                diagnostics.empty() ? "?" : diagnostics[0].message.c_str());
    return -1;
}

/// The three contenders on one mesh; -1 on an error, else whether the goal is met (1) or not (0).
int benchMesh(const std::string& name, const gltf::TriangleMesh& raw, int runs)
{
    const gltf::TriangleMesh mesh = normalised(raw);
    geometry::DecompositionOptions o;
    o.concavity = Concavity;
    o.maxParts = MaxParts;
    o.pointsPerPart = Cap;
    o.measure = false;
    auto d = geometry::decomposeConvex(mesh, o);
    if (!d)
        return failed(name, d.diagnostics);
    std::vector<gltf::TriangleMesh> hulls;
    for (const auto& p : d->parts)
        hulls.push_back(p.hull);
    geometry::PrimitivePartsOptions po;
    po.tolerance = Concavity; // of a diagonal of 1
    auto pp = geometry::fitPrimitiveParts(mesh, hulls, po);
    if (!pp)
        return failed(name, pp.diagnostics);
    const auto theirs = vhacdDecompose(mesh, MaxParts, Cap);
    if (theirs.empty())
        return failed(name, {makeError("VHACD_NO_HULLS", "V-HACD made no hulls")});
    const Compound primitive = primitiveCompound(*pp), hullOnly = hullCompound(hulls),
                   vhacd = hullCompound(theirs);
    std::vector<Figures> figures = {
        {"primitive_first", &primitive, {}, 0}, {"hull_only", &hullOnly, {}, 0}, {"vhacd", &vhacd, {}, 0}};
    const geometry::FitMeter meter(mesh);
    const std::vector<double> ms = stepMs({&primitive, &hullOnly, &vhacd}, runs);
    for (size_t k = 0; k < figures.size(); ++k) {
        auto m = meter.measure(figures[k].compound->fitParts);
        if (m)
            figures[k].fit = m->summary;
        figures[k].stepMs = ms[k];
    }
    for (const Figures& f : figures)
        printFigures(name, f, figures[2]);
    const bool met = goalMet(figures[0], figures[2]);
    std::printf("bench=primitive_parts mesh=%s triangles=%zu tolerance=%s goal=%s timed_runs=%d\n",
                name.c_str(), mesh.triangleCount(), fixed(Concavity, 3).c_str(), met ? "met" : "missed",
                runs);
    std::fflush(stdout);
    return met ? 1 : 0;
}

} // namespace

int runPrimitivePartsBenchmarks(int runs, bool quick)
{
    if (!haveVhacd()) {
        std::printf(
            "bench=primitive_parts error=\"V-HACD baseline missing: run scripts/setup.sh (npm vhacd-js)\"\n");
        return 1;
    }
    const int timedRuns = quick ? 1 : std::min(runs, 3);
    int status = 0, met = 0;
    for (const BenchMesh& m : benchMeshes()) {
        const int r = m.mesh.triangleCount() == 0 ? failed(m.name, {makeError("UNREADABLE", "unreadable")})
                                                  : benchMesh(m.name, m.mesh, timedRuns);
        status = r < 0 ? 1 : status;
        met += r > 0 ? 1 : 0;
    }
    std::printf("bench=primitive_parts_goal bench_meshes=5 met=%d needed=4 verdict=%s\n", met,
                met >= 4 ? "met" : "not_met");
    const std::filesystem::path models(CS_ASSIMP_MODELS_DIR);
    for (const auto& [name, file] :
         {std::pair{"spider", "STL/Spider_binary.stl"}, {"duck", "Collada/duck.dae"}}) {
        const gltf::TriangleMesh mesh = assimpMesh(models / file);
        const int r = mesh.triangleCount() == 0 ? failed(name, {makeError("UNREADABLE", "unreadable")})
                                                : benchMesh(name, mesh, timedRuns);
        status = r < 0 ? 1 : status;
    }
    return status;
}

} // namespace cs::bench
