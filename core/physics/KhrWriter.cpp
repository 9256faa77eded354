#include "physics/CoreShapes.h"
#include "physics/DiagnosticCodes.h"
#include "physics/JointCodec.h"
#include "physics/KhrCodec.h"
#include "physics/KhrSlips.h"
#include "physics/OmiWriter.h"
#include "physics/ResolvedScene.h"
#include "physics/ShapeReferences.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string_view>

namespace cs::physics {

namespace {

/// `fresh` (an object as the writer builds it) spelled as `source` (the same object as the file has it), so
/// that an object the user did not edit is written back as it was read: keys keep the source's order, a
/// value equal to the source's (1 == 1.0) is copied as spelled, a key the source left out stays out while
/// its value is the default in `defaults`, a known key the source spelled with its default value stays,
/// and the source's unknown keys (neither in `fresh` nor in `known`) are copied. New keys go last. A source
/// that is not an object (a new object, or one read from another form) gives `fresh` as it is: every value
/// written, as KHR advises.
Json spelledLike(const Json& source, const Json& fresh, const Json& defaults,
                 std::initializer_list<std::string_view> known)
{
    if (!source.is_object() || !fresh.is_object())
        return fresh;
    const auto isKnown = [&](const std::string& key) {
        return std::find(known.begin(), known.end(), key) != known.end();
    };
    const auto isDefault = [&](const std::string& key, const Json& value) {
        return defaults.is_object() && defaults.contains(key) && defaults[key] == value;
    };
    Json out = Json::object();
    for (auto it = source.begin(); it != source.end(); ++it) {
        const std::string& key = it.key();
        if (fresh.contains(key))
            out[key] = it.value() == fresh[key] ? it.value() : fresh[key];
        else if (!isKnown(key) || isDefault(key, it.value()))
            out[key] = it.value();
    }
    for (auto it = fresh.begin(); it != fresh.end(); ++it) {
        if (!source.contains(it.key()) && !isDefault(it.key(), it.value()))
            out[it.key()] = it.value();
    }
    return out;
}

/// The member `key` of `o` when both are objects, else null (no source).
Json memberOf(const Json& o, const char* key)
{
    return o.is_object() && o.contains(key) && o[key].is_object() ? o[key] : Json();
}

/// A model object's source when it was read from the file (it has a pointer there), else null.
Json readSource(const Json& source, const std::string& pointer)
{
    return pointer.empty() || !source.is_object() ? Json() : source;
}

class KhrWriter
{
public:
    KhrWriter(const PhysicsModel& model, Json& root, Diagnostics& diagnostics,
              std::map<size_t, size_t> staticJointSides)
        : m_model(model), m_root(root), m_diagnostics(diagnostics),
          m_staticJointSides(std::move(staticJointSides))
    {}

