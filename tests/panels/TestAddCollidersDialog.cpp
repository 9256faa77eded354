// "Add Colliders to All Meshes": the dialog's options reach the document actions, a run works off the GUI
// thread and pushes one undo step, the summary says what happened, Stop and Close push nothing.
#include "KnurledCylinder.h"
#include "TestSupport.h"
#include "dialogs/AddCollidersDialog.h"
#include "document/Document.h"
#include "document/MeshCommands.h"
#include "document/NodeCommands.h"
#include "geometry/MeshWriter.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>
#include <QTextEdit>
#include <QUndoStack>
#include <array>
#include <cmath>
#include <map>

using namespace cs;
using import::ColliderStrategy;
using ui::AddCollidersDialog;

namespace {

gltf::TriangleMesh boxMesh(QVector3D lo, QVector3D hi)
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.push_back(
            {(i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z()});
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    return m;
}

gltf::TriangleMesh icosphere()
{
    // An octahedron pushed out twice (subdivided faces projected on the unit sphere): 66 points.
    std::vector<QVector3D> p = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    std::vector<std::array<std::uint32_t, 3>> f = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                                                   {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
    for (int level = 0; level < 2; ++level) {
        std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> middle;
        auto mid = [&](std::uint32_t a, std::uint32_t b) {
            const auto key = std::minmax(a, b);
            auto it = middle.find(key);
            if (it != middle.end())
                return it->second;
            p.push_back(((p[a] + p[b]) * 0.5f).normalized());
            return middle[key] = std::uint32_t(p.size() - 1);
        };
        std::vector<std::array<std::uint32_t, 3>> next;
        for (const auto& t : f) {
            const std::uint32_t ab = mid(t[0], t[1]), bc = mid(t[1], t[2]), ca = mid(t[2], t[0]);
            next.push_back({t[0], ab, ca});
            next.push_back({ab, t[1], bc});
            next.push_back({ca, bc, t[2]});
            next.push_back({ab, bc, ca});
        }
        f = std::move(next);
    }
    gltf::TriangleMesh m;
    m.positions = p;
    for (const auto& t : f)
        m.indices.insert(m.indices.end(), t.begin(), t.end());
    return m;
}

// 0 Crate (cube 2x4x6 from the origin), 1 Ball and 2 Ball 2 (a sphere mesh, shared), 3 Done (cube, with a
// collider already).
std::unique_ptr<document::Document> makeScene()
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
      "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}},
      "nodes": [
        {"name": "Crate"},
        {"name": "Ball", "translation": [5, 0, 0]},
        {"name": "Ball 2", "translation": [-5, 0, 0]},
        {"name": "Done", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}
      ],
      "scenes": [{"nodes": [0, 1, 2, 3]}],
      "scene": 0
    })");
    if (!geometry::addTriangleMesh(g, boxMesh({0, 0, 0}, {2, 4, 6}), "Cube") ||
        !geometry::addTriangleMesh(g, icosphere(), "Sphere"))
        qFatal("mesh not added");
    const int meshOfNode[] = {0, 1, 1, 0};
    for (int n = 0; n < 4; ++n)
        g.json()["nodes"][n]["mesh"] = meshOfNode[n];
    g.setSourcePath({});
    return std::make_unique<document::Document>(std::move(g));
}

// An L of two unit boxes ([0,2]x[0,1] and [0,1]x[0,2], 1 deep): a closed prism, concave, 3 m^3.
gltf::TriangleMesh lPrism()
{
    const float xy[6][2] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    gltf::TriangleMesh m;
    for (float z : {0.0f, 1.0f}) {
        for (const auto& p : xy)
            m.positions.push_back({p[0], p[1], z});
    }
    for (std::uint32_t t = 0; t < 4; ++t)
        m.indices.insert(m.indices.end(), {0, t + 2, t + 1, 6, t + 7, t + 8});
    for (std::uint32_t i = 0; i < 6; ++i) {
        const std::uint32_t j = (i + 1) % 6;
        m.indices.insert(m.indices.end(), {i, j, j + 6, i, j + 6, i + 6});
    }
    return m;
}

constexpr int kWait = 60000;

} // namespace

