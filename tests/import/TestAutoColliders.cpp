// Collider generation on imported meshes, as the add-colliders command makes them (the window's Add Colliders
// action on a headless document): the fitted shapes of cubes whose sizes and centres are known from the
// fixtures' text, placement on the node or on an offset child, motion, node selection, and a clean OMI
// result.
#include "CommandColliders.h"
#include "ImportTestUtil.h"
#include "TestSupport.h"
#include "import/AssetImporter.h"
#include "import/AutoColliders.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>

using namespace cs;
using namespace cs::test;
using import::ColliderStrategy;

namespace {

gltf::GltfDocument importOk(const std::string& fixture)
{
    auto r = import::importAsset(model(fixture));
    if (!r)
        throw std::runtime_error(fixture + ": " + describe(r.diagnostics));
    return std::move(*r.value);
}

document::AutoColliderReport addWith(gltf::GltfDocument& doc, ColliderStrategy strategy)
{
    import::ColliderOptions options;
    options.strategy = strategy;
    return addCollidersAsTheCommand(doc, options);
}

/// The shape as written, read back through the OMI reader (the writer leaves default values out of the JSON).
physics::Shape writtenShape(const gltf::GltfDocument& doc, size_t index)
{
    const auto model = physics::readPhysics(doc);
    if (index >= model->shapes.size())
        throw std::runtime_error("no shape " + std::to_string(index));
    return model->shapes[index];
}

/// The document saved, loaded again, and checked by our physics validator: no error.
void expectValidPhysics(const gltf::GltfDocument& doc)
{
    TempDir dir;
    QVERIFY(!hasErrors(gltf::saveGltf(doc, dir / "out.glb")));
    auto loaded = gltf::loadGltf(dir / "out.glb");
    QVERIFY(loaded);
    const Diagnostics findings = physics::validatePhysics(*loaded);
    QVERIFY2(!hasErrors(findings), describe(findings).c_str());
    if (validatorAvailable()) { // new hull meshes, nodes and extensions are valid glTF too
        const auto reports = runValidator({dir / "out.glb"});
        QVERIFY2(reports.size() == 1 && reports[0].ran, "the glTF-Validator did not run");
        QVERIFY2(reports[0].errors == 0, reports[0].text.c_str());
    }
}

} // namespace

