// Add Ragdoll on the procedural test characters: bodies and joints per preset, capsules that hold their
// bones' vertices, joint frames at the child bone's head, both families, one undo step.
#include "DocumentTestUtil.h"
#include "RagdollTestUtil.h"
#include "document/SaveFamily.h"
#include "gltf/PrimitiveData.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

#include <QtTest>
#include <cmath>

using namespace cs;
using namespace cs::test;
using geometry::Vec3d;

Q_DECLARE_METATYPE(cs::test::RigNaming)
Q_DECLARE_METATYPE(cs::document::RagdollPreset)

namespace {

/// The bodies the character should get, from how it was built: every bone with vertices, fingers and toes
/// only when asked (or when no preset can tell them by name).
size_t expectedBodies(RigNaming naming, bool fingers)
{
    size_t n = 0;
    for (const CharacterBone& b : characterBones(naming))
        if (b.radius > 0 && (!b.fingerOrToe || fingers || naming == RigNaming::Plain))
            ++n;
    return n;
}

/// The world segment and radius of the capsule on a collider node.
struct WorldCapsule
{
    Vec3d a, b;
    double radius = 0;
};

WorldCapsule worldCapsule(const document::Document& doc, size_t node)
{
    const physics::Shape& shape = doc.model().shapes[size_t(doc.model().node(node)->collider->shape)];
    const QMatrix4x4& m = doc.sceneGraph().worldTransform(node);
    const double scale = QVector3D(m.column(0)).length();
    const QVector3D a = m.map(QVector3D(0, float(-shape.height / 2), 0));
    const QVector3D b = m.map(QVector3D(0, float(shape.height / 2), 0));
    return {Vec3d(a), Vec3d(b), shape.radiusBottom * scale};
}

/// The collider node the ragdoll put under a bone (its only child with a collider).
size_t colliderChild(const document::Document& doc, size_t bone)
{
    for (size_t c : doc.sceneGraph().children(bone))
        if (const auto* p = doc.model().node(c); p && p->collider)
            return c;
    return SIZE_MAX;
}

/// The character's vertices (at rest they are where the skin puts them) with the bone each is weighted to
/// at least `threshold`.
std::vector<std::pair<Vec3d, size_t>> weightedVertices(const gltf::GltfDocument& doc, double threshold)
{
    auto pos = gltf::readPrimitiveAttribute(doc, 0, 0, "POSITION");
    auto joints = gltf::readPrimitiveAttribute(doc, 0, 0, "JOINTS_0");
    auto weights = gltf::readPrimitiveAttribute(doc, 0, 0, "WEIGHTS_0");
    std::vector<std::pair<Vec3d, size_t>> out;
    for (size_t v = 0; v < pos->count; ++v)
        for (size_t k = 0; k < 4; ++k)
            if (weights->values[v * 4 + k] >= threshold)
                out.push_back({{pos->values[v * 3], pos->values[v * 3 + 1], pos->values[v * 3 + 2]},
                               size_t(joints->values[v * 4 + k])});
    return out;
}

} // namespace

