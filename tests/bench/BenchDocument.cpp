// bench=save: writing a loaded 10,000-body scene as .glb, against the floor (serialize the JSON with
// nlohmann::json
//   and fwrite it with the binary chunk) and against tinygltf's .glb writer.
// bench=validate: reading the physics and running every validator rule on that scene, against fread + JSON
// parse
//   of the same file (the cost of merely looking at it).
// bench=memory: the peak resident memory of one load in a fresh process (this program re-run with
// --peak-rss),
//   minus that of a process that loads nothing, against fread + parse, tinygltf and Assimp.
#include "BenchUtil.h"
#include "gltf/GltfDocument.h"
#include "gltf/JsonText.h"
#include "physics/Validator.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <tiny_gltf.h>
#include <unistd.h>

namespace cs::bench {

namespace fs = std::filesystem;

namespace {

/// The floor of a .glb save: JSON text, GLB header and chunk headers, JSON and BIN written with fwrite.
bool rawGlbWrite(const gltf::GltfDocument& doc, const fs::path& path)
{
    const std::string json = doc.json().dump();
    const gltf::Bytes& bin = doc.buffers().empty() ? gltf::Bytes() : doc.buffers()[0].data;
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        return false;
    const uint32_t jsonLength = uint32_t((json.size() + 3) & ~size_t(3));
    const uint32_t binLength = uint32_t((bin.size() + 3) & ~size_t(3));
    const uint32_t header[3] = {0x46546C67u, 2u, 12u + 8u + jsonLength + 8u + binLength};
    const uint32_t jsonChunk[2] = {jsonLength, 0x4E4F534Au};
    const uint32_t binChunk[2] = {binLength, 0x004E4942u};
    const char pad[4] = {' ', ' ', ' ', ' '};
    const char zero[4] = {0, 0, 0, 0};
    bool ok = std::fwrite(header, 4, 3, f) == 3 && std::fwrite(jsonChunk, 4, 2, f) == 2 &&
              std::fwrite(json.data(), 1, json.size(), f) == json.size() &&
              std::fwrite(pad, 1, jsonLength - json.size(), f) == jsonLength - json.size() &&
              std::fwrite(binChunk, 4, 2, f) == 2 &&
              std::fwrite(bin.data(), 1, bin.size(), f) == bin.size() &&
              std::fwrite(zero, 1, binLength - bin.size(), f) == binLength - bin.size();
    ok = std::fclose(f) == 0 && ok;
    return ok;
}

void benchSave(const std::string& label, const fs::path& source, const fs::path& dir, int runs)
{
    auto doc = gltf::loadGltf(source, {.loadImages = true, .checkStructure = false});
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    bool ok = doc.value.has_value() && loader.LoadBinaryFromFile(&model, &err, &warn, source.string());
    if (!ok) {
        std::printf("bench=save file=%s error=load_failed\n", label.c_str());
        return;
    }
    const fs::path ours = dir / "save-ours.glb", raw = dir / "save-raw.glb", tiny = dir / "save-tinygltf.glb";
    const auto ms = medianMs(
        {[&] { ok = !hasErrors(gltf::saveGltf(*doc, ours)) && ok; },
         [&] { ok = rawGlbWrite(*doc, raw) && ok; },
         [&] { ok = loader.WriteGltfSceneToFile(&model, tiny.string(), true, true, false, true) && ok; }},
        runs);
    std::printf("bench=save file=%s bytes=%ju ours_ms=%s raw_write_ms=%s tinygltf_ms=%s ratio_raw=%s "
                "ratio_tinygltf=%s%s\n",
                label.c_str(), std::uintmax_t(fs::file_size(ours)), fixed(ms[0]).c_str(),
                fixed(ms[1]).c_str(), fixed(ms[2]).c_str(), fixed(ms[0] / ms[1], 2).c_str(),
                fixed(ms[0] / ms[2], 2).c_str(), ok ? "" : " error=save_failed");
}

void benchValidate(const std::string& label, const fs::path& source, int runs)
{
    auto doc = gltf::loadGltf(source, {.loadImages = false, .checkStructure = true});
    if (!doc) {
        std::printf("bench=validate file=%s error=load_failed\n", label.c_str());
        return;
    }
    size_t findings = 0;
    const auto ms = medianMs({[&] { findings = physics::validatePhysics(*doc).size(); },
                              [&] { keep(reinterpret_cast<void*>(freadAndParseFile(source))); }},
                             runs);
    std::printf("bench=validate file=%s findings=%zu ours_ms=%s fread_json_ms=%s ratio_json=%s\n",
                label.c_str(), findings, fixed(ms[0]).c_str(), fixed(ms[1]).c_str(),
                fixed(ms[0] / ms[1], 2).c_str());
}

/// Peak resident set in KiB of `self --peak-rss loader path`, or -1.
long childPeakKb(const std::string& self, const char* loader, const fs::path& path)
{
    const std::string command = "'" + self + "' --peak-rss " + loader + " '" + path.string() + "'";
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return -1;
    long kb = -1;
    if (std::fscanf(pipe, "%ld", &kb) != 1)
        kb = -1;
    return ::pclose(pipe) == 0 ? kb : -1;
}

void benchMemory(const std::string& self, const std::string& label, const fs::path& path)
{
    const long base = childPeakKb(self, "none", path);
    const long ours = childPeakKb(self, "ours", path);
    const long raw = childPeakKb(self, "fread_json", path);
    const long tiny = childPeakKb(self, "tinygltf", path);
    const long assimp = childPeakKb(self, "assimp", path);
    if (base < 0 || ours < 0 || raw < 0 || tiny < 0 || assimp < 0) {
        std::printf("bench=memory file=%s error=child_failed\n", label.c_str());
        return;
    }
    auto mb = [base](long kb) { return double(kb - base) / 1024.0; };
    std::printf("bench=memory file=%s bytes=%ju ours_mb=%s fread_json_mb=%s tinygltf_mb=%s assimp_mb=%s "
                "ratio_json=%s ratio_tinygltf=%s ratio_assimp=%s\n",
                label.c_str(), std::uintmax_t(fs::file_size(path)), fixed(mb(ours), 1).c_str(),
                fixed(mb(raw), 1).c_str(), fixed(mb(tiny), 1).c_str(), fixed(mb(assimp), 1).c_str(),
                fixed(mb(ours) / mb(raw), 2).c_str(), fixed(mb(ours) / mb(tiny), 2).c_str(),
                fixed(mb(ours) / mb(assimp), 2).c_str());
}

} // namespace

int peakRssChild(const char* loader, const char* file)
{
    const fs::path path = file;
    bool ok = true;
    if (std::strcmp(loader, "ours") == 0) {
        auto doc = gltf::loadGltf(path);
        ok = doc.value.has_value();
        keep(&doc);
    } else if (std::strcmp(loader, "fread_json") == 0) {
        keep(reinterpret_cast<void*>(freadAndParseFile(path)));
    } else if (std::strcmp(loader, "tinygltf") == 0) {
        ok = tinygltfLoadFile(path);
    } else if (std::strcmp(loader, "assimp") == 0) {
        ok = assimpLoadFile(path);
    } else if (std::strcmp(loader, "none") != 0) {
        return 2;
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%ld\n", usage.ru_maxrss);
    return ok ? 0 : 1;
}

int runDocumentBenchmarks(const std::string& self, int runs, bool quick)
{
    const fs::path dir = fs::temp_directory_path() / "collidoscope-bench-document";
    fs::create_directories(dir);
    const size_t bodies = quick ? 1000 : 10000;
    const auto [glb, gltfPath] = makeLargeSceneFiles(dir, bodies, quick ? 20 : 200, 5000);
    const std::string label = "scene-" + std::to_string(bodies) + "-bodies.glb";
    benchSave(label, glb, dir, runs);
    benchValidate(label, glb, runs);
    benchMemory(self, label, glb);
    fs::remove_all(dir);
    return 0;
}

} // namespace cs::bench
