// Clicking a joint's lines selects the joint's node: ray-to-segment distances against closed-form values.
#include "gltf/SceneGraph.h"
#include "physics/OmiReader.h"
#include "physics/ResolvedScene.h"
#include "scene/JointPick.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::physics;
using namespace cs::scene;

class TestJointPick : public QObject
{
    Q_OBJECT

private slots:
    void rayNearALinkPicksTheJointNode()
    {
        // Node 0: the joint at (2, 1, 0), connected to node 1, the body at (4, 1, 0); node 2 another body.
        const std::string text = R"({"asset":{"version":"2.0"},"nodes":[
              {"extensions":{"KHR_physics_rigid_bodies":{"joint":{"joint":0,"connectedNode":1}}},"translation":[2,1,0]},
              {"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2}}},"translation":[4,1,0]},
              {"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":3}}},"translation":[0,1,0]}],
            "extensions":{"KHR_physics_rigid_bodies":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2]}]}]}},
            "extensionsUsed":["KHR_physics_rigid_bodies"]})";
        auto doc = gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), {});
        QVERIFY(doc);
        const auto model = readPhysics(*doc);
        const auto graph = gltf::SceneGraph::build(*doc);
        QVERIFY(graph);
        const auto scene = resolveScene(*model, *graph);
        const JointPicker picker(*model, scene, *graph);
        // 6 frame axes + 2 links.
        QCOMPARE(picker.segmentCount(), size_t(8));

        // Straight down onto the links at (3, 1, 0): 4 m away, on the line.
        auto hit = picker.pick({3, 5, 0}, {0, -1, 0}, 0.01);
        QVERIFY(hit);
        QCOMPARE(hit->node, size_t(0));
        QVERIFY(std::fabs(hit->distance - 4.0) < 1e-5);

        // Half a metre beside the line, 4 m away: atan(0.5 / 4) = 0.1244 rad off.
        const double off = std::atan2(0.5, 4.0);
        QVERIFY(!picker.pick({3, 5, 0.5f}, {0, -1, 0}, off - 0.001));
        QVERIFY(picker.pick({3, 5, 0.5f}, {0, -1, 0}, off + 0.001));
        // Beyond the end of every segment (x = 6): the nearest end (4, 1, 0) is 2 m aside.
        QVERIFY(!picker.pick({6, 5, 0}, {0, -1, 0}, 0.3));
        // Behind the ray's origin: not seen.
        QVERIFY(!picker.pick({3, 0, 0}, {0, -1, 0}, 0.01));
    }

    void jointWinsOverCollidersNotOverMeshesInFront()
    {
        const Pick joint{7, 5.0, false};
        const Pick collider{1, 2.0, true};
        const Pick meshInFront{2, 2.0, false};
        const Pick meshBehind{3, 6.0, false};
        QCOMPARE(preferJoint(std::nullopt, joint)->node, size_t(7));
        QCOMPARE(preferJoint(collider, joint)->node, size_t(7));
        QCOMPARE(preferJoint(meshInFront, joint)->node, size_t(2));
        QCOMPARE(preferJoint(meshBehind, joint)->node, size_t(7));
        QCOMPARE(preferJoint(meshInFront, std::nullopt)->node, size_t(2));
        QVERIFY(!preferJoint(std::nullopt, std::nullopt));
    }
};

QTEST_GUILESS_MAIN(TestJointPick)
#include "TestJointPick.moc"
