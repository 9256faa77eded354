// An OMI static body that a joint joins, written to KHR (which has no static motion): it becomes a kinematic
// body without velocity, so the joint still joins it and `enableCollision: false` keeps the two bodies apart;
// the KHR file then simulates as the OMI file does. A static body no joint joins stays colliders without
// motion.
#include "SimulationDocuments.h"
#include "physics/DiagnosticCodes.h"
#include "physics/PhysicsWriter.h"

#include <QTest>

using namespace cs;
using namespace cs::test;
using gltf::Json;

namespace {

// Node 0 Rail: an OMI static body, its box collider on child 1 (2 m along X, 0.1 m thick), the joint's
// attachment on child 2 at its origin. Node 3 Ball: a dynamic body at the rail's middle, its 0.25 m sphere on
// child 4 overlapping the rail's box, sliding along +X at 1 m/s; the joint on child 5 (at the ball's origin)
// locks the Y and Z offsets and every turn, connected to node 2. Node 6 Floor: an OMI static body 5 m below,
// its own box collider, joined by nothing.
const char* const kRailAndBall =
    R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,3,6]}],)"
    R"("extensionsUsed":["OMI_physics_shape","OMI_physics_body","OMI_physics_joint"],)"
    R"("extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[2,0.1,0.1]}},)"
    R"({"type":"sphere","sphere":{"radius":0.25}},{"type":"box","box":{"size":[10,1,10]}}]},)"
    R"("OMI_physics_joint":{"physicsJoints":[{"limits":[{"linearAxes":[1,2],"min":0,"max":0},)"
    R"({"angularAxes":[0,1,2],"min":0,"max":0}]}]}},"nodes":[)"
    R"({"name":"Rail","children":[1,2],"extensions":{"OMI_physics_body":{"motion":{"type":"static"}}}},)"
    R"({"name":"RailShape","extensions":{"OMI_physics_body":{"collider":{"shape":0}}}},)"
    R"({"name":"RailAttachment"},)"
    R"({"name":"Ball","children":[4,5],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic",)"
    R"("linearVelocity":[1,0,0]}}}},)"
    R"({"name":"BallShape","extensions":{"OMI_physics_body":{"collider":{"shape":1}}}},)"
    R"({"name":"BallJoint","extensions":{"OMI_physics_joint":{"joint":0,"connectedNode":2}}},)"
    R"({"name":"Floor","translation":[0,-5,0],"extensions":{"OMI_physics_body":{"motion":{"type":"static"},)"
    R"("collider":{"shape":2}}}}]})";

constexpr size_t kRail = 0;
constexpr size_t kBall = 3;
constexpr size_t kFloor = 6;

/// The document's physics written as KHR, read back from its JSON text; `written` gets the writer's
/// diagnostics.
gltf::GltfDocument asKhr(const gltf::GltfDocument& omi, Diagnostics& written)
{
    auto model = physics::readPhysics(omi);
    if (!model)
        return loadJson("{}");
    gltf::GltfDocument copy = omi;
    written = physics::writePhysics(*model, copy, physics::Family::Khr);
    return loadJson(copy.json().dump());
}

/// Where the ball's node is after `seconds` of simulation, or nothing when the document gives no input.
std::optional<Vec3> ballAfter(const gltf::GltfDocument& doc, double seconds)
{
    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    if (!model || !graph)
        return std::nullopt;
    auto input = simulation::buildSimulationInput(doc, *model, *graph);
    if (!input)
        return std::nullopt;
    simulation::World world(std::move(*input));
    world.advance(seconds);
    for (const auto& state : world.states()) {
        if (state.node == kBall)
            return state.pose.position;
    }
    return std::nullopt;
}

/// The node's KHR_physics_rigid_bodies object, or null.
Json khrOf(const Json& root, size_t node)
{
    const Json& n = root["nodes"][node];
    if (!n.contains("extensions") || !n["extensions"].contains("KHR_physics_rigid_bodies"))
        return Json();
    return n["extensions"]["KHR_physics_rigid_bodies"];
}

/// An info KHR_NOT_EXPRESSIBLE whose message names `node` ("node N:").
bool infoNames(const Diagnostics& diagnostics, size_t node)
{
    const std::string name = "node " + std::to_string(node) + ":";
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        return d.severity == Severity::Info && d.code == physics::code::KhrNotExpressible &&
               d.message.rfind(name, 0) == 0 && d.message.find("joint") != std::string::npos;
    });
}

} // namespace

class TestKhrStaticJointSide : public QObject
{
    Q_OBJECT

private slots:
    void joinedStaticBodyWrittenKinematic()
    {
        Diagnostics written;
        const gltf::GltfDocument khr = asKhr(loadJson(kRailAndBall), written);
        const Json rail = khrOf(khr.json(), kRail);
        QVERIFY2(rail.is_object() && rail.contains("motion"), khr.json().dump().c_str());
        const Json& motion = rail["motion"];
        QVERIFY2(motion.value("isKinematic", false), motion.dump().c_str());
        // KHR's velocities default to zero; written or not, they must be zero.
        for (const char* v : {"linearVelocity", "angularVelocity"}) {
            if (motion.contains(v))
                QVERIFY2(numbersNear(motion[v], {0, 0, 0}), motion.dump().c_str());
        }
        QVERIFY2(infoNames(written, kRail), describe(written).c_str());
        // The joint keeps its connected node (the rail's attachment, now inside a body).
        const Json joint = khrOf(khr.json(), 5);
        QVERIFY2(joint.contains("joint") && joint["joint"]["connectedNode"] == 2, joint.dump().c_str());
    }

    void staticBodyNotJoinedStaysColliders()
    {
        Diagnostics written;
        const gltf::GltfDocument khr = asKhr(loadJson(kRailAndBall), written);
        const Json floor = khrOf(khr.json(), kFloor);
        QVERIFY2(floor.is_object() && !floor.contains("motion"), floor.dump().c_str());
        QVERIFY2(floor.contains("collider"), floor.dump().c_str());
        QVERIFY2(!infoNames(written, kFloor), describe(written).c_str());
    }

    void bothFamiliesMoveTheBallAlike()
    {
        const gltf::GltfDocument omi = loadJson(kRailAndBall);
        Diagnostics written;
        const gltf::GltfDocument khr = asKhr(omi, written);
        const auto fromOmi = ballAfter(omi, 1.0);
        const auto fromKhr = ballAfter(khr, 1.0);
        QVERIFY(fromOmi && fromKhr);
        // Held on the rail's line by the joint (Y and Z offsets and every turn locked) and kept from its box,
        // nothing slows the ball: after 1 s at 1 m/s along +X it is at (1, 0, 0) (a contact with the rail
        // would stop or throw it).
        const Vec3 slid{1.0, 0.0, 0.0};
        const double off =
            std::hypot((*fromOmi)[0] - slid[0], (*fromOmi)[1] - slid[1], (*fromOmi)[2] - slid[2]);
        QVERIFY2(off < 1e-3, QByteArray::number((*fromOmi)[0]).constData());
        const double apart = std::hypot((*fromOmi)[0] - (*fromKhr)[0], (*fromOmi)[1] - (*fromKhr)[1],
                                        (*fromOmi)[2] - (*fromKhr)[2]);
        QVERIFY2(apart < 1e-3, (QByteArray::number((*fromKhr)[0]) + ", " + QByteArray::number((*fromKhr)[1]) +
                                ", " + QByteArray::number((*fromKhr)[2]))
                                   .constData());
    }
};

QTEST_GUILESS_MAIN(TestKhrStaticJointSide)
#include "TestKhrStaticJointSide.moc"
