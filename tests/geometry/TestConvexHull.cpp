// The capped convex hull: structure (closed, convex, outward, vertices are input points), volumes against
// qhull and closed forms, quality figures against brute force, bad input, progress and cancel, and writing
// the hull into a glTF document.
#include "GeometryTestUtil.h"
#include "QhullReference.h"
#include "TestSupport.h"
#include "geometry/ConvexHull.h"
#include "geometry/MeshWriter.h"
#include "gltf/Accessors.h"
#include "gltf/MeshTriangles.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <set>

using namespace cs;
using namespace cs::geometry;
using test::boxMesh;

namespace {

Result<ConvexHull> hullOf(const std::vector<Vec3d>& points, int cap = 255, bool conservative = false)
{
    ConvexHullOptions o;
    o.maxVertices = cap;
    o.conservative = conservative;
    return generateConvexHull(points, o);
}

std::string codeOf(const Result<ConvexHull>& r)
{
    return r.diagnostics.empty() ? std::string() : r.diagnostics.front().code;
}

std::vector<Vec3d> meshPoints(const gltf::TriangleMesh& mesh)
{
    std::vector<Vec3d> out;
    appendPoints(out, mesh);
    return out;
}

} // namespace

class TestConvexHull : public QObject
{
    Q_OBJECT

private slots:
    void cubeWithInteriorPointsIsTheCube()
    {
        auto points = test::pointsInBox(2000, {-1, -2, -3}, {1, 2, 3}, 1);
        const auto corners = meshPoints(boxMesh({-1, -2, -3}, {1, 2, 3}));
        points.insert(points.end(), corners.begin(), corners.end());
        auto r = hullOf(points);
        QVERIFY(r);
        QCOMPARE(r->quality.vertexCount, size_t(8));
        QVERIFY(!r->quality.capped);
        QVERIFY(std::fabs(r->quality.volume - 48.0) < 1e-9);
        QVERIFY(std::fabs(meshVolume(r->mesh) - 48.0) < 1e-4);
        QVERIFY(test::isClosedManifold(r->mesh));
        QVERIFY(test::isConvexOutward(r->mesh, 1e-6));
        QCOMPARE(r->quality.volumeRatio, 1.0);
        QCOMPARE(r->quality.maxOutsideDistance, 0.0);
    }

    void cappedSphereAgainstQhull()
    {
        const auto points = test::pointsOnSphere(5000, 2.0, 2);
        const test::QhullHull reference = test::qhullHull(points);
        QVERIFY(reference.ok);
        for (int cap : {4, 5, 12, 64, 255}) {
            auto r = hullOf(points, cap);
            QVERIFY(r);
            QVERIFY(r->quality.vertexCount <= size_t(cap));
            QVERIFY(r->quality.vertexCount >= 4);
            QVERIFY(r->quality.capped);
            QVERIFY(test::isClosedManifold(r->mesh));
            QVERIFY(test::isConvexOutward(r->mesh, 1e-5));
            // The uncapped volume is the true hull's (qhull's), and the ratio is below 1.
            QVERIFY(std::fabs(r->quality.uncappedVolume - reference.volume) < 1e-9 * reference.volume);
            QVERIFY(r->quality.volumeRatio < 1.0);
            QVERIFY(std::fabs(r->quality.volume - meshVolume(r->mesh)) < 1e-5 * r->quality.volume);
            // The reported outside distance is the brute-force one (the float output shifts it slightly).
            const double brute = test::maxBeyondFaces(r->mesh, points);
            QVERIFY2(std::fabs(r->quality.maxOutsideDistance - brute) < 1e-5,
                     qPrintable(QString("%1 vs %2").arg(r->quality.maxOutsideDistance).arg(brute)));
            QVERIFY(std::fabs(r->quality.outsideRatio - brute / r->quality.diagonal) < 1e-5);
        }
        // At 255 vertices on a sphere the inner hull keeps > 97% of the volume, and no point is further out
        // than 0.5% of the diagonal (the ideal 255-point spread, a Fibonacci lattice, keeps 97.7%).
        auto r = hullOf(points, 255);
        QVERIFY(r->quality.volumeRatio > 0.97);
        QVERIFY(r->quality.outsideRatio < 0.005);
    }

