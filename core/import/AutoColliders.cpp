#include "import/AutoColliders.h"

#include "geometry/ConvexHull.h"
#include "geometry/Decomposition.h"
#include "geometry/MeshWriter.h"
#include "geometry/Parallel.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/ScaleRule.h"
#include "gltf/MeshTriangles.h"
#include "gltf/NodeLabel.h"
#include "gltf/SceneGraph.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

namespace cs::import {

namespace {

using geometry::FittedShape;
using geometry::ShapeKind;
using geometry::Vec3d;

/// A shape made for one mesh, reused by every node that instances the mesh.
struct MadeShape
{
    size_t shape = 0;
    physics::ShapeType type = physics::ShapeType::Box;
    Vec3d offset;
    QQuaternion rotation;
    double volume = 0, hullVolume = 0;
    size_t hullPoints = 0;
    bool capped = false;
    /// Decompose into more than one part: the shape of each part (each goes on its own child node).
    std::vector<size_t> partShapes;
    std::vector<size_t> partPoints;
    std::vector<double> partVolumes;
    std::optional<geometry::FitSummary> fit; ///< in the mesh's space
    size_t trianglesBefore = 0, trianglesAfter = 0;
};

std::string nodeMention(const gltf::GltfDocument& doc, size_t index)
{
    return gltf::nodeReference(gltf::nodeName(doc, index), index);
}

/// A mesh's triangles and collider, computed before the document changes (on every core) for the first node
/// that uses the mesh.
struct PreparedChoice
{
    size_t node = 0;
    bool readable = false;                            ///< the mesh's triangles could be read
    Diagnostics trianglesFailed;                      ///< why they could not (then no choice was made)
    std::optional<Result<MeshColliderChoice>> choice; ///< none for a trimesh or unreadable triangles
};

/// Reads `mesh` and chooses its collider for `node`; reads the document only, so that several run at once.
PreparedChoice prepareChoice(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph,
                             const ColliderOptions& options, size_t node, size_t mesh)
{
    PreparedChoice p;
    p.node = node;
    // Read even for a trimesh, which refers to the mesh as it is: a mesh whose geometry cannot be read
    // (undecodable compression, an unknown required extension) gets no collider at all.
    auto triangles = gltf::meshTriangles(doc, mesh);
    p.readable = bool(triangles);
    if (!triangles) {
        p.trianglesFailed = std::move(triangles.diagnostics);
        return p;
    }
    if (options.strategy == ColliderStrategy::Trimesh)
        return p;
    // The largest error is asked in world metres; the mesh is simplified in its own space.
    ColliderOptions scaled = options;
    scaled.maxError /= geometry::meanScale(graph.worldTransform(node));
    p.choice = chooseMeshCollider(*triangles, scaled);
    return p;
}

/// The choice for each mesh of `targets` (node, mesh: the first node of each mesh is the one its choice is
/// made for), made on every core, reporting each mesh done through options.progress.
std::map<size_t, PreparedChoice> prepareChoices(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph,
                                                const ColliderOptions& options,
                                                const std::vector<std::pair<size_t, size_t>>& targets)
{
    std::vector<std::pair<size_t, size_t>> first; // node, mesh
    std::set<size_t> seen;
    for (const auto& [node, mesh] : targets) {
        if (seen.insert(mesh).second)
            first.emplace_back(node, mesh);
    }
    std::vector<PreparedChoice> made(first.size());
    std::mutex reporting;
    size_t done = 0;
    geometry::parallelFor(first.size(), 0, [&](size_t i) {
        made[i] = prepareChoice(doc, graph, options, first[i].first, first[i].second);
        const std::lock_guard lock(reporting);
        ++done;
        if (options.progress)
            options.progress(done, first.size());
    });
    std::map<size_t, PreparedChoice> byMesh;
    for (size_t i = 0; i < first.size(); ++i)
        byMesh.emplace(first[i].second, std::move(made[i]));
    return byMesh;
}

class Generator
{
public:
    Generator(gltf::GltfDocument& doc, const gltf::SceneGraph& graph, const ColliderOptions& options,
              physics::PhysicsModel& model, ColliderReport& report)
        : m_doc(doc), m_graph(graph), m_options(options), m_model(model), m_report(report)
    {}

