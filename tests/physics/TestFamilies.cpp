// Both families first-class (issue 18): KHR and OMI files with every joint type, every shape type (KHR planes
// included), filters and materials (tests/data/physics, written from the specs by make_files.py). Reading
// gives the values the files spell; load -> save -> load is a fixed point in each family; converting keeps
// what both families express and lists the rest; saved files pass the Khronos glTF-Validator.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/InspectReport.h"
#include "physics/KhrCodec.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"
#include "physics/PhysicsWriter.h"
#include "physics/Validator.h"
#include "scene/ComputedCenterOfMass.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

const char* kFiles[] = {"physics/khr_all.gltf", "physics/khr_geometry_node.gltf", "physics/omi_all.gltf",
                        "physics/omi_constraints_key.gltf"};

gltf::GltfDocument written(const Loaded& l, Family family, Diagnostics* diagnostics = nullptr)
{
    gltf::GltfDocument doc = l.doc;
    Diagnostics d = writePhysics(l.model, doc, family);
    if (diagnostics)
        *diagnostics = d;
    return doc;
}

// Everything both families express, independent of shape indices: the resolved scene (shape parameters
// and world transforms), materials, filters, joint descriptions and node joints.
std::vector<std::string> values(const Loaded& l)
{
    std::vector<std::string> out = canonicalScene(l);
    const Json report = inspectReport(l.doc, l.model, l.graph, {});
    for (const char* key : {"physicsMaterials", "collisionFilters", "joints", "nodeJoints"})
        out.push_back(std::string(key) + " " + report[key].dump());
    for (const auto& s : l.scene.instances)
        out.push_back("node " + std::to_string(s.node) + " material " + std::to_string(s.physicsMaterial) +
                      " filter " + std::to_string(s.collisionFilter) + " " +
                      l.model.shapes[s.shape].typeName());
    return out;
}

std::vector<std::string> without(std::vector<std::string> lines, const std::string& part)
{
    std::erase_if(lines, [&](const std::string& line) { return line.find(part) != std::string::npos; });
    return lines;
}

const Json& nodeExt(const gltf::GltfDocument& doc, const std::string& name, const char* ext)
{
    return doc.json()["nodes"][nodeByName(doc, name)]["extensions"][ext];
}

} // namespace