class TestRagdollPlan : public QObject
{
    Q_OBJECT

private slots:
    void rolesFromNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("role");
        const std::vector<std::pair<const char*, const char*>> rows = {
            {"mixamorig:LeftUpLeg", "upperLeg"},
            {"mixamorig:LeftLeg", "lowerLeg"},
            {"mixamorig:RightArm", "upperArm"},
            {"mixamorig:RightForeArm", "lowerArm"},
            {"mixamorig:Spine2", "spine"},
            {"mixamorig:LeftHandIndex1", "finger"},
            {"mixamorig:LeftToeBase", "toes"},
            {"mixamorig:Hips", "hips"},
            {"thigh_l", "upperLeg"},
            {"calf_r", "lowerLeg"},
            {"upperarm_l", "upperArm"},
            {"lowerarm_r", "lowerArm"},
            {"clavicle_l", "shoulder"},
            {"pelvis", "hips"},
            {"neck_01", "neck"},
            {"upper_arm.L", "upperArm"},
            {"forearm.R", "lowerArm"},
            {"DEF-shin.L", "lowerLeg"},
            {"Bip01 L Thigh", "upperLeg"},
            {"leftUpperArm", "upperArm"},
            {"rightLowerLeg", "lowerLeg"},
            {"upperChest", "chest"},
            {"J_Bip_L_UpperArm", "upperArm"},
            {"leftThumbProximal", "finger"},
            {"Cube", "other"},
            {"HeadTop_End", "other"},
        };
        for (const auto& [name, role] : rows)
            QTest::newRow(name) << QString(name) << QString(role);
    }
    void rolesFromNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, role);
        QCOMPARE(QString(document::boneRoleName(document::boneRoleFromName(name.toStdString()))), role);
    }

    void countsPerPreset_data()
    {
        QTest::addColumn<RigNaming>("naming");
        QTest::addColumn<bool>("fingers");
        QTest::addColumn<document::RagdollPreset>("preset");
        QTest::addColumn<QString>("used");
        using P = document::RagdollPreset;
        QTest::newRow("mixamo") << RigNaming::Mixamo << false << P::Auto << "humanoid";
        QTest::newRow("mixamo fingers") << RigNaming::Mixamo << true << P::Auto << "humanoid";
        QTest::newRow("common") << RigNaming::Common << false << P::Auto << "humanoid";
        QTest::newRow("common fingers") << RigNaming::Common << true << P::Auto << "humanoid";
        QTest::newRow("plain") << RigNaming::Plain << false << P::Auto << "generic";
        QTest::newRow("mixamo as generic") << RigNaming::Mixamo << false << P::Generic << "generic";
        QTest::newRow("plain as humanoid") << RigNaming::Plain << false << P::Humanoid << "humanoid";
    }
    void countsPerPreset()
    {
        QFETCH(RigNaming, naming);
        QFETCH(bool, fingers);
        QFETCH(document::RagdollPreset, preset);
        QFETCH(QString, used);
        auto doc = characterDocument(naming);
        document::RagdollOptions options;
        options.includeFingers = fingers;
        options.preset = preset;
        const document::RagdollReport report = document::addRagdoll(*doc, options);
        QVERIFY2(report.pushed, describe(report.diagnostics).c_str());
        const size_t bodies = expectedBodies(naming, fingers);
        QCOMPARE(report.bodies, bodies);
        QCOMPARE(report.joints, bodies - 1); // one tree: every body but the hips hangs from another
        QCOMPARE(QString::fromStdString(report.preset), used);
        size_t motions = 0, joints = 0;
        for (const auto& [node, physics] : doc->model().nodes) {
            motions += physics.motion ? 1 : 0;
            joints += physics.joint ? 1 : 0;
            if (physics.joint)
                QVERIFY(!physics.joint->enableCollision);
        }
        QCOMPARE(motions, bodies);
        QCOMPARE(joints, bodies - 1);
        double mass = 0;
        for (size_t node : report.bodyNodes)
            mass += *doc->model().node(node)->motion->mass;
        QVERIFY(std::abs(mass - 70.0) < 1e-9);
        QCOMPARE(doc->undoStack()->count(), 1);
    }

    void capsulesEncloseTheirVertices_data()
    {
        QTest::addColumn<double>("armatureScale");
        QTest::addColumn<double>("threshold");
        // The character's vertices weigh 1, or 0.65 and 0.35 where two bones meet.
        QTest::newRow("metres") << 1.0 << 0.4;
        QTest::newRow("centimetre armature") << 0.01 << 0.4;
        QTest::newRow("shared rings in both") << 1.0 << 0.3;
        QTest::newRow("shared rings in neither") << 1.0 << 0.7;
    }
    void capsulesEncloseTheirVertices()
    {
        QFETCH(double, armatureScale);
        QFETCH(double, threshold);
        auto doc = characterDocument(RigNaming::Mixamo, armatureScale);
        document::RagdollOptions options;
        options.weightThreshold = threshold;
        const auto report = document::addRagdoll(*doc, options);
        QVERIFY2(report.pushed, describe(report.diagnostics).c_str());
        const auto vertices = weightedVertices(doc->gltf(), threshold);
        for (size_t bone : report.bodyNodes) {
            const WorldCapsule c = worldCapsule(*doc, colliderChild(*doc, bone));
            double furthest = 0;
            size_t count = 0;
            for (const auto& [p, b] : vertices) {
                if (b != bone)
                    continue;
                ++count;
                const double d = segmentDistance(p, c.a, c.b);
                QVERIFY2(d <= c.radius + 1e-5,
                         qPrintable(QStringLiteral("%1: vertex %2 m outside").arg(bone).arg(d - c.radius)));
                furthest = std::max(furthest, d);
            }
            QVERIFY(count >= 4);
            // Fitted, not merely enclosing: the furthest vertex is on the surface.
            QVERIFY2(c.radius - furthest < 1e-4, qPrintable(QString::number(c.radius - furthest)));
        }
    }

    void vrmMapping()
    {
        // Bones named Bone0, Bone1, ... that a VRM 1.0 humanoid maps: the mapping gives the roles.
        gltf::Json json = characterGltf(RigNaming::Plain);
        const std::vector<const char*> vrm = {"hips",
                                              "spine",
                                              "chest",
                                              "neck",
                                              "head",
                                              "",
                                              "leftShoulder",
                                              "leftUpperArm",
                                              "leftLowerArm",
                                              "leftHand",
                                              "leftIndexProximal",
                                              "leftUpperLeg",
                                              "leftLowerLeg",
                                              "leftFoot",
                                              "leftToes",
                                              "rightShoulder",
                                              "rightUpperArm",
                                              "rightLowerArm",
                                              "rightHand",
                                              "rightIndexProximal",
                                              "rightUpperLeg",
                                              "rightLowerLeg",
                                              "rightFoot",
                                              "rightToes"};
        QCOMPARE(vrm.size(), characterBones(RigNaming::Plain).size());
        gltf::Json bones = gltf::Json::object();
        for (size_t i = 0; i < vrm.size(); ++i)
            if (*vrm[i])
                bones[vrm[i]] = {{"node", i}};
        json["extensions"]["VRMC_vrm"] = {{"specVersion", "1.0"}, {"humanoid", {{"humanBones", bones}}}};
        json["extensionsUsed"] = {"VRMC_vrm"};
        document::Document doc(loadJson(json.dump()));
        const auto report = document::addRagdoll(doc, {});
        QVERIFY(report.pushed);
        QCOMPARE(QString::fromStdString(report.preset), QStringLiteral("humanoid"));
        QCOMPARE(report.bodies, expectedBodies(RigNaming::Mixamo, false)); // fingers and toes known again
        bool knee = false;
        for (const auto& j : doc.model().joints)
            knee = knee || j.source.value("name", "") == "Ragdoll lowerLeg";
        QVERIFY(knee);
    }

    void kneesBendBackWhicheverWayItFaces()
    {
        // The whole character turned to face -Z (as VRM 0.x characters do): its feet point -Z, so a knee
        // bends towards +Z, about -X.
        gltf::Json json = characterGltf(RigNaming::Mixamo);
        const size_t armature = characterBones(RigNaming::Mixamo).size();
        QCOMPARE(json["nodes"][armature]["name"].get<std::string>(), std::string("Armature"));
        json["nodes"][armature]["rotation"] = {0.0, 1.0, 0.0, 0.0};
        document::Document doc(loadJson(json.dump()));
        const auto report = document::addRagdoll(doc, {});
        QVERIFY(report.pushed);
        const size_t shin = nodeNamed(doc, "mixamorig:LeftLeg");
        for (size_t j : report.jointNodes)
            if (*doc.sceneGraph().parent(size_t(doc.model().node(j)->joint->connectedNode)) == shin) {
                const QMatrix4x4& k = doc.sceneGraph().worldTransform(j);
                QVERIFY((QVector3D(k.column(0)) - QVector3D(0, -1, 0)).length() < 1e-5);
                QVERIFY((QVector3D(k.column(2)) - QVector3D(-1, 0, 0)).length() < 1e-5);
                return;
            }
        QFAIL("no knee joint");
    }

    void posedSkin()
    {
        // The left forearm turned 90 degrees about +Y from the bind pose: its skin (and the hand's) turns
        // with it, from pointing along +X to pointing along -Z, and so must its capsule.
        gltf::Json json = characterGltf(RigNaming::Mixamo);
        const size_t forearm = 8;
        QCOMPARE(json["nodes"][forearm]["name"].get<std::string>(), std::string("mixamorig:LeftForeArm"));
        const double h = std::sqrt(0.5);
        json["nodes"][forearm]["rotation"] = {0.0, h, 0.0, h};
        document::Document doc(loadJson(json.dump()));
        const auto report = document::addRagdoll(doc, {});
        QVERIFY(report.pushed);
        const WorldCapsule c = worldCapsule(doc, colliderChild(doc, forearm));
        const Vec3d axis = geometry::normalized(c.b - c.a);
        QVERIFY2(std::abs(std::abs(axis.z) - 1) < 1e-6,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(axis.x).arg(axis.y).arg(axis.z)));
        // The tube ran from the elbow (0.45, 1.44, 0) 0.25 m along +X with a 0.038 m radius: now along -Z.
        const Vec3d elbow{0.45, 1.44, 0};
        const Vec3d middle = (c.a + c.b) * 0.5;
        QVERIFY(geometry::length(middle - (elbow + Vec3d{0, 0, -0.125})) < 1e-5);
        QVERIFY(std::abs(c.radius - 0.038) < 1e-5);
    }

    void jointFramesAtTheChildsHead()
    {
        auto doc = characterDocument(RigNaming::Mixamo);
        const auto report = document::addRagdoll(*doc, {});
        QVERIFY(report.pushed);
        const std::vector<CharacterBone> bones = characterBones(RigNaming::Mixamo);
        for (size_t jointNode : report.jointNodes) {
            const physics::NodeJoint& joint = *doc->model().node(jointNode)->joint;
            const size_t connected = size_t(joint.connectedNode);
            const size_t child = *doc->sceneGraph().parent(connected);
            QVERIFY(child < bones.size());
            const Vec3d head = bones[child].head; // built there
            QVERIFY(geometry::length(nodeOrigin(*doc, jointNode) - head) < 1e-5);
            QVERIFY(geometry::length(nodeOrigin(*doc, connected) - head) < 1e-5);
            // The joint node hangs from the parent bone's body, the connected node from the child's.
            QVERIFY(doc->model().node(*doc->sceneGraph().parent(jointNode))->motion);
            QVERIFY(doc->model().node(child)->motion);
            // Both frames turned alike, X along the child bone.
            const QMatrix4x4& a = doc->sceneGraph().worldTransform(jointNode);
            const QMatrix4x4& b = doc->sceneGraph().worldTransform(connected);
            QVERIFY((QVector3D(a.column(0)) - QVector3D(b.column(0))).length() < 1e-5);
            QVERIFY((QVector3D(a.column(2)) - QVector3D(b.column(2))).length() < 1e-5);
        }
        // The left knee: its shin points down, it bends back (-Z): the joint's X is -Y and Z is +X, with
        // 0..135 degrees about Z.
        const size_t shin = nodeNamed(*doc, "mixamorig:LeftLeg");
        size_t knee = SIZE_MAX;
        for (size_t j : report.jointNodes)
            if (*doc->sceneGraph().parent(size_t(doc->model().node(j)->joint->connectedNode)) == shin)
                knee = j;
        QVERIFY(knee != SIZE_MAX);
        const QMatrix4x4& k = doc->sceneGraph().worldTransform(knee);
        QVERIFY((QVector3D(k.column(0)) - QVector3D(0, -1, 0)).length() < 1e-5);
        QVERIFY((QVector3D(k.column(2)) - QVector3D(1, 0, 0)).length() < 1e-5);
        const auto& limits = doc->model().joints[size_t(doc->model().node(knee)->joint->joint)].limits;
        bool bend = false;
        for (const auto& l : limits)
            if (l.angularAxes == std::vector<int>{2}) {
                bend = true;
                QCOMPARE(*l.min, 0.0);
                QVERIFY(std::abs(*l.max - 135 * M_PI / 180) < 1e-9);
            }
        QVERIFY(bend);
    }

    void bothFamilies_data()
    {
        QTest::addColumn<QString>("family");
        QTest::newRow("omi") << "omi";
        QTest::newRow("khr") << "khr";
    }
    void bothFamilies()
    {
        QFETCH(QString, family);
        auto doc = characterDocument(RigNaming::Common);
        const auto report = document::addRagdoll(*doc, {});
        QVERIFY(report.pushed);
        TempDir dir;
        const auto path = dir.path() / "ragdoll.gltf";
        const physics::Family f = family == "omi" ? physics::Family::Omi : physics::Family::Khr;
        const Diagnostics written = document::writeInFamily(*doc, path, f);
        QVERIFY2(!hasErrors(written), describe(written).c_str());
        auto loaded = gltf::loadGltf(path);
        QVERIFY(loaded);
        auto model = physics::readPhysics(*loaded);
        QVERIFY(model);
        QCOMPARE(model->format,
                 f == physics::Family::Omi ? physics::SourceFormat::Omi : physics::SourceFormat::Khr);
        size_t motions = 0, joints = 0, capsules = 0;
        for (const auto& [node, physics] : model->nodes) {
            motions += physics.motion ? 1 : 0;
            joints += physics.joint ? 1 : 0;
        }
        for (const auto& s : model->shapes)
            capsules += s.type == physics::ShapeType::Capsule ? 1 : 0;
        QCOMPARE(motions, report.bodies);
        QCOMPARE(joints, report.joints);
        QCOMPARE(capsules, report.bodies);
        const Diagnostics findings = physics::validatePhysics(*loaded);
        QVERIFY2(!hasErrors(findings), describe(findings).c_str());
        if (validatorAvailable()) { // the Khronos glTF-Validator, where tests/tools has it
            const ValidatorReport khronos = runValidator({path}).at(0);
            QVERIFY2(khronos.ran && khronos.errors == 0, khronos.text.c_str());
        }
    }

    void oneUndoStep()
    {
        auto doc = characterDocument(RigNaming::Mixamo);
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(document::addRagdoll(*doc, {}).pushed); },
            [&](const gltf::Json& saved) { QVERIFY(saved.contains("extensionsUsed")); });
    }

    void unevenScaleNamed()
    {
        gltf::Json json = characterGltf(RigNaming::Mixamo);
        json["nodes"][8]["scale"] = {1.0, 2.0, 1.0}; // the left forearm
        document::Document doc(loadJson(json.dump()));
        const auto report = document::addRagdoll(doc, {});
        QVERIFY(report.pushed);
        size_t warned = 0;
        for (const Diagnostic& d : report.diagnostics)
            if (d.code == "RAGDOLL_BONE_UNEVEN_SCALE") {
                ++warned;
                QVERIFY(d.pointer == "/nodes/8" ||
                        d.pointer == "/nodes/9"); // the forearm and the hand below it
            }
        QCOMPARE(warned, size_t(2));
    }

    void boxesOnRequest()
    {
        auto doc = characterDocument(RigNaming::Mixamo);
        document::RagdollOptions options;
        options.shape = document::RagdollShape::Box;
        const auto report = document::addRagdoll(*doc, options);
        QVERIFY(report.pushed);
        for (size_t bone : report.bodyNodes) {
            const auto* p = doc->model().node(colliderChild(*doc, bone));
            QCOMPARE(doc->model().shapes[size_t(p->collider->shape)].type, physics::ShapeType::Box);
        }
    }

    void refusals()
    {
        auto plain = documentFromJson(R"({"asset":{"version":"2.0"},"nodes":[{"name":"A"}]})");
        auto report = document::addRagdoll(*plain, {});
        QVERIFY(!report.pushed);
        QCOMPARE(QString::fromStdString(report.diagnostics.at(0).code), QStringLiteral("RAGDOLL_NO_SKIN"));
        QCOMPARE(plain->undoStack()->count(), 0);

        auto doc = characterDocument(RigNaming::Mixamo);
        QVERIFY(document::addRagdoll(*doc, {}).pushed);
        report = document::addRagdoll(*doc, {}); // the bones have bodies now
        QVERIFY(!report.pushed);
        QCOMPARE(QString::fromStdString(report.diagnostics.at(0).code),
                 QStringLiteral("RAGDOLL_BODY_EXISTS"));

        auto tiny = characterDocument(RigNaming::Mixamo);
        document::RagdollOptions options;
        options.minBoneLength = 5; // no bone is 5 m long
        report = document::addRagdoll(*tiny, options);
        QVERIFY(!report.pushed);
        QCOMPARE(QString::fromStdString(report.diagnostics.at(0).code), QStringLiteral("RAGDOLL_NO_BONES"));
    }
};

QTEST_MAIN(TestRagdollPlan)
#include "TestRagdollPlan.moc"
