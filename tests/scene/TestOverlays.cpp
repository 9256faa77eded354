// Overlay lines: dashes, equivalent inertia boxes, and what the sample scene's colliders, triggers,
// selection, centres of mass, inertia and velocities turn into.
#include "KhrScenes.h"
#include "TestSupport.h"
#include "physics/OmiReader.h"
#include "scene/Overlays.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace cs;
using scene::OverlayKind;

namespace {

struct Sample
{
    gltf::GltfDocument doc;
    gltf::SceneGraph graph;
    physics::PhysicsModel model;
    physics::ResolvedScene resolved;
};

Sample loadSample()
{
    auto loaded = gltf::loadGltf(CS_SAMPLE_FILE);
    Sample s{std::move(*loaded.value), {}, {}, {}};
    s.graph = std::move(*gltf::SceneGraph::build(s.doc).value);
    s.model = std::move(*physics::readPhysics(s.doc).value);
    s.resolved = physics::resolveScene(s.model, s.graph);
    return s;
}

bool contains(const std::vector<QVector3D>& points, const QVector3D& p, float eps = 1e-4f)
{
    return std::any_of(points.begin(), points.end(),
                       [&](const QVector3D& q) { return (q - p).length() < eps; });
}

void bounds(const std::vector<QVector3D>& points, QVector3D& lo, QVector3D& hi)
{
    lo = hi = points.front();
    for (const auto& p : points) {
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
}

/// A node's world origin, read from its JSON translation (the sample's nodes have only translations or are
/// children of such nodes).
QVector3D origin(const Sample& s, size_t node)
{
    return s.graph.worldTransform(node).map(QVector3D());
}

} // namespace

class TestOverlays : public QObject
{
    Q_OBJECT

private slots:
    void windowOptionsFollowTheShapeCount()
    {
        // 32 segments up to 1,500 shapes, then 32 sqrt(1500 / n) (16 at 6,000), never below 12.
        QCOMPARE(scene::windowOverlayOptions(0, {}).circleSegments, 32);
        QCOMPARE(scene::windowOverlayOptions(1500, {}).circleSegments, 32);
        QCOMPARE(scene::windowOverlayOptions(6000, {}).circleSegments, 16);
        QCOMPARE(scene::windowOverlayOptions(10000, {}).circleSegments, 12);
        QCOMPARE(scene::windowOverlayOptions(1000000, {}).circleSegments, 12);
        QCOMPARE(scene::windowOverlayOptions(10, {3, 5}).selectedNodes, (std::vector<size_t>{3, 5}));
    }

    void dashes()
    {
        const std::vector<QVector3D> segments = {QVector3D(0, 0, 0), QVector3D(10, 0, 0), QVector3D(0, 1, 0),
                                                 QVector3D(0, 1.5f, 0)};
        const auto d = scene::dashed(segments, 1.0f);
        // 10 m in dashes of 1 m with 1 m gaps: 5 dashes; the 0.5 m segment stays whole.
        QCOMPARE(d.size(), size_t(12));
        QCOMPARE(d[0], QVector3D(0, 0, 0));
        QCOMPARE(d[1], QVector3D(1, 0, 0));
        QCOMPARE(d[2], QVector3D(2, 0, 0));
        QCOMPARE(d[9], QVector3D(9, 0, 0));
        QCOMPARE(d[10], QVector3D(0, 1, 0));
        QCOMPARE(d[11], QVector3D(0, 1.5f, 0));
    }

    void inertiaBoxOfABoxIsTheBox()
    {
        // A solid 1 x 2 x 3 box of 6 kg: I = m/12 (b^2+c^2, a^2+c^2, a^2+b^2) = (6.5, 5, 2.5).
        const QVector3D size = scene::inertiaBoxSize(QVector3D(6.5f, 5.0f, 2.5f), 6.0);
        QVERIFY(std::abs(size.x() - 1) < 1e-5f && std::abs(size.y() - 2) < 1e-5f &&
                std::abs(size.z() - 3) < 1e-5f);
        QCOMPARE(scene::inertiaBoxSize(QVector3D(1, 1, 1), 0.0), QVector3D());
        // Moments that no solid has (one larger than the other two together) give a flat side, not a NaN.
        const QVector3D flat = scene::inertiaBoxSize(QVector3D(10, 1, 1), 1.0);
        QCOMPARE(flat.x(), 0.0f);
        QVERIFY(std::isfinite(flat.y()) && std::isfinite(flat.z()));
    }

