#include "targets/TargetDecompose.h"

#include "geometry/Decomposition.h"
#include "geometry/HullCap.h"
#include "geometry/MeshWriter.h"
#include "gltf/MeshTriangles.h"
#include "gltf/SceneGraph.h"
#include "physics/ResolvedScene.h"
#include "targets/TargetExport.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <sstream>

namespace cs::targets {

using gltf::Json;

namespace {

/// The first diagnostic's message of a failed result, or `fallback`.
template <class T> std::string failureText(const Result<T>& r, const char* fallback)
{
    return r.diagnostics.empty() ? fallback : r.diagnostics.front().message;
}

/// The nodes whose collider is a triangle mesh in a dynamic body.
std::vector<size_t> dynamicTrimeshColliders(const physics::PhysicsModel& model,
                                            const physics::ResolvedScene& scene)
{
    std::vector<size_t> nodes;
    for (const physics::ResolvedBody& body : scene.bodies) {
        if (body.motion.type != physics::MotionType::Dynamic)
            continue;
        for (size_t i : body.colliders) {
            const physics::ShapeInstance& inst = scene.instances[i];
            const physics::NodePhysics* node = model.node(inst.node);
            const physics::Shape& shape = model.shapes[size_t(inst.shape)];
            if (!inst.trigger && node && node->collider && node->collider->shape == inst.shape &&
                shape.type == physics::ShapeType::Trimesh && !shape.opaque && shape.mesh >= 0)
                nodes.push_back(inst.node);
        }
    }
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    return nodes;
}

/// How many colliders and triggers use shape `s`.
size_t usesOf(const physics::PhysicsModel& model, int s)
{
    size_t uses = 0;
    for (const auto& [index, node] : model.nodes)
        uses += size_t(node.collider && node.collider->shape == s) +
                size_t(node.trigger && node.trigger->shape == s);
    return uses;
}

class Decomposer
{
public:
    Decomposer(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
               const ExportWork& work)
        : m_model(model), m_doc(doc), m_work(work), m_start(Clock::now())
    {
        m_options.pointsPerPart =
            std::clamp(target.hullPointCap().value_or(geometry::kMaxHullPoints), 4, geometry::kMaxHullPoints);
        m_options.measure = false;
        m_options.cancel = work.cancel;
    }

    /// Progress is reported as `done` of `total` colliders plus the running decomposition's fraction.
    void setStep(size_t done, size_t total)
    {
        if (!m_work.progress || total == 0)
            return;
        m_options.progress = [this, done, total](double f) {
            m_work.progress(std::clamp((double(done) + f) / double(total), 0.0, 1.0));
        };
        m_work.progress(double(done) / double(total));
    }

    /// Why the decomposition of shape `s` has coarser parts than asked (empty: it has not).
    std::string shortened(int s) const
    {
        const auto it = m_shortened.find(s);
        return it == m_shortened.end() ? std::string() : it->second;
    }

    /// The shapes of the parts of trimesh shape `s` (made once), or the reason there are none.
    Result<std::vector<int>> parts(int s, size_t dynamicUses)
    {
        auto known = m_parts.find(s);
        if (known != m_parts.end())
            return known->second;
        Result<std::vector<int>> made = make(s, dynamicUses == usesOf(m_model, s));
        m_parts.emplace(s, made);
        return made;
    }

private:
    Result<std::vector<int>> make(int s, bool inPlace)
    {
        const physics::Shape trimesh = m_model.shapes[size_t(s)];
        const Result<gltf::TriangleMesh> mesh = gltf::meshTriangles(m_doc, size_t(trimesh.mesh));
        if (!mesh)
            return Result<std::vector<int>>::failure(
                makeWarning(kTargetLoss, "mesh " + std::to_string(trimesh.mesh) +
                                             " unreadable: " + failureText(mesh, "")));
        if (m_work.maxSeconds > 0) {
            // What is left of the export's budget; a spent budget still gives the mesh's first parts.
            const double spent = std::chrono::duration<double>(Clock::now() - m_start).count();
            m_options.timeBudget = std::max(m_work.maxSeconds - spent, 1e-3);
        }
        const Result<geometry::Decomposition> decomposition = geometry::decomposeConvex(*mesh, m_options);
        if (decomposition && m_work.maxSeconds > 0 && decomposition->budgetReached &&
            decomposition->seconds >= m_options.timeBudget)
            m_shortened[s] = stoppedText(*decomposition);
        if (!decomposition || decomposition->parts.empty())
            return Result<std::vector<int>>::failure(
                makeWarning(kTargetLoss, failureText(decomposition, "no convex parts")));
        std::vector<int> shapes;
        const std::string name = trimesh.source.contains("name") && trimesh.source["name"].is_string()
                                     ? trimesh.source["name"].get<std::string>()
                                     : "mesh " + std::to_string(trimesh.mesh);
        for (size_t k = 0; k < decomposition->parts.size(); ++k) {
            const Result<size_t> added = geometry::addTriangleMesh(m_doc, decomposition->parts[k].hull,
                                                                   name + " part " + std::to_string(k + 1));
            if (!added)
                return Result<std::vector<int>>::failure(
                    makeWarning(kTargetLoss, "hull not written: " + failureText(added, "")));
            physics::Shape convex = physics::Shape::defaults(physics::ShapeType::Convex);
            convex.mesh = int(*added);
            convex.source = Json::object();
            convex.source["type"] = "convex";
            if (k == 0 && inPlace) {
                convex.pointer = trimesh.pointer;
                if (trimesh.source.contains("name"))
                    convex.source["name"] = trimesh.source["name"];
                m_model.shapes[size_t(s)] = convex;
                shapes.push_back(s);
            } else {
                shapes.push_back(int(m_model.shapes.size()));
                m_model.shapes.push_back(convex);
            }
        }
        Result<std::vector<int>> out;
        out.value = std::move(shapes);
        return out;
    }

