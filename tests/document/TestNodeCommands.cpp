// Node edits: rename, translation, rotation, scale (and the validator's scaled-shape-node findings), a node
// with a matrix, adding nodes; and that node edits alone never rewrite a legacy file's physics.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/NodeCommands.h"
#include "physics/DiagnosticCodes.h"

#include <QSignalSpy>
#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {
const char* kLegacySphere =
    "spec/legacy/2023-01-05_80c2ae7/extensions/2.0/OMI_collider/examples/sphere_collider.gltf";

// translation (1, 2, 3) * rotation 90 degrees about Z * uniform scale 2, column-major as glTF stores it.
const char* kMatrixNode = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
    "nodes":[{"name":"M","matrix":[0,2,0,0, -2,0,0,0, 0,0,2,0, 1,2,3,1]}]})";
} // namespace

class TestNodeCommands : public QObject
{
    Q_OBJECT

private slots:
    void renameNode()
    {
        auto d = openSample();
        checkEdit(*d, [&] { d->push(new RenameNode(d.get(), 2, "Crate A")); },
                  {{"/nodes/2/name", R"("Crate A")"}});
        QVERIFY(!d->physicsEdited()); // a node edit is not a physics edit
    }

    void transformParts()
    {
        auto d = openSample();
        checkEdit(*d,
                  [&] {
                      d->push(new SetNodeTranslation(d.get(), 2, Vec3{1, 2, 3}));
                  },
                  {{"/nodes/2/translation", "[1.0,2.0,3.0]"}});
        d = openSample();
        // Crate 1 has no rotation: the key is added after the others.
        checkEdit(*d,
                  [&] {
                      d->push(new SetNodeRotation(d.get(), 2, Quat{0, 0, 0.6, 0.8}));
                  },
                  {{"/nodes/2/rotation", "[0.0,0.0,0.6,0.8]"}});
        d = openSample();
        checkEdit(*d,
                  [&] {
                      d->push(new SetNodeScale(d.get(), 23, Vec3{2, 1, 2}));
                  },
                  {{"/nodes/23/scale", "[2.0,1.0,2.0]"}});
    }

    void scalingAShapeNodeIsReported()
    {
        auto d = openSample();
        QVERIFY(!findDiagnostic(d->diagnostics(), physics::code::ShapeNodeScaled));
        d->push(new SetNodeScale(d.get(), 15, Vec3{2, 2, 2})); // Table Top carries a box collider
        const Diagnostic* uniform = findDiagnostic(d->diagnostics(), physics::code::ShapeNodeScaled);
        QVERIFY(uniform);
        QCOMPARE(uniform->pointer, std::string("/nodes/15"));
        d->push(new SetNodeScale(d.get(), 15, Vec3{1, 3, 1})); // merges into the same step
        QCOMPARE(d->undoStack()->count(), 1);
        const Diagnostic* skewed = findDiagnostic(d->diagnostics(), physics::code::ShapeNodeNonUniformScale);
        QVERIFY(skewed);
        QCOMPARE(skewed->severity, Severity::Warning);
        QCOMPARE(skewed->pointer, std::string("/nodes/15"));
        d->undoStack()->undo();
        QVERIFY(!findDiagnostic(d->diagnostics(), physics::code::ShapeNodeNonUniformScale));
        QVERIFY(!findDiagnostic(d->diagnostics(), physics::code::ShapeNodeScaled));
    }

