#include "physics/DiagnosticCodes.h"
#include "physics/JointCodec.h"
#include "physics/KhrCodec.h"
#include "physics/OmiWriter.h"

namespace cs::physics {

namespace {

class KhrWriter
{
public:
    KhrWriter(const PhysicsModel& model, Json& root, Diagnostics& diagnostics)
        : m_model(model), m_root(root), m_diagnostics(diagnostics)
    {}

    void write()
    {
        const Diagnostics dropped = dropRepeatedPhysicsKeys(m_root);
        m_diagnostics.insert(m_diagnostics.end(), dropped.begin(), dropped.end());
        const bool hadRootExtensions = m_root.contains("extensions") && m_root["extensions"].is_object();
        std::vector<const char*> replaced = {ext::Body,      ext::Shape,     ext::LegacyCollider,
                                             ext::KhrBodies, ext::KhrShapes, ext::KhrLegacyShapes};
        if (!m_model.jointsKeptAsRead)
            replaced.push_back(ext::Joint);
        for (const char* name : replaced) {
            removeExtensionEverywhere(m_root, name);
            setExtensionListed(m_root, "extensionsUsed", name, false);
            setExtensionListed(m_root, "extensionsRequired", name, false);
        }
        for (const char* name : {ext::Joint, "OMI_physics_gravity"}) {
            if (extensionPresent(m_root, name)) {
                warn(std::string(name) + " stays as it was, but the OMI bodies and shapes it refers to are "
                                         "now KHR data",
                     jsonPointer({"extensions", name}));
            }
        }

        Json shapes = Json::array();
        for (size_t i = 0; i < m_model.shapes.size(); ++i) {
            const Shape& s = m_model.shapes[i];
            const bool unreadable = s.opaque && !s.plane && !s.source.is_object();
            if (unreadable || (!s.opaque && (s.type == ShapeType::Convex || s.type == ShapeType::Trimesh))) {
                m_shapeMap.push_back(-1);
                continue;
            }
            m_shapeMap.push_back(static_cast<int>(shapes.size()));
            shapes.push_back(shapeJson(s, i));
        }
        Json docBody = Json::object();
        if (!m_model.materials.empty()) {
            Json list = Json::array();
            for (const auto& m : m_model.materials)
                list.push_back(materialJson(m));
            docBody["physicsMaterials"] = list;
        }
        if (!m_model.filters.empty()) {
            Json list = Json::array();
            for (const auto& f : m_model.filters)
                list.push_back(filterToJson(f));
            docBody["collisionFilters"] = list;
        }
        if (!m_model.joints.empty()) {
            Json list = Json::array();
            for (const auto& j : m_model.joints)
                list.push_back(jointDescriptionToJson(splitLimits(j)));
            docBody["physicsJoints"] = list;
        }
        bool anyNode = false;
        if (m_root.contains("nodes") && m_root["nodes"].is_array()) {
            for (const auto& [index, n] : m_model.nodes) {
                if (index >= m_root["nodes"].size() || !m_root["nodes"][index].is_object())
                    continue;
                Json body = nodeJson(index, n);
                if (body.empty())
                    continue;
                Json& node = m_root["nodes"][index];
                if (!node.contains("extensions") || !node["extensions"].is_object())
                    node["extensions"] = Json::object();
                node["extensions"][ext::KhrBodies] = body;
                anyNode = true;
            }
        }
        if (!shapes.empty() || !docBody.empty()) {
            if (!m_root.contains("extensions") || !m_root["extensions"].is_object())
                m_root["extensions"] = Json::object();
            if (!shapes.empty())
                m_root["extensions"][ext::KhrShapes] = Json{{"shapes", shapes}};
            if (!docBody.empty())
                m_root["extensions"][ext::KhrBodies] = docBody;
        } else if (!hadRootExtensions && m_root.contains("extensions") && m_root["extensions"].empty()) {
            m_root.erase("extensions");
        }
        setExtensionListed(m_root, "extensionsUsed", ext::KhrBodies, anyNode || !docBody.empty());
        setExtensionListed(m_root, "extensionsUsed", ext::KhrShapes, !shapes.empty());
    }

private:
    // KHR limits have exactly one axis set; an OMI limit with both (its README's weld example) becomes two
    // limits with the same range, stiffness and damping.
    JointDescription splitLimits(const JointDescription& joint)
    {
        JointDescription out = joint;
        out.limits.clear();
        for (const auto& l : joint.limits) {
            if (l.linearAxes.empty() || l.angularAxes.empty()) {
                out.limits.push_back(l);
                continue;
            }
            JointLimit linear = l;
            linear.angularAxes.clear();
            linear.source.erase("angularAxes");
            JointLimit angular = l;
            angular.linearAxes.clear();
            angular.source.erase("linearAxes");
            out.limits.push_back(linear);
            out.limits.push_back(angular);
            m_diagnostics.push_back(makeInfo(code::JointLimitAxes,
                                             "a limit with both linearAxes and angularAxes is written as two "
                                             "KHR limits",
                                             l.pointer));
        }
        return out;
    }

