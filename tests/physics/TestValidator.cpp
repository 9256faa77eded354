// One row per validator rule: a small file that breaks the rule (the code must appear, with its severity and
// pointer) and the same file with the defect fixed (the code must not appear).
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/Validator.h"

#include <QTest>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

// Wraps shapes and nodes into a file with the right extensionsUsed.
std::string file(const std::string& shapes, const std::string& nodes, const std::string& extra = "")
{
    return R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],"extensions":{"OMI_physics_shape":{"shapes":[)" +
           shapes + "]}" + extra + R"(},"nodes":[)" + nodes + "]}";
}

const std::string kBox = R"({"type":"box","box":{"size":[1,1,1]}})";
const std::string kCollider0 = R"({"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}})";

Diagnostics validate(const std::string& json)
{
    return validatePhysics(docFromJson(json));
}

// Triangle-mesh fixtures: a buffer with 4 points of a tetrahedron, optionally several primitives or a mode.
std::string meshFile(const std::string& shapeType, const std::string& primitives, const std::string& nodes)
{
    // 4 vec3 floats (0,0,0) (1,0,0) (0,1,0) (0,0,1) + 12 uint16 indices (4 triangles), base64.
    return R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
      "extensions":{"OMI_physics_shape":{"shapes":[{"type":")" +
           shapeType + R"(",")" + shapeType +
           R"(":{"mesh":0}}]}},
      "buffers":[{"byteLength":72,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAAAAAAIA/AAABAAIAAAABAAMAAAACAAMAAQACAAMA"}],
      "bufferViews":[{"buffer":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":24}],
      "accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[0,0,0],"max":[1,1,1]},
                   {"bufferView":1,"componentType":5123,"count":12,"type":"SCALAR"}],
      "meshes":[{"primitives":[)" +
           primitives + R"(]}],
      "nodes":[)" +
           nodes + "]}";
}

// The same file with an index accessor of 3 indices: one triangle, three points.
std::string withOneTriangle(std::string json)
{
    const std::string from = R"("count":12)";
    json.replace(json.find(from), from.size(), R"("count":3)");
    return json;
}

// The same file with the fourth point moved to (1,1,0): four points in the plane z = 0.
std::string withFlatPoints(std::string json)
{
    const std::string from = "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAAAAAAIA/";
    json.replace(json.find(from), from.size(),
                 "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAACAPwAAgD8AAAAA");
    return json;
}

const std::string kTriangles = R"({"attributes":{"POSITION":0},"indices":1})";

} // namespace

class TestValidator : public QObject
{
    Q_OBJECT

private slots:
    void rules_data()
    {
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("good");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("pointer");
        auto row = [](const char* name, const std::string& bad, const std::string& good, const char* code,
                      Severity s, const char* pointer) {
            QTest::newRow(name) << QString::fromStdString(bad) << QString::fromStdString(good) << code
                                << int(s) << pointer;
        };
        const auto E = Severity::Error;
        const auto W = Severity::Warning;
        const auto I = Severity::Info;

        row("shape index", file(kBox, R"({"extensions":{"OMI_physics_body":{"collider":{"shape":3}}}})"),
            file(kBox, kCollider0), code::ShapeIndexInvalid, E,
            "/nodes/0/extensions/OMI_physics_body/collider/shape");
        row("material index",
            file(kBox, R"({"extensions":{"OMI_physics_body":{"collider":{"shape":0,"physicsMaterial":1}}}})",
                 R"(,"OMI_physics_body":{"physicsMaterials":[{}]})"),
            file(kBox, R"({"extensions":{"OMI_physics_body":{"collider":{"shape":0,"physicsMaterial":0}}}})",
                 R"(,"OMI_physics_body":{"physicsMaterials":[{}]})"),
            code::MaterialIndexInvalid, E, "/nodes/0/extensions/OMI_physics_body/collider/physicsMaterial");
        row("filter index",
            file(kBox, R"({"extensions":{"OMI_physics_body":{"trigger":{"shape":0,"collisionFilter":0}}}})"),
            file(kBox, R"({"extensions":{"OMI_physics_body":{"trigger":{"shape":0,"collisionFilter":0}}}})",
                 R"(,"OMI_physics_body":{"collisionFilters":[{}]})"),
            code::FilterIndexInvalid, E, "/nodes/0/extensions/OMI_physics_body/trigger/collisionFilter");
        row("mesh index", file(R"({"type":"convex","convex":{"mesh":2}})", kCollider0),
            meshFile("convex", kTriangles, kCollider0), code::MeshIndexInvalid, E,
            "/extensions/OMI_physics_shape/shapes/0/convex/mesh");
        row("trigger nodes index",
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1,9]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            code::TriggerNodeIndexInvalid, E, "/nodes/0/extensions/OMI_physics_body/trigger/nodes/1");
        row("box size", file(R"({"type":"box","box":{"size":[1,0,1]}})", kCollider0), file(kBox, kCollider0),
            code::ShapeSizeInvalid, E, "/extensions/OMI_physics_shape/shapes/0/box/size");
        row("negative radius", file(R"({"type":"sphere","sphere":{"radius":-1}})", kCollider0),
            file(R"({"type":"sphere","sphere":{"radius":1}})", kCollider0), code::ShapeSizeInvalid, E,
            "/extensions/OMI_physics_shape/shapes/0/sphere/radius");
        row("capsule height",
            file(R"({"type":"capsule","capsule":{"height":0,"radiusTop":0.5}})", kCollider0),
            file(R"({"type":"capsule","capsule":{"height":0.1,"radiusTop":0.5}})", kCollider0),
            code::ShapeSizeInvalid, E, "/extensions/OMI_physics_shape/shapes/0/capsule/height");
        row("zero radius", file(R"({"type":"sphere","sphere":{"radius":0}})", kCollider0),
            file(R"({"type":"sphere","sphere":{"radius":0.1}})", kCollider0), code::ShapeDegenerate, E,
            "/extensions/OMI_physics_shape/shapes/0/sphere/radius");
        row("box below 1e-6 m", file(R"({"type":"box","box":{"size":[1e-9,1e-9,1e-9]}})", kCollider0),
            file(R"({"type":"box","box":{"size":[1e-6,1e-6,1e-6]}})", kCollider0), code::ShapeDegenerate, E,
            "/extensions/OMI_physics_shape/shapes/0/box/size");
        row("capsule radii below 1e-6 m",
            file(R"({"type":"capsule","capsule":{"height":1,"radiusTop":5e-7,"radiusBottom":5e-7}})",
                 kCollider0),
            file(R"({"type":"capsule","capsule":{"height":1,"radiusTop":0,"radiusBottom":1e-6}})",
                 kCollider0),
            code::ShapeDegenerate, E, "/extensions/OMI_physics_shape/shapes/0/capsule");
        row("cylinder height below 1e-6 m",
            file(R"({"type":"cylinder","cylinder":{"height":1e-7,"radiusTop":1,"radiusBottom":1}})",
                 kCollider0),
            file(R"({"type":"cylinder","cylinder":{"height":1e-3,"radiusTop":1,"radiusBottom":1}})",
                 kCollider0),
            code::ShapeDegenerate, E, "/extensions/OMI_physics_shape/shapes/0/cylinder/height");
        row("legacy capsule shorter than 2r",
            file(R"({"type":"capsule","capsule":{"height":0.5,"radius":0.5}})", kCollider0),
            file(R"({"type":"capsule","capsule":{"height":1.5,"radius":0.5}})", kCollider0),
            code::LegacyCapsuleTooShort, W, "/extensions/OMI_physics_shape/shapes/0/capsule/height");
        row("array length",
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","angularVelocity":[1,2]},"collider":{"shape":0}}}})"),
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","angularVelocity":[1,2,3]},"collider":{"shape":0}}}})"),
            code::ArrayLength, E, "/nodes/0/extensions/OMI_physics_body/motion/angularVelocity");
        row("inertia orientation not unit",
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","inertiaOrientation":[0,0,0,2]},"collider":{"shape":0}}}})"),
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","inertiaOrientation":[0,0.6,0,0.8]},"collider":{"shape":0}}}})"),
            code::InertiaOrientationNotUnit, W,
            "/nodes/0/extensions/OMI_physics_body/motion/inertiaOrientation");
        row("both filter masks",
            file(
                kBox, kCollider0,
                R"(,"OMI_physics_body":{"collisionFilters":[{"collideWithSystems":["a"],"notCollideWithSystems":["b"]}]})"),
            file(kBox, kCollider0,
                 R"(,"OMI_physics_body":{"collisionFilters":[{"collideWithSystems":["a"]}]})"),
            code::FilterBothMasks, E, "/extensions/OMI_physics_body/collisionFilters/0");
        row("filter on compound trigger",
            file(
                kBox,
                R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1],"collisionFilter":0}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})",
                R"(,"OMI_physics_body":{"collisionFilters":[{}]})"),
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0,"collisionFilter":0}}}})",
                 R"(,"OMI_physics_body":{"collisionFilters":[{}]})"),
            code::CompoundTriggerFilter, E, "/nodes/0/extensions/OMI_physics_body/trigger/collisionFilter");
        row("compound member not descendant",
            file(kBox, R"({"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            code::CompoundTriggerNotDescendant, E, "/nodes/0/extensions/OMI_physics_body/trigger/nodes/0");
        row("compound member without trigger",
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},)" +
                           kCollider0),
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            code::CompoundTriggerMemberNotTrigger, E, "/nodes/0/extensions/OMI_physics_body/trigger/nodes/0");
        row("trigger shape and nodes",
            file(kBox,
                 R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"shape":0,"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            file(kBox, R"({"children":[1],"extensions":{"OMI_physics_body":{"trigger":{"nodes":[1]}}}},
                          {"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            code::TriggerShapeAndNodes, E, "/nodes/0/extensions/OMI_physics_body/trigger");
        row("trimesh on dynamic body",
            meshFile(
                "trimesh", kTriangles,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":0}}}})"),
            meshFile(
                "trimesh", kTriangles,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"kinematic"},"collider":{"shape":0}}}})"),
            code::TrimeshOnDynamic, W, "/nodes/0/extensions/OMI_physics_body/collider/shape");
        row("trimesh trigger",
            meshFile("trimesh", kTriangles, R"({"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            meshFile("convex", kTriangles, R"({"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"),
            code::TrimeshTrigger, W, "/nodes/0/extensions/OMI_physics_body/trigger/shape");
        row("mesh of lines",
            meshFile("convex", R"({"attributes":{"POSITION":0},"indices":1,"mode":1})", kCollider0),
            meshFile("convex", kTriangles, kCollider0), code::MeshNotTriangles, E,
            "/meshes/0/primitives/0/mode");
        row("mesh of several primitives", meshFile("trimesh", kTriangles + "," + kTriangles, kCollider0),
            meshFile("trimesh", kTriangles, kCollider0), code::MeshMultiplePrimitives, W,
            "/meshes/0/primitives");
        row("convex with few points", withOneTriangle(meshFile("convex", kTriangles, kCollider0)),
            meshFile("convex", kTriangles, kCollider0), code::ConvexFlat, E,
            "/extensions/OMI_physics_shape/shapes/0/convex/mesh");
        row("convex with points in one plane", withFlatPoints(meshFile("convex", kTriangles, kCollider0)),
            meshFile("convex", kTriangles, kCollider0), code::ConvexFlat, E,
            "/extensions/OMI_physics_shape/shapes/0/convex/mesh");
        row("non-uniformly scaled shape node",
            file(kBox, R"({"scale":[1,2,1],"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}})"),
            file(kBox, kCollider0), code::ShapeNodeNonUniformScale, W, "/nodes/0");
        row("scaled shape node", file(kBox, R"({"children":[1],"scale":[2,2,2]},)" + kCollider0),
            file(kBox, R"({"children":[1],"translation":[2,2,2]},)" + kCollider0), code::ShapeNodeScaled, I,
            "/nodes/1");
        row("body without shapes",
            file(kBox, R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"}}}},)" + kCollider0),
            file(kBox,
                 R"({"children":[1],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"}}}},)" +
                     kCollider0),
            code::BodyWithoutShapes, W, "/nodes/0/extensions/OMI_physics_body/motion");
        row("nested motion",
            file(
                kBox,
                R"({"children":[1],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":0}}}},
                          {"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":0}}}})"),
            file(
                kBox,
                R"({"children":[1],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},"collider":{"shape":0}}}},)" +
                    kCollider0),
            code::NestedMotion, I, "/nodes/1/extensions/OMI_physics_body/motion");
        row("extensionsUsed missing",
            R"({"extensionsUsed":["OMI_physics_body"],
              "extensions":{"OMI_physics_shape":{"shapes":[)" +
                kBox + R"(]}},"nodes":[)" + kCollider0 + "]}",
            file(kBox, kCollider0), code::ExtensionNotDeclared, E, "/extensionsUsed");
        row("physics extension required",
            R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
              "extensionsRequired":["OMI_physics_shape"],
              "extensions":{"OMI_physics_shape":{"shapes":[)" +
                kBox + R"(]}},"nodes":[)" + kCollider0 + "]}",
            file(kBox, kCollider0), code::ExtensionRequired, W, "/extensionsRequired");
        row("negative mass",
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":-1},"collider":{"shape":0}}}})"),
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":0},"collider":{"shape":0}}}})"),
            code::MassNegative, E, "/nodes/0/extensions/OMI_physics_body/motion/mass");
        row("negative friction",
            file(kBox, kCollider0, R"(,"OMI_physics_body":{"physicsMaterials":[{"restitution":-0.5}]})"),
            file(kBox, kCollider0, R"(,"OMI_physics_body":{"physicsMaterials":[{"restitution":0.5}]})"),
            code::MaterialValueNegative, E, "/extensions/OMI_physics_body/physicsMaterials/0/restitution");
        row("unknown combine mode",
            file(kBox, kCollider0, R"(,"OMI_physics_body":{"physicsMaterials":[{"frictionCombine":"max"}]})"),
            file(kBox, kCollider0,
                 R"(,"OMI_physics_body":{"physicsMaterials":[{"frictionCombine":"maximum"}]})"),
            code::CombineModeUnknown, E, "/extensions/OMI_physics_body/physicsMaterials/0/frictionCombine");
        row("empty trigger", file(kBox, R"({"extensions":{"OMI_physics_body":{"trigger":{}}}})"),
            file(kBox, R"({"extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}})"), code::TriggerEmpty,
            W, "/nodes/0/extensions/OMI_physics_body/trigger");
        row("missing shape sub-object", file(R"({"type":"box"})", kCollider0), file(kBox, kCollider0),
            code::ShapeParamsMissing, W, "/extensions/OMI_physics_shape/shapes/0");
        row("motion without type",
            file(kBox, R"({"extensions":{"OMI_physics_body":{"motion":{"mass":2},"collider":{"shape":0}}}})"),
            file(
                kBox,
                R"({"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2},"collider":{"shape":0}}}})"),
            code::MotionTypeMissing, W, "/nodes/0/extensions/OMI_physics_body/motion");
        row("index -1",
            file(kBox,
                 R"({"extensions":{"OMI_physics_body":{"collider":{"shape":0,"physicsMaterial":-1}}}})"),
            file(kBox, kCollider0), code::IndexSentinel, W,
            "/nodes/0/extensions/OMI_physics_body/collider/physicsMaterial");
    }

    void rules()
    {
        QFETCH(QString, bad);
        QFETCH(QString, good);
        QFETCH(QString, code);
        QFETCH(int, severity);
        QFETCH(QString, pointer);
        const Diagnostics found = validate(bad.toStdString());
        const Diagnostic* d = findDiagnostic(found, code.toStdString());
        QVERIFY2(d, ("not reported; got: " + describe(found)).c_str());
        QCOMPARE(int(d->severity), severity);
        QCOMPARE(QString::fromStdString(d->pointer), pointer);
        QVERIFY(!d->message.empty());
        const Diagnostics clean = validate(good.toStdString());
        QVERIFY2(!findDiagnostic(clean, code.toStdString()), describe(clean).c_str());
    }

    // A non-uniform scale warns for every shape (Godot warns on any such collision shape, ENGINE-TARGETS),
    // and says what it does: a sphere, capsule or cylinder cannot hold it; a box keeps its stretched form.
    void nonUniformScaleSaysWhatItDoes()
    {
        const std::string scaled =
            R"({"scale":[1,2,1],"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}})";
        for (const std::string& shape :
             {std::string(R"({"type":"sphere","sphere":{"radius":0.5}})"),
              std::string(R"({"type":"capsule","capsule":{"radius":0.5,"height":1}})"),
              std::string(R"({"type":"cylinder","cylinder":{"height":1}})"), kBox}) {
            const Diagnostics found = validate(file(shape, scaled));
            const Diagnostic* d = findDiagnostic(found, code::ShapeNodeNonUniformScale);
            QVERIFY2(d, describe(found).c_str());
            const bool round = shape != kBox;
            QVERIFY2((d->message.find("distorts spheres, capsules and cylinders") != std::string::npos) ==
                         round,
                     d->message.c_str());
            QVERIFY2((d->message.find("keeps its stretched form") != std::string::npos) == !round,
                     d->message.c_str());
        }
    }

    // Above 255 distinct hull points: a compatibility warning (Unity, PhysX), built from a generated mesh.
    void hullPointLimit()
    {
        auto doc = docFromJson(R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"convex","convex":{"mesh":0}}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}}]})");
        for (size_t points : {size_t(255), size_t(258)}) {
            gltf::Bytes bytes;
            auto put = [&](float f) {
                const auto* b = reinterpret_cast<const std::uint8_t*>(&f);
                bytes.insert(bytes.end(), b, b + 4);
            };
            for (size_t i = 0; i < points; ++i) {
                put(float(i));
                put(float(i * i % 7));
                put(float(i % 5));
            }
            auto& j = doc.json();
            const std::string n = std::to_string(bytes.size());
            j["buffers"] = gltf::Json::parse(R"([{"byteLength":)" + n + "}]");
            j["bufferViews"] = gltf::Json::parse(R"([{"buffer":0,"byteLength":)" + n + "}]");
            j["accessors"] =
                gltf::Json::parse(R"([{"bufferView":0,"componentType":5126,"type":"VEC3","count":)" +
                                  std::to_string(points) + "}]");
            j["meshes"] = gltf::Json::parse(R"([{"primitives":[{"attributes":{"POSITION":0}}]}])");
            doc.buffers() = {gltf::Buffer{bytes, gltf::ResourceOrigin::DataUri, ""}};
            const Diagnostics d = validatePhysics(doc);
            QVERIFY2(hasCode(d, code::HullPointLimit) == (points > 255), describe(d).c_str());
        }
    }

    void specExamplesHaveNoValidatorErrors()
    {
        for (const auto& f : filesBelow(dataPath("spec/omi"), {".gltf"})) {
            const Diagnostics d =
                validatePhysics(loadData(std::filesystem::relative(f, dataPath("")).string()));
            QVERIFY2(!hasErrors(d), (f.string() + "\n" + describe(d)).c_str());
        }
    }

    void engineScenesHaveNoValidatorErrors()
    {
        // The scenes `make engine-check` runs in both engines (tests/engines/make_engine_scenes.py): each one
        // valid, so that an engine's departure is never a reading of a broken file.
        const auto files = filesBelow(dataPath("engine-scenes"), {".gltf"});
        QVERIFY(files.size() >= 30);
        for (const auto& f : files) {
            const Diagnostics d =
                validatePhysics(loadData(std::filesystem::relative(f, dataPath("")).string()));
            QVERIFY2(!hasErrors(d), (f.string() + "\n" + describe(d)).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestValidator)
#include "TestValidator.moc"