class TestAddCollidersDialog : public QObject
{
    Q_OBJECT

private slots:
    void defaultsMatchTheCommand()
    {
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        const document::AutoColliderOptions o = dialog.options();
        QCOMPARE(o.collider.strategy, ColliderStrategy::Auto);
        QCOMPARE(o.collider.maxPoints, 255);
        QCOMPARE(o.collider.autoTolerance, 0.15);
        QVERIFY(o.skipExisting);
        QVERIFY(!o.addMotion);
        // Every strategy of the add-colliders command, by the same name.
        auto* combo = dialog.findChild<QComboBox*>(QStringLiteral("strategy"));
        QVERIFY(combo);
        QStringList names;
        for (int i = 0; i < combo->count(); ++i)
            names << combo->itemData(i).toString();
        names.sort();
        QCOMPARE(names, (QStringList{"auto", "box", "capsule", "decompose", "hull", "obb", "simplified",
                                     "sphere", "trimesh"}));
        // The decomposition's limits as the command's defaults.
        const import::ColliderOptions command;
        QCOMPARE(o.collider.maxParts, command.maxParts);
        QCOMPARE(o.collider.concavity, command.concavity);
    }

    void decomposeInParts()
    {
        // A node with an L-shaped mesh: decompose splits it into convex parts, one child node each, in one
        // undo step that undo takes back to the exact JSON.
        auto d = makeScene();
        d->push(new document::AddMesh(d.get(), lPrism(), "Ell"));
        gltf::Json node = gltf::Json::object();
        node["name"] = "L";
        node["mesh"] = 2;
        d->push(new document::AddNode(d.get(), std::nullopt, node));
        d->undoStack()->clear();
        const std::string before = d->savedJson().dump();
        AddCollidersDialog dialog(d.get());
        dialog.setStrategy(ColliderStrategy::Decompose);
        dialog.setMaxPoints(64);
        dialog.setMaxParts(6);
        dialog.setConcavity(0.02);
        dialog.setNodePattern(QStringLiteral("L"));
        const document::AutoColliderOptions o = dialog.options();
        QCOMPARE(o.collider.maxParts, 6);
        QCOMPARE(o.collider.concavity, 0.02);
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        const auto& r = dialog.report();
        QVERIFY(r.pushed);
        QCOMPARE(d->undoStack()->count(), 1);
        QVERIFY2(r.added.size() >= 2 && r.added.size() <= 6, qPrintable(dialog.summary()));
        for (size_t i = 0; i < r.added.size(); ++i) {
            const auto& a = r.added[i];
            QCOMPARE(a.meshNode, size_t(4));
            QCOMPARE(a.part, i);
            QCOMPARE(a.parts, r.added.size());
            QCOMPARE(a.type, physics::ShapeType::Convex);
            QCOMPARE(d->sceneGraph().parent(a.colliderNode), std::optional<size_t>(4));
            QCOMPARE(d->gltf().json()["nodes"][a.colliderNode]["name"].get<std::string>(),
                     "L part " + std::to_string(i + 1));
        }
        QVERIFY2(dialog.summary().contains(QStringLiteral("convex")), qPrintable(dialog.summary()));
        d->undoStack()->undo();
        QCOMPARE(d->savedJson().dump(), before);
    }

    void simplifiedOnChosenNodes()
    {
        auto d = makeScene();
        const std::string before = d->savedJson().dump();
        AddCollidersDialog dialog(d.get());
        dialog.setStrategy(ColliderStrategy::Simplified);
        dialog.setMaxError(0.2);
        dialog.setNodes({1});
        QCOMPARE(dialog.options().collider.nodes, std::vector<size_t>{1});
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        const auto& r = dialog.report();
        QVERIFY(r.pushed);
        QCOMPARE(r.added.size(), size_t(1));
        const auto& a = r.added[0];
        QCOMPARE(a.meshNode, size_t(1));
        QCOMPARE(a.type, physics::ShapeType::Trimesh);
        QCOMPARE(a.trianglesBefore, size_t(128));
        QVERIFY(a.trianglesAfter < a.trianglesBefore);
        QVERIFY(a.fit && a.fit->deviation() <= 0.2);
        // The collision mesh is a new mesh of the document, with the reported triangles.
        QCOMPARE(d->gltf().count("meshes"), size_t(3));
        QCOMPARE(d->model().shapes.at(a.shape).mesh, 2);
        QVERIFY2(dialog.summary().contains(QStringLiteral("128 -> ")), qPrintable(dialog.summary()));
        QVERIFY(dialog.summary().contains(QStringLiteral("overhang max")));
        d->undoStack()->undo();
        QCOMPARE(d->savedJson().dump(), before);
    }

