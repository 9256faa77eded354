// hull --enclose and add-colliders --enclose (issue 49, item 2): the written hull holds every vertex of the
// node's mesh (checked here against each of its triangles), its counts are within --max-points and
// --max-faces and match the report, and bad combinations are refused.
#include "CliRun.h"
#include "TestSupport.h"
#include "geometry/ConvexHull.h"
#include "geometry/MeshWriter.h"
#include "gltf/MeshTriangles.h"

#include <QTest>
#include <cmath>
#include <numbers>
#include <set>

using namespace cs;
using namespace cs::test;
namespace fs = std::filesystem;
using geometry::Vec3d;

namespace {

/// A UV sphere of radius 1 about (2, 1, 0), squashed to half height: smooth, so every face budget cuts.
gltf::TriangleMesh ellipsoid(int rings, int segments)
{
    gltf::TriangleMesh m;
    for (int r = 0; r <= rings; ++r) {
        const double polar = std::numbers::pi * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double a = 2 * std::numbers::pi * s / segments;
            m.positions.emplace_back(float(2 + std::sin(polar) * std::cos(a)),
                                     float(1 + 0.5 * std::cos(polar)), float(std::sin(polar) * std::sin(a)));
        }
    }
    auto at = [segments](int r, int s) { return std::uint32_t(r * segments + s % segments); };
    for (int r = 0; r < rings; ++r) {
        for (int s = 0; s < segments; ++s) {
            for (std::uint32_t v :
                 {at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r, s + 1)})
                m.indices.push_back(v);
        }
    }
    return m;
}

bool writeBall(const fs::path& path)
{
    gltf::GltfDocument g = loadJson(R"({"asset": {"version": "2.0"}, "nodes": [{"name": "Ball"}],
                                        "scenes": [{"nodes": [0]}], "scene": 0})");
    const auto mesh = geometry::addTriangleMesh(g, ellipsoid(48, 64), "Ball");
    if (!mesh)
        return false;
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return !hasErrors(gltf::saveGltf(g, path));
}

/// The largest distance of a vertex of `mesh` beyond the plane of a triangle of `hull`.
double worstOutside(const gltf::TriangleMesh& hull, const gltf::TriangleMesh& mesh)
{
    double worst = -HUGE_VAL;
    for (size_t t = 0; t < hull.indices.size(); t += 3) {
        const Vec3d a(hull.positions[hull.indices[t]]);
        const Vec3d n = geometry::normalized(geometry::cross(Vec3d(hull.positions[hull.indices[t + 1]]) - a,
                                                             Vec3d(hull.positions[hull.indices[t + 2]]) - a));
        for (const QVector3D& p : mesh.positions)
            worst = std::max(worst, geometry::dot(n, Vec3d(p) - a));
    }
    return worst;
}

size_t distinct(const gltf::TriangleMesh& m)
{
    std::set<std::array<float, 3>> seen;
    for (const QVector3D& p : m.positions)
        seen.insert({p.x(), p.y(), p.z()});
    return seen.size();
}

} // namespace

class TestEncloseCli : public QObject
{
    Q_OBJECT

    TempDir m_dir;
    fs::path m_ball;

