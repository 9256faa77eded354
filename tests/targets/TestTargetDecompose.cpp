// upgrade --target for targets that do not read a triangle mesh collider in a dynamic body as the spec means
// (issue 35): the trimesh becomes a compound of convex parts that covers the mesh, the body's mass is kept,
// each replacement is listed with its pointer, a second export and the `spec` export change nothing, and a
// static body's trimesh stays. The decompositions report progress, stop on a cancel and keep to a time
// budget (`--max-seconds`, issue 52).
#include "CliRun.h"
#include "ConcaveMeshes.h"
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "geometry/MeshWriter.h"
#include "gltf/MeshTriangles.h"
#include "targets/TargetExport.h"

#include <QQuaternion>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;

namespace {

constexpr const char* kBodies = "KHR_physics_rigid_bodies";

/// A closed L-shaped prism: the L (0,0)-(2,0)-(2,1)-(1,1)-(1,2)-(0,2) in XY, 1 m deep along Z, outward faces.
gltf::TriangleMesh lPrism()
{
    const float xy[6][2] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    gltf::TriangleMesh m;
    for (float z : {0.0f, 1.0f})
        for (const auto& p : xy)
            m.positions.emplace_back(p[0], p[1], z);
    // The caps as a fan from the reflex corner 3, which sees every other corner.
    for (std::uint32_t i : {4u, 5u, 0u, 1u}) {
        m.indices.insert(m.indices.end(), {3 + 6, i + 6, (i + 1) % 6 + 6}); // top, counter-clockwise from +Z
        m.indices.insert(m.indices.end(), {3, (i + 1) % 6, i});             // bottom, reversed
    }
    for (std::uint32_t i = 0; i < 6; ++i) {
        const std::uint32_t j = (i + 1) % 6;
        m.indices.insert(m.indices.end(), {i, j, j + 6});
        m.indices.insert(m.indices.end(), {i, j + 6, i + 6});
    }
    return m;
}

/// `root` with `mesh` added as its mesh 0, written as .glb (named `name`); empty when that failed.
fs::path withMesh(const TempDir& dir, const Json& root, const gltf::TriangleMesh& mesh,
                  const std::string& name)
{
    writeText(dir / (name + ".gltf"), root.dump());
    auto doc = gltf::loadGltf(dir / (name + ".gltf"), {.loadImages = false, .checkStructure = false});
    if (!doc || !geometry::addTriangleMesh(*doc, mesh, "L"))
        return {};
    const fs::path out = dir / (name + ".glb");
    return gltf::saveGltf(*doc, out).empty() ? out : fs::path();
}

/// KHR nodes whose colliders are meshes (no implicit shapes).
Json meshDocument(const Json& nodes)
{
    Json root = khrDocument(Json::array(), nodes);
    root["extensions"].erase("KHR_implicit_shapes");
    root["extensionsUsed"] = Json::array({kBodies});
    return root;
}

/// Node 0: a dynamic body of 3 kg whose collider is the L prism as a trimesh; node 1: a static trimesh of
/// the same mesh, 10 m away.
fs::path lSource(const TempDir& dir)
{
    Json body = Json::object();
    body["motion"] = {{"mass", 3.0}};
    body["collider"] = {{"geometry", {{"mesh", 0}}}};
    Json ground = Json::object();
    ground["collider"] = {{"geometry", {{"mesh", 0}}}};
    Json root = meshDocument(Json::array({body, ground}));
    root["nodes"][1]["translation"] = {10.0, 0.0, 0.0};
    return withMesh(dir, root, lPrism(), "in");
}

/// Node 0: a dynamic body whose collider is the 48-segment bowl as a trimesh.
fs::path bowlSource(const TempDir& dir)
{
    Json body = Json::object();
    body["motion"] = {{"mass", 1.0}};
    body["collider"] = {{"geometry", {{"mesh", 0}}}};
    return withMesh(dir, meshDocument(Json::array({body})), bowlMesh(), "bowl");
}

CliRun upgrade(const fs::path& in, const fs::path& out, const QString& option, const char* value)
{
    return runCollidoscope({QStringLiteral("upgrade"), qpath(in), QStringLiteral("-o"), qpath(out), option,
                            QString::fromLatin1(value)});
}

std::string bytesOf(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// A convex hull's outward face planes (unit normal n, offset d: n.x <= d inside).
struct Plane
{
    QVector3D n;
    float d;
};

std::vector<Plane> planesOf(const gltf::TriangleMesh& hull)
{
    std::vector<Plane> planes;
    for (size_t t = 0; t < hull.triangleCount(); ++t) {
        const QVector3D a = hull.positions[hull.indices[3 * t]], b = hull.positions[hull.indices[3 * t + 1]],
                        c = hull.positions[hull.indices[3 * t + 2]];
        const QVector3D n = QVector3D::crossProduct(b - a, c - a);
        if (n.length() > 1e-9f)
            planes.push_back({n.normalized(), QVector3D::dotProduct(n.normalized(), a)});
    }
    return planes;
}

/// How far `p` lies outside the convex hull with these planes (<= 0 inside).
float outside(const std::vector<Plane>& planes, const QVector3D& p)
{
    float worst = -1e30f;
    for (const Plane& f : planes)
        worst = std::max(worst, QVector3D::dotProduct(f.n, p) - f.d);
    return worst;
}

/// Where the corners of the L (in node 0's space) are after `seconds` of the tool's own simulation of `file`;
/// empty when it did not run.
std::vector<QVector3D> lCornersAfter(const fs::path& file, const char* seconds)
{
    const CliRun r = runCollidoscope({QStringLiteral("simulate"), qpath(file), QStringLiteral("--seconds"),
                                      QString::fromLatin1(seconds), QStringLiteral("--json")});
    if (r.exit != 0)
        return {};
    const Json report = Json::parse(r.out);
    for (const Json& body : report["bodies"]) {
        if (body["node"] != 0)
            continue;
        const Json& t = body["translation"];
        const Json& q = body["rotation"];
        const QQuaternion turn(q[3].get<float>(), q[0].get<float>(), q[1].get<float>(), q[2].get<float>());
        const QVector3D at(t[0].get<float>(), t[1].get<float>(), t[2].get<float>());
        std::vector<QVector3D> corners;
        for (const QVector3D& p : lPrism().positions)
            corners.push_back(at + turn.rotatedVector(p));
        return corners;
    }
    return {};
}

} // namespace

class TestTargetDecompose : public QObject
{
    Q_OBJECT

private slots:
    void dynamicTrimeshBecomesConvexParts()
    {
        TempDir dir;
        const fs::path in = lSource(dir);
        QVERIFY(!in.empty());
        const fs::path out = dir / "out.glb";
        const CliRun r = upgrade(in, out, QStringLiteral("--target"), "babylon-havok");
        EXPECT_CLI_EXIT(r, 0);
        const std::string line = "TARGET_CHANGED at /nodes/0/extensions/KHR_physics_rigid_bodies/collider: "
                                 "triangle mesh collider in a dynamic body replaced";
        QVERIFY2(r.out.find(line) != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("/nodes/1/") == std::string::npos, r.out.c_str()); // the static trimesh stays

        auto doc = gltf::loadGltf(out);
        QVERIFY(doc);
        const Json& nodes = doc->json()["nodes"];
        QCOMPARE(nodes[0]["extensions"][kBodies]["motion"]["mass"].get<double>(), 3.0);
        const Json& fixed = nodes[1]["extensions"][kBodies]["collider"]["geometry"];
        QCOMPARE(fixed["mesh"].get<int>(), 0);
        QVERIFY(!fixed.value("convexHull", false));

        // The body's colliders: node 0 and its children, every one a convex hull of at most 255 points.
        std::vector<size_t> colliders = {0};
        for (const Json& child : nodes[0].value("children", Json::array()))
            colliders.push_back(child.get<size_t>());
        QVERIFY(colliders.size() >= 2); // the L is not convex: one hull cannot fit it
        std::vector<std::vector<Plane>> hulls;
        for (size_t n : colliders) {
            const Json& geometry = nodes[n]["extensions"][kBodies]["collider"]["geometry"];
            QVERIFY(geometry.value("convexHull", false));
            auto hull = gltf::meshTriangles(*doc, geometry["mesh"].get<size_t>());
            QVERIFY(hull);
            std::set<std::tuple<float, float, float>> points;
            for (const QVector3D& p : hull->positions)
                points.insert({p.x(), p.y(), p.z()});
            QVERIFY(points.size() <= 255);
            hulls.push_back(planesOf(*hull));
            for (const QVector3D& p : hull->positions) // convex: no point outside any face
                QVERIFY(outside(hulls.back(), p) < 1e-4f);
        }
        // The union covers the mesh: each corner of the L and the centre of each of its three unit cubes lies
        // in a part, within the decomposition's default concavity (3 % of the 3 m diagonal).
        const float tolerance = 0.03f * 3.0f;
        std::vector<QVector3D> probes = lPrism().positions;
        probes.insert(probes.end(), {{0.5f, 0.5f, 0.5f}, {1.5f, 0.5f, 0.5f}, {0.5f, 1.5f, 0.5f}});
        for (const QVector3D& p : probes) {
            float best = 1e30f;
            for (const auto& h : hulls)
                best = std::min(best, outside(h, p));
            QVERIFY2(best <= tolerance, qPrintable(QStringLiteral("(%1, %2, %3) uncovered by %4")
                                                       .arg(p.x())
                                                       .arg(p.y())
                                                       .arg(p.z())
                                                       .arg(best)));
        }
        // ... and does not fill the notch: the centre of the missing cube is outside every part.
        for (const auto& h : hulls)
            QVERIFY(outside(h, {1.5f, 1.5f, 0.5f}) > tolerance);

        // A second export finds nothing to replace.
        const CliRun again = upgrade(out, dir / "again.glb", QStringLiteral("--target"), "babylon-havok");
        EXPECT_CLI_EXIT(again, 0);
        QVERIFY2(again.out.find("triangle mesh") == std::string::npos, again.out.c_str());
        auto second = gltf::loadGltf(dir / "again.glb");
        QVERIFY(second);
        QCOMPARE(second->json()["nodes"].size(), nodes.size());
        QCOMPARE(second->json()["meshes"].size(), doc->json()["meshes"].size());
    }

