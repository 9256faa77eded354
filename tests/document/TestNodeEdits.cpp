// Node operations (NodeEdits.h) on tests/data/physics/omi_all.gltf, whose layout is known: FixedA (0,
// at (0, 2, 0), child FixedJoint 2) and FixedB (1, at (1.5, 2, 0)); FixedJoint (2) joins to node 1; HingeA
// (3, child 5), HingeJoint (5) joins to node 4; Zone (20, at (0, 0, -4)) is a compound trigger of its
// children ZoneA (21, at (0.5, 0, 0), shape 1) and ZoneB (22, shape 0); the scene lists 0, 1, 3, 4, 6, 7,
// 9, 10, 12, 13, 15, 16, 18, 19, 20; 23 nodes. Every edit is checked redo -> undo -> redo (exact JSON and
// bytes back) with the expected values worked out from that layout by hand.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/NodeEdits.h"

#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <cmath>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using gltf::Json;

namespace {

const char* kFile = "physics/omi_all.gltf";

Json bodyOf(const Json& saved, size_t node)
{
    return nodeBody(saved, node);
}
Json jointOf(const Json& saved, size_t node)
{
    const Json& n = saved["nodes"][node];
    if (!n.contains("extensions") || !n["extensions"].contains("OMI_physics_joint"))
        return Json();
    return n["extensions"]["OMI_physics_joint"];
}

} // namespace

