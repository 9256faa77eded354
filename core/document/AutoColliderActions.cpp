#include "document/AutoColliderActions.h"

#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/MeshCommands.h"
#include "document/ShapeConversion.h"
#include "geometry/ConvexHull.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/ScaleRule.h"
#include "gltf/NodeLabel.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <map>

namespace cs::document {

namespace {

using import::ColliderStrategy;

bool hasShapeUse(const physics::NodePhysics* p)
{
    return p && (p->collider || p->trigger);
}

// The node, or a child of it without a mesh, has a collider or trigger.
bool hasCollider(const Document& document, size_t node)
{
    if (hasShapeUse(document.model().node(node)))
        return true;
    const gltf::SceneGraph& graph = document.sceneGraph();
    if (node >= graph.nodeCount())
        return false;
    for (size_t child : graph.children(node)) {
        if (!gltf::nodeMesh(document.gltf(), child) && hasShapeUse(document.model().node(child)))
            return true;
    }
    return false;
}

// Scene nodes parents first (pre-order from the roots), so that a body is placed before its descendants.
std::vector<size_t> parentsFirst(const gltf::SceneGraph& graph)
{
    std::vector<size_t> order, stack;
    const auto roots = graph.roots();
    stack.assign(roots.rbegin(), roots.rend());
    while (!stack.empty()) {
        const size_t n = stack.back();
        stack.pop_back();
        order.push_back(n);
        const auto& children = graph.children(n);
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    return order;
}

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

// A shape with the source JSON makeShape() gives, carrying the fitted parameters.
physics::Shape writable(const physics::Shape& fitted, const std::string& name)
{
    physics::Shape s = makeShape(fitted.type, name);
    s.size = fitted.size;
    s.radius = fitted.radius;
    s.height = fitted.height;
    s.radiusTop = fitted.radiusTop;
    s.radiusBottom = fitted.radiusBottom;
    s.mesh = fitted.mesh;
    return s;
}

std::string typeLabel(physics::ShapeType type)
{
    return physics::shapeTypeName(type);
}

Diagnostic noCollider(const AutoColliderNode& n, const Diagnostic& why)
{
    return makeError(why.code, gltf::nodeReference(n.name, n.node) + ": no collider: " + why.message,
                     jsonPointerAppend("/nodes", n.node));
}

// The shape of a fit; a hull or a simplified copy is pushed as a new mesh first (checked by the caller).
physics::Shape shapeForFit(Document& document, const MeshColliderFit& fit, const AutoColliderMesh& m)
{
    if (const gltf::TriangleMesh* fresh = fit.newMesh()) {
        const bool hull = fit.type == physics::ShapeType::Convex;
        const std::string name = m.name + (hull ? " hull" : " collision");
        auto* mesh = new AddMesh(&document, *fresh, name);
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
    return writable(fit.primitive.shape, m.name + " " + typeLabel(fit.type));
}

} // namespace

bool MeshColliderFit::offset() const
{
    const Vec3& t = primitive.translation;
    const Quat& q = primitive.rotation;
    const double w = std::abs(q[3]) / std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    return std::sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]) > 1e-9 || std::abs(w - 1.0) > 1e-7;
}

Result<MeshColliderFit> fitMeshCollider(const gltf::TriangleMesh& mesh, const AutoColliderOptions& options,
                                        const std::atomic<bool>* cancel)
{
    auto choice = import::chooseMeshCollider(mesh, options.collider, cancel);
    if (!choice)
        return Result<MeshColliderFit>{std::nullopt, choice.diagnostics};
    MeshColliderFit out;
    out.type = choice->type;
    if (choice->fit)
        out.primitive = fittedPrimitive(*choice->fit);
    out.hull = std::move(choice->hull);
    out.volume = choice->volume;
    out.hullVolume = choice->hullVolume;
    out.hullPoints = choice->hullPoints;
    out.capped = choice->capped;
    out.simplified = std::move(choice->simplified);
    out.trianglesBefore = choice->trianglesBefore;
    out.trianglesAfter = choice->trianglesAfter;
    out.measured = choice->measured;
    Result<MeshColliderFit> result;
    result.value = std::move(out);
    result.diagnostics = std::move(choice.diagnostics);
    return result;
}

AutoColliderInput gatherAutoColliders(Document& document, const AutoColliderOptions& options)
{
    AutoColliderInput input;
    input.options = options;
    input.undoIndex = document.undoStack()->index();
    const gltf::GltfDocument& doc = document.gltf();
    // As the add-colliders command matches --nodes: a shell wildcard against the whole name.
    const std::string& pattern = options.collider.nodePattern;
    const bool everyNode = pattern.empty() || pattern == "*";
    const QRegularExpression whole(
        QRegularExpression::anchoredPattern(QRegularExpression::wildcardToRegularExpression(
            QString::fromStdString(pattern), QRegularExpression::UnanchoredWildcardConversion)));
    const auto& chosen = options.collider.nodes;

    std::map<size_t, size_t> meshInput; // mesh index -> position in input.meshes
    for (size_t n : parentsFirst(document.sceneGraph())) {
        const auto mesh = gltf::nodeMesh(doc, n);
        if (!mesh)
            continue;
        const std::string name = gltf::nodeName(doc, n);
        if (!chosen.empty() ? std::find(chosen.begin(), chosen.end(), n) == chosen.end()
                            : !everyNode && !whole.match(QString::fromStdString(name)).hasMatch())
            continue;
        ++input.matched;
        if (options.skipExisting && hasCollider(document, n)) {
            input.skipped.push_back(n);
            continue;
        }
        auto [it, fresh] = meshInput.emplace(*mesh, input.meshes.size());
        if (fresh) {
            AutoColliderMesh m;
            m.mesh = *mesh;
            m.name = gltf::elementName(doc, "meshes", *mesh);
            m.scale = geometry::meanScale(document.sceneGraph().worldTransform(n));
            if (m.name.empty())
                m.name = "mesh " + std::to_string(*mesh);
            if (options.collider.strategy != ColliderStrategy::Trimesh) {
                auto triangles = gltf::meshTriangles(doc, *mesh);
                if (triangles)
                    m.triangles = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
                else
                    m.problems = triangles.diagnostics;
            }
            input.meshes.push_back(std::move(m));
        }
        input.nodes.push_back({n, name, it->second});
    }
    return input;
}

AutoColliderPlan planAutoColliders(AutoColliderInput input, const std::function<void(double)>& progress,
                                   const std::atomic<bool>* cancel)
{
    AutoColliderPlan plan;
    plan.fits.resize(input.meshes.size());
    const bool trimesh = input.options.collider.strategy == ColliderStrategy::Trimesh;
    for (size_t i = 0; i < input.meshes.size(); ++i) {
        if (cancel && cancel->load()) {
            plan.cancelled = true;
            break;
        }
        if (progress)
            progress(double(i) / double(input.meshes.size()));
        const AutoColliderMesh& m = input.meshes[i];
        const std::string label = "mesh '" + m.name + "' (" + std::to_string(m.mesh) + ")";
        auto reportFailure = [&](const Diagnostics& why) {
            for (const Diagnostic& d : why) {
                if (d.severity == Severity::Error)
                    plan.diagnostics.push_back(makeError(d.code, label + ": no collider: " + d.message,
                                                         jsonPointerAppend("/meshes", m.mesh)));
            }
        };
        if (trimesh) {
            plan.fits[i] = fitMeshCollider(gltf::TriangleMesh{}, input.options, cancel).value;
            continue;
        }
        if (!m.triangles) {
            reportFailure(m.problems);
            continue;
        }
        AutoColliderOptions options = input.options;
        options.collider.maxError /= m.scale;
        auto fit = fitMeshCollider(*m.triangles, options, cancel);
        if (findDiagnostic(fit.diagnostics, "HULL_CANCELLED")) {
            plan.cancelled = true;
            break;
        }
        if (!fit) {
            reportFailure(fit.diagnostics);
            continue;
        }
        plan.fits[i] = std::move(*fit);
        for (const Diagnostic& d : fit.diagnostics) { // a substitution, such as a flat mesh's thin box
            if (d.severity != Severity::Error)
                plan.diagnostics.push_back(
                    makeInfo(d.code, label + ": " + d.message, jsonPointerAppend("/meshes", m.mesh)));
        }
    }
    if (progress && !plan.cancelled)
        progress(1.0);
    plan.input = std::move(input);
    return plan;
}

namespace {

/// True when the plan adds something: a fit that needs no new mesh, or one whose new mesh the document can
/// take (not, for example, when buffer 0 has no bytes). Otherwise every node's reason goes to `report`.
bool anythingToAdd(const Document& document, const AutoColliderPlan& plan, AutoColliderReport& report)
{
    const AutoColliderInput& input = plan.input;
    const bool any = std::any_of(input.nodes.begin(), input.nodes.end(), [&](const AutoColliderNode& n) {
        const auto& fit = plan.fits[n.meshInput];
        return fit && (!fit->newMesh() || !checkNewMesh(document.gltf(), *fit->newMesh()));
    });
    if (any)
        return true;
    for (const AutoColliderNode& n : input.nodes) {
        const auto& fit = plan.fits[n.meshInput];
        if (fit && fit->newMesh()) {
            if (const auto problem = checkNewMesh(document.gltf(), *fit->newMesh()))
                report.diagnostics.push_back(noCollider(n, *problem));
        }
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
    child["name"] = gltf::nodeLabel(n.name, n.node) + " " + typeLabel(fit.type);
    const Vec3& t = fit.primitive.translation;
    Quat q = fit.primitive.rotation;
    if (q[3] < 0)
        q = {-q[0], -q[1], -q[2], -q[3]};
    if (t != Vec3{0, 0, 0})
        child["translation"] = t;
    if (fit.offset() && q != Quat{0, 0, 0, 1})
        child["rotation"] = q;
    auto* addNode = new AddNode(&document, n.node, std::move(child));
    document.push(addNode);
    return addNode->nodeIndex();
}

/// The report's entry for a collider added to `n` (whose world matrix is `world`).
import::AddedCollider addedCollider(const AutoColliderNode& n, size_t colliderNode, size_t shape,
                                    const MeshColliderFit& fit, import::ColliderStrategy strategy,
                                    const QMatrix4x4& world){import::AddedCollider a;
a.meshNode = n.node;
a.name = n.name;
a.colliderNode = colliderNode;
a.shape = shape;
a.type = fit.type;
a.strategy = strategy;
a.volume = fit.volume;
a.hullVolume = fit.hullVolume;
a.hullPoints = fit.hullPoints;
a.capped = fit.capped;
a.trianglesBefore = fit.trianglesBefore;
a.trianglesAfter = fit.trianglesAfter;
if (fit.measured) {
    a.fit = fit.measured->scaled(geometry::meanScale(world));
    a.fit->approximate = a.fit->approximate || geometry::nonUniformScale(world);
}
return a;
} // namespace

} // namespace cs::document

AutoColliderReport applyAutoColliders(Document& document, const AutoColliderPlan& plan)
{
    AutoColliderReport report;
    const AutoColliderInput& input = plan.input;
    report.skipped = input.skipped;
    report.matched = input.matched;
    report.diagnostics = plan.diagnostics;
    report.cancelled = plan.cancelled;
    if (plan.cancelled)
        return report;
    if (document.undoStack()->index() != input.undoIndex) {
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
    std::map<size_t, size_t> shapeOfMesh; // input mesh -> shape index, made on first use
    for (const AutoColliderNode& n : input.nodes) {
        const auto& fit = plan.fits[n.meshInput];
        if (!fit || n.node >= nodeCountBefore)
            continue;
        auto made = shapeOfMesh.find(n.meshInput);
        if (made == shapeOfMesh.end()) {
            if (const gltf::TriangleMesh* fresh = fit->newMesh()) {
                if (const auto problem = checkNewMesh(document.gltf(), *fresh)) {
                    report.diagnostics.push_back(noCollider(n, *problem));
                    continue;
                }
            }
            auto* add = new AddShape(&document, shapeForFit(document, *fit, input.meshes[n.meshInput]));
            document.push(add);
            made = shapeOfMesh.emplace(n.meshInput, add->itemIndex()).first;
        }
        const size_t colliderNode = colliderNodeFor(document, n, *fit);
        physics::Collider collider;
        collider.shape = static_cast<int>(made->second);
        document.push(addCollider(&document, colliderNode, collider));
        if (input.options.addMotion && !insideBody(document, graph, n.node)) {
            physics::Motion motion;
            motion.type = input.options.collider.body;
            document.push(addMotion(&document, n.node, motion));
        }
        const QMatrix4x4& world = graph.worldTransform(n.node);
        if (geometry::nonUniformScale(world))
            report.diagnostics.push_back(makeWarning(
                "COLLIDER_SCALED_NODE",
                gltf::nodeReference(n.name, n.node) + " is scaled unevenly: its collider is scaled with it, "
                                                      "which engines handle differently",
                jsonPointerAppend("/nodes", n.node)));
        report.added.push_back(addedCollider(n, colliderNode, made->second, *fit, strategy, world));
    }
    stack->endMacro();
    report.pushed = true;
    return report;
}

AutoColliderReport addAutoColliders(Document& document, const AutoColliderOptions& options)
{
    return applyAutoColliders(document, planAutoColliders(gatherAutoColliders(document, options)));
}

Result<std::vector<geometry::Vec3d>> nodeMeshPoints(const Document& document, size_t node, bool descendants)
{
    using R = Result<std::vector<geometry::Vec3d>>;
    const gltf::SceneGraph& graph = document.sceneGraph();
    if (node >= graph.nodeCount())
        return R::failure(
            makeError("NODE_INDEX_INVALID", "node " + std::to_string(node) + " does not exist"));
    R result;
    result.value.emplace();
    const QMatrix4x4 toNode = graph.worldTransform(node).inverted();
    std::vector<size_t> stack{node};
    bool anyMesh = false;
    while (!stack.empty()) {
        const size_t n = stack.back();
        stack.pop_back();
        if (const auto mesh = gltf::nodeMesh(document.gltf(), n)) {
            anyMesh = true;
            auto triangles = gltf::meshTriangles(document.gltf(), *mesh);
            result.diagnostics.insert(result.diagnostics.end(), triangles.diagnostics.begin(),
                                      triangles.diagnostics.end());
            if (triangles) {
                // Only the positions the triangles use: a hull of unused vertices would not match the mesh.
                std::vector<char> used(triangles->positions.size(), 0);
                for (std::uint32_t i : triangles->indices)
                    used[i] = 1;
                gltf::TriangleMesh usedOnly;
                for (size_t i = 0; i < used.size(); ++i) {
                    if (used[i])
                        usedOnly.positions.push_back(triangles->positions[i]);
                }
                geometry::appendPoints(*result.value, usedOnly,
                                       n == node ? QMatrix4x4() : toNode * graph.worldTransform(n));
            }
        }
        if (descendants) {
            const auto& children = graph.children(n);
            stack.insert(stack.end(), children.rbegin(), children.rend());
        }
    }
    if (!anyMesh)
        return R::failure(
            makeError("NODE_NO_MESH",
                      "node " + std::to_string(node) +
                          (descendants ? " and the nodes below it have no mesh" : " has no mesh"),
                      jsonPointerAppend("/nodes", node)));
    return result;
}

} // namespace cs::document