    void specExportKeepsTheTrimesh()
    {
        // `spec` reads a dynamic trimesh as the spec means: its export is the plain KHR rewrite, byte for
        // byte.
        TempDir dir;
        const fs::path in = lSource(dir);
        QVERIFY(!in.empty());
        const CliRun spec = upgrade(in, dir / "spec.glb", QStringLiteral("--target"), "spec");
        EXPECT_CLI_EXIT(spec, 0);
        const CliRun plain = upgrade(in, dir / "plain.glb", QStringLiteral("--to"), "khr");
        EXPECT_CLI_EXIT(plain, 0);
        QVERIFY(bytesOf(dir / "spec.glb") == bytesOf(dir / "plain.glb"));
        QVERIFY(spec.out.find("triangle mesh") == std::string::npos);
    }
    void undecomposableMeshRefuses()
    {
        // A flat square has no volume: no convex part can stand in, so the export refuses (exit 1) and names
        // the collider; with --allow-loss the trimesh is written as it was.
        gltf::TriangleMesh square;
        square.positions = {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}};
        square.indices = {0, 2, 1, 0, 3, 2};
        Json body = Json::object();
        body["motion"] = {{"mass", 1.0}};
        body["collider"] = {{"geometry", {{"mesh", 0}}}};
        TempDir dir;
        const fs::path in = withMesh(dir, meshDocument(Json::array({body})), square, "flat");
        QVERIFY(!in.empty());
        const fs::path out = dir / "out.glb";
        const CliRun refused = upgrade(in, out, QStringLiteral("--target"), "babylon-havok");
        EXPECT_CLI_EXIT(refused, 1);
        QVERIFY2(refused.err.find("TARGET_LOSS at /nodes/0/extensions/KHR_physics_rigid_bodies/collider:") !=
                     std::string::npos,
                 refused.err.c_str());
        QVERIFY(!fs::exists(out));
        const CliRun allowed = runCollidoscope(
            {QStringLiteral("upgrade"), qpath(in), QStringLiteral("-o"), qpath(out),
             QStringLiteral("--target"), QStringLiteral("babylon-havok"), QStringLiteral("--allow-loss")});
        EXPECT_CLI_EXIT(allowed, 0);
        auto doc = gltf::loadGltf(out);
        QVERIFY(doc);
        const Json& geometry = doc->json()["nodes"][0]["extensions"][kBodies]["collider"]["geometry"];
        QCOMPARE(geometry["mesh"].get<int>(), 0);
        QVERIFY(!geometry.value("convexHull", false));
    }