class TestNodeEdits : public QObject
{
    Q_OBJECT

private slots:
    void deleteRenumbersEveryReference()
    {
        auto doc = openData(kFile);
        // FixedJoint (2) joins to FixedB (1): deleting FixedB takes that joint with it, and says so first.
        const Diagnostics problems = deletionProblems(*doc, {1});
        QVERIFY(findDiagnostic(problems, "NODE_JOINT_REMOVED"));
        QVERIFY(!hasErrors(problems));
        checkRedoUndoRedo(
            *doc, [&] { QCOMPARE(*deleteNodes(*doc, {1}), size_t(1)); },
            [](const Json& saved) {
                QCOMPARE(saved["nodes"].size(), size_t(22));
                CS_COMPARE_JSON(saved["nodes"][1]["name"], Json("FixedJoint"));
                QVERIFY(jointOf(saved, 1).is_null());
                CS_COMPARE_JSON(saved["nodes"][2]["name"], Json("HingeA"));
                CS_COMPARE_JSON(saved["nodes"][2]["children"], Json::parse("[4]"));
                CS_COMPARE_JSON(jointOf(saved, 4)["connectedNode"], Json(3));
                CS_COMPARE_JSON(saved["nodes"][19]["name"], Json("Zone"));
                CS_COMPARE_JSON(saved["nodes"][19]["children"], Json::parse("[20, 21]"));
                CS_COMPARE_JSON(bodyOf(saved, 19)["trigger"]["nodes"], Json::parse("[20, 21]"));
                CS_COMPARE_JSON(saved["nodes"][0]["children"], Json::parse("[1]"));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"],
                                Json::parse("[0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 19]"));
            });
    }

    void deleteTakesTheSubtree()
    {
        auto doc = openData(kFile);
        checkRedoUndoRedo(
            *doc, [&] { QCOMPARE(*deleteNodes(*doc, {20}), size_t(3)); },
            [](const Json& saved) {
                QCOMPARE(saved["nodes"].size(), size_t(20));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"],
                                Json::parse("[0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19]"));
            });
    }

    void deleteOneTriggerMember()
    {
        auto doc = openData(kFile);
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(deleteNodes(*doc, {21})); },
            [](const Json& saved) {
                CS_COMPARE_JSON(saved["nodes"][20]["children"], Json::parse("[21]"));
                CS_COMPARE_JSON(bodyOf(saved, 20)["trigger"]["nodes"], Json::parse("[21]"));
                CS_COMPARE_JSON(saved["nodes"][21]["name"], Json("ZoneB"));
            });
    }

    void deleteKeepsTheSelectionOnItsNodes()
    {
        auto doc = openData(kFile);
        doc->setSelectedNodes({1, 22}, NodeIndex(22));
        QVERIFY(deleteNodes(*doc, {1}));
        QCOMPARE(doc->selectedNodes(), std::vector<NodeIndex>{21});
        QCOMPARE(doc->currentNode(), std::optional<NodeIndex>(21));
        doc->undoStack()->undo();
        QCOMPARE(doc->selectedNodes(), std::vector<NodeIndex>{22});
    }

    void duplicateCopiesSubtreeAndPhysics()
    {
        auto doc = openData(kFile);
        std::vector<NodeIndex> copies;
        checkRedoUndoRedo(
            *doc,
            [&] {
                copies = duplicateNodes(*doc, {20, 21});
            }, // 21 is inside 20: copied once
            [](const Json& saved) {
                QCOMPARE(saved["nodes"].size(), size_t(26));
                CS_COMPARE_JSON(saved["nodes"][23]["name"], Json("Zone copy"));
                CS_COMPARE_JSON(saved["nodes"][23]["children"], Json::parse("[24, 25]"));
                CS_COMPARE_JSON(bodyOf(saved, 23)["trigger"]["nodes"], Json::parse("[24, 25]"));
                CS_COMPARE_JSON(saved["nodes"][24]["name"], Json("ZoneA"));
                CS_COMPARE_JSON(bodyOf(saved, 24)["trigger"]["shape"], Json(1));
                CS_COMPARE_JSON(bodyOf(saved, 25)["trigger"]["shape"], Json(0));
                QVERIFY(numbersNear(saved["nodes"][23]["translation"], {0, 0, -4}));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"],
                                Json::parse("[0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 20, 23]"));
                // The original is untouched.
                CS_COMPARE_JSON(bodyOf(saved, 20)["trigger"]["nodes"], Json::parse("[21, 22]"));
            });
        QCOMPARE(copies, std::vector<NodeIndex>{23});
    }

    void duplicateKeepsOutsideReferences()
    {
        auto doc = openData(kFile);
        checkRedoUndoRedo(
            *doc, [&] { QCOMPARE(duplicateNodes(*doc, {0}), std::vector<NodeIndex>{23}); },
            [](const Json& saved) {
                // FixedA's copy has a copy of FixedJoint as its child; that joint still joins to FixedB (1).
                CS_COMPARE_JSON(saved["nodes"][23]["children"], Json::parse("[24]"));
                CS_COMPARE_JSON(saved["nodes"][24]["name"], Json("FixedJoint"));
                CS_COMPARE_JSON(jointOf(saved, 24)["connectedNode"], Json(1));
                CS_COMPARE_JSON(bodyOf(saved, 23)["motion"]["mass"], Json(2.0));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"][1], Json(23)); // right after FixedA
            });
    }

    void rename()
    {
        auto doc = openData(kFile);
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(renameNode(*doc, 0, "Start")); },
            [](const Json& saved) { CS_COMPARE_JSON(saved["nodes"][0]["name"], Json("Start")); });
        QVERIFY(!renameNode(*doc, 0, "Start"));
        QVERIFY(!renameNode(*doc, 99, "Nothing"));
    }

    void reparentKeepsWorldTransform()
    {
        auto doc = openData(kFile);
        // FixedB at (1.5, 2, 0) under FixedA at (0, 2, 0): local (1.5, 0, 0).
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(reparentNode(*doc, 1, NodeIndex(0)).empty()); },
            [](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][1]["translation"], {1.5, 0, 0}));
                CS_COMPARE_JSON(saved["nodes"][0]["children"], Json::parse("[2, 1]"));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"][1], Json(3));
            });
        // ZoneA at (0.5, 0, 0) under Zone at (0, 0, -4) to the scene root: (0.5, 0, -4).
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(reparentNode(*doc, 21, std::nullopt).empty()); },
            [](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][21]["translation"], {0.5, 0, -4}));
                CS_COMPARE_JSON(saved["nodes"][20]["children"], Json::parse("[22]"));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"].back(), Json(21));
            });
        // Under itself or its own child: refused, nothing pushed.
        const int index = doc->undoStack()->index();
        QVERIFY(findDiagnostic(reparentNode(*doc, 20, NodeIndex(22)), "NODE_REPARENT_CYCLE"));
        QVERIFY(findDiagnostic(reparentNode(*doc, 20, NodeIndex(20)), "NODE_REPARENT_CYCLE"));
        QCOMPARE(doc->undoStack()->index(), index);
    }

    void reparentSeveralIsOneStep()
    {
        auto doc = openData(kFile);
        // FixedB (1) and ZoneA (21) under FixedA (0) in one step; ZoneA's child list entry leaves Zone (20).
        checkRedoUndoRedo(
            *doc,
            [&] {
                QVERIFY(reparentNodes(*doc, {1, 21}, NodeIndex(0)).empty());
            },
            [](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][1]["translation"], {1.5, 0, 0}));
                QVERIFY(numbersNear(saved["nodes"][21]["translation"], {0.5, -2, -4}));
                CS_COMPARE_JSON(saved["nodes"][0]["children"], Json::parse("[2, 1, 21]"));
                CS_COMPARE_JSON(saved["nodes"][20]["children"], Json::parse("[22]"));
            });
        // A node and its own child under FixedA: the child moves with its parent and is left out of the list.
        auto again = openData(kFile);
        const int before = again->undoStack()->count();
        QVERIFY(reparentNodes(*again, {20, 21}, NodeIndex(0)).empty());
        QCOMPARE(again->undoStack()->count(), before + 1);
        CS_COMPARE_JSON(again->gltf().json()["nodes"][20]["children"], Json::parse("[21, 22]"));
        CS_COMPARE_JSON(again->gltf().json()["nodes"][0]["children"], Json::parse("[2, 20]"));
        // Already there: no step at all.
        QVERIFY(reparentNodes(*again, {20}, NodeIndex(0)).empty());
        QCOMPARE(again->undoStack()->count(), before + 1);
        // One refused (under its own child): nothing changes and nothing stays in the history.
        const std::string text = again->gltf().json().dump();
        const int count = again->undoStack()->count();
        QVERIFY(findDiagnostic(reparentNodes(*again, {1, 20}, NodeIndex(22)), "NODE_REPARENT_CYCLE"));
        QCOMPARE(again->gltf().json().dump(), text);
        QCOMPARE(again->undoStack()->count(), count);
    }

    void reparentUnderShearWritesMatrix()
    {
        // Child turned 45 degrees about Z; the new parent scales X by 2. Local = S^-1 * R45: columns
        // (c/2, s, 0) and (-s/2, c, 0) with c = s = sqrt(1/2), not orthogonal.
        const double h = std::sqrt(0.5);
        auto doc = documentFromJson(
            R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0,1]}],"nodes":[{"name":"P","scale":[2,1,1]},)"
            R"({"name":"C","rotation":[0,0,0.3826834323650898,0.9238795325112867]}]})");
        Diagnostics result;
        checkRedoUndoRedo(
            *doc, [&] { result = reparentNode(*doc, 1, NodeIndex(0)); },
            [&](const Json& saved) {
                const Json& c = saved["nodes"][1];
                QVERIFY(!c.contains("rotation"));
                QVERIFY(numbersNear(c["matrix"], {h / 2, h, 0, 0, -h / 2, h, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
                                    1e-12));
            });
        QVERIFY(findDiagnostic(result, "NODE_REPARENT_SHEAR"));
        QVERIFY(!hasErrors(result));
    }

    void setTransformsIsOneMergedStep()
    {
        auto doc = openData(kFile);
        const Json before = doc->savedJson();
        geometry::Trs a{{1, 2, 3}, geometry::quatFromEulerDegrees({0, 0, 90}), {1, 1, 1}};
        geometry::Trs b{{4, 5, 6}, {}, {2, 2, 2}};
        checkRedoUndoRedo(
            *doc,
            [&] {
                setNodeTransforms(*doc, {{0, a}, {1, b}});
            },
            [&](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {1, 2, 3}));
                QVERIFY(numbersNear(saved["nodes"][0]["rotation"], {0, 0, std::sqrt(0.5), std::sqrt(0.5)},
                                    1e-15));
                QVERIFY(!saved["nodes"][0].contains("scale")); // unchanged parts are not written
                QVERIFY(numbersNear(saved["nodes"][1]["scale"], {2, 2, 2}));
            });
        // A drag continues: the next call for the same nodes merges into the same step.
        const int count = doc->undoStack()->count();
        a.translation = {7, 8, 9};
        setNodeTransforms(*doc, {{0, a}, {1, b}});
        QCOMPARE(doc->undoStack()->count(), count);
        QVERIFY(numbersNear(doc->savedJson()["nodes"][0]["translation"], {7, 8, 9}));
        doc->undoStack()->undo();
        CS_COMPARE_JSON(doc->savedJson(), before);
    }

    void matrixNodeDecomposedAndWrittenAsTrs()
    {
        // T(1, 2, 3) * Rz(90) * S(2): columns (0, 2, 0), (-2, 0, 0), (0, 0, 2).
        auto doc = documentFromJson(
            R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0, 1]}],"nodes":[)"
            R"({"matrix":[0,2,0,0,-2,0,0,0,0,0,2,0,1,2,3,1]},{"matrix":[1,0,0,0,1,1,0,0,0,0,1,0,0,0,0,1]}]})");
        const NodeTransform t = nodeTransform(doc->gltf().json()["nodes"][0]);
        QVERIFY(t.fromMatrix && t.exact);
        QVERIFY(geometry::sameRotation(t.trs.rotation, geometry::quatFromEulerDegrees({0, 0, 90})));
        const NodeTransform sheared = nodeTransform(doc->gltf().json()["nodes"][1]);
        QVERIFY(!sheared.exact);
        QVERIFY(std::fabs(sheared.shear - std::sqrt(0.5)) < 1e-12);
        geometry::Trs moved = t.trs;
        moved.translation = {0, 0, 0};
        checkRedoUndoRedo(
            *doc,
            [&] {
                setNodeTransforms(*doc, {{0, moved}});
            },
            [&](const Json& saved) {
                const Json& n = saved["nodes"][0];
                QVERIFY(!n.contains("matrix"));
                QVERIFY(!n.contains("translation"));
                QVERIFY(numbersNear(n["scale"], {2, 2, 2}, 1e-12));
                QVERIFY(numbersNear(n["rotation"], {0, 0, std::sqrt(0.5), std::sqrt(0.5)}, 1e-12));
            });
    }

    void addEmptyTriggerUnderAParent()
    {
        auto doc = openData(kFile);
        EmptyShapeNode options;
        options.trigger = true;
        options.position = {1, 0, -4}; // Zone is at (0, 0, -4): local (1, 0, 0)
        options.parent = 20;
        NodeIndex added = 0;
        checkRedoUndoRedo(
            *doc, [&] { added = *addEmptyShapeNode(*doc, options); },
            [](const Json& saved) {
                CS_COMPARE_JSON(saved["nodes"][23]["name"], Json("Box Trigger"));
                QVERIFY(numbersNear(saved["nodes"][23]["translation"], {1, 0, 0}));
                CS_COMPARE_JSON(saved["nodes"][20]["children"], Json::parse("[21, 22, 23]"));
                CS_COMPARE_JSON(bodyOf(saved, 23)["trigger"]["shape"], Json(7));
                CS_COMPARE_JSON(savedShape(saved, 7)["type"], Json("box"));
            });
        QCOMPARE(added, NodeIndex(23));
        // At the scene root, a capsule collider.
        options = {};
        options.type = physics::ShapeType::Capsule;
        options.position = {0, 3, 0};
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(addEmptyShapeNode(*doc, options)); },
            [](const Json& saved) {
                CS_COMPARE_JSON(saved["nodes"][24]["name"], Json("Capsule Collider"));
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"].back(), Json(24));
                CS_COMPARE_JSON(bodyOf(saved, 24)["collider"]["shape"], Json(8));
            });
        QVERIFY(
            !addEmptyShapeNode(*doc, EmptyShapeNode{false, physics::ShapeType::Box, {}, NodeIndex(99), {}}));
    }

    void otherReferencesRenumbered()
    {
        // Node 0 goes; a skin, two animation channels (one by KHR_animation_pointer), MSFT_lod and an unknown
        // extension name nodes 1 and 2.
        auto doc = documentFromJson(
            R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0,1,2]}],)"
            R"("nodes":[{"name":"A"},{"name":"B","extensions":{"MSFT_lod":{"ids":[2]}}},)"
            R"({"name":"C","extensions":{"EXT_fancy":{"targetNode":2,"count":5}}}],)"
            R"("skins":[{"joints":[1,2],"skeleton":1}],)"
            R"("animations":[{"channels":[{"sampler":0,"target":{"node":2,"path":"translation"}},)"
            R"({"sampler":0,"target":{"path":"pointer","extensions":{"KHR_animation_pointer":)"
            R"({"pointer":"/nodes/1/rotation"}}}},{"sampler":0,"target":{"node":0,"path":"scale"}}],)"
            R"("samplers":[{"input":0,"output":1}]}]})");
        const Diagnostics problems = deletionProblems(*doc, {0});
        QVERIFY(!hasErrors(problems));
        const Diagnostic* unknown = findDiagnostic(problems, "NODE_REFERENCE_UNREMAPPED");
        QVERIFY(unknown);
        QCOMPARE(unknown->pointer, std::string("/nodes/2/extensions/EXT_fancy/targetNode"));
        const Diagnostic* channel = findDiagnostic(problems, "NODE_ANIMATION_CHANNEL_REMOVED");
        QVERIFY(channel);
        QCOMPARE(channel->pointer, std::string("/animations/0/channels/2"));
        checkRedoUndoRedo(
            *doc, [&] { QVERIFY(deleteNodes(*doc, {0})); },
            [](const Json& saved) {
                CS_COMPARE_JSON(saved["scenes"][0]["nodes"], Json::parse("[0, 1]"));
                CS_COMPARE_JSON(saved["skins"][0]["joints"], Json::parse("[0, 1]"));
                CS_COMPARE_JSON(saved["skins"][0]["skeleton"], Json(0));
                CS_COMPARE_JSON(saved["nodes"][0]["extensions"]["MSFT_lod"]["ids"], Json::parse("[1]"));
                const Json& channels = saved["animations"][0]["channels"];
                QCOMPARE(channels.size(), size_t(2));
                CS_COMPARE_JSON(channels[0]["target"]["node"], Json(1));
                CS_COMPARE_JSON(channels[1]["target"]["extensions"]["KHR_animation_pointer"]["pointer"],
                                Json("/nodes/0/rotation"));
                // The unknown extension is left as it was (and was reported).
                CS_COMPARE_JSON(saved["nodes"][1]["extensions"]["EXT_fancy"]["targetNode"], Json(2));
            });
        // A skin joint cannot go: refused with the reason, nothing pushed.
        const int index = doc->undoStack()->index();
        const Result<size_t> refused = deleteNodes(*doc, {1});
        QVERIFY(!refused);
        QVERIFY(findDiagnostic(refused.diagnostics, "NODE_SKIN_JOINT_REMOVED"));
        QCOMPARE(doc->undoStack()->index(), index);
    }

    void loadSaveLoad()
    {
        auto doc = openData(kFile);
        QVERIFY(deleteNodes(*doc, {1}));
        QVERIFY(!duplicateNodes(*doc, {19}).empty());
        QVERIFY(reparentNode(*doc, 20, std::nullopt).empty());
        QTemporaryDir dir;
        const std::filesystem::path path = dir.filePath("edited.gltf").toStdString();
        QVERIFY(!hasErrors(doc->saveAs(path)));
        const Json saved = doc->savedJson();
        auto reopened = Document::open(path);
        QVERIFY(reopened);
        const Json again = (*reopened)->savedJson();
        for (const char* key : {"nodes", "scenes", "extensions", "extensionsUsed"})
            CS_COMPARE_JSON(again[key], saved[key]);
        QCOMPARE((*reopened)->model().nodes.size(), doc->model().nodes.size());
    }
};

QTEST_GUILESS_MAIN(TestNodeEdits)
#include "TestNodeEdits.moc"