class TestAutoColliders : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!modelsAvailable())
            QFAIL("assimp-testmodels is not installed: scripts/setup.sh installs it (scripts/packages.txt)");
    }

    void boxOnCentredCube()
    {
        // box.obj: the unit cube centred on the origin (all "v" are +-0.5): a 1 m box on the node itself.
        auto doc = importOk("OBJ/box.obj");
        const auto report = addWith(doc, ColliderStrategy::Box);
        QCOMPARE(report.added.size(), size_t(1));
        const auto& a = report.added.front();
        QCOMPARE(a.colliderNode, a.meshNode);
        QCOMPARE(a.type, physics::ShapeType::Box);
        const physics::Shape shape = writtenShape(doc, a.shape);
        QCOMPARE(shape.type, physics::ShapeType::Box);
        for (double extent : shape.size)
            QVERIFY(std::abs(extent - 1.0) < 1e-6);
        const auto& body = doc.json()["nodes"][a.meshNode]["extensions"]["OMI_physics_body"];
        QCOMPARE(body["collider"]["shape"].get<size_t>(), a.shape);
        QCOMPARE(body["motion"]["type"].get<std::string>(), std::string("static"));
        expectValidPhysics(doc);
    }

    void offsetFitGoesOnAChild()
    {
        // cube.ply spans [0, 1]^3: the box is centred at (0.5, 0.5, 0.5), so it sits on a child node there.
        auto doc = importOk("PLY/cube.ply");
        const size_t nodesBefore = doc.count("nodes");
        const auto report = addWith(doc, ColliderStrategy::Box);
        QCOMPARE(report.added.size(), size_t(1));
        const auto& a = report.added.front();
        QCOMPARE(a.colliderNode, nodesBefore);
        const auto& child = doc.json()["nodes"][a.colliderNode];
        QVERIFY(child["translation"] == gltf::Json::parse("[0.5, 0.5, 0.5]"));
        QCOMPARE(doc.json()["nodes"][a.meshNode]["children"].back().get<size_t>(), a.colliderNode);
        QVERIFY(child["extensions"]["OMI_physics_body"].contains("collider"));
        QVERIFY(doc.json()["nodes"][a.meshNode]["extensions"]["OMI_physics_body"].contains("motion"));
        expectValidPhysics(doc);
    }

    void sphereHullTrimeshAndAuto()
    {
        auto sphereDoc = importOk("OBJ/box.obj");
        const auto sphere = addWith(sphereDoc, ColliderStrategy::Sphere);
        QCOMPARE(sphere.added.size(), size_t(1));
        // The smallest sphere around a unit cube has radius sqrt(3)/2.
        QVERIFY(std::abs(writtenShape(sphereDoc, sphere.added[0].shape).radius - std::sqrt(3.0) / 2) < 1e-6);

        auto hullDoc = importOk("OBJ/box.obj");
        const size_t meshesBefore = hullDoc.count("meshes");
        const auto hull = addWith(hullDoc, ColliderStrategy::Hull);
        QCOMPARE(hull.added.size(), size_t(1));
        QCOMPARE(hull.added[0].type, physics::ShapeType::Convex);
        QCOMPARE(hull.added[0].hullPoints, size_t(8)); // a cube's hull is its 8 corners
        QVERIFY(std::abs(hull.added[0].volume - 1.0) < 1e-6);
        QCOMPARE(hullDoc.count("meshes"), meshesBefore + 1); // the hull is a new mesh
        QCOMPARE(writtenShape(hullDoc, hull.added[0].shape).mesh, int(meshesBefore));
        expectValidPhysics(hullDoc);

        auto trimeshDoc = importOk("OBJ/box.obj");
        const auto trimesh = addWith(trimeshDoc, ColliderStrategy::Trimesh);
        QCOMPARE(trimesh.added.size(), size_t(1));
        const size_t mesh = trimeshDoc.json()["nodes"][trimesh.added[0].meshNode]["mesh"].get<size_t>();
        QCOMPARE(writtenShape(trimeshDoc, trimesh.added[0].shape).mesh, int(mesh));

        // auto on a cube: the box's volume equals the hull's (1 m^3), so a box wins over the hull.
        auto autoDoc = importOk("OBJ/box.obj");
        const auto chosen = addWith(autoDoc, ColliderStrategy::Auto);
        QCOMPARE(chosen.added.size(), size_t(1));
        QCOMPARE(chosen.added[0].type, physics::ShapeType::Box);
        QVERIFY(std::abs(chosen.added[0].hullVolume - 1.0) < 1e-6);
    }

    void autoPrefersHullForConcaveShapes()
    {
        // The spider's body parts are far from boxes or spheres: with no tolerance at all, nothing but an
        // exact primitive would do, so every collider is a hull capped at 16 points.
        auto doc = importOk("OBJ/spider.obj");
        import::ColliderOptions options;
        options.autoTolerance = 0;
        options.maxPoints = 16;
        const auto report = addCollidersAsTheCommand(doc, options);
        QVERIFY(report.added.size() >= 10);
        size_t hulls = 0;
        for (const auto& a : report.added) {
            if (a.type == physics::ShapeType::Convex) {
                ++hulls;
                QVERIFY(a.hullPoints <= 16);
            }
        }
        QVERIFY(hulls >= report.added.size() / 2);
        expectValidPhysics(doc);
    }

    void selectionMotionAndExistingColliders()
    {
        // cubes_with_names.fbx has mesh nodes Cube2, Cube3 and two named "Куб1" (one below each).
        auto doc = importOk("FBX/cubes_with_names.fbx");
        import::ColliderOptions options;
        options.strategy = ColliderStrategy::Box;
        options.nodePattern = "Cube*";
        options.body = physics::MotionType::Dynamic;
        const auto report = addCollidersAsTheCommand(doc, options);
        QCOMPARE(report.matched, size_t(2));
        QCOMPARE(report.added.size(), size_t(2));
        for (const auto& a : report.added) {
            QVERIFY(a.name == "Cube2" || a.name == "Cube3");
            QCOMPARE(doc.json()["nodes"][a.meshNode]["extensions"]["OMI_physics_body"]["motion"]["type"]
                         .get<std::string>(),
                     std::string("dynamic"));
        }
        // Now every mesh node: the children join their parents' bodies (no motion of their own), and the two
        // nodes that already have colliders are left alone.
        options.nodePattern = "*";
        const auto second = addCollidersAsTheCommand(doc, options);
        QCOMPARE(second.matched, size_t(4));
        QCOMPARE(second.added.size(), size_t(2));
        QCOMPARE(std::count_if(second.diagnostics.begin(), second.diagnostics.end(),
                               [](const Diagnostic& d) { return d.code == "COLLIDER_EXISTS"; }),
                 2);
        for (const auto& a : second.added) {
            QCOMPARE(a.name, std::string("Куб1"));
            QVERIFY(!doc.json()["nodes"][a.meshNode]["extensions"]["OMI_physics_body"].contains("motion"));
        }
        expectValidPhysics(doc);
    }

    void flatMeshGetsAutosThinBoxUnlessStrict()
    {
        // triangle.stl is one flat triangle: no hull (no volume). hull and decompose give it the thin box
        // auto gives it, with an info naming the substitution; strict keeps the hull's error.
        for (ColliderStrategy strategy : {ColliderStrategy::Hull, ColliderStrategy::Decompose}) {
            auto doc = importOk("STL/triangle.stl");
            const auto report = addWith(doc, strategy);
            QCOMPARE(report.added.size(), size_t(1));
            QCOMPARE(report.added[0].type, physics::ShapeType::Box);
            QVERIFY2(!hasErrors(report.diagnostics), describe(report.diagnostics).c_str());
            const Diagnostic* info = findDiagnostic(report.diagnostics, "COLLIDER_FLAT_MESH_BOX");
            QVERIFY2(info, describe(report.diagnostics).c_str());
            QCOMPARE(info->severity, Severity::Info);
            QCOMPARE(info->pointer, "/nodes/" + std::to_string(report.added[0].meshNode));
            expectValidPhysics(doc);

            auto autoDoc = importOk("STL/triangle.stl");
            const auto fitted = addWith(autoDoc, ColliderStrategy::Auto);
            QCOMPARE(fitted.added.size(), size_t(1));
            const physics::Shape a = writtenShape(autoDoc, fitted.added[0].shape);
            const physics::Shape b = writtenShape(doc, report.added[0].shape);
            QCOMPARE(a.type, physics::ShapeType::Box);
            QVERIFY(a.size == b.size);

            auto strictDoc = importOk("STL/triangle.stl");
            import::ColliderOptions options;
            options.strategy = strategy;
            options.strict = true;
            const auto refused = addCollidersAsTheCommand(strictDoc, options);
            QVERIFY(refused.added.empty());
            QVERIFY(findDiagnostic(refused.diagnostics, strategy == ColliderStrategy::Hull
                                                            ? "HULL_COPLANAR"
                                                            : "DECOMPOSE_DEGENERATE"));
        }
    }

    void flatQuadThinBoxSizes()
    {
        // A 2 x 3 m quad in the plane y = 0.5, centred on (1, 0.5, -2): the box spans the quad, and its
        // thickness is the fit's floor (1e-6 of the largest extent, at least kMinimumColliderSize).
        gltf::TriangleMesh quad;
        quad.positions = {{0, 0.5f, -3.5f}, {2, 0.5f, -3.5f}, {2, 0.5f, -0.5f}, {0, 0.5f, -0.5f}};
        quad.indices = {0, 1, 2, 0, 2, 3};
        for (ColliderStrategy strategy : {ColliderStrategy::Hull, ColliderStrategy::Decompose}) {
            import::ColliderOptions options;
            options.strategy = strategy;
            auto chosen = import::chooseMeshCollider(quad, options);
            QVERIFY2(chosen, describe(chosen.diagnostics).c_str());
            QCOMPARE(chosen->type, physics::ShapeType::Box);
            QVERIFY(chosen->fit && !chosen->hull && chosen->parts.empty());
            // The axis-aligned and the oriented box have the same volume here; either may be the one kept,
            // so the sides are compared sorted.
            const geometry::Vec3d size = chosen->fit->shape.size;
            std::array<double, 3> sides{size.x, size.y, size.z};
            std::sort(sides.begin(), sides.end());
            QVERIFY(std::abs(sides[0] - std::max(3e-6, import::kMinimumColliderSize)) < 1e-12);
            QVERIFY(std::abs(sides[1] - 2) < 1e-6 && std::abs(sides[2] - 3) < 1e-6);
            const geometry::Vec3d centre = chosen->fit->offset;
            QVERIFY(std::abs(centre.x - 1) < 1e-6 && std::abs(centre.y - 0.5) < 1e-6 &&
                    std::abs(centre.z + 2) < 1e-6);
            QCOMPARE(chosen.diagnostics.size(), size_t(1));
            const std::string& message = chosen.diagnostics[0].message;
            QCOMPARE(chosen.diagnostics[0].code, std::string("COLLIDER_FLAT_MESH_BOX"));
            QVERIFY2(message.rfind("the mesh has no volume (it is flat): a thin box of ", 0) == 0,
                     message.c_str());
            QVERIFY2(message.find("3e-06") != std::string::npos, message.c_str());
            const std::string instead =
                strategy == ColliderStrategy::Hull ? " m instead of a hull" : " m instead of a decomposition";
            QVERIFY2(message.size() > instead.size() &&
                         message.compare(message.size() - instead.size(), instead.size(), instead) == 0,
                     message.c_str());
            options.strict = true;
            QVERIFY(!import::chooseMeshCollider(quad, options));
        }
    }

    void chooseMeshColliderPerStrategy()
    {
        // A box 2 x 4 x 6 centred on (1, 2, 3): 8 corners, 12 triangles (the volumes are 48 by construction).
        gltf::TriangleMesh box;
        for (int i = 0; i < 8; ++i)
            box.positions.emplace_back(1 + ((i & 1) ? 1 : -1), 2 + ((i & 2) ? 2 : -2),
                                       3 + ((i & 4) ? 3 : -3));
        box.indices = {0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1,
                       2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3};
        import::ColliderOptions options;

        options.strategy = ColliderStrategy::Auto;
        auto chosen = import::chooseMeshCollider(box, options);
        QVERIFY2(chosen, describe(chosen.diagnostics).c_str());
        QCOMPARE(chosen->type, physics::ShapeType::Box);
        QVERIFY(chosen->fit.has_value() && !chosen->hull.has_value());
        QVERIFY(std::abs(chosen->volume - 48.0) < 1e-6);
        QVERIFY(std::abs(chosen->hullVolume - 48.0) < 1e-6);
        QVERIFY(std::abs(chosen->fit->offset.x - 1) < 1e-9 && std::abs(chosen->fit->offset.z - 3) < 1e-9);

        options.strategy = ColliderStrategy::Hull;
        chosen = import::chooseMeshCollider(box, options);
        QVERIFY(chosen);
        QCOMPARE(chosen->type, physics::ShapeType::Convex);
        QVERIFY(chosen->hull.has_value() && !chosen->fit.has_value());
        QCOMPARE(chosen->hullPoints, size_t(8));
        QVERIFY(!chosen->capped);
        QVERIFY(std::abs(chosen->volume - 48.0) < 1e-6);

        options.strategy = ColliderStrategy::Trimesh;
        chosen = import::chooseMeshCollider(box, options);
        QVERIFY(chosen);
        QCOMPARE(chosen->type, physics::ShapeType::Trimesh);
        QVERIFY(!chosen->fit && !chosen->hull);

        options.strategy = ColliderStrategy::Sphere;
        auto none = import::chooseMeshCollider(gltf::TriangleMesh{}, options);
        QVERIFY(!none);
        QCOMPARE(QString::fromStdString(none.diagnostics.at(0).code),
                 QStringLiteral("COLLIDER_NO_TRIANGLES"));

        std::atomic<bool> cancel{true};
        options.strategy = ColliderStrategy::Auto;
        auto cancelled = import::chooseMeshCollider(box, options, &cancel);
        QVERIFY(!cancelled);
        QVERIFY(findDiagnostic(cancelled.diagnostics, "HULL_CANCELLED"));
    }
};

QTEST_GUILESS_MAIN(TestAutoColliders)
#include "TestAutoColliders.moc"
