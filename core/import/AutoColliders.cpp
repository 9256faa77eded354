#include "import/AutoColliders.h"

#include "geometry/ConvexHull.h"
#include "geometry/Decomposition.h"
#include "geometry/MeshWriter.h"
#include "geometry/PrimitiveFit.h"
#include "gltf/MeshTriangles.h"
#include "gltf/SceneGraph.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <map>
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
};

physics::Shape toPhysics(const geometry::ShapeGeometry& g)
{
    switch (g.kind) {
    case ShapeKind::Box: {
        auto s = physics::Shape::defaults(physics::ShapeType::Box);
        s.size = {g.size.x, g.size.y, g.size.z};
        return s;
    }
    case ShapeKind::Sphere: {
        auto s = physics::Shape::defaults(physics::ShapeType::Sphere);
        s.radius = g.radius;
        return s;
    }
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder: {
        auto s = physics::Shape::defaults(g.kind == ShapeKind::Capsule ? physics::ShapeType::Capsule
                                                                       : physics::ShapeType::Cylinder);
        s.height = g.height;
        s.radiusBottom = g.radiusBottom;
        s.radiusTop = g.radiusTop;
        return s;
    }
    default:
        return physics::Shape::defaults(physics::ShapeType::Convex);
    }
}

double largestExtent(const std::vector<Vec3d>& points)
{
    if (points.empty())
        return 0;
    Vec3d lo = points[0], hi = points[0];
    for (const Vec3d& p : points) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    return std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
}

/// A flat mesh fits a box with a floor thickness; it is raised to the smallest size the validator accepts.
void raiseToMinimum(geometry::ShapeGeometry& g)
{
    for (double* v : {&g.size.x, &g.size.y, &g.size.z, &g.height, &g.radiusTop, &g.radiusBottom})
        if (*v > 0)
            *v = std::max(*v, kMinimumColliderSize);
    if (g.kind == ShapeKind::Sphere)
        g.radius = std::max(g.radius, kMinimumColliderSize);
}

/// Whether a hull or a decomposition failed because the mesh has no volume (flat, or a line).
bool hasNoVolume(const Diagnostics& why)
{
    return findDiagnostic(why, "HULL_COPLANAR") || findDiagnostic(why, "HULL_COLLINEAR") ||
           findDiagnostic(why, "DECOMPOSE_DEGENERATE");
}

/// The thin box Auto gives a mesh with no volume (the smaller of the axis-aligned and the oriented box,
/// raised to the smallest size the validator accepts), with an info naming the substitution.
Result<MeshColliderChoice> thinBox(const std::vector<Vec3d>& points, ColliderStrategy asked)
{
    std::optional<FittedShape> best;
    for (Result<FittedShape> fit : {geometry::fitBox(points), geometry::fitOrientedBox(points)}) {
        if (fit && (!best || fit->volume < best->volume))
            best = std::move(*fit);
    }
    if (!best)
        return Result<MeshColliderChoice>::failure(
            makeError("COLLIDER_FIT_FAILED", "no shape could be fitted to the mesh"));
    raiseToMinimum(best->shape);
    const Vec3d& size = best->shape.size;
    std::ostringstream text;
    text.precision(4);
    text << "the mesh has no volume (it is flat): a thin box of " << size.x << " x " << size.y << " x "
         << size.z << " m instead of a " << (asked == ColliderStrategy::Decompose ? "decomposition" : "hull");
    Result<MeshColliderChoice> result;
    result.value = MeshColliderChoice{};
    result.value->type = physics::ShapeType::Box;
    result.value->volume = best->volume;
    result.value->fit = std::move(best);
    result.diagnostics.push_back(makeInfo("COLLIDER_FLAT_MESH_BOX", text.str()));
    return result;
}

std::string nodeMention(const gltf::GltfDocument& doc, size_t index)
{
    const std::string name = gltf::nodeName(doc, index);
    return name.empty() ? "node " + std::to_string(index)
                        : "node '" + name + "' (" + std::to_string(index) + ")";
}

