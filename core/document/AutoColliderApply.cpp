// applyAutoColliders: the planned fits written into the document as one undo step (see
// AutoColliderActions.h).
#include "document/AutoColliderActions.h"
#include "document/ColliderFitCache.h"
#include "document/ColliderFitInput.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/MeshCommands.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/ShapeConversion.h"
#include "geometry/Parallel.h"
#include "geometry/ScaleRule.h"
#include "gltf/NodeLabel.h"

#include <algorithm>
#include <map>

namespace cs::document {

namespace {

using import::ColliderStrategy;

// True when the node or one above it has motion (in the model as it is now, so that motions added earlier in
// the same step count). `graph` is the hierarchy before the step: new nodes are leaves nobody walks up from.
bool insideBody(const Document& document, const gltf::SceneGraph& graph, size_t node)
{
    return graph
        .findUp(node,
                [&](size_t n) {
                    const physics::NodePhysics* p = document.model().node(n);
                    return p && p->motion;
                })
        .has_value();
}

std::string typeLabel(const MeshColliderFit& fit)
{
    return fittedShapeName(fit.type, fit.primitive.rotation);
}

Diagnostic noCollider(const AutoColliderNode& n, const Diagnostic& why)
{
    return makeError(why.code, gltf::nodeReference(n.name, n.node) + ": no collider: " + why.message,
                     jsonPointerAppend("/nodes", n.node));
}

// Why the document cannot take a new mesh the fit needs (for example when buffer 0 has no bytes), or nothing.
std::optional<Diagnostic> newMeshProblem(const Document& document, const MeshColliderFit& fit)
{
    for (const gltf::TriangleMesh* mesh : fit.newMeshes()) {
        if (auto problem = checkNewMesh(document.gltf(), *mesh))
            return problem;
    }
    return std::nullopt;
}

// The plan's findings per mesh at the nodes that use it: an error at every node that gets no collider; a
// warning (a collider beyond the fit tolerance) and the note of a concave mesh's trimesh at every node, since
// each node's collider is what they speak of; another note (such as a flat mesh's thin box) at the first
// node only.
Diagnostics nodeDiagnostics(const AutoColliderPlan& plan)
{
    Diagnostics out;
    std::vector<char> noted(plan.meshDiagnostics.size(), 0);
    for (const AutoColliderNode& n : plan.input.nodes) {
        if (n.meshInput >= plan.meshDiagnostics.size())
            continue;
        for (const Diagnostic& d : plan.meshDiagnostics[n.meshInput]) {
            if (d.severity == Severity::Error) {
                out.push_back(noCollider(n, d));
            } else if (d.severity == Severity::Warning || d.code == "COLLIDER_CONCAVE_TRIMESH" ||
                       !noted[n.meshInput]) {
                Diagnostic at = d;
                at.message = gltf::nodeReference(n.name, n.node) + ": " + d.message;
                at.pointer = jsonPointerAppend("/nodes", n.node);
                out.push_back(std::move(at));
            }
        }
        noted[n.meshInput] = 1;
    }
    return out;
}

// The primitive of part i of a decomposition with primitive parts, or null (a hull).
const FittedPrimitive* partPrimitive(const MeshColliderFit& fit, size_t i)
{
    return i < fit.partPrimitives.size() && fit.partPrimitives[i] ? &*fit.partPrimitives[i] : nullptr;
}

// The shape of a fit that is not in parts; a hull or a simplified copy is pushed as a new mesh first (checked
// by the caller).
physics::Shape shapeForFit(Document& document, const MeshColliderFit& fit, const AutoColliderMesh& m)
{
    const auto fresh = fit.newMeshes();
    if (!fresh.empty()) {
        const bool hull = fit.type == physics::ShapeType::Convex;
        const std::string name = m.name + (hull ? " hull" : " collision");
        auto* mesh = new AddMesh(&document, *fresh.front(), name);
        document.push(mesh);
        physics::Shape shape = makeShape(fit.type, name);
        shape.mesh = static_cast<int>(mesh->meshIndex());
        return shape;
    }
    if (fit.type == physics::ShapeType::Trimesh) {
        physics::Shape shape = makeShape(physics::ShapeType::Trimesh, m.name + " trimesh");
        shape.mesh = static_cast<int>(m.mesh);
        return shape;
    }
    return writableShape(fit.primitive.shape, m.name + " " + typeLabel(fit));
}

// The shapes of a mesh's fit, made on its first use: one, or one per part, each part a new mesh
// "<mesh> part i" with a convex shape of the same name.
std::vector<size_t> addShapes(Document& document, const MeshColliderFit& fit, const AutoColliderMesh& m)
{
    std::vector<size_t> shapes;
    if (fit.parts.empty()) {
        auto* add = new AddShape(&document, shapeForFit(document, fit, m));
        document.push(add);
        shapes.push_back(add->itemIndex());
        return shapes;
    }
    for (size_t i = 0; i < fit.parts.size(); ++i) {
        const std::string name = m.name + " part " + std::to_string(i + 1);
        if (const FittedPrimitive* primitive = partPrimitive(fit, i)) {
            auto* add = new AddShape(&document, writableShape(primitive->shape, name));
            document.push(add);
            shapes.push_back(add->itemIndex());
            continue;
        }
        auto* mesh = new AddMesh(&document, fit.parts[i], name);
        document.push(mesh);
        physics::Shape shape = makeShape(physics::ShapeType::Convex, name);
        shape.mesh = static_cast<int>(mesh->meshIndex());
        auto* add = new AddShape(&document, std::move(shape));
        document.push(add);
        shapes.push_back(add->itemIndex());
    }
    return shapes;
}

/// True when the plan adds something: a fit that needs no new mesh, or one whose new meshes the document can
/// take. Otherwise every node's reason goes to `report`.
bool anythingToAdd(const Document& document, const AutoColliderPlan& plan, AutoColliderReport& report)
{
    const AutoColliderInput& input = plan.input;
    const bool any = std::any_of(input.nodes.begin(), input.nodes.end(), [&](const AutoColliderNode& n) {
        const auto& fit = plan.fits[n.meshInput];
        return fit && !newMeshProblem(document, *fit);
    });
    if (any)
        return true;
    for (const AutoColliderNode& n : input.nodes) {
        const auto& fit = plan.fits[n.meshInput];
        if (!fit)
            continue;
        if (const auto problem = newMeshProblem(document, *fit))
            report.diagnostics.push_back(noCollider(n, *problem));
    }
    return false;
}

/// The node that carries the collider of `n`: the mesh node itself, or a new child named "<node> <type>"
/// at the fit's offset when the fit is not centred on it or it has a collider already.
size_t colliderNodeFor(Document& document, const AutoColliderNode& n, const MeshColliderFit& fit)
{
    const physics::NodePhysics* p = document.model().node(n.node);
    if (!fit.offset() && !(p && p->collider))
        return n.node;
    gltf::Json child = gltf::Json::object();
    child["name"] = gltf::nodeLabel(n.name, n.node) + " " + typeLabel(fit);
    placeAtFit(child, fit.primitive, fit.offset());
    auto* addNode = new AddNode(&document, n.node, std::move(child));
    document.push(addNode);
    return addNode->nodeIndex();
}

/// The report's entry for a collider added to `n` (whose world matrix is `world`). The return type is
/// spelled from `cs::` since a line that starts with `import` reads to clang-format as a module import.
cs::import::AddedCollider addedCollider(const AutoColliderNode& n, size_t colliderNode, size_t shape,
                                        const MeshColliderFit& fit, ColliderStrategy strategy,
                                        const QMatrix4x4& world)
{
    cs::import::AddedCollider a;
    a.meshNode = n.node;
    a.name = n.name;
    a.colliderNode = colliderNode;
    a.shape = shape;
    a.type = fit.type;
    a.typeName = typeLabel(fit);
    a.strategy = strategy;
    a.volume = fit.volume;
    a.hullVolume = fit.hullVolume;
    a.hullPoints = fit.hullPoints;
    a.capped = fit.capped;
    a.trianglesBefore = fit.trianglesBefore;
    a.trianglesAfter = fit.trianglesAfter;
    a.hullFromCopy = fit.hullFromCopy;
    a.enclosed = fit.enclosed;
    if (fit.measured)
        a.fit = worldFitFigures(*fit.measured, world);
    return a;
}

/// The colliders of one mesh node: on the node or an offset child, or for parts one child node
/// "<node> part i" per part (each entry of the report carries the whole compound's fit).
void addNodeColliders(Document& document, const AutoColliderNode& n, const std::vector<size_t>& shapes,
                      const MeshColliderFit& fit, ColliderStrategy strategy, const QMatrix4x4& world,
                      AutoColliderReport& report)
{
    if (fit.parts.empty()) {
        const size_t colliderNode = colliderNodeFor(document, n, fit);
        physics::Collider collider;
        collider.shape = static_cast<int>(shapes.front());
        document.push(addCollider(&document, colliderNode, collider));
        report.added.push_back(addedCollider(n, colliderNode, shapes.front(), fit, strategy, world));
        return;
    }
    for (size_t i = 0; i < shapes.size(); ++i) {
        gltf::Json child = gltf::Json::object();
        child["name"] = gltf::nodeLabel(n.name, n.node) + " part " + std::to_string(i + 1);
        const FittedPrimitive* primitive = partPrimitive(fit, i);
        if (primitive)
            placeAtFit(child, *primitive, true);
        auto* addNode = new AddNode(&document, n.node, std::move(child));
        document.push(addNode);
        physics::Collider collider;
        collider.shape = static_cast<int>(shapes[i]);
        document.push(addCollider(&document, addNode->nodeIndex(), collider));
        cs::import::AddedCollider a = addedCollider(n, addNode->nodeIndex(), shapes[i], fit, strategy, world);
        a.volume = fit.partVolumes[i];
        a.hullPoints = fit.parts[i].positions.size();
        a.part = i;
        a.parts = shapes.size();
        if (primitive) {
            a.type = primitive->shape.type;
            a.typeName = fittedShapeName(a.type, primitive->rotation);
        }
        if (fit.primitiveParts && i < fit.primitiveParts->parts.size()) {
            a.partFit = worldFitFigures(fit.primitiveParts->parts[i].fit, world);
            a.primitiveParts = fit.primitiveParts;
            a.partsScale = geometry::meanScale(world);
        }
        report.added.push_back(std::move(a));
    }
}

/// The figures of each node that had no collider before are those of its colliders now (measured as every
/// view measures them, ColliderFitInput.h): kept in the document's fit cache, so that the Shape section shows
/// the ones the report gives.
void rememberFigures(Document& document, const AutoColliderInput& input, const AutoColliderReport& report)
{
    std::map<size_t, bool> fresh;
    for (const AutoColliderNode& n : input.nodes)
        fresh[n.node] = !n.hadCollider;
    for (const import::AddedCollider& a : report.added)
        if (a.fit && fresh[a.meshNode])
            fitCache(document).store(a.meshNode, documentRevision(document), *a.fit);
}

/// The figures of each collider added to a node whose world transform is not a similarity, measured at that
/// node as the window measures it (colliderFitFigures) instead of the mesh's figures scaled: there distances
/// do not scale alike. A batch of nodes at a time (each gathered input holds a copy of its mesh), measured on
/// every core. A node that had a collider keeps the scaled figures (marked approximate): its own measurement
/// would count the old collider too.
void measureUnevenNodes(Document& document, const AutoColliderInput& input, const gltf::SceneGraph& graph,
                        AutoColliderReport& report)
{
    std::vector<size_t> nodes;
    for (const AutoColliderNode& n : input.nodes)
        if (!n.hadCollider && n.node < graph.nodeCount() &&
            !geometry::similarity(graph.worldTransform(n.node)))
            nodes.push_back(n.node);
    constexpr size_t kBatch = 64;
    std::map<size_t, geometry::FitSummary> measured;
    for (size_t first = 0; first < nodes.size(); first += kBatch) {
        const size_t count = std::min(kBatch, nodes.size() - first);
        std::vector<std::optional<ColliderFitInput>> inputs(count);
        for (size_t k = 0; k < count; ++k)
            if (auto gathered = gatherColliderFit(document, nodes[first + k]))
                inputs[k] = std::move(*gathered);
        std::vector<std::optional<geometry::FitSummary>> figures(count);
        geometry::parallelFor(count, 0, [&](size_t k) {
            if (inputs[k])
                if (auto f = colliderFitFigures(*inputs[k]))
                    figures[k] = *f;
        });
        for (size_t k = 0; k < count; ++k)
            if (figures[k])
                measured[nodes[first + k]] = *figures[k];
    }
    for (cs::import::AddedCollider& a : report.added)
        if (const auto it = measured.find(a.meshNode); a.fit && it != measured.end())
            a.fit = it->second;
}

Diagnostic unevenScale(const AutoColliderNode& n)
{
    return makeWarning(
        "COLLIDER_SCALED_NODE",
        gltf::nodeReference(n.name, n.node) +
            " is scaled unevenly: its collider is scaled with it, which engines handle differently",
        jsonPointerAppend("/nodes", n.node));
}

} // namespace

AutoColliderReport applyAutoColliders(Document& document, const AutoColliderPlan& plan)
{
    AutoColliderReport report;
    const AutoColliderInput& input = plan.input;
    report.skipped = input.skipped;
    report.matched = input.matched;
    report.diagnostics = nodeDiagnostics(plan);
    report.cancelled = plan.cancelled;
    if (plan.cancelled)
        return report;
    if (document.revision() != input.revision) {
        report.diagnostics.push_back(makeError("DOCUMENT_CHANGED",
                                               "the document was edited while the colliders were computed; "
                                               "nothing was added, run it again"));
        return report;
    }
    if (!anythingToAdd(document, plan, report))
        return report;

    const size_t nodeCountBefore = document.gltf().count("nodes");
    // A copy: every added node makes the document rebuild its graph on the next use, which would make a scene
    // of many mesh nodes quadratic. The mesh nodes and their ancestors do not change in this step.
    const gltf::SceneGraph graph = document.sceneGraph();
    const auto strategy = input.options.collider.strategy;
    QUndoStack* stack = document.undoStack();
    stack->beginMacro(QStringLiteral("Add Colliders (%1)")
                          .arg(QString::fromLatin1(import::colliderStrategyName(strategy))));
    std::map<size_t, std::vector<size_t>> shapesOfMesh; // input mesh -> its shapes, made on first use
    for (const AutoColliderNode& n : input.nodes) {
        const auto& fit = plan.fits[n.meshInput];
        if (!fit || n.node >= nodeCountBefore)
            continue;
        auto made = shapesOfMesh.find(n.meshInput);
        if (made == shapesOfMesh.end()) {
            if (const auto problem = newMeshProblem(document, *fit)) {
                report.diagnostics.push_back(noCollider(n, *problem));
                continue;
            }
            made =
                shapesOfMesh.emplace(n.meshInput, addShapes(document, *fit, input.meshes[n.meshInput])).first;
        }
        const QMatrix4x4& world = graph.worldTransform(n.node);
        addNodeColliders(document, n, made->second, *fit, strategy, world, report);
        if (input.options.addMotion && !insideBody(document, graph, n.node)) {
            physics::Motion motion;
            motion.type = input.options.collider.body;
            document.push(addMotion(&document, n.node, motion));
        }
        if (geometry::nonUniformScale(world))
            report.diagnostics.push_back(unevenScale(n));
    }
    stack->endMacro();
    report.pushed = true;
    measureUnevenNodes(document, input, graph, report);
    rememberFigures(document, input, report);
    return report;
}

AutoColliderReport addAutoColliders(Document& document, const AutoColliderOptions& options)
{
    // Planned at once: each mesh is read as it is fitted, not copied up front.
    return applyAutoColliders(
        document, planAutoColliders(gatherAutoColliders(document, options, MeshCopies::ReadWhenFitted)));
}

Diagnostics skippedNotes(const Document& document, const std::vector<size_t>& skipped)
{
    Diagnostics notes;
    for (size_t n : skipped)
        notes.push_back(makeInfo("COLLIDER_EXISTS",
                                 gltf::nodeReference(gltf::nodeName(document.gltf(), n), n) +
                                     " already has a collider or trigger; left as it is",
                                 jsonPointerAppend("/nodes", n)));
    return notes;
}

} // namespace cs::document
