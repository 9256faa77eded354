// Every example of the newest spec (tests/data/spec/omi) loads with the bodies and shapes the spec digest
// (sections 7 and 8) describes: counts, types and parameters.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

bool near(double a, double b, double eps = 1e-6)
{
    return std::fabs(a - b) < eps;
}

Loaded spec(const std::string& rel)
{
    return resolve(loadData("spec/omi/" + rel));
}

int bodiesOfType(const Loaded& l, MotionType t)
{
    int n = 0;
    for (const auto& b : l.scene.bodies)
        n += b.motion.type == t;
    return n;
}

Shape shapeOf(const Loaded& l, const std::string& node, bool trigger = false)
{
    const ShapeInstance* s = instanceByName(l, node, trigger);
    if (!s)
        qFatal("no %s on node %s", trigger ? "trigger" : "collider", node.c_str());
    return l.model.shapes[s->shape];
}

// The scale of the world transform's x axis.
double scaleX(const QMatrix4x4& m)
{
    return QVector3D(m.column(0)).length();
}

} // namespace

class TestOmiCorpus : public QObject
{
    Q_OBJECT

private slots:
    void everyFileLoadsWithoutErrors()
    {
        const auto files = filesBelow(dataPath("spec/omi"), {".gltf", ".glb"});
        QVERIFY(files.size() >= 39);
        for (const auto& f : files) {
            auto l = resolve(loadData(std::filesystem::relative(f, dataPath("")).string()));
            QVERIFY2(!hasErrors(l.diagnostics), (f.string() + ": " + describe(l.diagnostics)).c_str());
            QVERIFY2(!l.scene.instances.empty(), f.string().c_str());
        }
    }

    void shapeExamples()
    {
        auto box = spec("OMI_physics_shape/examples/box_collider.gltf");
        QCOMPARE(box.scene.staticColliders.size(), size_t(1));
        QCOMPARE(shapeOf(box, "BoxShape").size, (Vec3{1, 1, 1}));

        auto capsule = spec("OMI_physics_shape/examples/capsule_collider.gltf");
        const Shape& c = shapeOf(capsule, "CapsuleShape");
        QCOMPARE(c.type, ShapeType::Capsule);
        QCOMPARE(c.height, 1.0); // mid-height: full height 2 m
        QCOMPARE(c.radiusTop, 0.5);
        QCOMPARE(c.radiusBottom, 0.5);
        QVERIFY(!capsule.model.hadLegacy);

        const Shape& cyl =
            shapeOf(spec("OMI_physics_shape/examples/cylinder_collider.gltf"), "CylinderShape");
        QCOMPARE(cyl.type, ShapeType::Cylinder);
        QCOMPARE(cyl.height, 2.0);
        QCOMPARE(cyl.radiusBottom, 0.5);

        auto def = spec("OMI_physics_shape/examples/default_box.gltf");
        QCOMPARE(shapeOf(def, "DefaultBoxShape").size, (Vec3{1, 1, 1}));
        QVERIFY(hasCode(def.diagnostics, code::ShapeParamsMissing)); // spec defect 1

        QCOMPARE(shapeOf(spec("OMI_physics_shape/examples/sphere_collider.gltf"), "SphereShape").radius, 0.5);

        auto hull = spec("OMI_physics_shape/examples/convex/convex_hull.gltf");
        const Shape& h = shapeOf(hull, "ConvexHullShape");
        QCOMPARE(h.type, ShapeType::Convex);
        QCOMPARE(h.mesh, 0);
        QCOMPARE(hull.doc.count("meshes"), size_t(2)); // mesh 0 is only the hull, not instanced
        QCOMPARE(
            shapeOf(spec("OMI_physics_shape/examples/convex/convex_hull_only.gltf"), "ConvexHullShape").mesh,
            0);

        const Shape& tri =
            shapeOf(spec("OMI_physics_shape/examples/trimesh/concave_trimesh.gltf"), "ConcaveTrimeshShape");
        QCOMPARE(tri.type, ShapeType::Trimesh);
        QCOMPARE(tri.mesh, 0);
        QCOMPARE(shapeOf(spec("OMI_physics_shape/examples/trimesh/concave_trimesh_only.gltf"),
                         "ConcaveTrimeshShape")
                     .type,
                 ShapeType::Trimesh);
    }

