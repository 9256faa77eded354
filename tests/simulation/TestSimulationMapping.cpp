// From a document to the engine's input (issue 20, item 2): scale baked into shapes, shapes placed in their
// body's frame, velocities to the world frame, mass properties, the documented departures (SIM_* notes), and
// the spec's material combine and filter rules.
#include "SimulationDocuments.h"
#include "simulation/ContactRules.h"

#include <QTest>

using namespace cs;
using namespace cs::test;
using physics::CombineMode;

namespace {

/// A document with these shapes and nodes; `extra` follows the nodes array, `body` is the document-level
/// OMI_physics_body object.
std::string document(const std::string& shapes, const std::string& nodes, const std::string& extra = {},
                     const std::string& body = "{}")
{
    return R"({"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_shape","OMI_physics_body"],)"
           R"("extensions":{"OMI_physics_shape":{"shapes":[)" +
           shapes + R"(]},"OMI_physics_body":)" + body + R"(},"nodes":[)" + nodes + "]" + extra + "}";
}

bool near(double a, double b, double tolerance = 1e-5)
{
    return std::fabs(a - b) <= tolerance;
}

/// A tetrahedron mesh (mesh 0) as a data: URI buffer, for convex and trimesh shapes.
std::string tetrahedronMesh()
{
    gltf::Bytes bytes;
    appendFloats(bytes, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1});
    appendValues<std::uint16_t>(bytes, {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3});
    return R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],)"
           R"("accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[0,0,0],)"
           R"("max":[1,1,1]},{"bufferView":1,"componentType":5123,"count":12,"type":"SCALAR"}],)"
           R"("bufferViews":[{"buffer":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":24}],)"
           R"("buffers":[{"byteLength":72,"uri":")" +
           base64DataUri(bytes) + R"("}])";
}

} // namespace

