// Export targets (issue 35): each target's verdict on a small document built here. The expected verdicts
// come from the engines' sources as shared/spec/ENGINE-TARGETS.md cites them (named next to each check),
// and the expected pointers from the documents themselves.
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "targets/TargetCheck.h"

#include <QTest>
#include <set>

using namespace cs;
using namespace cs::test;
using namespace cs::targets;

namespace {

std::vector<Finding> check(const Json& root, const char* target)
{
    const Target* t = findTarget(target);
    if (!t)
        return {{Verdict::Fails, Feature::FamilyOmi, "", "", std::string("no target ") + target, ""}};
    return checkTarget(loadJson(root.dump()), *t);
}

/// The findings on `feature`, as "verdict@pointer" strings.
std::set<std::string> on(const std::vector<Finding>& findings, Feature feature)
{
    std::set<std::string> out;
    for (const Finding& f : findings) {
        if (f.feature == feature)
            out.insert(std::string(verdictName(f.verdict)) + "@" + f.pointer);
    }
    return out;
}

const std::string kShapes = "/extensions/KHR_implicit_shapes/shapes/";
const std::string kOmiShapes = "/extensions/OMI_physics_shape/shapes/";

} // namespace

class TestTargetRules : public QObject
{
    Q_OBJECT

private slots:
    void descriptionsAreComplete()
    {
        std::set<std::string> names;
        for (const Target& t : allTargets()) {
            QVERIFY2(names.insert(t.name).second, t.name.c_str());
            std::set<Feature> ruled;
            for (const Rule& r : t.rules) {
                QVERIFY2(!r.reason.empty() && !r.cite.empty(), (t.name + " " + featureId(r.feature)).c_str());
                QVERIFY2(ruled.insert(r.feature).second, (t.name + " twice " + featureId(r.feature)).c_str());
            }
        }
        QCOMPARE(names, (std::set<std::string>{"spec", "godot-4.x", "unity-omi", "babylon-havok",
                                               "khronos-sample-viewer", "blender-khr"}));
        QVERIFY(findTarget("spec")->rules.empty());
    }

    void wrongFamilyFails()
    {
        // Godot handles OMI only (G47 doc_ext.cpp:78-84), Unity E7 only; Babylon, the Sample Renderer and
        // Blender read KHR only (BAB:33-143).
        const Json khr = khrDocument(Json::array({box()}), Json::array({khrBody(0)}));
        const Json omi =
            omiDocument(Json::array({box()}),
                        Json::array({{{"motion", {{"type", "dynamic"}}}, {"collider", {{"shape", 0}}}}}));
        for (const char* t : {"godot-4.x", "unity-omi"}) {
            QCOMPARE(overallVerdict(check(khr, t)), Verdict::Fails);
            QVERIFY(on(check(omi, t), Feature::FamilyOmi).empty());
        }
        for (const char* t : {"babylon-havok", "khronos-sample-viewer", "blender-khr"}) {
            QCOMPARE(on(check(omi, t), Feature::FamilyOmi), (std::set<std::string>{"won't load@"}));
            QVERIFY(on(check(khr, t), Feature::FamilyKhr).empty());
        }
        QVERIFY(check(khr, "spec").empty());
        QVERIFY(check(omi, "spec").empty());
    }

    void planeInKhrTargets()
    {
        // Babylon drops a plane collider (BAB:371-373), Blender does not import it; the Sample Renderer
        // builds an infinite plane without its rotation (SR generatePlane): a difference.
        const Json root =
            khrDocument(Json::array({box(), plane()}), Json::array({khrBody(0), khrCollider(1)}));
        const std::string at = kShapes + "1";
        QCOMPARE(on(check(root, "babylon-havok"), Feature::Plane), (std::set<std::string>{"ignored@" + at}));
        QCOMPARE(on(check(root, "blender-khr"), Feature::Plane), (std::set<std::string>{"ignored@" + at}));
        QCOMPARE(on(check(root, "khronos-sample-viewer"), Feature::Plane),
                 (std::set<std::string>{"differs@" + at}));
        QVERIFY(overallVerdict(check(root, "babylon-havok")) != Verdict::Fails);
    }

