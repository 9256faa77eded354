#include "document/ToolResults.h"

#include "document/Document.h"
#include "geometry/PrimitiveParts.h"
#include "geometry/Wireframe.h"

#include <algorithm>

namespace cs::document {

std::vector<QVector3D> worldHullLines(const Document& document, NodeIndex node,
                                      const gltf::TriangleMesh& hull)
{
    const QMatrix4x4 world = document.sceneGraph().worldTransform(node);
    std::vector<QVector3D> lines = geometry::shapeWireframe(geometry::ShapeGeometry::convex(hull));
    for (QVector3D& p : lines)
        p = world.map(p);
    return lines;
}

DecompositionFigures decompositionFigures(const std::vector<geometry::Decomposition>& results)
{
    DecompositionFigures f;
    double unionVolume = 0, meshVolume = 0;
    bool closed = true;
    for (const auto& r : results) {
        for (const auto& part : r.parts)
            f.partPoints.push_back(part.hull.positions.size());
        f.maxConcavity = std::max(f.maxConcavity, r.quality.relativeConcavity);
        f.seconds += r.seconds;
        f.budgetReached = f.budgetReached || r.budgetReached;
        closed = closed && r.quality.closed && r.quality.meshVolume > 0;
        unionVolume += r.quality.unionVolume;
        meshVolume += r.quality.meshVolume;
    }
    f.parts = int(f.partPoints.size());
    if (!f.partPoints.empty())
        f.mostPoints = *std::max_element(f.partPoints.begin(), f.partPoints.end());
    if (closed && meshVolume > 0)
        f.volumeRatio = unionVolume / meshVolume;
    return f;
}

std::vector<std::optional<geometry::FitSummary>>
worldDecompositionFits(const Document& document, const std::vector<DecomposeInput>& inputs,
                       const std::vector<geometry::Decomposition>& results)
{
    std::vector<std::optional<geometry::FitSummary>> out;
    for (size_t i = 0; i < inputs.size() && i < results.size(); ++i) {
        const auto& fit = results[i].fit;
        const double scale = geometry::meanScale(document.sceneGraph().worldTransform(inputs[i].node));
        out.push_back(fit ? std::optional(fit->scaled(scale)) : std::nullopt);
    }
    return out;
}

std::vector<std::vector<QVector3D>> worldPartLines(const Document& document,
                                                   const std::vector<DecomposeInput>& inputs,
                                                   const std::vector<geometry::Decomposition>& results)
{
    std::vector<std::vector<QVector3D>> parts;
    for (size_t i = 0; i < inputs.size() && i < results.size(); ++i) {
        const geometry::Decomposition& r = results[i];
        for (size_t j = 0; j < r.parts.size(); ++j) {
            const bool primitive =
                r.primitives && j < r.primitives->parts.size() && r.primitives->parts[j].primitive;
            if (!primitive) {
                parts.push_back(worldHullLines(document, inputs[i].node, r.parts[j].hull));
                continue;
            }
            // A primitive part is drawn as the shape Apply writes, placed at its fit.
            const geometry::FittedShape& f = *r.primitives->parts[j].primitive;
            QMatrix4x4 place = document.sceneGraph().worldTransform(inputs[i].node);
            place.translate(QVector3D(float(f.offset.x), float(f.offset.y), float(f.offset.z)));
            place.rotate(f.rotation);
            std::vector<QVector3D> lines = geometry::shapeWireframe(f.shape);
            for (QVector3D& p : lines)
                p = place.map(p);
            parts.push_back(std::move(lines));
        }
    }
    return parts;
}

} // namespace cs::document
