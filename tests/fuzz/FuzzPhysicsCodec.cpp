// Fuzz target physics_codec: JSON text through the OMI and KHR readers, and the model read back out through
// both writers.
#include "FuzzTargets.h"
#include "gltf/JsonText.h"
#include "physics/KhrCodec.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <string_view>

namespace cs::fuzz {

namespace {

void checkModel(const Result<physics::PhysicsModel>& read)
{
    checkDiagnostics(read.diagnostics);
    // The readers never fail: bad values give diagnostics and defaults.
    CS_FUZZ_CHECK(read.value.has_value());
}

} // namespace

int physicsCodec(Input input)
{
    const std::string_view text(reinterpret_cast<const char*>(input.data()), input.size());
    auto parsed = gltf::parseJsonText(text);
    checkDiagnostics(parsed.diagnostics);
    if (!parsed || !parsed->is_object())
        return 0;

    gltf::GltfDocument doc;
    doc.json() = std::move(*parsed);
    // As the loader leaves them: one entry per buffer and image, here without data.
    doc.buffers().resize(doc.count("buffers"));
    for (auto& b : doc.buffers())
        b.origin = gltf::ResourceOrigin::Missing;
    doc.images().resize(doc.count("images"));

    const auto omi = physics::readOmi(doc);
    checkModel(omi);
    const auto khr = physics::readKhr(doc);
    checkModel(khr);
    const auto model = physics::readPhysics(doc);
    checkModel(model);

    gltf::GltfDocument asOmi;
    asOmi.json() = doc.json();
    checkDiagnostics(physics::writeOmi(*model, asOmi));
    checkModel(physics::readPhysics(asOmi));
    (void)gltf::dumpJsonText(asOmi.json(), -1);

    gltf::GltfDocument asKhr;
    asKhr.json() = doc.json();
    checkDiagnostics(physics::writeKhr(*model, asKhr));
    checkModel(physics::readPhysics(asKhr));
    (void)gltf::dumpJsonText(asKhr.json(), -1);
    return 0;
}

} // namespace cs::fuzz
