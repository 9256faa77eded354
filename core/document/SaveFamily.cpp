#include "document/SaveFamily.h"

#include "document/Document.h"

namespace cs::document {

physics::Family targetFamily(const Document& document, std::optional<physics::Family> chosen)
{
    return chosen.value_or(physics::sourceFamily(document.model()));
}

Diagnostics familyLosses(const Document& document, physics::Family family)
{
    if (family == physics::sourceFamily(document.model()))
        return {};
    return physics::conversionLosses(document.model(), document.gltf(), family);
}

Diagnostics writeInFamily(const Document& document, const std::filesystem::path& path, physics::Family family,
                          const gltf::SaveOptions& options)
{
    gltf::GltfDocument copy = document.snapshot();
    // The physics written from the model in the chosen family over the document's own JSON, as a save writes
    // them in the document's family.
    copy.json() = document.gltf().json();
    Diagnostics diagnostics = physics::writePhysics(document.model(), copy, family);
    if (hasErrors(diagnostics))
        return diagnostics;
    Diagnostics saved = gltf::saveGltf(copy, path, options);
    diagnostics.insert(diagnostics.end(), saved.begin(), saved.end());
    return diagnostics;
}

} // namespace cs::document
