#include "FuzzTargets.h"

#include <cstdio>
#include <cstdlib>

namespace cs::fuzz {

void fail(const char* condition, const char* file, int line)
{
    std::fprintf(stderr, "fuzz invariant broken: %s (%s:%d)\n", condition, file, line);
    std::fflush(stderr);
    std::abort();
}

Result<gltf::GltfDocument> loadInput(Input input)
{
    const gltf::Bytes bytes(input.begin(), input.end());
    gltf::LoadOptions options;
    options.loadImages = false;
    auto loaded = gltf::loadGltfFromBytes(bytes, kSourcePath, options);
    checkDiagnostics(loaded.diagnostics);
    // A document that cannot be used at all says why.
    CS_FUZZ_CHECK(loaded || hasErrors(loaded.diagnostics));
    return loaded;
}

void checkDiagnostics(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics) {
        CS_FUZZ_CHECK(!d.code.empty());
        CS_FUZZ_CHECK(d.severity == Severity::Info || d.severity == Severity::Warning ||
                      d.severity == Severity::Error);
        CS_FUZZ_CHECK(d.pointer.empty() || d.pointer.front() == '/');
    }
}

} // namespace cs::fuzz
