#include "document/SaveFamily.h"

#include "document/Document.h"
#include "scene/ComputedCenterOfMass.h"

namespace cs::document {

namespace {

/// The model as it is written in `family`: KHR -> OMI writes the centres of mass KHR computes (OMI would read
/// an absent one as the node origin).
physics::PhysicsModel modelFor(const Document& document, physics::Family family)
{
    physics::PhysicsModel model = document.model();
    if (family == physics::Family::Omi)
        scene::writeComputedCentersOfMass(model, document.gltf());
    return model;
}

} // namespace

physics::Family targetFamily(const Document& document, std::optional<physics::Family> chosen)
{
    return chosen.value_or(physics::sourceFamily(document.model()));
}

FamilyWrite writeFamily(const Document& document, physics::Family family)
{
    // The writers read only the JSON: a document of it alone, not the buffers.
    gltf::GltfDocument copy;
    copy.json() = document.gltf().json();
    physics::Conversion converted = physics::convertPhysics(modelFor(document, family), copy, family);
    FamilyWrite written{std::move(copy.json()), std::move(converted.written), {}};
    if (family != physics::sourceFamily(document.model()))
        written.losses = std::move(converted.losses);
    return written;
}

Diagnostics saveFamilyWrite(const Document& document, const FamilyWrite& written,
                            const std::filesystem::path& path, const gltf::SaveOptions& options)
{
    Diagnostics diagnostics = written.diagnostics;
    if (hasErrors(diagnostics))
        return diagnostics;
    gltf::GltfDocument copy = document.snapshot();
    copy.json() = written.json;
    Diagnostics saved = gltf::saveGltf(copy, path, options);
    diagnostics.insert(diagnostics.end(), saved.begin(), saved.end());
    return diagnostics;
}

Diagnostics familyLosses(const Document& document, physics::Family family)
{
    if (family == physics::sourceFamily(document.model()))
        return {};
    return writeFamily(document, family).losses;
}

Diagnostics saveLosses(const Document& document)
{
    if (document.model().format != physics::SourceFormat::Msft || !document.physicsEdited())
        return {};
    return physics::conversionLosses(modelFor(document, physics::Family::Khr), document.gltf(),
                                     physics::Family::Khr);
}

Diagnostics writeInFamily(const Document& document, const std::filesystem::path& path, physics::Family family,
                          const gltf::SaveOptions& options)
{
    // The physics written from the model in the chosen family over the document's own JSON, as a save writes
    // them in the document's family.
    return saveFamilyWrite(document, writeFamily(document, family), path, options);
}

} // namespace cs::document
