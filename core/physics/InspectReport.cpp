#include "physics/InspectReport.h"

#include "physics/ResolvedScene.h"

#include <cmath>
#include <sstream>

namespace cs::physics {

namespace {

double rounded(double v)
{
    const double r = std::round(v * 1e6) / 1e6;
    return r == 0 ? 0.0 : r; // no -0 in the output
}

Json vec(const Vec3& v)
{
    return Json::array({rounded(v[0]), rounded(v[1]), rounded(v[2])});
}

Json matrix(const QMatrix4x4& m)
{
    Json out = Json::array();
    const float* data = m.constData(); // column-major, as glTF writes matrices
    for (int i = 0; i < 16; ++i)
        out.push_back(rounded(data[i]));
    return out;
}

Json indexOrNull(int i)
{
    return i >= 0 ? Json(i) : Json(nullptr);
}

Json nameOrNull(const gltf::GltfDocument& doc, size_t node)
{
    const Json* n = doc.element("nodes", node);
    if (n && n->contains("name") && (*n)["name"].is_string())
        return (*n)["name"];
    return nullptr;
}

const char* meaningName(MassMeaning m)
{
    return m == MassMeaning::Given ? "given" : m == MassMeaning::Computed ? "computed" : "infinite";
}

/// The values as the file's family reads them: a mass or moment the engine computes or that is infinite is
/// null, and `massMeaning` / `inertiaMeaning` say which.
Json motionJson(const Motion& m, SourceFormat format)
{
    Json out = Json::object();
    out["type"] = motionTypeName(m.type);
    const MassReading mass = massReading(m, format);
    out["mass"] = mass.meaning == MassMeaning::Given ? Json(rounded(mass.value)) : Json(nullptr);
    out["massMeaning"] = meaningName(mass.meaning);
    const CenterOfMassReading com = centerOfMassReading(m, format);
    out["centerOfMass"] = com.meaning == MassMeaning::Given ? vec(com.value) : Json(nullptr);
    out["centerOfMassMeaning"] = meaningName(com.meaning);
    const auto inertia = inertiaMeanings(m, format);
    Json diagonal = Json::array();
    Json meanings = Json::array();
    for (size_t i = 0; i < 3; ++i) {
        diagonal.push_back(inertia[i] == MassMeaning::Given ? Json(rounded((*m.inertiaDiagonal)[i]))
                                                            : Json(nullptr));
        meanings.push_back(meaningName(inertia[i]));
    }
    out["inertiaDiagonal"] = diagonal;
    out["inertiaMeaning"] = meanings;
    const auto& q = m.inertiaOrientation;
    out["inertiaOrientation"] = Json::array({rounded(q[0]), rounded(q[1]), rounded(q[2]), rounded(q[3])});
    out["linearVelocity"] = vec(m.linearVelocity);
    out["angularVelocity"] = vec(m.angularVelocity);
    out["gravityFactor"] = rounded(m.gravityFactor);
    return out;
}

/// The mode a material takes part in the precedence rule with, null when it takes no part (KHR, absent).
Json combineJson(std::optional<CombineMode> mode, SourceFormat format)
{
    const auto voting = votingCombineMode(mode, format);
    return voting ? Json(combineModeName(*voting)) : Json(nullptr);
}

Json optionalNumber(const std::optional<double>& v)
{
    return v ? Json(rounded(*v)) : Json(nullptr);
}

Json jointJson(const JointDescription& j)
{
    Json limits = Json::array();
    for (const auto& l : j.limits) {
        limits.push_back({{"linearAxes", l.linearAxes},
                          {"angularAxes", l.angularAxes},
                          {"min", optionalNumber(l.min)},
                          {"max", optionalNumber(l.max)},
                          {"stiffness", optionalNumber(l.stiffness)},
                          {"damping", rounded(l.damping)}});
    }
    Json drives = Json::array();
    for (const auto& d : j.drives) {
        drives.push_back({{"type", d.type ? Json(driveTypeName(*d.type)) : Json(nullptr)},
                          {"mode", d.mode ? Json(driveModeName(*d.mode)) : Json(nullptr)},
                          {"axis", d.axis ? Json(*d.axis) : Json(nullptr)},
                          {"maxForce", optionalNumber(d.maxForce)},
                          {"positionTarget", optionalNumber(d.positionTarget)},
                          {"velocityTarget", optionalNumber(d.velocityTarget)},
                          {"stiffness", rounded(d.stiffness)},
                          {"damping", rounded(d.damping)}});
    }
    return {{"limits", limits}, {"drives", drives}};
}

} // namespace

Json shapeParameters(const Shape& s)
{
    Json out = Json::object();
    if (s.plane) {
        out["type"] = "plane";
        out["sizeX"] = s.plane->sizeX ? Json(rounded(*s.plane->sizeX)) : Json(nullptr);
        out["sizeZ"] = s.plane->sizeZ ? Json(rounded(*s.plane->sizeZ)) : Json(nullptr);
        out["doubleSided"] = s.plane->doubleSided;
        out["infinite"] = s.plane->infinite();
        return out;
    }
    if (s.opaque) {
        out["type"] = nullptr;
        const std::string kept = s.typeName();
        if (!kept.empty())
            out["keptType"] = kept;
        return out;
    }
    out["type"] = shapeTypeName(s.type);
    switch (s.type) {
    case ShapeType::Box:
        out["size"] = vec(s.size);
        break;
    case ShapeType::Sphere:
        out["radius"] = rounded(s.radius);
        break;
    case ShapeType::Capsule:
        out["height"] = rounded(s.height);
        out["radiusTop"] = rounded(s.radiusTop);
        out["radiusBottom"] = rounded(s.radiusBottom);
        out["fullHeight"] = rounded(s.height + s.radiusTop + s.radiusBottom);
        break;
    case ShapeType::Cylinder:
        out["height"] = rounded(s.height);
        out["radiusTop"] = rounded(s.radiusTop);
        out["radiusBottom"] = rounded(s.radiusBottom);
        break;
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        out["mesh"] = indexOrNull(s.mesh);
        break;
    }
    return out;
}

namespace {

/// The parts of the inspect report, each read from the resolved scene of one document.
class ReportParts
{
public:
    ReportParts(const gltf::GltfDocument& doc, const PhysicsModel& model, const gltf::SceneGraph& graph)
        : m_doc(doc), m_model(model), m_graph(graph), m_scene(resolveScene(model, graph))
    {}