    void archivedColliderExamples()
    {
        const std::string base = "OMI_collider_archived/examples/";
        QCOMPARE(shapeOf(spec(base + "box_collider.gltf"), "BoxCollider").size, (Vec3{1, 1, 1}));
        const Shape& cap = shapeOf(spec(base + "capsule_collider.gltf"), "CapsuleCollider");
        QCOMPARE(cap.height, 1.0); // height 2.0 is the full height: 2 - 2 * 0.5
        QCOMPARE(cap.radiusTop, 0.5);
        const Shape& cyl = shapeOf(spec(base + "cylinder_collider.gltf"), "CylinderCollider");
        QCOMPARE(cyl.height, 2.0);
        QCOMPARE(cyl.radiusTop, 0.5);
        QCOMPARE(shapeOf(spec(base + "hull/convex_hull.gltf"), "ConvexHull").type, ShapeType::Convex);
        QCOMPARE(shapeOf(spec(base + "sphere_collider.gltf"), "SphereCollider").radius, 0.5);
        auto trig = spec(base + "trigger_box.gltf");
        QCOMPARE(trig.scene.staticTriggers.size(), size_t(1));
        QVERIFY(trig.scene.staticColliders.empty());
        QCOMPARE(shapeOf(spec(base + "trimesh/concave_trimesh.gltf"), "ConcaveTrimeshCollider").type,
                 ShapeType::Trimesh);
    }

    void bodyBasics()
    {
        auto compound = spec("OMI_physics_body/examples/basic/compound_trigger.gltf");
        QCOMPARE(compound.scene.instances.size(), size_t(3));
        QCOMPARE(compound.scene.compoundTriggers.size(), size_t(1));
        QCOMPARE(compound.scene.compoundTriggers[0].node, size_t(0));
        QCOMPARE(compound.scene.compoundTriggers[0].members.size(), size_t(2));
        QCOMPARE(shapeOf(compound, "BottomOfL", true).size, (Vec3{3, 1, 1}));
        QCOMPARE(shapeOf(compound, "TopOfL", true).size, (Vec3{1, 3, 1}));
        QCOMPARE(instanceByName(compound, "SeparateTrigger", true)->compoundTrigger, -1);

        auto dyn = spec("OMI_physics_body/examples/basic/dynamic_box.gltf");
        QCOMPARE(dyn.scene.bodies.size(), size_t(1));
        QCOMPARE(dyn.scene.bodies[0].motion.type, MotionType::Dynamic);
        QVERIFY(!dyn.scene.bodies[0].motion.mass); // the file leaves it out: OMI's default, 1 kg
        const MassReading mass = massReading(dyn.scene.bodies[0].motion, dyn.model.format);
        QCOMPARE(mass.meaning, MassMeaning::Given);
        QCOMPARE(mass.value, 1.0);
        QCOMPARE(dyn.scene.bodies[0].colliders.size(), size_t(1));
        QCOMPARE(shapeOf(dyn, "BoxShape").size, (Vec3{1, 2, 3}));

        auto trig = spec("OMI_physics_body/examples/basic/trigger_box.gltf");
        QCOMPARE(trig.scene.staticTriggers.size(), size_t(1));
        QCOMPARE(shapeOf(trig, "TriggerBox", true).size, (Vec3{1, 1, 1}));
    }