    /// Runs `command` (hull or add-colliders) with --enclose and the budget on the ball; checks the written
    /// hull against the ball's every vertex and the JSON report's counts.
    void checkEnclosed(const QStringList& command, int maxPoints, int maxFaces)
    {
        const fs::path out =
            m_dir / ("out-" + std::to_string(maxPoints) + "-" + std::to_string(maxFaces) + ".glb");
        QStringList args = command;
        args << qpath(m_ball) << QStringLiteral("--enclose") << QStringLiteral("--max-points")
             << QString::number(maxPoints) << QStringLiteral("--max-faces") << QString::number(maxFaces)
             << QStringLiteral("-o") << qpath(out) << QStringLiteral("--json");
        const CliRun run = runCollidoscope(args);
        QVERIFY2(run.exit == 0, (run.out + run.err).c_str());
        const gltf::Json report = gltf::Json::parse(run.out);
        QCOMPARE(report["colliders"].size(), size_t(1));
        const gltf::Json& c = report["colliders"][0];
        QVERIFY2(c.contains("enclosing"), c.dump().c_str());
        const gltf::Json& e = c["enclosing"];
        auto doc = gltf::loadGltf(out);
        QVERIFY(doc);
        const auto ball = gltf::meshTriangles(*doc, 0);
        const auto hull = gltf::meshTriangles(*doc, c["shape"]["convex"]["mesh"].get<size_t>());
        QVERIFY(ball && hull);
        QVERIFY(worstOutside(*hull, *ball) <= 1e-6 * 2.5); // the ball's bounding-box diagonal is below 2.5
        QVERIFY(distinct(*hull) <= size_t(maxPoints));
        QCOMPARE(distinct(*hull), e["vertices"].get<size_t>());
        QVERIFY(e["faces"].get<int>() <= maxFaces);
        QCOMPARE(hull->triangleCount(), e["triangles"].get<size_t>());
        const double volume = geometry::meshVolume(*hull);
        QVERIFY(std::fabs(volume - e["volume"].get<double>()) <= 1e-6 * volume);
        QVERIFY(e["addedOverHull"].get<double>() >= 0);
        QVERIFY(std::fabs(e["addedOverHull"].get<double>() - (volume / e["hullVolume"].get<double>() - 1)) <=
                1e-6);
        QVERIFY(std::fabs(e["addedOverOrientedBox"].get<double>() -
                          (volume / e["orientedBoxVolume"].get<double>() - 1)) <= 1e-6);
    }

private slots:
    void initTestCase() { QVERIFY(writeBall(m_ball = m_dir / "ball.glb")); }

    void hullEnclosesAtEveryBudget()
    {
        for (int faces : {6, 18, 64, 255})
            checkEnclosed({QStringLiteral("hull"), QStringLiteral("--node"), QStringLiteral("Ball")}, 255,
                          faces);
        for (int points : {8, 32})
            checkEnclosed({QStringLiteral("hull"), QStringLiteral("--node"), QStringLiteral("Ball")}, points,
                          255);
    }

    void addCollidersEncloses()
    {
        checkEnclosed({QStringLiteral("add-colliders"), QStringLiteral("--strategy"), QStringLiteral("hull")},
                      64, 18);
        const CliRun text = runCollidoscope(
            {QStringLiteral("add-colliders"), qpath(m_ball), QStringLiteral("--strategy"),
             QStringLiteral("hull"), QStringLiteral("--enclose"), QStringLiteral("--max-faces"),
             QStringLiteral("18"), QStringLiteral("-o"), qpath(m_dir / "text.glb")});
        QCOMPARE(text.exit, 0);
        QVERIFY2(text.out.find("encloses every vertex") != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("against the oriented box") != std::string::npos, text.out.c_str());
    }

    void badCombinationsAreRefused()
    {
        const QString in = qpath(m_ball), out = qpath(m_dir / "bad.glb");
        const QString hull = QStringLiteral("hull"), node = QStringLiteral("--node"),
                      ball = QStringLiteral("Ball");
        EXPECT_CLI_EXIT(runCollidoscope({hull, in, node, ball, QStringLiteral("--max-faces"),
                                         QStringLiteral("18"), QStringLiteral("-o"), out}),
                        2);
        EXPECT_CLI_EXIT(
            runCollidoscope({hull, in, node, ball, QStringLiteral("--enclose"), QStringLiteral("--max-faces"),
                             QStringLiteral("3"), QStringLiteral("-o"), out}),
            2);
        EXPECT_CLI_EXIT(runCollidoscope({hull, in, node, ball, QStringLiteral("--enclose"),
                                         QStringLiteral("--max-points"), QStringLiteral("300"),
                                         QStringLiteral("-o"), out}),
                        2);
        EXPECT_CLI_EXIT(
            runCollidoscope({QStringLiteral("add-colliders"), in, QStringLiteral("--strategy"),
                             QStringLiteral("box"), QStringLiteral("--enclose"), QStringLiteral("-o"), out}),
            2);
    }
};

QTEST_GUILESS_MAIN(TestEncloseCli)
#include "TestEncloseCli.moc"
