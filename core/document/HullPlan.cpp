#include "document/HullPlan.h"

#include "document/AutoColliderActions.h"
#include "document/ColliderFitCache.h"
#include "document/ColliderFitInput.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"

namespace cs::document {

Result<HullSource> gatherHullSource(const Document& document, NodeIndex node, bool descendants,
                                    const geometry::ConvexHullOptions& options,
                                    std::optional<double> simplifyFirstWorld)
{
    auto points = nodeMeshPoints(document, node, descendants);
    Result<HullSource> out;
    out.diagnostics = std::move(points.diagnostics);
    if (!points)
        return out;
    HullSource& source = out.value.emplace();
    source.points = std::move(*points);
    // The fit measures the hull against the node's own mesh (not the meshes below it).
    if (!descendants)
        if (auto triangles = nodeMeshTriangles(document, node))
            source.mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
    source.options = options;
    // The distance is asked in world metres; the copy is made in the node's space.
    if (simplifyFirstWorld)
        source.simplifyFirst =
            *simplifyFirstWorld / geometry::meanScale(document.sceneGraph().worldTransform(node));
    return out;
}

namespace {

/// The hull that encloses every point within the budget, as a capped hull that left nothing out.
Result<geometry::ConvexHull> enclosingHull(const HullSource& source,
                                           const geometry::ConvexHullOptions& options, HullPlan& plan)
{
    geometry::EnclosingHullOptions o;
    o.maxVertices = options.maxVertices;
    o.maxFaces = source.maxFaces;
    o.progress = options.progress;
    o.cancel = options.cancel;
    auto e = geometry::encloseWithBudget(source.points, o);
    if (!e)
        return {std::nullopt, std::move(e.diagnostics)};
    plan.enclosed = e->figures;
    return {geometry::asConvexHull(std::move(*e)), std::move(e.diagnostics)};
}

} // namespace

HullPlan planHull(const HullSource& source, const std::function<void(double)>& progress,
                  const std::atomic<bool>* cancel)
{
    geometry::ConvexHullOptions options = source.options;
    options.cancel = cancel;
    options.progress = progress;
    HullPlan plan;
    const gltf::TriangleMesh* mesh = source.mesh.get();
    if (mesh && source.simplifyFirst && !options.conservative) {
        const geometry::FitMeter meter(*mesh, {}, standardFitOptions());
        auto choice = geometry::chooseHullWithSimplifiedCopy(*mesh, meter, options, *source.simplifyFirst);
        plan.diagnostics = std::move(choice.diagnostics);
        if (choice) {
            plan.hull = std::move(choice->hull); // the choice keeps its figures only
            plan.fit = choice->fit;
            plan.choice = std::move(*choice);
        }
        return plan;
    }
    auto hull = options.conservative ? enclosingHull(source, options, plan)
                                     : geometry::generateConvexHull(source.points, options);
    plan.diagnostics = std::move(hull.diagnostics);
    if (hull && mesh) {
        geometry::FitPart part;
        part.shape = geometry::ShapeGeometry::convex(hull->mesh);
        if (auto m = geometry::measureFit(*mesh, {}, {part}, standardFitOptions()))
            plan.fit = m->summary;
    }
    if (hull)
        plan.hull = std::move(*hull);
    return plan;
}

Result<size_t> applyHull(Document& document, NodeIndex node, const gltf::TriangleMesh& hull,
                         const HullOptions& options, const std::optional<geometry::FitSummary>& worldFit)
{
    // One measurement per collider (ColliderFitCache): the figures are the node's only when the hull is then
    // its one collider.
    const auto before = gatherColliderFit(document, node);
    const bool alone = !before || (!options.onNewChildNode && before->colliderNodes.size() == 1 &&
                                   before->colliderNodes[0] == node);
    Result<size_t> shape = generateConvexHull(document, node, hull, options);
    if (shape && worldFit && alone && !options.node.trigger)
        fitCache(document).store(node, documentRevision(document), *worldFit);
    return shape;
}

} // namespace cs::document
