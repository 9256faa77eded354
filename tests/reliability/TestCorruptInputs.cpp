// Broken inputs, class by class: each load runs in a forked child with an address-space limit (1 GiB) and a
// wall-clock limit (10 s), and must end normally with the clear error: the diagnostic code, and where (a JSON
// pointer or a byte offset). The inputs are made here in code. Where a document opens despite the damage, the
// physics layer goes over it too: Document::open, validation, and the hull, fit and mass computations.
// (tests/core/TestGltfLoad.cpp has the one-example-per-class checks; this goes through each class widely.)
#include "Assets.h"
#include "ChildProcess.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "geometry/ConvexHull.h"
#include "geometry/PrimitiveFit.h"
#include "gltf/Accessors.h"
#include "gltf/Glb.h"
#include "gltf/GltfDocument.h"
#include "gltf/JsonText.h"
#include "gltf/SceneGraph.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <regex>

using namespace cs;
using namespace cs::reliability;
using gltf::Bytes;
using gltf::Json;
namespace fs = std::filesystem;

namespace {

/// Peak resident memory a child may reach. The child starts as a copy of this test process (some tens of
/// MiB).
constexpr long kMaxRssKb = 400 * 1024;
/// With AddressSanitizer (no RLIMIT_AS there), freed memory waits in its quarantine (256 MiB) and shadow
/// memory adds to the resident size.
constexpr long kMaxRssKbSanitized = 1200 * 1024;

Bytes textBytes(const std::string& s)
{
    return Bytes(s.begin(), s.end());
}

void putU32(Bytes& out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(std::uint8_t(v >> (8 * i)));
}

void setU32(Bytes& out, size_t at, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out[at + i] = std::uint8_t(v >> (8 * i));
}

/// A GLB assembled by hand: the chunks as given (lengths as declared, data as is), the total as declared.
struct RawChunk
{
    std::uint32_t type;
    Bytes data;
    std::int64_t declaredLength = -1; ///< -1: the real length
};
Bytes rawGlb(const std::vector<RawChunk>& chunks, std::int64_t declaredTotal = -1)
{
    Bytes body;
    for (const auto& c : chunks) {
        putU32(body, c.declaredLength >= 0 ? std::uint32_t(c.declaredLength) : std::uint32_t(c.data.size()));
        putU32(body, c.type);
        body.insert(body.end(), c.data.begin(), c.data.end());
    }
    Bytes out;
    putU32(out, gltf::kGlbMagic);
    putU32(out, 2);
    putU32(out, declaredTotal >= 0 ? std::uint32_t(declaredTotal) : std::uint32_t(12 + body.size()));
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

Bytes padded(std::string s)
{
    while (s.size() % 4)
        s += ' ';
    return textBytes(s);
}

/// A GLB whose JSON chunk is `json` (padded) and that has no BIN chunk.
Bytes glbOfJson(const std::string& json)
{
    return rawGlb({{gltf::kGlbChunkJson, padded(json)}});
}

Json toJson(const Diagnostics& diagnostics)
{
    Json out = Json::array();
    for (const auto& d : diagnostics)
        out.push_back({{"severity", severityName(d.severity)},
                       {"code", d.code},
                       {"message", d.message},
                       {"pointer", d.pointer}});
    return out;
}

/// What one load gave, as sent back from a child.
struct Outcome
{
    bool opened = false;
    Json diagnostics = Json::array();

    /// The first diagnostic with this code (null when there is none).
    Json find(const std::string& code) const
    {
        for (const Json& d : diagnostics) {
            if (d["code"] == code)
                return d;
        }
        return Json();
    }
    bool hasError() const
    {
        for (const Json& d : diagnostics) {
            if (d["severity"] == "error")
                return true;
        }
        return false;
    }
    std::string text() const
    {
        return std::string(opened ? "opened; " : "not opened; ") + diagnostics.dump(1);
    }
};

Json outcomeJson(const Result<gltf::GltfDocument>& r)
{
    return {{"opened", r.value.has_value()}, {"diagnostics", toJson(r.diagnostics)}};
}

Outcome outcomeFrom(const Json& j)
{
    Outcome o;
    if (j.is_object()) {
        o.opened = j.value("opened", false);
        o.diagnostics = j.value("diagnostics", Json::array());
    }
    return o;
}

/// Runs `body` (which returns JSON) in a bounded child. False, with why in `why`, when the child did not end
/// normally, went over the memory bound, or sent back something that is not JSON.
bool runBounded(const std::function<Json()>& body, Json& result, std::string& why)
{
    const ChildOutcome child = runInChild([&]() { return body().dump(); });
    why = child.describe();
    if (!child.ok() || child.maxRssKb >= (addressSanitizerBuild() ? kMaxRssKbSanitized : kMaxRssKb))
        return false;
    try {
        result = Json::parse(child.output);
    } catch (const std::exception&) {
        why = "the child sent no JSON: " + why;
        return false;
    }
    return true;
}

/// Loads each input (from memory, named `name`) in one bounded child.
bool loadAllBounded(const std::vector<Bytes>& inputs, const std::string& name, std::vector<Outcome>& outcomes,
                    std::string& why)
{
    Json all;
    const bool ran = runBounded(
        [&] {
            Json a = Json::array();
            for (const Bytes& input : inputs)
                a.push_back(outcomeJson(gltf::loadGltfFromBytes(input, name)));
            return a;
        },
        all, why);
    if (!ran)
        return false;
    outcomes.clear();
    for (const Json& j : all)
        outcomes.push_back(outcomeFrom(j));
    if (outcomes.size() != inputs.size()) {
        why = "the child sent " + std::to_string(outcomes.size()) + " results for " +
              std::to_string(inputs.size()) + " inputs";
        return false;
    }
    return true;
}

/// The byte offset a JSON error message gives ("... (byte N) ..."), or -1.
long long byteOffsetIn(const std::string& message)
{
    static const std::regex pattern(R"(\(byte (\d+)\))");
    std::smatch m;
    return std::regex_search(message, m, pattern) ? std::stoll(m[1].str()) : -1;
}

std::string str(const Json& j, const char* key)
{
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

/// A small valid .glb: a mesh of 30 vertices in the BIN chunk.
Bytes validGlb()
{
    auto bytes = gltf::encodeGlb(makeAsset(30, 1));
    return std::move(*bytes.value);
}

std::uint32_t u32At(const Bytes& b, size_t at)
{
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
           std::uint32_t(b[at + 3]) << 24;
}

/// A buffer of three VEC3 float positions as a data: URI, for hand-written JSON.
std::string threePositionsUri()
{
    Bytes data;
    test::appendFloats(data, {0, 0, 0, 1, 0, 0, 0, 1, 0});
    return test::base64DataUri(data);
}

/// Writes `text` as a .gltf into `dir` and opens it as a Document in the child; then validates it and runs
/// the node-level geometry inputs on every node. Returns what each step said.
Json documentPass(const fs::path& file)
{
    Json r;
    auto opened = document::Document::open(file);
    r["open"] = {{"opened", opened.value.has_value()}, {"diagnostics", toJson(opened.diagnostics)}};
    if (!opened)
        return r;
    document::Document& doc = **opened;
    doc.validateNow();
    r["validation"] = toJson(doc.diagnostics());
    const auto& graph = doc.sceneGraph();
    r["nodes"] = graph.nodeCount();
    Json meshes = Json::array();
    for (size_t n = 0; n < std::min<size_t>(graph.nodeCount(), 8); ++n) {
        auto triangles = document::nodeMeshTriangles(doc, n);
        auto hull = document::hullOfNodeMesh(doc, n);
        auto mass = document::bodyMassProperties(doc, n);
        meshes.push_back({{"triangles", triangles.value.has_value()},
                          {"trianglesDiagnostics", toJson(triangles.diagnostics)},
                          {"hull", hull.value.has_value()},
                          {"hullDiagnostics", toJson(hull.diagnostics)},
                          {"mass", mass.value.has_value()},
                          {"massDiagnostics", toJson(mass.diagnostics)}});
    }
    r["meshes"] = std::move(meshes);
    return r;
}

bool anyWithCode(const Json& diagnostics, const std::string& code, const std::string& pointer = {})
{
    for (const Json& d : diagnostics) {
        if (d["code"] == code && (pointer.empty() || d["pointer"] == pointer))
            return true;
    }
    return false;
}

} // namespace

class TestCorruptInputs : public QObject
{
    Q_OBJECT

    // The slots are defined below the class: moc does not read function bodies there (it misreads some of
    // the raw string literals with JSON in them).
private slots:
    void truncatedGlbAtEveryCutPoint();
    void truncatedGltfAtEveryCutPoint();
    void wrongChunkLengths();
    void hugeDeclaredGlbLengthFromAFile();
    void badIndices();
    void nodeCycles();
    void hugeCounts();
    void invalidUtf8();
    void deepNesting();
    void nonFiniteNumbers();
    void nonFinitePositions();
    void duplicateKeys();
    void byteOrderMark();
};

void TestCorruptInputs::truncatedGlbAtEveryCutPoint()
{
    const Bytes whole = validGlb();
    const std::uint32_t jsonLength = u32At(whole, 12);
    const size_t binHeader = 20 + jsonLength; // where the BIN chunk's header starts
    std::vector<Bytes> cuts;
    for (size_t n = 0; n < whole.size(); ++n)
        cuts.emplace_back(whole.begin(), whole.begin() + std::ptrdiff_t(n));
    std::vector<Outcome> outcomes;
    {
        std::string why;
        const bool ran = loadAllBounded(cuts, "cut.glb", outcomes, why);
        QVERIFY2(ran, why.c_str());
    }
    for (size_t n = 0; n < cuts.size(); ++n) {
        const Outcome& o = outcomes[n];
        const std::string context = "cut at " + std::to_string(n) + ": " + o.text();
        QVERIFY2(!o.opened, context.c_str());
        if (n == 0) {
            QVERIFY2(!o.find("JSON_EMPTY").is_null(), context.c_str());
        } else if (n < 4) {
            // Too short for the magic: read as JSON text, which "glT" is not.
            QVERIFY2(byteOffsetIn(str(o.find("JSON_PARSE_ERROR"), "message")) == 0, context.c_str());
        } else if (n < 12) {
            const std::string m = str(o.find("GLB_TRUNCATED"), "message");
            QVERIFY2(contains(m, "the file is " + std::to_string(n) + " bytes"), context.c_str());
        } else {
            const std::string m = str(o.find("GLB_TRUNCATED"), "message");
            QVERIFY2(contains(m, "declares " + std::to_string(whole.size()) +
                                     " bytes but the file has only " + std::to_string(n)),
                     context.c_str());
        }
    }

    // The same cuts with the header's total length made to match (as a careless repair would): the error
    // moves to the chunk that is cut, and names its byte offset.
    std::vector<Bytes> repaired;
    for (size_t n = 12; n < whole.size(); ++n) {
        Bytes b(whole.begin(), whole.begin() + std::ptrdiff_t(n));
        setU32(b, 8, std::uint32_t(n));
        repaired.push_back(std::move(b));
    }
    std::vector<Outcome> fixed;
    {
        std::string why;
        const bool ran = loadAllBounded(repaired, "cut.glb", fixed, why);
        QVERIFY2(ran, why.c_str());
    }
    for (size_t i = 0; i < repaired.size(); ++i) {
        const size_t n = i + 12;
        const Outcome& o = fixed[i];
        const std::string context = "repaired cut at " + std::to_string(n) + ": " + o.text();
        if (n == 12) {
            QVERIFY2(contains(str(o.find("GLB_TRUNCATED"), "message"), "no JSON chunk"), context.c_str());
        } else if (n < 20) {
            QVERIFY2(
                contains(str(o.find("GLB_TRUNCATED"), "message"), "chunk 0 at byte 12: the chunk header"),
                context.c_str());
        } else if (n < binHeader) {
            QVERIFY2(contains(str(o.find("GLB_CHUNK_TOO_LONG"), "message"), "chunk 0 at byte 12 (JSON)"),
                     context.c_str());
        } else if (n == binHeader) {
            // A whole JSON chunk and no BIN chunk: the file opens, and buffer 0 has no data.
            QVERIFY2(o.opened, context.c_str());
            QCOMPARE(str(o.find("BUFFER_MISSING_DATA"), "pointer"), std::string("/buffers/0"));
            continue;
        } else if (n < binHeader + 8) {
            QVERIFY2(contains(str(o.find("GLB_TRUNCATED"), "message"),
                              "chunk 1 at byte " + std::to_string(binHeader) + ": the chunk header"),
                     context.c_str());
        } else {
            QVERIFY2(contains(str(o.find("GLB_CHUNK_TOO_LONG"), "message"),
                              "chunk 1 at byte " + std::to_string(binHeader) + " (BIN"),
                     context.c_str());
        }
        QVERIFY2(!o.opened, context.c_str());
    }
}

void TestCorruptInputs::truncatedGltfAtEveryCutPoint()
{
    gltf::GltfDocument doc = makeAsset(30, 1, 3);
    doc.json()["nodes"][1]["name"] = "Ωmega ✓"; // multi-byte UTF-8, so some cuts split a character
    doc.json()["buffers"][0]["uri"] = test::base64DataUri(doc.buffers()[0].data);
    const std::string text = gltf::dumpJsonText(doc.json(), 2);
    std::vector<Bytes> cuts;
    for (size_t n = 0; n < text.size(); ++n)
        cuts.push_back(textBytes(text.substr(0, n)));
    std::vector<Outcome> outcomes;
    {
        std::string why;
        const bool ran = loadAllBounded(cuts, "cut.gltf", outcomes, why);
        QVERIFY2(ran, why.c_str());
    }
    for (size_t n = 0; n < cuts.size(); ++n) {
        const Outcome& o = outcomes[n];
        const std::string context = "cut at " + std::to_string(n) + ": " + o.text();
        QVERIFY2(!o.opened, context.c_str());
        if (text.find_first_not_of(" \n") >= n) {
            QVERIFY2(!o.find("JSON_EMPTY").is_null(), context.c_str());
            continue;
        }
        const long long at = byteOffsetIn(str(o.find("JSON_PARSE_ERROR"), "message"));
        QVERIFY2(at >= 0 && at <= (long long)n, context.c_str());
    }
}

void TestCorruptInputs::wrongChunkLengths()
{
    const Bytes whole = validGlb();
    const std::uint32_t jsonLength = u32At(whole, 12);
    const size_t binHeader = 20 + jsonLength;
    const std::uint32_t binLength = u32At(whole, binHeader);

    std::vector<Bytes> inputs;
    // 0: the JSON chunk declared 4 bytes short: its last 4 bytes are read as the next chunk's length.
    inputs.push_back(whole);
    setU32(inputs.back(), 12, jsonLength - 4);
    // 1: the JSON chunk declared 4 GiB - 1.
    inputs.push_back(whole);
    setU32(inputs.back(), 12, 0xFFFFFFFF);
    // 2: the BIN chunk declared 4 bytes longer than the file.
    inputs.push_back(whole);
    setU32(inputs.back(), binHeader, binLength + 4);
    // 3: the BIN chunk and the total 8 bytes short: the BIN chunk is shorter than buffer 0 says.
    inputs.push_back(whole);
    setU32(inputs.back(), binHeader, binLength - 8);
    setU32(inputs.back(), 8, std::uint32_t(whole.size() - 8));
    // 4: a JSON chunk whose length is not a multiple of 4, followed directly by the BIN chunk.
    {
        const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4}]})";
        Bytes unpadded = textBytes(json.size() % 4 ? json : json + "  ");
        QVERIFY(unpadded.size() % 4 != 0);
        inputs.push_back(rawGlb({{gltf::kGlbChunkJson, unpadded}, {gltf::kGlbChunkBin, {1, 2, 3, 4}}}));
    }
    // 5: an empty JSON chunk.
    inputs.push_back(rawGlb({{gltf::kGlbChunkJson, {}}}));
    // 6: the total leaves the BIN chunk out.
    inputs.push_back(whole);
    setU32(inputs.back(), 8, std::uint32_t(binHeader));
    // 7: a chunk declared 2 GiB after a valid JSON chunk.
    inputs.push_back(rawGlb({{gltf::kGlbChunkJson, padded(R"({"asset":{"version":"2.0"}})")},
                             {gltf::kGlbChunkBin, {0, 0, 0, 0}, 0x80000000}}));
    std::vector<Outcome> o;
    {
        std::string why;
        const bool ran = loadAllBounded(inputs, "chunks.glb", o, why);
        QVERIFY2(ran, why.c_str());
    }

    QVERIFY2(!o[0].opened, o[0].text().c_str());
    QVERIFY2(contains(str(o[0].find("GLB_CHUNK_TOO_LONG"), "message"),
                      "chunk 1 at byte " + std::to_string(binHeader - 4)),
             o[0].text().c_str());
    QVERIFY2(!o[1].opened, o[1].text().c_str());
    QVERIFY2(contains(str(o[1].find("GLB_CHUNK_TOO_LONG"), "message"),
                      "chunk 0 at byte 12 (JSON) declares 4294967295"),
             o[1].text().c_str());
    QVERIFY2(!o[2].opened, o[2].text().c_str());
    QVERIFY2(contains(str(o[2].find("GLB_CHUNK_TOO_LONG"), "message"),
                      "chunk 1 at byte " + std::to_string(binHeader) + " (BIN"),
             o[2].text().c_str());
    QVERIFY2(o[3].opened, o[3].text().c_str());
    QCOMPARE(str(o[3].find("BUFFER_TOO_SHORT"), "pointer"), std::string("/buffers/0/byteLength"));
    QVERIFY2(o[4].opened && !o[4].hasError(), o[4].text().c_str());
    QVERIFY2(contains(str(o[4].find("GLB_CHUNK_LENGTH_UNALIGNED"), "message"), "chunk 0 at byte 12"),
             o[4].text().c_str());
    QVERIFY2(!o[5].opened && !o[5].find("JSON_EMPTY").is_null(), o[5].text().c_str());
    QVERIFY2(o[6].opened, o[6].text().c_str());
    QVERIFY2(!o[6].find("GLB_LENGTH_MISMATCH").is_null(), o[6].text().c_str());
    QCOMPARE(str(o[6].find("BUFFER_MISSING_DATA"), "pointer"), std::string("/buffers/0"));
    QVERIFY2(!o[7].opened, o[7].text().c_str());
    QVERIFY2(contains(str(o[7].find("GLB_CHUNK_TOO_LONG"), "message"), "declares 2147483648"),
             o[7].text().c_str());
}

