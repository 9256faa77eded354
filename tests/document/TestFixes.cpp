// One-click fixes (document/Fixes.h): each fix is offered for its diagnostic, is one undo step that undo
// reverses to the exact bytes, and makes its diagnostic go away when the document is validated again.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/Fixes.h"
#include "document/ModelCommands.h"
#include "document/ShapeConversion.h"
#include "geometry/MeshWriter.h"
#include "physics/DiagnosticCodes.h"
#include "physics/Validator.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

// A UV sphere of radius 1 with rings x segments quads (rings - 1) * segments + 2 distinct points.
gltf::TriangleMesh uvSphere(int rings, int segments)
{
    gltf::TriangleMesh m;
    m.positions.push_back({0, 1, 0});
    for (int r = 1; r < rings; ++r) {
        const double phi = M_PI * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double theta = 2 * M_PI * s / segments;
            m.positions.push_back(QVector3D(float(std::sin(phi) * std::cos(theta)), float(std::cos(phi)),
                                            float(std::sin(phi) * std::sin(theta))));
        }
    }
    m.positions.push_back({0, -1, 0});
    const auto ring = [&](int r, int s) { return std::uint32_t(1 + (r - 1) * segments + (s % segments)); };
    const std::uint32_t bottom = std::uint32_t(m.positions.size() - 1);
    for (int s = 0; s < segments; ++s) {
        m.indices.insert(m.indices.end(), {0, ring(1, s + 1), ring(1, s)});
        m.indices.insert(m.indices.end(), {bottom, ring(rings - 1, s), ring(rings - 1, s + 1)});
    }
    for (int r = 1; r + 1 < rings; ++r) {
        for (int s = 0; s < segments; ++s) {
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r, s + 1), ring(r + 1, s + 1)});
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r + 1, s + 1), ring(r + 1, s)});
        }
    }
    return m;
}

std::vector<Diagnostic> withCode(const Diagnostics& all, const std::string& code)
{
    std::vector<Diagnostic> out;
    for (const Diagnostic& d : all) {
        if (d.code == code)
            out.push_back(d);
    }
    return out;
}

bool hasCodeFor(Document& doc, const std::string& code, int shape)
{
    doc.validateNow();
    for (const Diagnostic& d : doc.diagnostics()) {
        if (d.code == code && (shape < 0 || shapeOfDiagnostic(doc, d) == shape))
            return true;
    }
    return false;
}

size_t distinctPoints(const gltf::TriangleMesh& m)
{
    std::set<std::tuple<float, float, float>> points;
    for (std::uint32_t i : m.indices)
        points.insert({m.positions[i].x(), m.positions[i].y(), m.positions[i].z()});
    return points.size();
}

const char* kDegenerateShapes = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
  "extensions": {"OMI_physics_shape": {"shapes": [
    {"type": "box", "box": {"size": [0, 1, -2]}},
    {"type": "sphere", "sphere": {"radius": 0}},
    {"type": "sphere", "sphere": {"radius": -1}},
    {"type": "capsule", "capsule": {"height": 0, "radiusTop": 0, "radiusBottom": 0}},
    {"type": "cylinder", "cylinder": {"height": 1, "radiusTop": -0.5, "radiusBottom": 0.5}},
    {"type": "box", "box": {"size": [1, 2, 3]}},
    {"type": "box", "box": {"size": [1e-7, 2, 9e-7]}},
    {"type": "sphere", "sphere": {"radius": 5e-7}},
    {"type": "capsule", "capsule": {"height": 2e-7, "radiusTop": 0, "radiusBottom": 3e-7}}
  ]}},
  "nodes": [
    {"name": "a", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
    {"name": "b", "extensions": {"OMI_physics_body": {"collider": {"shape": 1}}}},
    {"name": "c", "extensions": {"OMI_physics_body": {"collider": {"shape": 2}}}},
    {"name": "d", "extensions": {"OMI_physics_body": {"collider": {"shape": 3}}}},
    {"name": "e", "extensions": {"OMI_physics_body": {"collider": {"shape": 4}}}},
    {"name": "f", "extensions": {"OMI_physics_body": {"collider": {"shape": 5}}}},
    {"name": "g", "extensions": {"OMI_physics_body": {"collider": {"shape": 6}}}},
    {"name": "h", "extensions": {"OMI_physics_body": {"collider": {"shape": 7}}}},
    {"name": "i", "extensions": {"OMI_physics_body": {"collider": {"shape": 8}}}}
  ],
  "scenes": [{"nodes": [0, 1, 2, 3, 4, 5, 6, 7, 8]}],
  "scene": 0
})";

} // namespace

