// A KHR body without `centerOfMass` turns about its colliders' centre of mass. KHR_physics_rigid_bodies,
// motion properties: "If not provided, the mass and inertia properties should be calculated by the simulation
// engine. These values are typically derived from the volume of the collision geometry used by the rigid
// body." OMI reads an absent centerOfMass as [0, 0, 0], the node origin. The scene: a body node at the
// origin, no gravity, angular velocity (0, 1, 0) rad/s, and a 1 m box collider on a child node at (1, 0, 0).
#include "KhrScenes.h"
#include "document/Document.h"
#include "document/SaveFamily.h"
#include "physics/DiagnosticCodes.h"
#include "physics/InspectReport.h"
#include "physics/PhysicsWriter.h"
#include "simulation/World.h"
#include "targets/Target.h"
#include "targets/TargetExport.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace cs;
using namespace cs::test;

namespace {

constexpr double kSeconds = 1.0;

/// The KHR scene; `com` is the motion's centerOfMass member ("" leaves it out).
std::string khrScene(const std::string& com)
{
    KhrScene s;
    s.shape(R"({"type":"box","box":{"size":[1,1,1]}})");
    s.node(R"({"children":[1],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1,)"
           R"("angularVelocity":[0,1,0])" +
           com + "}}}}");
    s.node(R"({"translation":[1,0,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":)"
           R"({"geometry":{"shape":0}}}}})");
    return s.json();
}

/// The same scene in OMI (no centerOfMass).
std::string omiScene()
{
    return R"({"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_shape","OMI_physics_body"],)"
           R"("extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]}},)"
           R"("nodes":[{"children":[1],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic",)"
           R"("mass":1,"angularVelocity":[0,1,0]}}}},)"
           R"({"translation":[1,0,0],"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}}]})";
}

/// Where node 0's origin is after kSeconds without gravity, read as `behaviour` reads the file.
Vec3 originAfter(const gltf::GltfDocument& doc, const simulation::BehaviourProfile& behaviour = {})
{
    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    if (!model || !graph)
        qFatal("the scene does not read");
    const auto in = simulation::buildSimulationInput(doc, *model, *graph, behaviour);
    if (!in)
        qFatal("the scene gives no simulation input: %s", describe(in.diagnostics).c_str());
    simulation::Settings settings;
    settings.gravity = {0, 0, 0};
    simulation::World world(*in, settings);
    world.advance(kSeconds);
    for (const simulation::BodyState& s : world.states()) {
        if (s.node == 0)
            return s.pose.position;
    }
    qFatal("no body on node 0");
}

bool near(const Vec3& a, const Vec3& b, double tolerance = 1e-3)
{
    return std::fabs(a[0] - b[0]) <= tolerance && std::fabs(a[1] - b[1]) <= tolerance &&
           std::fabs(a[2] - b[2]) <= tolerance;
}

std::string text(const Vec3& v)
{
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

/// Turning at 1 rad/s about the vertical through (1, 0, 0) for t seconds, a point that started at the origin
/// (1 m from that axis, on the -X side) is at (1 - cos t, 0, sin t): a circle of radius 1 about the centre.
Vec3 aboutTheCollider(double t)
{
    return {1 - std::cos(t), 0, std::sin(t)};
}

/// The document written in `family` the way Save As in that family writes it, read back.
gltf::GltfDocument convertedCopy(const std::string& json, physics::Family family)
{
    TempDir dir;
    const auto source = dir / "source.gltf";
    writeText(source, json);
    auto doc = document::Document::open(source);
    if (!doc)
        qFatal("cannot open the scene");
    const auto path = dir / "copy.gltf";
    const Diagnostics written = document::writeInFamily(**doc, path, family);
    if (hasErrors(written))
        qFatal("%s", describe(written).c_str());
    auto loaded = gltf::loadGltf(path);
    if (!loaded)
        qFatal("the copy does not load");
    return std::move(*loaded);
}

const gltf::Json& motionOf(const gltf::Json& root, const char* extension)
{
    return root["nodes"][0]["extensions"][extension]["motion"];
}

} // namespace

class TestSimulationCenterOfMass : public QObject
{
    Q_OBJECT

private slots:
    void khrAbsentCentreIsTheColliders()
    {
        const Vec3 origin = originAfter(loadJson(khrScene("")));
        QVERIFY2(near(origin, aboutTheCollider(kSeconds)), text(origin).c_str());
        const double radius = std::hypot(origin[0] - 1, origin[2]);
        QVERIFY(std::fabs(radius - 1) < 1e-3);
    }

    void khrGivenOriginTurnsInPlace()
    {
        const Vec3 origin = originAfter(loadJson(khrScene(R"(,"centerOfMass":[0,0,0])")));
        QVERIFY2(near(origin, {0, 0, 0}), text(origin).c_str());
    }

    void omiAbsentCentreIsTheOrigin()
    {
        const Vec3 origin = originAfter(loadJson(omiScene()));
        QVERIFY2(near(origin, {0, 0, 0}), text(origin).c_str());
    }

    void originEnginesTurnInPlace()
    {
        // The Sample Viewer and Godot use the node origin for an absent centerOfMass (ENGINE-TARGETS.md).
        for (const char* name : {"khronos-sample-viewer", "godot-4.x"}) {
            const auto profile = simulation::findBehaviourProfile(name);
            QVERIFY(profile && profile->centerOfMassAtOrigin);
            Vec3 origin = originAfter(loadJson(khrScene("")), *profile);
            // The Sample Renderer's own gravity (9.81, SR initializeSimulation) replaces the test's zero
            // gravity: the body turns in place across the horizontal while it falls.
            if (profile->gravity)
                origin[1] = 0;
            QVERIFY2(near(origin, {0, 0, 0}), (std::string(name) + " " + text(origin)).c_str());
        }
        QVERIFY(!simulation::findBehaviourProfile("babylon-havok")->centerOfMassAtOrigin);
    }