void TestCorruptInputs::hugeDeclaredGlbLengthFromAFile()
{
    // Through the file reader (the in-memory one is covered in tests/core): nothing is allocated for the
    // declared sizes, under a 1 GiB address-space limit.
    test::TempDir dir;
    const std::string json = R"({"asset":{"version":"2.0"}})";
    test::writeBytes(dir / "total.glb", rawGlb({{gltf::kGlbChunkJson, padded(json)}}, 0xFFFFFFFF));
    test::writeBytes(dir / "json.glb", rawGlb({{gltf::kGlbChunkJson, padded(json), 0xFFFFFFF0}}, 0xFFFFFFFF));
    test::writeBytes(dir / "bin.glb", rawGlb({{gltf::kGlbChunkJson, padded(json)},
                                              {gltf::kGlbChunkBin, Bytes(16, 0), 0x7FFFFFF0}}));
    Json r;
    {
        std::string why;
        const bool ran = runBounded(
            [&] {
                Json out;
                for (const char* name : {"total.glb", "json.glb", "bin.glb"})
                    out[name] = outcomeJson(gltf::loadGltf(dir / name));
                return out;
            },
            r, why);
        QVERIFY2(ran, why.c_str());
    }
    const Outcome total = outcomeFrom(r["total.glb"]);
    QVERIFY2(!total.opened, total.text().c_str());
    QVERIFY2(contains(str(total.find("GLB_TRUNCATED"), "message"),
                      "declares 4294967295 bytes but the file has only"),
             total.text().c_str());
    const Outcome json4g = outcomeFrom(r["json.glb"]);
    QVERIFY2(!json4g.opened && !json4g.find("GLB_TRUNCATED").is_null(), json4g.text().c_str());
    const Outcome bin = outcomeFrom(r["bin.glb"]);
    QVERIFY2(!bin.opened, bin.text().c_str());
    QVERIFY2(contains(str(bin.find("GLB_CHUNK_TOO_LONG"), "message"), "declares 2147483632"),
             bin.text().c_str());
}