    void warn(const std::string& message, const std::string& pointer)
    {
        m_diagnostics.push_back(makeWarning(code::KhrNotExpressible, message, pointer));
    }

    Json shapeJson(const Shape& s, size_t index)
    {
        if (s.opaque && !s.plane)
            return s.source; // an unknown type: kept as read
        const std::string type = s.typeName();
        Json params = Json::object();
        bool degenerate = false;
        if (s.plane) {
            if (s.plane->sizeX)
                params["sizeX"] = *s.plane->sizeX;
            if (s.plane->sizeZ)
                params["sizeZ"] = *s.plane->sizeZ;
            params["doubleSided"] = s.plane->doubleSided;
            degenerate = s.plane->sizeX.value_or(1.0) <= 0 || s.plane->sizeZ.value_or(1.0) <= 0;
        } else
            switch (s.type) {
            case ShapeType::Box:
                params["size"] = s.size;
                degenerate = s.size[0] <= 0 || s.size[1] <= 0 || s.size[2] <= 0;
                break;
            case ShapeType::Sphere:
                params["radius"] = s.radius;
                degenerate = s.radius <= 0;
                break;
            default:
                params["height"] = s.height;
                params["radiusTop"] = s.radiusTop;
                params["radiusBottom"] = s.radiusBottom;
                degenerate = s.height <= 0 || (s.radiusTop <= 0 && s.radiusBottom <= 0) || s.radiusTop < 0 ||
                             s.radiusBottom < 0;
                break;
            }
        if (degenerate) {
            m_diagnostics.push_back(makeWarning(code::KhrDegenerateShape,
                                                "shape " + std::to_string(index) +
                                                    " is degenerate, which KHR_implicit_shapes prohibits",
                                                s.pointer));
        }
        Json out = Json::object();
        if (s.source.contains("name"))
            out["name"] = s.source["name"];
        out["type"] = type;
        out[type] = params;
        for (const char* key : {"extensions", "extras"}) {
            if (s.source.contains(key))
                out[key] = s.source[key];
        }
        return out;
    }

    static Json materialJson(const PhysicsMaterial& m)
    {
        Json out = Json::object();
        if (m.source.contains("name"))
            out["name"] = m.source["name"];
        // KHR leaves unset values to the engine, so OMI's defaults are written out.
        out["staticFriction"] = m.staticFriction;
        out["dynamicFriction"] = m.dynamicFriction;
        out["restitution"] = m.restitution;
        out["frictionCombine"] = combineModeName(m.frictionCombine);
        out["restitutionCombine"] = combineModeName(m.restitutionCombine);
        return out;
    }

    // The mesh index of node `node` in the document, or -1.
    int meshOfNode(int node) const
    {
        if (node < 0 || !m_root.contains("nodes") || !m_root["nodes"].is_array() ||
            static_cast<size_t>(node) >= m_root["nodes"].size())
            return -1;
        const Json& n = m_root["nodes"][node];
        return n.is_object() && n.contains("mesh") && n["mesh"].is_number_integer() ? n["mesh"].get<int>()
                                                                                    : -1;
    }

    // collider/trigger `geometry` for a model shape; nullopt when KHR cannot reference it. A mesh is named by
    // `geometry.node` where the file did so (the node read, or the owner itself in a file that used only
    // `node`) and that node still has the mesh; otherwise by `geometry.mesh`.
    std::optional<Json> geometry(int shape, const std::string& pointer, size_t owner, int geometryNode)
    {
        if (shape < 0 || static_cast<size_t>(shape) >= m_model.shapes.size())
            return std::nullopt;
        const Shape& s = m_model.shapes[shape];
        if (!s.opaque && (s.type == ShapeType::Convex || s.type == ShapeType::Trimesh)) {
            Json g = Json::object();
            if (geometryNode < 0 && m_model.khrGeometryByNode)
                geometryNode = static_cast<int>(owner);
            if (geometryNode >= 0 && s.mesh >= 0 && meshOfNode(geometryNode) == s.mesh)
                g["node"] = geometryNode;
            else
                g["mesh"] = s.mesh;
            if (s.type == ShapeType::Convex)
                g["convexHull"] = true;
            return g;
        }
        if (m_shapeMap[shape] < 0) {
            warn("shape " + std::to_string(shape) + " could not be exported", pointer);
            return std::nullopt;
        }
        return Json{{"shape", m_shapeMap[shape]}};
    }

