#pragma once

// Helpers shared by the document tests: opening documents, the JSON and bytes a save would write, and the
// redo -> undo -> redo check every command gets.

#include "document/Document.h"
#include "gltf/GltfDocument.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cs::test {

std::filesystem::path samplePath();
/// resources/sample/sample.glb as a Document; fails the test run when it does not open.
std::unique_ptr<document::Document> openSample();
/// A file under tests/data as a Document.
std::unique_ptr<document::Document> openData(const std::string& relative);
/// A Document from inline glTF JSON, with no file path.
std::unique_ptr<document::Document> documentFromJson(const std::string& json);

/// The JSON text a save writes now (compact, as in a .glb).
std::string savedText(const document::Document& doc);
/// The document's JSON with the model written into it whether or not a physics edit was made: catches a
/// model that undo did not restore even where a save would not write it.
std::string modelText(const document::Document& doc);
/// The .glb bytes a save writes now.
gltf::Bytes savedGlb(const document::Document& doc);

/// Pushes one edit (`edit` must push exactly one undo step), checks the saved JSON with `check`, undoes it
/// and requires the saved JSON text and .glb bytes to be exactly those before the edit, redoes it and
/// requires the edited JSON again; the model written back must also be what it was before (and `check` to
/// pass again). Use QTest::currentTestFailed() after it.
void checkRedoUndoRedo(document::Document& doc, const std::function<void()>& edit,
                       const std::function<void(const gltf::Json& saved)>& check);

/// A JSON pointer and what is expected there after an edit: a JSON text, or "<erase>" for a key that must be
/// gone.
struct Replacement
{
    std::string pointer;
    std::string json;
};
/// `original` with the replacements made (keys keep their place; new keys go last).
gltf::Json replaced(const gltf::Json& original, const std::vector<Replacement>& replacements);
/// checkRedoUndoRedo where the whole saved JSON must equal the JSON before the edit with `replacements` made:
/// the edit changes exactly those values and nothing else.
void checkEdit(document::Document& doc, const std::function<void()>& edit,
               const std::vector<Replacement>& replacements);

/// The index of the node with this name; fails the test when there is none.
size_t nodeNamed(const document::Document& doc, const std::string& name);

/// The node's OMI_physics_body object in saved JSON (null when absent).
gltf::Json nodeBody(const gltf::Json& saved, size_t node);
/// shapes[i] / physicsMaterials[i] / collisionFilters[i] of saved JSON (null when absent).
gltf::Json savedShape(const gltf::Json& saved, size_t i);
gltf::Json savedMaterial(const gltf::Json& saved, size_t i);
gltf::Json savedFilter(const gltf::Json& saved, size_t i);

/// Where two texts first differ, with some context, for failure messages.
std::string firstDifference(const std::string& a, const std::string& b);

} // namespace cs::test

/// JSON equality including key order, with both values in the failure message.
#define CS_COMPARE_JSON(actual, expected)                                                                    \
    do {                                                                                                     \
        const cs::gltf::Json a_ = (actual);                                                                  \
        const cs::gltf::Json e_ = (expected);                                                                \
        QVERIFY2(a_ == e_, cs::test::firstDifference(a_.dump(), e_.dump()).c_str());                         \
    } while (false)

#define CS_COMPARE_TEXT(actual, expected)                                                                    \
    do {                                                                                                     \
        const std::string a_ = (actual);                                                                     \
        const std::string e_ = (expected);                                                                   \
        QVERIFY2(a_ == e_, cs::test::firstDifference(a_, e_).c_str());                                       \
    } while (false)
