#include "document/ColliderFitInput.h"

#include "document/ColliderFitCache.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/NodeEdits.h"
#include "document/ShapeFit.h"
#include "geometry/ScaleRule.h"
#include "gltf/Accessors.h"
#include "gltf/SceneGraph.h"
#include "import/AutoColliders.h"

#include <algorithm>

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
    input.node = node;
    input.meshNode = *source.meshNode;
    input.revision = documentRevision(document);
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
            // In the mesh node's space: the node itself, or a child of it (exact, no inverse taken).
            geometry::FitPart local = *part;
            local.toSpace = n == input.meshNode ? geometry::Mat4d{}
                                                : nodeLocalMatrix(*document.gltf().element("nodes", n));
            input.meshParts.push_back(std::move(local));
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
    const QMatrix4x4 world = document.sceneGraph().worldTransform(input.meshNode);
    input.meshScale = geometry::meanScale(world);
    input.unevenScale = !geometry::similarity(world);
    R r;
    r.value = std::move(input);
    return r;
}

Result<geometry::FitMeasurement> measureColliderFit(const ColliderFitInput& input,
                                                    const geometry::FitOptions& options)
{
    return geometry::measureFit(input.mesh, input.meshToWorld, input.parts, options);
}

double modelDiagonal(const Document& document)
{
    const gltf::GltfDocument& doc = document.gltf();
    const gltf::SceneGraph& graph = document.sceneGraph();
    QVector3D lo, hi;
    bool any = false;
    for (size_t n = 0; n < graph.nodeCount(); ++n) {
        const auto mesh = gltf::nodeMesh(doc, n);
        const gltf::Json* m = mesh ? doc.element("meshes", *mesh) : nullptr;
        if (!m || !m->contains("primitives") || !(*m)["primitives"].is_array())
            continue;
        const QMatrix4x4 world = graph.worldTransform(n);
        for (const gltf::Json& p : (*m)["primitives"]) {
            if (!p.is_object() || !p.contains("attributes") || !p["attributes"].is_object() ||
                !p["attributes"].contains("POSITION") || !p["attributes"]["POSITION"].is_number_unsigned())
                continue;
            const auto bounds = gltf::declaredBounds(doc, p["attributes"]["POSITION"].get<size_t>());
            if (!bounds || bounds->min.size() != 3)
                continue;
            for (int corner = 0; corner < 8; ++corner) {
                const auto b = [&](int axis) -> const std::vector<double>& {
                    return (corner >> axis & 1) ? bounds->max : bounds->min;
                };
                const QVector3D q = world.map(QVector3D(float(b(0)[0]), float(b(1)[1]), float(b(2)[2])));
                lo =
                    any ? QVector3D(std::min(lo.x(), q.x()), std::min(lo.y(), q.y()), std::min(lo.z(), q.z()))
                        : q;
                hi =
                    any ? QVector3D(std::max(hi.x(), q.x()), std::max(hi.y(), q.y()), std::max(hi.z(), q.z()))
                        : q;
                any = true;
            }
        }
    }
    return any ? double((hi - lo).length()) : 0.0;
}

geometry::FitOptions standardFitOptions()
{
    geometry::FitOptions o;
    // Add Colliders' own sampling: what it measures as it chooses is what every view shows.
    const import::ColliderOptions add;
    o.meshSamples = add.fitSamples;
    o.colliderSamples = add.fitSamples;
    o.boxAccuracy = add.fitAccuracy;
    return o;
}

geometry::FitSummary worldFitFigures(const geometry::FitSummary& meshSpace, const QMatrix4x4& worldTransform)
{
    geometry::FitSummary world = meshSpace.scaled(geometry::meanScale(worldTransform));
    world.approximate = world.approximate || !geometry::similarity(worldTransform);
    return world;
}

Result<geometry::FitSummary> colliderFitFigures(const ColliderFitInput& input)
{
    using R = Result<geometry::FitSummary>;
    // Under a similarity every distance is the mesh space's times the scale, so one measurement of a mesh
    // serves each node that draws it; under any other transform the node's own measurement.
    const geometry::Mat4d frame = input.unevenScale ? input.meshToWorld : geometry::Mat4d{};
    const geometry::FitMeter meter(input.mesh, frame, standardFitOptions());
    auto m = meter.summary(geometry::partsInFrame(input.meshParts, frame));
    if (!m)
        return R{std::nullopt, m.diagnostics};
    return R{input.unevenScale ? *m : m->scaled(input.meshScale), {}};
}

Result<geometry::FitSummary> colliderFitFigures(const Document& document, NodeIndex node)
{
    using R = Result<geometry::FitSummary>;
    if (auto cached = fitCache(document).find(node, documentRevision(document)))
        return R{*cached, {}};
    auto input = gatherColliderFit(document, node);
    if (!input)
        return R{std::nullopt, input.diagnostics};
    auto figures = colliderFitFigures(*input);
    if (figures)
        fitCache(document).store(node, input->revision, *figures);
    return figures;
}

} // namespace cs::document