void TestCorruptInputs::badIndices()
{
    const std::string json =
        R"({"asset":{"version":"2.0"},"scene":3,)"
        R"("buffers":[{"byteLength":36,"uri":")" +
        threePositionsUri() +
        R"("}],)"
        R"("bufferViews":[{"buffer":0,"byteLength":36},{"buffer":4,"byteLength":4}],)"
        R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},)"
        R"({"bufferView":9,"componentType":5126,"count":3,"type":"VEC3"}],)"
        R"("meshes":[{"primitives":[{"attributes":{"POSITION":42}}]},)"
        R"({"primitives":[{"attributes":{"POSITION":1}}]},)"
        R"({"primitives":[{"attributes":{"POSITION":0},"indices":-1}]}],)"
        R"("images":[{"bufferView":12,"mimeType":"image/png"}],)"
        R"("textures":[{"source":7}],)"
        R"("skins":[{"joints":[0, 77]}],)"
        R"("animations":[{"samplers":[{"input":0,"output":0}],"channels":[{"sampler":0,"target":{"node":50}}]}],)"
        R"("nodes":[{"mesh":0},{"mesh":1,"children":[99]},{"mesh":2,"skin":3},{"mesh":17}],)"
        R"("scenes":[{"nodes":[0.5, 1]}]})";
    test::TempDir dir;
    test::writeText(dir / "indices.gltf", json);
    Json r;
    {
        std::string why;
        const bool ran = runBounded(
            [&] {
                Json out;
                out["load"] = outcomeJson(gltf::loadGltf(dir / "indices.gltf"));
                out["document"] = documentPass(dir / "indices.gltf");
                return out;
            },
            r, why);
        QVERIFY2(ran, why.c_str());
    }
    const Outcome load = outcomeFrom(r["load"]);
    QVERIFY2(load.opened, load.text().c_str());
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"INDEX_OUT_OF_RANGE", "/scene"},
        {"INDEX_OUT_OF_RANGE", "/bufferViews/1/buffer"},
        {"INDEX_OUT_OF_RANGE", "/accessors/1/bufferView"},
        {"INDEX_OUT_OF_RANGE", "/meshes/0/primitives/0/attributes/POSITION"},
        {"INVALID_INDEX", "/meshes/2/primitives/0/indices"},
        {"INDEX_OUT_OF_RANGE", "/images/0/bufferView"},
        {"INDEX_OUT_OF_RANGE", "/textures/0/source"},
        {"INDEX_OUT_OF_RANGE", "/skins/0/joints/1"},
        {"INDEX_OUT_OF_RANGE", "/animations/0/channels/0/target/node"},
        {"INDEX_OUT_OF_RANGE", "/nodes/2/skin"},
        {"INDEX_OUT_OF_RANGE", "/nodes/3/mesh"},
        {"INVALID_INDEX", "/scenes/0/nodes/0"},
    };
    for (const auto& [code, pointer] : expected)
        QVERIFY2(anyWithCode(load.diagnostics, code, pointer),
                 (code + " at " + pointer + "\n" + load.text()).c_str());
    bool childReported = false;
    for (const Json& d : load.diagnostics)
        childReported = childReported || str(d, "pointer") == "/nodes/1/children/0";
    QVERIFY2(childReported, load.text().c_str());

    // The physics layer gets through it: every node's mesh is refused with a reason, nothing crashes.
    const Json& doc = r["document"];
    QVERIFY2(doc["open"]["opened"].get<bool>(), doc.dump(1).c_str());
    QCOMPARE(doc["nodes"].get<size_t>(), size_t(4));
    for (size_t n = 0; n < 4; ++n) {
        const Json& m = doc["meshes"][n];
        QVERIFY2(!m["triangles"].get<bool>() && !m["trianglesDiagnostics"].empty(), m.dump(1).c_str());
        QVERIFY2(!m["hull"].get<bool>(), m.dump(1).c_str());
    }
}

