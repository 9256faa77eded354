// Writing the newest OMI form: unchanged newest files come back byte-identical JSON, edits omit defaults and
// never write -1, unknown keys survive, legacy extensions go, extensionsUsed follows what is used, meshes
// stay.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <QTest>
#include <algorithm>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

gltf::Json written(const Loaded& l)
{
    gltf::GltfDocument copy = l.doc;
    writeOmi(l.model, copy);
    return copy.json();
}

bool containsValue(const gltf::Json& j, const gltf::Json& value)
{
    if (j == value)
        return true;
    if (j.is_structured()) {
        for (const auto& child : j) {
            if (containsValue(child, value))
                return true;
        }
    }
    return false;
}

bool listed(const gltf::Json& root, const char* key, const char* name)
{
    if (!root.contains(key))
        return false;
    for (const auto& n : root[key]) {
        if (n == name)
            return true;
    }
    return false;
}

} // namespace

class TestOmiWriter : public QObject
{
    Q_OBJECT

private slots:
    void unchangedNewestFilesRoundTripExactly()
    {
        int exact = 0;
        for (const auto& path : filesBelow(dataPath("spec/omi"), {".gltf"})) {
            const std::string rel = std::filesystem::relative(path, dataPath("")).string();
            auto l = resolve(loadData(rel));
            if (l.model.hadLegacy)
                continue;
            const gltf::Json out = written(l);
            QVERIFY2(out.dump(2) == l.doc.json().dump(2), rel.c_str());
            ++exact;
        }
        // Most of the HEAD examples are already newest; the rest carry documented legacy data.
        QVERIFY2(exact >= 18, std::to_string(exact).c_str());
    }

