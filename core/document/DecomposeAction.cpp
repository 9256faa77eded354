#include "document/DecomposeAction.h"

#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/MeshCommands.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/ShapeConversion.h"
#include "geometry/PrimitiveParts.h"
#include "gltf/SceneGraph.h"

namespace cs::document {

std::vector<size_t> nodesWithMesh(const Document& document, const std::vector<size_t>& nodes)
{
    std::vector<size_t> found;
    for (const size_t node : nodes)
        if (const gltf::Json* n = document.gltf().element("nodes", node);
            n && n->is_object() && n->contains("mesh"))
            found.push_back(node);
    return found;
}

Result<DecomposeInput> gatherDecomposition(Document& document, size_t node)
{
    using R = Result<DecomposeInput>;
    if (!document.gltf().element("nodes", node))
        return R::failure(
            makeError("NODE_INDEX_INVALID", "node " + std::to_string(node) + " does not exist"));
    const std::optional<size_t> found = gltf::nodeMesh(document.gltf(), node);
    if (!found)
        return R::failure(makeError("NODE_NO_MESH", "node " + std::to_string(node) + " has no mesh",
                                    jsonPointerAppend("/nodes", node)));
    const size_t mesh = *found;
    auto triangles = gltf::meshTriangles(document.gltf(), mesh);
    if (!triangles)
        return R{std::nullopt, triangles.diagnostics};
    R r;
    r.diagnostics = triangles.diagnostics;
    DecomposeInput in;
    in.node = node;
    in.name = gltf::nodeName(document.gltf(), node);
    in.meshName = gltf::elementName(document.gltf(), "meshes", mesh);
    if (in.meshName.empty())
        in.meshName = "mesh " + std::to_string(mesh);
    in.mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
    in.revision = document.revision();
    r.value = std::move(in);
    return r;
}

Result<geometry::Decomposition> previewDecomposition(const DecomposeInput& input,
                                                     const geometry::DecompositionOptions& options)
{
    if (!input.mesh)
        return Result<geometry::Decomposition>::failure(
            makeError("NODE_NO_MESH", "nothing was gathered to decompose"));
    auto result = geometry::decomposeConvex(*input.mesh, options);
    if (result && options.measure) {
        std::vector<geometry::FitPart> parts;
        for (const auto& part : result->parts) {
            parts.emplace_back();
            parts.back().shape = geometry::ShapeGeometry::convex(part.hull);
        }
        if (auto fit = geometry::measureFit(*input.mesh, {}, parts))
            result->fit = fit->summary;
    }
    return result;
}

bool sameMeshes(const std::vector<DecomposeInput>& a, const std::vector<DecomposeInput>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].node != b[i].node || !a[i].mesh != !b[i].mesh)
            return false;
        if (a[i].mesh &&
            (a[i].mesh->positions != b[i].mesh->positions || a[i].mesh->indices != b[i].mesh->indices))
            return false;
    }
    return true;
}

Result<std::vector<geometry::Decomposition>>
previewDecompositions(const std::vector<DecomposeInput>& inputs,
                      const geometry::DecompositionOptions& options)
{
    using Out = Result<std::vector<geometry::Decomposition>>;
    Out out;
    out.value.emplace();
    const double n = double(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (options.cancel && options.cancel->load())
            return Out::failure(makeError("DECOMPOSE_CANCELLED", "the decomposition was stopped"));
        geometry::DecompositionOptions o = options;
        if (options.progress)
            o.progress = [&options, i, n](double f) { options.progress((double(i) + f) / n); };
        auto r = previewDecomposition(inputs[i], o);
        if (!r) {
            out.value.reset();
            out.diagnostics = std::move(r.diagnostics);
            return out;
        }
        out.value->push_back(std::move(*r));
    }
    return out;
}

