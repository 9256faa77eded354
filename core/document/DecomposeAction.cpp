#include "document/DecomposeAction.h"

#include "document/Document.h"
#include "document/MeshCommands.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/ShapeConversion.h"
#include "gltf/SceneGraph.h"

namespace cs::document {

Result<DecomposeInput> gatherDecomposition(Document& document, size_t node)
{
    using R = Result<DecomposeInput>;
    const gltf::Json& nodes = document.gltf().json().value("nodes", gltf::Json::array());
    if (!nodes.is_array() || node >= nodes.size() || !nodes[node].is_object())
        return R::failure(
            makeError("NODE_INDEX_INVALID", "node " + std::to_string(node) + " does not exist"));
    const gltf::Json& n = nodes[node];
    const std::string pointer = jsonPointerAppend("/nodes", node);
    if (!n.contains("mesh") || !n["mesh"].is_number_integer() || n["mesh"].get<std::int64_t>() < 0 ||
        n["mesh"].get<size_t>() >= document.gltf().count("meshes"))
        return R::failure(
            makeError("NODE_NO_MESH", "node " + std::to_string(node) + " has no mesh", pointer));
    const size_t mesh = n["mesh"].get<size_t>();
    auto triangles = gltf::meshTriangles(document.gltf(), mesh);
    if (!triangles)
        return R{std::nullopt, triangles.diagnostics};
    R r;
    r.diagnostics = triangles.diagnostics;
    DecomposeInput in;
    in.node = node;
    in.name = n.value("name", std::string());
    in.meshName = document.gltf().json()["meshes"][mesh].value("name", "mesh " + std::to_string(mesh));
    in.mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
    in.undoIndex = document.undoStack()->index();
    r.value = std::move(in);
    return r;
}

Result<geometry::Decomposition> previewDecomposition(const DecomposeInput& input,
                                                     const geometry::DecompositionOptions& options)
{
    if (!input.mesh)
        return Result<geometry::Decomposition>::failure(
            makeError("NODE_NO_MESH", "nothing was gathered to decompose"));
    return geometry::decomposeConvex(*input.mesh, options);
}

DecomposeReport applyDecomposition(Document& document, const DecomposeInput& input,
                                   const geometry::Decomposition& result,
                                   const DecomposeApplyOptions& options)
{
    DecomposeReport report;
    if (document.undoStack()->index() != input.undoIndex) {
        report.diagnostics.push_back(
            makeError("DOCUMENT_CHANGED", "the document was edited while the parts were computed; nothing "
                                          "was added, run it again"));
        return report;
    }
    if (result.parts.empty()) {
        report.diagnostics.push_back(makeError("DECOMPOSE_NO_PARTS", "there are no parts to add"));
        return report;
    }
    for (const auto& part : result.parts)
        if (auto problem = checkNewMesh(document.gltf(), part.hull)) {
            report.diagnostics.push_back(*problem);
            return report;
        }
    bool insideBody = false;
    const gltf::SceneGraph& graph = document.sceneGraph();
    for (int n = int(input.node); n >= 0 && !insideBody; n = graph.parent(size_t(n))) {
        const physics::NodePhysics* p = document.model().node(size_t(n));
        insideBody = p && p->motion;
    }
    const std::string base = input.name.empty() ? "Node " + std::to_string(input.node) : input.name;
    QUndoStack* stack = document.undoStack();
    stack->beginMacro(QStringLiteral("Decompose into Convex Parts"));
    for (size_t i = 0; i < result.parts.size(); ++i) {
        const std::string suffix = " part " + std::to_string(i + 1);
        auto* mesh = new AddMesh(&document, result.parts[i].hull, input.meshName + suffix);
        document.push(mesh);
        auto shape = makeShape(physics::ShapeType::Convex, input.meshName + suffix);
        shape.mesh = static_cast<int>(mesh->meshIndex());
        auto* addShape = new AddShape(&document, std::move(shape));
        document.push(addShape);
        gltf::Json child = gltf::Json::object();
        child["name"] = base + suffix;
        auto* addNode = new AddNode(&document, static_cast<int>(input.node), std::move(child));
        document.push(addNode);
        physics::Collider collider;
        collider.shape = static_cast<int>(addShape->itemIndex());
        document.push(addCollider(&document, addNode->nodeIndex(), collider));
        report.meshes.push_back(mesh->meshIndex());
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

} // namespace cs::document