    void noVolumeUsesTheOriginWithANote()
    {
        // An infinite plane: no volume (and the preview leaves a plane on a body out).
        KhrScene s;
        s.shape(R"({"type":"plane","plane":{}})");
        s.node(R"({"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},)"
               R"("collider":{"geometry":{"shape":0}}}}})");
        const auto in = inputOf(s.json());
        QVERIFY(in);
        QCOMPARE(in->bodies[0].centerOfMass, (Vec3{0, 0, 0}));
        QVERIFY2(std::any_of(in.diagnostics.begin(), in.diagnostics.end(),
                             [](const Diagnostic& d) { return d.code == "SIM_CENTER_OF_MASS_DEFAULT"; }),
                 describe(in.diagnostics).c_str());
    }

    void khrToOmiWritesTheComputedCentre()
    {
        const gltf::GltfDocument omi = convertedCopy(khrScene(""), physics::Family::Omi);
        const gltf::Json& com = motionOf(omi.json(), "OMI_physics_body")["centerOfMass"];
        QVERIFY2(com == gltf::Json::parse("[1.0,0.0,0.0]"), com.dump().c_str());
        const Vec3 origin = originAfter(omi);
        QVERIFY2(near(origin, aboutTheCollider(kSeconds)), text(origin).c_str());
    }

    void omiToKhrWritesTheOrigin()
    {
        const gltf::GltfDocument khr = convertedCopy(omiScene(), physics::Family::Khr);
        const gltf::Json& com = motionOf(khr.json(), "KHR_physics_rigid_bodies")["centerOfMass"];
        QVERIFY2(com == gltf::Json::parse("[0.0,0.0,0.0]"), com.dump().c_str());
        const Vec3 origin = originAfter(khr);
        QVERIFY2(near(origin, {0, 0, 0}), text(origin).c_str());
    }

    void khrToOmiListsACentreItCannotCompute()
    {
        // An infinite plane: no volume (and the preview leaves a plane on a body out).
        KhrScene s;
        s.shape(R"({"type":"plane","plane":{}})");
        s.node(R"({"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},)"
               R"("collider":{"geometry":{"shape":0}}}}})");
        const gltf::GltfDocument doc = loadJson(s.json());
        auto model = physics::readPhysics(doc);
        QVERIFY(model);
        const Diagnostics losses = physics::conversionLosses(*model, doc, physics::Family::Omi);
        QVERIFY2(std::any_of(losses.begin(), losses.end(),
                             [](const Diagnostic& d) {
                                 return d.code == physics::code::OmiNotExpressible &&
                                        d.message.find("centre of mass") != std::string::npos;
                             }),
                 describe(losses).c_str());
    }

    void sampleViewerExportWritesTheComputedCentre()
    {
        const targets::Target* viewer = targets::findTarget("khronos-sample-viewer");
        QVERIFY(viewer);
        const auto exported = targets::exportForTarget(loadJson(khrScene("")), *viewer);
        const gltf::Json& com =
            motionOf(exported.document.json(), "KHR_physics_rigid_bodies")["centerOfMass"];
        QVERIFY2(com == gltf::Json::parse("[1.0,0.0,0.0]"), com.dump().c_str());
        QVERIFY2(std::any_of(exported.changes.begin(), exported.changes.end(),
                             [](const Diagnostic& d) {
                                 return d.message.find("centerOfMass written explicitly") !=
                                        std::string::npos;
                             }),
                 describe(exported.changes).c_str());
        // Babylon computes it as the spec says: nothing to write.
        const auto babylon =
            targets::exportForTarget(loadJson(khrScene("")), *targets::findTarget("babylon-havok"));
        QVERIFY(!motionOf(babylon.document.json(), "KHR_physics_rigid_bodies").contains("centerOfMass"));
    }

    void inspectShowsItComputed()
    {
        for (const bool khr : {true, false}) {
            const gltf::GltfDocument doc = loadJson(khr ? khrScene("") : omiScene());
            auto model = physics::readPhysics(doc);
            auto graph = gltf::SceneGraph::build(doc);
            QVERIFY(model && graph);
            const gltf::Json report = physics::inspectReport(doc, *model, *graph, model.diagnostics);
            const gltf::Json& m = report["bodies"][0]["motion"];
            QVERIFY2(m["centerOfMassMeaning"] == gltf::Json(khr ? "computed" : "given"), m.dump().c_str());
            QVERIFY2(m["centerOfMass"] == (khr ? gltf::Json(nullptr) : gltf::Json::parse("[0.0,0.0,0.0]")),
                     m.dump().c_str());
            const bool said = physics::inspectText(doc, *model, *graph).find("centre of mass computed") !=
                              std::string::npos;
            QCOMPARE(said, khr);
        }
    }

    void khrSaveKeepsAnAbsentCentreAbsent()
    {
        for (const std::string& com : {std::string(), std::string(R"(,"centerOfMass":[0,0,0])")}) {
            gltf::GltfDocument doc = loadJson(khrScene(com));
            auto model = physics::readPhysics(doc);
            QVERIFY(model);
            const Diagnostics written = physics::writePhysics(*model, doc, physics::Family::Khr);
            QVERIFY(!hasErrors(written));
            QCOMPARE(motionOf(doc.json(), "KHR_physics_rigid_bodies").contains("centerOfMass"), !com.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestSimulationCenterOfMass)
#include "TestSimulationCenterOfMass.moc"
