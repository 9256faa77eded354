// A KHR file with joints and planes, edited through the Document (a mass) and saved: still KHR, every joint
// and plane kept, geometry.mesh as the file used, and the Khronos glTF-Validator passes (issue 18).
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

class TestKhrDocumentSave : public QObject
{
    Q_OBJECT

private slots:
    void massEditKeepsKhrJointsAndPlanes()
    {
        TempDir dir;
        auto opened = document::Document::open(dataPath("physics/khr_all.gltf"));
        QVERIFY2(opened, describe(opened.diagnostics).c_str());
        document::Document& d = **opened;
        QVERIFY(!d.isLegacy());
        const gltf::GltfDocument original = loadData("physics/khr_all.gltf");
        const int hinge = nodeByName(original, "HingeA");
        d.push(new document::SetMotionMass(&d, size_t(hinge), 12.5));
        QVERIFY(d.physicsEdited());
        const auto path = dir / "edited.glb";
        QVERIFY(!hasErrors(d.saveAs(path)));

        const auto saved = resolve(gltf::loadGltf(path).value.value());
        const Json& root = saved.doc.json();
        QCOMPARE(saved.model.format, SourceFormat::Khr);
        for (const char* omi : {ext::Body, ext::Shape, ext::Joint})
            QVERIFY2(!extensionPresent(root, omi), omi);
        QCOMPARE(saved.model.node(hinge)->motion->mass, 12.5);
        // Everything else as the file had it: joints, planes, mesh geometry form.
        const auto before = resolve(original);
        QCOMPARE(saved.model.joints.size(), before.model.joints.size());
        for (size_t i = 0; i < before.model.joints.size(); ++i)
            QVERIFY(saved.model.joints[i].sameValues(before.model.joints[i]));
        size_t planes = 0;
        for (const auto& s : saved.model.shapes)
            planes += s.isPlane() ? 1 : 0;
        QCOMPARE(planes, size_t(2));
        // Compared as plain JSON (key order is the writer's): every shape parameter as the file spelled it.
        QVERIFY(nlohmann::json::parse(root["extensions"]["KHR_implicit_shapes"]["shapes"].dump()) ==
                nlohmann::json::parse(original.json()["extensions"]["KHR_implicit_shapes"]["shapes"].dump()));
        for (const auto& [index, n] : before.model.nodes) {
            if (n.joint) {
                QVERIFY(saved.model.node(index)->joint);
                QCOMPARE(saved.model.node(index)->joint->connectedNode, n.joint->connectedNode);
            }
        }
        const int hull = nodeByName(original, "Hull");
        QVERIFY(root["nodes"][hull]["extensions"][ext::KhrBodies]["collider"]["geometry"].contains("mesh"));

        if (!validatorAvailable())
            QFAIL("the Khronos glTF-Validator is not installed (scripts/setup.sh)");
        const auto reports = runValidator({path});
        QVERIFY2(reports.at(0).ran, reports.at(0).failure.c_str());
        QVERIFY2(reports.at(0).errors == 0, reports.at(0).text.c_str());
    }
};

QTEST_GUILESS_MAIN(TestKhrDocumentSave)
#include "TestKhrDocumentSave.moc"
