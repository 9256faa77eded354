// Joint commands on a KHR document (tests/data/physics/khr_all.gltf, written from the KHR schema by
// make_files.py): each edit changes exactly the JSON values named here, and redo -> undo -> redo gives the
// same saved bytes each way.
#include "DocumentTestUtil.h"
#include "document/JointCommands.h"
#include "document/JointFields.h"
#include "physics/PhysicsWriter.h"

#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

const std::string kExt = "/extensions/KHR_physics_rigid_bodies";

std::string nodeJoint(size_t node)
{
    return "/nodes/" + std::to_string(node) + kExt + "/joint";
}

std::string description(size_t index)
{
    return kExt + "/physicsJoints/" + std::to_string(index);
}

// checkEdit against the model as a save writes it: the first physics edit of a file writes every value of
// the model explicitly (KHR and OMI defaults differ), which is not this command's change.
void checkJointEdit(Document& doc, const std::function<void()>& edit,
                    const std::vector<Replacement>& replacements)
{
    gltf::GltfDocument written;
    written.json() = doc.gltf().json();
    physics::writePhysics(doc.model(), written, physics::Family::Khr);
    const gltf::Json expected = replaced(written.json(), replacements);
    checkRedoUndoRedo(doc, edit, [&](const gltf::Json& saved) { CS_COMPARE_JSON(saved, expected); });
}

} // namespace

class TestJointCommands : public QObject
{
    Q_OBJECT

private slots:
    void setNodeJointFields()
    {
        auto doc = openData("physics/khr_all.gltf");
        const size_t hinge = nodeNamed(*doc, "HingeJoint");
        const size_t other = nodeNamed(*doc, "SliderB");
        checkJointEdit(*doc,
                       [&] {
                           doc->push(setNodeJoint(doc.get(), hinge, {int(other), 2, true}));
                       },
                       {{nodeJoint(hinge) + "/connectedNode", std::to_string(other)},
                        {nodeJoint(hinge) + "/joint", "2"},
                        {nodeJoint(hinge) + "/enableCollision", "true"}});
        QCOMPARE(doc->model().node(hinge)->joint->joint, 2);
        QVERIFY(doc->model().node(hinge)->joint->enableCollision);
        // The same values again change nothing: no undo step.
        const int steps = doc->undoStack()->count();
        doc->push(setNodeJoint(doc.get(), hinge, {int(other), 2, true}));
        QCOMPARE(doc->undoStack()->count(), steps);
    }

    void addJointToANodeWithACollider()
    {
        auto doc = openData("physics/khr_all.gltf");
        const size_t pad = nodeNamed(*doc, "Pad");
        const size_t ground = nodeNamed(*doc, "Ground");
        checkJointEdit(*doc,
                       [&] {
                           doc->push(setNodeJoint(doc.get(), pad, {int(ground), 0, false}));
                       },
                       {{nodeJoint(pad), R"({"connectedNode":)" + std::to_string(ground) +
                                             R"(,"joint":0,"enableCollision":false})"}});
    }

    void removeNodeJoint()
    {
        auto doc = openData("physics/khr_all.gltf");
        const size_t six = nodeNamed(*doc, "SixDofJoint");
        // The node holds nothing but its joint: its extension object goes with it.
        checkJointEdit(*doc, [&] { doc->push(document::removeNodeJoint(doc.get(), six)); },
                       {{"/nodes/" + std::to_string(six) + "/extensions", "<erase>"}});
        QVERIFY(!doc->model().node(six));
    }

    void addDescriptionFromAPreset()
    {
        auto doc = openData("physics/khr_all.gltf");
        // A hinge (KHR digest): the three linear axes locked, angular Y and Z locked, X free.
        checkJointEdit(
            *doc, [&] { doc->push(new AddJointDescription(doc.get(), jointPreset(JointPreset::Hinge))); },
            {{description(6), R"({"limits":[{"linearAxes":[0,1,2],"min":0.0,"max":0.0},
                                           {"angularAxes":[1,2],"min":0.0,"max":0.0}]})"}});
        QCOMPARE(doc->model().joints.size(), size_t(7));
    }

