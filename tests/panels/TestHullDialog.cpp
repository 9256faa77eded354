// The convex hull dialog: results for its options (cap, inner/conservative, child meshes), the preview it
// announces in world space, runs cancelled when options change, Stop, Apply as one undo step, Cancel pushing
// nothing, and following the document while open. No viewport: the signals and figures are checked.
#include "KnurledCylinder.h"
#include "TestSupport.h"
#include "dialogs/HullDialog.h"
#include "document/Document.h"
#include "document/NodeCommands.h"
#include "geometry/MeshWriter.h"
#include "geometry/SimplifiedHull.h"

#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <cmath>
#include <random>

using namespace cs;
using ui::HullDialog;

namespace {

gltf::TriangleMesh uvSphere(int rings, int segments)
{
    gltf::TriangleMesh m;
    m.positions.push_back({0, 1, 0});
    for (int r = 1; r < rings; ++r) {
        const double phi = M_PI * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double theta = 2 * M_PI * s / segments;
            m.positions.push_back(QVector3D(float(std::sin(phi) * std::cos(theta)), float(std::cos(phi)),
                                            float(std::sin(phi) * std::sin(theta))));
        }
    }
    m.positions.push_back({0, -1, 0});
    const auto ring = [&](int r, int s) { return std::uint32_t(1 + (r - 1) * segments + (s % segments)); };
    const std::uint32_t bottom = std::uint32_t(m.positions.size() - 1);
    for (int s = 0; s < segments; ++s) {
        m.indices.insert(m.indices.end(), {0, ring(1, s + 1), ring(1, s)});
        m.indices.insert(m.indices.end(), {bottom, ring(rings - 1, s), ring(rings - 1, s + 1)});
    }
    for (int r = 1; r + 1 < rings; ++r) {
        for (int s = 0; s < segments; ++s) {
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r, s + 1), ring(r + 1, s + 1)});
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r + 1, s + 1), ring(r + 1, s)});
        }
    }
    return m;
}

gltf::TriangleMesh tetrahedron()
{
    gltf::TriangleMesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    m.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    return m;
}

// Points spread through a ball, joined into triangles so that every one is used.
gltf::TriangleMesh cloud(int count)
{
    std::mt19937 random(7);
    std::normal_distribution<float> normal;
    gltf::TriangleMesh m;
    for (int i = 0; i < count; ++i)
        m.positions.push_back(QVector3D(normal(random), normal(random), normal(random)));
    for (int i = 0; i + 2 < count; i += 3)
        m.indices.insert(m.indices.end(), {std::uint32_t(i), std::uint32_t(i + 1), std::uint32_t(i + 2)});
    return m;
}

// 0 Ball (UV sphere of radius 1 with 738 points) at (10, 0, 0); 1 Empty (no mesh) with child 2 Part
// (tetrahedron) at (0, 3, 0); 3 Cloud (30,000 points).
std::unique_ptr<document::Document> makeScene()
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "nodes": [
        {"name": "Ball", "translation": [10, 0, 0]},
        {"name": "Empty", "children": [2]},
        {"name": "Part", "translation": [0, 3, 0]},
        {"name": "Cloud"}
      ],
      "scenes": [{"nodes": [0, 1, 3]}],
      "scene": 0
    })");
    const gltf::TriangleMesh meshes[] = {uvSphere(24, 32), tetrahedron(), cloud(30000)};
    for (const auto& m : meshes) {
        if (!geometry::addTriangleMesh(g, m, "mesh"))
            qFatal("mesh not added");
    }
    g.json()["nodes"][0]["mesh"] = 0;
    g.json()["nodes"][2]["mesh"] = 1;
    g.json()["nodes"][3]["mesh"] = 2;
    g.setSourcePath({});
    return std::make_unique<document::Document>(std::move(g));
}

// 0 Knurled (a knurled cylinder, test::knurledCylinder) scaled by 2, with child 1 Part (a tetrahedron).
std::unique_ptr<document::Document> makeKnurledScene()
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "nodes": [{"name": "Knurled", "mesh": 0, "scale": [2, 2, 2], "children": [1]},
                {"name": "Part", "mesh": 1}],
      "scenes": [{"nodes": [0]}],
      "scene": 0
    })");
    if (!geometry::addTriangleMesh(g, test::knurledCylinder(256, 32, 40, 0.008), "knurled") ||
        !geometry::addTriangleMesh(g, tetrahedron(), "part"))
        qFatal("mesh not added");
    g.setSourcePath({});
    return std::make_unique<document::Document>(std::move(g));
}

constexpr int kWait = 60000;

} // namespace