    void noTopLevelExtensions()
    {
        // A collider in a file without a document `extensions` object: Babylon reads
        // extensions.KHR_implicit_shapes unconditionally (BAB:351-359), Blender imports no physics.
        Json root = {{"asset", {{"version", "2.0"}}},
                     {"extensionsUsed", {"KHR_physics_rigid_bodies"}},
                     {"nodes", Json::array({{{"extensions",
                                              {{"KHR_physics_rigid_bodies",
                                                {{"collider", {{"geometry", {{"mesh", 0}}}}}}}}}}})}};
        addPointMesh(root, 8);
        QCOMPARE(on(check(root, "babylon-havok"), Feature::NoTopLevelExtensions),
                 (std::set<std::string>{"won't load@"}));
        QCOMPARE(overallVerdict(check(root, "babylon-havok")), Verdict::Fails);
        QCOMPARE(overallVerdict(check(root, "blender-khr")), Verdict::Fails);
        // The Sample Renderer reads `geometry.mesh` and needs only extensionsUsed (SRC loadScene).
        QVERIFY(overallVerdict(check(root, "khronos-sample-viewer")) != Verdict::Fails);
        root.erase("extensionsUsed");
        QCOMPARE(on(check(root, "khronos-sample-viewer"), Feature::NotListedInUsed),
                 (std::set<std::string>{"won't load@/extensionsUsed"}));
    }

    void geometryRevisions()
    {
        // Babylon 0.6.0 reads only geometry.mesh (BAB:263-283); Blender 0.6.0 still reads geometry.node
        // (BLE imp:142-209).
        Json byNode =
            khrDocument(Json::array(), Json::array({{{"collider", {{"geometry", {{"node", 0}}}}}}}));
        Json byMesh =
            khrDocument(Json::array(), Json::array({{{"collider", {{"geometry", {{"mesh", 0}}}}}}}));
        addPointMesh(byNode, 4);
        byNode["nodes"][0]["mesh"] = 0;
        addPointMesh(byMesh, 4);
        const std::string at = "/nodes/0/extensions/KHR_physics_rigid_bodies/collider/geometry/";
        QCOMPARE(on(check(byNode, "babylon-havok"), Feature::GeometryNode),
                 (std::set<std::string>{"ignored@" + at + "node"}));
        QVERIFY(on(check(byMesh, "babylon-havok"), Feature::GeometryMesh).empty());
        QCOMPARE(on(check(byMesh, "blender-khr"), Feature::GeometryMesh),
                 (std::set<std::string>{"won't load@" + at + "mesh"}));
        QVERIFY(on(check(byNode, "blender-khr"), Feature::GeometryNode).empty());
    }

    void convexAndCapsulesInOmiTargets()
    {
        // Unity never builds mesh colliders (UNI DefaultPhysicsShapeHandler.cs:234-271). Godot reads a
        // capsule's `height` as the full height (G47 shape.cpp:314-338), Unity the E7 mid-height and not
        // `radius`.
        Json root = omiDocument(
            Json::array({{{"type", "convex"}, {"convex", {{"mesh", 0}}}},
                         {{"type", "capsule"},
                          {"capsule", {{"height", 1}, {"radiusTop", 0.5}, {"radiusBottom", 0.5}}}},
                         {{"type", "capsule"}, {"capsule", {{"height", 2}, {"radius", 0.5}}}}}),
            Json::array({{{"collider", {{"shape", 0}}}},
                         {{"collider", {{"shape", 1}}}},
                         {{"collider", {{"shape", 2}}}}}));
        addPointMesh(root, 20);
        const auto unity = check(root, "unity-omi");
        const auto godot = check(root, "godot-4.x");
        QCOMPARE(on(unity, Feature::ConvexShape), (std::set<std::string>{"ignored@" + kOmiShapes + "0"}));
        QVERIFY(on(godot, Feature::ConvexShape).empty());
        QCOMPARE(on(godot, Feature::CapsuleMidHeight),
                 (std::set<std::string>{"differs@" + kOmiShapes + "1"}));
        QVERIFY(on(godot, Feature::CapsuleLegacy).empty());
        QCOMPARE(on(unity, Feature::CapsuleLegacy), (std::set<std::string>{"differs@" + kOmiShapes + "2"}));
        QVERIFY(on(unity, Feature::CapsuleMidHeight).empty());
    }

