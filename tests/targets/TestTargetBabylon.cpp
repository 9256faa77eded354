// The export for Babylon.js + Havok against what `make engine-check` found when the loader
// (glTF_Physics_Babylon 0.6.0, BAB) read our exports (docs/engine-check.md): each test exports a fixture with
// exportForTarget and checks the written JSON against the loader's rule, read from the JSON itself.
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "targets/TargetExport.h"

#include <QTest>
#include <cmath>
#include <optional>
#include <vector>

using namespace cs;
using namespace cs::test;

namespace {

const Json* khrNode(const Json& root, size_t node)
{
    const Json& n = root["nodes"][node];
    if (!n.contains("extensions") || !n["extensions"].contains("KHR_physics_rigid_bodies"))
        return nullptr;
    return &n["extensions"]["KHR_physics_rigid_bodies"];
}

/// Each node's parent, from the `children` lists.
std::vector<std::optional<size_t>> parents(const Json& root)
{
    std::vector<std::optional<size_t>> parent(root["nodes"].size());
    for (size_t i = 0; i < root["nodes"].size(); ++i) {
        if (!root["nodes"][i].contains("children"))
            continue;
        for (const Json& c : root["nodes"][i]["children"])
            parent[c.get<size_t>()] = i;
    }
    return parent;
}

bool hasMotion(const Json& root, size_t node)
{
    const Json* body = khrNode(root, node);
    return body && body->contains("motion");
}

targets::TargetExportResult exportForBabylon(gltf::GltfDocument doc)
{
    const targets::Target* babylon = targets::findTarget("babylon-havok");
    if (!babylon)
        qFatal("no babylon-havok target");
    return targets::exportForTarget(std::move(doc), *babylon);
}

/// The number of `joint` nodes with `motion` at or above them; a warning names each other one.
int jointsUnderBodies(const Json& root)
{
    const auto parent = parents(root);
    int under = 0;
    for (size_t i = 0; i < root["nodes"].size(); ++i) {
        const Json* body = khrNode(root, i);
        if (!body || !body->contains("joint"))
            continue;
        bool found = false;
        for (std::optional<size_t> n = i; n && !found; n = parent[*n])
            found = hasMotion(root, *n);
        if (!found)
            qWarning("joint on node %zu has no motion at or above it", i);
        under += found ? 1 : 0;
    }
    return under;
}

bool mentions(const Diagnostics& list, const std::string& part)
{
    for (const Diagnostic& d : list) {
        if ((d.message + " " + d.pointer).find(part) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

class TestTargetBabylon : public QObject
{
    Q_OBJECT

private slots:
    void jointUnderStaticOmiBodyMoved()
    {
        // pendulum_balls: each hinge's `joint` node sits under TopBody, an OMI static body. KHR has no static
        // motion, so the writer leaves TopBody without a body and the loader finds no body above the joint
        // node: "Cannot read properties of null (reading 'computeWorldMatrix')" (BAB:582-589, make
        // engine-check before the fix). ENGINE-TARGETS.md 9: "Place `joint` on a node inside a `motion`
        // subtree".
        auto loaded = gltf::loadGltf(dataPath("spec/omi/OMI_physics_joint/examples/pendulum_balls.gltf"));
        QVERIFY2(loaded, describe(loaded.diagnostics).c_str());
        const targets::TargetExportResult r = exportForBabylon(std::move(*loaded));
        QVERIFY(!r.unusable);
        const int joints = jointsUnderBodies(r.document.json());
        QCOMPARE(joints, 3); // the three hinges are kept, each under a body
        QVERIFY2(!mentions(r.losses, "/joint"), describe(r.losses).c_str());
    }

    void staticBodyOfUnmovableJointKinematic()
    {
        // swing_and_slide: a slider across a hinge on node 4 under TopBody (node 1), an OMI static body. Its
        // inverse is not exact (TargetJoints), so the joint stays, and the loader crashed as above (make
        // engine-check). TopBody is written as a kinematic body without velocity: it never moves, as a
        // static body, and it is a body above the joint node (KHR `isKinematic`; BAB:582-589).
        auto loaded = gltf::loadGltf(dataPath("spec/omi/OMI_physics_joint/examples/swing_and_slide.gltf"));
        QVERIFY2(loaded, describe(loaded.diagnostics).c_str());
        const Json source = loaded->json();
        QVERIFY(source["nodes"][1]["extensions"]["OMI_physics_body"]["motion"]["type"] == "static");
        QVERIFY(source["nodes"][4]["extensions"].contains("OMI_physics_joint"));
        const targets::TargetExportResult r = exportForBabylon(std::move(*loaded));
        QVERIFY(!r.unusable);
        const Json& root = r.document.json();
        QVERIFY(khrNode(root, 4) && khrNode(root, 4)->contains("joint"));
        QCOMPARE(jointsUnderBodies(root), 1);
        const Json& motion = (*khrNode(root, 1))["motion"];
        QVERIFY2(motion.value("isKinematic", false), motion.dump().c_str());
        for (const char* v : {"linearVelocity", "angularVelocity"}) {
            if (motion.contains(v))
                QVERIFY2(motion[v] == Json::array({0.0, 0.0, 0.0}), motion.dump().c_str());
        }
        QVERIFY2(!mentions(r.losses, "/joint"), describe(r.losses).c_str());
    }

    void omiMaterialsWrittenForHavok()
    {
        // ball_pit (OMI) has no material: the engine gave its colliders Havok's friction 0.5, geometric mean
        // (make engine-check; ENGINE-TARGETS.md 4, BAB:301-327), where OMI means 0.6, 0.6, 0 and "average"
        // (OMI-SPEC-DIGEST.md, OMI_physics_body material defaults). Every collider now names a material that
        // writes all five fields with those values.
        auto loaded = gltf::loadGltf(dataPath("spec/omi/OMI_physics_body/examples/complex/ball_pit.gltf"));
        QVERIFY2(loaded, describe(loaded.diagnostics).c_str());
        const targets::TargetExportResult r = exportForBabylon(std::move(*loaded));
        QVERIFY(!r.unusable);
        const Json& root = r.document.json();
        const Json& materials = root["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"];
        const Json omiDefaults =
            Json::parse(R"({"staticFriction": 0.6, "dynamicFriction": 0.6, "restitution": 0.0,
                                                  "frictionCombine": "average", "restitutionCombine": "average"})");
        int colliders = 0;
        for (size_t i = 0; i < root["nodes"].size(); ++i) {
            const Json* body = khrNode(root, i);
            if (!body || !body->contains("collider"))
                continue;
            ++colliders;
            const Json& collider = (*body)["collider"];
            QVERIFY2(collider.contains("physicsMaterial"), collider.dump().c_str());
            const Json& m = materials[collider["physicsMaterial"].get<size_t>()];
            for (const auto& [key, value] : omiDefaults.items())
                QVERIFY2(m.contains(key) && m[key] == value, m.dump().c_str());
        }
        QCOMPARE(colliders, 9);
    }

    void khrMaterialModesLeftWhenOneIsGiven()
    {
        // KHR: an absent mode takes no part (the other material's applies), which Havok cannot say; with a
        // mode given on one material, "average" on the other would change the pair, so nothing is added.
        Json body = khrBody(0);
        body["collider"]["physicsMaterial"] = 0;
        Json ground = khrCollider(0);
        ground["collider"]["physicsMaterial"] = 1;
        Json docBody = Json::object();
        docBody["physicsMaterials"] =
            Json::parse(R"([{"frictionCombine": "minimum"}, {"dynamicFriction": 0.2}])");
        gltf::GltfDocument doc;
        doc.json() =
            Json::parse(khrDocument(Json::array({box()}), Json::array({body, ground}), docBody).dump());
        const targets::TargetExportResult r = exportForBabylon(std::move(doc));
        QVERIFY(!r.unusable);
        const Json& materials =
            r.document.json()["extensions"]["KHR_physics_rigid_bodies"]["physicsMaterials"];
        QVERIFY2(!materials[1].contains("frictionCombine"), materials.dump().c_str());
        QVERIFY2(!materials[0].contains("restitutionCombine"), materials.dump().c_str());
        QCOMPARE(materials.size(), size_t(2));
    }

    void filterWithoutSystemsGetsItsOwn()
    {
        // A filter without `collisionSystems` is a member of every system in Babylon (membership all bits,
        // BAB:329-341; ENGINE-TARGETS.md 4, exp), so the ground's `collideWithSystems: [ground]` accepted the
        // box that the spec puts in no system (make engine-check on this scene: the box rested on the ground
        // in Havok and fell through in the preview). The export gives it a system that no filter lists.
        Json ground = khrCollider(0);
        ground["collider"]["collisionFilter"] = 0;
        Json falling = khrBody(0);
        falling["collider"]["collisionFilter"] = 1;
        Json docBody = Json::object();
        docBody["collisionFilters"] =
            Json::parse(R"([{"collisionSystems": ["ground"], "collideWithSystems": ["ground"]},
                                                      {"notCollideWithSystems": ["no-system"]}])");
        gltf::GltfDocument doc;
        doc.json() =
            Json::parse(khrDocument(Json::array({box()}), Json::array({ground, falling}), docBody).dump());
        const targets::TargetExportResult r = exportForBabylon(std::move(doc));
        QVERIFY(!r.unusable);
        const Json& filters = r.document.json()["extensions"]["KHR_physics_rigid_bodies"]["collisionFilters"];
        QCOMPARE(filters.size(), size_t(2));
        QVERIFY(filters[0]["collisionSystems"] == Json::parse(R"(["ground"])"));
        QVERIFY2(filters[1].contains("collisionSystems") && filters[1]["collisionSystems"].size() == 1,
                 filters.dump().c_str());
        const Json added = filters[1]["collisionSystems"][0];
        for (const Json& f : filters) {
            for (const char* list : {"collideWithSystems", "notCollideWithSystems"}) {
                if (!f.contains(list))
                    continue;
                for (const Json& name : f[list])
                    QVERIFY2(name != added, filters.dump().c_str()); // the new system is listed by no filter
            }
        }
        QVERIFY(filters[1]["notCollideWithSystems"] == Json::parse(R"(["no-system"])"));
    }

    void geometryNodeWrittenAsMesh()
    {
        // khr_geometry_node names its two mesh colliders by `geometry.node`; 0.6.0 reads only `geometry.mesh`
        // (BAB:263-283), so the engine built 14 of the 16 colliders before the fix. Every mesh geometry of
        // the export names the mesh the source's node carries.
        auto loaded = gltf::loadGltf(dataPath("physics/khr_geometry_node.gltf"));
        QVERIFY2(loaded, describe(loaded.diagnostics).c_str());
        const Json source = loaded->json();
        const targets::TargetExportResult r = exportForBabylon(std::move(*loaded));
        QVERIFY(!r.unusable);
        const Json& root = r.document.json();
        int meshes = 0;
        for (size_t i = 0; i < source["nodes"].size(); ++i) {
            const Json* before = khrNode(source, i);
            if (!before)
                continue;
            for (const char* kind : {"collider", "trigger"}) {
                if (!before->contains(kind) || !(*before)[kind].contains("geometry") ||
                    !(*before)[kind]["geometry"].contains("node"))
                    continue;
                const size_t meshNode = (*before)[kind]["geometry"]["node"].get<size_t>();
                const Json& after = (*khrNode(root, i))[kind]["geometry"];
                QVERIFY2(!after.contains("node"), after.dump().c_str());
                QVERIFY2(after["mesh"] == source["nodes"][meshNode]["mesh"], after.dump().c_str());
                ++meshes;
            }
        }
        QVERIFY(meshes >= 2);
        QVERIFY2(!mentions(r.losses, "geometry.node"), describe(r.losses).c_str());
    }

    void nestedBodyMovedOut()
    {
        // The loader gives a collider to the OUTERMOST body above it (BAB:377-404, _getParentRigidBody): the
        // inner body of a nested pair built no collider before the fix and fell through the ground. The
        // inner body moves out beside the outer one with its world transform: outer at (0, 3, 0) turned 90
        // degrees about +Y, inner at (3, 2, 0) with scale 2 in it: world (0, 5, -3), the same turn, scale 2.
        Json outer = khrBody(0);
        Json inner = Json::object();
        inner["motion"] = {{"mass", 2.0}};
        Json root = khrDocument(Json::array({box(), {{"type", "sphere"}, {"sphere", {{"radius", 0.5}}}}}),
                                Json::array({outer, inner, khrCollider(1)}));
        const double h = std::sqrt(0.5);
        root["nodes"][0]["translation"] = {0.0, 3.0, 0.0};
        root["nodes"][0]["rotation"] = {0.0, h, 0.0, h};
        root["nodes"][0]["children"] = Json::array({1});
        root["nodes"][1]["translation"] = {3.0, 2.0, 0.0};
        root["nodes"][1]["scale"] = {2.0, 2.0, 2.0};
        root["nodes"][1]["children"] = Json::array({2});
        root["nodes"][2]["translation"] = {0.0, 0.0, 0.5};
        root["scenes"][0]["nodes"] = Json::array({0});
        gltf::GltfDocument doc;
        doc.json() = Json::parse(root.dump()); // numbers typed as a file read gives them
        const targets::TargetExportResult r = exportForBabylon(std::move(doc));
        QVERIFY(!r.unusable);
        const Json& out = r.document.json();
        const auto parent = parents(out);
        for (size_t i = 0; i < out["nodes"].size(); ++i) {
            for (auto up = parent[i]; hasMotion(out, i) && up; up = parent[*up])
                QVERIFY2(!hasMotion(out, *up),
                         ("body node " + std::to_string(i) + " is nested: " + describe(r.changes)).c_str());
        }
        QVERIFY(!parent[1]);
        QVERIFY(out["scenes"][0]["nodes"] == Json::array({0, 1}));
        QCOMPARE(parent[2], std::optional<size_t>(1)); // the collider stays with its body
        const Json& moved = out["nodes"][1];
        const double tol = 1e-5;
        const std::vector<double> position = {0.0, 5.0, -3.0}, turn = {0.0, h, 0.0, h},
                                  scale = {2.0, 2.0, 2.0};
        for (size_t k = 0; k < 3; ++k) {
            QVERIFY2(std::abs(moved["translation"][k].get<double>() - position[k]) < tol,
                     moved.dump().c_str());
            QVERIFY2(std::abs(moved["scale"][k].get<double>() - scale[k]) < tol, moved.dump().c_str());
        }
        const double sign = moved["rotation"][3].get<double>() < 0 ? -1.0 : 1.0;
        for (size_t k = 0; k < 4; ++k)
            QVERIFY2(std::abs(sign * moved["rotation"][k].get<double>() - turn[k]) < tol,
                     moved.dump().c_str());
        QVERIFY(mentions(r.changes, "body node 1 moved out of body node 0"));
    }
};

QTEST_GUILESS_MAIN(TestTargetBabylon)
#include "TestTargetBabylon.moc"
