// Saving: .glb round trips byte for byte, resources are embedded, .gltf keeps its files, failures leave the
// old file intact.
#include "TestSupport.h"
#include "gltf/Accessors.h"
#include "gltf/Glb.h"
#include "gltf/GltfDocument.h"
#include "gltf/Uri.h"

#include <QTest>

using namespace cs;
using namespace cs::gltf;
using cs::test::appendFloats;
using cs::test::appendValues;

namespace {

const Bytes kPng = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3};

/// A .gltf with an external buffer (positions) and an external image, written into `dir`.
std::filesystem::path writeExternalAsset(const std::filesystem::path& dir, Bytes& buffer)
{
    buffer.clear();
    appendFloats(buffer, {0, 0, 0, 1, 0, 0, 0, 1, 0});
    test::writeBytes(dir / "geo.bin", buffer);
    test::writeBytes(dir / "textures" / "wood.png", kPng);
    test::writeText(dir / "scene.gltf", R"({
  "asset": {"version": "2.0", "generator": "test"},
  "zExtra": {"kept": [3, 2, 1]},
  "buffers": [{"byteLength": 36, "uri": "geo.bin", "name": "geometry"}],
  "bufferViews": [{"buffer": 0, "byteLength": 36, "target": 34962}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                 "min": [0, 0, 0], "max": [1, 1, 0]}],
  "images": [{"uri": "textures/wood.png", "name": "wood"}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
  "nodes": [{"mesh": 0}],
  "scenes": [{"nodes": [0]}],
  "scene": 0
})");
    return dir / "scene.gltf";
}

GltfDocument loadOk(const std::filesystem::path& path)
{
    auto r = loadGltf(path);
    if (!r || hasErrors(r.diagnostics))
        throw std::runtime_error("load failed: " + test::describe(r.diagnostics));
    return std::move(*r.value);
}

std::vector<std::string> keys(const Json& object)
{
    std::vector<std::string> out;
    for (auto it = object.begin(); it != object.end(); ++it)
        out.push_back(it.key());
    return out;
}

} // namespace

class TestGltfSave : public QObject
{
    Q_OBJECT

private slots:
    void base64KnownVectors()
    {
        // RFC 4648 §10.
        const std::vector<std::pair<std::string, std::string>> vectors = {
            {"", ""},        {"f", "Zg=="},        {"fo", "Zm8="},
            {"foo", "Zm9v"}, {"foob", "Zm9vYg=="}, {"foobar", "Zm9vYmFy"}};
        for (const auto& [plain, encoded] : vectors) {
            QCOMPARE(QString::fromStdString(encodeBase64(Bytes(plain.begin(), plain.end()))),
                     QString::fromStdString(encoded));
            auto decoded = decodeBase64(encoded);
            QVERIFY(decoded.has_value());
            QCOMPARE(std::string(decoded->begin(), decoded->end()), plain);
        }
        QVERIFY(!decodeBase64("Zm9v!").has_value());
        QVERIFY(!decodeBase64("Zg==Zg").has_value());
        auto uri = decodeDataUri("data:text/plain,a%20b");
        QVERIFY(uri.has_value());
        QCOMPARE(uri->mediaType, std::string("text/plain"));
        QCOMPARE(std::string(uri->data.begin(), uri->data.end()), std::string("a b"));
    }

    void glbRoundTripIsByteIdentical()
    {
        test::TempDir dir;
        Bytes buffer;
        GltfDocument source = loadOk(writeExternalAsset(dir.path(), buffer));
        QVERIFY(saveGltf(source, dir / "first.glb").empty());
        const Bytes first = test::readBytes(dir / "first.glb");
        GltfDocument reloaded = loadOk(dir / "first.glb");
        QVERIFY(saveGltf(reloaded, dir / "second.glb").empty());
        QVERIFY(test::readBytes(dir / "second.glb") == first);
        QCOMPARE(first.size() % 4, size_t(0));
        QCOMPARE(first.size(), size_t(uint32_t(first[8]) | uint32_t(first[9]) << 8 |
                                      uint32_t(first[10]) << 16 | uint32_t(first[11]) << 24));
    }