    void editsOmitDefaultsAndNeverWriteMinusOne()
    {
        auto l = resolve(docFromJson(R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,2,3]}}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":5,"gravityFactor":2},
                      "collider":{"shape":0,"physicsMaterial":0}}}}],
            "extras":{"keep":true}})"));
        Motion& m = *l.model.nodeRef(0).motion;
        m.mass.reset();                                    // absent again (OMI reads 1 kg): the key goes
        m.linearVelocity = {0, 0, 4};                      // new non-default value: appended
        l.model.nodeRef(0).collider->physicsMaterial = -1; // none: the key goes, never -1
        const gltf::Json out = written(l);
        const gltf::Json& motion = out["nodes"][0]["extensions"]["OMI_physics_body"]["motion"];
        QVERIFY(!motion.contains("mass"));
        QCOMPARE_JSON(motion["gravityFactor"], 2);
        QCOMPARE_JSON(motion["linearVelocity"], gltf::Json::array({0.0, 0.0, 4.0}));
        QCOMPARE(motion.begin().key(), std::string("type")); // key order kept
        const gltf::Json& collider = out["nodes"][0]["extensions"]["OMI_physics_body"]["collider"];
        QVERIFY(!collider.contains("physicsMaterial"));
        QVERIFY(!containsValue(out["nodes"], -1));
        QCOMPARE_JSON(out["extras"]["keep"], true);
    }

    void unknownKeysSurviveEditsAndUpgrades()
    {
        auto l = resolve(docFromJson(R"({"extensions":{"OMI_physics_shape":{"extras":{"doc":1},"shapes":[
              {"type":"capsule","name":"Cap","extras":{"s":1},"capsule":{"height":2,"radius":0.5,"extras":{"p":1}}}]},
            "OMI_physics_body":{"physicsMaterials":[{"name":"Ice","staticFriction":0.05,"extras":{"m":1}}],
                                "collisionFilters":[{"collisionSystems":["a"],"extensions":{"X_f":{}}}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"extras":{"n":1},"motion":{"type":"kinematic","extras":{"mo":1}},
                      "collider":{"shape":0,"extras":{"c":1}}}}},
                     {"extensions":{"OMI_physics_body":{"type":"rigid","extras":{"legacy":1}}}}]})"));
        l.model.nodeRef(0).motion->mass = 7; // an edit
        const gltf::Json out = written(l);
        const auto& shape = out["extensions"]["OMI_physics_shape"]["shapes"][0];
        QCOMPARE_JSON(out["extensions"]["OMI_physics_shape"]["extras"]["doc"], 1);
        QCOMPARE_JSON(shape["name"], "Cap");
        QCOMPARE_JSON(shape["extras"]["s"], 1);
        QCOMPARE_JSON(shape["capsule"]["extras"]["p"], 1);
        // Legacy {height 2 (full), radius 0.5} is mid-height 1, radii 0.5: all E7 defaults, so all left out.
        QCOMPARE_JSON(shape["capsule"], gltf::Json::parse(R"({"extras":{"p":1}})"));
        const auto& mat = out["extensions"]["OMI_physics_body"]["physicsMaterials"][0];
        QCOMPARE_JSON(mat["name"], "Ice");
        QCOMPARE_JSON(mat["extras"]["m"], 1);
        QVERIFY(out["extensions"]["OMI_physics_body"]["collisionFilters"][0]["extensions"].contains("X_f"));
        const auto& body0 = out["nodes"][0]["extensions"]["OMI_physics_body"];
        QCOMPARE_JSON(body0["extras"]["n"], 1);
        QCOMPARE_JSON(body0["motion"]["extras"]["mo"], 1);
        QCOMPARE_JSON(body0["motion"]["mass"], 7.0);
        QCOMPARE_JSON(body0["collider"]["extras"]["c"], 1);
        const auto& body1 = out["nodes"][1]["extensions"]["OMI_physics_body"];
        QCOMPARE_JSON(body1["extras"]["legacy"], 1);
        QVERIFY(!body1.contains("type"));
        QCOMPARE_JSON(body1["motion"]["type"], "dynamic");
    }

    void legacyExtensionsRemovedAndListsKeptRight()
    {
        auto l = resolve(
            loadData("spec/legacy/2023-01-05_80c2ae7/extensions/2.0/OMI_physics_body/examples/complex/"
                     "two_boxes.gltf"));
        gltf::GltfDocument doc = l.doc;
        const Diagnostics d = writeOmi(l.model, doc);
        const gltf::Json& out = doc.json();
        QVERIFY(hasCode(d, code::WriteLegacyRemoved));
        QVERIFY(!out["extensions"].contains("OMI_collider"));
        QVERIFY(!listed(out, "extensionsUsed", "OMI_collider"));
        QVERIFY(listed(out, "extensionsUsed", "OMI_physics_shape"));
        QVERIFY(listed(out, "extensionsUsed", "OMI_physics_body"));
        for (const auto& n : out["nodes"]) {
            if (n.contains("extensions")) {
                QVERIFY(!n["extensions"].contains("OMI_collider"));
                QVERIFY(!n["extensions"].contains("OMI_physics_shape"));
            }
        }
        // The trigger body became an explicit compound trigger of its shape node.
        QCOMPARE_JSON(out["nodes"][3]["extensions"]["OMI_physics_body"]["trigger"]["nodes"],
                      gltf::Json::array({4}));
        // Reading the output again: nothing legacy is left.
        auto again = resolve(doc);
        QVERIFY(!again.model.hadLegacy);
        QCOMPARE(canonicalScene(again), canonicalScene(l));
    }

    void extensionsUsedFollowsUse()
    {
        // Physics removed: the names go (and the required list that only held them goes too).
        auto l = resolve(docFromJson(R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape","KHR_x"],
            "extensionsRequired":["OMI_physics_body"],
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}},
            "nodes":[{"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}}]})"));
        PhysicsModel empty;
        gltf::GltfDocument doc = l.doc;
        writeOmi(empty, doc);
        QCOMPARE_JSON(doc.json()["extensionsUsed"], gltf::Json::array({"KHR_x"}));
        QVERIFY(!doc.json().contains("extensionsRequired"));
        QVERIFY(!doc.json()["nodes"][0].contains("extensions"));

        // Physics added to a file without any: both names are added, never as required.
        auto plain = resolve(docFromJson(R"({"nodes":[{"name":"A"}]})"));
        plain.model.shapes.push_back(Shape::defaults(ShapeType::Sphere));
        Collider c;
        c.shape = 0;
        plain.model.nodeRef(0).collider = c;
        gltf::GltfDocument doc2 = plain.doc;
        const Diagnostics d2 = writeOmi(plain.model, doc2);
        QVERIFY(listed(doc2.json(), "extensionsUsed", "OMI_physics_body"));
        QVERIFY(listed(doc2.json(), "extensionsUsed", "OMI_physics_shape"));
        QVERIFY(!doc2.json().contains("extensionsRequired"));
        // A new shape gets its sub-object (the schema requires it) even when every value is a default.
        QCOMPARE_JSON(doc2.json()["extensions"]["OMI_physics_shape"]["shapes"][0],
                      gltf::Json::parse(R"({"type":"sphere","sphere":{}})"));

        // A physics name in extensionsRequired stays as the file had it (the validator reports it and its fix
        // takes it out).
        auto req = resolve(docFromJson(R"({"extensionsUsed":["OMI_physics_shape"],
            "extensionsRequired":["OMI_physics_shape"],
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}}})"));
        gltf::GltfDocument doc3 = req.doc;
        writeOmi(req.model, doc3);
        QCOMPARE_JSON(doc3.json()["extensionsRequired"], gltf::Json::array({"OMI_physics_shape"}));
    }

    void repeatedKeysDoNotComeBack()
    {
        // The loader keeps every copy of a repeated key and lookups see the first. Removing the physics must
        // not let a second "extensions" (or a second OMI_physics_body) take the first one's place, so that
        // writing the result again changes nothing.
        const std::string text = R"({"asset":{"version":"2.0"},
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{}}]}},
            "extensionsUsed":["OMI_physics_shape","OMI_physics_body"],
            "nodes":[{"extensions":{"OMI_physics_body":{"collider":{"shape":0}},
                                    "OMI_physics_body":{"trigger":{"shape":0}}}}],
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"sphere","sphere":{}}]}},
            "extensionsUsed":["OMI_physics_shape"]})";
        gltf::LoadOptions options;
        options.checkStructure = false;
        auto loaded = gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), {}, options);
        QVERIFY(loaded.value.has_value());
        auto l = resolve(std::move(*loaded));
        QCOMPARE(l.model.shapes.size(), size_t(1));
        QCOMPARE(l.model.shapes[0].type, ShapeType::Box);

        gltf::GltfDocument doc = l.doc;
        const Diagnostics d = writeOmi(PhysicsModel{}, doc);
        QCOMPARE(std::count_if(d.begin(), d.end(),
                               [](const Diagnostic& x) { return x.code == code::WriteRepeatedKeyDropped; }),
                 3);
        QCOMPARE_JSON(doc.json(), gltf::Json::parse(R"({"asset":{"version":"2.0"},"nodes":[{}]})"));
        QCOMPARE(doc.json().dump(), std::string(R"({"asset":{"version":"2.0"},"nodes":[{}]})"));

        // With the physics kept, the first copies are what is written, once each.
        gltf::GltfDocument kept = l.doc;
        writeOmi(l.model, kept);
        const std::string dumped = kept.json().dump();
        QCOMPARE(dumped.find("\"extensions\":{\"OMI_physics_shape\""),
                 dumped.rfind("\"extensions\":{\"OMI_physics_shape\""));
        QVERIFY(dumped.find("sphere") == std::string::npos);
        QCOMPARE_JSON(kept.json()["nodes"][0]["extensions"]["OMI_physics_body"],
                      gltf::Json::parse(R"({"collider":{"shape":0}})"));
        gltf::GltfDocument again = kept;
        writeOmi(resolve(kept).model, again);
        QCOMPARE(again.json().dump(), dumped);
    }

    void meshesOnlyShapesUseAreKept()
    {
        auto l = resolve(loadData("spec/omi/OMI_collider_archived/examples/hull/convex_hull_only.gltf"));
        gltf::GltfDocument doc = l.doc;
        writeOmi(l.model, doc);
        QCOMPARE_JSON(doc.json()["meshes"], l.doc.json()["meshes"]);
        QCOMPARE_JSON(doc.json()["extensions"]["OMI_physics_shape"]["shapes"][0],
                      gltf::Json::parse(R"({"type":"convex","convex":{"mesh":0}})"));
        QCOMPARE_JSON(doc.json()["nodes"][0]["extensions"]["OMI_physics_body"]["collider"]["shape"], 0);
    }

    void emptyTriggerIsNotWritten()
    {
        auto l = resolve(docFromJson(R"({"nodes":[{"extensions":{"OMI_physics_body":{"trigger":{}}}}]})"));
        gltf::GltfDocument doc = l.doc;
        QVERIFY(hasCode(writeOmi(l.model, doc), code::WriteDroppedEmptyTrigger));
        QVERIFY(!doc.json()["nodes"][0].contains("extensions"));
    }

    void motionWithoutTypeGetsOne()
    {
        auto l = resolve(loadData("spec/omi/OMI_physics_body/examples/triggers/triggers.gltf"));
        QVERIFY(l.model.hadLegacy);
        const gltf::Json out = written(l);
        QCOMPARE_JSON(out["nodes"][4]["extensions"]["OMI_physics_body"]["motion"],
                      gltf::Json::parse(R"({"mass":1,"type":"dynamic"})"));
        // Everything else of the file is as it was.
        gltf::Json a = out, b = l.doc.json();
        a["nodes"][4].erase("extensions");
        b["nodes"][4].erase("extensions");
        QCOMPARE(a.dump(), b.dump());
    }

    void bodyKeysKeepTheirPlaces()
    {
        // The node's source keeps every key of the body in its place; the values of motion, collider and
        // trigger are the sources of their own objects and are not copied into it a second time.
        const std::string body =
            R"({"extras":{"a":1},"collider":{"shape":0},"name":"Crate","motion":{"type":"dynamic","mass":2},"z":[1,2]})";
        auto l = resolve(docFromJson(R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
            "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,2,3]}}]}},
            "nodes":[{"extensions":{"OMI_physics_body":)" +
                                     body + "}}]}"));
        const NodePhysics& n = *l.model.node(0);
        std::vector<std::string> keys;
        for (auto it = n.source.begin(); it != n.source.end(); ++it)
            keys.push_back(it.key());
        QCOMPARE(keys, (std::vector<std::string>{"extras", "collider", "name", "motion", "z"}));
        QVERIFY(n.source["collider"].is_null());
        QVERIFY(n.source["motion"].is_null());
        QCOMPARE_JSON(n.source["extras"], gltf::Json::parse(R"({"a":1})"));
        QCOMPARE_JSON(n.source["z"], gltf::Json::parse("[1,2]"));
        QCOMPARE_JSON(n.motion->source, gltf::Json::parse(R"({"type":"dynamic","mass":2})"));
        QCOMPARE_JSON(n.collider->source, gltf::Json::parse(R"({"shape":0})"));
        // Written back unchanged: the same text as the body read.
        QCOMPARE(written(l)["nodes"][0]["extensions"]["OMI_physics_body"].dump(),
                 gltf::Json::parse(body).dump());

        // A repeated key stays repeated in the source (the first copy is the one read).
        const std::string text = R"({"asset":{"version":"2.0"},"nodes":[{"extensions":{"OMI_physics_body":
            {"motion":{"type":"static"},"motion":{"type":"kinematic"}}}}]})";
        gltf::LoadOptions options;
        options.checkStructure = false;
        auto loaded = gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), {}, options);
        QVERIFY(loaded.value.has_value());
        const auto repeated = resolve(std::move(*loaded));
        const NodePhysics& r = *repeated.model.node(0);
        QCOMPARE(r.motion->type, MotionType::Static);
        QCOMPARE(r.source.size(), size_t(2));
        for (auto it = r.source.begin(); it != r.source.end(); ++it) {
            QCOMPARE(it.key(), std::string("motion"));
            QVERIFY(it.value().is_null());
        }
    }
};

QTEST_GUILESS_MAIN(TestOmiWriter)
#include "TestOmiWriter.moc"