    void autoRunIsOneUndoStep()
    {
        auto d = makeScene();
        const std::string before = d->savedJson().dump();
        AddCollidersDialog dialog(d.get());
        QSignalSpy finished(&dialog, &AddCollidersDialog::finished);
        dialog.start();
        QVERIFY(dialog.isRunning());
        QVERIFY(dialog.waitForFinished(kWait));
        QCOMPARE(finished.count(), 1);
        const auto& r = dialog.report();
        QVERIFY(r.pushed);
        QCOMPARE(r.matched, size_t(4));
        QCOMPARE(r.added.size(), size_t(3));
        QCOMPARE(r.skipped, (std::vector<size_t>{3}));
        QCOMPARE(d->undoStack()->count(), 1);
        // The two balls share one shape.
        QCOMPARE(r.added[1].shape, r.added[2].shape);
        const QString summary = dialog.summary();
        QVERIFY2(summary.contains(QStringLiteral("Added 3 colliders")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("1 node had a collider already")), qPrintable(summary));
        QCOMPARE(dialog.findChild<QTextEdit*>(QStringLiteral("summary"))->toPlainText(), summary);

        d->undoStack()->undo();
        QCOMPARE(d->savedJson().dump(), before);
    }

    void optionsReachTheDocument()
    {
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        dialog.setStrategy(ColliderStrategy::Box);
        QCOMPARE(dialog.strategy(), ColliderStrategy::Box);
        dialog.setSkipExisting(false);
        dialog.setMotion(physics::MotionType::Dynamic);
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        const auto& r = dialog.report();
        QCOMPARE(r.added.size(), size_t(4));
        for (const auto& a : r.added)
            QCOMPARE(a.type, physics::ShapeType::Box);
        // The crate's box: 2 x 4 x 6 on a child node at its centre.
        const physics::Shape& crate = d->model().shapes.at(r.added[0].shape);
        QVERIFY(crate.size == (physics::Vec3{2, 4, 6}));
        QVERIFY2(d->gltf().json()["nodes"][r.added[0].colliderNode]["translation"] ==
                     gltf::Json::parse("[1,2,3]"),
                 d->gltf().json()["nodes"][r.added[0].colliderNode].dump().c_str());
        for (size_t n : {0, 1, 2, 3})
            QCOMPARE(d->model().node(n)->motion->type, physics::MotionType::Dynamic);
        QCOMPARE(d->undoStack()->count(), 1);
    }

    // Auto with a fit tolerance in metres chooses by the measured fit (issue 36: the volume rule is the
    // fallback). The crate's box fits its cube mesh exactly (nothing out, nothing standing off). A round
    // primitive around the ball mesh (the unit sphere through every vertex, or a capsule about as large)
    // stands off its flat faces by up to the sagitta of a face, about 0.02-0.05 for this 128-face ball:
    // within 0.5 m, beyond 0.001 m, where only the hull fits.
    void autoByMeasuredFit()
    {
        for (const double tolerance : {0.5, 0.001}) {
            auto d = makeScene();
            AddCollidersDialog dialog(d.get());
            QVERIFY(!dialog.options().collider.fitTolerance); // the volume rule unless asked
            dialog.setFitTolerance(tolerance);
            QCOMPARE(dialog.options().collider.fitTolerance.value_or(-1), tolerance);
            dialog.start();
            QVERIFY(dialog.waitForFinished(kWait));
            const auto& r = dialog.report();
            QCOMPARE(r.added.size(), size_t(3));
            QCOMPARE(r.added[0].type, physics::ShapeType::Box);
            const physics::ShapeType ball = r.added[1].type;
            if (tolerance > 0.1) {
                QVERIFY2(ball == physics::ShapeType::Sphere || ball == physics::ShapeType::Capsule,
                         qPrintable(QString::number(int(ball))));
                // Round and about the ball's size: a radius within the sagitta of the unit sphere.
                const physics::Shape& round = d->model().shapes.at(r.added[1].shape);
                const double radius = ball == physics::ShapeType::Sphere ? round.radius : round.radiusTop;
                QVERIFY2(radius > 0.9 && radius < 1.0 + 1e-3, qPrintable(QString::number(radius)));
            } else {
                QCOMPARE(ball, physics::ShapeType::Convex);
            }
        }
        // Unchecked again: the volume rule.
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        dialog.setFitTolerance(0.5);
        dialog.setFitTolerance(std::nullopt);
        QVERIFY(!dialog.options().collider.fitTolerance);
    }