    void glbEmbedsExternalBufferAndImage()
    {
        test::TempDir dir;
        Bytes buffer;
        GltfDocument source = loadOk(writeExternalAsset(dir.path(), buffer));
        std::filesystem::create_directories(dir / "out");
        const Diagnostics saved = saveGltf(source, dir / "out" / "scene.glb");
        QVERIFY2(!hasErrors(saved), test::describe(saved).c_str());

        GltfDocument glb = loadOk(dir / "out" / "scene.glb");
        const Json& j = glb.json();
        // Untouched parts are exactly as they were, in the same key order.
        QCOMPARE(keys(j), keys(source.json()));
        QCOMPARE(QString::fromStdString(j["zExtra"].dump()), QStringLiteral("{\"kept\":[3,2,1]}"));
        QCOMPARE(QString::fromStdString(j["accessors"].dump()),
                 QString::fromStdString(source.json()["accessors"].dump()));
        QCOMPARE(QString::fromStdString(j["meshes"].dump()),
                 QString::fromStdString(source.json()["meshes"].dump()));
        // One buffer, the BIN chunk, with no uri; the geometry bytes first, then the image.
        QCOMPARE(j["buffers"].size(), size_t(1));
        QVERIFY(!j["buffers"][0].contains("uri"));
        QCOMPARE(j["buffers"][0]["name"].get<std::string>(), std::string("geometry"));
        QCOMPARE(glb.buffers()[0].origin, ResourceOrigin::GlbBinChunk);
        QVERIFY(std::equal(buffer.begin(), buffer.end(), glb.buffers()[0].data.begin()));
        auto positions = readAccessorFloats(glb, 0);
        QCOMPARE(positions->values, (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0}));
        // The image now lives in a new buffer view, 4-byte aligned, with its mime type.
        const Json& image = j["images"][0];
        QVERIFY(!image.contains("uri"));
        QCOMPARE(image["mimeType"].get<std::string>(), std::string("image/png"));
        QCOMPARE(image["name"].get<std::string>(), std::string("wood"));
        const Json& view = j["bufferViews"][image["bufferView"].get<size_t>()];
        QCOMPARE(view["byteOffset"].get<size_t>() % 4, size_t(0));
        QCOMPARE(view["byteLength"].get<size_t>(), kPng.size());
        const Bytes& bin = glb.buffers()[0].data;
        QVERIFY(std::equal(kPng.begin(), kPng.end(), bin.begin() + view["byteOffset"].get<std::ptrdiff_t>()));
        QCOMPARE(j["buffers"][0]["byteLength"].get<size_t>(), view["byteOffset"].get<size_t>() + kPng.size());
    }

    void severalBuffersAreMergedAndViewsRelocated()
    {
        Bytes a = {1, 2, 3, 4, 5};
        Bytes b;
        appendFloats(b, {7.5f, -2.0f});
        GltfDocument doc = test::loadJson(
            R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":5,"uri":")" + test::base64DataUri(a) +
            R"("},{"byteLength":8,"uri":")" + test::base64DataUri(b) +
            R"("}],"bufferViews":[{"buffer":0,"byteOffset":1,"byteLength":3},{"buffer":1,"byteLength":8}],)"
            R"("accessors":[{"bufferView":1,"componentType":5126,"count":2,"type":"SCALAR"}]})");
        auto encoded = encodeGlb(doc);
        QVERIFY(encoded.value.has_value());
        QVERIFY(findDiagnostic(encoded.diagnostics, "BUFFERS_MERGED"));
        auto reloaded = loadGltfFromBytes(*encoded, "merged.glb");
        QVERIFY2(reloaded && !hasErrors(reloaded.diagnostics), test::describe(reloaded.diagnostics).c_str());
        const Json& j = reloaded->json();
        QCOMPARE(j["buffers"].size(), size_t(1));
        QCOMPARE(j["bufferViews"][0]["byteOffset"].get<int>(), 1);
        QCOMPARE(j["bufferViews"][1]["buffer"].get<int>(), 0);
        QCOMPARE(j["bufferViews"][1]["byteOffset"].get<int>(), 8); // 5 bytes, padded to 8
        QCOMPARE(readAccessorFloats(*reloaded, 0)->values, (std::vector<float>{7.5f, -2.0f}));
    }

    void glbToGltfWritesTheBinNextToIt()
    {
        test::TempDir dir;
        Bytes buffer;
        GltfDocument source = loadOk(writeExternalAsset(dir.path(), buffer));
        QVERIFY(saveGltf(source, dir / "packed.glb").empty());
        GltfDocument glb = loadOk(dir / "packed.glb");
        std::filesystem::create_directories(dir / "unpacked");
        const Diagnostics saved = saveGltf(glb, dir / "unpacked" / "my scene.gltf");
        QVERIFY2(saved.empty(), test::describe(saved).c_str());
        GltfDocument gltf = loadOk(dir / "unpacked" / "my scene.gltf");
        QCOMPARE(gltf.json()["buffers"][0]["uri"].get<std::string>(), std::string("my%20scene.bin"));
        QVERIFY(test::readBytes(dir / "unpacked" / "my scene.bin") == glb.buffers()[0].data);
    }

    void gltfSaveKeepsJsonAndResources()
    {
        test::TempDir dir;
        Bytes buffer;
        GltfDocument source = loadOk(writeExternalAsset(dir.path(), buffer));
        std::filesystem::create_directories(dir / "copy");
        QVERIFY(saveGltf(source, dir / "copy" / "scene.gltf").empty());
        GltfDocument copy = loadOk(dir / "copy" / "scene.gltf");
        QCOMPARE(QString::fromStdString(copy.json().dump()), QString::fromStdString(source.json().dump()));
        QVERIFY(test::readBytes(dir / "copy" / "geo.bin") == buffer);
        QVERIFY(test::readBytes(dir / "copy" / "textures" / "wood.png") == kPng);
    }

    void dataUrisStayDataUris()
    {
        Bytes data = {10, 20, 30, 40};
        const std::string uri = "data:application/gltf-buffer;base64,ChQeKA==";
        test::TempDir dir;
        test::writeText(dir / "in.gltf",
                        R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":")" + uri + R"("}]})");
        GltfDocument doc = loadOk(dir / "in.gltf");
        QVERIFY(doc.buffers()[0].data == data);
        QVERIFY(saveGltf(doc, dir / "out.gltf").empty());
        GltfDocument out = loadOk(dir / "out.gltf");
        QCOMPARE(out.json()["buffers"][0]["uri"].get<std::string>(), uri);
    }

    void unknownGlbChunksSurvive()
    {
        test::TempDir dir;
        GltfDocument doc = test::loadJson(R"({"asset":{"version":"2.0"}})");
        doc.extraChunks().push_back({0x58595A57, {1, 2, 3, 4, 5, 6, 7, 8}});
        QVERIFY(saveGltf(doc, dir / "x.glb").empty());
        auto r = loadGltf(dir / "x.glb");
        QCOMPARE(r->extraChunks().size(), size_t(1));
        QCOMPARE(r->extraChunks()[0].type, 0x58595A57u);
        QVERIFY(r->extraChunks()[0].data == (Bytes{1, 2, 3, 4, 5, 6, 7, 8}));
    }

    void failedSaveSaysWhyAndWritesNothing()
    {
        test::TempDir dir;
        GltfDocument doc = test::loadJson(R"({"asset":{"version":"2.0"}})");
        const auto target = dir / "no such folder" / "x.glb";
        const Diagnostics d = saveGltf(doc, target);
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(QString::fromStdString(d[0].code), QStringLiteral("FILE_WRITE_FAILED"));
        QVERIFY2(d[0].message.find(target.string()) != std::string::npos, d[0].message.c_str());
        QVERIFY(d[0].message.find("left unchanged") != std::string::npos);
        QVERIFY(!std::filesystem::exists(target));
    }

    void failedResourceWriteLeavesTheOldGltfIntact()
    {
        test::TempDir dir;
        Bytes buffer;
        GltfDocument source = loadOk(writeExternalAsset(dir.path(), buffer));
        // The target folder holds an old scene.gltf, and a folder where geo.bin should go: the .bin cannot be
        // written, so the save must stop before it replaces the .gltf.
        std::filesystem::create_directories(dir / "target" / "geo.bin");
        test::writeText(dir / "target" / "scene.gltf", "old contents");
        const Diagnostics d = saveGltf(source, dir / "target" / "scene.gltf");
        QVERIFY(hasErrors(d));
        QVERIFY(d[0].message.find("geo.bin") != std::string::npos);
        const Bytes old = test::readBytes(dir / "target" / "scene.gltf");
        QCOMPARE(std::string(old.begin(), old.end()), std::string("old contents"));
        // No temporary files are left behind.
        size_t files = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir / "target"))
            ++files;
        QCOMPARE(files, size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestGltfSave)
#include "TestGltfSave.moc"