    void exportRestsWhereTheOriginalDoes()
    {
        // The L (centre of mass at its centroid, (5/6, 5/6, 1/2)) dropped from 1 m onto a static box whose
        // top is y = 0: after 3 s its corners in the export are where they are in the original, within the 2
        // cm docs/simulation.md gives resting bodies, and the original lies on its long side on the box.
        Json body = Json::object();
        body["motion"] = {{"mass", 3.0}, {"centerOfMass", {5.0 / 6.0, 5.0 / 6.0, 0.5}}};
        body["collider"] = {{"geometry", {{"mesh", 0}}}};
        Json root = khrDocument(Json::array({{{"type", "box"}, {"box", {{"size", {20, 1, 20}}}}}}),
                                Json::array({body, khrCollider(0)}));
        root["nodes"][0]["translation"] = {0.0, 1.0, 0.0};
        root["nodes"][1]["translation"] = {0.0, -0.5, 0.0};
        TempDir dir;
        const fs::path in = withMesh(dir, root, lPrism(), "drop");
        QVERIFY(!in.empty());
        const fs::path out = dir / "out.glb";
        EXPECT_CLI_EXIT(upgrade(in, out, QStringLiteral("--target"), "babylon-havok"), 0);
        const std::vector<QVector3D> original = lCornersAfter(in, "3");
        const std::vector<QVector3D> exported = lCornersAfter(out, "3");
        QCOMPARE(original.size(), lPrism().positions.size());
        QCOMPARE(exported.size(), original.size());
        const float tolerance = 0.02f;
        for (size_t i = 0; i < original.size(); ++i) {
            QVERIFY2((exported[i] - original[i]).length() <= tolerance,
                     qPrintable(QStringLiteral("corner %1 differs by %2")
                                    .arg(i)
                                    .arg((exported[i] - original[i]).length())));
            if (lPrism().positions[i].y() == 0.0f) // the long side lies on the box
                QVERIFY(std::abs(original[i].y()) <= tolerance);
        }
    }