void TestCorruptInputs::nodeCycles()
{
    auto chain = [](size_t n, bool closed) {
        std::string s = R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[)";
        for (size_t i = 0; i < n; ++i) {
            if (i)
                s += ',';
            const size_t child = i + 1 < n ? i + 1 : (closed ? 0 : n);
            s += child < n ? R"({"translation":[1,0,0],"children":[)" + std::to_string(child) + "]}"
                           : std::string(R"({"translation":[1,0,0]})");
        }
        return s + "]}";
    };
    test::TempDir dir;
    test::writeText(dir / "self.gltf", R"({"asset":{"version":"2.0"},"nodes":[{"children":[0]}]})");
    test::writeText(
        dir / "pair.gltf",
        R"({"asset":{"version":"2.0"},"nodes":[{"children":[1]},{"children":[0]}],"scenes":[{"nodes":[0]}]})");
    test::writeText(dir / "ring.gltf", chain(50'000, true));
    test::writeText(dir / "deep.gltf", chain(100'000, false));
    Json r;
    {
        std::string why;
        const bool ran = runBounded(
            [&] {
                Json out;
                for (const char* name : {"self.gltf", "pair.gltf", "ring.gltf", "deep.gltf"})
                    out[name] = documentPass(dir / name);
                // The deepest node's world transform: a hundred thousand unit steps along x.
                auto deep = gltf::loadGltf(dir / "deep.gltf");
                auto graph = gltf::SceneGraph::build(*deep);
                out["deepX"] = graph->worldTransform(99'999).column(3).x();
                return out;
            },
            r, why);
        QVERIFY2(ran, why.c_str());
    }
    for (const char* name : {"self.gltf", "pair.gltf", "ring.gltf"}) {
        const Json& d = r[name];
        QVERIFY2(d["open"]["opened"].get<bool>(), d.dump(1).c_str());
        QVERIFY2(anyWithCode(d["open"]["diagnostics"], "NODE_CYCLE"),
                 (std::string(name) + d.dump(1)).c_str());
    }
    QVERIFY(anyWithCode(r["self.gltf"]["open"]["diagnostics"], "NODE_CYCLE", "/nodes/0/children/0"));
    const Json& deep = r["deep.gltf"];
    QVERIFY2(deep["open"]["opened"].get<bool>(), deep.dump(1).c_str());
    QVERIFY2(!anyWithCode(deep["open"]["diagnostics"], "NODE_CYCLE"), deep.dump(1).c_str());
    QCOMPARE(r["deepX"].get<double>(), 100'000.0);
}

void TestCorruptInputs::hugeCounts()
{
    const std::string uri = threePositionsUri();
    const std::string json =
        R"({"asset":{"version":"2.0"},)"
        R"("buffers":[{"byteLength":36,"uri":")" +
        uri + R"("},{"byteLength":1099511627776,"uri":")" + uri +
        R"("}],)"
        R"("bufferViews":[{"buffer":0,"byteLength":36},)"
        R"({"buffer":0,"byteLength":1099511627776},)"
        R"({"buffer":0,"byteOffset":18446744073709551615,"byteLength":2}],)"
        R"("accessors":[{"bufferView":0,"componentType":5126,"count":2147483648,"type":"VEC3"},)"
        R"({"bufferView":0,"componentType":5126,"count":18446744073709551615,"type":"VEC3"},)"
        R"({"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},)"
        R"({"bufferView":0,"componentType":5125,"count":2147483648,"type":"SCALAR"},)"
        R"({"componentType":5126,"count":2147483648,"type":"VEC3",)"
        R"("sparse":{"count":2147483648,"indices":{"bufferView":0,"componentType":5125},)"
        R"("values":{"bufferView":0}}},)"
        R"({"componentType":5125,"count":2147483648,"type":"SCALAR"}],)"
        R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]},)"
        R"({"primitives":[{"attributes":{"POSITION":1}}]},)"
        R"({"primitives":[{"attributes":{"POSITION":2},"indices":3}]},)"
        R"({"primitives":[{"attributes":{"POSITION":4}}]},)"
        R"({"primitives":[{"attributes":{"POSITION":2},"indices":5}]}],)"
        R"("nodes":[{"mesh":0},{"mesh":1},{"mesh":2},{"mesh":3},{"mesh":4}],)"
        R"("scenes":[{"nodes":[0,1,2,3,4]}]})";
    test::TempDir dir;
    test::writeText(dir / "huge.gltf", json);
    Json r;
    {
        std::string why;
        const bool ran = runBounded(
            [&] {
                Json out;
                auto loaded = gltf::loadGltf(dir / "huge.gltf");
                out["load"] = outcomeJson(loaded);
                Json reads = Json::array();
                for (size_t a = 0; loaded && a < 6; ++a) {
                    auto floats = gltf::readAccessorFloats(*loaded, a);
                    reads.push_back(
                        {{"ok", floats.value.has_value()}, {"diagnostics", toJson(floats.diagnostics)}});
                }
                out["reads"] = std::move(reads);
                out["document"] = documentPass(dir / "huge.gltf");
                return out;
            },
            r, why);
        QVERIFY2(ran, why.c_str());
    }
    const Outcome load = outcomeFrom(r["load"]);
    QVERIFY2(load.opened, load.text().c_str());
    for (const char* pointer : {"/accessors/0", "/accessors/1", "/accessors/3"})
        QVERIFY2(anyWithCode(load.diagnostics, "ACCESSOR_OUT_OF_BOUNDS", pointer),
                 (pointer + load.text()).c_str());
    QVERIFY2(anyWithCode(load.diagnostics, "BUFFER_VIEW_OUT_OF_BOUNDS", "/bufferViews/1"),
             load.text().c_str());
    QVERIFY2(anyWithCode(load.diagnostics, "BUFFER_VIEW_OUT_OF_BOUNDS", "/bufferViews/2"),
             load.text().c_str());
    QVERIFY2(anyWithCode(load.diagnostics, "BUFFER_TOO_SHORT", "/buffers/1/byteLength"), load.text().c_str());
    // No bufferView: nothing bounds the count but a limit.
    QVERIFY2(anyWithCode(load.diagnostics, "ACCESSOR_TOO_LARGE", "/accessors/4/count"), load.text().c_str());
    QVERIFY2(anyWithCode(load.diagnostics, "ACCESSOR_TOO_LARGE", "/accessors/5/count"), load.text().c_str());
    const Json& reads = r["reads"];
    QVERIFY(!reads[0]["ok"].get<bool>() && !reads[1]["ok"].get<bool>() && !reads[4]["ok"].get<bool>() &&
            !reads[5]["ok"].get<bool>());
    QVERIFY(reads[2]["ok"].get<bool>());
    // Nodes 0, 1, 3: positions that cannot be read; nodes 2, 4: indices that cannot be read.
    for (size_t n = 0; n < 5; ++n) {
        const Json& m = r["document"]["meshes"][n];
        QVERIFY2(!m["triangles"].get<bool>() && !m["trianglesDiagnostics"].empty(), m.dump(1).c_str());
    }
}