class TestFamilies : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryJointType()
    {
        const auto l = resolve(loadData("physics/khr_all.gltf"));
        QVERIFY2(!hasErrors(l.diagnostics), describe(l.diagnostics).c_str());
        QCOMPARE(l.model.format, SourceFormat::Khr);
        QCOMPARE(l.model.joints.size(), size_t(6));
        // Fixed: every linear and angular axis locked at 0.
        const JointDescription& fixed = l.model.joints[0];
        QCOMPARE(fixed.limits.size(), size_t(2));
        QCOMPARE(fixed.limits[0].linearAxes, (std::vector<int>{0, 1, 2}));
        QCOMPARE(fixed.limits[1].angularAxes, (std::vector<int>{0, 1, 2}));
        QCOMPARE(*fixed.limits[1].max, 0.0);
        // Cone-twist: a cone (two angular axes, max 0.5, no min) and a soft twist limit.
        const JointDescription& cone = l.model.joints[4];
        QCOMPARE(cone.limits[1].angularAxes, (std::vector<int>{1, 2}));
        QVERIFY(!cone.limits[1].min);
        QCOMPARE(*cone.limits[1].max, 0.5);
        QCOMPARE(*cone.limits[2].stiffness, 20.0);
        QCOMPARE(cone.limits[2].damping, 0.5);
        QVERIFY(!cone.limits[0].stiffness); // a hard limit
        // 6-DoF with drives.
        const JointDescription& six = l.model.joints[5];
        QCOMPARE(six.drives.size(), size_t(2));
        QCOMPARE(*six.drives[0].type, DriveType::Linear);
        QCOMPARE(*six.drives[0].mode, DriveMode::Force);
        QCOMPARE(*six.drives[0].axis, 0);
        QCOMPARE(*six.drives[0].maxForce, 50.0);
        QCOMPARE(*six.drives[0].positionTarget, 0.25);
        QVERIFY(!six.drives[0].velocityTarget);
        QCOMPARE(six.drives[0].stiffness, 30.0);
        QCOMPARE(*six.drives[1].type, DriveType::Angular);
        QCOMPARE(*six.drives[1].mode, DriveMode::Acceleration);
        QCOMPARE(*six.drives[1].velocityTarget, 2.0);
        QVERIFY(!six.drives[1].maxForce);
        // Node joints: on their own node below body A, connected to body B.
        const NodePhysics* joint = l.model.node(nodeByName(l.doc, "SixDofJoint"));
        QVERIFY(joint && joint->joint);
        QCOMPARE(joint->joint->joint, 5);
        QCOMPARE(joint->joint->connectedNode, nodeByName(l.doc, "SixDofB"));
        QVERIFY(joint->joint->enableCollision);
        QVERIFY(!l.model.node(nodeByName(l.doc, "FixedJoint"))->joint->enableCollision);
        QCOMPARE(l.model.node(nodeByName(l.doc, "FixedB"))->motion->type, MotionType::Kinematic);
    }

    void readsPlanesAndEveryShape()
    {
        const auto l = resolve(loadData("physics/khr_all.gltf"));
        QVERIFY(!hasCode(l.diagnostics, code::KhrPlaneUnsupported));
        const Shape& ground = l.model.shapes[l.model.node(nodeByName(l.doc, "Ground"))->collider->shape];
        QVERIFY(ground.isPlane());
        QVERIFY(ground.plane->infinite());
        QVERIFY(!ground.plane->doubleSided);
        const Shape& pad = l.model.shapes[l.model.node(nodeByName(l.doc, "Pad"))->collider->shape];
        QCOMPARE(*pad.plane->sizeX, 4.0);
        QCOMPARE(*pad.plane->sizeZ, 2.0);
        QVERIFY(pad.plane->doubleSided);
        const Shape& cone = l.model.shapes[4];
        QCOMPARE(cone.type, ShapeType::Cylinder);
        QCOMPARE(cone.radiusTop, 0.0);
        QCOMPARE(l.model.shapes[l.model.node(nodeByName(l.doc, "Hull"))->collider->shape].type,
                 ShapeType::Convex);
        QCOMPARE(l.model.shapes[l.model.node(nodeByName(l.doc, "Soup"))->collider->shape].type,
                 ShapeType::Trimesh);
    }

    void unknownKhrShapeTypeIsKept()
    {
        const auto l =
            resolve(docFromJson(R"({"extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],
            "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"torus","torus":{"ring":2},"extras":{"a":1}}]}},
            "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}}]})"));
        QVERIFY(hasCode(l.diagnostics, code::KhrShapeTypeKept));
        QVERIFY(!hasErrors(l.diagnostics));
        const gltf::GltfDocument out = written(l, Family::Khr);
        QCOMPARE_JSON(out.json()["extensions"]["KHR_implicit_shapes"]["shapes"][0],
                      Json::parse(R"({"type":"torus","torus":{"ring":2},"extras":{"a":1}})"));
        QCOMPARE_JSON(out.json()["nodes"][0]["extensions"][ext::KhrBodies]["collider"],
                      Json::parse(R"({"geometry":{"shape":0}})"));
    }

    void omiJointsUnderBothKeys()
    {
        const auto a = resolve(loadData("physics/omi_all.gltf"));
        const auto b = resolve(loadData("physics/omi_constraints_key.gltf"));
        QVERIFY(hasCode(b.diagnostics, code::JointConstraintsKey));
        QVERIFY(!hasCode(a.diagnostics, code::JointConstraintsKey));
        QCOMPARE(a.model.joints.size(), size_t(6));
        QCOMPARE(values(a), values(b));
        const gltf::GltfDocument out = written(b, Family::Omi);
        const Json& joint = out.json()["extensions"][ext::Joint];
        QVERIFY(joint.contains("physicsJoints"));
        QVERIFY(!joint.contains("constraints"));
        QCOMPARE(joint["physicsJoints"].size(), size_t(6));
    }

    void saveKeepsFamilyAndIsAFixedPoint_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : kFiles)
            QTest::newRow(f) << QString::fromUtf8(f);
    }
    void saveKeepsFamilyAndIsAFixedPoint()
    {
        QFETCH(QString, file);
        const auto l = resolve(loadData(file.toStdString()));
        const Family family = sourceFamily(l.model);
        QCOMPARE(family, file.contains("khr") ? Family::Khr : Family::Omi);
        QVERIFY(conversionLosses(l.model, l.doc, family).empty());
        const gltf::GltfDocument once = written(l, family);
        const auto again = resolve(once);
        QCOMPARE(again.model.format, l.model.format);
        QCOMPARE(values(again), values(l));
        const gltf::GltfDocument twice = written(again, sourceFamily(again.model));
        QVERIFY2(twice.json() == once.json(), twice.json().dump().c_str());
        // The newest OMI files of the fixtures are written back exactly as they are.
        if (file.endsWith(QStringLiteral("omi_all.gltf")))
            QVERIFY2(once.json() == l.doc.json(), once.json().dump().c_str());
    }

    void geometryNodeStaysNode()
    {
        const auto byNode = resolve(loadData("physics/khr_geometry_node.gltf"));
        QVERIFY(byNode.model.khrGeometryByNode);
        const gltf::GltfDocument out = written(byNode, Family::Khr);
        const int hull = nodeByName(out, "Hull");
        QCOMPARE_JSON(nodeExt(out, "Hull", ext::KhrBodies)["collider"]["geometry"],
                      (Json{{"node", hull}, {"convexHull", true}}));
        QVERIFY(!nodeExt(out, "Soup", ext::KhrBodies)["collider"]["geometry"].contains("mesh"));
        const auto byMesh = resolve(loadData("physics/khr_all.gltf"));
        QVERIFY(!byMesh.model.khrGeometryByNode);
        const gltf::GltfDocument out2 = written(byMesh, Family::Khr);
        QCOMPARE_JSON(nodeExt(out2, "Hull", ext::KhrBodies)["collider"]["geometry"],
                      (Json{{"mesh", 0}, {"convexHull", true}}));
    }

    void omiToKhrToOmiKeepsEverything()
    {
        const auto omi = resolve(loadData("physics/omi_all.gltf"));
        QVERIFY(conversionLosses(omi.model, omi.doc, Family::Khr).empty());
        const auto khr = resolve(written(omi, Family::Khr));
        QCOMPARE(khr.model.format, SourceFormat::Khr);
        QVERIFY(!extensionPresent(khr.doc.json(), ext::Joint));
        QCOMPARE(values(khr), values(omi));
        const auto back = resolve(written(khr, Family::Omi));
        QVERIFY(conversionLosses(khr.model, khr.doc, Family::Omi).empty());
        QCOMPARE(values(back), values(omi));
    }

    void khrToOmiToKhrReportsPlanes()
    {
        auto khr = resolve(loadData("physics/khr_all.gltf"));
        // KHR: "If not provided, the mass and inertia properties should be calculated by the simulation
        // engine" (the centre of mass among them). A conversion to OMI writes the colliders' centre of every
        // body first (scene::writeComputedCentersOfMass, as Save As and upgrade --to omi do): 13 bodies here.
        QCOMPARE(scene::writeComputedCentersOfMass(khr.model, khr.doc).size(), size_t(13));
        const Diagnostics losses = conversionLosses(khr.model, khr.doc, Family::Omi);
        // Exactly the two plane colliders (Ground and Pad), nothing else.
        QCOMPARE(losses.size(), size_t(2));
        QCOMPARE(countCode(losses, code::OmiNotExpressible), 2);
        QCOMPARE(losses[0].pointer, "/nodes/" + std::to_string(nodeByName(khr.doc, "Ground")) +
                                        "/extensions/KHR_physics_rigid_bodies/collider");
        const auto omi = resolve(written(khr, Family::Omi));
        QVERIFY(extensionPresent(omi.doc.json(), ext::Joint));
        QVERIFY(!hasErrors(omi.diagnostics));
        const auto back = resolve(written(omi, Family::Khr));
        QCOMPARE(values(back), without(values(khr), "plane"));
        QCOMPARE(values(omi), without(values(khr), "plane"));
    }

    void khrMeaningsOmiLacksAreListed()
    {
        const auto l = resolve(docFromJson(R"({"extensionsUsed":["KHR_physics_rigid_bodies"],
            "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"motion":{}}}},
                     {"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":0,"inertiaDiagonal":[1,0,1]}}}}]})"));
        const Diagnostics losses = conversionLosses(l.model, l.doc, Family::Omi);
        // Computed mass, infinite mass and inertia, and the two centres of mass KHR computes ("If not
        // provided, the mass and inertia properties should be calculated by the simulation engine") that OMI
        // would read as the node origin: these bodies have no collider to compute them from.
        QCOMPARE(countCode(losses, code::OmiNotExpressible), 5);
        QVERIFY(conversionLosses(l.model, l.doc, Family::Khr).empty());
        // KHR -> KHR keeps "the engine computes the mass" and the infinite inertia component.
        const gltf::GltfDocument out = written(l, Family::Khr);
        QVERIFY(!out.json()["nodes"][0]["extensions"][ext::KhrBodies]["motion"].contains("mass"));
        QCOMPARE_JSON(out.json()["nodes"][1]["extensions"][ext::KhrBodies]["motion"]["inertiaDiagonal"],
                      Json::parse("[1,0,1]"));
    }

    void staticAndKinematicBodiesLoseNoMass()
    {
        // KHR: "isKinematic" bodies are moved by their velocities, not by forces; a body with no motion is
        // static. Neither is moved by its mass or inertia, so OMI's 1 kg default loses nothing of them.
        const auto l = resolve(docFromJson(R"({"extensionsUsed":["KHR_physics_rigid_bodies"],
            "nodes":[{"extensions":{"KHR_physics_rigid_bodies":{"motion":{"isKinematic":true}}}},
                     {"extensions":{"KHR_physics_rigid_bodies":{"motion":{"isKinematic":true,"mass":0}}}}]})"));
        const Diagnostics losses = conversionLosses(l.model, l.doc, Family::Omi);
        for (const Diagnostic& d : losses)
            QVERIFY2(d.message.find("mass") == std::string::npos ||
                         d.message.find("centre of mass") != std::string::npos,
                     d.message.c_str());
    }

    void savedFilesPassTheKhronosValidator()
    {
        TempDir dir;
        std::vector<std::filesystem::path> files;
        for (const char* f : kFiles) {
            const auto l = resolve(loadData(f));
            for (Family family : {Family::Omi, Family::Khr}) {
                const gltf::GltfDocument out = written(l, family);
                const auto path =
                    dir / (std::filesystem::path(f).stem().string() + "_" + familyName(family) + ".glb");
                QVERIFY(!hasErrors(gltf::saveGltf(out, path)));
                files.push_back(path);
            }
        }
        if (!validatorAvailable())
            QFAIL("the Khronos glTF-Validator is not installed (scripts/setup.sh)");
        const auto reports = runValidator(files);
        QCOMPARE(reports.size(), files.size());
        for (const auto& r : reports) {
            QVERIFY2(r.ran, r.failure.c_str());
            QVERIFY2(r.errors == 0, r.text.c_str());
        }
    }

    void appliedCombineModeFollowsPrecedence()
    {
        using M = CombineMode;
        QCOMPARE(appliedCombineMode(M::Multiply, M::Average), M::Average);
        QCOMPARE(appliedCombineMode(M::Maximum, M::Minimum), M::Minimum);
        QCOMPARE(appliedCombineMode(M::Multiply, M::Maximum), M::Maximum);
        QCOMPARE(appliedCombineMode(M::Multiply, M::Multiply), M::Multiply);
    }
};

QTEST_GUILESS_MAIN(TestFamilies)
#include "TestFamilies.moc"
