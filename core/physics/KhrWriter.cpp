#include "physics/DiagnosticCodes.h"
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
        for (const char* name : {ext::Body, ext::Shape, ext::LegacyCollider, ext::KhrBodies, ext::KhrShapes,
                                 ext::KhrLegacyShapes}) {
            removeExtensionEverywhere(m_root, name);
            setExtensionListed(m_root, "extensionsUsed", name, false);
            setExtensionListed(m_root, "extensionsRequired", name, false);
        }
        for (const char* name : {"OMI_physics_joint", "OMI_physics_gravity"}) {
            if (extensionPresent(m_root, name)) {
                m_diagnostics.push_back(
                    makeWarning(code::KhrNotExpressible,
                                std::string(name) + " stays, but the OMI bodies and shapes it refers to are "
                                                    "now KHR data"));
            }
        }

        Json shapes = Json::array();
        for (size_t i = 0; i < m_model.shapes.size(); ++i) {
            const Shape& s = m_model.shapes[i];
            if (s.opaque || s.type == ShapeType::Convex || s.type == ShapeType::Trimesh) {
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
    void warn(const std::string& message, const std::string& pointer)
    {
        m_diagnostics.push_back(makeWarning(code::KhrNotExpressible, message, pointer));
    }

    Json shapeJson(const Shape& s, size_t index)
    {
        const std::string type = shapeTypeName(s.type);
        Json params = Json::object();
        bool degenerate = false;
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

    // collider/trigger `geometry` for a model shape; nullopt when KHR cannot reference it.
    std::optional<Json> geometry(int shape, const std::string& pointer)
    {
        if (shape < 0 || static_cast<size_t>(shape) >= m_model.shapes.size())
            return std::nullopt;
        const Shape& s = m_model.shapes[shape];
        if (s.type == ShapeType::Convex || s.type == ShapeType::Trimesh) {
            Json g = Json::object();
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
                motion["mass"] = m.mass;
                motion["centerOfMass"] = m.centerOfMass;
                // OMI's zero inertia means "computed"; in KHR a zero component means infinite, so leave it
                // out.
                if (m.inertiaDiagonal != Vec3{0, 0, 0}) {
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
            if (auto g = geometry(c.shape, c.pointer)) {
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
                if (auto g = geometry(t.shape, t.pointer))
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