    const ResolvedScene& scene() const { return m_scene; }

    Json instance(size_t i) const
    {
        const ShapeInstance& s = m_scene.instances[i];
        Json out = Json::object();
        out["node"] = s.node;
        out["name"] = nameOrNull(m_doc, s.node);
        Json shape = shapeParameters(m_model.shapes[s.shape]);
        shape["index"] = s.shape;
        out["shape"] = shape;
        out["physicsMaterial"] = indexOrNull(s.physicsMaterial);
        out["collisionFilter"] = indexOrNull(s.collisionFilter);
        out["compoundTrigger"] =
            s.compoundTrigger >= 0 ? Json(m_scene.compoundTriggers[s.compoundTrigger].node) : Json(nullptr);
        out["compoundCollider"] = indexOrNull(s.compoundCollider);
        out["worldTransform"] = matrix(s.world);
        return out;
    }

    Json list(const std::vector<size_t>& indices) const
    {
        Json out = Json::array();
        for (size_t i : indices)
            out.push_back(instance(i));
        return out;
    }

    Json counts() const
    {
        size_t colliders = 0, triggers = 0;
        for (const auto& s : m_scene.instances)
            (s.trigger ? triggers : colliders)++;
        return {{"bodies", m_scene.bodies.size()},
                {"colliders", colliders},
                {"triggers", triggers},
                {"compoundTriggers", m_scene.compoundTriggers.size()},
                {"shapes", m_model.shapes.size()},
                {"physicsMaterials", m_model.materials.size()},
                {"collisionFilters", m_model.filters.size()},
                {"joints", m_model.joints.size()}};
    }

