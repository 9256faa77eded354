// The validator rules of issue 18, each with a document that triggers it and one that does not: geometry with
// exactly one of shape/mesh/node, joint limits and drives, connected nodes and bodies, angular limits beyond
// pi, planes, compound trigger members, collision system counts, infinite mass and the combine mode that
// applies.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/Validator.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

// Two bodies joined by a hinge (joint on its own node below body A); a box shape on each, materials with the
// same combine modes. Valid: it triggers none of the rules below.
Json base()
{
    return Json::parse(R"({
      "asset":{"version":"2.0"},
      "extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],
      "extensions":{
        "KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}},
                                         {"type":"plane","plane":{"doubleSided":false}}]},
        "KHR_physics_rigid_bodies":{
          "physicsMaterials":[{"frictionCombine":"average","restitutionCombine":"average"},
                              {"frictionCombine":"average","restitutionCombine":"average"}],
          "collisionFilters":[{"collisionSystems":["a"],"collideWithSystems":["b"]}],
          "physicsJoints":[{"limits":[{"linearAxes":[0,1,2],"min":0,"max":0},
                                      {"angularAxes":[1,2],"min":0,"max":0},
                                      {"angularAxes":[0],"min":-1.5,"max":1.5}],
                            "drives":[{"type":"angular","mode":"force","axis":0,"velocityTarget":1}]}]}},
      "nodes":[
        {"name":"A","children":[2],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},
            "collider":{"geometry":{"shape":0},"physicsMaterial":0}}}},
        {"name":"B","translation":[2,0,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},
            "collider":{"geometry":{"shape":0},"physicsMaterial":1}}}},
        {"name":"J","extensions":{"KHR_physics_rigid_bodies":{"joint":{"connectedNode":1,"joint":0}}}},
        {"name":"Zone","children":[4,5],"extensions":{"KHR_physics_rigid_bodies":{"trigger":{"nodes":[4,5]}}}},
        {"name":"ZA","extensions":{"KHR_physics_rigid_bodies":{"trigger":{"geometry":{"shape":0}}}}},
        {"name":"ZB","extensions":{"KHR_physics_rigid_bodies":{"trigger":{"geometry":{"shape":0}}}}},
        {"name":"Ground","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":1}}}}}],
      "scenes":[{"nodes":[0,1,3,6]}],"scene":0})");
}

Diagnostics validate(const Json& json)
{
    return validatePhysics(docFromJson(json.dump()));
}

const Diagnostic* find(const Diagnostics& d, const std::string& code)
{
    for (const auto& x : d) {
        if (x.code == code)
            return &x;
    }
    return nullptr;
}

Json& body(Json& j, int node)
{
    return j["nodes"][node]["extensions"]["KHR_physics_rigid_bodies"];
}
Json& joint0(Json& j)
{
    return j["extensions"]["KHR_physics_rigid_bodies"]["physicsJoints"][0];
}

} // namespace

class TestJointRules : public QObject
{
    Q_OBJECT

private slots:
    void baseTriggersNothing()
    {
        const Diagnostics d = validate(base());
        QVERIFY2(!hasErrors(d), describe(d).c_str());
        for (const char* c :
             {code::GeometryNotOne, code::JointLimitAxes, code::JointLimitRange, code::JointAngleBeyondPi,
              code::DriveIncomplete, code::JointIndexInvalid, code::JointConnectedNodeInvalid,
              code::JointConnectedSelf, code::JointNoBody, code::PlaneOneSize, code::CompoundTriggerDuplicate,
              code::CollisionSystemsMany, code::MassInfinite, code::InertiaInfinite,
              code::CombineModeResolved, code::CompoundTriggerFilter, code::FilterBothMasks})
            QVERIFY2(!hasCode(d, c), c);
    }