    /// Choices made ahead (prepareChoices), by mesh; a node they were not made for computes its own.
    void usePrepared(std::map<size_t, PreparedChoice> prepared) { m_prepared = std::move(prepared); }

    std::optional<MadeShape> shapeFor(size_t node, size_t mesh)
    {
        if (auto it = m_made.find(mesh); it != m_made.end())
            return it->second;
        auto made = make(node, mesh);
        if (made)
            m_made[mesh] = *made;
        return made;
    }

private:
    void fail(size_t node, const Diagnostics& why)
    {
        const std::string label = nodeMention(m_doc, node);
        for (const Diagnostic& d : why) {
            if (d.severity == Severity::Error)
                m_report.diagnostics.push_back(makeError(d.code, label + ": no collider: " + d.message,
                                                         jsonPointerAppend("/nodes", node)));
        }
    }

    size_t addShape(physics::Shape shape)
    {
        m_model.shapes.push_back(std::move(shape));
        return m_model.shapes.size() - 1;
    }

    std::optional<MadeShape> make(size_t node, size_t mesh)
    {
        const ColliderStrategy strategy = m_options.strategy;
        const auto ahead = m_prepared.find(mesh);
        PreparedChoice prepared = ahead != m_prepared.end() && ahead->second.node == node
                                      ? std::move(ahead->second)
                                      : prepareChoice(m_doc, m_graph, m_options, node, mesh);
        if (!prepared.readable) {
            fail(node, prepared.trianglesFailed);
            return std::nullopt;
        }
        if (strategy == ColliderStrategy::Trimesh) {
            auto s = physics::Shape::defaults(physics::ShapeType::Trimesh);
            s.mesh = int(mesh);
            MadeShape made;
            made.shape = addShape(s);
            made.type = physics::ShapeType::Trimesh;
            made.fit = geometry::FitSummary{}; // the mesh itself
            return made;
        }
        const Result<MeshColliderChoice>& choice = *prepared.choice;
        if (!choice) {
            fail(node, choice.diagnostics);
            return std::nullopt;
        }
        for (const Diagnostic& d : choice.diagnostics) {
            if (d.severity != Severity::Error)
                m_report.diagnostics.push_back(makeInfo(d.code, nodeMention(m_doc, node) + ": " + d.message,
                                                        jsonPointerAppend("/nodes", node)));
        }
        MadeShape made;
        made.type = choice->type;
        made.volume = choice->volume;
        made.hullVolume = choice->hullVolume;
        made.fit = choice->measured;
        made.trianglesBefore = choice->trianglesBefore;
        made.trianglesAfter = choice->trianglesAfter;
        if (choice->fit) {
            made.shape = addShape(fittedPhysicsShape(choice->fit->shape));
            made.offset = choice->fit->offset;
            made.rotation = choice->fit->rotation;
            return made;
        }
        if (!addMeshShapes(node, mesh, *choice, made))
            return std::nullopt;
        return made;
    }