namespace {

/// The primitive that stands for part i, or null (a hull part).
const geometry::FittedShape* partPrimitive(const geometry::Decomposition& result, size_t i)
{
    if (!result.primitives || i >= result.primitives->parts.size() || !result.primitives->parts[i].primitive)
        return nullptr;
    return &*result.primitives->parts[i].primitive;
}

/// The shape of part i, its mesh pushed first for a hull part (its index added to `meshes`).
physics::Shape partShape(Document& document, const geometry::Decomposition& result, size_t i,
                         const std::string& name, std::vector<size_t>& meshes)
{
    if (const geometry::FittedShape* primitive = partPrimitive(result, i))
        return writableShape(fittedPrimitive(*primitive).shape, name);
    auto* mesh = new AddMesh(&document, result.parts[i].hull, name);
    document.push(mesh);
    meshes.push_back(mesh->meshIndex());
    auto shape = makeShape(physics::ShapeType::Convex, name);
    shape.mesh = static_cast<int>(mesh->meshIndex());
    return shape;
}

/// Why `result` cannot be applied to the document as it is now (nothing when it can).
Diagnostics whyNotApplicable(Document& document, const DecomposeInput& input,
                             const geometry::Decomposition& result)
{
    Diagnostics out;
    if (document.revision() != input.revision) {
        out.push_back(makeError("DOCUMENT_CHANGED", "the document was edited while the parts were computed; "
                                                    "nothing was added, run it again"));
        return out;
    }
    if (result.parts.empty()) {
        out.push_back(makeError("DECOMPOSE_NO_PARTS", "there are no parts to add"));
        return out;
    }
    for (size_t i = 0; i < result.parts.size(); ++i)
        if (auto problem = partPrimitive(result, i) ? std::nullopt
                                                    : checkNewMesh(document.gltf(), result.parts[i].hull)) {
            out.push_back(*problem);
            return out;
        }
    return out;
}

/// Pushes the parts of one node as one step; whyNotApplicable() was checked before.
DecomposeReport pushDecomposition(Document& document, const DecomposeInput& input,
                                  const geometry::Decomposition& result, const DecomposeApplyOptions& options)
{
    DecomposeReport report;
    const bool insideBody = document.sceneGraph()
                                .findUp(input.node,
                                        [&](size_t n) {
                                            const physics::NodePhysics* p = document.model().node(n);
                                            return p && p->motion;
                                        })
                                .has_value();
    const std::string base = input.name.empty() ? "Node " + std::to_string(input.node) : input.name;
    QUndoStack* stack = document.undoStack();
    stack->beginMacro(QStringLiteral("Decompose into Convex Parts"));
    for (size_t i = 0; i < result.parts.size(); ++i) {
        const std::string suffix = " part " + std::to_string(i + 1);
        auto* addShape =
            new AddShape(&document, partShape(document, result, i, input.meshName + suffix, report.meshes));
        document.push(addShape);
        gltf::Json child = gltf::Json::object();
        child["name"] = base + suffix;
        if (const geometry::FittedShape* primitive = partPrimitive(result, i))
            placeAtFit(child, fittedPrimitive(*primitive), true);
        auto* addNode = new AddNode(&document, input.node, std::move(child));
        document.push(addNode);
        physics::Collider collider;
        collider.shape = static_cast<int>(addShape->itemIndex());
        document.push(addCollider(&document, addNode->nodeIndex(), collider));
        report.shapes.push_back(addShape->itemIndex());
        report.partNodes.push_back(addNode->nodeIndex());
    }
    if (options.addMotion && !insideBody) {
        physics::Motion motion;
        motion.type = options.body;
        document.push(addMotion(&document, input.node, motion));
    }
    stack->endMacro();
    report.pushed = true;
    return report;
}

} // namespace

DecomposeReport applyDecomposition(Document& document, const DecomposeInput& input,
                                   const geometry::Decomposition& result,
                                   const DecomposeApplyOptions& options)
{
    DecomposeReport report;
    report.diagnostics = whyNotApplicable(document, input, result);
    if (!report.diagnostics.empty())
        return report;
    return pushDecomposition(document, input, result, options);
}

DecomposeReport applyDecompositions(Document& document, const std::vector<DecomposeInput>& inputs,
                                    const std::vector<geometry::Decomposition>& results,
                                    const DecomposeApplyOptions& options)
{
    DecomposeReport all;
    if (inputs.size() != results.size() || inputs.empty()) {
        all.diagnostics.push_back(makeError("DECOMPOSE_NO_PARTS", "there are no parts to add"));
        return all;
    }
    if (inputs.size() == 1)
        return applyDecomposition(document, inputs.front(), results.front(), options);
    // Every node is checked first, so that a refusal pushes nothing at all.
    for (size_t i = 0; i < inputs.size(); ++i) {
        all.diagnostics = whyNotApplicable(document, inputs[i], results[i]);
        if (!all.diagnostics.empty())
            return all;
    }
    QUndoStack* stack = document.undoStack();
    const int before = stack->index();
    // The per-node steps nest in one. Each one changes the document, so the nodes after the first are not
    // checked against the revision again: all of them were checked above, before anything was pushed.
    const auto append = [](std::vector<size_t>& to, const std::vector<size_t>& from) {
        to.insert(to.end(), from.begin(), from.end());
    };
    stack->beginMacro(QStringLiteral("Decompose into Convex Parts"));
    for (size_t i = 0; i < inputs.size(); ++i) {
        DecomposeReport one = pushDecomposition(document, inputs[i], results[i], options);
        if (!one.pushed) {
            all.diagnostics = std::move(one.diagnostics);
            break;
        }
        append(all.partNodes, one.partNodes);
        append(all.shapes, one.shapes);
        append(all.meshes, one.meshes);
    }
    stack->endMacro();
    if (!all.diagnostics.empty()) {
        if (stack->index() != before)
            stack->undo(); // the nodes applied before the one that failed
        all.partNodes.clear();
        all.shapes.clear();
        all.meshes.clear();
        return all;
    }
    all.pushed = true;
    return all;
}

} // namespace cs::document
