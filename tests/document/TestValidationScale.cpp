// A 10,000-body scene: one edit followed by a full revalidation must find exactly what the edit broke. The
// time it takes is printed (qInfo), never asserted: timings are no pass/fail criterion.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/FieldCommands.h"
#include "document/NodeCommands.h"
#include "physics/DiagnosticCodes.h"
#include "physics/ResolvedScene.h"

#include <QElapsedTimer>
#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

constexpr size_t kBodies = 10000;
constexpr size_t kShapes = 10;

// Bodies in a grid, each a dynamic box or sphere with a material and a filter.
std::string manyBodies()
{
    gltf::Json root = gltf::Json::object();
    root["asset"] = {{"version", "2.0"}};
    root["extensionsUsed"] = {"OMI_physics_body", "OMI_physics_shape"};
    gltf::Json shapes = gltf::Json::array();
    for (size_t i = 0; i < kShapes; ++i) {
        if (i % 2 == 0)
            shapes.push_back({{"type", "box"}, {"box", {{"size", {0.5 + 0.1 * i, 1.0, 1.0}}}}});
        else
            shapes.push_back({{"type", "sphere"}, {"sphere", {{"radius", 0.25 + 0.05 * i}}}});
    }
    root["extensions"]["OMI_physics_shape"]["shapes"] = shapes;
    root["extensions"]["OMI_physics_body"]["physicsMaterials"] =
        gltf::Json::array({{{"staticFriction", 0.5}}});
    root["extensions"]["OMI_physics_body"]["collisionFilters"] =
        gltf::Json::array({{{"collisionSystems", {"debris"}}}});
    gltf::Json nodes = gltf::Json::array();
    gltf::Json sceneNodes = gltf::Json::array();
    for (size_t i = 0; i < kBodies; ++i) {
        gltf::Json body = {
            {"motion", {{"type", "dynamic"}, {"mass", 1.0 + double(i % 7)}}},
            {"collider", {{"shape", i % kShapes}, {"physicsMaterial", 0}, {"collisionFilter", 0}}}};
        nodes.push_back({{"name", "Body " + std::to_string(i)},
                         {"translation", {double(i % 100) * 2.0, 0.0, double(i / 100) * 2.0}},
                         {"extensions", {{"OMI_physics_body", body}}}});
        sceneNodes.push_back(i);
    }
    root["nodes"] = nodes;
    root["scenes"] = gltf::Json::array({{{"nodes", sceneNodes}}});
    root["scene"] = 0;
    return root.dump();
}

} // namespace

class TestValidationScale : public QObject
{
    Q_OBJECT

private slots:
    void editAndRevalidateTenThousandBodies()
    {
        auto d = documentFromJson(manyBodies());
        QCOMPARE(d->model().nodes.size(), kBodies);
        QElapsedTimer timer;

        timer.start();
        d->validateNow();
        const qint64 first = timer.nsecsElapsed();
        QVERIFY2(d->diagnostics().empty(), describe(d->diagnostics()).c_str());

        // A physics edit: only the model changed, the cached scene graph is reused.
        timer.restart();
        d->push(new SetMotionMass(d.get(), 5000, -3.0));
        d->validateNow();
        const qint64 physicsEdit = timer.nsecsElapsed();
        QCOMPARE(d->diagnostics().size(), size_t(1));
        QCOMPARE(d->diagnostics()[0].code, std::string(physics::code::MassNegative));
        QCOMPARE(d->diagnostics()[0].pointer,
                 std::string("/nodes/5000/extensions/OMI_physics_body/motion/mass"));

        // A node edit: the scene graph is rebuilt too.
        timer.restart();
        d->push(new SetNodeScale(d.get(), 7, Vec3{1, 2, 1}));
        d->validateNow();
        const qint64 nodeEdit = timer.nsecsElapsed();
        QCOMPARE(d->diagnostics().size(), size_t(2));
        QVERIFY(findDiagnostic(d->diagnostics(), physics::code::ShapeNodeNonUniformScale));

        // Where the time goes, for whoever makes the validator incremental.
        timer.restart();
        const auto graph = gltf::SceneGraph::build(d->gltf());
        const qint64 graphBuild = timer.nsecsElapsed();
        timer.restart();
        const physics::ResolvedScene scene = physics::resolveScene(d->model(), *graph);
        const qint64 resolve = timer.nsecsElapsed();
        QCOMPARE(scene.bodies.size(), kBodies);
        qInfo("10000 bodies: scene graph build %.1f ms, resolveScene %.1f ms", graphBuild / 1e6,
              resolve / 1e6);

        qInfo("10000 bodies: first validation %.1f ms; mass edit + revalidate %.1f ms; "
              "scale edit + scene graph + revalidate %.1f ms",
              first / 1e6, physicsEdit / 1e6, nodeEdit / 1e6);
    }
};

QTEST_GUILESS_MAIN(TestValidationScale)
#include "TestValidationScale.moc"