class Generator
{
public:
    Generator(gltf::GltfDocument& doc, const ColliderOptions& options, physics::PhysicsModel& model,
              ColliderReport& report)
        : m_doc(doc), m_options(options), m_model(model), m_report(report)
    {}

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
        // Read even for a trimesh, which refers to the mesh as it is: a mesh whose geometry cannot be read
        // (undecodable compression, an unknown required extension) gets no collider at all.
        auto triangles = gltf::meshTriangles(m_doc, mesh);
        if (!triangles) {
            fail(node, triangles.diagnostics);
            return std::nullopt;
        }
        if (strategy == ColliderStrategy::Trimesh) {
            auto s = physics::Shape::defaults(physics::ShapeType::Trimesh);
            s.mesh = int(mesh);
            MadeShape made;
            made.shape = addShape(s);
            made.type = physics::ShapeType::Trimesh;
            return made;
        }
        auto choice = chooseMeshCollider(*triangles, m_options);
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
        if (choice->fit) {
            made.shape = addShape(toPhysics(choice->fit->shape));
            made.offset = choice->fit->offset;
            made.rotation = choice->fit->rotation;
            return made;
        }
        const std::string meshName =
            m_doc.json()["meshes"][mesh].value("name", "mesh " + std::to_string(mesh));
        if (choice->parts.size() > 1) {
            for (size_t i = 0; i < choice->parts.size(); ++i) {
                auto part = geometry::addTriangleMesh(m_doc, choice->parts[i],
                                                      meshName + " part " + std::to_string(i + 1));
                if (!part) {
                    fail(node, part.diagnostics);
                    return std::nullopt;
                }
                auto shape = physics::Shape::defaults(physics::ShapeType::Convex);
                shape.mesh = int(*part);
                made.partShapes.push_back(addShape(std::move(shape)));
                made.partPoints.push_back(size_t(choice->parts[i].positions.size()));
                made.partVolumes.push_back(geometry::meshVolume(choice->parts[i]));
            }
            made.shape = made.partShapes[0];
            made.hullPoints = choice->hullPoints;
            made.capped = choice->capped;
            return made;
        }
        auto added = geometry::addTriangleMesh(m_doc, *choice->hull, meshName + " hull");
        if (!added) {
            fail(node, added.diagnostics);
            return std::nullopt;
        }
        auto shape = physics::Shape::defaults(physics::ShapeType::Convex);
        shape.mesh = int(*added);
        made.shape = addShape(std::move(shape));
        made.hullPoints = choice->hullPoints;
        made.capped = choice->capped;
        return made;
    }

    gltf::GltfDocument& m_doc;
    const ColliderOptions& m_options;
    physics::PhysicsModel& m_model;
    ColliderReport& m_report;
    std::map<size_t, MadeShape> m_made;
};

/// A compound collider: one child node of `node` per part, each with its part's convex shape.
void addParts(gltf::GltfDocument& doc, physics::PhysicsModel& model, size_t node, const std::string& name,
              const MadeShape& made, const ColliderOptions& options, ColliderReport& report)
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

bool nonUniformScale(const QMatrix4x4& world)
{
    const float x = world.column(0).toVector3D().length(), y = world.column(1).toVector3D().length(),
                z = world.column(2).toVector3D().length();
    const float hi = std::max({x, y, z}), lo = std::min({x, y, z});
    return hi > 0 && (hi - lo) / hi > 1e-4f;
}