    void rules_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<int>("severity");
        const auto E = int(Severity::Error), W = int(Severity::Warning), I = int(Severity::Info);
        const QString rb = QStringLiteral("/extensions/KHR_physics_rigid_bodies");
        QTest::newRow("geometry both")
            << "geometryBoth" << code::GeometryNotOne
            << "/nodes/0/extensions/KHR_physics_rigid_bodies/collider/geometry" << E;
        QTest::newRow("geometry none")
            << "geometryNone" << code::GeometryNotOne
            << "/nodes/0/extensions/KHR_physics_rigid_bodies/collider/geometry" << E;
        QTest::newRow("limit two sets")
            << "limitBoth" << code::JointLimitAxes << rb + "/physicsJoints/0/limits/0" << E;
        QTest::newRow("limit no axes")
            << "limitNone" << code::JointLimitAxes << rb + "/physicsJoints/0/limits/0" << E;
        QTest::newRow("limit axis 3")
            << "limitAxis3" << code::JointLimitAxes << rb + "/physicsJoints/0/limits/2/angularAxes/0" << E;
        QTest::newRow("limit min > max")
            << "limitRange" << code::JointLimitRange << rb + "/physicsJoints/0/limits/2" << E;
        QTest::newRow("angle beyond pi")
            << "beyondPi" << code::JointAngleBeyondPi << rb + "/physicsJoints/0/limits/2/max" << W;
        QTest::newRow("drive without mode")
            << "driveNoMode" << code::DriveIncomplete << rb + "/physicsJoints/0/drives/0" << E;
        QTest::newRow("joint index") << "jointIndex" << code::JointIndexInvalid
                                     << "/nodes/2/extensions/KHR_physics_rigid_bodies/joint/joint" << E;
        QTest::newRow("connected self")
            << "connectedSelf" << code::JointConnectedSelf
            << "/nodes/2/extensions/KHR_physics_rigid_bodies/joint/connectedNode" << E;
        QTest::newRow("connected missing")
            << "connectedMissing" << code::JointConnectedNodeInvalid
            << "/nodes/2/extensions/KHR_physics_rigid_bodies/joint/connectedNode" << E;
        QTest::newRow("no body") << "noBody" << code::JointNoBody
                                 << "/nodes/2/extensions/KHR_physics_rigid_bodies/joint" << E;
        QTest::newRow("plane one size")
            << "planeOneSize" << code::PlaneOneSize << "/extensions/KHR_implicit_shapes/shapes/1/plane" << W;
        QTest::newRow("trigger member twice")
            << "memberTwice" << code::CompoundTriggerDuplicate
            << "/nodes/3/extensions/KHR_physics_rigid_bodies/trigger/nodes/1" << E;
        QTest::newRow("compound root filter") << "compoundFilter" << code::CompoundTriggerFilter
                                              << "/nodes/3/extensions/KHR_physics_rigid_bodies/trigger/"
                                                 "collisionFilter"
                                              << E;
        QTest::newRow("both collide lists")
            << "bothLists" << code::FilterBothMasks << rb + "/collisionFilters/0" << E;
        QTest::newRow("33 systems") << "manySystems" << code::CollisionSystemsMany << rb + "/collisionFilters"
                                    << W;
        QTest::newRow("mass 0") << "mass0" << code::MassInfinite
                                << "/nodes/1/extensions/KHR_physics_rigid_bodies/motion/mass" << I;
        QTest::newRow("inertia 0") << "inertia0" << code::InertiaInfinite
                                   << "/nodes/1/extensions/KHR_physics_rigid_bodies/motion/inertiaDiagonal"
                                   << I;
        QTest::newRow("combine modes differ")
            << "combine" << code::CombineModeResolved << rb + "/physicsMaterials/1" << I;
    }

    void rules()
    {
        QFETCH(QString, rule);
        QFETCH(QString, code);
        QFETCH(QString, pointer);
        QFETCH(int, severity);
        Json j = base();
        const std::string r = rule.toStdString();
        if (r == "geometryBoth")
            body(j, 0)["collider"]["geometry"]["mesh"] = 0;
        else if (r == "geometryNone")
            body(j, 0)["collider"]["geometry"] = Json::object();
        else if (r == "limitBoth")
            joint0(j)["limits"][0]["angularAxes"] = {0};
        else if (r == "limitNone")
            joint0(j)["limits"][0].erase("linearAxes");
        else if (r == "limitAxis3")
            joint0(j)["limits"][2]["angularAxes"] = {3};
        else if (r == "limitRange")
            joint0(j)["limits"][2]["min"] = 2.0, joint0(j)["limits"][2]["max"] = 1.0;
        else if (r == "beyondPi")
            joint0(j)["limits"][2]["max"] = 3.5;
        else if (r == "driveNoMode")
            joint0(j)["drives"][0].erase("mode");
        else if (r == "jointIndex")
            body(j, 2)["joint"]["joint"] = 4;
        else if (r == "connectedSelf")
            body(j, 2)["joint"]["connectedNode"] = 2;
        else if (r == "connectedMissing")
            body(j, 2)["joint"]["connectedNode"] = 40;
        else if (r == "noBody") {
            body(j, 0).erase("motion");
            body(j, 1).erase("motion");
        } else if (r == "planeOneSize")
            j["extensions"]["KHR_implicit_shapes"]["shapes"][1]["plane"]["sizeX"] = 3.0;
        else if (r == "memberTwice")
            body(j, 3)["trigger"]["nodes"] = {4, 4, 5};
        else if (r == "compoundFilter")
            body(j, 3)["trigger"]["collisionFilter"] = 0;
        else if (r == "bothLists")
            j["extensions"]["KHR_physics_rigid_bodies"]["collisionFilters"][0]["notCollideWithSystems"] = {
                "c"};
        else if (r == "manySystems") {
            Json list = Json::array();
            for (int i = 0; i < 32; ++i)
                list.push_back("s" + std::to_string(i));
            j["extensions"]["KHR_physics_rigid_bodies"]["collisionFilters"][0]["collideWithSystems"] = list;
        } else if (r == "mass0")
            body(j, 1)["motion"]["mass"] = 0;
        else if (r == "inertia0")
            body(j, 1)["motion"]["inertiaDiagonal"] = {1, 0, 1};
        else if (r == "combine")
            j["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"][1]["frictionCombine"] =
                "multiply";
        else
            QFAIL("unknown rule");
        const Diagnostics d = validate(j);
        const Diagnostic* hit = find(d, code.toStdString());
        QVERIFY2(hit, (code.toStdString() + " not reported: " + describe(d)).c_str());
        QCOMPARE(QString::fromStdString(hit->pointer), pointer);
        QCOMPARE(int(hit->severity), severity);
        if (r == "combine")
            QVERIFY2(hit->message.find("combine average") != std::string::npos, hit->message.c_str());
    }

    void validFileThirtyTwoSystemsIsFine()
    {
        // 32 distinct systems (the bitmask size) are fine; the 33rd warns (rules "33 systems": a, b and 31
        // more).
        Json j = base();
        Json list = Json::array();
        for (int i = 0; i < 30; ++i)
            list.push_back("s" + std::to_string(i));
        j["extensions"]["KHR_physics_rigid_bodies"]["collisionFilters"][0]["collideWithSystems"] = list;
        QVERIFY(!hasCode(validate(j), code::CollisionSystemsMany)); // a + 30 = 31
    }
};

QTEST_GUILESS_MAIN(TestJointRules)
#include "TestJointRules.moc"
