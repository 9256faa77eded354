#pragma once

// The fuzz targets of docs/FUZZING.md. Each takes any bytes and returns 0; a broken invariant aborts through
// CS_FUZZ_CHECK, and a crash, sanitizer finding, uncaught exception, spin or huge allocation is a finding.
// The same functions back the libFuzzer binaries (CS_FUZZ=ON, LibFuzzerMain.cpp) and the normal ctest test
// that replays tests/fuzz/regressions (ReplayRegressions.cpp).

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace cs::fuzz {

using Input = std::span<const std::uint8_t>;
using TargetFunction = int (*)(Input input);

/// Bytes -> gltf::loadGltfFromBytes, then the readers that look through a loaded document (scene graph,
/// accessors, mesh triangles, render scene).
int gltfLoad(Input input);
/// JSON text -> readOmi / readKhr / readPhysics, then writeOmi and writeKhr of the model read.
int physicsCodec(Input input);
/// Bytes -> a loaded document -> validatePhysics and the inspect report.
int validator(Input input);
/// Bytes -> a point cloud and hull options -> generateConvexHull; checks cap, finiteness and indices.
int hull(Input input);
/// Bytes -> load -> write the physics (newest OMI) -> save to memory -> load again: the reload must succeed
/// and its JSON must equal the JSON saved.
int roundTrip(Input input);

struct Target
{
    std::string_view name; ///< folder name under tests/fuzz/corpus and tests/fuzz/regressions
    TargetFunction run;
};
inline constexpr Target kTargets[] = {
    {"gltf_load", gltfLoad}, {"physics_codec", physicsCodec}, {"validator", validator},
    {"hull", hull},          {"roundtrip", roundTrip},
};

/// Prints the broken invariant and aborts (libFuzzer then saves the input).
[[noreturn]] void fail(const char* condition, const char* file, int line);

/// Where in-memory inputs pretend to live: a folder that does not exist, so that relative buffer and image
/// uris resolve to nothing instead of to files of the working directory.
inline constexpr const char* kSourcePath = "/nonexistent-collidoscope-fuzz/input.gltf";

/// Loads bytes as a .gltf/.glb from memory (images are not loaded: decoding them is Qt's business).
Result<gltf::GltfDocument> loadInput(Input input);

/// Checks what every diagnostic list must satisfy (a code and a valid severity).
void checkDiagnostics(const Diagnostics& diagnostics);

} // namespace cs::fuzz

#define CS_FUZZ_CHECK(condition) ((condition) ? void(0) : ::cs::fuzz::fail(#condition, __FILE__, __LINE__))