/// Decompose: the convex parts of the mesh, each capped at options.maxPoints.
Result<MeshColliderChoice> decomposeMesh(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                                         const std::atomic<bool>* cancel)
{
    geometry::DecompositionOptions o;
    o.pointsPerPart = std::min(options.maxPoints, 255);
    o.maxParts = options.maxParts;
    o.concavity = options.concavity;
    o.measure = false;
    o.cancel = cancel;
    auto d = geometry::decomposeConvex(mesh, o);
    if (!d)
        return {std::nullopt, d.diagnostics};
    MeshColliderChoice out;
    out.type = physics::ShapeType::Convex;
    for (auto& part : d->parts) {
        out.volume += part.volume;
        out.hullPoints = std::max(out.hullPoints, part.points);
        out.capped = out.capped || part.capped;
        out.parts.push_back(std::move(part.hull));
    }
    if (out.parts.size() == 1)
        out.hull = out.parts[0];
    Result<MeshColliderChoice> r;
    r.value = std::move(out);
    return r;
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
    }
    return "auto";
}

std::optional<ColliderStrategy> colliderStrategyFromName(const std::string& name)
{
    for (auto s : {ColliderStrategy::Box, ColliderStrategy::OrientedBox, ColliderStrategy::Sphere,
                   ColliderStrategy::Capsule, ColliderStrategy::Hull, ColliderStrategy::Trimesh,
                   ColliderStrategy::Auto, ColliderStrategy::Decompose}) {
        if (name == colliderStrategyName(s))
            return s;
    }
    return std::nullopt;
}