class TestHullDialog : public QObject
{
    Q_OBJECT

private slots:
    void defaultHullOfASphere()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 0);
        QSignalSpy preview(&dialog, &HullDialog::previewChanged);
        QCOMPARE(dialog.maxPoints(), 255);
        QVERIFY(!dialog.conservative());
        QVERIFY(dialog.waitForResult(kWait));
        QCOMPARE(dialog.sourcePointCount(), size_t(738));
        QCOMPARE(dialog.pointCount(), 255);
        QVERIFY(dialog.capped());
        // A 255-point inner hull of a sphere keeps about 97% of the full hull's volume.
        QVERIFY2(dialog.volumeKept() > 0.95 && dialog.volumeKept() < 1.0,
                 QByteArray::number(dialog.volumeKept()));
        QVERIFY(dialog.maxOutsideDistance() > 0 && dialog.maxOutsideDistance() < 0.05);
        QVERIFY(dialog.errorText().isEmpty());
        // The fit: a point beyond a face plane is at least that far from the hull, and the inner hull's faces
        // lie within the sphere's tessellation of it.
        QVERIFY(dialog.fit());
        QVERIFY(dialog.fit()->outside.max >= dialog.maxOutsideDistance() - 1e-6);
        QVERIFY(dialog.fit()->outside.max < 0.1);
        QVERIFY(dialog.fit()->overhang.max < 0.1);
        QVERIFY(std::fabs(dialog.fit()->diagonal - 2 * std::sqrt(3.0)) < 0.01);

        // The preview: segments in world space, around the node at (10, 0, 0).
        QCOMPARE(preview.count(), 1);
        const auto segments = preview.at(0).at(0).value<std::vector<QVector3D>>();
        QVERIFY(segments.size() >= 2 * 255);
        QCOMPARE(segments.size() % 2, size_t(0));
        float maxX = -1e9f;
        for (const QVector3D& p : segments) {
            QVERIFY((p - QVector3D(10, 0, 0)).length() < 1.001f);
            maxX = std::max(maxX, p.x());
        }
        QVERIFY(maxX > 10.99f);
        QVERIFY(segments == dialog.previewSegments());
    }

    void capAndKindRecompute()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 0);
        QVERIFY(dialog.waitForResult(kWait));
        dialog.setMaxPoints(32);
        QVERIFY(!dialog.hasResult()); // the old result no longer stands
        QVERIFY(dialog.isComputing());
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.pointCount() <= 32);
        QVERIFY(dialog.pointCount() >= 30);
        const double inner = dialog.volumeKept();
        QVERIFY2(inner > 0.75 && inner < 0.97, QByteArray::number(inner));

        dialog.setConservative(true);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.pointCount() <= 32);
        QCOMPARE(dialog.maxOutsideDistance(), 0.0); // it contains every source point
        QVERIFY2(dialog.volumeKept() >= 1.0, QByteArray::number(dialog.volumeKept()));

        dialog.setMaxPoints(2); // the least is 4
        QCOMPARE(dialog.maxPoints(), 4);
        QVERIFY(dialog.waitForResult(kWait));
        QCOMPARE(dialog.pointCount(), 4);
    }

    void conservativeHasAFaceBudget()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 0);
        auto* faces = dialog.findChild<QSpinBox*>(QStringLiteral("maxFaces"));
        QVERIFY(faces && !faces->isEnabled()); // the inner hull caps points only
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(!dialog.enclosed());
        dialog.setConservative(true);
        QVERIFY(faces->isEnabled());
        dialog.setMaxFaces(18);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.enclosed());
        QVERIFY(dialog.enclosed()->faces <= 18);
        QCOMPARE(dialog.pointCount(), dialog.enclosed()->vertices);
        QCOMPARE(dialog.maxOutsideDistance(), 0.0);
        // Around a ball no 18 faces hold less than 1.198 times its volume (Fejes Toth's bound), and the
        // sphere's tessellation has less than the ball.
        QVERIFY2(dialog.volumeKept() > 1.198, QByteArray::number(dialog.volumeKept()));
        const QString text = dialog.findChild<QLabel*>(QStringLiteral("pointsLabel"))->text();
        QVERIFY2(text.contains(QStringLiteral("faces")), qPrintable(text));
    }

    void staleRunsDoNotCount()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 3);
        QVERIFY(dialog.waitForResult(kWait));
        const int finished = dialog.finishedRuns();
        QSignalSpy ready(&dialog, &HullDialog::resultReady);
        // Changes in a burst: only the last options are computed to the end.
        dialog.setMaxPoints(10);
        dialog.setMaxPoints(20);
        dialog.setConservative(true);
        dialog.setMaxPoints(30);
        QVERIFY(dialog.waitForResult(kWait));
        QCOMPARE(dialog.finishedRuns(), finished + 1);
        QCOMPARE(ready.count(), 1);
        QVERIFY(dialog.pointCount() <= 30);
        QCOMPARE(dialog.maxOutsideDistance(), 0.0);

        // A change while a run is under way cancels it: again one result, for the newest options.
        dialog.setMaxPoints(200);
        dialog.recompute(); // the run for 200 is under way (its end can only be seen in the event loop)
        QVERIFY(dialog.isComputing());
        dialog.setMaxPoints(12);
        QVERIFY(dialog.waitForResult(kWait));
        QCOMPARE(dialog.finishedRuns(), finished + 2);
        QVERIFY(dialog.pointCount() <= 12);
    }

    void stopLeavesNoResult()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 3);
        QVERIFY(dialog.isComputing());
        dialog.stopComputing();
        QVERIFY(!dialog.isComputing());
        QVERIFY(!dialog.hasResult());
        QVERIFY(dialog.errorText().contains(QStringLiteral("Stopped")));
        QVERIFY(!dialog.waitForResult(200));
        QVERIFY(!dialog.apply());
        QCOMPARE(d->undoStack()->count(), 0);
        // A change of option computes again.
        dialog.setMaxPoints(64);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.pointCount() <= 64);
    }

    void applyIsOneUndoStep()
    {
        auto d = makeScene();
        const std::string before = d->savedJson().dump();
        HullDialog dialog(d.get(), 0);
        QSignalSpy cleared(&dialog, &HullDialog::previewCleared);
        QSignalSpy applied(&dialog, &HullDialog::applied);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.apply());
        QCOMPARE(accepted.count(), 1);
        QCOMPARE(d->undoStack()->count(), 1);
        QCOMPARE(applied.count(), 1);
        QVERIFY(cleared.count() >= 1);
        const size_t shape = applied.at(0).at(0).value<size_t>();
        const physics::Shape& s = d->model().shapes.at(shape);
        QCOMPARE(s.type, physics::ShapeType::Convex);
        QCOMPARE(s.mesh, 3);
        auto hull = gltf::meshTriangles(d->gltf(), 3);
        QVERIFY(hull);
        QVERIFY(hull->positions.size() <= 255);
        // On a new child node of the ball.
        QCOMPARE(d->gltf().count("nodes"), size_t(5));
        QCOMPARE(d->sceneGraph().parent(4), std::optional<size_t>(0));
        QVERIFY(d->model().node(4)->collider);
        QCOMPARE(d->model().node(4)->collider->shape, int(shape));

        d->undoStack()->undo();
        QCOMPARE(d->savedJson().dump(), before);
    }

    void applyToTheNodeAsATrigger()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 0);
        dialog.setDestination(HullDialog::Destination::NodeCollider);
        dialog.setTrigger(true);
        dialog.setMaxPoints(40);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.apply());
        QCOMPARE(d->gltf().count("nodes"), size_t(4));
        const physics::NodePhysics* p = d->model().node(0);
        QVERIFY(p && p->trigger && !p->collider);
        QCOMPARE(d->model().shapes[size_t(p->trigger->shape)].type, physics::ShapeType::Convex);
        QCOMPARE(d->undoStack()->count(), 1);
    }

    void cancelPushesNothing()
    {
        auto d = makeScene();
        const std::string before = d->savedJson().dump();
        HullDialog dialog(d.get(), 0);
        QSignalSpy cleared(&dialog, &HullDialog::previewCleared);
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        QVERIFY(dialog.waitForResult(kWait));
        dialog.reject();
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(cleared.count(), 1);
        QCOMPARE(d->undoStack()->count(), 0);
        QCOMPARE(d->savedJson().dump(), before);
        QVERIFY(!dialog.apply());

        // Cancel in the middle of a computation too.
        HullDialog busy(d.get(), 3);
        QVERIFY(busy.isComputing());
        busy.reject();
        QVERIFY(!busy.isComputing());
        QTest::qWait(50);
        QCOMPARE(d->undoStack()->count(), 0);
    }

    void sourceMeshes()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 1);
        QVERIFY(!dialog.waitForResult(kWait));
        QVERIFY(!dialog.errorText().isEmpty());
        QVERIFY(!dialog.apply());
        // With the child's tetrahedron, brought into the node's space (it sits 3 up).
        QSignalSpy preview(&dialog, &HullDialog::previewChanged);
        dialog.setIncludeChildren(true);
        QVERIFY(dialog.waitForResult(kWait));
        QCOMPARE(dialog.pointCount(), 4);
        QVERIFY(!dialog.capped());
        QCOMPARE(dialog.volumeKept(), 1.0);
        QCOMPARE(preview.count(), 1);
        for (const QVector3D& p : dialog.previewSegments())
            QVERIFY(p.y() >= 2.999f);
    }

    void simplifiedCopyTried()
    {
        // Under a 16-point cap the hull of a copy simplified within 1 cm in the world (5 mm in the node,
        // which is scaled by 2) measures closer than the hull of every vertex: it is kept and the dialog says
        // so.
        auto d = makeKnurledScene();
        HullDialog dialog(d.get(), 0);
        dialog.setMaxPoints(16);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(!dialog.hullFromCopy());
        QVERIFY(dialog.simplifiedCopyNote().isEmpty());
        QVERIFY(dialog.fit());
        const double plain = dialog.fit()->deviation();
        dialog.setSimplifyFirst(0.01);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY2(dialog.hullFromCopy(), qPrintable(dialog.simplifiedCopyNote()));
        QVERIFY2(dialog.simplifiedCopyNote().startsWith(QStringLiteral("kept: deviation ")) &&
                     dialog.simplifiedCopyNote().contains(QStringLiteral(" of the mesh's 16896 triangles")),
                 qPrintable(dialog.simplifiedCopyNote()));
        // The figures are the node's (the copy made within 5 mm there) doubled into world metres.
        const gltf::TriangleMesh mesh = test::knurledCylinder(256, 32, 40, 0.008);
        geometry::ConvexHullOptions options;
        options.maxVertices = 16;
        const auto inNode =
            geometry::chooseHullWithSimplifiedCopy(mesh, geometry::FitMeter(mesh), options, 0.005);
        QVERIFY(inNode && inNode->fromCopy);
        QVERIFY(std::fabs(dialog.fit()->deviation() - 2 * inNode->fit.deviation()) < 1e-12);
        QVERIFY(std::fabs(plain - 2 * inNode->wholeFit.deviation()) < 1e-12);
        QVERIFY(dialog.pointCount() <= 16);
        QVERIFY2(dialog.fit()->deviation() < 0.85 * plain,
                 QByteArray::number(dialog.fit()->deviation()) + " " + QByteArray::number(plain));
        // World metres: the plain hull's figures are those of the node's space doubled.
        QVERIFY(plain > 0.15 && plain < 0.2);
        // With the meshes below the node there is no one mesh to simplify: the copy is not tried.
        dialog.setIncludeChildren(true);
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(!dialog.hullFromCopy());
        QVERIFY(dialog.simplifiedCopyNote().isEmpty());
    }

    void documentGoneClosesTheDialog()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 0);
        QVERIFY(dialog.waitForResult(kWait));
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        QSignalSpy cleared(&dialog, &HullDialog::previewCleared);
        d.reset();
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(cleared.count(), 1);
        QVERIFY(!dialog.apply());
        dialog.setIncludeChildren(true);
        dialog.setMaxPoints(10);
        QTest::qWait(100);
        QVERIFY(!dialog.isComputing());
    }

    void followsTheDocument()
    {
        auto d = makeScene();
        HullDialog dialog(d.get(), 0);
        dialog.setMaxPoints(20);
        QVERIFY(dialog.waitForResult(kWait));
        const int runs = dialog.finishedRuns();
        QSignalSpy preview(&dialog, &HullDialog::previewChanged);
        // Moving the node moves the preview without computing again.
        d->push(new document::SetNodeTranslation(d.get(), 0, {0, 5, 0}));
        QTRY_COMPARE(preview.count(), 1);
        for (const QVector3D& p : dialog.previewSegments())
            QVERIFY((p - QVector3D(0, 5, 0)).length() < 1.001f);
        QCOMPARE(dialog.finishedRuns(), runs);
        QVERIFY(dialog.hasResult());

        // A node whose creation is undone takes its dialog with it.
        gltf::Json temp = {{"name", "Temp"}, {"mesh", 1}};
        auto* add = new document::AddNode(d.get(), std::nullopt, temp);
        d->push(add);
        HullDialog gone(d.get(), add->nodeIndex());
        QVERIFY(gone.waitForResult(kWait));
        QSignalSpy cleared(&gone, &HullDialog::previewCleared);
        QSignalSpy rejected(&gone, &QDialog::rejected);
        d->undoStack()->undo();
        QTRY_COMPARE(rejected.count(), 1);
        QCOMPARE(cleared.count(), 1);
        QVERIFY(!gone.apply());
    }
};

QTEST_MAIN(TestHullDialog)
#include "TestHullDialog.moc"
