// bench=save: encoding a loaded 10,000-body scene as .glb and writing it, against the floor (serialize the
//   JSON with nlohmann::json and write it with the binary chunk, the same writer) and against tinygltf's .glb
//   writer. bench=save_durable: the program's save (temporary file, fsync, rename) against the same steps
//   done with plain POSIX calls on the same bytes, and the share of fsync + rename in that baseline.
// bench=validate: reading the physics and running every validator rule on that scene, against fread + JSON
// parse
//   of the same file (the cost of merely looking at it).
// bench=memory: the peak resident memory of one load in a fresh process (this program re-run with
// --peak-rss),
//   minus that of a process that loads nothing, against fread + parse, tinygltf and Assimp.
#include "BenchUtil.h"
#include "gltf/Glb.h"
#include "gltf/GltfDocument.h"
#include "gltf/JsonText.h"
#include "physics/Validator.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <span>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <tiny_gltf.h>
#include <unistd.h>

namespace cs::bench {

namespace fs = std::filesystem;

namespace {

using Pieces = std::vector<std::span<const std::uint8_t>>;

/// Writes the pieces one after the other into `path` with plain POSIX calls. Durable: into a temporary file
/// next to it, flushed to the disk (fsync) and renamed over `path`, the time of fsync + rename added to
/// `syncMs`.
bool writePieces(const Pieces& pieces, const fs::path& path, bool durable, double* syncMs = nullptr)
{
    const fs::path target = durable ? fs::path(path.string() + ".tmp") : path;
    const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return false;
    bool ok = true;
    for (const auto& piece : pieces) {
        size_t done = 0;
        while (ok && done < piece.size()) {
            const ssize_t n = ::write(fd, piece.data() + done, piece.size() - done);
            ok = n > 0;
            done += ok ? size_t(n) : 0;
        }
    }
    const auto start = std::chrono::steady_clock::now();
    if (durable)
        ok = ::fsync(fd) == 0 && ok;
    ok = ::close(fd) == 0 && ok;
    if (durable)
        ok = ::rename(target.c_str(), path.c_str()) == 0 && ok;
    if (syncMs)
        *syncMs +=
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return ok;
}

/// The floor of a .glb save: the JSON text (nlohmann's dump), the GLB and chunk headers and the padding made
/// here, the BIN chunk written from the document's buffer.
bool rawGlbWrite(const gltf::GltfDocument& doc, const fs::path& path, bool durable, double* syncMs = nullptr)
{
    const std::string json = doc.json().dump();
    static const gltf::Bytes none;
    const gltf::Bytes& bin = doc.buffers().empty() ? none : doc.buffers()[0].data;
    const uint32_t jsonLength = uint32_t((json.size() + 3) & ~size_t(3));
    const uint32_t binLength = uint32_t((bin.size() + 3) & ~size_t(3));
    const uint32_t header[5] = {0x46546C67u, 2u, 12u + 8u + jsonLength + 8u + binLength, jsonLength,
                                0x4E4F534Au};
    const uint32_t binChunk[2] = {binLength, 0x004E4942u};
    std::string head(reinterpret_cast<const char*>(header), sizeof header);
    head += json;
    head.resize(20 + jsonLength, ' ');
    head.append(reinterpret_cast<const char*>(binChunk), sizeof binChunk);
    const std::string tail(binLength - bin.size(), '\0');
    auto bytes = [](const std::string& s) {
        return std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
    };
    return writePieces({bytes(head), std::span<const std::uint8_t>(bin), bytes(tail)}, path, durable, syncMs);
}

/// Our .glb encoding (core's encodeGlbPieces: embedding, JSON text, chunk layout) written by the baseline's
/// writer, so that the ratio is the encoding's cost over the floor's.
bool oursGlbWrite(const gltf::GltfDocument& doc, const fs::path& path)
{
    auto pieces = gltf::encodeGlbPieces(doc);
    return pieces && writePieces(pieces->spans(), path, false);
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
    const fs::path durable = dir / "save-durable.glb", rawDurable = dir / "save-raw-durable.glb";
    double syncMs = 0;
    const auto ms = medianMs(
        {[&] { ok = oursGlbWrite(*doc, ours) && ok; }, [&] { ok = rawGlbWrite(*doc, raw, false) && ok; },
         [&] { ok = loader.WriteGltfSceneToFile(&model, tiny.string(), true, true, false, true) && ok; },
         [&] { ok = !hasErrors(gltf::saveGltf(*doc, durable)) && ok; },
         [&] { ok = rawGlbWrite(*doc, rawDurable, true, &syncMs) && ok; }},
        runs);
    // The same bytes, or the comparison is not fair.
    const bool same =
        fs::file_size(ours) == fs::file_size(raw) && fs::file_size(durable) == fs::file_size(raw);
    std::printf("bench=save file=%s bytes=%ju ours_ms=%s raw_write_ms=%s tinygltf_ms=%s ratio_raw=%s "
                "ratio_tinygltf=%s%s\n",
                label.c_str(), std::uintmax_t(fs::file_size(ours)), fixed(ms[0]).c_str(),
                fixed(ms[1]).c_str(), fixed(ms[2]).c_str(), fixed(ms[0] / ms[1], 2).c_str(),
                fixed(ms[0] / ms[2], 2).c_str(), ok && same ? "" : " error=save_failed_or_sizes_differ");
    // The durable path: temporary file, fsync, rename (saveGltf as the program saves), against the same
    // steps done with plain POSIX calls; fsync_rename_ms is those two calls alone in the baseline (mean).
    std::printf("bench=save_durable file=%s ours_ms=%s raw_write_fsync_rename_ms=%s fsync_rename_ms=%s "
                "ratio_raw_durable=%s durable_share=%s\n",
                label.c_str(), fixed(ms[3]).c_str(), fixed(ms[4]).c_str(),
                fixed(syncMs / double(runs + 1)).c_str(), fixed(ms[3] / ms[4], 2).c_str(),
                fixed(syncMs / double(runs + 1) / ms[4], 2).c_str());
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