    Json nodeJson(size_t index, const NodePhysics& n)
    {
        Json out = Json::object();
        if (n.motion) {
            const Motion& m = *n.motion;
            if (m.type == MotionType::Static) {
                const Motion plain;
                if (m.mass != plain.mass || m.linearVelocity != plain.linearVelocity ||
                    m.angularVelocity != plain.angularVelocity || m.centerOfMass != plain.centerOfMass) {
                    warn("node " + std::to_string(index) +
                             ": a static body is a collider without motion in KHR; its motion values are "
                             "dropped",
                         m.pointer);
                }
            } else {
                Json motion = Json::object();
                if (m.type == MotionType::Kinematic)
                    motion["isKinematic"] = true;
                // A KHR file's motion without mass leaves it to the engine; keep it so while unedited (the
                // reader holds OMI's 1 kg in its place).
                const bool khrComputedMass =
                    m_model.format == SourceFormat::Khr && !m.source.contains("mass") && m.mass == 1.0;
                if (!khrComputedMass)
                    motion["mass"] = m.mass;
                motion["centerOfMass"] = m.centerOfMass;
                // OMI's zero inertia means "computed"; in KHR a zero component means infinite, so all zeros
                // are left out unless a KHR file spelled them.
                const bool khrInertia =
                    m_model.format == SourceFormat::Khr && m.source.contains("inertiaDiagonal");
                if (m.inertiaDiagonal != Vec3{0, 0, 0} || khrInertia) {
                    motion["inertiaDiagonal"] = m.inertiaDiagonal;
                    motion["inertiaOrientation"] = m.inertiaOrientation;
                }
                motion["linearVelocity"] = m.linearVelocity;
                motion["angularVelocity"] = m.angularVelocity;
                motion["gravityFactor"] = m.gravityFactor;
                out["motion"] = motion;
            }
        }
        if (n.collider) {
            const Collider& c = *n.collider;
            if (auto g = geometry(c.shape, c.pointer, index, c.geometryNode)) {
                Json collider = Json::object();
                collider["geometry"] = *g;
                if (c.physicsMaterial >= 0)
                    collider["physicsMaterial"] = c.physicsMaterial;
                if (c.collisionFilter >= 0)
                    collider["collisionFilter"] = c.collisionFilter;
                out["collider"] = collider;
            } else if (c.shape < 0) {
                m_diagnostics.push_back(makeInfo(code::KhrNotExpressible,
                                                 "node " + std::to_string(index) +
                                                     ": KHR has no grouping collider; the colliders below it "
                                                     "still belong to the same body",
                                                 c.pointer));
            }
        }
        if (n.trigger) {
            const Trigger& t = *n.trigger;
            Json trigger = Json::object();
            if (t.shape >= 0) {
                if (auto g = geometry(t.shape, t.pointer, index, t.geometryNode))
                    trigger["geometry"] = *g;
            } else if (!t.nodes.empty()) {
                trigger["nodes"] = t.nodes;
            }
            if (t.collisionFilter >= 0) {
                if (t.isCompound())
                    warn("node " + std::to_string(index) +
                             ": a compound trigger cannot carry a collision filter",
                         t.pointer);
                else
                    trigger["collisionFilter"] = t.collisionFilter;
            }
            if (trigger.contains("geometry") || trigger.contains("nodes"))
                out["trigger"] = trigger;
        }
        if (n.joint) {
            Json joint = nodeJointToJson(*n.joint);
            joint["enableCollision"] = n.joint->enableCollision; // written explicitly, as every value
            out["joint"] = joint;
        }
        return out;
    }

    const PhysicsModel& m_model;
    Json& m_root;
    Diagnostics& m_diagnostics;
    std::vector<int> m_shapeMap;
};

} // namespace

Diagnostics writeKhr(const PhysicsModel& model, gltf::GltfDocument& doc)
{
    Diagnostics diagnostics;
    if (!doc.json().is_object())
        return diagnostics;
    KhrWriter writer(model, doc.json(), diagnostics);
    writer.write();
    return diagnostics;
}

} // namespace cs::physics