    // The hull cap follows the command's default for the strategy (64 a part for decompose, 255 otherwise)
    // until the user sets one.
    void hullCapFollowsTheStrategy()
    {
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        QCOMPARE(dialog.options().collider.maxPoints, 255);
        dialog.setStrategy(ColliderStrategy::Decompose);
        QCOMPARE(dialog.options().collider.maxPoints, 64);
        dialog.setStrategy(ColliderStrategy::Hull);
        QCOMPARE(dialog.options().collider.maxPoints, 255);
        dialog.setMaxPoints(100);
        dialog.setStrategy(ColliderStrategy::Decompose);
        QCOMPARE(dialog.options().collider.maxPoints, 100);
    }

    void hullFromASimplifiedCopy()
    {
        // A knurled cylinder under a 16-point cap: with the copy tried (within 5 mm), the hull of the copy's
        // points is kept and the report says so; the box strategy makes no hull, so it asks for no copy.
        gltf::GltfDocument g = test::loadJson(R"({"asset": {"version": "2.0"},
            "nodes": [{"name": "Knurled", "mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
        QVERIFY(geometry::addTriangleMesh(g, test::knurledCylinder(256, 32, 40, 0.008), "knurled"));
        g.setSourcePath({});
        document::Document d(std::move(g));
        AddCollidersDialog dialog(&d);
        dialog.setStrategy(ColliderStrategy::Hull);
        dialog.setMaxPoints(16);
        dialog.setMaxError(0.005);
        QVERIFY(!dialog.options().collider.simplifyFirst);
        dialog.setHullCopy(true);
        QCOMPARE(dialog.options().collider.simplifyFirst.value_or(-1), 0.005);
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        QCOMPARE(dialog.report().added.size(), size_t(1));
        const auto& added = dialog.report().added[0];
        QVERIFY(added.hullFromCopy);
        QCOMPARE(added.trianglesBefore, size_t(16896));
        QVERIFY(added.trianglesAfter < 8448);
        QVERIFY(findDiagnostic(dialog.report().diagnostics, "COLLIDER_HULL_SIMPLIFIED_COPY"));
        dialog.setStrategy(ColliderStrategy::Box);
        QVERIFY(!dialog.options().collider.simplifyFirst);
    }

    void hullCapAndPattern()
    {
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        dialog.setStrategy(ColliderStrategy::Hull);
        dialog.setMaxPoints(12);
        dialog.setNodePattern(QStringLiteral("Ball*"));
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        const auto& r = dialog.report();
        QCOMPARE(r.matched, size_t(2));
        QCOMPARE(r.added.size(), size_t(2));
        QVERIFY(r.added[0].hullPoints <= 12);
        QVERIFY(r.added[0].capped);
        QCOMPARE(d->gltf().count("meshes"), size_t(3)); // one hull for the shared mesh
        QVERIFY(dialog.summary().contains(QStringLiteral("capped")));
    }

    void stopAndClosePushNothing()
    {
        auto d = makeScene();
        const std::string before = d->savedJson().dump();
        AddCollidersDialog dialog(d.get());
        dialog.setStrategy(ColliderStrategy::Hull);
        dialog.start();
        dialog.stop();
        QVERIFY(!dialog.isRunning());
        QVERIFY(dialog.report().cancelled);
        QVERIFY(dialog.summary().contains(QStringLiteral("Stopped")));
        QTest::qWait(100); // the cancelled run's end must not apply anything
        QCOMPARE(d->undoStack()->count(), 0);

        dialog.start();
        dialog.reject();
        QVERIFY(!dialog.isRunning());
        QTest::qWait(100);
        QCOMPARE(d->undoStack()->count(), 0);
        QCOMPARE(d->savedJson().dump(), before);
    }

    void documentGoneClosesTheDialog()
    {
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        dialog.setStrategy(ColliderStrategy::Hull);
        dialog.start();
        d.reset();
        QCOMPARE(rejected.count(), 1);
        QVERIFY(!dialog.isRunning());
        QTest::qWait(100);
        dialog.start(); // nothing to run on
        QVERIFY(!dialog.isRunning());
    }

    void nothingToAdd()
    {
        auto d = makeScene();
        AddCollidersDialog dialog(d.get());
        dialog.setNodePattern(QStringLiteral("NoSuchNode"));
        dialog.start();
        QVERIFY(dialog.waitForFinished(kWait));
        QVERIFY(!dialog.report().pushed);
        QCOMPARE(d->undoStack()->count(), 0);
        QVERIFY(dialog.summary().contains(QStringLiteral("No mesh node matched")));
    }
};

QTEST_MAIN(TestAddCollidersDialog)
#include "TestAddCollidersDialog.moc"
