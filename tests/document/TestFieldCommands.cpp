// Every field edit of a physics object on the sample scene: redo -> undo -> redo, where the saved JSON must
// be the original with exactly the edited value changed (values from the sample's README and the OMI schema:
// defaults are left out, unset references are not written), and undo must give back the exact bytes.
// Then merging of continuous edits and the change events.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/FieldCommands.h"
#include "document/SetFields.h"

#include <QSignalSpy>
#include <QTest>
#include <algorithm>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {
const std::string kShapes = "/extensions/OMI_physics_shape/shapes/";
const std::string kMaterials = "/extensions/OMI_physics_body/physicsMaterials/";
const std::string kFilters = "/extensions/OMI_physics_body/collisionFilters/";
std::string body(int node)
{
    return "/nodes/" + std::to_string(node) + "/extensions/OMI_physics_body";
}
} // namespace

class TestFieldCommands : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;

    // Each edit on a fresh sample: successive edits of one field would merge into one step.
    template <class Command, class Value>
    void check(size_t index, Value value, const std::vector<Replacement>& expected)
    {
        m_doc = openSample();
        Document& d = *m_doc;
        checkEdit(
            d, [&] { d.push(new Command(&d, index, value)); }, expected);
    }

private slots:
    void init() { m_doc = openSample(); }

    void shapeFields()
    {
        check<SetShapeName>(
            0, std::string("Ground"),
            {{kShapes + "0", R"({"name":"Ground","type":"box","box":{"size":[20.0,0.5,20.0]}})"}});
        check<SetShapeSize>(1, Vec3{6, 0.5, 3}, {{kShapes + "1/box/size", "[6.0,0.5,3.0]"}});
        check<SetShapeRadius>(5, 0.45, {{kShapes + "5/sphere", R"({"radius":0.45})"}});
        check<SetShapeHeight>(
            6, 1.2, {{kShapes + "6/capsule", R"({"height":1.2,"radiusBottom":0.4,"radiusTop":0.4})"}});
        check<SetShapeRadiusTop>(12, 0.1, {{kShapes + "12/cylinder/radiusTop", "0.1"}});
        check<SetShapeRadiusBottom>(13, 0.3, {{kShapes + "13/cylinder/radiusBottom", "0.3"}});
        check<SetShapeMesh>(7, 9, {{kShapes + "7/convex", R"({"mesh":9})"}});
    }

    void planeFields()
    {
        // KHR planes: 2 x 4 m double-sided, unbounded, 3 m along X only. A size of 0 leaves the key out; an
        // edited plane is written with doubleSided explicit (the KHR advice: every parameter written); a
        // shape that is not a plane is left alone (nothing to undo).
        const char* planes = R"({"asset":{"version":"2.0"},
          "extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],
          "extensions":{"KHR_implicit_shapes":{"shapes":[
            {"type":"plane","plane":{"sizeX":2,"sizeZ":4,"doubleSided":true}},
            {"type":"plane","plane":{}},
            {"type":"plane","plane":{"sizeX":3}},
            {"type":"sphere","sphere":{"radius":0.5}}]}},
          "scenes":[{"nodes":[0]}],
          "nodes":[{"name":"Ground","extensions":{"KHR_physics_rigid_bodies":{
            "collider":{"geometry":{"shape":1}}}}}]})";
        const std::string kKhrShapes = "/extensions/KHR_implicit_shapes/shapes/";
        const auto edit = [&](auto push, const std::vector<Replacement>& expected) {
            auto doc = documentFromJson(planes);
            checkEdit(
                *doc, [&] { push(*doc); }, expected);
        };
        edit([](Document& d) { d.push(new SetPlaneSizeX(&d, 0, 2.5)); },
             {{kKhrShapes + "0/plane/sizeX", "2.5"}});
        edit([](Document& d) { d.push(new SetPlaneSizeZ(&d, 1, 6.0)); },
             {{kKhrShapes + "1/plane/sizeZ", "6.0"}, {kKhrShapes + "1/plane/doubleSided", "false"}});
        edit([](Document& d) { d.push(new SetPlaneSizeX(&d, 2, 0.0)); },
             {{kKhrShapes + "2/plane/sizeX", "<erase>"}, {kKhrShapes + "2/plane/doubleSided", "false"}});
        edit([](Document& d) { d.push(new SetPlaneDoubleSided(&d, 0, false)); },
             {{kKhrShapes + "0/plane/doubleSided", "false"}});
        edit([](Document& d) { d.push(new SetPlaneDoubleSided(&d, 1, true)); },
             {{kKhrShapes + "1/plane/doubleSided", "true"}});

        auto doc = documentFromJson(planes);
        const std::string original = savedText(*doc);
        doc->push(new SetPlaneSizeX(doc.get(), 3, 5.0));
        doc->push(new SetPlaneDoubleSided(doc.get(), 3, true));
        QCOMPARE(doc->undoStack()->count(), 0); // nothing to undo
        QVERIFY(!doc->model().shapes[3].plane);
        QCOMPARE(doc->model().shapes[3].radius, 0.5);
        CS_COMPARE_TEXT(savedText(*doc), original);
        // Several shapes: the planes take the value, the sphere is left out.
        doc->push(new SetEach<SetPlaneDoubleSided>(doc.get(), {{1, true}, {3, true}}));
        QCOMPARE(doc->undoStack()->count(), 1);
        QVERIFY(doc->model().shapes[1].plane->doubleSided);
        doc->undoStack()->undo();
        QVERIFY(!doc->model().shapes[1].plane->doubleSided);
        doc->undoStack()->clear();
        // Dragging a size is one step.
        for (double size : {2.2, 2.4, 2.6})
            doc->push(new SetPlaneSizeX(doc.get(), 0, size));
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->model().shapes[0].plane->sizeX, std::optional<double>(2.6));
    }

    void shapeValueAtDefaultIsLeftOut()
    {
        // 0.5 is the schema default of a sphere radius: the writer leaves it out.
        check<SetShapeRadius>(5, 0.5, {{kShapes + "5/sphere", "{}"}});
    }

    void shapeNameRemovedWhenEmpty()
    {
        check<SetShapeName>(2, std::string(), {{kShapes + "2/name", "<erase>"}});
    }

    void motionFields()
    {
        check<SetMotionType>(2, physics::MotionType::Kinematic,
                             {{body(2) + "/motion", R"({"type":"kinematic","mass":20.0})"}});
        check<SetMotionMass>(2, 35.0, {{body(2) + "/motion/mass", "35.0"}});
        check<SetCenterOfMass>(14, Vec3{0, 0.5, 0.1}, {{body(14) + "/motion/centerOfMass", "[0.0,0.5,0.1]"}});
        check<SetInertiaDiagonal>(2, Vec3{1, 2, 3}, {{body(2) + "/motion/inertiaDiagonal", "[1.0,2.0,3.0]"}});
        check<SetInertiaOrientation>(2, Quat{0, 0, 0.6, 0.8},
                                     {{body(2) + "/motion/inertiaOrientation", "[0.0,0.0,0.6,0.8]"}});
        check<SetLinearVelocity>(5, Vec3{1, 0, 0}, {{body(5) + "/motion/linearVelocity", "[1.0,0.0,0.0]"}});
        check<SetAngularVelocity>(5, Vec3{0, 1, 0}, {{body(5) + "/motion/angularVelocity", "[0.0,1.0,0.0]"}});
        check<SetGravityFactor>(5, 0.5, {{body(5) + "/motion/gravityFactor", "0.5"}});
        // Back to the default: the key goes.
        check<SetGravityFactor>(5, 1.0, {{body(5) + "/motion/gravityFactor", "<erase>"}});
    }

    void colliderAndTriggerReferences()
    {
        check<SetColliderShape>(2, 3, {{body(2) + "/collider/shape", "3"}});
        check<SetColliderMaterial>(2, 0, {{body(2) + "/collider/physicsMaterial", "0"}});
        // "None" is never written as -1: the key goes.
        check<SetColliderMaterial>(2, -1, {{body(2) + "/collider/physicsMaterial", "<erase>"}});
        check<SetColliderFilter>(0, 1, {{body(0) + "/collider/collisionFilter", "1"}});
        check<SetTriggerShape>(22, 9, {{body(22) + "/trigger/shape", "9"}});
        check<SetTriggerFilter>(22, -1, {{body(22) + "/trigger", R"({"shape":17})"}});
        check<SetTriggerNodes>(11, std::vector<int>{12}, {{body(11) + "/trigger/nodes", "[12]"}});
    }

    void materialFields()
    {
        check<SetMaterialName>(0, std::string("Black Ice"), {{kMaterials + "0/name", R"("Black Ice")"}});
        check<SetStaticFriction>(0, 0.1, {{kMaterials + "0/staticFriction", "0.1"}});
        check<SetDynamicFriction>(1, 0.7, {{kMaterials + "1/dynamicFriction", "0.7"}});
        check<SetRestitution>(2, 0.3, {{kMaterials + "2/restitution", "0.3"}});
        check<SetFrictionCombine>(2, physics::CombineMode::Multiply,
                                  {{kMaterials + "2/frictionCombine", R"("multiply")"}});
        check<SetRestitutionCombine>(1, physics::CombineMode::Minimum,
                                     {{kMaterials + "1/restitutionCombine", R"("minimum")"}});
    }

    void filterFields()
    {
        using Strings = std::vector<std::string>;
        check<SetFilterName>(3, std::string("Sensor"), {{kFilters + "3/name", R"("Sensor")"}});
        check<SetCollisionSystems>(0, Strings{"world", "static"},
                                   {{kFilters + "0/collisionSystems", R"(["world","static"])"}});
        check<SetCollideWithSystems>(3, Strings{"player", "npc"},
                                     {{kFilters + "3/collideWithSystems", R"(["player","npc"])"}});
        check<SetNotCollideWithSystems>(2, Strings{}, {{kFilters + "2/notCollideWithSystems", "<erase>"}});
    }

    void continuousEditsMergeIntoOneStep()
    {
        Document& d = *m_doc;
        const std::string original = savedText(d);
        for (double mass : {21.0, 22.0, 23.0})
            d.push(new SetMotionMass(&d, 2, mass));
        QCOMPARE(d.undoStack()->count(), 1);
        QCOMPARE(d.model().node(2)->motion->mass, 23.0);
        d.undoStack()->undo();
        QCOMPARE(d.model().node(2)->motion->mass, 20.0);
        CS_COMPARE_TEXT(savedText(d), original);
        d.undoStack()->redo();
        QCOMPARE(d.model().node(2)->motion->mass, 23.0);
    }

    // Document::revision() moves with every change of the data, where the undo index may not.
    void revisionCountsEveryChange()
    {
        Document& d = *m_doc;
        std::vector<std::uint64_t> seen{d.revision()};
        auto changedSince = [&] {
            const bool moved = std::find(seen.begin(), seen.end(), d.revision()) == seen.end();
            seen.push_back(d.revision());
            return moved;
        };
        d.push(new SetMotionMass(&d, 2, 21.0));
        QVERIFY(changedSince());
        const int index = d.undoStack()->index();
        d.push(new SetMotionMass(&d, 2, 22.0)); // merged: the index stays
        QCOMPARE(d.undoStack()->index(), index);
        QVERIFY(changedSince());
        d.undoStack()->undo();
        QVERIFY(changedSince());
        d.push(new SetGravityFactor(&d, 2, 3.0)); // undo then a new edit: the index is back where it was
        QCOMPARE(d.undoStack()->index(), index);
        QVERIFY(changedSince());
        d.undoStack()->undo();
        QVERIFY(changedSince());
        d.undoStack()->redo();
        QVERIFY(changedSince());
        // Selecting changes no data.
        const std::uint64_t before = d.revision();
        d.setSelectedNodes({2});
        d.setSelectedMaterial(0);
        QCOMPARE(d.revision(), before);
        // An edit that changes nothing is not pushed and changes nothing.
        d.push(new SetMotionMass(&d, 2, 20.0)); // already 20
        QCOMPARE(d.revision(), before);
    }

    void mergeBackToStartIsDropped()
    {
        Document& d = *m_doc;
        const std::string original = savedText(d);
        d.push(new SetShapeSize(&d, 0, Vec3{10, 0.5, 20}));
        d.push(new SetShapeSize(&d, 0, Vec3{20, 0.5, 20}));
        QCOMPARE(d.undoStack()->count(), 0);
        QVERIFY(!d.isModified());
        CS_COMPARE_TEXT(savedText(d), original);
    }

    void onlySameFieldAndObjectMerge()
    {
        Document& d = *m_doc;
        d.push(new SetMotionMass(&d, 2, 30.0));
        d.push(new SetMotionMass(&d, 3, 30.0));   // another body
        d.push(new SetGravityFactor(&d, 3, 2.0)); // another field
        d.push(new SetMotionType(&d, 3, physics::MotionType::Kinematic));
        d.push(new SetMotionType(&d, 3, physics::MotionType::Static)); // discrete choices never merge
        QCOMPARE(d.undoStack()->count(), 5);
    }

    void noMergeIntoTheSavedState()
    {
        Document& d = *m_doc;
        d.push(new SetMotionMass(&d, 2, 30.0));
        d.undoStack()->setClean();
        d.push(new SetMotionMass(&d, 2, 31.0));
        QCOMPARE(d.undoStack()->count(), 2);
    }

    void noOpAndMissingObjectsPushNothing()
    {
        Document& d = *m_doc;
        d.push(new SetMotionMass(&d, 2, 20.0));  // already 20
        d.push(new SetMotionMass(&d, 0, 5.0));   // the floor has no motion
        d.push(new SetShapeRadius(&d, 99, 1.0)); // no such shape
        QCOMPARE(d.undoStack()->count(), 0);
        QVERIFY(!d.physicsEdited());
    }

    void changeEventsNameObjectAndProperty()
    {
        Document& d = *m_doc;
        QSignalSpy spy(&d, &Document::changed);
        d.push(new SetMotionMass(&d, 5, 1.5));
        QCOMPARE(spy.count(), 1);
        auto e = spy.takeFirst().at(0).value<ChangeEvent>();
        QCOMPARE(int(e.kind), int(ChangeEvent::Kind::Body));
        QCOMPARE(e.index, 5);
        QCOMPARE(e.properties, std::uint32_t(ChangeEvent::Mass));
        d.undoStack()->undo();
        QCOMPARE(spy.count(), 1);
        e = spy.takeFirst().at(0).value<ChangeEvent>();
        QCOMPARE(e, (ChangeEvent{ChangeEvent::Kind::Body, 5, ChangeEvent::Mass}));

        d.push(new SetFrictionCombine(&d, 1, physics::CombineMode::Average));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.takeFirst().at(0).value<ChangeEvent>(),
                 (ChangeEvent{ChangeEvent::Kind::Material, 1, ChangeEvent::CombineModes}));
    }

    void modifiedFollowsTheCleanIndex()
    {
        Document& d = *m_doc;
        QSignalSpy spy(&d, &Document::modifiedChanged);
        QVERIFY(!d.isModified());
        d.push(new SetRestitution(&d, 0, 0.5));
        QVERIFY(d.isModified());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toBool(), true);
        d.undoStack()->undo();
        QVERIFY(!d.isModified());
        QCOMPARE(spy.count(), 2);
    }

    void validationFollowsEdits()
    {
        Document& d = *m_doc;
        QVERIFY2(!hasErrors(d.diagnostics()), describe(d.diagnostics()).c_str());
        QSignalSpy spy(&d, &Document::validated);
        d.push(new SetMotionMass(&d, 2, -1.0));
        const Diagnostic* mass = findDiagnostic(d.diagnostics(), "MASS_NEGATIVE");
        QVERIFY(mass);
        QCOMPARE(mass->pointer, std::string("/nodes/2/extensions/OMI_physics_body/motion/mass"));
        // The scheduled validation runs once on the event loop, not once per edit.
        d.push(new SetMotionMass(&d, 3, -2.0));
        QTRY_COMPARE(spy.count(), 2);
        QVERIFY(findDiagnostic(spy.last().at(0).value<Diagnostics>(), "MASS_NEGATIVE"));
        d.undoStack()->undo();
        d.undoStack()->undo();
        QVERIFY(!findDiagnostic(d.diagnostics(), "MASS_NEGATIVE"));
    }
};

QTEST_GUILESS_MAIN(TestFieldCommands)
#include "TestFieldCommands.moc"