    void matrixNodeBecomesTrs()
    {
        auto d = documentFromJson(kMatrixNode);
        const Trs before = nodeTrs(d->gltf().json()["nodes"][0]);
        const double h = std::sqrt(0.5);
        QCOMPARE(before.translation, (Vec3{1, 2, 3}));
        QCOMPARE(before.scale, (Vec3{2, 2, 2}));
        for (int i = 0; i < 4; ++i)
            QVERIFY(std::fabs(before.rotation[i] - Quat{0, 0, h, h}[i]) < 1e-12);

        checkRedoUndoRedo(
            *d,
            [&] {
                d->push(new SetNodeTranslation(d.get(), 0, Vec3{5, 5, 5}));
            },
            [&](const gltf::Json& saved) {
                const gltf::Json& n = saved["nodes"][0];
                QVERIFY(!n.contains("matrix"));
                CS_COMPARE_JSON(n["translation"], gltf::Json::parse("[5.0,5.0,5.0]"));
                CS_COMPARE_JSON(n["scale"], gltf::Json::parse("[2.0,2.0,2.0]"));
                for (int i = 0; i < 4; ++i)
                    QVERIFY(std::fabs(n["rotation"][i].get<double>() - Quat{0, 0, h, h}[i]) < 1e-12);
            });
    }

    void addChildNode()
    {
        auto d = openSample();
        QSignalSpy spy(d.get(), &Document::changed);
        AddNode* add = nullptr;
        checkEdit(*d,
                  [&] {
                      add = new AddNode(d.get(), 5, gltf::Json::parse(R"({"name":"Extra"})"));
                      d->push(add);
                  },
                  {{"/nodes/5/children", "[6,24]"}, {"/nodes/24", R"({"name":"Extra"})"}});
        QCOMPARE(add->nodeIndex(), size_t(24));
        QCOMPARE(d->sceneGraph().parent(24), std::optional<size_t>(5));
        QCOMPARE(spy.at(0).at(0).value<ChangeEvent>(),
                 (ChangeEvent{ChangeEvent::Kind::Node, 24, ChangeEvent::Created}));
        QCOMPARE(spy.at(1).at(0).value<ChangeEvent>(),
                 (ChangeEvent{ChangeEvent::Kind::Node, 5, ChangeEvent::Children}));
    }

    void addRootNodeGoesIntoTheDefaultScene()
    {
        auto d = openSample();
        checkEdit(
            *d, [&] { d->push(new AddNode(d.get(), std::nullopt, gltf::Json::parse(R"({"name":"Root"})"))); },
            {{"/scenes/0/nodes", "[0,1,2,3,4,5,7,9,10,14,18,22,24]"}, {"/nodes/24", R"({"name":"Root"})"}});
    }

    void addNodeToMissingParentPushesNothing()
    {
        auto d = openSample();
        d->push(new AddNode(d.get(), 99, gltf::Json::object()));
        QCOMPARE(d->undoStack()->count(), 0);
        QCOMPARE(d->gltf().count("nodes"), size_t(24));
    }

    void removedNodeLeavesTheSelection()
    {
        auto d = openSample();
        auto* add = new AddNode(d.get(), 5, gltf::Json::object());
        d->push(add);
        d->setSelectedNodes({2, add->nodeIndex()});
        QSignalSpy spy(d.get(), &Document::selectionChanged);
        d->undoStack()->undo();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(d->selectedNodes(), std::vector<size_t>{2});
    }

    void nodeEditsKeepLegacyPhysicsAsRead()
    {
        auto d = openData(kLegacySphere);
        QVERIFY(d->isLegacy());
        const gltf::Json before = d->savedJson();
        d->push(new RenameNode(d.get(), 0, "Ball"));
        d->push(new SetNodeTranslation(d.get(), 0, Vec3{0, 1, 0}));
        QVERIFY(!d->physicsEdited());
        const gltf::Json saved = d->savedJson();
        // The file's OMI_collider data is untouched; only the node's name and translation changed.
        CS_COMPARE_JSON(saved["extensions"], before["extensions"]);
        CS_COMPARE_JSON(saved["extensionsUsed"], before["extensionsUsed"]);
        CS_COMPARE_JSON(saved["nodes"][0]["extensions"], before["nodes"][0]["extensions"]);
        CS_COMPARE_JSON(saved["nodes"][0]["name"], "Ball");
        CS_COMPARE_JSON(saved["nodes"][0]["translation"], gltf::Json::parse("[0.0,1.0,0.0]"));
    }
};

QTEST_GUILESS_MAIN(TestNodeCommands)
#include "TestNodeCommands.moc"
