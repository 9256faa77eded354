// How the Joints tab names a joint description (issue 46): its kind read from the axes its limits lock,
// or its own name, and the nodes each joint using it connects.
#include "TestSupport.h"
#include "document/JointCommands.h"
#include "document/JointNames.h"

#include <QTest>

using namespace cs;
using document::JointPreset;

class TestJointNames : public QObject
{
    Q_OBJECT

private slots:
    void kindFromTheLockedAxes()
    {
        QCOMPARE(document::jointKind(document::jointPreset(JointPreset::Fixed)), std::string("fixed"));
        QCOMPARE(document::jointKind(document::jointPreset(JointPreset::Hinge)), std::string("hinge"));
        QCOMPARE(document::jointKind(document::jointPreset(JointPreset::Slider)), std::string("slider"));
        QCOMPARE(document::jointKind(document::jointPreset(JointPreset::BallSocket)),
                 std::string("ball and socket"));
        QCOMPARE(document::jointKind(document::jointPreset(JointPreset::Free)), std::string("free"));
        // A hinge whose angular limit is a range, not a lock, on the axis it turns about: still a hinge (the
        // two other angular axes are locked), and so with springs on its locks (the spec's pendulum); the
        // linear lock opened to a range: no longer one.
        physics::JointDescription hinge = document::jointPreset(JointPreset::Hinge);
        physics::JointLimit swing;
        swing.angularAxes = {0};
        swing.min = -1.0;
        swing.max = 1.0;
        hinge.limits.push_back(swing);
        QCOMPARE(document::jointKind(hinge), std::string("hinge"));
        hinge.limits[0].stiffness = 0.3;
        QCOMPARE(document::jointKind(hinge), std::string("hinge"));
        hinge.limits[0].max = 0.5;
        QCOMPARE(document::jointKind(hinge), std::string("joint"));
    }

    void nameAndNodes()
    {
        const gltf::GltfDocument doc = test::loadJson(R"({
          "asset": {"version": "2.0"},
          "nodes": [{"name": "Frame"}, {"name": "Door"}, {"name": "Box"}, {}],
          "scenes": [{"nodes": [0, 1, 2, 3]}], "scene": 0
        })");
        physics::PhysicsModel model;
        model.joints.push_back(document::jointPreset(JointPreset::Hinge));
        model.joints.push_back(document::jointPreset(JointPreset::Fixed));
        model.joints[1].source["name"] = "Glue";
        model.joints.push_back(document::jointPreset(JointPreset::Slider));
        const auto joint = [&](size_t node, int connected, int description) {
            physics::NodeJoint j;
            j.connectedNode = connected;
            j.joint = description;
            model.nodes[node].joint = j;
        };
        joint(1, 0, 0); // Door -> Frame, hinged
        joint(3, 2, 0); // an unnamed node -> Box, hinged
        joint(2, 0, 1); // Box -> Frame, glued
        QCOMPARE(document::jointListText(doc, model, 0), std::string("hinge: Door -> Frame, Node 3 -> Box"));
        QCOMPARE(document::jointListText(doc, model, 1), std::string("Glue: Box -> Frame"));
        QCOMPARE(document::jointListText(doc, model, 2), std::string("slider: not used"));
    }
};

QTEST_GUILESS_MAIN(TestJointNames)
#include "TestJointNames.moc"