void TestCorruptInputs::invalidUtf8()
{
    // Each bad sequence inside a name, in a .gltf and in a GLB JSON chunk, and once in a key.
    const std::vector<std::string> bad = {
        "\x80",             // a lone continuation byte
        "\xC0\xAF",         // an overlong encoding of '/'
        "\xED\xA0\x80",     // a UTF-16 surrogate encoded as UTF-8
        "\xFF",             // never valid
        "\xE2\x82",         // a sequence cut short by the closing quote
        "\xF4\x90\x80\x80", // beyond U+10FFFF
    };
    const std::string head = R"({"asset":{"version":"2.0"},"nodes":[{"name":"ok )";
    std::vector<Bytes> gltfInputs, glbInputs;
    for (const std::string& b : bad) {
        const std::string text = head + b + R"( "}]})";
        gltfInputs.push_back(textBytes(text));
        glbInputs.push_back(glbOfJson(text));
    }
    const std::string keyText =
        R"({"asset":{"version":"2.0"},"extras":{"k)" + std::string("\xFF") + R"(":1}})";
    gltfInputs.push_back(textBytes(keyText));
    gltfInputs.push_back(textBytes(R"({"asset":{"version":"2.0"},"nodes":[{"name":"\ud800 alone"}]})"));
    std::vector<Outcome> asGltf;
    {
        std::string why;
        const bool ran = loadAllBounded(gltfInputs, "utf8.gltf", asGltf, why);
        QVERIFY2(ran, why.c_str());
    }
    std::vector<Outcome> asGlb;
    {
        std::string why;
        const bool ran = loadAllBounded(glbInputs, "utf8.glb", asGlb, why);
        QVERIFY2(ran, why.c_str());
    }
    for (size_t i = 0; i < bad.size(); ++i) {
        for (const Outcome* o : {&asGltf[i], &asGlb[i]}) {
            const std::string context = "sequence " + std::to_string(i) + ": " + o->text();
            QVERIFY2(!o->opened, context.c_str());
            const std::string m = str(o->find("JSON_PARSE_ERROR"), "message");
            QVERIFY2(contains(m, "UTF-8"), context.c_str());
            // The error is at the bad bytes (offsets in the JSON text).
            const long long at = byteOffsetIn(m);
            QVERIFY2(at >= (long long)head.size() && at < (long long)(head.size() + bad[i].size() + 1),
                     context.c_str());
        }
        // In a .glb the message also says where the JSON chunk is in the file.
        QVERIFY2(contains(str(asGlb[i].find("JSON_PARSE_ERROR"), "message"), "GLB JSON chunk"),
                 asGlb[i].text().c_str());
    }
    const Outcome& key = asGltf[bad.size()];
    QVERIFY2(!key.opened && contains(str(key.find("JSON_PARSE_ERROR"), "message"), "UTF-8"),
             key.text().c_str());
    const Outcome& surrogate = asGltf[bad.size() + 1];
    QVERIFY2(!surrogate.opened && contains(str(surrogate.find("JSON_PARSE_ERROR"), "message"), "surrogate"),
             surrogate.text().c_str());
}