    void write()
    {
        const Diagnostics dropped = dropRepeatedPhysicsKeys(m_root);
        m_diagnostics.insert(m_diagnostics.end(), dropped.begin(), dropped.end());
        const ExtensionOwners owners = extensionOwners(m_root);
        // A KHR file's own objects keep their spelling; anything else is written in full.
        m_keepSpelling = m_model.format == SourceFormat::Khr;
        m_core = hasCoreShapes(m_root) && m_model.format == SourceFormat::Khr;
        const Json rootExtensions = memberOf(m_root, "extensions");
        const Json oldShapes = memberOf(rootExtensions, ext::KhrShapes);
        const Json oldBody = memberOf(rootExtensions, ext::KhrBodies);
        const Json oldOmiShapes = memberOf(rootExtensions, ext::Shape);
        const bool omiShapesRequired = anyExtensionListed(m_root, "extensionsRequired", {ext::Shape});
        const auto foreign = foreignShapeReferences(m_root);
        removeOtherExtensions();
        const Json shapes = shapeList(referencesInto(foreign, oldShapes), oldShapes);
        const Json docBody = documentBody();
        const bool anyNode = writeNodes();
        writeRootExtensions(shapes, docBody, oldShapes, oldBody);
        eraseEmptiedExtensions(m_root, owners);
        listWrittenExtension(m_root, ext::KhrBodies, anyNode || !docBody.empty(), m_replacedRequired);
        if (!m_core)
            listWrittenExtension(m_root, ext::KhrShapes, !shapes.empty(), m_replacedRequired);
        keepForeignReferences(foreign, oldShapes, oldOmiShapes, omiShapesRequired);
    }

private:
    /// Other physics extensions go; the two KHR ones are rewritten where they are, so that the keys around
    /// them keep their order.
    void removeOtherExtensions()
    {
        std::vector<std::string> others = {ext::Body, ext::Shape, ext::LegacyCollider, ext::KhrLegacyShapes,
                                           KhrBodiesMisspelled};
        if (!m_model.jointsKeptAsRead)
            others.emplace_back(ext::Joint);
        if (m_model.format == SourceFormat::Msft)
            others.insert(others.end(), {ext::MsftBodies, ext::MsftShapes});
        // The KHR names take the required place of the names they replace (see listWrittenExtension).
        m_replacedRequired = anyExtensionListed(m_root, "extensionsRequired", others);
        for (const std::string& name : others) {
            removeExtensionEverywhere(m_root, name, false);
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
    }

    /// Shapes other extensions refer to stay theirs: a KHR list is renumbered under its references, and an
    /// OMI list that such a reference points into is kept beside the new KHR one.
    void keepForeignReferences(const std::vector<ForeignShapeReference>& foreign, const Json& oldShapes,
                               const Json& oldOmiShapes, bool omiShapesRequired)
    {
        if (m_model.format != SourceFormat::Khr) {
            const auto users = referencesInto(foreign, oldOmiShapes);
            if (!users.empty()) {
                restoreShapeList(m_root, ext::Shape, oldOmiShapes, omiShapesRequired);
                m_diagnostics.push_back(shapeListKept(ext::Shape, users));
            }
            return;
        }
        const auto newIndex = [this](int old) {
            return static_cast<size_t>(old) < m_shapeMap.size() ? m_shapeMap[old] : -1;
        };
        const Diagnostics notes = renumberForeignShapeReferences(
            m_root, referencesInto(foreign, oldShapes), newIndex, code::KhrNotExpressible, ext::KhrShapes);
        m_diagnostics.insert(m_diagnostics.end(), notes.begin(), notes.end());
    }

    /// A mesh shape read from the file's glTF 2.1 core array goes back there; any other is a collider's
    /// `geometry.mesh`.
    bool inCoreArray(const Shape& s) const { return m_core && s.pointer.rfind("/shapes/", 0) == 0; }

    /// The document's shapes that KHR_implicit_shapes holds (a mesh shape is written on its node instead);
    /// fills m_shapeMap.
    Json shapeList(const std::vector<ForeignShapeReference>& users, const Json& oldShapes)
    {
        Json shapes = Json::array();
        if (m_model.format != SourceFormat::Khr && !users.empty()) {
            // A file converted to KHR that already had a KHR list other extensions use: theirs stay in front,
            // where those extensions' indices point, and the model's shapes follow.
            shapes = oldShapes["shapes"];
            m_diagnostics.push_back(shapeListKept(ext::KhrShapes, users));
        }
        for (size_t i = 0; i < m_model.shapes.size(); ++i) {
            const Shape& s = m_model.shapes[i];
            const bool unreadable = s.opaque && !s.plane && !s.source.is_object();
            const bool meshShape = !s.opaque && (s.type == ShapeType::Convex || s.type == ShapeType::Trimesh);
            if (unreadable || (meshShape && !inCoreArray(s))) {
                m_shapeMap.push_back(-1);
                continue;
            }
            m_shapeMap.push_back(static_cast<int>(shapes.size()));
            shapes.push_back(meshShape ? coreMeshShapeJson(s)
                                       : shapeJson(s, i)); // glTF 2.1 holds mesh shapes
        }
        return shapes;
    }

    Json documentBody()
    {
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
        return docBody;
    }

    /// Each node's KHR_physics_rigid_bodies object, written or removed; true when any node has one.
    bool writeNodes()
    {
        if (!m_root.contains("nodes") || !m_root["nodes"].is_array())
            return false;
        bool anyNode = false;
        Json& nodes = m_root["nodes"];
        for (size_t index = 0; index < nodes.size(); ++index) {
            Json& node = nodes[index];
            if (!node.is_object())
                continue;
            const Json old = memberOf(memberOf(node, "extensions"), ext::KhrBodies);
            const NodePhysics* n = m_model.node(index);
            const Json body = n ? nodeJson(index, *n, old) : Json::object();
            if (body.empty()) {
                if (node.contains("extensions") && node["extensions"].is_object())
                    node["extensions"].erase(ext::KhrBodies);
                continue;
            }
            if (!node.contains("extensions") || !node["extensions"].is_object())
                node["extensions"] = Json::object();
            node["extensions"][ext::KhrBodies] = body;
            anyNode = true;
        }
        return anyNode;
    }

    void writeRootExtensions(const Json& shapes, const Json& docBody, const Json& oldShapes,
                             const Json& oldBody)
    {
        if (m_core)
            m_root["shapes"] = shapes; // the file's own glTF 2.1 array; KHR_implicit_shapes stays as it was
        if ((!shapes.empty() && !m_core) || !docBody.empty()) {
            if (!m_root.contains("extensions") || !m_root["extensions"].is_object())
                m_root["extensions"] = Json::object();
        }
        if (!m_root.contains("extensions") || !m_root["extensions"].is_object())
            return;
        Json& extensions = m_root["extensions"];
        if (!m_core && !shapes.empty())
            extensions[ext::KhrShapes] = keep(oldShapes, Json{{"shapes", shapes}}, {}, {"shapes"});
        else if (!m_core)
            extensions.erase(ext::KhrShapes);
        if (!docBody.empty()) {
            extensions[ext::KhrBodies] =
                keep(oldBody, docBody, {}, {"physicsMaterials", "collisionFilters", "physicsJoints"});
        } else {
            extensions.erase(ext::KhrBodies);
        }
    }

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

    /// spelledLike() for a KHR file's own objects; `fresh` as it is otherwise.
    Json keep(const Json& source, const Json& fresh, const Json& defaults,
              std::initializer_list<std::string_view> known) const
    {
        return m_keepSpelling ? spelledLike(source, fresh, defaults, known) : fresh;
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
        if (!m_keepSpelling || readSource(s.source, s.pointer).is_null())
            return out;
        // The file's shape: its parameters object goes back right after `type`, where files put it.
        const bool sameType = s.source.contains("type") && s.source["type"] == Json(type);
        Json source = Json::object();
        for (auto it = s.source.begin(); it != s.source.end(); ++it) {
            source[it.key()] = it.value();
            if (it.key() == "type" && sameType)
                source[type] = s.paramsSource;
        }
        if (sameType) {
            static const Json defaults =
                Json::parse(R"({"box": {"size": [1, 1, 1]}, "sphere": {"radius": 0.5},
                "capsule": {"height": 0.5, "radiusTop": 0.25, "radiusBottom": 0.25},
                "cylinder": {"height": 0.5, "radiusTop": 0.25, "radiusBottom": 0.25},
                "plane": {"doubleSided": false}})");
            const std::initializer_list<std::string_view> known = {
                "size", "radius", "height", "radiusTop", "radiusBottom", "sizeX", "sizeZ", "doubleSided"};
            const Json asRead = spelledLike(s.paramsSource, params, memberOf(defaults, type.c_str()), known);
            // Edited parameters are all written, as KHR advises (the families' defaults differ); unedited
            // ones stay as the file spelled them.
            out[type] = asRead == s.paramsSource ? asRead : spelledLike(s.paramsSource, params, {}, known);
        }
        return spelledLike(source, out, {},
                           {"type", "box", "sphere", "capsule", "cylinder", "plane", "mesh"});
    }