    using Clock = std::chrono::steady_clock;

    /// "stopped at the time budget (...)" for a decomposition cut short by it.
    std::string stoppedText(const geometry::Decomposition& d) const
    {
        double worst = 0;
        for (const geometry::DecomposedPart& part : d.parts)
            worst = std::max(worst, part.concavity);
        std::ostringstream text;
        text.precision(3);
        text << "; stopped at the time budget of " << m_work.maxSeconds << " s: " << d.parts.size()
             << " part(s) so far, the worst standing up to " << worst
             << " m off the mesh (without the budget the parts are finer)";
        return text.str();
    }

    physics::PhysicsModel& m_model;
    gltf::GltfDocument& m_doc;
    const ExportWork& m_work;
    Clock::time_point m_start;
    geometry::DecompositionOptions m_options;
    std::map<int, Result<std::vector<int>>> m_parts;
    std::map<int, std::string> m_shortened;
};

/// Puts parts 2.. of node `n`'s collider on new child nodes (identity transform) with its material and
/// filter.
void addPartNodes(physics::PhysicsModel& model, Json& root, size_t n, const std::vector<int>& parts)
{
    const physics::Collider base = *model.nodeRef(n).collider;
    Json& nodes = root["nodes"];
    const std::string name = nodes[n].contains("name") && nodes[n]["name"].is_string()
                                 ? nodes[n]["name"].get<std::string>()
                                 : "node " + std::to_string(n);
    for (size_t k = 1; k < parts.size(); ++k) {
        const size_t child = nodes.size();
        Json node = Json::object();
        node["name"] = name + " part " + std::to_string(k + 1);
        nodes.push_back(node);
        if (!nodes[n].contains("children") || !nodes[n]["children"].is_array())
            nodes[n]["children"] = Json::array();
        nodes[n]["children"].push_back(child);
        physics::Collider collider;
        collider.shape = parts[k];
        collider.physicsMaterial = base.physicsMaterial;
        collider.collisionFilter = base.collisionFilter;
        model.nodeRef(child).collider = collider;
    }
}

} // namespace

size_t decomposeDynamicTrimeshes(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
                                 const ExportScene& exported, Diagnostics& changes, const ExportWork& work)
{
    if (!doc.json().contains("nodes") || !doc.json()["nodes"].is_array())
        return 0;
    // The body of a collider is the resolved scene's: a dynamic body's motion type is as read (no pass
    // before this one changes a type).
    const std::vector<size_t> colliders = dynamicTrimeshColliders(model, exported.resolved());
    std::map<int, size_t> dynamicUses;
    for (size_t n : colliders)
        ++dynamicUses[model.nodeRef(n).collider->shape];
    Decomposer decomposer(model, doc, target, work);
    size_t replaced = 0;
    for (size_t k = 0; k < colliders.size(); ++k) {
        if (work.cancel && work.cancel->load())
            return replaced;
        decomposer.setStep(k, colliders.size());
        const size_t n = colliders[k];
        physics::Collider& collider = *model.nodeRef(n).collider;
        const std::string pointer =
            collider.pointer.empty() ? "/nodes/" + std::to_string(n) : collider.pointer;
        const int shape = collider.shape;
        const Result<std::vector<int>> parts = decomposer.parts(shape, dynamicUses[shape]);
        if (!parts) {
            Diagnostic loss = parts.diagnostics.front();
            loss.message = target.name +
                           " differs: a triangle mesh collider in a dynamic body could not be "
                           "replaced by convex parts (" +
                           loss.message + ")";
            loss.pointer = pointer;
            changes.push_back(std::move(loss));
            continue;
        }
        collider.shape = parts->front();
        collider.geometryNode = -1;
        addPartNodes(model, doc.json(), n, *parts);
        ++replaced;
        changes.push_back(
            makeInfo(kTargetChanged,
                     "triangle mesh collider in a dynamic body replaced by its convex decomposition: " +
                         std::to_string(parts->size()) +
                         " convex part(s), the first here, the others on new child nodes" +
                         decomposer.shortened(shape),
                     pointer));
    }
    if (work.progress && !colliders.empty())
        work.progress(1.0);
    return replaced;
}

} // namespace cs::targets