    void sampleCollidersByKind()
    {
        const Sample s = loadSample();
        const scene::Overlays o = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph);
        QCOMPARE(o.shapesSkipped, size_t(0));
        QCOMPARE(o.shapesDrawn, s.resolved.instances.size());
        // Crate 1 (node 2) is a dynamic 1 m box: its eight corners are in the dynamic layer.
        const QVector3D crate = origin(s, 2);
        for (int i = 0; i < 8; ++i) {
            const QVector3D corner =
                crate + QVector3D((i & 1) ? 0.5f : -0.5f, (i & 2) ? 0.5f : -0.5f, (i & 4) ? 0.5f : -0.5f);
            QVERIFY(contains(o[OverlayKind::Dynamic], corner));
            QVERIFY(!contains(o[OverlayKind::Static], corner));
        }
        // The kinematic layer is the character's capsule: mid-height 1 and radius 0.4 make it 1.8 m tall and
        // 0.8 m wide, centred on its collider node (node 8).
        QVector3D lo, hi;
        bounds(o[OverlayKind::Kinematic], lo, hi);
        const QVector3D centre = origin(s, 8);
        QVERIFY((hi - lo - QVector3D(0.8f, 1.8f, 0.8f)).length() < 2e-3f);
        QVERIFY(((lo + hi) * 0.5f - centre).length() < 2e-3f);
        // The floor (node 0, 20 x 0.5 x 20, static) sets the static layer's extent in x and z.
        bounds(o[OverlayKind::Static], lo, hi);
        QVERIFY(std::abs(hi.x() - lo.x() - 20.0f) < 1e-3f && std::abs(hi.z() - lo.z() - 20.0f) < 1e-3f);
    }

