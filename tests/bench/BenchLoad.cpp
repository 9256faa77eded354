// bench=load: opening a file with the document core, against reading the same bytes and parsing the JSON with
// nlohmann::json (the floor any loader pays), against tinygltf (a complete loader; images not decoded) and
// against Assimp's glTF importer (no post-processing).
#include "BenchUtil.h"
#include "gltf/GltfDocument.h"
#include "gltf/JsonText.h"
#include "gltf/Uri.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <tiny_gltf.h>

namespace cs::bench {

namespace fs = std::filesystem;
using gltf::Bytes;
using gltf::Json;

namespace {

Bytes readFile(const fs::path& path)
{
    Bytes out(fs::file_size(path));
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return {};
    const size_t got = std::fread(out.data(), 1, out.size(), f);
    std::fclose(f);
    out.resize(got);
    return out;
}

uint32_t u32(const Bytes& b, size_t at)
{
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

/// The baseline: read the file and every external file it names, and parse the JSON. No checks, no copies
/// beyond the reads.
size_t freadAndParse(const fs::path& path)
{
    Bytes file = readFile(path);
    size_t total = file.size();
    nlohmann::json j;
    if (file.size() >= 20 && u32(file, 0) == 0x46546C67) {
        const size_t length = u32(file, 12);
        j = nlohmann::json::parse(file.begin() + 20, file.begin() + 20 + static_cast<std::ptrdiff_t>(length));
    } else {
        j = nlohmann::json::parse(file.begin(), file.end());
    }
    for (const char* array : {"buffers", "images"}) {
        if (!j.contains(array))
            continue;
        for (const auto& e : j[array]) {
            if (!e.contains("uri"))
                continue;
            const std::string uri = e["uri"].get<std::string>();
            if (gltf::isDataUri(uri)) {
                total += gltf::decodeDataUri(uri)->data.size();
            } else {
                total += readFile(path.parent_path() / *gltf::percentDecode(uri)).size();
            }
        }
    }
    keep(&j);
    return total;
}

bool skipImage(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
               void*)
{
    return true;
}

bool tinygltfLoad(const fs::path& path)
{
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(skipImage, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    const bool binary = path.extension() == ".glb";
    const bool ok = binary ? loader.LoadBinaryFromFile(&model, &err, &warn, path.string())
                           : loader.LoadASCIIFromFile(&model, &err, &warn, path.string());
    keep(&model);
    return ok;
}

bool assimpLoad(const fs::path& path)
{
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(path.string(), 0);
    keep(scene);
    return scene != nullptr;
}

/// File size plus the external resources the loader read.
size_t assetBytes(const fs::path& path, const gltf::GltfDocument& doc)
{
    size_t total = doc.sourceFormat() == gltf::FileFormat::Glb ? 0 : fs::file_size(path);
    if (doc.sourceFormat() == gltf::FileFormat::Glb)
        return fs::file_size(path);
    for (const auto& b : doc.buffers())
        total += b.origin == gltf::ResourceOrigin::ExternalFile ? b.data.size() : 0;
    for (const auto& i : doc.images())
        total += i.origin == gltf::ResourceOrigin::ExternalFile ? i.data.size() : 0;
    return total;
}

/// The largest asset of the test corpus that loads cleanly, by bytes read.
fs::path largestCorpusFile()
{
    fs::path best;
    size_t bestSize = 0;
    for (const fs::path& dir : {fs::path(CS_TEST_DATA_DIR), fs::path(CS_ASSIMP_GLTF2_DIR)}) {
        if (!fs::exists(dir))
            continue;
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            const auto ext = e.path().extension();
            if (ext != ".gltf" && ext != ".glb")
                continue;
            auto loaded = gltf::loadGltf(e.path());
            if (!loaded || hasErrors(loaded.diagnostics) || !tinygltfLoad(e.path()))
                continue;
            const size_t size = assetBytes(e.path(), *loaded);
            if (size > bestSize) {
                bestSize = size;
                best = e.path();
            }
        }
    }
    return best;
}

/// A large scene like a level with many colliders: `bodies` nodes with an OMI physics body and a box shape
/// each, and `meshes` meshes of `vertices` vertices; written as .glb and as .gltf + .bin into `dir`.
std::pair<fs::path, fs::path> makeLargeScene(const fs::path& dir, size_t bodies, size_t meshes,
                                             size_t vertices)
{
    Json j = Json::object();
    j["asset"] = {{"version", "2.0"}, {"generator", "cs_bench"}};
    j["extensionsUsed"] = {"OMI_physics_body", "OMI_physics_shape"};
    Bytes bin;
    uint32_t seed = 12345;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return float(seed >> 8) / float(1 << 24);
    };
    Json views = Json::array(), accessors = Json::array(), meshArray = Json::array();
    for (size_t m = 0; m < meshes; ++m) {
        const size_t posOffset = bin.size();
        for (size_t v = 0; v < vertices * 3; ++v) {
            const float f = next();
            const auto* p = reinterpret_cast<const uint8_t*>(&f);
            bin.insert(bin.end(), p, p + 4);
        }
        const size_t idxOffset = bin.size();
        const size_t triangles = vertices * 2;
        for (size_t t = 0; t < triangles * 3; ++t) {
            const uint32_t i = uint32_t(next() * float(vertices - 1));
            const auto* p = reinterpret_cast<const uint8_t*>(&i);
            bin.insert(bin.end(), p, p + 4);
        }
        views.push_back(
            {{"buffer", 0}, {"byteOffset", posOffset}, {"byteLength", vertices * 12}, {"target", 34962}});
        views.push_back(
            {{"buffer", 0}, {"byteOffset", idxOffset}, {"byteLength", triangles * 12}, {"target", 34963}});
        accessors.push_back({{"bufferView", 2 * m},
                             {"componentType", 5126},
                             {"count", vertices},
                             {"type", "VEC3"},
                             {"min", {0, 0, 0}},
                             {"max", {1, 1, 1}}});
        accessors.push_back({{"bufferView", 2 * m + 1},
                             {"componentType", 5125},
                             {"count", triangles * 3},
                             {"type", "SCALAR"}});
        meshArray.push_back(
            {{"primitives", {{{"attributes", {{"POSITION", 2 * m}}}, {"indices", 2 * m + 1}}}}});
    }
    Json nodes = Json::array(), shapes = Json::array(), roots = Json::array();
    for (size_t b = 0; b < bodies; ++b) {
        Json node = {{"name", "Body " + std::to_string(b)},
                     {"translation", {next() * 100, next() * 10, next() * 100}},
                     {"extensions",
                      {{"OMI_physics_body",
                        {{"motion", {{"type", b % 3 == 0 ? "static" : "dynamic"}, {"mass", 1 + next()}}},
                         {"collider", {{"shape", b}}}}}}}};
        if (b < meshes)
            node["mesh"] = b;
        nodes.push_back(std::move(node));
        shapes.push_back({{"type", "box"}, {"box", {{"size", {next() + 0.1, next() + 0.1, next() + 0.1}}}}});
        roots.push_back(b);
    }
    j["extensions"] = {{"OMI_physics_shape", {{"shapes", shapes}}}};
    j["scene"] = 0;
    j["scenes"] = {{{"nodes", roots}}};
    j["nodes"] = std::move(nodes);
    j["meshes"] = std::move(meshArray);
    j["accessors"] = std::move(accessors);
    j["bufferViews"] = std::move(views);
    j["buffers"] = {{{"byteLength", bin.size()}}};

    const fs::path glb = dir / "large-scene.glb";
    const std::string text = j.dump();
    auto doc = gltf::loadGltfFromBytes(Bytes(text.begin(), text.end()), dir / "large-scene.gltf",
                                       {.loadImages = false, .checkStructure = false});
    // The JSON names one buffer without a uri: give the in-memory document the bytes, as a GLB BIN chunk.
    doc->buffers()[0].data = std::move(bin);
    doc->buffers()[0].origin = gltf::ResourceOrigin::GlbBinChunk;
    gltf::saveGltf(*doc, glb);
    const fs::path gltfPath = dir / "large-scene.gltf";
    gltf::saveGltf(*doc, gltfPath);
    return {glb, gltfPath};
}

void benchOne(const std::string& label, const fs::path& path, int runs)
{
    bool ok = true;
    const auto ms = medianMs({[&] {
                                  auto r = gltf::loadGltf(path);
                                  ok = ok && r.value.has_value();
                                  keep(&r);
                              },
                              [&] { keep(reinterpret_cast<void*>(freadAndParse(path))); },
                              [&] { ok = tinygltfLoad(path) && ok; }, [&] { ok = assimpLoad(path) && ok; }},
                             runs);
    const size_t bytes = fs::file_size(path);
    std::printf(
        "bench=load file=%s bytes=%zu ours_ms=%s fread_json_ms=%s tinygltf_ms=%s assimp_ms=%s ratio_json=%s "
        "ratio_tinygltf=%s ratio_assimp=%s%s\n",
        label.c_str(), bytes, fixed(ms[0]).c_str(), fixed(ms[1]).c_str(), fixed(ms[2]).c_str(),
        fixed(ms[3]).c_str(), fixed(ms[0] / ms[1], 2).c_str(), fixed(ms[0] / ms[2], 2).c_str(),
        fixed(ms[0] / ms[3], 2).c_str(), ok ? "" : " error=load_failed");
}

} // namespace

size_t freadAndParseFile(const fs::path& path)
{
    return freadAndParse(path);
}
bool tinygltfLoadFile(const fs::path& path)
{
    return tinygltfLoad(path);
}
bool assimpLoadFile(const fs::path& path)
{
    return assimpLoad(path);
}
std::pair<fs::path, fs::path> makeLargeSceneFiles(const fs::path& dir, size_t bodies, size_t meshes,
                                                  size_t vertices)
{
    return makeLargeScene(dir, bodies, meshes, vertices);
}

int runLoadBenchmarks(int runs, bool quick)
{
    const fs::path corpus = largestCorpusFile();
    if (corpus.empty()) {
        std::fprintf(stderr, "cs_bench: no corpus file found (tests/data or assimp-testmodels)\n");
        return 1;
    }
    benchOne(corpus.filename().string(), corpus, runs);

    const fs::path dir = fs::temp_directory_path() / "collidoscope-bench";
    fs::create_directories(dir);
    const size_t bodies = quick ? 1000 : 10000;
    const auto [glb, gltfPath] = makeLargeScene(dir, bodies, quick ? 20 : 200, 5000);
    benchOne("scene-" + std::to_string(bodies) + "-bodies.glb", glb, runs);
    benchOne("scene-" + std::to_string(bodies) + "-bodies.gltf", gltfPath, runs);
    fs::remove_all(dir);
    return 0;
}

} // namespace cs::bench