    Json materialJson(const PhysicsMaterial& m) const
    {
        Json out = Json::object();
        if (m.source.contains("name"))
            out["name"] = m.source["name"];
        // KHR leaves unset values to the engine, so OMI's defaults are written out.
        out["staticFriction"] = m.staticFriction;
        out["dynamicFriction"] = m.dynamicFriction;
        out["restitution"] = m.restitution;
        // A combine mode takes part in the precedence rule only where it is written: OMI's absent mode
        // ("average") is written out, a KHR file's absent one stays absent.
        const SourceFormat format = m_model.format;
        if (const auto mode = votingCombineMode(m.frictionCombine, format))
            out["frictionCombine"] = combineModeName(*mode);
        if (const auto mode = votingCombineMode(m.restitutionCombine, format))
            out["restitutionCombine"] = combineModeName(*mode);
        // Values a KHR file left out read as these (the engine's choice, held as OMI's defaults).
        static const Json defaults = Json::parse(R"({"staticFriction": 0.6, "dynamicFriction": 0.6,
            "restitution": 0})");
        return keep(readSource(m.source, m.pointer), out, defaults,
                    {"name", "staticFriction", "dynamicFriction", "restitution", "frictionCombine",
                     "restitutionCombine"});
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
        if (!s.opaque && (s.type == ShapeType::Convex || s.type == ShapeType::Trimesh) && !inCoreArray(s)) {
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

    /// `geometry` spelled as the collider or trigger `owner` of the file has it.
    Json keepGeometry(const Json& owner, const Json& geometry) const
    {
        static const Json defaults = Json{{"convexHull", false}};
        return keep(memberOf(owner, "geometry"), geometry, defaults, {"shape", "mesh", "node", "convexHull"});
    }

    /// The motion of a static body that is a side of the joint on `jointNode` (staticJointSides): kinematic
    /// without velocity, so it never moves, as a static body, and stays a body the joint joins.
    Json staticJointSide(size_t index, size_t jointNode, const std::string& pointer)
    {
        m_diagnostics.push_back(makeInfo(code::KhrNotExpressible,
                                         "node " + std::to_string(index) +
                                             ": KHR has no static motion; this static body, a side of the "
                                             "joint on node " +
                                             std::to_string(jointNode) +
                                             ", is written as a kinematic body without velocity so that the "
                                             "joint still joins it",
                                         pointer));
        Json motion = Json::object();
        motion["isKinematic"] = true;
        motion["linearVelocity"] = Json::array({0.0, 0.0, 0.0});
        motion["angularVelocity"] = Json::array({0.0, 0.0, 0.0});
        return motion;
    }

    /// The node's KHR_physics_rigid_bodies object; `old` is the one the file has (spelling kept).
    Json nodeJson(size_t index, const NodePhysics& n, const Json& old)
    {
        Json out = Json::object();
        if (n.motion) {
            const Motion& m = *n.motion;
            if (m.type == MotionType::Static) {
                if (auto it = m_staticJointSides.find(index); it != m_staticJointSides.end())
                    out["motion"] = staticJointSide(index, it->second, m.pointer);
                const Motion plain;
                if (m.mass != plain.mass || m.linearVelocity != plain.linearVelocity ||
                    m.angularVelocity != plain.angularVelocity ||
                    m.centerOfMass.value_or(Vec3{0, 0, 0}) != Vec3{0, 0, 0}) {
                    warn("node " + std::to_string(index) +
                             ": KHR has no static motion (a static body is written as colliders, or as a "
                             "kinematic body without velocity when a joint joins it); its motion values are "
                             "dropped",
                         m.pointer);
                }
            } else {
                Json motion = Json::object();
                if (m.type == MotionType::Kinematic)
                    motion["isKinematic"] = true;
                // A mass KHR leaves to the engine stays absent; OMI's absent mass (1 kg) is written out.
                const bool khr = khrMeanings(m_model.format);
                if (m.mass || !khr)
                    motion["mass"] = m.mass.value_or(1.0);
                // A centre KHR leaves to the engine stays absent; OMI's absent one (the node origin) is
                // written out, since KHR would compute it from the colliders.
                if (m.centerOfMass || !khr)
                    motion["centerOfMass"] = m.centerOfMass.value_or(Vec3{0, 0, 0});
                // Computed inertia (absent, or OMI's all zeros) is left out: in KHR a 0 component is
                // infinite.
                const auto inertia = inertiaMeanings(m, m_model.format);
                if (inertia[0] != MassMeaning::Computed) {
                    motion["inertiaDiagonal"] = *m.inertiaDiagonal;
                    motion["inertiaOrientation"] = m.inertiaOrientation;
                }
                motion["linearVelocity"] = m.linearVelocity;
                motion["angularVelocity"] = m.angularVelocity;
                motion["gravityFactor"] = m.gravityFactor;
                static const Json defaults =
                    Json::parse(R"({"isKinematic": false, "inertiaOrientation": [0, 0, 0, 1],
                    "linearVelocity": [0, 0, 0], "angularVelocity": [0, 0, 0], "gravityFactor": 1})");
                out["motion"] =
                    keep(memberOf(old, "motion"), motion, defaults,
                         {"isKinematic", "mass", "centerOfMass", "inertiaDiagonal", "inertiaOrientation",
                          "linearVelocity", "angularVelocity", "gravityFactor"});
            }
        }
        if (n.collider) {
            const Collider& c = *n.collider;
            if (auto g = geometry(c.shape, c.pointer, index, c.geometryNode)) {
                Json collider = Json::object();
                collider["geometry"] = keepGeometry(memberOf(old, "collider"), *g);
                if (c.physicsMaterial >= 0)
                    collider["physicsMaterial"] = c.physicsMaterial;
                if (c.collisionFilter >= 0)
                    collider["collisionFilter"] = c.collisionFilter;
                out["collider"] = keep(memberOf(old, "collider"), collider, {},
                                       {"geometry", "shape", "physicsMaterial", "collisionFilter"});
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
                    trigger["geometry"] = keepGeometry(memberOf(old, "trigger"), *g);
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
                out["trigger"] = keep(memberOf(old, "trigger"), trigger, {},
                                      {"geometry", "shape", "nodes", "collisionFilter"});
        }
        if (n.joint) {
            Json joint = nodeJointToJson(*n.joint);
            joint["enableCollision"] = n.joint->enableCollision; // written explicitly, as every value
            out["joint"] = keep(memberOf(old, "joint"), joint, Json{{"enableCollision", false}},
                                {"connectedNode", "joint", "enableCollision"});
        }
        if (out.empty())
            return out;
        return keep(old, out, {}, {"motion", "collider", "trigger", "joint"});
    }

    const PhysicsModel& m_model;
    Json& m_root;
    Diagnostics& m_diagnostics;
    std::vector<int> m_shapeMap;
    bool m_core = false; // the file's shapes are the glTF 2.1 core array
    bool m_keepSpelling = false;
    bool m_replacedRequired = false; ///< the file required a physics extension the KHR ones replace
    std::map<size_t, size_t> m_staticJointSides; ///< static body node -> a joint node joining it
};

} // namespace

namespace {

Diagnostics writeKhrWith(const PhysicsModel& model, gltf::GltfDocument& doc, std::map<size_t, size_t> sides)
{
    Diagnostics diagnostics;
    KhrWriter writer(model, doc.json(), diagnostics, std::move(sides));
    writer.write();
    return diagnostics;
}

} // namespace

Diagnostics writeKhr(const PhysicsModel& model, gltf::GltfDocument& doc)
{
    if (!doc.json().is_object())
        return {};
    std::map<size_t, size_t> sides;
    if (auto graph = gltf::SceneGraph::build(doc))
        sides = staticJointSides(model, resolveScene(model, *graph));
    return writeKhrWith(model, doc, std::move(sides));
}

Diagnostics writeKhr(const PhysicsModel& model, gltf::GltfDocument& doc, const ResolvedScene& scene)
{
    if (!doc.json().is_object())
        return {};
    return writeKhrWith(model, doc, staticJointSides(model, scene));
}

} // namespace cs::physics
