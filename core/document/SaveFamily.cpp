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

Diagnostics familyLosses(const Document& document, physics::Family family)
{
    if (family == physics::sourceFamily(document.model()))
        return {};
    return physics::conversionLosses(modelFor(document, family), document.gltf(), family);
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
    gltf::GltfDocument copy = document.snapshot();
    // The physics written from the model in the chosen family over the document's own JSON, as a save writes
    // them in the document's family.
    copy.json() = document.gltf().json();
    Diagnostics diagnostics = physics::writePhysics(modelFor(document, family), copy, family);
    if (hasErrors(diagnostics))
        return diagnostics;
    Diagnostics saved = gltf::saveGltf(copy, path, options);
    diagnostics.insert(diagnostics.end(), saved.begin(), saved.end());
    return diagnostics;
}

} // namespace cs::document
