#include "document/AutoColliderActions.h"

#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/MeshCommands.h"
#include "document/ShapeConversion.h"
#include "geometry/ConvexHull.h"
#include "geometry/Parallel.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/ScaleRule.h"
#include "gltf/NodeLabel.h"
#include "gltf/NodeWalk.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <mutex>

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
    return gltf::preOrder(graph, graph.roots());
}

// True when the mesh is one primitive of triangles as a list (mode 4, the default).
bool onePrimitive(const gltf::GltfDocument& doc, size_t mesh)
{
    const gltf::Json* m = doc.element("meshes", mesh);
    if (!m || !m->contains("primitives") || !(*m)["primitives"].is_array())
        return true;
    const gltf::Json& prims = (*m)["primitives"];
    if (prims.size() != 1)
        return false;
    const gltf::Json& p = prims[0];
    return !p.is_object() || !p.contains("mode") || (p["mode"].is_number() && p["mode"].get<double>() == 4.0);
}

// True when the node is in a dynamic body, or is made one (options.addMotion with a dynamic body), in the
// model as it is when gathering.
bool dynamicBody(const Document& document, size_t node, const AutoColliderOptions& options)
{
    const auto body = document.sceneGraph().findUp(node, [&](size_t n) {
        const physics::NodePhysics* p = document.model().node(n);
        return p && p->motion;
    });
    if (body)
        return document.model().node(*body)->motion->type == physics::MotionType::Dynamic;
    return options.addMotion && options.collider.body == physics::MotionType::Dynamic;
}

} // namespace

bool MeshColliderFit::offset() const
{
    const Vec3& t = primitive.translation;
    const Quat& q = primitive.rotation;
    const double w = std::abs(q[3]) / std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    return std::sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]) > 1e-9 || std::abs(w - 1.0) > 1e-7;
}

std::vector<const gltf::TriangleMesh*> MeshColliderFit::newMeshes() const
{
    std::vector<const gltf::TriangleMesh*> meshes;
    for (const gltf::TriangleMesh& part : parts)
        if (part.triangleCount() > 0)
            meshes.push_back(&part);
    if (meshes.empty() && hull && type == physics::ShapeType::Convex)
        meshes.push_back(&*hull);
    else if (meshes.empty() && simplified)
        meshes.push_back(&*simplified);
    return meshes;
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
    out.hullFromCopy = choice->hullFromCopy;
    out.enclosed = choice->enclosed;
    if (choice->parts.size() > 1) {
        out.parts = std::move(choice->parts);
        for (size_t i = 0; i < out.parts.size(); ++i) {
            const bool primitive = i < choice->partFits.size() && choice->partFits[i];
            out.partVolumes.push_back(primitive ? choice->partFits[i]->volume
                                                : geometry::meshVolume(out.parts[i]));
            out.partPrimitives.push_back(primitive ? std::optional(fittedPrimitive(*choice->partFits[i]))
                                                   : std::nullopt);
        }
        out.primitiveParts = std::move(choice->primitiveParts);
    }
    out.measured = choice->measured;
    Result<MeshColliderFit> result;
    result.value = std::move(out);
    result.diagnostics = std::move(choice.diagnostics);
    return result;
}

namespace {

/// The mesh's triangles into m.triangles, or why they cannot be read into m.problems.
void readMesh(const gltf::GltfDocument& doc, AutoColliderMesh& m)
{
    auto triangles = gltf::meshTriangles(doc, m.mesh);
    if (triangles)
        m.triangles = std::make_shared<const gltf::TriangleMesh>(std::move(*triangles));
    else
        m.problems = triangles.diagnostics;
}

} // namespace

AutoColliderInput gatherAutoColliders(Document& document, const AutoColliderOptions& options,
                                      MeshCopies copies)
{
    AutoColliderInput input;
    if (copies == MeshCopies::ReadWhenFitted)
        input.source = &document.gltf();
    input.options = options;
    input.revision = document.revision();
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
        const bool had = hasCollider(document, n);
        if (options.skipExisting && had) {
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
            m.onePrimitive = onePrimitive(doc, *mesh);
            // Read for a trimesh too, which refers to the mesh as it is: a mesh whose geometry cannot be read
            // (undecodable compression, an unknown required extension) gets no collider at all.
            if (!input.source)
                readMesh(doc, m);
            input.meshes.push_back(std::move(m));
        }
        if (dynamicBody(document, n, options))
            input.meshes[it->second].trimeshAllowed = false;
        input.nodes.push_back({n, name, it->second, had});
    }
    return input;
}

namespace {

/// The collider of one mesh of the input, into plan.fits[i] and plan.meshDiagnostics[i]; false when it was
/// cancelled.
bool planMesh(const AutoColliderInput& input, size_t i, AutoColliderPlan& plan,
              const std::atomic<bool>* cancel)
{
    // Read now (and let go when done) when the input left the meshes in the document.
    AutoColliderMesh read;
    if (input.source) {
        read = input.meshes[i];
        readMesh(*input.source, read);
    }
    const AutoColliderMesh& m = input.source ? read : input.meshes[i];
    Diagnostics& said = plan.meshDiagnostics[i];
    // A failure keeps its errors; a fit keeps its notes (a substitution, such as a flat mesh's thin box).
    auto keep = [&](const Diagnostics& from, bool errors) {
        std::copy_if(from.begin(), from.end(), std::back_inserter(said),
                     [&](const Diagnostic& d) { return (d.severity == Severity::Error) == errors; });
    };
    if (!m.triangles) {
        keep(m.problems, true);
        return true;
    }
    AutoColliderOptions options = input.options;
    options.collider.maxError /= m.scale;
    if (options.collider.partTolerance)
        *options.collider.partTolerance /= m.scale;
    options.collider.trimeshAllowed = m.trimeshAllowed;
    auto fit = fitMeshCollider(*m.triangles, options, cancel);
    if (findDiagnostic(fit.diagnostics, "HULL_CANCELLED"))
        return false;
    keep(fit.diagnostics, !fit);
    if (fit && fit->type == physics::ShapeType::Trimesh && !fit->simplified && !m.onePrimitive)
        fit->simplified = *m.triangles;
    if (fit)
        plan.fits[i] = std::move(*fit);
    return true;
}

} // namespace

AutoColliderPlan planAutoColliders(AutoColliderInput input, const std::function<void(double)>& progress,
                                   const std::atomic<bool>* cancel)
{
    AutoColliderPlan plan;
    const size_t count = input.meshes.size();
    plan.fits.resize(count);
    plan.meshDiagnostics.resize(count);
    // The meshes on every core: each writes only its own slot, so the plan does not depend on the number of
    // cores; the progress callbacks are called one at a time.
    std::atomic<bool> cancelled = false;
    std::mutex reporting;
    size_t done = 0;
    geometry::parallelFor(count, 0, [&](size_t i) {
        if (cancelled.load() || (cancel && cancel->load())) {
            cancelled = true;
            return;
        }
        if (!planMesh(input, i, plan, cancel)) {
            cancelled = true;
            return;
        }
        const std::lock_guard lock(reporting);
        ++done;
        if (progress && done < count)
            progress(double(done) / double(count));
        if (input.options.collider.progress)
            input.options.collider.progress(done, count);
    });
    plan.cancelled = cancelled.load();
    if (progress && !plan.cancelled)
        progress(1.0);
    plan.input = std::move(input);
    return plan;
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
