#include "DocumentTestUtil.h"

#include "TestSupport.h"
#include "physics/OmiWriter.h"

#include <QTest>
#include <QUndoStack>

namespace cs::test {

std::filesystem::path samplePath()
{
    return dataPath("../../resources/sample/sample.glb");
}

std::unique_ptr<document::Document> openSample()
{
    auto r = document::Document::open(samplePath());
    if (!r)
        qFatal("sample.glb did not open: %s", describe(r.diagnostics).c_str());
    return std::move(*r);
}

std::unique_ptr<document::Document> openData(const std::string& relative)
{
    auto r = document::Document::open(dataPath(relative));
    if (!r)
        qFatal("%s did not open: %s", relative.c_str(), describe(r.diagnostics).c_str());
    return std::move(*r);
}

std::unique_ptr<document::Document> documentFromJson(const std::string& json)
{
    gltf::GltfDocument doc = loadJson(json);
    doc.setSourcePath({}); // made in memory: no file to save over
    return std::make_unique<document::Document>(std::move(doc));
}

std::string savedText(const document::Document& doc)
{
    return doc.savedJson().dump();
}

std::string modelText(const document::Document& doc)
{
    gltf::GltfDocument copy;
    copy.json() = doc.gltf().json();
    physics::writeOmi(doc.model(), copy);
    return copy.json().dump();
}

gltf::Bytes savedGlb(const document::Document& doc)
{
    gltf::GltfDocument copy = doc.gltf();
    copy.json() = doc.savedJson();
    auto bytes = gltf::encodeGlb(copy);
    if (!bytes)
        qFatal("encodeGlb failed: %s", describe(bytes.diagnostics).c_str());
    return *bytes;
}

void checkRedoUndoRedo(document::Document& doc, const std::function<void()>& edit,
                       const std::function<void(const gltf::Json& saved)>& check)
{
    QUndoStack* stack = doc.undoStack();
    const std::string before = savedText(doc);
    const gltf::Bytes beforeBytes = savedGlb(doc);
    const std::string beforeModel = modelText(doc);
    const int index = stack->index();

    edit();
    QCOMPARE(stack->index(), index + 1);
    const gltf::Json edited = doc.savedJson();
    QVERIFY2(edited.dump() != before, "the edit changed nothing in the saved JSON");
    check(edited);
    if (QTest::currentTestFailed())
        return;

    stack->undo();
    CS_COMPARE_TEXT(savedText(doc), before);
    QVERIFY2(savedGlb(doc) == beforeBytes, "undo did not restore the exact .glb bytes");
    CS_COMPARE_TEXT(modelText(doc), beforeModel);

    stack->redo();
    CS_COMPARE_TEXT(savedText(doc), edited.dump());
    check(doc.savedJson());
}

gltf::Json replaced(const gltf::Json& original, const std::vector<Replacement>& replacements)
{
    gltf::Json out = original;
    for (const Replacement& r : replacements) {
        const gltf::Json::json_pointer pointer(r.pointer);
        if (r.json == "<erase>") {
            gltf::Json& parent = out[pointer.parent_pointer()];
            if (parent.is_array())
                parent.erase(std::stoul(pointer.back()));
            else
                parent.erase(pointer.back());
        } else
            out[pointer] = gltf::Json::parse(r.json);
    }
    return out;
}

void checkEdit(document::Document& doc, const std::function<void()>& edit,
               const std::vector<Replacement>& replacements)
{
    const gltf::Json expected = replaced(doc.savedJson(), replacements);
    checkRedoUndoRedo(doc, edit, [&](const gltf::Json& saved) { CS_COMPARE_JSON(saved, expected); });
}

size_t nodeNamed(const document::Document& doc, const std::string& name)
{
    const gltf::Json& nodes = doc.gltf().json()["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].value("name", std::string()) == name)
            return i;
    }
    QTest::qFail(("no node named " + name).c_str(), __FILE__, __LINE__);
    return 0;
}

gltf::Json nodeBody(const gltf::Json& saved, size_t node)
{
    const gltf::Json& n = saved["nodes"][node];
    if (!n.contains("extensions") || !n["extensions"].contains("OMI_physics_body"))
        return nullptr;
    return n["extensions"]["OMI_physics_body"];
}

namespace {
gltf::Json listItem(const gltf::Json& saved, const char* ext, const char* list, size_t i)
{
    if (!saved.contains("extensions") || !saved["extensions"].contains(ext) ||
        !saved["extensions"][ext].contains(list) || saved["extensions"][ext][list].size() <= i)
        return nullptr;
    return saved["extensions"][ext][list][i];
}
} // namespace

gltf::Json savedShape(const gltf::Json& saved, size_t i)
{
    return listItem(saved, "OMI_physics_shape", "shapes", i);
}
gltf::Json savedMaterial(const gltf::Json& saved, size_t i)
{
    return listItem(saved, "OMI_physics_body", "physicsMaterials", i);
}
gltf::Json savedFilter(const gltf::Json& saved, size_t i)
{
    return listItem(saved, "OMI_physics_body", "collisionFilters", i);
}

std::string firstDifference(const std::string& a, const std::string& b)
{
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    const size_t from = i > 80 ? i - 80 : 0;
    return "texts differ at " + std::to_string(i) + " (sizes " + std::to_string(a.size()) + " and " +
           std::to_string(b.size()) + "):\n  got      ..." + a.substr(from, 160) + "\n  expected ..." +
           b.substr(from, 160);
}

} // namespace cs::test