    void bodyComplex()
    {
        auto pit = spec("OMI_physics_body/examples/complex/ball_pit.gltf");
        QCOMPARE(pit.scene.bodies.size(), size_t(6));
        QCOMPARE(bodiesOfType(pit, MotionType::Static), 1);
        QCOMPARE(bodiesOfType(pit, MotionType::Dynamic), 5);
        for (const auto& b : pit.scene.bodies) {
            if (b.motion.type == MotionType::Static) {
                QCOMPARE(b.colliders.size(), size_t(4));
                continue;
            }
            QCOMPARE(b.motion.mass, std::optional(1.0));
            QCOMPARE(b.colliders.size(), size_t(1));
            const Shape& s = pit.model.shapes[pit.scene.instances[b.colliders[0]].shape];
            QCOMPARE(s.type, ShapeType::Sphere);
            QCOMPARE(s.radius, 0.5);
        }

        auto vel = spec("OMI_physics_body/examples/complex/dynamic_with_velocity.gltf");
        QCOMPARE(vel.scene.bodies.size(), size_t(1));
        QCOMPARE(vel.scene.bodies[0].motion.linearVelocity, (Vec3{1, 2, 3}));
        QCOMPARE(vel.scene.bodies[0].motion.angularVelocity, (Vec3{4, 5, 6}));
        QCOMPARE(shapeOf(vel, "SphereShape").type, ShapeType::Sphere);

        auto ind = spec("OMI_physics_body/examples/complex/indirect_children.gltf");
        QCOMPARE(ind.scene.bodies.size(), size_t(3));
        QCOMPARE(bodiesOfType(ind, MotionType::Kinematic), 3);
        for (const auto& b : ind.scene.bodies)
            QCOMPARE(b.colliders.size(), size_t(1));
        QCOMPARE(ind.scene.staticTriggers.size(), size_t(3));
        QCOMPARE(countCode(ind.diagnostics, code::LegacyImplicitCompoundTrigger), 2); // spec defect 2
        QCOMPARE(instanceByName(ind, "BoxShapeKinematicIndirect", false)->body,
                 ind.scene.bodyOfNode(nodeByName(ind.doc, "KinematicIndirect")));
        QCOMPARE(instanceByName(ind, "BoxShapeTriggerIndirect", true)->compoundTrigger >= 0, true);
        QCOMPARE(instanceByName(ind, "TriggerSameNode", true)->compoundTrigger, -1);

        auto st = spec("OMI_physics_body/examples/complex/static_body_motion.gltf");
        QCOMPARE(st.scene.bodies.size(), size_t(1));
        QCOMPARE(st.scene.bodies[0].motion.type, MotionType::Static);
        QCOMPARE(shapeOf(st, "BoxShape").size, (Vec3{1, 2, 3}));

        auto sc = spec("OMI_physics_body/examples/complex/static_compound_collider.gltf");
        QVERIFY(sc.scene.bodies.empty());
        QCOMPARE(sc.scene.staticColliders.size(), size_t(1));
        QCOMPARE(instanceByName(sc, "BoxShape", false)->compoundCollider,
                 nodeByName(sc.doc, "StaticCompoundCollider"));

        auto swt = spec("OMI_physics_body/examples/complex/static_with_trigger.gltf");
        QCOMPARE(swt.scene.bodies.size(), size_t(1));
        QCOMPARE(swt.scene.bodies[0].colliders.size(), size_t(1));
        QCOMPARE(swt.scene.bodies[0].triggers.size(), size_t(1));
        QCOMPARE(shapeOf(swt, "TriggerShape", true).radius, 2.0);

        auto two = spec("OMI_physics_body/examples/complex/two_boxes.gltf");
        QCOMPARE(two.scene.bodies.size(), size_t(1));
        QCOMPARE(two.scene.staticTriggers.size(), size_t(1));
        QCOMPARE(two.scene.compoundTriggers.size(), size_t(1));
        QVERIFY(two.scene.compoundTriggers[0].implicit);
    }

    // Digest section 8, example 1.
    void triggersScene()
    {
        auto t = spec("OMI_physics_body/examples/triggers/triggers.gltf");
        QCOMPARE(t.model.shapes.size(), size_t(5));
        QVERIFY(near(t.model.shapes[0].size[0], 10.376665115356445));
        QVERIFY(near(t.model.shapes[0].size[1], 0.3404197692871094));
        for (int i = 1; i <= 4; ++i) {
            QCOMPARE(t.model.shapes[i].type, ShapeType::Convex);
            QCOMPARE(t.model.shapes[i].mesh, i);
        }
        const ShapeInstance* floor = instanceByName(t, "Floor", false);
        QVERIFY(floor && floor->body == -1);
        QVERIFY(near(scaleX(floor->world), 0.168, 1e-3));
        QCOMPARE(t.scene.bodies.size(), size_t(1));
        QCOMPARE(t.scene.bodies[0].node, size_t(nodeByName(t.doc, "Cube")));
        QCOMPARE(t.scene.bodies[0].motion.type, MotionType::Dynamic); // no type: dynamic (spec defect 3)
        QVERIFY(hasCode(t.diagnostics, code::MotionTypeMissing));
        QCOMPARE(t.scene.compoundTriggers.size(), size_t(1));
        QCOMPARE(t.scene.compoundTriggers[0].node, size_t(12));
        std::vector<size_t> members;
        for (size_t i : t.scene.compoundTriggers[0].members)
            members.push_back(t.scene.instances[i].node);
        QCOMPARE(members, (std::vector<size_t>{6, 8}));
        QCOMPARE(instanceByName(t, "Standalone", true)->compoundTrigger, -1);
        QCOMPARE(t.scene.staticColliders.size(), size_t(1));
        QCOMPARE(t.scene.staticTriggers.size(), size_t(3));
    }