class TestFixes : public QObject
{
    Q_OBJECT

private slots:
    void upgradeLegacyFile()
    {
        auto d = openData("spec/legacy/2023-01-05_80c2ae7/extensions/2.0/OMI_physics_body/examples/complex/"
                          "ball_pit.gltf");
        QVERIFY(d->isLegacy());
        const Diagnostic* legacy = nullptr;
        for (const Diagnostic& diag : d->loadDiagnostics()) {
            if (diag.code.rfind("LEGACY_", 0) == 0) {
                legacy = &diag;
                break;
            }
        }
        QVERIFY2(legacy, describe(d->loadDiagnostics()).c_str());
        const Diagnostic legacyCopy = *legacy;
        const Fix fix = fixFor(*d, legacyCopy);
        QCOMPARE(fix.kind, FixKind::UpgradeLegacy);
        QVERIFY(!fix.label.empty());

        checkRedoUndoRedo(
            *d, [&] { QVERIFY(applyFix(*d, legacyCopy)); },
            [&](const gltf::Json& saved) {
                // The saved file has no legacy form left: reading it reports no LEGACY_ code.
                gltf::GltfDocument copy = d->gltf();
                copy.json() = saved;
                for (const Diagnostic& diag : physics::validatePhysics(copy))
                    QVERIFY2(diag.code.rfind("LEGACY_", 0) != 0, diag.message.c_str());
            });
        if (QTest::currentTestFailed())
            return;
        // Done: the reading diagnostics still describe the file as opened, but no fix is offered any more,
        // and the list for the document as it is now leaves the conversion notes out (other reading notes
        // stay).
        QVERIFY(!fixFor(*d, legacyCopy));
        auto countConversionNotes = [](const Diagnostics& list) {
            return std::count_if(list.begin(), list.end(),
                                 [](const Diagnostic& x) { return x.code.rfind("LEGACY_", 0) == 0; });
        };
        QVERIFY(countConversionNotes(d->loadDiagnostics()) > 0);
        QCOMPARE(countConversionNotes(d->currentLoadDiagnostics()), 0);
        QCOMPARE(d->currentLoadDiagnostics().size(),
                 d->loadDiagnostics().size() - size_t(countConversionNotes(d->loadDiagnostics())));
        const int index = d->undoStack()->index();
        Diagnostics why;
        QVERIFY(!applyFix(*d, legacyCopy, &why));
        QCOMPARE(d->undoStack()->index(), index);
        d->undoStack()->undo();
        QCOMPARE(fixFor(*d, legacyCopy).kind, FixKind::UpgradeLegacy);
        QCOMPARE(d->currentLoadDiagnostics().size(), d->loadDiagnostics().size());
    }

    void noUpgradeForNewestForm()
    {
        auto d = openSample();
        QVERIFY(!d->isLegacy());
        Diagnostic legacy = makeInfo("LEGACY_OMI_COLLIDER", "made up");
        QVERIFY(!fixFor(*d, legacy));
        const int index = d->undoStack()->index();
        QVERIFY(!applyFix(*d, legacy));
        QCOMPARE(d->undoStack()->index(), index);
    }