void TestCorruptInputs::deepNesting()
{
    auto nested = [](size_t depth, char open, char close, const std::string& inner) {
        std::string s;
        for (size_t i = 0; i < depth; ++i)
            s += open == '{' ? std::string("{\"a\":") : std::string(1, open);
        s += inner;
        s += std::string(depth, close);
        return s;
    };
    const std::string head = R"({"asset":{"version":"2.0"},"extras":)";
    std::vector<Bytes> inputs;
    inputs.push_back(textBytes(head + nested(100'000, '[', ']', "1") + "}")); // 0: closed arrays
    inputs.push_back(glbOfJson(head + nested(100'000, '[', ']', "1") + "}")); // 1: in a GLB
    inputs.push_back(textBytes(head + nested(100'000, '{', '}', "1") + "}")); // 2: objects
    // 3, 4: the limit exactly (the root object counts as one level), and one more.
    inputs.push_back(textBytes(head + nested(gltf::kMaxJsonDepth - 1, '[', ']', "1") + "}"));
    inputs.push_back(textBytes(head + nested(gltf::kMaxJsonDepth, '[', ']', "1") + "}"));
    // 5: brackets inside a string are text, not nesting.
    inputs.push_back(textBytes(head + "\"" + std::string(100'000, '[') + "\"}"));
    std::vector<Outcome> o;
    {
        std::string why;
        const bool ran = loadAllBounded(inputs, "deep.gltf", o, why);
        QVERIFY2(ran, why.c_str());
    }

    for (size_t i : {0, 1, 2, 4}) {
        const std::string context = "input " + std::to_string(i) + ": " + o[i].text().substr(0, 2000);
        QVERIFY2(!o[i].opened, context.c_str());
        const std::string m = str(o[i].find("JSON_TOO_DEEP"), "message");
        // The first bracket past the limit: the root object is level 1, so it is the limit-th one after
        // the head ({"a": is five bytes per level).
        const long long step = i == 2 ? 5 : 1;
        const long long expected = (long long)head.size() + step * (gltf::kMaxJsonDepth - 1);
        QVERIFY2(byteOffsetIn(m) == expected,
                 (context + "; expected byte " + std::to_string(expected)).c_str());
    }
    QVERIFY2(o[3].opened && !o[3].hasError(), o[3].text().substr(0, 2000).c_str());
    QVERIFY2(o[5].opened && !o[5].hasError(), o[5].text().substr(0, 2000).c_str());
}

void TestCorruptInputs::nonFiniteNumbers()
{
    // JSON has no NaN or infinity; the parser says where such a number is.
    const std::string head = R"({"asset":{"version":"2.0"},"nodes":[{"translation":[0,)";
    std::vector<Bytes> inputs;
    for (const char* literal : {"NaN", "nan", "Infinity", "-Infinity", "inf", "-1e999"})
        inputs.push_back(textBytes(head + literal + ",0]}]}"));
    std::vector<Outcome> o;
    {
        std::string why;
        const bool ran = loadAllBounded(inputs, "nonfinite.gltf", o, why);
        QVERIFY2(ran, why.c_str());
    }
    for (size_t i = 0; i < inputs.size(); ++i) {
        QVERIFY2(!o[i].opened, o[i].text().c_str());
        const long long at = byteOffsetIn(str(o[i].find("JSON_PARSE_ERROR"), "message"));
        QVERIFY2(at >= (long long)head.size() && at <= (long long)head.size() + 9, o[i].text().c_str());
    }
}

void TestCorruptInputs::nonFinitePositions()
{
    // Binary float data may hold NaN and infinity. The file opens; every geometry computation on it refuses
    // with a reason instead of hanging, crashing or producing NaN shapes.
    Bytes data;
    test::appendFloats(data, {0,
                              0,
                              0,
                              1,
                              0,
                              0,
                              0,
                              1,
                              0,
                              1,
                              1,
                              1,
                              0,
                              0,
                              1,
                              std::numeric_limits<float>::quiet_NaN(),
                              0,
                              0,
                              0,
                              0,
                              std::numeric_limits<float>::infinity(),
                              2,
                              2,
                              2,
                              -1,
                              0,
                              0});
    const std::string json =
        R"({"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],)"
        R"("extensions":{"OMI_physics_shape":{"shapes":[{"type":"convex","convex":{"mesh":0}},)"
        R"({"type":"trimesh","trimesh":{"mesh":0}}]}},)"
        R"("buffers":[{"byteLength":108,"uri":")" +
        test::base64DataUri(data) +
        R"("}],)"
        R"("bufferViews":[{"buffer":0,"byteLength":108}],)"
        R"("accessors":[{"bufferView":0,"componentType":5126,"count":9,"type":"VEC3","min":[-1,0,0],"max":[2,2,2]}],)"
        R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],)"
        R"("nodes":[{"mesh":0,"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2},)"
        R"("collider":{"shape":0}}}},)"
        R"({"mesh":0,"extensions":{"OMI_physics_body":{"collider":{"shape":1}}}}],)"
        R"("scenes":[{"nodes":[0,1]}]})";
    test::TempDir dir;
    test::writeText(dir / "nan.gltf", json);
    Json r;
    {
        std::string why;
        const bool ran = runBounded(
            [&] {
                Json out;
                out["document"] = documentPass(dir / "nan.gltf");
                auto loaded = gltf::loadGltf(dir / "nan.gltf");
                auto floats = gltf::readAccessorFloats(*loaded, 0);
                std::vector<geometry::Vec3d> points;
                for (size_t i = 0; i + 2 < floats->values.size(); i += 3)
                    points.push_back({floats->values[i], floats->values[i + 1], floats->values[i + 2]});
                out["hull"] = toJson(geometry::generateConvexHull(points).diagnostics);
                out["fits"] = Json::array({toJson(geometry::fitBox(points).diagnostics),
                                           toJson(geometry::fitOrientedBox(points).diagnostics),
                                           toJson(geometry::fitSphere(points).diagnostics),
                                           toJson(geometry::fitCapsule(points).diagnostics),
                                           toJson(geometry::fitCylinder(points).diagnostics)});
                return out;
            },
            r, why);
        QVERIFY2(ran, why.c_str());
    }
    const Json& doc = r["document"];
    QVERIFY2(doc["open"]["opened"].get<bool>(), doc.dump(1).c_str());
    for (size_t n = 0; n < 2; ++n) {
        const Json& m = doc["meshes"][n];
        QVERIFY2(!m["triangles"].get<bool>() && !m["hull"].get<bool>(), m.dump(1).c_str());
        QVERIFY2(anyWithCode(m["trianglesDiagnostics"], "ACCESSOR_NON_FINITE", "/accessors/0"),
                 m.dump(1).c_str());
        QVERIFY2(contains(m["trianglesDiagnostics"].dump(), "position 5 is not a finite number"),
                 m.dump(1).c_str());
    }
    // The body on node 0 has a convex shape on that mesh: no mass properties from NaN.
    QVERIFY2(!doc["meshes"][0]["mass"].get<bool>() && !doc["meshes"][0]["massDiagnostics"].empty(),
             doc["meshes"][0].dump(1).c_str());
    // The validator reports the shapes' unusable mesh (the structure check does not read values).
    QVERIFY2(anyWithCode(doc["validation"], "ACCESSOR_NON_FINITE", "/accessors/0"),
             doc["validation"].dump(1).c_str());
    QVERIFY2(contains(r["hull"].dump(), "NaN or infinite"), r["hull"].dump(1).c_str());
    for (const Json& fit : r["fits"])
        QVERIFY2(anyWithCode(fit, "FIT_NONFINITE_POINT"), fit.dump(1).c_str());
}

void TestCorruptInputs::duplicateKeys()
{
    const std::string text =
        R"({"asset":{"version":"2.0"},"nodes":[{"name":"first","name":"second"}],"asset":{"version":"1.0"}})";
    std::vector<Bytes> inputs = {textBytes(text), glbOfJson(text)};
    std::vector<Outcome> o;
    {
        std::string why;
        const bool ran = loadAllBounded(inputs, "duplicates.gltf", o, why);
        QVERIFY2(ran, why.c_str());
    }
    for (const Outcome& d : o) {
        // The file opens (the first of each pair is used, as a save writes both back), with a warning at
        // each repeated key.
        QVERIFY2(d.opened, d.text().c_str());
        const Json node = d.find("JSON_DUPLICATE_KEY");
        QVERIFY2(anyWithCode(d.diagnostics, "JSON_DUPLICATE_KEY", "/nodes/0/name"), d.text().c_str());
        QVERIFY2(anyWithCode(d.diagnostics, "JSON_DUPLICATE_KEY", "/asset"), d.text().c_str());
        QCOMPARE(str(node, "severity"), std::string("warning"));
    }
}

void TestCorruptInputs::byteOrderMark()
{
    const std::string json = R"({"asset":{"version":"2.0"},"nodes":[{"name":"bom"}]})";
    std::vector<Bytes> inputs = {textBytes("\xEF\xBB\xBF" + json), glbOfJson("\xEF\xBB\xBF" + json),
                                 textBytes("\xFF\xFE{\0\"\0"), textBytes("\xEF\xBB\xBF")};
    std::vector<Outcome> o;
    {
        std::string why;
        const bool ran = loadAllBounded(inputs, "bom.gltf", o, why);
        QVERIFY2(ran, why.c_str());
    }
    // A UTF-8 byte order mark: glTF forbids writing one and lets readers ignore it; it is reported.
    for (size_t i : {0, 1}) {
        QVERIFY2(o[i].opened && !o[i].hasError(), o[i].text().c_str());
        QCOMPARE(str(o[i].find("JSON_BYTE_ORDER_MARK"), "severity"), std::string("warning"));
    }
    // UTF-16 is not glTF: a parse error at the first byte.
    QVERIFY2(!o[2].opened && byteOffsetIn(str(o[2].find("JSON_PARSE_ERROR"), "message")) == 0,
             o[2].text().c_str());
    // A byte order mark and nothing else holds no JSON.
    QVERIFY2(!o[3].opened && !o[3].find("JSON_EMPTY").is_null(), o[3].text().c_str());
}

QTEST_GUILESS_MAIN(TestCorruptInputs)
#include "TestCorruptInputs.moc"