    Json shapes() const
    {
        Json out = Json::array();
        for (size_t i = 0; i < m_model.shapes.size(); ++i) {
            Json s = shapeParameters(m_model.shapes[i]);
            s["index"] = i;
            out.push_back(s);
        }
        return out;
    }

    Json bodies() const
    {
        Json out = Json::array();
        for (const auto& b : m_scene.bodies) {
            Json body = Json::object();
            body["node"] = b.node;
            body["name"] = nameOrNull(m_doc, b.node);
            body["motion"] = motionJson(b.motion, m_model.format);
            body["worldTransform"] = matrix(m_graph.worldTransform(b.node));
            body["colliders"] = list(b.colliders);
            body["triggers"] = list(b.triggers);
            out.push_back(body);
        }
        return out;
    }

    Json compoundTriggers() const
    {
        Json out = Json::array();
        for (const auto& c : m_scene.compoundTriggers) {
            Json members = Json::array();
            for (size_t i : c.members)
                members.push_back(m_scene.instances[i].node);
            out.push_back({{"node", c.node},
                           {"name", nameOrNull(m_doc, c.node)},
                           {"members", members},
                           {"collisionFilter", indexOrNull(c.collisionFilter)},
                           {"implicit", c.implicit},
                           {"body", c.body >= 0 ? Json(m_scene.bodies[c.body].node) : Json(nullptr)}});
        }
        return out;
    }

    Json materials() const
    {
        Json out = Json::array();
        for (const auto& m : m_model.materials) {
            out.push_back({{"staticFriction", rounded(m.staticFriction)},
                           {"dynamicFriction", rounded(m.dynamicFriction)},
                           {"restitution", rounded(m.restitution)},
                           {"frictionCombine", combineJson(m.frictionCombine, m_model.format)},
                           {"restitutionCombine", combineJson(m.restitutionCombine, m_model.format)}});
        }
        return out;
    }

    Json filters() const
    {
        Json out = Json::array();
        for (const auto& f : m_model.filters) {
            out.push_back({{"collisionSystems", f.collisionSystems},
                           {"collideWithSystems", f.collideWithSystems},
                           {"notCollideWithSystems", f.notCollideWithSystems}});
        }
        return out;
    }

