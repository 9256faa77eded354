// Loading: what a valid file gives, and a clear error (code, pointer, message) for each class of broken
// input.
#include "TestSupport.h"
#include "gltf/Glb.h"
#include "gltf/GltfDocument.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>

using namespace cs;
using namespace cs::gltf;
using cs::test::appendFloats;
using cs::test::appendValues;

namespace {

Bytes textBytes(const std::string& s)
{
    return Bytes(s.begin(), s.end());
}

void putU32(Bytes& out, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(uint8_t(v >> (8 * i)));
}

/// A GLB assembled by hand (independently of the writer): header, then the chunks as given.
struct RawChunk
{
    uint32_t type;
    Bytes data;
    int64_t declaredLength = -1; ///< -1: the real length
};
Bytes rawGlb(const std::vector<RawChunk>& chunks, int64_t declaredTotal = -1, uint32_t version = 2)
{
    Bytes body;
    for (const auto& c : chunks) {
        putU32(body, c.declaredLength >= 0 ? uint32_t(c.declaredLength) : uint32_t(c.data.size()));
        putU32(body, c.type);
        body.insert(body.end(), c.data.begin(), c.data.end());
    }
    Bytes out;
    putU32(out, 0x46546C67);
    putU32(out, version);
    putU32(out, declaredTotal >= 0 ? uint32_t(declaredTotal) : uint32_t(12 + body.size()));
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

Bytes padded(std::string s, char with = ' ')
{
    while (s.size() % 4)
        s += with;
    return textBytes(s);
}

const std::string kMinimal = R"({"asset":{"version":"2.0"}})";

Result<GltfDocument> load(const Bytes& bytes)
{
    return loadGltfFromBytes(bytes, "input.glb");
}

/// `count` little-endian values of `bytes` bytes each (1, 2 or 4), value(i) for the i-th.
template <class F> Bytes packed(size_t count, size_t bytes, F value)
{
    Bytes out(count * bytes);
    for (size_t i = 0; i < count; ++i) {
        const uint32_t v = value(i);
        for (size_t b = 0; b < bytes; ++b)
            out[i * bytes + b] = uint8_t(v >> (8 * b));
    }
    return out;
}

/// A .glb of one mesh: `vertices` positions, then the index bytes `indices` (component type `componentType`,
/// `indexCount` of them), drawn by two primitives that share the index accessor.
Bytes indexedGlb(size_t vertices, const Bytes& indices, int componentType, size_t indexCount)
{
    Bytes bin(vertices * 12, 0);
    const size_t indexOffset = bin.size();
    bin.insert(bin.end(), indices.begin(), indices.end());
    while (bin.size() % 4)
        bin.push_back(0);
    const std::string json =
        R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":)" + std::to_string(bin.size()) +
        R"(}],"bufferViews":[{"buffer":0,"byteLength":)" + std::to_string(indexOffset) +
        R"(},{"buffer":0,"byteOffset":)" + std::to_string(indexOffset) + R"(,"byteLength":)" +
        std::to_string(indices.size()) + R"(}],"accessors":[{"bufferView":0,"componentType":5126,"count":)" +
        std::to_string(vertices) + R"(,"type":"VEC3"},{"bufferView":1,"componentType":)" +
        std::to_string(componentType) + R"(,"count":)" + std::to_string(indexCount) +
        R"(,"type":"SCALAR"}],"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1},)"
        R"({"attributes":{"POSITION":0},"indices":1}]}]})";
    return rawGlb({{0x4E4F534A, padded(json)}, {0x004E4942, bin}});
}

/// The single error of a result, checked for code; returns it for further checks.
Diagnostic expectError(const Result<GltfDocument>& r, const std::string& code)
{
    const Diagnostic* d = findDiagnostic(r.diagnostics, code);
    if (!d)
        qWarning("diagnostics were:\n%s", test::describe(r.diagnostics).c_str());
    return d ? *d : Diagnostic{Severity::Info, "<none>", "", ""};
}

} // namespace