class TestSimulationMapping : public QObject
{
    Q_OBJECT

private slots:
    void scaleIsBakedIntoShapes()
    {
        const auto in = inputOf(
            document(R"({"type":"box","box":{"size":[1,1,1]}},{"type":"sphere","sphere":{"radius":0.5}})",
                     R"({"scale":[2,3,4],"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}},)"
                     R"({"scale":[2,2,2],"extensions":{"OMI_physics_body":{"collider":{"shape":1}}}},)"
                     R"({"scale":[1,2,1],"extensions":{"OMI_physics_body":{"collider":{"shape":1}}}})"));
        QVERIFY(in);
        QCOMPARE(in->statics.size(), size_t(3));
        const auto& box = in->statics[0].shape.geometry;
        QCOMPARE(box.kind, geometry::ShapeKind::Box);
        QVERIFY(near(box.size.x, 2) && near(box.size.y, 3) && near(box.size.z, 4));
        QCOMPARE(in->statics[1].shape.geometry.kind, geometry::ShapeKind::Sphere);
        QVERIFY(near(in->statics[1].shape.geometry.radius, 1.0));
        // A sphere stretched along Y is no sphere: a hull of its scaled surface, reaching 1 m up and 0.5
        // across.
        const auto& stretched = in->statics[2].shape.geometry;
        QCOMPARE(stretched.kind, geometry::ShapeKind::Convex);
        float top = 0, side = 0;
        for (const QVector3D& p : stretched.mesh->positions) {
            top = std::max(top, p.y());
            side = std::max(side, p.x());
        }
        QVERIFY(near(top, 1.0) && near(side, 0.5));
        QVERIFY(findDiagnostic(in.diagnostics, "SIM_SCALED_ROUND_SHAPE"));
    }

    void shapesInTheBodyFrameAndVelocitiesInTheWorld()
    {
        // A dynamic body at (0, 5, 0) turned 90 degrees about +Y (quaternion [0, s, 0, s]), with a collider
        // child at (1, 0, 0) scaled 2, and a node-space velocity along +X.
        const auto in = inputOf(document(
            R"({"type":"box","box":{"size":[1,1,1]}})",
            R"({"translation":[0,5,0],"rotation":[0,0.70710678,0,0.70710678],"children":[1],)"
            R"("extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2,"linearVelocity":[1,0,0]}}}},)"
            R"({"translation":[1,0,0],"scale":[2,2,2],"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}})"));
        QVERIFY(in);
        QCOMPARE(in->bodies.size(), size_t(1));
        const SimBody& b = in->bodies[0];
        QVERIFY(near(b.pose.position[1], 5));
        QCOMPARE(b.colliders.size(), size_t(1));
        QVERIFY(near(b.colliders[0].pose.position[0], 1) && near(b.colliders[0].pose.position[2], 0));
        QVERIFY(near(b.colliders[0].geometry.size.x, 2));
        // +X turned 90 degrees about +Y is -Z.
        QVERIFY(near(b.linearVelocity[0], 0) && near(b.linearVelocity[2], -1));
    }

    void inertiaComputedFromColliders()
    {
        // A 1 x 2 x 3 box of 6 kg: I = m (b^2 + c^2) / 12 = 6.5, 5, 2.5 (in some order of principal axes).
        const std::string box = R"({"type":"box","box":{"size":[1,2,3]}})";
        auto in = inputOf(document(
            box,
            R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":6},"collider":{"shape":0}}}})"));
        QVERIFY(in);
        std::vector<double> d(in->bodies[0].inertiaDiagonal.begin(), in->bodies[0].inertiaDiagonal.end());
        std::sort(d.begin(), d.end());
        QVERIFY(near(d[0], 2.5, 1e-4) && near(d[1], 5, 1e-4) && near(d[2], 6.5, 1e-4));

        // About a centre of mass moved 0.5 m along X: + m d^2 about Y and Z.
        in = inputOf(document(R"({"type":"box","box":{"size":[1,1,1]}})",
                              R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":1,)"
                              R"("centerOfMass":[0.5,0,0]},"collider":{"shape":0}}}})"));
        QVERIFY(in);
        d.assign(in->bodies[0].inertiaDiagonal.begin(), in->bodies[0].inertiaDiagonal.end());
        std::sort(d.begin(), d.end());
        QVERIFY(near(d[0], 1.0 / 6, 1e-4) && near(d[1], 1.0 / 6 + 0.25, 1e-4) &&
                near(d[2], 1.0 / 6 + 0.25, 1e-4));

        // Given inertia is used as given.
        in =
            inputOf(document(box, R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":6,)"
                                  R"("inertiaDiagonal":[1,0,3]},"collider":{"shape":0}}}})"));
        QVERIFY(in);
        QVERIFY(in->bodies[0].inertiaDiagonal == (Vec3{1, 0, 3}));
    }

    void departuresAreNoted()
    {
        const auto in = inputOf(document(
            R"({"type":"trimesh","trimesh":{"mesh":0}},{"type":"box"})",
            R"({"children":[1,2],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"}}}},)"
            R"({"extensions":{"OMI_physics_body":{"collider":{"shape":0,"collisionFilter":0}}}},)"
            R"({"extensions":{"OMI_physics_body":{"collider":{"shape":1,"collisionFilter":1}}}},)"
            R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":0},"collider":{"shape":1}}}})",
            tetrahedronMesh(),
            R"({"collisionFilters":[{"collisionSystems":["a"]},{"collisionSystems":["b"]}]})"));
        QVERIFY2(in, describe(in.diagnostics).c_str());
        QCOMPARE(in->bodies.size(), size_t(2));
        // A trimesh on a dynamic body stays a (concave) trimesh, with a note naming the method.
        QCOMPARE(in->bodies[0].colliders[0].geometry.kind, geometry::ShapeKind::Trimesh);
        QVERIFY(findDiagnostic(in.diagnostics, "SIM_TRIMESH_ON_DYNAMIC"));
        // Filters belong to colliders: each keeps its own.
        QCOMPARE(in->bodies[0].colliders[0].filter, 0);
        QCOMPARE(in->bodies[0].colliders[1].filter, 1);
        QVERIFY(!findDiagnostic(in.diagnostics, "SIM_BODY_MIXED_FILTERS"));
        // OMI gives mass 0 no meaning (it is not KHR's infinite mass): the preview says so and uses 1 kg.
        QCOMPARE(in->bodies[1].kind, BodyKind::Dynamic);
        QVERIFY(!in->bodies[1].infiniteMass);
        QCOMPARE(in->bodies[1].mass, 1.0);
        QVERIFY(findDiagnostic(in.diagnostics, "SIM_MASS_INVALID"));
        QVERIFY(!hasErrors(in.diagnostics));
    }

    void khrPlanes()
    {
        // A ball dropped onto a KHR plane (infinite, or finite 4 x 4 m) rests with its centre one radius
        // above it; a ball dropped beside the finite plane falls past it.
        const auto rest = [](const std::string& plane, double x) {
            const std::string json =
                R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],)"
                R"("extensions":{"KHR_implicit_shapes":{"shapes":[)" +
                plane +
                R"(,{"type":"sphere","sphere":{"radius":0.5}}]}},"nodes":[)"
                R"({"translation":[0,1,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}},)"
                R"({"translation":[)" +
                std::to_string(x) +
                R"(,4,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},)"
                R"("collider":{"geometry":{"shape":1}}}}}]})";
            auto in = inputOf(json);
            if (!in || in->bodies.size() != 1 || in->statics.size() != 1)
                return -1000.0;
            simulation::World world(*in);
            world.advance(2.0);
            return world.states()[0].pose.position[1];
        };
        const std::string infinite = R"({"type":"plane","plane":{}})";
        const std::string finite = R"({"type":"plane","plane":{"sizeX":4,"sizeZ":4}})";
        QVERIFY(near(rest(infinite, 0), 1.5, 0.02));
        QVERIFY(near(rest(infinite, 30), 1.5, 0.02));
        QVERIFY(near(rest(finite, 0), 1.5, 0.02));
        QVERIFY(rest(finite, 3) < -5);
    }

    void omiExampleJointIsMapped()
    {
        // simple_joint.gltf: PinJoint (node 4, 0.234 m along BodyA's X) connects BodyA (node 1) to
        // BodyBJointAttachment (node 5, -0.23 m along BodyB's X) with a soft pin (stiffness 0.3).
        auto loaded =
            gltf::loadGltf(dataPath("spec/omi/OMI_physics_joint/examples/simple_joint.gltf").string());
        QVERIFY(loaded);
        const gltf::GltfDocument& doc = *loaded;
        auto model = physics::readPhysics(doc);
        auto graph = gltf::SceneGraph::build(doc);
        QVERIFY(model && graph);
        const auto in = simulation::buildSimulationInput(doc, *model, *graph);
        QVERIFY(in.value && !findDiagnostic(in.diagnostics, "SIM_JOINT_IGNORED"));
        QCOMPARE(in.value->joints.size(), size_t(1));
        const simulation::SimJoint& j = in.value->joints[0];
        QCOMPARE(in.value->bodies[size_t(j.bodyA)].node, size_t(1));
        QCOMPARE(in.value->bodies[size_t(j.bodyB)].node, size_t(6));
        QVERIFY(near(j.frameA.position[0], 0.234093916114409) && near(j.frameB.position[0], -0.23));
        QCOMPARE(j.limits.size(), size_t(1));
        QCOMPARE(j.limits[0].axes.size(), size_t(3));
        QVERIFY(near(j.limits[0].stiffness, 0.3) && near(j.limits[0].damping, 1) && j.limits[0].max == 0);
    }

    void combinePrecedence()
    {
        using physics::appliedCombineMode;
        QCOMPARE(appliedCombineMode(CombineMode::Multiply, CombineMode::Average), CombineMode::Average);
        QCOMPARE(appliedCombineMode(CombineMode::Maximum, CombineMode::Minimum), CombineMode::Minimum);
        QCOMPARE(appliedCombineMode(CombineMode::Multiply, CombineMode::Maximum), CombineMode::Maximum);
        QCOMPARE(appliedCombineMode(CombineMode::Multiply, CombineMode::Multiply), CombineMode::Multiply);
        // A side without a mode takes no part (KHR); neither: averaged (the preview's choice).
        QCOMPARE(appliedCombineMode(std::nullopt, CombineMode::Minimum), CombineMode::Minimum);
        QCOMPARE(appliedCombineMode(CombineMode::Multiply, std::nullopt), CombineMode::Multiply);
        QCOMPARE(appliedCombineMode(std::nullopt, std::nullopt), CombineMode::Average);
        const auto m = simulation::combineMaterials(material(0.8, 0.2, CombineMode::Multiply),
                                                    material(0.5, 0.6, CombineMode::Maximum));
        QCOMPARE(m.friction, 0.8);
        QCOMPARE(m.restitution, 0.6);
        // The dynamic coefficient is the one used.
        auto a = material(0.4, 0);
        a.staticFriction = 0.9;
        QCOMPARE(simulation::combineMaterials(a, material(0.4, 0)).friction, 0.4);
    }

    void filterRule()
    {
        physics::CollisionFilter player, wall, ghost, none;
        player.collisionSystems = {"player"};
        player.collideWithSystems = {"world"};
        wall.collisionSystems = {"world"};
        ghost.collisionSystems = {"ghost"};
        ghost.notCollideWithSystems = {"world"};
        QVERIFY(simulation::filtersCollide(player, wall));
        QVERIFY(!simulation::filtersCollide(player, ghost)); // player accepts only "world"
        QVERIFY(!simulation::filtersCollide(ghost, wall));   // ghost refuses "world"; wall would accept
        QVERIFY(simulation::filtersCollide(ghost, none));
        QVERIFY(!simulation::filtersCollide(player, none)); // a member of no system is not in "world"
        const simulation::FilterTable table({player, wall, ghost});
        QVERIFY(table.collide(0, 1) && table.collide(1, 0));
        QVERIFY(!table.collide(2, 1) && !table.collide(1, 2));
        QVERIFY(table.collide(-1, 1) && !table.collide(-1, 0) && table.collide(-1, -1));
    }
};

QTEST_GUILESS_MAIN(TestSimulationMapping)
#include "TestSimulationMapping.moc"