    void innerHullVerticesAreInputPoints()
    {
        const auto points = test::pointsOnSphere(3000, 1.0, 3);
        std::set<std::tuple<float, float, float>> input;
        for (const Vec3d& p : points) {
            const QVector3D q = p.toQt();
            input.insert({q.x(), q.y(), q.z()});
        }
        auto r = hullOf(points, 40);
        QVERIFY(r);
        QCOMPARE(r->mesh.positions.size(), size_t(40));
        for (const QVector3D& v : r->mesh.positions)
            QVERIFY(input.count({v.x(), v.y(), v.z()}) == 1);
    }

    void conservativeHullContainsEveryPoint()
    {
        auto points = test::pointsOnSphere(4000, 3.0, 4);
        const auto box = test::pointsInBox(500, {-1, -1, -1}, {1, 1, 1}, 5);
        points.insert(points.end(), box.begin(), box.end());
        const test::QhullHull reference = test::qhullHull(points);
        auto r = hullOf(points, 60, true);
        QVERIFY(r);
        QVERIFY(r->quality.vertexCount <= 60);
        QVERIFY(test::isClosedManifold(r->mesh));
        QVERIFY(test::maxBeyondFaces(r->mesh, points) <= 1e-6 * r->quality.diagonal);
        QVERIFY(r->quality.volume >= reference.volume);
        QVERIFY(r->quality.volumeRatio >= 1.0);
        QCOMPARE(r->quality.maxOutsideDistance, 0.0);
    }

    void realMeshesMatchQhull()
    {
        for (const char* file : {"spec/omi/OMI_physics_shape/examples/trimesh/concave_trimesh.gltf",
                                 "spec/omi/other/rocket_ship.gltf"}) {
            auto doc = gltf::loadGltf(test::dataPath(file));
            QVERIFY(doc);
            std::vector<Vec3d> points;
            for (size_t m = 0; m < doc->count("meshes"); ++m) {
                auto mesh = gltf::meshTriangles(*doc, m);
                if (mesh)
                    appendPoints(points, *mesh);
            }
            const test::QhullHull reference = test::qhullHull(points);
            auto r = hullOf(points, 255);
            QVERIFY(r);
            QVERIFY(std::fabs(r->quality.uncappedVolume - reference.volume) < 1e-6 * reference.volume);
            QVERIFY(r->quality.volumeRatio > 0.99);
        }
        // The sample's rock: 960 points; capped at 32 it must still hold most of its hull.
        auto sample = gltf::loadGltf(CS_SAMPLE_FILE);
        QVERIFY(sample);
        auto rock = gltf::meshTriangles(*sample, 7);
        QVERIFY(rock);
        const auto points = meshPoints(*rock);
        auto r = hullOf(points, 32);
        QVERIFY(r);
        QVERIFY(r->quality.vertexCount <= 32);
        QVERIFY(std::fabs(r->quality.uncappedVolume - test::qhullHull(points).volume) <
                1e-6 * r->quality.uncappedVolume);
        QVERIFY(r->quality.volumeRatio > 0.9);
    }

