// Fuzz target roundtrip: load, write the physics in the newest OMI form, save (as .glb in memory and as .gltf
// into a scratch folder), load again. Each reload must succeed with the JSON that was saved, and writing the
// reloaded model again must change nothing (a save is a fixed point).
#include "FuzzTargets.h"
#include "gltf/JsonText.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace cs::fuzz {

namespace {

namespace fs = std::filesystem;

/// A folder of this process for the .gltf saves, removed at exit.
const fs::path& scratchFolder()
{
    static const fs::path folder = [] {
        fs::path p = fs::temp_directory_path() / ("collidoscope-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(p);
        std::atexit([] {
            std::error_code ec;
            fs::remove_all(scratchFolder(), ec);
        });
        return p;
    }();
    return folder;
}

gltf::LoadOptions noImages()
{
    gltf::LoadOptions options;
    options.loadImages = false;
    return options;
}

gltf::Json withoutBufferUris(gltf::Json json)
{
    if (auto b = json.find("buffers"); b != json.end() && b->is_array()) {
        for (auto& buffer : *b) {
            if (buffer.is_object())
                buffer.erase("uri");
        }
    }
    return json;
}

/// Reading the physics of `doc` and writing them back must leave its JSON as it is.
void checkFixedPoint(const gltf::GltfDocument& doc)
{
    const auto model = physics::readPhysics(doc);
    CS_FUZZ_CHECK(model.value.has_value());
    gltf::GltfDocument again;
    again.json() = doc.json();
    checkDiagnostics(physics::writeOmi(*model, again));
    CS_FUZZ_CHECK(again.json() == doc.json());
}

} // namespace

int roundTrip(Input input)
{
    auto loaded = loadInput(input);
    if (!loaded)
        return 0;
    gltf::GltfDocument& doc = *loaded;
    const auto model = physics::readPhysics(doc);
    CS_FUZZ_CHECK(model.value.has_value());
    checkDiagnostics(physics::writeOmi(*model, doc));

    // .glb in memory: the reload has exactly the JSON chunk that was written.
    auto glb = gltf::encodeGlb(doc);
    checkDiagnostics(glb.diagnostics);
    if (glb) {
        auto embedded = gltf::embedResources(doc);
        CS_FUZZ_CHECK(embedded.value.has_value());
        auto reload = gltf::loadGltfFromBytes(*glb, kSourcePath, noImages());
        checkDiagnostics(reload.diagnostics);
        CS_FUZZ_CHECK(reload.value.has_value());
        CS_FUZZ_CHECK(reload->json() == embedded->json);
        checkFixedPoint(*reload);
    }

    // .gltf in a folder: the reload has the JSON written, which differs from the document's at most in
    // buffer uris (data: URIs re-encoded, a GLB's BIN chunk named as a .bin file).
    const fs::path file = scratchFolder() / "roundtrip.gltf";
    gltf::SaveOptions asGltf;
    asGltf.format = gltf::FileFormat::Gltf;
    const Diagnostics saved = gltf::saveGltf(doc, file, asGltf);
    checkDiagnostics(saved);
    if (!hasErrors(saved)) {
        auto reload = gltf::loadGltf(file, noImages());
        checkDiagnostics(reload.diagnostics);
        CS_FUZZ_CHECK(reload.value.has_value());
        std::ifstream in(file, std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        auto written = gltf::parseJsonText(text);
        CS_FUZZ_CHECK(written.value.has_value());
        CS_FUZZ_CHECK(reload->json() == *written);
        CS_FUZZ_CHECK(withoutBufferUris(reload->json()) == withoutBufferUris(doc.json()));
        checkFixedPoint(*reload);
    }
    return 0;
}

} // namespace cs::fuzz