    void editLimitsAndDrives()
    {
        auto doc = openData("physics/khr_all.gltf");
        physics::JointDescription hinge = doc->model().joints.at(1);
        hinge.limits.at(2).min = -1.0;
        hinge.limits.at(2).max = 0.5;
        physics::JointDrive drive;
        drive.type = physics::DriveType::Angular;
        drive.mode = physics::DriveMode::Force;
        drive.axis = 0;
        drive.velocityTarget = 3.0;
        drive.damping = 0.25;
        hinge.drives.push_back(drive);
        checkJointEdit(
            *doc, [&] { doc->push(new SetJointDescription(doc.get(), 1, hinge)); },
            {{description(1) + "/limits/2/min", "-1.0"},
             {description(1) + "/limits/2/max", "0.5"},
             {description(1) + "/drives",
              R"([{"type":"angular","mode":"force","axis":0,"velocityTarget":3.0,"damping":0.25}])"}});
        QCOMPARE(doc->model().joints.at(1).drives.size(), size_t(1));
    }

    void deleteDescriptionNamesItsUsers()
    {
        auto doc = openData("physics/khr_all.gltf");
        const size_t hinge = nodeNamed(*doc, "HingeJoint");
        std::vector<size_t> users;
        std::vector<Replacement> expected = {{description(1), "<erase>"},
                                             {"/nodes/" + std::to_string(hinge) + "/extensions", "<erase>"}};
        // Every later description moves down by one in the joints that use it.
        for (const char* name : {"SliderJoint", "BallSocketJoint", "ConeTwistJoint", "SixDofJoint"}) {
            const size_t node = nodeNamed(*doc, name);
            const int was = doc->model().node(node)->joint->joint;
            expected.push_back({nodeJoint(node) + "/joint", std::to_string(was - 1)});
        }
        QCOMPARE(jointUsers(doc->model(), 1), std::vector<size_t>{hinge});
        checkJointEdit(
            *doc,
            [&] {
                auto* remove = new RemoveJointDescription(doc.get(), 1);
                doc->push(remove);
                users = remove->users();
            },
            expected);
        QCOMPARE(users, std::vector<size_t>{hinge});
        QCOMPARE(doc->model().joints.size(), size_t(5));
    }

    void fieldsParseAndFormat()
    {
        physics::JointLimit l = defaultLimit();
        QCOMPARE(limitFieldText(l, LimitField::Kind), std::string("linear"));
        QCOMPARE(limitFieldText(l, LimitField::Axes), std::string("0 1 2"));
        QVERIFY(setLimitField(l, LimitField::Kind, "angular"));
        QVERIFY(l.linearAxes.empty());
        QCOMPARE(l.angularAxes, (std::vector<int>{0, 1, 2}));
        QVERIFY(setLimitField(l, LimitField::Axes, " 2 0 "));
        QCOMPARE(l.angularAxes, (std::vector<int>{2, 0}));
        // Repeated, out of range, empty and non-numeric axes are refused and change nothing.
        for (const char* bad : {"1 1", "3", "", "x"})
            QVERIFY2(!setLimitField(l, LimitField::Axes, bad), bad);
        QCOMPARE(l.angularAxes, (std::vector<int>{2, 0}));
        QVERIFY(setLimitField(l, LimitField::Min, "-1.25"));
        QCOMPARE(*l.min, -1.25);
        QVERIFY(setLimitField(l, LimitField::Max, ""));
        QVERIFY(!l.max); // unbounded
        QVERIFY(!setLimitField(l, LimitField::Damping, ""));
        QVERIFY(!setLimitField(l, LimitField::Stiffness, "1.5x"));
        physics::JointDescription one;
        one.limits = {l};
        QCOMPARE(jointSummary(one), std::string("1 limit, 0 drives: angular 2 0 -1.25..inf"));

        physics::JointDrive d = defaultDrive();
        QCOMPARE(driveFieldText(d, DriveField::Type), std::string("linear"));
        QCOMPARE(driveFieldText(d, DriveField::Mode), std::string("force"));
        QVERIFY(setDriveField(d, DriveField::Mode, "acceleration"));
        QCOMPARE(*d.mode, physics::DriveMode::Acceleration);
        QVERIFY(!setDriveField(d, DriveField::Type, "rotary"));
        QVERIFY(!setDriveField(d, DriveField::Axis, "1.5"));
        QVERIFY(setDriveField(d, DriveField::Axis, "2"));
        QCOMPARE(*d.axis, 2);
        QVERIFY(setDriveField(d, DriveField::MaxForce, ""));
        QVERIFY(!d.maxForce); // unlimited
        QVERIFY(setDriveField(d, DriveField::PositionTarget, "0.5"));
        QCOMPARE(driveFieldText(d, DriveField::PositionTarget), std::string("0.5"));
    }
};

QTEST_GUILESS_MAIN(TestJointCommands)
#include "TestJointCommands.moc"