    // Digest section 8, example 3, and the other joint examples (legacy capsules, spec defect 10).
    void jointExamples()
    {
        auto rope = spec("OMI_physics_joint/examples/hanging_rope.gltf");
        QCOMPARE(rope.model.shapes[0].size, (Vec3{0.5, 0.5, 0.5}));
        QVERIFY(near(rope.model.shapes[1].height, 0.4)); // full 0.5 - 2 * 0.05
        QVERIFY(near(rope.model.shapes[1].radiusTop, 0.05));
        QCOMPARE(bodiesOfType(rope, MotionType::Static), 1);
        QCOMPARE(bodiesOfType(rope, MotionType::Dynamic), 3);
        // The capsule collider is turned 90 degrees about z: its local y axis lies along the segment's x.
        const ShapeInstance* top = instanceByName(rope, "RopeColliderTop", false);
        const QMatrix4x4 segment = rope.graph.worldTransform(nodeByName(rope.doc, "RopeSegmentTop"));
        const QVector3D yInSegment = (segment.inverted() * top->world).mapVector(QVector3D(0, 1, 0));
        QVERIFY(std::fabs(std::fabs(yInSegment.x()) - 1) < 1e-3);

        auto balls = spec("OMI_physics_joint/examples/pendulum_balls.gltf");
        QCOMPARE(bodiesOfType(balls, MotionType::Static), 1);
        QCOMPARE(bodiesOfType(balls, MotionType::Dynamic), 3);

        auto railing = spec("OMI_physics_joint/examples/rope_railing.gltf");
        QCOMPARE(bodiesOfType(railing, MotionType::Static), 2);
        QCOMPARE(bodiesOfType(railing, MotionType::Dynamic), 5);
        QVERIFY(near(railing.model.shapes[1].height, 0.4));

        for (const char* f : {"simple_joint.gltf", "weld_joint.gltf"}) {
            auto j = spec(std::string("OMI_physics_joint/examples/") + f);
            QCOMPARE(bodiesOfType(j, MotionType::Dynamic), 2);
            QCOMPARE(bodiesOfType(j, MotionType::Static), 1);
            QVERIFY(near(j.model.shapes[0].height, 0.4));
            QVERIFY(hasCode(j.diagnostics, code::LegacyCapsuleHeight));
        }

        auto slider = spec("OMI_physics_joint/examples/slider_ball.gltf");
        const ResolvedBody* ball = nullptr;
        for (const auto& b : slider.scene.bodies)
            if (b.motion.type == MotionType::Dynamic)
                ball = &b;
        QVERIFY(ball);
        QCOMPARE(ball->motion.linearVelocity, (Vec3{1, 0, 0}));
        QVERIFY(near(ball->motion.angularVelocity[0], 0.0174533));
        auto swing = spec("OMI_physics_joint/examples/swing_and_slide.gltf");
        QCOMPARE(bodiesOfType(swing, MotionType::Dynamic), 1);
        QCOMPARE(shapeOf(swing, "BallShape").radius, 0.25);
    }

    void otherAssets()
    {
        auto chair = spec("other/recliner_chair_with_trigger.gltf");
        QCOMPARE(chair.scene.compoundTriggers.size(), size_t(1));
        QCOMPARE(chair.scene.compoundTriggers[0].members.size(), size_t(1));
        QCOMPARE(shapeOf(chair, "ReclinerChairShape", true).size, (Vec3{0.5, 1, 1}));

        auto rocket = spec("other/rocket_ship.gltf");
        QCOMPARE(rocket.scene.bodies.size(), size_t(1));
        QCOMPARE(rocket.scene.bodies[0].motion.mass, std::optional(20000.0));
        QCOMPARE(rocket.scene.bodies[0].colliders.size(), size_t(5));
        QCOMPARE(rocket.scene.bodies[0].triggers.size(), size_t(1));  // the seat, inside the ship's body
        QVERIFY(near(rocket.model.shapes[0].height, 1.5 - 2 * 0.14)); // legacy antenna capsule

        auto car = spec("other/simple_car.gltf");
        QCOMPARE(car.scene.bodies.size(), size_t(1));
        QCOMPARE(car.scene.bodies[0].motion.mass, std::optional(1000.0));
        QCOMPARE(car.scene.bodies[0].colliders.size(), size_t(2));
        QCOMPARE(car.scene.bodies[0].triggers.size(), size_t(4));
        QCOMPARE(shapeOf(car, "SeatPilot", true).size, (Vec3{0.65, 0.65, 0.65}));
    }
};

QTEST_GUILESS_MAIN(TestOmiCorpus)
#include "TestOmiCorpus.moc"
