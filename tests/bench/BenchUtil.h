#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cs::bench {

/// The command line every benchmark program takes: --runs N, --quick, --only NAME, and the options named in
/// `valued` with one value each (e.g. --file NAME). `ok` is false on anything else.
struct Options
{
    int runs = 5;
    bool quick = false;
    std::string only;
    std::map<std::string, std::string> values; ///< "--file" -> "many-nodes.gltf"
    bool ok = true;

    /// Whether the benchmark `name` runs (every one without --only).
    bool run(const char* name) const { return only.empty() || only == name; }
    std::string value(const std::string& option) const
    {
        const auto it = values.find(option);
        return it == values.end() ? std::string() : it->second;
    }
};
Options parseOptions(int argc, char** argv, int defaultRuns, const std::vector<std::string>& valued = {});

/// The order in which run `run` calls `n` contenders: over n runs (2n for an odd n) each contender comes
/// right after each other one equally often, so that none always follows the same one (a contender that
/// runs right after a heavy one, Assimp, finds the caches full of that one's data).
std::vector<size_t> runOrder(size_t run, size_t n);

/// Median wall time in milliseconds of `runs` calls of each function, the calls interleaved so that a slow
/// spell of a shared machine hits every contender alike, each run in its runOrder(). One untimed warm-up
/// call each first.
std::vector<double> medianMs(const std::vector<std::function<void()>>& contenders, int runs);

/// "1.23" style formatting for key=value lines.
std::string fixed(double value, int decimals = 3);

/// Keeps the optimizer from discarding a result.
void keep(const void* p);

// The loaders BenchLoad.cpp compares (shared with the save, validation and memory benchmarks).
/// The floor: read the file and the files it names, parse the JSON. Returns the bytes read.
size_t freadAndParseFile(const std::filesystem::path& path);
bool tinygltfLoadFile(const std::filesystem::path& path);
bool assimpLoadFile(const std::filesystem::path& path);
/// A level-like scene of `bodies` boxes with OMI physics and `meshes` random meshes of `vertices` vertices,
/// written as .glb and as .gltf + .bin into `dir`.
std::pair<std::filesystem::path, std::filesystem::path>
makeLargeSceneFiles(const std::filesystem::path& dir, size_t bodies, size_t meshes, size_t vertices);

} // namespace cs::bench