    void declareAndUnrequireExtensions()
    {
        auto d = documentFromJson(R"({
          "asset": {"version": "2.0"},
          "extensionsUsed": ["KHR_materials_unlit"],
          "extensionsRequired": ["OMI_physics_body"],
          "extensions": {"OMI_physics_shape": {"shapes": [{"type": "sphere", "sphere": {"radius": 0.5}}]}},
          "nodes": [{"name": "a", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
          "scenes": [{"nodes": [0]}]
        })");
        d->validateNow();
        const auto undeclared = withCode(d->diagnostics(), physics::code::ExtensionNotDeclared);
        QCOMPARE(undeclared.size(), size_t(2));
        const Fix declare = fixFor(*d, undeclared[0]);
        QCOMPARE(declare.kind, FixKind::DeclareExtensions);
        checkEdit(*d, [&] { QVERIFY(applyFix(*d, undeclared[0])); },
                  {{"/extensionsUsed", R"(["KHR_materials_unlit","OMI_physics_shape","OMI_physics_body"])"}});
        if (QTest::currentTestFailed())
            return;
        // One fix declares both: the second diagnostic has none left, and validation no longer reports them.
        QVERIFY(!fixFor(*d, undeclared[1]));
        d->validateNow();
        QVERIFY(withCode(d->diagnostics(), physics::code::ExtensionNotDeclared).empty());

        const auto required = withCode(d->diagnostics(), physics::code::ExtensionRequired);
        QCOMPARE(required.size(), size_t(1));
        QCOMPARE(fixFor(*d, required[0]).kind, FixKind::UnrequireExtensions);
        // The list is left empty, so it goes; undo must put it back in its place among the root's keys.
        checkEdit(*d, [&] { QVERIFY(applyFix(*d, required[0])); }, {{"/extensionsRequired", "<erase>"}});
        if (QTest::currentTestFailed())
            return;
        d->validateNow();
        QVERIFY(withCode(d->diagnostics(), physics::code::ExtensionRequired).empty());
        QVERIFY(!d->physicsEdited()); // the lists are glTF JSON, not physics
    }

    void declareCreatesTheList()
    {
        auto d = documentFromJson(R"({
          "asset": {"version": "2.0"},
          "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {}}]}},
          "nodes": [{"extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
          "scenes": [{"nodes": [0]}]
        })");
        d->validateNow();
        const auto undeclared = withCode(d->diagnostics(), physics::code::ExtensionNotDeclared);
        QVERIFY(!undeclared.empty());
        checkEdit(*d, [&] { QVERIFY(applyFix(*d, undeclared[0])); },
                  {{"/extensionsUsed", R"(["OMI_physics_shape","OMI_physics_body"])"}});
        d->validateNow();
        QVERIFY(withCode(d->diagnostics(), physics::code::ExtensionNotDeclared).empty());
    }

    void clampDegenerateSizes()
    {
        auto d = documentFromJson(kDegenerateShapes);
        d->validateNow();
        struct Expected
        {
            int shape;
            std::string pointer;
            std::string json;
        };
        const std::string shapes = "/extensions/OMI_physics_shape/shapes/";
        const std::vector<Expected> expected = {
            {0, shapes + "0/box/size", "[0.001,1,0.001]"},
            {1, shapes + "1/sphere/radius", "0.001"},
            {2, shapes + "2/sphere/radius", "0.001"},
            {3, shapes + "3/capsule", R"({"height":0.001,"radiusTop":0.001,"radiusBottom":0.001})"},
            {4, shapes + "4/cylinder", R"({"height":1,"radiusTop":0.001,"radiusBottom":0.5})"},
            // Positive but below the validator's 1e-6 m: raised like zero ones; the sides above it stay.
            {6, shapes + "6/box/size", "[0.001,2,0.001]"},
            {7, shapes + "7/sphere/radius", "0.001"},
            {8, shapes + "8/capsule", R"({"height":0.001,"radiusTop":0.001,"radiusBottom":0.001})"},
        };
        for (const Expected& e : expected) {
            d->validateNow();
            std::optional<Diagnostic> diag;
            for (const Diagnostic& x : d->diagnostics()) {
                if ((x.code == physics::code::ShapeSizeInvalid || x.code == physics::code::ShapeDegenerate) &&
                    shapeOfDiagnostic(*d, x) == e.shape) {
                    diag = x;
                    break;
                }
            }
            QVERIFY2(diag, ("no size diagnostic for shape " + std::to_string(e.shape)).c_str());
            const Fix fix = fixFor(*d, *diag);
            QCOMPARE(fix.kind, FixKind::ClampShapeSize);
            QCOMPARE(fix.shape, e.shape);
            QCOMPARE(fix.label, std::string("Set to 1 mm"));
            // The threshold the validator applies, as its message states it.
            QVERIFY2(fix.description.find("below 1e-06 m") != std::string::npos, fix.description.c_str());
            const gltf::Json expectedJson = gltf::Json::parse(e.json);
            checkRedoUndoRedo(
                *d, [&] { QVERIFY(applyFix(*d, fix)); },
                [&](const gltf::Json& saved) {
                    const gltf::Json& got = saved[gltf::Json::json_pointer(e.pointer)];
                    QVERIFY2(got == expectedJson, (got.dump() + " != " + e.json).c_str());
                });
            if (QTest::currentTestFailed())
                return;
            QVERIFY(!hasCodeFor(*d, physics::code::ShapeSizeInvalid, e.shape));
            QVERIFY(!hasCodeFor(*d, physics::code::ShapeDegenerate, e.shape));
            QVERIFY(!fixFor(*d, *diag));
        }
        // The healthy box has nothing to fix.
        QVERIFY(!fixFor(*d, makeError(physics::code::ShapeSizeInvalid, "shape 5 (box): made up")));
    }

    void clampIsItsOwnUndoStep()
    {
        // A user edit of the same field just before the fix must not swallow it (SetField merges).
        auto d = openSample();
        int box = -1;
        for (size_t i = 0; i < d->model().shapes.size() && box < 0; ++i) {
            if (d->model().shapes[i].type == physics::ShapeType::Box)
                box = int(i);
        }
        QVERIFY(box >= 0);
        const physics::Vec3 size = d->model().shapes[size_t(box)].size;
        d->push(new SetShapeSize(d.get(), size_t(box), {0, size[1], size[2]}));
        const int index = d->undoStack()->index();
        d->validateNow();
        std::optional<Diagnostic> diag;
        for (const Diagnostic& x : d->diagnostics()) {
            if (x.code == physics::code::ShapeSizeInvalid && shapeOfDiagnostic(*d, x) == box)
                diag = x;
        }
        QVERIFY(diag);
        QVERIFY(applyFix(*d, *diag));
        QCOMPARE(d->undoStack()->index(), index + 1);
        QCOMPARE(d->model().shapes[size_t(box)].size[0], kMinimumShapeSize);
        d->undoStack()->undo();
        QCOMPARE(d->model().shapes[size_t(box)].size[0], 0.0);
        d->undoStack()->undo();
        QVERIFY(d->model().shapes[size_t(box)].size == size);
    }

    void clampShapeMadeInTheEditor()
    {
        // Shapes made in the editor have no JSON pointer: the fix finds them by the message's "shape N".
        auto d = openSample();
        physics::Shape sphere = makeShape(physics::ShapeType::Sphere);
        sphere.radius = 0;
        QVERIFY(addColliderChildNode(*d, 9, sphere));
        const int shape = int(d->model().shapes.size() - 1);
        d->validateNow();
        const auto degenerate = withCode(d->diagnostics(), physics::code::ShapeDegenerate);
        QCOMPARE(degenerate.size(), size_t(1));
        QVERIFY(degenerate[0].pointer.empty());
        QCOMPARE(shapeOfDiagnostic(*d, degenerate[0]), shape);
        QVERIFY(applyFix(*d, degenerate[0]));
        QCOMPARE(d->model().shapes[size_t(shape)].radius, kMinimumShapeSize);
        QVERIFY(!hasCodeFor(*d, physics::code::ShapeDegenerate, -1));
    }

    void regenerateHullAbove255Points()
    {
        gltf::GltfDocument g = loadJson(R"({
          "asset": {"version": "2.0"},
          "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
          "extensions": {"OMI_physics_shape": {"shapes": [{"type": "convex", "convex": {"mesh": 0}}]}},
          "nodes": [{"name": "Ball", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}],
          "scenes": [{"nodes": [0]}]
        })");
        const gltf::TriangleMesh sphere = uvSphere(24, 32); // 738 points
        QCOMPARE(distinctPoints(sphere), size_t(23 * 32 + 2));
        auto added = geometry::addTriangleMesh(g, sphere, "Ball");
        QVERIFY(added);
        QCOMPARE(*added, size_t(0));
        g.json()["nodes"][0]["mesh"] = 0;
        g.setSourcePath({});
        Document d(std::move(g));
        d.validateNow();
        const auto limit = withCode(d.diagnostics(), physics::code::HullPointLimit);
        QCOMPARE(limit.size(), size_t(1));
        const Fix fix = fixFor(d, limit[0]);
        QCOMPARE(fix.kind, FixKind::RegenerateHull);
        QCOMPARE(fix.shape, 0);
        checkRedoUndoRedo(
            d, [&] { QVERIFY(applyFix(d, fix)); },
            [&](const gltf::Json& saved) {
                QCOMPARE(saved["meshes"].size(), size_t(2));
                QCOMPARE(saved["meshes"][1]["name"].get<std::string>(),
                         "Ball Hull " + std::to_string(kHullFixPoints));
                QCOMPARE(saved["extensions"]["OMI_physics_shape"]["shapes"][0]["convex"]["mesh"].get<int>(),
                         1);
            });
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(d.model().shapes[0].mesh, 1);
        auto hull = gltf::meshTriangles(d.gltf(), 1);
        QVERIFY(hull);
        QVERIFY(distinctPoints(*hull) <= size_t(kHullFixPoints));
        QVERIFY(distinctPoints(*hull) >= 200);
        d.validateNow();
        QVERIFY(withCode(d.diagnostics(), physics::code::HullPointLimit).empty());
        QVERIFY(!fixFor(d, limit[0])); // the shape's mesh is within the limit now
    }

    void normaliseInertiaOrientation()
    {
        auto d = documentFromJson(R"({
          "asset": {"version": "2.0"},
          "extensionsUsed": ["OMI_physics_shape", "OMI_physics_body"],
          "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {}}]}},
          "nodes": [{"name": "a", "extensions": {"OMI_physics_body": {
            "motion": {"type": "dynamic", "mass": 2, "inertiaOrientation": [0, 0, 0, 2]},
            "collider": {"shape": 0}}}}],
          "scenes": [{"nodes": [0]}]
        })");
        d->validateNow();
        const auto notUnit = withCode(d->diagnostics(), physics::code::InertiaOrientationNotUnit);
        QCOMPARE(notUnit.size(), size_t(1));
        QCOMPARE(fixFor(*d, notUnit[0]).kind, FixKind::NormalizeInertiaOrientation);
        QCOMPARE(fixFor(*d, notUnit[0]).node, 0);
        checkRedoUndoRedo(
            *d, [&] { QVERIFY(applyFix(*d, notUnit[0])); },
            [&](const gltf::Json& saved) {
                // Identity is the default, which the writer leaves out.
                const gltf::Json motion = nodeBody(saved, 0)["motion"];
                QVERIFY2(!motion.contains("inertiaOrientation") ||
                             motion["inertiaOrientation"] == gltf::Json::parse("[0,0,0,1]"),
                         motion.dump().c_str());
                QVERIFY(d->model().node(0)->motion->inertiaOrientation == (physics::Quat{0, 0, 0, 1}));
            });
        d->validateNow();
        QVERIFY(withCode(d->diagnostics(), physics::code::InertiaOrientationNotUnit).empty());
    }

    void noFixPushesNothing()
    {
        auto d = openSample();
        const std::string before = savedText(*d);
        for (const Diagnostic& diag :
             {makeWarning(physics::code::BodyWithoutShapes, "node 5: made up", "/nodes/5"),
              makeError(physics::code::ShapeSizeInvalid, "shape 999 (box): made up"),
              makeWarning(physics::code::HullPointLimit, "no shape named here"),
              makeError(physics::code::ExtensionNotDeclared, "nothing is undeclared")}) {
            QVERIFY2(!fixFor(*d, diag), diag.code.c_str());
            Diagnostics why;
            QVERIFY(!applyFix(*d, diag, &why));
            QVERIFY(!why.empty());
        }
        QCOMPARE(d->undoStack()->count(), 0);
        CS_COMPARE_TEXT(savedText(*d), before);
    }
};

QTEST_GUILESS_MAIN(TestFixes)
#include "TestFixes.moc"