    void collidersByShape()
    {
        const Sample s = loadSample();
        scene::OverlayOptions options;
        options.selectedNodes = {2}; // Crate 1
        const scene::Overlays byMotion = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, options);
        options.byShape = true;
        const scene::Overlays byShape = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, options);
        const auto points = [](const scene::Overlays& o, std::initializer_list<OverlayKind> kinds) {
            size_t n = 0;
            for (OverlayKind k : kinds)
                n += o[k].size();
            return n;
        };
        const auto motions = {OverlayKind::Static, OverlayKind::Kinematic, OverlayKind::Dynamic};
        const auto shapes = {OverlayKind::ShapeBox,      OverlayKind::ShapeSphere, OverlayKind::ShapeCapsule,
                             OverlayKind::ShapeCylinder, OverlayKind::ShapeHull,   OverlayKind::ShapeMesh,
                             OverlayKind::ShapePlane};
        // By motion nothing is drawn by shape.
        QCOMPARE(points(byMotion, shapes), size_t(0));
        // The sample's nine box colliders (floor, ramp, three crates, the table top, three steps; its three
        // box triggers are not colliders) are twelve edges each.
        QCOMPARE(byShape[OverlayKind::ShapeBox].size(), size_t(9 * 12 * 2));
        const QVector3D crate = origin(s, 2);
        for (int i = 0; i < 8; ++i) {
            const QVector3D corner =
                crate + QVector3D((i & 1) ? 0.5f : -0.5f, (i & 2) ? 0.5f : -0.5f, (i & 4) ? 0.5f : -0.5f);
            QVERIFY(contains(byShape[OverlayKind::ShapeBox], corner));
            QVERIFY(!contains(byShape[OverlayKind::Dynamic], corner));
        }
        // The character's capsule (radius 0.4, mid-height 1) alone in its kind.
        QVector3D lo, hi;
        bounds(byShape[OverlayKind::ShapeCapsule], lo, hi);
        QVERIFY((hi - lo - QVector3D(0.8f, 1.8f, 0.8f)).length() < 2e-3f);
        QVERIFY(((lo + hi) * 0.5f - origin(s, 8)).length() < 2e-3f);
        // The ball, the rock's hull, the arch's mesh and the table's two cylinders; no plane.
        for (OverlayKind k : {OverlayKind::ShapeSphere, OverlayKind::ShapeHull, OverlayKind::ShapeMesh,
                              OverlayKind::ShapeCylinder})
            QVERIFY(!byShape[k].empty());
        QVERIFY(byShape[OverlayKind::ShapePlane].empty());
        // Every collider line moves from its motion's kind to its shape's: the motion kinds keep only the
        // links between a body's parts, which are the same in both.
        QCOMPARE(points(byShape, shapes) + points(byShape, motions), points(byMotion, motions));
        QVERIFY(points(byShape, motions) < points(byMotion, motions));
        // Triggers, the selection and the markers do not change.
        for (OverlayKind k : {OverlayKind::Trigger, OverlayKind::Selection, OverlayKind::CenterOfMass,
                              OverlayKind::Inertia, OverlayKind::Velocity})
            QCOMPARE(byShape[k], byMotion[k]);
        // Each shape kind's runs cover its lines, so that a preview moves them with their bodies.
        for (OverlayKind k : shapes) {
            size_t covered = 0;
            for (const scene::OverlayRun& run : byShape.bodyRuns[size_t(k)])
                covered += run.count;
            QCOMPARE(covered, byShape[k].size());
        }
    }

    void triggersAreDashed()
    {
        const Sample s = loadSample();
        scene::OverlayOptions options;
        options.dashLength = 0.25f;
        const scene::Overlays o = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, options);
        const auto& t = o[OverlayKind::Trigger];
        QVERIFY(!t.empty());
        // Every segment is at most one dash long, except the lines that tie the compound trigger together.
        size_t longer = 0;
        for (size_t i = 0; i + 1 < t.size(); i += 2)
            longer += (t[i + 1] - t[i]).length() > 0.25f + 1e-4f;
        QCOMPARE(longer, size_t(2)); // Arch Passage -> Lower, Arch Passage -> Upper
        // The Trigger Zone box (node 22, 3 x 2.5 x 3): its corners lie on the dashed edges.
        const QVector3D zone = origin(s, 22);
        QVERIFY(contains(t, zone + QVector3D(-1.5f, -1.25f, -1.5f), 1e-3f));
    }

    void selectionDrawsTheBodysParts()
    {
        const Sample s = loadSample();
        scene::OverlayOptions none;
        const scene::Overlays plain = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, none);
        QVERIFY(plain[OverlayKind::Selection].empty());
        scene::OverlayOptions table;
        table.selectedNodes = {14}; // the Table body: its three parts are selected with it
        const scene::Overlays o = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, table);
        // Table Top (node 15, 1.6 x 0.08 x 1.0 under the table's 20 degree turn): its corners are selected.
        for (int i = 0; i < 8; ++i) {
            const QVector3D local((i & 1) ? 0.8f : -0.8f, (i & 2) ? 0.04f : -0.04f, (i & 4) ? 0.5f : -0.5f);
            QVERIFY(contains(o[OverlayKind::Selection], s.graph.worldTransform(15).map(local), 1e-3f));
        }
        // The pedestal and the base (nodes 16, 17) are selected too: their centres lie inside the selection's
        // bounds, and there are more lines than the top's 12 edges.
        QVERIFY(o[OverlayKind::Selection].size() > 24);
        QVector3D lo, hi;
        bounds(o[OverlayKind::Selection], lo, hi);
        // Table Top is 1.6 x 0.08 x 1.0: the selection is at least that wide.
        QVERIFY(hi.x() - lo.x() >= 1.6f - 1e-3f && hi.z() - lo.z() >= 1.0f - 1e-3f);
        scene::OverlayOptions crate;
        crate.selectedNodes = {2};
        const scene::Overlays c = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, crate);
        QCOMPARE(c[OverlayKind::Selection].size(), size_t(24)); // one box: 12 edges
    }

    void bodyRunsHoldEachBodysLines()
    {
        const Sample s = loadSample();
        scene::OverlayOptions crate;
        crate.selectedNodes = {2};
        const scene::Overlays o = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph, crate);
        // Runs are in order, apart, inside their kind's lines, and each names its node and its body (or -1:
        // static world geometry, which an animation of its node moves).
        for (size_t k = 0; k < size_t(OverlayKind::Count); ++k) {
            size_t next = 0;
            for (const scene::OverlayRun& run : o.bodyRuns[k]) {
                QVERIFY(run.first >= next && run.count % 2 == 0 && run.count > 0);
                QVERIFY(run.first + run.count <= o.lines[k].size());
                QVERIFY(run.body >= -1 && run.body < int(s.resolved.bodies.size()));
                QVERIFY(run.node >= 0 && size_t(run.node) < s.graph.nodeCount());
                QCOMPARE(run.body, s.resolved.bodyOfNode(size_t(run.node)));
                next = run.first + run.count;
            }
        }
        // Crate 1 (node 2, a dynamic 1 m box and nothing else): one run of its 12 edges, at its corners, in
        // the dynamic layer and again in the selection.
        const int body = s.resolved.bodyOfNode(2);
        QVERIFY(body >= 0);
        const QVector3D centre = origin(s, 2);
        for (OverlayKind kind : {OverlayKind::Dynamic, OverlayKind::Selection}) {
            const auto& runs = o.bodyRuns[size_t(kind)];
            const auto it = std::find_if(runs.begin(), runs.end(),
                                         [&](const scene::OverlayRun& r) { return r.body == body; });
            QVERIFY(it != runs.end());
            QCOMPARE(it->count, size_t(24));
            for (size_t i = it->first; i < it->first + it->count; ++i) {
                const QVector3D d = o.lines[size_t(kind)][i] - centre;
                QVERIFY(std::abs(std::abs(d.x()) - 0.5f) < 1e-4f &&
                        std::abs(std::abs(d.y()) - 0.5f) < 1e-4f && std::abs(std::abs(d.z()) - 0.5f) < 1e-4f);
            }
        }
        QCOMPARE(o.bodyRuns[size_t(OverlayKind::Selection)].size(), size_t(1));
        // Static world geometry (the floor, node 0) belongs to no body: its run names node 0 and no body.
        const auto& statics = o.bodyRuns[size_t(OverlayKind::Static)];
        QVERIFY(std::any_of(statics.begin(), statics.end(), [](const scene::OverlayRun& r) {
            return r.node == 0 && r.body == -1 && r.count >= 24;
        }));
        // Markers have no runs.
        QVERIFY(o.bodyRuns[size_t(OverlayKind::CenterOfMass)].empty());
    }

    void bodyMarkers()
    {
        const Sample s = loadSample();
        const scene::Overlays o = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph);
        QCOMPARE(o[OverlayKind::CenterOfMass].size(), s.resolved.bodies.size() * 6); // a 3-line cross each
        // Crate 1 leaves inertia to the engine: the box computed from its one uniform 1 m collider is that
        // box.
        const QVector3D crate = origin(s, 2);
        for (int i = 0; i < 8; ++i) {
            const QVector3D corner =
                crate + QVector3D((i & 1) ? 0.5f : -0.5f, (i & 2) ? 0.5f : -0.5f, (i & 4) ? 0.5f : -0.5f);
            QVERIFY2(contains(o[OverlayKind::Inertia], corner, 1e-3f), qPrintable(QString::number(i)));
        }
        // The ball (node 5) has an initial velocity: an arrow starts at its centre of mass.
        const physics::ResolvedBody* ball = nullptr;
        for (const auto& b : s.resolved.bodies)
            ball = b.node == 5 ? &b : ball;
        QVERIFY(ball);
        const physics::Vec3 ballCom = ball->motion.centerOfMass.value_or(physics::Vec3{0, 0, 0});
        const QVector3D com =
            s.graph.worldTransform(5).map(QVector3D(float(ballCom[0]), float(ballCom[1]), float(ballCom[2])));
        QVERIFY(contains(o[OverlayKind::Velocity], com));
        const QVector3D v(float(ball->motion.linearVelocity[0]), float(ball->motion.linearVelocity[1]),
                          float(ball->motion.linearVelocity[2]));
        QVERIFY(!v.isNull());
        QVERIFY(
            contains(o[OverlayKind::Velocity], com + s.graph.worldTransform(5).mapVector(v) * 0.5f, 1e-3f));
    }

    void computedMarkersCountAClosedTrimesh()
    {
        // A KHR body that leaves mass, centre of mass and inertia out ("If not provided, the mass and inertia
        // properties should be calculated by the simulation engine") at (2, 0, 0), its one collider the
        // closed unit cube mesh as a trimesh on a child at (1, 0, 0): the markers show what the preview
        // computes from the cube's volume, centre (3, 0, 0) and the cube itself as the inertia box.
        test::KhrScene k;
        k.node(R"({"translation":[2,0,0],"children":[1],)"
               R"("extensions":{"KHR_physics_rigid_bodies":{"motion":{}}}})");
        k.node(R"({"translation":[1,0,0],"extensions":{"KHR_physics_rigid_bodies":)"
               R"({"collider":{"geometry":{"mesh":0}}}}})");
        Sample s{test::loadJson(k.json()), {}, {}, {}};
        s.graph = std::move(*gltf::SceneGraph::build(s.doc).value);
        s.model = std::move(*physics::readPhysics(s.doc).value);
        s.resolved = physics::resolveScene(s.model, s.graph);
        QCOMPARE(s.resolved.bodies.size(), size_t(1));
        const scene::Overlays o = scene::buildOverlays(s.doc, s.model, s.resolved, s.graph);
        const auto& cross = o[OverlayKind::CenterOfMass];
        QCOMPARE(cross.size(), size_t(6));
        const QVector3D centre = (cross[0] + cross[1]) * 0.5f;
        QVERIFY2((centre - QVector3D(3, 0, 0)).length() < 1e-4f,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(centre.x()).arg(centre.y()).arg(centre.z())));
        for (int i = 0; i < 8; ++i) {
            const QVector3D corner(3 + ((i & 1) ? 0.5f : -0.5f), (i & 2) ? 0.5f : -0.5f,
                                   (i & 4) ? 0.5f : -0.5f);
            QVERIFY2(contains(o[OverlayKind::Inertia], corner, 1e-3f), qPrintable(QString::number(i)));
        }
    }
};

QTEST_GUILESS_MAIN(TestOverlays)
#include "TestOverlays.moc"