    Json nodeJoints() const
    {
        const auto bodyNode = [&](int node) {
            const int b =
                node >= 0 && static_cast<size_t>(node) < m_graph.nodeCount() ? m_scene.bodyOfNode(node) : -1;
            return b >= 0 ? Json(m_scene.bodies[b].node) : Json(nullptr);
        };
        Json out = Json::array();
        for (const auto& [index, n] : m_model.nodes) {
            if (!n.joint)
                continue;
            const int connected = n.joint->connectedNode;
            out.push_back(
                {{"node", index},
                 {"name", nameOrNull(m_doc, index)},
                 {"connectedNode", indexOrNull(connected)},
                 {"joint", indexOrNull(n.joint->joint)},
                 {"enableCollision", n.joint->enableCollision},
                 {"body", bodyNode(static_cast<int>(index))},
                 {"connectedBody", bodyNode(connected)},
                 {"worldTransform",
                  index < m_graph.nodeCount() ? matrix(m_graph.worldTransform(index)) : Json(nullptr)}});
        }
        return out;
    }

private:
    const gltf::GltfDocument& m_doc;
    const PhysicsModel& m_model;
    const gltf::SceneGraph& m_graph;
    ResolvedScene m_scene;
};

} // namespace

Json diagnosticsJson(const Diagnostics& diagnostics)
{
    Json out = Json::array();
    for (const auto& d : diagnostics) {
        out.push_back({{"severity", severityName(d.severity)},
                       {"code", d.code},
                       {"message", d.message},
                       {"pointer", d.pointer}});
    }
    return out;
}

Json inspectReport(const gltf::GltfDocument& doc, const PhysicsModel& model, const gltf::SceneGraph& graph,
                   const Diagnostics& diagnostics)
{
    const ReportParts parts(doc, model, graph);
    Json report = Json::object();
    report["format"] = "collidoscope-inspect";
    report["version"] = kInspectFormatVersion;
    report["source"] = model.format == SourceFormat::Omi    ? "omi"
                       : model.format == SourceFormat::Khr  ? "khr"
                       : model.format == SourceFormat::Msft ? "msft"
                                                            : "none";
    report["legacy"] = model.hadLegacy;
    report["counts"] = parts.counts();
    report["shapes"] = parts.shapes();
    report["bodies"] = parts.bodies();
    report["static"] = {{"colliders", parts.list(parts.scene().staticColliders)},
                        {"triggers", parts.list(parts.scene().staticTriggers)}};
    report["compoundTriggers"] = parts.compoundTriggers();
    report["physicsMaterials"] = parts.materials();
    report["collisionFilters"] = parts.filters();
    Json joints = Json::array();
    for (const auto& j : model.joints)
        joints.push_back(jointJson(j));
    report["joints"] = joints;
    report["nodeJoints"] = parts.nodeJoints();
    report["diagnostics"] = diagnosticsJson(diagnostics);
    return report;
}

std::string inspectText(const gltf::GltfDocument& doc, const PhysicsModel& model,
                        const gltf::SceneGraph& graph)
{
    const ResolvedScene scene = resolveScene(model, graph);
    std::ostringstream out;
    auto name = [&](size_t node) {
        const Json n = nameOrNull(doc, node);
        return "node " + std::to_string(node) + (n.is_string() ? " \"" + n.get<std::string>() + "\"" : "");
    };
    auto shapeText = [&](int index) {
        Json p = shapeParameters(model.shapes[index]);
        const std::string type = p["type"].is_string() ? p["type"].get<std::string>() : "?";
        p.erase("type");
        return "shape " + std::to_string(index) + " " + type + " " + p.dump();
    };
    auto instances = [&](const std::vector<size_t>& list, const char* indent) {
        for (size_t i : list) {
            const ShapeInstance& s = scene.instances[i];
            out << indent << (s.trigger ? "trigger  " : "collider ") << name(s.node) << ": "
                << shapeText(s.shape);
            if (s.physicsMaterial >= 0)
                out << ", material " << s.physicsMaterial;
            if (s.collisionFilter >= 0)
                out << ", filter " << s.collisionFilter;
            if (s.compoundTrigger >= 0)
                out << ", in compound trigger " << name(scene.compoundTriggers[s.compoundTrigger].node);
            out << "\n";
        }
    };
    out << "physics: " << scene.bodies.size() << " bodies, " << scene.instances.size() << " shape instances, "
        << model.shapes.size() << " shapes, " << model.materials.size() << " materials, "
        << model.filters.size() << " filters" << (model.hadLegacy ? " (legacy data, normalised)" : "")
        << "\n";
    for (const auto& b : scene.bodies) {
        const MassReading mass = massReading(b.motion, model.format);
        out << "body " << name(b.node) << ": " << motionTypeName(b.motion.type) << ", mass ";
        if (mass.meaning == MassMeaning::Given)
            out << mass.value;
        else
            out << meaningName(mass.meaning);
        if (centerOfMassReading(b.motion, model.format).meaning == MassMeaning::Computed)
            out << ", centre of mass computed";
        out << "\n";
        instances(b.colliders, "  ");
        instances(b.triggers, "  ");
    }
    if (!scene.staticColliders.empty() || !scene.staticTriggers.empty()) {
        out << "static world:\n";
        instances(scene.staticColliders, "  ");
        instances(scene.staticTriggers, "  ");
    }
    return out.str();
}

} // namespace cs::physics
