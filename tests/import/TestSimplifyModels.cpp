// Simplified collision meshes of Debian's assimp test models: fewer triangles, and the deviation within the
// asked error, checked by brute force on the models' own vertices (not through the measurement under test).
#include "ImportTestUtil.h"
#include "TestSupport.h"
#include "geometry/MeshBvh.h"
#include "geometry/MeshSimplify.h"
#include "gltf/MeshTriangles.h"
#include "import/AssetImporter.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::test;
using geometry::Vec3d;

class TestSimplifyModels : public QObject
{
    Q_OBJECT

private slots:
    void modelsFallWithinError_data();
    void modelsFallWithinError();
};

void TestSimplifyModels::modelsFallWithinError_data()
{
    QTest::addColumn<QString>("fixture");
    for (const char* f :
         {"OBJ/spider.obj", "STL/Spider_binary.stl", "OBJ/regr01.obj", "STL/3DSMaxExport.STL"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestSimplifyModels::modelsFallWithinError()
{
    QFETCH(QString, fixture);
    if (!modelsAvailable())
        QFAIL("assimp-testmodels is not installed: scripts/setup.sh installs it (scripts/packages.txt)");
    auto doc = import::importAsset(model(fixture.toStdString()));
    QVERIFY2(doc, describe(doc.diagnostics).c_str());
    gltf::TriangleMesh all;
    for (size_t m = 0; m < doc->json()["meshes"].size(); ++m) {
        auto triangles = gltf::meshTriangles(*doc, m);
        QVERIFY(triangles);
        all.append(*triangles);
    }
    QVERIFY(all.triangleCount() >= 500);
    Vec3d lo(all.positions[0]), hi = lo;
    for (const QVector3D& p : all.positions) {
        lo = geometry::minOf(lo, Vec3d(p));
        hi = geometry::maxOf(hi, Vec3d(p));
    }
    geometry::SimplifyOptions o;
    o.maxError = 0.01 * geometry::length(hi - lo);
    auto s = geometry::simplifyMesh(all, o);
    QVERIFY(s);
    QVERIFY2(s->trianglesAfter < s->trianglesBefore,
             qPrintable(QString("%1 -> %2").arg(s->trianglesBefore).arg(s->trianglesAfter)));
    QVERIFY(s->deviation <= o.maxError);
    // Brute force both ways on a subset: the model's vertices near the copy, the copy's vertices near the
    // model.
    const auto original = geometry::triangleCorners(all), copy = geometry::triangleCorners(s->mesh);
    for (size_t i = 0; i < all.positions.size(); i += 13)
        QVERIFY(geometry::bruteForceDistance(copy, Vec3d(all.positions[i])) <= o.maxError);
    for (size_t i = 0; i < s->mesh.positions.size(); i += 5)
        QVERIFY(geometry::bruteForceDistance(original, Vec3d(s->mesh.positions[i])) <= o.maxError);
    qInfo("%s: %zu -> %zu triangles, deviation %.3g (max %.3g)", qPrintable(fixture), s->trianglesBefore,
          s->trianglesAfter, s->deviation, o.maxError);
}

QTEST_GUILESS_MAIN(TestSimplifyModels)
#include "TestSimplifyModels.moc"