    /// The new meshes of a hull, the parts of a decomposition or a simplified copy, and their shapes.
    bool addMeshShapes(size_t node, size_t mesh, const MeshColliderChoice& choice, MadeShape& made)
    {
        const std::string meshName =
            m_doc.json()["meshes"][mesh].value("name", "mesh " + std::to_string(mesh));
        if (choice.parts.size() > 1) {
            for (size_t i = 0; i < choice.parts.size(); ++i) {
                auto part = geometry::addTriangleMesh(m_doc, choice.parts[i],
                                                      meshName + " part " + std::to_string(i + 1));
                if (!part) {
                    fail(node, part.diagnostics);
                    return false;
                }
                auto shape = physics::Shape::defaults(physics::ShapeType::Convex);
                shape.mesh = int(*part);
                made.partShapes.push_back(addShape(std::move(shape)));
                made.partPoints.push_back(size_t(choice.parts[i].positions.size()));
                made.partVolumes.push_back(geometry::meshVolume(choice.parts[i]));
            }
            made.shape = made.partShapes[0];
            made.hullPoints = choice.hullPoints;
            made.capped = choice.capped;
            return true;
        }
        const bool simplified = choice.simplified.has_value();
        auto added = geometry::addTriangleMesh(m_doc, simplified ? *choice.simplified : *choice.hull,
                                               meshName + (simplified ? " collision" : " hull"));
        if (!added) {
            fail(node, added.diagnostics);
            return false;
        }
        auto shape =
            physics::Shape::defaults(simplified ? physics::ShapeType::Trimesh : physics::ShapeType::Convex);
        shape.mesh = int(*added);
        made.shape = addShape(std::move(shape));
        made.hullPoints = choice.hullPoints;
        made.capped = choice.capped;
        return true;
    }