    void shapeDefaults()
    {
        // A KHR capsule without parameters: the Sample Renderer's 2.1 defaults differ from KHR's (SRS
        // gltfShapeCapsule); Babylon applies KHR's (BAB:196-258), so it reads the capsule as meant.
        const Json root = khrDocument(Json::array({{{"type", "capsule"}, {"capsule", {{"height", 0.5}}}}}),
                                      Json::array({khrBody(0)}));
        QCOMPARE(on(check(root, "khronos-sample-viewer"), Feature::ShapeDefaults),
                 (std::set<std::string>{"differs@" + kShapes + "0"}));
        QVERIFY(on(check(root, "babylon-havok"), Feature::ShapeDefaults).empty());
    }

    void malformedValuesAreSkipped()
    {
        // Values of the wrong JSON type where the scan looks: no exception, and what is well-formed is still
        // found (a plane, which Babylon drops: BAB:371-373).
        Json root =
            khrDocument(Json::array({3, plane(), {{"type", 7}}}),
                        Json::array({{{"motion", {{"isKinematic", "yes"}, {"linearVelocity", "fast"}}},
                                      {"collider", {{"geometry", {{"shape", "one"}, {"convexHull", 1}}}}}},
                                     khrCollider(1)}),
                        {{"physicsMaterials", Json::array({5})},
                         {"collisionFilters", Json::array({"x", {{"collisionSystems", 3}}})},
                         {"physicsJoints", Json::array({{{"drives", Json::array({3})}, {"limits", 4}}})}});
        root["meshes"] = Json::array({{{"primitives", Json::array({{{"attributes", 5}}})}}});
        const auto findings = check(root, "babylon-havok");
        QCOMPARE(on(findings, Feature::Plane), (std::set<std::string>{"ignored@" + kShapes + "1"}));
    }

    void hullPointCap()
    {
        // Jolt, Godot's stricter engine, keeps 256 hull vertices (KHR-PHYSICS-DIGEST.md §3.5); at 256 there
        // is nothing to report. (A mesh without data is measured by its points, which bound the hull's
        // vertices.)
        for (const int points : {256, 257}) {
            Json root = omiDocument(Json::array({{{"type", "convex"}, {"convex", {{"mesh", 0}}}}}),
                                    Json::array({{{"collider", {{"shape", 0}}}}}));
            addPointMesh(root, points);
            QCOMPARE(on(check(root, "godot-4.x"), Feature::HullPoints).size(), size_t(points > 256 ? 1 : 0));
        }
    }

    void filterCaps()
    {
        // The Sample Renderer tells 31 filter entries apart (SR computeFilterData); Babylon 32 systems, the
        // 33rd aliasing the first (BAB:285-299).
        Json filters = Json::array();
        for (int i = 0; i < 33; ++i)
            filters.push_back({{"collisionSystems", {"s" + std::to_string(i)}}});
        const Json many =
            khrDocument(Json::array({box()}), Json::array({khrBody(0)}), {{"collisionFilters", filters}});
        const std::string at = "/extensions/KHR_physics_rigid_bodies/collisionFilters";
        QCOMPARE(on(check(many, "khronos-sample-viewer"), Feature::FilterCount),
                 (std::set<std::string>{"differs@" + at}));
        QCOMPARE(on(check(many, "babylon-havok"), Feature::SystemCount),
                 (std::set<std::string>{"differs@" + at}));
        filters.erase(filters.begin(), filters.begin() + 2); // 31 filters, 31 systems
        const Json fewer =
            khrDocument(Json::array({box()}), Json::array({khrBody(0)}), {{"collisionFilters", filters}});
        QVERIFY(on(check(fewer, "khronos-sample-viewer"), Feature::FilterCount).empty());
        QVERIFY(on(check(fewer, "babylon-havok"), Feature::SystemCount).empty());
    }