    void duplicatesAndDegenerateSets()
    {
        std::vector<Vec3d> dup;
        for (int k = 0; k < 50; ++k) {
            for (const Vec3d& c : meshPoints(boxMesh({0, 0, 0}, {1, 1, 1})))
                dup.push_back(c);
        }
        auto r = hullOf(dup);
        QVERIFY(r);
        QCOMPARE(r->quality.vertexCount, size_t(8));
        QVERIFY(std::fabs(r->quality.volume - 1.0) < 1e-12);

        QCOMPARE(codeOf(hullOf({})), std::string("HULL_TOO_FEW_POINTS"));
        QCOMPARE(codeOf(hullOf({{1, 2, 3}})), std::string("HULL_TOO_FEW_POINTS"));
        QCOMPARE(codeOf(hullOf({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}})),
                 std::string("HULL_TOO_FEW_POINTS"));
        std::vector<Vec3d> line, plane;
        for (int i = 0; i < 20; ++i) {
            line.push_back({i * 0.1, i * 0.2, -i * 0.3});
            plane.push_back({std::cos(i * 0.7) * i, std::sin(i * 0.7) * i, 2 * std::cos(i * 0.7) * i});
        }
        QCOMPARE(codeOf(hullOf(line)), std::string("HULL_COLLINEAR"));
        QCOMPARE(codeOf(hullOf(plane)), std::string("HULL_COPLANAR"));
        QCOMPARE(codeOf(hullOf(dup, 3)), std::string("HULL_BAD_CAP"));
        // Three distinct points, repeated: still no volume.
        QCOMPARE(codeOf(hullOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 0}})),
                 std::string("HULL_COPLANAR"));
    }

    void nonFiniteInputIsAnError()
    {
        for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity()}) {
            auto points = test::pointsInBox(100, {0, 0, 0}, {1, 1, 1}, 6);
            points[42].y = bad;
            auto r = hullOf(points);
            QVERIFY(!r);
            QCOMPARE(codeOf(r), std::string("HULL_NONFINITE_POINT"));
            QVERIFY(r.diagnostics.front().message.find("42") != std::string::npos);
        }
        // Finite coordinates whose extent overflows a double.
        auto r = hullOf({{-1e308, 0, 0}, {1e308, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        QCOMPARE(codeOf(r), std::string("HULL_NONFINITE_POINT"));
    }

    void hugeTinyAndFarCoordinates()
    {
        for (double scale : {1e-30, 1e-6, 1e6, 1e30}) {
            std::vector<Vec3d> points;
            for (const Vec3d& p : test::pointsOnSphere(2000, 1.0, 7))
                points.push_back(p * scale);
            const test::QhullHull reference = test::qhullHull(points);
            auto r = hullOf(points, 100);
            QVERIFY2(r, qPrintable(QString::number(scale)));
            QVERIFY(r->quality.vertexCount <= 100);
            QVERIFY(std::fabs(r->quality.uncappedVolume / reference.volume - 1) < 1e-9);
            QVERIFY(r->quality.volumeRatio > 0.9 && r->quality.volumeRatio < 1);
            QVERIFY(r->quality.outsideRatio < 0.02);
        }
        // A 1 m cube 10 km away, in double: the tolerance follows the coordinates, the volume stays right.
        std::vector<Vec3d> far;
        for (const Vec3d& p : test::pointsInBox(3000, {1e4, 1e4, 1e4}, {1e4 + 1, 1e4 + 1, 1e4 + 1}, 8))
            far.push_back(p);
        for (const Vec3d& c : meshPoints(boxMesh({0, 0, 0}, {1, 1, 1})))
            far.push_back(c + Vec3d{1e4, 1e4, 1e4});
        auto r = hullOf(far);
        QVERIFY(r);
        QVERIFY(std::fabs(r->quality.volume - 1.0) < 1e-6);
    }

    void progressAndCancel()
    {
        const auto points = test::pointsOnSphere(20000, 1.0, 9);
        std::vector<double> seen;
        ConvexHullOptions o;
        o.progress = [&seen](double f) { seen.push_back(f); };
        auto r = generateConvexHull(points, o);
        QVERIFY(r);
        QVERIFY(seen.size() >= 3);
        QCOMPARE(seen.back(), 1.0);
        for (size_t i = 1; i < seen.size(); ++i)
            QVERIFY(seen[i] >= seen[i - 1] && seen[i] <= 1.0);

        std::atomic<bool> cancel{true};
        o.progress = {};
        o.cancel = &cancel;
        auto cancelled = generateConvexHull(points, o);
        QVERIFY(!cancelled);
        QCOMPARE(codeOf(cancelled), std::string("HULL_CANCELLED"));
    }

    void hullBecomesAGltfMesh()
    {
        auto doc =
            gltf::loadGltf(test::dataPath("spec/omi/OMI_physics_shape/examples/convex/convex_hull.gltf"));
        QVERIFY(doc);
        const size_t meshes = doc->count("meshes"), accessors = doc->count("accessors");
        const gltf::Json before = doc->json()["accessors"];
        const size_t oldBytes = doc->buffers()[0].data.size();
        auto r = hullOf(test::pointsOnSphere(500, 1.5, 10), 30);
        QVERIFY(r);
        auto added = addTriangleMesh(*doc, r->mesh, "Hull");
        QVERIFY(added);
        QCOMPARE(*added, meshes);
        QCOMPARE(doc->count("accessors"), accessors + 2);
        QVERIFY(doc->json()["accessors"][0] == before[0]);
        QVERIFY(std::equal(
            doc->buffers()[0].data.begin(), doc->buffers()[0].data.begin() + long(oldBytes),
            test::readBytes(test::dataPath("spec/omi/OMI_physics_shape/examples/convex/convex_hull0.bin"))
                .begin()));
        QCOMPARE(doc->json()["buffers"][0]["byteLength"].get<size_t>(), doc->buffers()[0].data.size());
        checkWrittenMesh(*doc, *added, r->mesh);

        // Saved and loaded again as .glb, the mesh is the same and the file passes the glTF structure checks.
        test::TempDir dir;
        QVERIFY(!hasErrors(gltf::saveGltf(*doc, dir / "hull.glb")));
        auto again = gltf::loadGltf(dir / "hull.glb");
        QVERIFY(again && !hasErrors(again.diagnostics));
        checkWrittenMesh(*again, *added, r->mesh);
    }

    void hullIntoAnEmptyDocument()
    {
        gltf::GltfDocument doc;
        doc.json()["asset"] = {{"version", "2.0"}};
        const gltf::TriangleMesh cube = boxMesh({-1, 0, -1}, {1, 2, 1});
        auto added = addTriangleMesh(doc, cube, "");
        QVERIFY(added);
        QCOMPARE(*added, size_t(0));
        QCOMPARE(doc.buffers().size(), size_t(1));
        checkWrittenMesh(doc, 0, cube);
        QVERIFY(!addTriangleMesh(doc, gltf::TriangleMesh{}, "empty"));
    }

private:
    void checkWrittenMesh(const gltf::GltfDocument& doc, size_t mesh, const gltf::TriangleMesh& expected)
    {
        const gltf::Json& m = doc.json()["meshes"][mesh];
        QCOMPARE(m["primitives"].size(), size_t(1));
        QVERIFY(!m["primitives"][0].contains("material"));
        auto read = gltf::meshTriangles(doc, mesh);
        QVERIFY(read);
        QCOMPARE(read->positions, expected.positions);
        QCOMPARE(read->indices, expected.indices);
        const gltf::Json& accessor =
            doc.json()["accessors"][m["primitives"][0]["attributes"]["POSITION"].get<size_t>()];
        for (int k = 0; k < 3; ++k) {
            float lo = HUGE_VALF, hi = -HUGE_VALF;
            for (const QVector3D& p : expected.positions) {
                lo = std::min(lo, p[k]);
                hi = std::max(hi, p[k]);
            }
            QCOMPARE(accessor["min"][k].get<float>(), lo);
            QCOMPARE(accessor["max"][k].get<float>(), hi);
        }
    }
};

QTEST_GUILESS_MAIN(TestConvexHull)
#include "TestConvexHull.moc"