    gltf::GltfDocument& m_doc;
    const gltf::SceneGraph& m_graph;
    const ColliderOptions& m_options;
    physics::PhysicsModel& m_model;
    ColliderReport& m_report;
    std::map<size_t, MadeShape> m_made;
    std::map<size_t, PreparedChoice> m_prepared;
};

/// A compound collider: one child node of `node` per part, each with its part's convex shape.
void addParts(gltf::GltfDocument& doc, physics::PhysicsModel& model, size_t node, const std::string& name,
              const MadeShape& made, const ColliderOptions& options,
              const std::optional<geometry::FitSummary>& fit, ColliderReport& report)
{
    for (size_t i = 0; i < made.partShapes.size(); ++i) {
        auto& nodes = doc.json()["nodes"];
        gltf::Json child = gltf::Json::object();
        child["name"] =
            (name.empty() ? "node " + std::to_string(node) : name) + " part " + std::to_string(i + 1);
        nodes.push_back(std::move(child));
        const size_t colliderNode = nodes.size() - 1;
        nodes[node]["children"].push_back(colliderNode);
        physics::Collider collider;
        collider.shape = int(made.partShapes[i]);
        model.nodeRef(colliderNode).collider = collider;
        AddedCollider a;
        a.meshNode = node;
        a.name = name;
        a.colliderNode = colliderNode;
        a.shape = made.partShapes[i];
        a.type = physics::ShapeType::Convex;
        a.strategy = options.strategy;
        a.volume = made.partVolumes[i];
        a.hullPoints = made.partPoints[i];
        a.capped = made.capped;
        a.part = i;
        a.parts = made.partShapes.size();
        a.fit = fit;
        report.added.push_back(a);
    }
}

/// Scene nodes parents first (pre-order from the roots), so that a body is placed before its descendants.
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

bool insideBody(const physics::PhysicsModel& model, const gltf::SceneGraph& graph, size_t node)
{
    return graph
        .findUp(node,
                [&](size_t n) {
                    const physics::NodePhysics* p = model.node(n);
                    return p && p->motion;
                })
        .has_value();
}

/// The figures of a shape measured in its mesh's space, in world metres for a node placed at `world`.
std::optional<geometry::FitSummary> worldFit(const MadeShape& made, const QMatrix4x4& world)
{
    if (!made.fit)
        return std::nullopt;
    geometry::FitSummary f = made.fit->scaled(geometry::meanScale(world));
    f.approximate = f.approximate || geometry::nonUniformScale(world);
    return f;
}

} // namespace

const char* colliderStrategyName(ColliderStrategy s)
{
    switch (s) {
    case ColliderStrategy::Box:
        return "box";
    case ColliderStrategy::OrientedBox:
        return "obb";
    case ColliderStrategy::Sphere:
        return "sphere";
    case ColliderStrategy::Capsule:
        return "capsule";
    case ColliderStrategy::Hull:
        return "hull";
    case ColliderStrategy::Trimesh:
        return "trimesh";
    case ColliderStrategy::Auto:
        return "auto";
    case ColliderStrategy::Decompose:
        return "decompose";
    case ColliderStrategy::Simplified:
        return "simplified";
    }
    return "auto";
}

std::optional<ColliderStrategy> colliderStrategyFromName(const std::string& name)
{
    for (auto s : {ColliderStrategy::Box, ColliderStrategy::OrientedBox, ColliderStrategy::Sphere,
                   ColliderStrategy::Capsule, ColliderStrategy::Hull, ColliderStrategy::Trimesh,
                   ColliderStrategy::Auto, ColliderStrategy::Decompose, ColliderStrategy::Simplified}) {
        if (name == colliderStrategyName(s))
            return s;
    }
    return std::nullopt;
}

namespace {

/// The node that carries the collider of mesh node `n`: `n` itself, or (OMI shapes are centred on their
/// node) for an offset fit a new child node placed at the fit.
size_t colliderNodeFor(gltf::GltfDocument& doc, size_t n, const std::string& name, const MadeShape& made)
{
    const bool offset = std::sqrt(geometry::lengthSquared(made.offset)) > 1e-9 ||
                        std::abs(std::abs(made.rotation.normalized().scalar()) - 1.0f) > 1e-7f;
    if (!offset)
        return n;
    auto& nodes = doc.json()["nodes"];
    gltf::Json child = gltf::Json::object();
    child["name"] = (name.empty() ? "node " + std::to_string(n) : name) + " collider";
    const Vec3d& t = made.offset;
    if (geometry::lengthSquared(t) > 0)
        child["translation"] = {t.x, t.y, t.z};
    QQuaternion q = made.rotation.normalized();
    if (q.scalar() < 0)
        q = -q;
    if (std::abs(q.scalar() - 1.0f) > 1e-7f)
        child["rotation"] = {q.x(), q.y(), q.z(), q.scalar()};
    nodes.push_back(std::move(child));
    const size_t colliderNode = nodes.size() - 1;
    nodes[n]["children"].push_back(colliderNode);
    return colliderNode;
}

/// The mesh of node `n` when the node is one the options select (a mesh node, named or matching).
std::optional<size_t> selectedMesh(const gltf::GltfDocument& doc, size_t n, const ColliderOptions& options,
                                   const QRegularExpression& whole)
{
    const std::optional<size_t> mesh = gltf::nodeMesh(doc, n);
    if (!mesh)
        return std::nullopt;
    if (options.nodes.empty() && !whole.match(QString::fromStdString(gltf::nodeName(doc, n))).hasMatch())
        return std::nullopt;
    return mesh;
}

/// The nodes to visit, parents first: every node, or only options.nodes when it names some.
std::vector<size_t> visitOrder(const gltf::SceneGraph& graph, const ColliderOptions& options)
{
    std::vector<size_t> order = parentsFirst(graph);
    if (!options.nodes.empty())
        std::erase_if(order, [&](size_t n) {
            return std::find(options.nodes.begin(), options.nodes.end(), n) == options.nodes.end();
        });
    return order;
}

/// The nodes of `order` that will get a collider (selected, without a collider or trigger), with their mesh.
std::vector<std::pair<size_t, size_t>>
fittedNodes(const gltf::GltfDocument& doc, const physics::PhysicsModel& model,
            const std::vector<size_t>& order, const ColliderOptions& options, const QRegularExpression& whole)
{
    std::vector<std::pair<size_t, size_t>> targets;
    for (size_t n : order) {
        const std::optional<size_t> mesh = selectedMesh(doc, n, options, whole);
        if (const physics::NodePhysics* p = model.node(n); mesh && !(p && (p->collider || p->trigger)))
            targets.emplace_back(n, *mesh);
    }
    return targets;
}

/// A motion of type `body` on `n` when it is not inside a body yet.
void giveMotion(physics::PhysicsModel& model, const gltf::SceneGraph& graph, size_t n,
                physics::MotionType body)
{
    if (insideBody(model, graph, n))
        return;
    physics::Motion motion;
    motion.type = body;
    model.nodeRef(n).motion = motion;
}

} // namespace

ColliderReport addColliders(gltf::GltfDocument& doc, const ColliderOptions& options)
{
    ColliderReport report;
    auto graph = gltf::SceneGraph::build(doc);
    if (!graph) {
        report.diagnostics = graph.diagnostics;
        return report;
    }
    auto read = physics::readPhysics(doc);
    physics::PhysicsModel model = std::move(*read);
    const QRegularExpression pattern(QRegularExpression::wildcardToRegularExpression(
        QString::fromStdString(options.nodePattern), QRegularExpression::UnanchoredWildcardConversion));
    const QRegularExpression whole(QRegularExpression::anchoredPattern(pattern.pattern()));

    Generator generator(doc, *graph, options, model, report);
    const std::vector<size_t> order = visitOrder(*graph, options);
    // The meshes' colliders are chosen first, on every core; the document changes one node at a time after.
    generator.usePrepared(
        prepareChoices(doc, *graph, options, fittedNodes(doc, model, order, options, whole)));
    for (size_t n : order) {
        const std::optional<size_t> meshIndex = selectedMesh(doc, n, options, whole);
        if (!meshIndex)
            continue;
        ++report.matched;
        const std::string label = nodeMention(doc, n);
        const std::string name = gltf::nodeName(doc, n);
        const size_t mesh = *meshIndex;
        if (const physics::NodePhysics* p = model.node(n); p && (p->collider || p->trigger)) {
            report.diagnostics.push_back(makeInfo("COLLIDER_EXISTS",
                                                  label + " already has a collider or trigger; "
                                                          "left as it is",
                                                  jsonPointerAppend("/nodes", n)));
            continue;
        }
        const auto made = generator.shapeFor(n, mesh);
        if (!made)
            continue;

        if (made->partShapes.size() > 1) {
            addParts(doc, model, n, name, *made, options, worldFit(*made, graph->worldTransform(n)), report);
            giveMotion(model, *graph, n, options.body);
            continue;
        }
        const size_t colliderNode = colliderNodeFor(doc, n, name, *made);
        physics::Collider collider;
        collider.shape = int(made->shape);
        model.nodeRef(colliderNode).collider = collider;
        giveMotion(model, *graph, n, options.body);
        if (geometry::nonUniformScale(graph->worldTransform(n)))
            report.diagnostics.push_back(makeWarning("COLLIDER_SCALED_NODE",
                                                     label +
                                                         " is scaled unevenly: its collider is scaled with "
                                                         "it, which engines handle differently",
                                                     jsonPointerAppend("/nodes", n)));

        AddedCollider a;
        a.meshNode = n;
        a.name = name;
        a.colliderNode = colliderNode;
        a.shape = made->shape;
        a.type = made->type;
        a.strategy = options.strategy;
        a.volume = made->volume;
        a.hullVolume = made->hullVolume;
        a.hullPoints = made->hullPoints;
        a.capped = made->capped;
        a.fit = worldFit(*made, graph->worldTransform(n));
        a.trianglesBefore = made->trianglesBefore;
        a.trianglesAfter = made->trianglesAfter;
        report.added.push_back(a);
    }
    if (!report.added.empty()) {
        const Diagnostics written = physics::writeOmi(model, doc);
        report.diagnostics.insert(report.diagnostics.end(), written.begin(), written.end());
    }
    return report;
}

} // namespace cs::import