Result<MeshColliderChoice> chooseMeshCollider(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                                              const std::atomic<bool>* cancel)
{
    using R = Result<MeshColliderChoice>;
    const ColliderStrategy strategy = options.strategy;
    R result;
    if (strategy == ColliderStrategy::Trimesh) {
        result.value = MeshColliderChoice{};
        result.value->type = physics::ShapeType::Trimesh;
        return result;
    }
    if (mesh.triangleCount() == 0)
        return R::failure(makeError("COLLIDER_NO_TRIANGLES", "the mesh has no triangles"));
    std::vector<Vec3d> points;
    geometry::appendPoints(points, mesh);
    if (largestExtent(points) < kMinimumColliderSize)
        return R::failure(
            makeError("COLLIDER_DEGENERATE_MESH", "every vertex of the mesh lies within " +
                                                      std::to_string(kMinimumColliderSize) +
                                                      " m of one point; no collider can be fitted to it"));

    if (strategy == ColliderStrategy::Decompose) {
        auto parts = decomposeMesh(mesh, options, cancel);
        if (!parts && !options.strict && hasNoVolume(parts.diagnostics))
            return thinBox(points, strategy);
        return parts;
    }

    std::optional<geometry::ConvexHull> hull;
    if (strategy == ColliderStrategy::Hull || strategy == ColliderStrategy::Auto) {
        geometry::ConvexHullOptions o;
        o.maxVertices = options.maxPoints;
        o.measureQuality = strategy == ColliderStrategy::Auto;
        o.cancel = cancel;
        auto h = geometry::generateConvexHull(points, o);
        if (h)
            hull = std::move(*h);
        else if (strategy == ColliderStrategy::Hull && !options.strict && hasNoVolume(h.diagnostics))
            return thinBox(points, strategy);
        else if (strategy == ColliderStrategy::Hull || findDiagnostic(h.diagnostics, "HULL_CANCELLED"))
            return R{std::nullopt, h.diagnostics};
        // Auto with a flat or degenerate mesh: the primitives below still fit it (boxes get a floor).
    }

    std::optional<FittedShape> fit;
    auto take = [&](Result<FittedShape> r) {
        if (r && (!fit || r->volume < fit->volume))
            fit = std::move(*r);
        else if (!r && strategy != ColliderStrategy::Auto)
            result.diagnostics.insert(result.diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    };
    switch (strategy) {
    case ColliderStrategy::Box:
        take(geometry::fitBox(points));
        break;
    case ColliderStrategy::OrientedBox:
        take(geometry::fitOrientedBox(points));
        break;
    case ColliderStrategy::Sphere:
        take(geometry::fitSphere(points));
        break;
    case ColliderStrategy::Capsule:
        take(geometry::fitCapsule(points));
        break;
    case ColliderStrategy::Auto:
        take(geometry::fitBox(points));
        take(geometry::fitOrientedBox(points));
        take(geometry::fitSphere(points));
        take(geometry::fitCapsule(points));
        break;
    default:
        break;
    }

    MeshColliderChoice out;
    if (hull)
        out.hullVolume =
            hull->quality.uncappedVolume > 0 ? hull->quality.uncappedVolume : hull->quality.volume;
    const bool usePrimitive = fit && (strategy != ColliderStrategy::Auto || !hull ||
                                      fit->volume <= out.hullVolume * (1.0 + options.autoTolerance));
    if (usePrimitive) {
        raiseToMinimum(fit->shape);
        out.type = toPhysics(fit->shape).type;
        out.volume = fit->volume;
        out.fit = std::move(fit);
        result.value = std::move(out);
        return result;
    }
    if (!hull) {
        if (!fit && result.diagnostics.empty())
            result.diagnostics.push_back(
                makeError("COLLIDER_FIT_FAILED", "no shape could be fitted to the mesh"));
        return result;
    }
    out.type = physics::ShapeType::Convex;
    out.volume = hull->quality.volume;
    out.hullPoints = hull->quality.vertexCount;
    out.capped = hull->quality.capped;
    out.hull = std::move(hull->mesh);
    result.value = std::move(out);
    return result;
}

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

    Generator generator(doc, options, model, report);
    std::vector<size_t> order = parentsFirst(*graph);
    if (!options.nodes.empty())
        std::erase_if(order, [&](size_t n) {
            return std::find(options.nodes.begin(), options.nodes.end(), n) == options.nodes.end();
        });
    for (size_t n : order) {
        const std::optional<size_t> meshIndex = gltf::nodeMesh(doc, n);
        if (!meshIndex)
            continue;
        if (options.nodes.empty() && !whole.match(QString::fromStdString(gltf::nodeName(doc, n))).hasMatch())
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
            addParts(doc, model, n, name, *made, options, report);
            if (!insideBody(model, *graph, n)) {
                physics::Motion motion;
                motion.type = options.body;
                model.nodeRef(n).motion = motion;
            }
            continue;
        }
        size_t colliderNode = n;
        const bool offset = std::sqrt(geometry::lengthSquared(made->offset)) > 1e-9 ||
                            std::abs(std::abs(made->rotation.normalized().scalar()) - 1.0f) > 1e-7f;
        if (offset) {
            // OMI shapes are centred on their node: an offset fit goes on a child node placed at the fit.
            auto& nodes = doc.json()["nodes"];
            gltf::Json child = gltf::Json::object();
            child["name"] = (name.empty() ? "node " + std::to_string(n) : name) + " collider";
            const Vec3d& t = made->offset;
            if (geometry::lengthSquared(t) > 0)
                child["translation"] = {t.x, t.y, t.z};
            QQuaternion q = made->rotation.normalized();
            if (q.scalar() < 0)
                q = -q;
            if (std::abs(q.scalar() - 1.0f) > 1e-7f)
                child["rotation"] = {q.x(), q.y(), q.z(), q.scalar()};
            nodes.push_back(std::move(child));
            colliderNode = nodes.size() - 1;
            nodes[n]["children"].push_back(colliderNode);
        }
        physics::Collider collider;
        collider.shape = int(made->shape);
        model.nodeRef(colliderNode).collider = collider;
        if (!insideBody(model, *graph, n)) {
            physics::Motion motion;
            motion.type = options.body;
            model.nodeRef(n).motion = motion;
        }
        if (nonUniformScale(graph->worldTransform(n)))
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
        report.added.push_back(a);
    }
    if (!report.added.empty()) {
        const Diagnostics written = physics::writeOmi(model, doc);
        report.diagnostics.insert(report.diagnostics.end(), written.begin(), written.end());
    }
    return report;
}

} // namespace cs::import