    void jointAndHierarchy()
    {
        // A joint with no body above it crashes Babylon (BAB:582-589).
        const Json joint = khrDocument(Json::array({box()}),
                                       Json::array({{{"joint", {{"connectedNode", 0}, {"joint", 0}}}}}),
                                       {{"physicsJoints", Json::array({{{"limits", Json::array()}}})}});
        QCOMPARE(on(check(joint, "babylon-havok"), Feature::JointWithoutBody),
                 (std::set<std::string>{"won't load@/nodes/0/extensions/KHR_physics_rigid_bodies/joint"}));
        // Godot checks only the direct parent (G47 doc_ext.cpp:337-346); Unity maps nodes by depth-first
        // order (UNI Core/OMIHierarchyUtility.cs:34-55). Node 0 (body) -> node 2 (group) -> node 1
        // (collider).
        Json nested =
            omiDocument(Json::array({box()}),
                        Json::array({{{"motion", {{"type", "dynamic"}}}}, {{"collider", {{"shape", 0}}}}}));
        nested["nodes"].push_back({{"children", {1}}});
        nested["nodes"][0]["children"] = {2};
        nested["scenes"][0]["nodes"] = {0};
        QCOMPARE(on(check(nested, "godot-4.x"), Feature::ColliderNotChildOfBody),
                 (std::set<std::string>{"differs@/nodes/1/extensions/OMI_physics_body/collider"}));
        QCOMPARE(on(check(nested, "unity-omi"), Feature::NodeOrder),
                 (std::set<std::string>{"won't load@/nodes/2"}));
    }

    void motionFields()
    {
        // The Sample Renderer: no mass -> 1 kg/m^3, no centerOfMass -> origin (SR calculateMassAndInertia);
        // Babylon multiplies inertia by mass (BAB:443-455) and velocities by world scale (BAB:426-438).
        const Json root = khrDocument(
            Json::array({box()}),
            Json::array({{{"motion", {{"inertiaDiagonal", {1, 1, 1}}, {"linearVelocity", {0, 1, 0}}}},
                          {"collider", {{"geometry", {{"shape", 0}}}}}}}));
        const std::string at = "/nodes/0/extensions/KHR_physics_rigid_bodies/motion";
        const auto viewer = check(root, "khronos-sample-viewer");
        QCOMPARE(on(viewer, Feature::MassAbsent), (std::set<std::string>{"differs@" + at}));
        QCOMPARE(on(viewer, Feature::CenterOfMassAbsent), (std::set<std::string>{"differs@" + at}));
        QCOMPARE(on(viewer, Feature::InertiaWithoutMass),
                 (std::set<std::string>{"differs@" + at + "/inertiaDiagonal"}));
        const auto babylon = check(root, "babylon-havok");
        QCOMPARE(on(babylon, Feature::InertiaDiagonal),
                 (std::set<std::string>{"differs@" + at + "/inertiaDiagonal"}));
        QCOMPARE(on(babylon, Feature::InitialVelocity), (std::set<std::string>{"differs@" + at}));
        QCOMPARE(summaryText(babylon),
                 std::string("loads with ") + std::to_string(babylon.size()) + " differences");
    }
};

QTEST_GUILESS_MAIN(TestTargetRules)
#include "TestTargetRules.moc"
