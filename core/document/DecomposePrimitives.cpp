// previewPrimitiveParts: the Decompose dialog's "Primitives first", the same fit as the add-colliders
// command's.
#include "document/DecomposeAction.h"
#include "geometry/PrimitiveParts.h"
#include "import/AutoColliderParts.h"

#include <algorithm>

namespace cs::document {

namespace {

/// The colliders of `pp` as the decomposition's parts: a hull part keeps its (possibly grown) hull, a
/// primitive part has none; each takes the largest concavity of the parts it stands for.
std::vector<geometry::DecomposedPart> collidersAsParts(const geometry::PrimitiveParts& pp,
                                                       const std::vector<geometry::DecomposedPart>& before)
{
    std::vector<geometry::DecomposedPart> parts;
    for (const geometry::PrimitivePart& p : pp.parts) {
        geometry::DecomposedPart part;
        part.hull = p.hull;
        part.points = p.hull.positions.size();
        part.volume = p.volume;
        for (const size_t s : p.sources)
            if (s < before.size()) {
                part.concavity = std::max(part.concavity, before[s].concavity);
                part.capped = part.capped || (!p.primitive && before[s].capped);
            }
        parts.push_back(std::move(part));
    }
    return parts;
}

} // namespace

Result<std::vector<geometry::Decomposition>>
previewPrimitiveParts(const std::vector<DecomposeInput>& inputs,
                      const geometry::DecompositionOptions& options)
{
    auto out = previewDecompositions(inputs, options);
    if (!out)
        return out;
    import::ColliderOptions collider;
    collider.concavity = options.concavity;
    for (size_t i = 0; i < inputs.size(); ++i) {
        geometry::Decomposition& d = (*out)[i];
        std::vector<gltf::TriangleMesh> hulls;
        for (const auto& part : d.parts)
            hulls.push_back(part.hull);
        const gltf::TriangleMesh& mesh = *inputs[i].mesh;
        auto pp = geometry::fitPrimitiveParts(mesh, hulls,
                                              import::primitivePartsOptions(mesh, collider, options.cancel));
        if (!pp)
            return Result<std::vector<geometry::Decomposition>>{std::nullopt, pp.diagnostics};
        d.parts = collidersAsParts(*pp, d.parts);
        d.fit = pp->fit;
        d.primitives = std::make_shared<const geometry::PrimitiveParts>(std::move(*pp));
    }
    return out;
}

} // namespace cs::document