class TestGltfLoad : public QObject
{
    Q_OBJECT

private slots:
    void keepsKeyOrderAndUnknownData()
    {
        const std::string text =
            R"({"zeta":1,"asset":{"version":"2.0","generator":"hand"},"extensionsUsed":["X_unknown"],)"
            R"("nodes":[{"name":"n","extras":{"b":1,"a":[1.5,0.1]},"extensions":{"X_unknown":{"k":true}}}],)"
            R"("alpha":{"nested":"kept"}})";
        GltfDocument doc = test::loadJson(text);
        QCOMPARE(QString::fromStdString(doc.json().dump()), QString::fromStdString(text));
        QCOMPARE(doc.count("nodes"), size_t(1));
        QCOMPARE(doc.sourceFormat(), FileFormat::Gltf);
    }

    void readsDataUriBuffer()
    {
        Bytes data;
        appendFloats(data, {1.0f, 2.0f, 3.0f});
        GltfDocument doc =
            test::loadJson(R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":12,"uri":")" +
                           test::base64DataUri(data) + R"("}]})");
        QCOMPARE(doc.buffers().size(), size_t(1));
        QCOMPARE(doc.buffers()[0].origin, ResourceOrigin::DataUri);
        QVERIFY(doc.buffers()[0].data == data);
    }

    void readsGlbChunks()
    {
        Bytes bin;
        appendValues<uint32_t>(bin, {0xDEADBEEF, 7});
        const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":8}]})";
        Bytes extra = {1, 2, 3, 4};
        auto r = load(rawGlb({{kGlbChunkJson, padded(json)}, {kGlbChunkBin, bin}, {0x12345678, extra}}));
        QVERIFY2(r.value.has_value(), test::describe(r.diagnostics).c_str());
        QCOMPARE(r->sourceFormat(), FileFormat::Glb);
        QCOMPARE(r->buffers()[0].origin, ResourceOrigin::GlbBinChunk);
        QVERIFY(r->buffers()[0].data == bin);
        QCOMPARE(r->extraChunks().size(), size_t(1));
        QCOMPARE(r->extraChunks()[0].type, 0x12345678u);
        QVERIFY(r->extraChunks()[0].data == extra);
        QVERIFY(!hasErrors(r.diagnostics));
    }

    void emptyFile()
    {
        auto r = load(textBytes("  \n"));
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(expectError(r, "JSON_EMPTY").code), QStringLiteral("JSON_EMPTY"));
    }

    void invalidJsonSaysWhere()
    {
        auto r = load(textBytes("{\"asset\": {\"version\": \"2.0\"},\n  \"nodes\": [1,}"));
        QVERIFY(!r);
        const Diagnostic d = expectError(r, "JSON_PARSE_ERROR");
        QVERIFY2(d.message.find("line 2, column 15") != std::string::npos, d.message.c_str());
        QCOMPARE(d.severity, Severity::Error);
    }

    void invalidUtf8()
    {
        auto r = load(textBytes("{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"name\":\"\xC3\x28\"}]}"));
        QVERIFY(!r);
        const Diagnostic d = expectError(r, "JSON_PARSE_ERROR");
        QVERIFY2(d.message.find("UTF-8") != std::string::npos, d.message.c_str());
        QVERIFY2(d.message.find("line 1, column 47") != std::string::npos, d.message.c_str());
    }

    void numberOutOfRange()
    {
        auto r = load(textBytes(R"({"asset":{"version":"2.0"},"nodes":[{"translation":[1e400,0,0]}]})"));
        QVERIFY(!r);
        const Diagnostic d = expectError(r, "JSON_PARSE_ERROR");
        QVERIFY2(d.message.find("1e400") != std::string::npos, d.message.c_str());
    }

    void deepNestingIsRefusedQuickly()
    {
        std::string text = R"({"asset":{"version":"2.0"},"extras":)";
        text += std::string(1'000'000, '[');
        QElapsedTimer timer;
        timer.start();
        auto r = load(textBytes(text));
        QVERIFY(!r);
        const Diagnostic d = expectError(r, "JSON_TOO_DEEP");
        QVERIFY2(d.message.find("line 1, column 292") != std::string::npos, d.message.c_str());
    }

    void rootMustBeObject()
    {
        auto r = load(textBytes("[1,2,3]"));
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(expectError(r, "GLTF_NOT_AN_OBJECT").pointer), QString());
    }

    void gltf1IsRefused()
    {
        auto r = load(textBytes(R"({"asset":{"version":"1.0"}})"));
        QVERIFY(!r);
        const Diagnostic d = expectError(r, "GLTF_UNSUPPORTED_VERSION");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/asset/version"));
        QVERIFY(d.message.find("1.0") != std::string::npos);
    }

    void missingAssetStillOpens()
    {
        auto r = load(textBytes(R"({"nodes":[{}]})"));
        QVERIFY(r.value.has_value());
        QCOMPARE(QString::fromStdString(expectError(r, "ASSET_MISSING").pointer), QStringLiteral("/asset"));
    }

    void textureAndAttributeIndicesOutOfRange()
    {
        // Each finding names the place, also where the pointers are made only for findings.
        auto r = load(textBytes(R"({"asset":{"version":"2.0"},
            "materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":5}},
                          "normalTexture":{"index":0}, "emissiveTexture":{"index":"a"}}],
            "meshes":[{"primitives":[{"attributes":{"POSITION":7, "NORMAL":-1}}]}]})"));
        QVERIFY(r.value.has_value());
        std::vector<std::pair<std::string, std::string>> found;
        for (const Diagnostic& d : r.diagnostics)
            if (d.code == "INDEX_OUT_OF_RANGE" || d.code == "INVALID_INDEX")
                found.emplace_back(d.code, d.pointer);
        const std::vector<std::pair<std::string, std::string>> expected = {
            {"INDEX_OUT_OF_RANGE", "/meshes/0/primitives/0/attributes/POSITION"},
            {"INVALID_INDEX", "/meshes/0/primitives/0/attributes/NORMAL"},
            {"INDEX_OUT_OF_RANGE", "/materials/0/pbrMetallicRoughness/baseColorTexture/index"},
            {"INDEX_OUT_OF_RANGE", "/materials/0/normalTexture/index"},
            {"INVALID_INDEX", "/materials/0/emissiveTexture/index"}};
        QCOMPARE(found, expected);
    }

    void glbHeaderTooShort()
    {
        Bytes b;
        putU32(b, 0x46546C67);
        putU32(b, 2);
        auto r = load(b);
        QVERIFY(!r);
        QVERIFY(expectError(r, "GLB_TRUNCATED").message.find("8 bytes") != std::string::npos);
    }

    void glbDeclaresMoreThanTheFileHas()
    {
        Bytes file = rawGlb({{kGlbChunkJson, padded(kMinimal)}});
        file.resize(file.size() - 4); // cut the end of the JSON chunk off
        auto r = load(file);
        QVERIFY(!r);
        const Diagnostic d = expectError(r, "GLB_TRUNCATED");
        QVERIFY2(d.message.find(std::to_string(file.size() + 4)) != std::string::npos, d.message.c_str());
        QVERIFY2(d.message.find(std::to_string(file.size())) != std::string::npos, d.message.c_str());
    }

    void glbHugeDeclaredLengthAllocatesNothing()
    {
        // A 2 GB length in the header and in the chunk of a tiny file: refused before any allocation.
        auto r = load(rawGlb({{kGlbChunkJson, padded(kMinimal), 0x7FFFFFF0}}, 0x80000000));
        QVERIFY(!r);
        QVERIFY(findDiagnostic(r.diagnostics, "GLB_TRUNCATED"));
        auto r2 = load(rawGlb({{kGlbChunkJson, padded(kMinimal), 0x7FFFFFF0}}));
        QVERIFY(!r2);
        const Diagnostic d = expectError(r2, "GLB_CHUNK_TOO_LONG");
        QVERIFY2(d.message.find("2147483632") != std::string::npos, d.message.c_str());
        QVERIFY2(d.message.find("chunk 0") != std::string::npos, d.message.c_str());
    }

    void glbWrongChunkOrder()
    {
        Bytes bin = {0, 0, 0, 0};
        auto r = load(rawGlb({{kGlbChunkBin, bin}, {kGlbChunkJson, padded(kMinimal)}}));
        QVERIFY(!r);
        QVERIFY(expectError(r, "GLB_BAD_CHUNK_ORDER").message.find("first GLB chunk must be JSON") !=
                std::string::npos);
    }

    void glbBinAfterUnknownChunkIsAnError()
    {
        const std::string json = R"({"asset":{"version":"2.0"}})";
        auto r = load(rawGlb(
            {{kGlbChunkJson, padded(json)}, {0x41414141, {1, 2, 3, 4}}, {kGlbChunkBin, {0, 0, 0, 0}}}));
        QVERIFY(r.value.has_value());
        QCOMPARE(expectError(r, "GLB_BAD_CHUNK_ORDER").severity, Severity::Error);
    }

    void glbUnsupportedVersion()
    {
        auto r = load(rawGlb({{kGlbChunkJson, padded(kMinimal)}}, -1, 1));
        QVERIFY(!r);
        QVERIFY(expectError(r, "GLB_UNSUPPORTED_VERSION").message.find("version 1") != std::string::npos);
    }

    void glbWithoutBinButBufferWithoutUri()
    {
        const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4}]})";
        auto r = load(rawGlb({{kGlbChunkJson, padded(json)}}));
        QVERIFY(r.value.has_value());
        QCOMPARE(QString::fromStdString(expectError(r, "BUFFER_MISSING_DATA").pointer),
                 QStringLiteral("/buffers/0"));
    }

    void missingInputFile()
    {
        auto r = loadGltf("/nonexistent/folder/scene.glb");
        QVERIFY(!r);
        QVERIFY(expectError(r, "FILE_NOT_FOUND").message.find("/nonexistent/folder/scene.glb") !=
                std::string::npos);
    }

    void missingBufferFileStillOpens()
    {
        test::TempDir dir;
        test::writeText(
            dir / "scene.gltf",
            R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":12,"uri":"geo%20data.bin"}]})");
        auto r = loadGltf(dir / "scene.gltf");
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "FILE_NOT_FOUND");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/buffers/0/uri"));
        QVERIFY2(d.message.find((dir / "geo data.bin").string()) != std::string::npos, d.message.c_str());
        QCOMPARE(r->buffers()[0].origin, ResourceOrigin::Missing);
        // The document cannot be saved as .glb without the data, and says so instead of writing a broken
        // file.
        const Diagnostics saved = saveGltf(*r, dir / "out.glb");
        QVERIFY(findDiagnostic(saved, "BUFFER_MISSING_DATA"));
        QVERIFY(!std::filesystem::exists(dir / "out.glb"));
    }

    void externalBufferIsRead()
    {
        test::TempDir dir;
        Bytes data = {9, 8, 7, 6, 5, 4, 3, 2};
        test::writeBytes(dir / "sub dir" / "geo.bin", data);
        test::writeText(
            dir / "scene.gltf",
            R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":8,"uri":"sub%20dir/geo.bin"}]})");
        auto r = loadGltf(dir / "scene.gltf");
        QVERIFY2(r.value.has_value() && !hasErrors(r.diagnostics), test::describe(r.diagnostics).c_str());
        QCOMPARE(r->buffers()[0].origin, ResourceOrigin::ExternalFile);
        QVERIFY(r->buffers()[0].data == data);
    }

    void badDataUri()
    {
        auto r = load(textBytes(
            R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":3,"uri":"data:application/octet-stream;base64,@@@="}]})"));
        QVERIFY(r.value.has_value());
        QCOMPARE(QString::fromStdString(expectError(r, "DATA_URI_INVALID").pointer),
                 QStringLiteral("/buffers/0/uri"));
    }

    void bufferShorterThanDeclared()
    {
        auto r = load(textBytes(R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":100,"uri":")" +
                                test::base64DataUri({1, 2, 3, 4}) + R"("}]})"));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "BUFFER_TOO_SHORT");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/buffers/0/byteLength"));
        QVERIFY(d.message.find("100") != std::string::npos && d.message.find("4 bytes") != std::string::npos);
    }

    void indexOutOfRange()
    {
        auto r = load(textBytes(
            R"({"asset":{"version":"2.0"},"meshes":[],"nodes":[{"mesh":5}],"scenes":[{"nodes":[0,3]}]})"));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "INDEX_OUT_OF_RANGE");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/scenes/0/nodes/1"));
        size_t found = 0;
        for (const auto& diag : r.diagnostics)
            found += diag.code == "INDEX_OUT_OF_RANGE" && diag.pointer == "/nodes/0/mesh";
        QCOMPARE(found, size_t(1));
    }

    void indexOfWrongType()
    {
        auto r = load(textBytes(R"({"asset":{"version":"2.0"},"nodes":[{"mesh":-1},{"camera":"x"}]})"));
        QVERIFY(r.value.has_value());
        QCOMPARE(QString::fromStdString(expectError(r, "INVALID_INDEX").pointer),
                 QStringLiteral("/nodes/0/mesh"));
    }

    void bufferViewPastBuffer()
    {
        auto r = load(textBytes(R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":8,"uri":")" +
                                test::base64DataUri(Bytes(8, 0)) +
                                R"("}],"bufferViews":[{"buffer":0,"byteOffset":4,"byteLength":8}]})"));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "BUFFER_VIEW_OUT_OF_BOUNDS");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/bufferViews/0"));
        QVERIFY2(d.message.find("ends at byte 12") != std::string::npos, d.message.c_str());
    }

    void accessorPastBufferView()
    {
        // 3 VEC3 floats need 36 bytes; the view has 32.
        auto r = load(
            textBytes(R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":32,"uri":")" +
                      test::base64DataUri(Bytes(32, 0)) +
                      R"("}],"bufferViews":[{"buffer":0,"byteLength":32}],)"
                      R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}]})"));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "ACCESSOR_OUT_OF_BOUNDS");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/accessors/0"));
        QVERIFY2(d.message.find("32 bytes") != std::string::npos, d.message.c_str());
    }

    void vertexIndexOutOfRange()
    {
        Bytes data;
        appendFloats(data, {0, 0, 0, 1, 0, 0, 0, 1, 0});
        appendValues<uint16_t>(data, {0, 1, 7, 0});
        auto r = load(textBytes(
            R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":44,"uri":")" + test::base64DataUri(data) +
            R"("}],"bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":6}],)"
            R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},)"
            R"({"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}],)"
            R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}]})"));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "MESH_INDEX_OUT_OF_RANGE");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/meshes/0/primitives/0/indices"));
        QVERIFY2(d.message.find("vertex index 7 in accessor 1") != std::string::npos, d.message.c_str());
    }

    void bigIndexAccessorOutOfRange_data()
    {
        QTest::addColumn<int>("componentType");
        QTest::addColumn<int>("bytes");
        QTest::addColumn<int>("vertices");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("last");
        // Many indices below the vertex count and the last one equal to it: the scan must reach the end
        // (past its blocks of 64) and compare with "below", not "at most".
        QTest::newRow("uint32") << 5125 << 4 << 70000 << 300001 << 70000;
        QTest::newRow("uint16") << 5123 << 2 << 1000 << 300001 << 1000;
        QTest::newRow("uint8") << 5121 << 1 << 200 << 1001 << 200;
    }

    void bigIndexAccessorOutOfRange()
    {
        QFETCH(int, componentType);
        QFETCH(int, bytes);
        QFETCH(int, vertices);
        QFETCH(int, count);
        QFETCH(int, last);
        const auto n = size_t(count);
        const Bytes indices = packed(n, size_t(bytes), [&](size_t i) {
            return i + 1 == n ? uint32_t(last) : uint32_t((i * 7919) % size_t(vertices));
        });
        auto r = load(indexedGlb(size_t(vertices), indices, componentType, n));
        QVERIFY(r.value.has_value());
        // Both primitives use the accessor: each gets its finding, with the message it always had.
        const std::string message = "vertex index " + std::to_string(last) +
                                    " in accessor 1 is not below the " + "vertex count " +
                                    std::to_string(vertices);
        std::vector<std::string> pointers;
        for (const Diagnostic& d : r.diagnostics) {
            if (d.code == "MESH_INDEX_OUT_OF_RANGE") {
                QCOMPARE(d.severity, Severity::Error);
                QCOMPARE(QString::fromStdString(d.message), QString::fromStdString(message));
                pointers.push_back(d.pointer);
            }
        }
        QCOMPARE(pointers, (std::vector<std::string>{"/meshes/0/primitives/0/indices",
                                                     "/meshes/0/primitives/1/indices"}));
    }

    void bigIndexAccessorInRange()
    {
        const size_t n = 300000;
        const Bytes indices = packed(n, 4, [](size_t i) { return uint32_t(i % 70000); });
        auto r = load(indexedGlb(70000, indices, 5125, n));
        QVERIFY(r.value.has_value());
        QVERIFY2(!hasErrors(r.diagnostics), test::describe(r.diagnostics).c_str());
    }

    void indexAccessorPastItsView()
    {
        // 1,000 indices declared, 999 present: the bounds check refuses the accessor, and the index range
        // check, which cannot read it, adds nothing.
        const size_t n = 1000;
        Bytes indices = packed(n - 1, 4, [](size_t i) { return uint32_t(i % 10); });
        auto r = load(indexedGlb(10, indices, 5125, n));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "ACCESSOR_OUT_OF_BOUNDS");
        QCOMPARE(QString::fromStdString(d.pointer), QStringLiteral("/accessors/1"));
        QVERIFY2(d.message.find("needs 1000 elements of 4 bytes") != std::string::npos, d.message.c_str());
        QVERIFY(!findDiagnostic(r.diagnostics, "MESH_INDEX_OUT_OF_RANGE"));
    }

    void binChunkReadInBlocks()
    {
        // Larger than the reader's block and not a multiple of it: every byte lands in its place, read from a
        // file and from memory.
        const size_t size = 3 * (size_t(1) << 18) + 1236;
        Bytes bin(size);
        for (size_t i = 0; i < size; ++i)
            bin[i] = uint8_t((i * 131) ^ (i >> 9));
        const std::string json =
            R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":)" + std::to_string(size) + "}]}";
        const Bytes glb = rawGlb({{0x4E4F534A, padded(json)}, {0x004E4942, bin}});
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path path = dir.filePath("blocks.glb").toStdString();
        std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(glb.data()), glb.size());
        for (const auto& r : {loadGltf(path), load(glb)}) {
            QVERIFY(r.value.has_value());
            QVERIFY2(!hasErrors(r.diagnostics), test::describe(r.diagnostics).c_str());
            QCOMPARE(r.value->buffers().size(), size_t(1));
            QCOMPARE(r.value->buffers()[0].data.size(), size);
            QVERIFY(r.value->buffers()[0].data == bin);
        }
    }

    void nodeCycle()
    {
        auto r = load(textBytes(
            R"({"asset":{"version":"2.0"},"nodes":[{"children":[1]},{"children":[2]},{"children":[0]}]})"));
        QVERIFY(r.value.has_value());
        const Diagnostic d = expectError(r, "NODE_CYCLE");
        QCOMPARE(d.severity, Severity::Error);
        QVERIFY(d.pointer.rfind("/nodes/", 0) == 0);
    }

    void nodeWithTwoParents()
    {
        auto r =
            load(textBytes(R"({"asset":{"version":"2.0"},"nodes":[{"children":[2]},{"children":[2]},{}]})"));
        QVERIFY(r.value.has_value());
        QCOMPARE(QString::fromStdString(expectError(r, "NODE_MULTIPLE_PARENTS").pointer),
                 QStringLiteral("/nodes/1/children/0"));
    }

    void malformedTransformArrays()
    {
        auto r = load(
            textBytes(R"({"asset":{"version":"2.0"},"nodes":[{"translation":[1,2]},{"matrix":[1,0,0,1]}]})"));
        QVERIFY(r.value.has_value());
        size_t found = 0;
        for (const auto& d : r.diagnostics)
            found += d.code == "INVALID_ARRAY" &&
                     (d.pointer == "/nodes/0/translation" || d.pointer == "/nodes/1/matrix");
        QCOMPARE(found, size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestGltfLoad)
#include "TestGltfLoad.moc"
