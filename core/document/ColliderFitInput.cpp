#include "document/ColliderFitInput.h"

#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/NodeOperations.h"
#include "document/ShapeFit.h"
#include "gltf/SceneGraph.h"

namespace cs::document {

namespace {

/// The collider shape of `node` as a part in world space, when it has one that can be measured.
std::optional<geometry::FitPart> colliderPart(const Document& document, NodeIndex node)
{
    const physics::NodePhysics* p = document.model().node(node);
    if (!p || !p->collider || p->collider->shape < 0 ||
        size_t(p->collider->shape) >= document.model().shapes.size())
        return std::nullopt;
    const physics::Shape& shape = document.model().shapes[size_t(p->collider->shape)];
    geometry::FitPart part;
    part.toSpace = nodeWorldMatrix(document, node);
    if (shape.isPlane()) {
        part.plane = geometry::FitPlane{shape.plane->sizeX.value_or(0), shape.plane->sizeZ.value_or(0)};
        return part;
    }
    if (shape.opaque)
        return std::nullopt;
    auto geometry = shapeGeometry(document, shape);
    if (!geometry)
        return std::nullopt;
    part.shape = std::move(*geometry);
    return part;
}

} // namespace

Result<ColliderFitInput> gatherColliderFit(const Document& document, NodeIndex node)
{
    using R = Result<ColliderFitInput>;
    const FitMeshSource source = fitMeshSource(document, node);
    if (!source.meshNode)
        return R::failure(makeError("FIT_NO_MESH",
                                    "neither the node nor its parent has a mesh to measure against",
                                    jsonPointerAppend("/nodes", node)));
    ColliderFitInput input;
    input.meshNode = *source.meshNode;
    std::vector<NodeIndex> candidates{node};
    if (!source.fromParent) {
        const gltf::SceneGraph& graph = document.sceneGraph();
        if (node < graph.nodeCount())
            for (size_t child : graph.children(node))
                if (!gltf::nodeMesh(document.gltf(), child))
                    candidates.push_back(child);
    }
    for (NodeIndex n : candidates)
        if (auto part = colliderPart(document, n)) {
            input.parts.push_back(std::move(*part));
            input.colliderNodes.push_back(n);
        }
    if (input.parts.empty())
        return R::failure(makeError("FIT_NO_COLLIDER", "the node has no collider shape to measure",
                                    jsonPointerAppend("/nodes", node)));
    auto mesh = nodeMeshTriangles(document, input.meshNode);
    if (!mesh)
        return R{std::nullopt, mesh.diagnostics};
    input.mesh = std::move(*mesh);
    input.meshToWorld = nodeWorldMatrix(document, input.meshNode);
    R r;
    r.value = std::move(input);
    return r;
}

Result<geometry::FitMeasurement> measureColliderFit(const ColliderFitInput& input,
                                                    const geometry::FitOptions& options)
{
    return geometry::measureFit(input.mesh, input.meshToWorld, input.parts, options);
}

} // namespace cs::document