    // The export's decompositions report their progress, rising to 1; a cancel stops the export, which
    // then has nothing to write.
    void progressRisesAndCancelStops()
    {
        TempDir dir;
        const fs::path in = lSource(dir);
        QVERIFY(!in.empty());
        const targets::Target* havok = targets::findTarget("babylon-havok");
        QVERIFY(havok);
        auto doc = gltf::loadGltf(in);
        QVERIFY(doc);
        std::vector<double> reports;
        targets::ExportWork work;
        work.progress = [&reports](double f) { reports.push_back(f); };
        const targets::TargetExportResult done = targets::exportForTarget(*doc, *havok, work);
        QVERIFY(!done.unusable && !done.cancelled);
        QVERIFY(reports.size() >= 2);
        QVERIFY(std::is_sorted(reports.begin(), reports.end()));
        QCOMPARE(reports.front(), 0.0);
        QCOMPARE(reports.back(), 1.0);

        const std::atomic<bool> stop = true;
        work.cancel = &stop;
        const targets::TargetExportResult stopped = targets::exportForTarget(*doc, *havok, work);
        QVERIFY(stopped.cancelled);
        QVERIFY(stopped.unusable);
    }

    // --max-seconds: once the budget is spent the parts found so far are written, and the change says so
    // with how far the worst part stands off. A microsecond cannot hold even the bowl's voxel solid, so the
    // cut search never starts: one part, the bowl's hull.
    void timeBudgetIsKeptAndSaid()
    {
        TempDir dir;
        const fs::path in = bowlSource(dir);
        QVERIFY(!in.empty());
        const fs::path out = dir / "out.glb";
        const CliRun r =
            runCollidoscope({QStringLiteral("upgrade"), qpath(in), QStringLiteral("-o"), qpath(out),
                             QStringLiteral("--target"), QStringLiteral("babylon-havok"),
                             QStringLiteral("--max-seconds"), QStringLiteral("0.000001")});
        EXPECT_CLI_EXIT(r, 0);
        QVERIFY2(r.out.find("replaced by its convex decomposition: 1 convex part(s)") != std::string::npos,
                 r.out.c_str());
        QVERIFY2(r.out.find("stopped at the time budget of 1e-06 s: 1 part(s) so far") != std::string::npos,
                 r.out.c_str());
        auto doc = gltf::loadGltf(out);
        QVERIFY(doc);
        QVERIFY(doc->json()["nodes"][0].value("children", Json::array()).empty());
        // Without the option nothing is said of a budget (the L decomposes quickly).
        const CliRun whole =
            upgrade(lSource(dir), dir / "whole.glb", QStringLiteral("--target"), "babylon-havok");
        EXPECT_CLI_EXIT(whole, 0);
        QVERIFY2(whole.out.find("time budget") == std::string::npos, whole.out.c_str());
    }

    void maxSecondsIsCheckedAndNeedsATarget()
    {
        TempDir dir;
        const fs::path in = lSource(dir);
        QVERIFY(!in.empty());
        for (const char* bad : {"-1", "soon", "nan"}) {
            const CliRun r = runCollidoscope({QStringLiteral("upgrade"), qpath(in), QStringLiteral("-o"),
                                              qpath(dir / "x.glb"), QStringLiteral("--target"),
                                              QStringLiteral("godot-4.x"), QStringLiteral("--max-seconds"),
                                              QString::fromLatin1(bad)});
            EXPECT_CLI_EXIT(r, 2);
            QVERIFY2(r.err.find("--max-seconds takes a number of seconds") != std::string::npos,
                     r.err.c_str());
        }
        const CliRun alone = upgrade(in, dir / "y.glb", QStringLiteral("--max-seconds"), "5");
        EXPECT_CLI_EXIT(alone, 2);
        QVERIFY2(alone.err.find("give --target NAME too") != std::string::npos, alone.err.c_str());
        QVERIFY(!fs::exists(dir / "x.glb") && !fs::exists(dir / "y.glb"));
    }
};

QTEST_GUILESS_MAIN(TestTargetDecompose)
#include "TestTargetDecompose.moc"
