#include "physics/CoreShapes.h"
#include "physics/DiagnosticCodes.h"
#include "physics/JointCodec.h"
#include "physics/JsonFields.h"
#include "physics/KhrCodec.h"
#include "physics/KhrSlips.h"
#include "physics/OmiBodyReader.h"

#include <map>

namespace cs::physics {

namespace {

/// True when a geometry.node has a local transform other than identity, or children: the mesh it names is
/// then not simply the node's mesh in the collider's frame.
bool placesItsOwnWay(const Json& node)
{
    auto isList = [&](const char* key, std::initializer_list<double> identity) {
        const auto it = node.find(key);
        if (it == node.end())
            return true;
        if (!it->is_array() || it->size() != identity.size())
            return false;
        size_t k = 0;
        for (double v : identity) {
            const Json& e = (*it)[k++];
            if (!e.is_number() || e.get<double>() != v)
                return false;
        }
        return true;
    };
    const auto children = node.find("children");
    const bool hasChildren = children != node.end() && children->is_array() && !children->empty();
    return hasChildren || !isList("translation", {0, 0, 0}) || !isList("rotation", {0, 0, 0, 1}) ||
           !isList("scale", {1, 1, 1}) || !isList("matrix", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
}

const Json* objectMember(const Json& o, const char* key)
{
    return o.is_object() && o.contains(key) && o[key].is_object() ? &o[key] : nullptr;
}

class KhrReader
{
public:
    KhrReader(const gltf::GltfDocument& doc, Diagnostics& diagnostics)
        : m_json(doc.json()), m_diagnostics(diagnostics)
    {}

    PhysicsModel read()
    {
        m_model.format = SourceFormat::Khr;
        readShapes();
        readDocumentBody();
        readNodes();
        m_model.khrGeometryByNode = m_usedGeometryNode && !m_usedGeometryMesh;
        m_diagnostics.push_back(makeInfo(code::KhrImported, "KHR_physics_rigid_bodies data was read"));
        return std::move(m_model);
    }

private:
    void readShapes()
    {
        if (hasCoreShapes(m_json)) {
            m_core = true;
            const Diagnostics notes = coreShapesNotes(m_json);
            m_diagnostics.insert(m_diagnostics.end(), notes.begin(), notes.end());
            const Json& shapes = m_json["shapes"];
            for (size_t i = 0; i < shapes.size(); ++i) {
                const std::string pointer = jsonPointer({"shapes", std::to_string(i)});
                m_shapeMap.push_back(
                    readShape(shapeWithSlipsUndone(shapes[i], pointer, m_diagnostics), pointer));
            }
            return;
        }
        const Json* exts = objectMember(m_json, "extensions");
        if (!exts)
            return;
        const char* key = ext::KhrShapes;
        const Json* shapesExt = objectMember(*exts, key);
        if (!shapesExt) {
            key = ext::KhrLegacyShapes;
            shapesExt = objectMember(*exts, key);
            if (shapesExt) {
                m_diagnostics.push_back(makeInfo(code::KhrLegacyShapesKey,
                                                 "shapes read from the older key KHR_collision_shapes",
                                                 jsonPointer({"extensions", key})));
            }
        }
        if (!shapesExt || !shapesExt->contains("shapes") || !(*shapesExt)["shapes"].is_array())
            return;
        const Json& shapes = (*shapesExt)["shapes"];
        const std::string base = jsonPointer({"extensions", key, "shapes"});
        for (size_t i = 0; i < shapes.size(); ++i) {
            const std::string pointer = jsonPointerAppend(base, i);
            m_shapeMap.push_back(readShape(shapeWithSlipsUndone(shapes[i], pointer, m_diagnostics), pointer));
        }
    }

    // The model index of KHR shape `object`, or -1 when OMI has no such shape.
    int readShape(const Json& object, const std::string& pointer)
    {
        FieldReader f(object, pointer, m_diagnostics);
        const std::string type = f.string("type").value_or("");
        const Json* params = objectMember(object, type.c_str());
        static const Json empty = Json::object();
        FieldReader p(params ? *params : empty, params ? jsonPointerAppend(pointer, type) : pointer,
                      m_diagnostics);
        Shape s;
        if (type == "plane") {
            PlaneParams plane;
            if (p.has("sizeX"))
                plane.sizeX = p.number("sizeX", 1.0);
            if (p.has("sizeZ"))
                plane.sizeZ = p.number("sizeZ", 1.0);
            plane.doubleSided = p.boolean("doubleSided").value_or(false);
            s = Shape::makePlane(plane);
        } else if (const auto meshType = m_core ? coreMeshShapeType(type) : std::nullopt) {
            s = Shape::defaults(*meshType); // a glTF 2.1 mesh shape, in either proposed spelling
            s.mesh = p.index("mesh");
        } else if (type == "mesh") {
            // KHR_collision_shapes had mesh shapes, with convex hulls marked by a flag or an extension.
            const bool convex = p.boolean("convexHull").value_or(false) ||
                                (object.contains("extensions") && object["extensions"].is_object() &&
                                 !object["extensions"].empty() &&
                                 object["extensions"].begin().key().find("onvex") != std::string::npos);
            s = Shape::defaults(convex ? ShapeType::Convex : ShapeType::Trimesh);
            s.mesh = p.index("mesh");
        } else if (const auto t = shapeTypeFromName(type);
                   t && *t != ShapeType::Convex && *t != ShapeType::Trimesh) {
            s = Shape::defaults(*t);
            switch (*t) {
            case ShapeType::Box:
                s.size = p.vec3("size", {1, 1, 1});
                break;
            case ShapeType::Sphere:
                s.radius = p.number("radius", 0.5);
                break;
            default: // capsule and cylinder share KHR's smaller defaults; 2.1 has OMI's
                s.height = p.number("height", !m_core ? 0.5 : *t == ShapeType::Capsule ? 1.0 : 2.0);
                s.radiusTop = p.number("radiusTop", m_core ? 0.5 : 0.25);
                s.radiusBottom = p.number("radiusBottom", m_core ? 0.5 : 0.25);
                break;
            }
        } else {
            // Any string is a valid type: the shape is kept as it is and written back unchanged.
            m_diagnostics.push_back(makeWarning(code::KhrShapeTypeKept,
                                                "unknown KHR shape type '" + type +
                                                    "' is kept as it is; it is not drawn or simulated",
                                                pointer));
            s.opaque = true;
            s.source = object;
            s.pointer = pointer;
            m_model.shapes.push_back(std::move(s));
            return static_cast<int>(m_model.shapes.size()) - 1;
        }
        s.pointer = pointer;
        s.source = m_core ? withoutKeys(object, {"box", "sphere", "capsule", "cylinder", "plane", "mesh",
                                                 "convexMesh", "convex", "concave"})
                          : withoutKeys(object, {"box", "sphere", "capsule", "cylinder", "plane", "mesh"});
        if (params)
            s.paramsSource = *params;
        m_model.shapes.push_back(std::move(s));
        return static_cast<int>(m_model.shapes.size()) - 1;
    }

    void readDocumentBody()
    {
        const Json* exts = objectMember(m_json, "extensions");
        const Json* body = exts ? objectMember(*exts, ext::KhrBodies) : nullptr;
        if (!body)
            return;
        const std::string base = jsonPointer({"extensions", ext::KhrBodies});
        m_model.bodyExtensionSource = withoutKeys(*body, {"physicsJoints"});
        if (body->contains("physicsJoints") && (*body)["physicsJoints"].is_array()) {
            const Json& list = (*body)["physicsJoints"];
            for (size_t i = 0; i < list.size(); ++i) {
                m_model.joints.push_back(readJointDescription(
                    list[i], jsonPointerAppend(base + "/physicsJoints", i), m_diagnostics));
            }
        }
        if (body->contains("physicsMaterials") && (*body)["physicsMaterials"].is_array()) {
            const Json& list = (*body)["physicsMaterials"];
            for (size_t i = 0; i < list.size(); ++i) {
                m_model.materials.push_back(
                    readMaterial(list[i], jsonPointerAppend(base + "/physicsMaterials", i), m_diagnostics));
            }
        }
        if (body->contains("collisionFilters") && (*body)["collisionFilters"].is_array()) {
            const Json& list = (*body)["collisionFilters"];
            for (size_t i = 0; i < list.size(); ++i) {
                m_model.filters.push_back(
                    readFilter(list[i], jsonPointerAppend(base + "/collisionFilters", i), m_diagnostics));
            }
        }
    }

    // The model shape of a collider's or trigger's `geometry` (or the early drafts' direct `shape`).
    // `geometryNode` receives geometry.node when the file used it.
    int geometryShape(size_t node, const Json& owner, const std::string& pointer, int& geometryNode)
    {
        FieldReader direct(owner, pointer, m_diagnostics);
        const Json* geometry = objectMember(owner, "geometry");
        if (!geometry) {
            if (!owner.contains("shape"))
                return -1;
            return mapShape(direct.index("shape"), direct.pointerTo("shape"));
        }
        const std::string gp = jsonPointerAppend(pointer, "geometry");
        FieldReader g(*geometry, gp, m_diagnostics);
        if (g.has("shape"))
            return mapShape(g.index("shape"), g.pointerTo("shape"));
        const bool convex = g.boolean("convexHull").value_or(false);
        int mesh = -1;
        if (g.has("mesh")) {
            mesh = g.index("mesh");
            m_usedGeometryMesh = true;
        } else if (g.has("node")) {
            geometryNode = g.index("node");
            m_usedGeometryNode = true;
            const Json& nodes = m_json["nodes"];
            if (geometryNode >= 0 && static_cast<size_t>(geometryNode) < nodes.size() &&
                nodes[geometryNode].is_object() && nodes[geometryNode].contains("mesh") &&
                nodes[geometryNode]["mesh"].is_number_integer()) {
                mesh = nodes[geometryNode]["mesh"].get<int>();
            } else {
                m_diagnostics.push_back(makeError(code::MeshIndexInvalid,
                                                  "geometry.node does not name a node with a mesh",
                                                  g.pointerTo("node")));
                return -1;
            }
            if (static_cast<size_t>(geometryNode) != node && placesItsOwnWay(nodes[geometryNode])) {
                m_diagnostics.push_back(
                    makeWarning(code::KhrGeometryNodeTransform,
                                "geometry.node " + std::to_string(geometryNode) +
                                    " is not the collider's node and has a transform or children of its own; "
                                    "the mesh is placed in the collider node's frame without them (the spec "
                                    "does not say whether they apply; an older Babylon loader applies the "
                                    "node's own translation, rotation and scale)",
                                g.pointerTo("node")));
            }
        }
        if (mesh < 0)
            return -1;
        noteIfDeformed(mesh, geometryNode, g.pointerTo(g.has("mesh") ? "mesh" : "node"));
        const auto key = std::make_pair(mesh, convex);
        if (auto it = m_meshShapes.find(key); it != m_meshShapes.end())
            return it->second;
        Shape s = Shape::defaults(convex ? ShapeType::Convex : ShapeType::Trimesh);
        s.mesh = mesh;
        s.pointer = gp;
        m_model.shapes.push_back(std::move(s));
        const int index = static_cast<int>(m_model.shapes.size()) - 1;
        m_meshShapes[key] = index;
        return index;
    }

    /// The geometry is the mesh "including any mesh deformation due to use of the skin or weights": a skinned
    /// geometry node, or morph targets with a weight other than 0 (the node's weights, else the mesh's), are
    /// applied to the collider (gltf::meshTriangles poses the mesh); this names them, since the collider then
    /// differs from the mesh's accessors and follows the file's pose, not its animations.
    void noteIfDeformed(int mesh, int geometryNode, const std::string& pointer)
    {
        const Json* m = arrayElement("meshes", mesh);
        if (!m || !m->is_object())
            return;
        const Json* node = arrayElement("nodes", geometryNode);
        if (node && !node->is_object())
            node = nullptr;
        std::string what;
        if (node && node->contains("skin"))
            what = "node " + std::to_string(geometryNode) + " is skinned";
        const auto nodeWeights = node ? node->find("weights") : m->end();
        const auto meshWeights = m->find("weights");
        const Json* weights = node && nodeWeights != node->end() ? &*nodeWeights
                              : meshWeights != m->end()          ? &*meshWeights
                                                                 : nullptr;
        bool morphed = false;
        if (weights && weights->is_array()) {
            for (const Json& w : *weights)
                morphed = morphed || (w.is_number() && w.get<double>() != 0.0);
        }
        if (morphed)
            what += (what.empty() ? "" : " and ") + std::string("mesh ") + std::to_string(mesh) +
                    " has morph target weights other than 0";
        if (what.empty())
            return;
        m_diagnostics.push_back(makeInfo(code::KhrGeometryDeformed,
                                         "the collider's geometry includes the mesh's deformation: " + what +
                                             "; the pose the file's nodes give is used",
                                         pointer));
    }

    /// Element `index` of the top-level array `key`; nullptr when there is none.
    const Json* arrayElement(const char* key, int index) const
    {
        const auto it = m_json.find(key);
        if (index < 0 || it == m_json.end() || !it->is_array() || size_t(index) >= it->size())
            return nullptr;
        return &(*it)[size_t(index)];
    }

    int mapShape(int khrIndex, const std::string& pointer)
    {
        if (khrIndex < 0)
            return -1;
        if (static_cast<size_t>(khrIndex) >= m_shapeMap.size()) {
            m_diagnostics.push_back(makeError(code::ShapeIndexInvalid,
                                              "shape index " + std::to_string(khrIndex) + " is out of range",
                                              pointer));
            return -1;
        }
        return m_shapeMap[khrIndex];
    }

    void readNodes()
    {
        if (!m_json.contains("nodes") || !m_json["nodes"].is_array())
            return;
        const Json& nodes = m_json["nodes"];
        for (size_t i = 0; i < nodes.size(); ++i) {
            const Json* exts = objectMember(nodes[i], "extensions");
            const Json* body = exts ? objectMember(*exts, ext::KhrBodies) : nullptr;
            const char* name = ext::KhrBodies;
            if (!body && exts && (body = objectMember(*exts, KhrBodiesMisspelled))) {
                name = KhrBodiesMisspelled;
                m_diagnostics.push_back(
                    makeWarning(code::KhrWriterSlip,
                                std::string(name) + " is read as " + ext::KhrBodies +
                                    " (a misspelling); a save writes " + ext::KhrBodies,
                                jsonPointer({"nodes", std::to_string(i), "extensions", name})));
            }
            if (!body)
                continue;
            const std::string pointer = jsonPointer({"nodes", std::to_string(i), "extensions", name});
            readNode(i, withSlipsUndone(*body, pointer, m_diagnostics), pointer);
        }
    }

    void readNode(size_t index, const Json& body, const std::string& pointer)
    {
        NodePhysics n;
        n.pointer = pointer;
        n.source = withoutKeys(body, {"motion", "collider", "trigger", "joint"});
        if (const Json* joint = objectMember(body, "joint"))
            n.joint = readNodeJoint(*joint, jsonPointerAppend(pointer, "joint"), m_diagnostics);
        if (const Json* motion = objectMember(body, "motion")) {
            const std::string mp = jsonPointerAppend(pointer, "motion");
            n.motion = readKhrMotion(*motion, mp, m_diagnostics);
            if (!motion->contains("mass")) {
                m_diagnostics.push_back(
                    makeInfo(code::KhrMassComputed,
                             "KHR motion without mass (the engine computes it); OMI's default "
                             "of 1 kg is used",
                             mp));
            }
        }
        if (const Json* collider = objectMember(body, "collider")) {
            const std::string cp = jsonPointerAppend(pointer, "collider");
            Collider c = readCollider(withoutKeys(*collider, {"geometry", "shape"}), cp, m_diagnostics);
            c.shape = geometryShape(index, *collider, cp, c.geometryNode);
            c.source = Json::object();
            n.collider = c;
        }
        if (const Json* trigger = objectMember(body, "trigger")) {
            const std::string tp = jsonPointerAppend(pointer, "trigger");
            Trigger t = readTrigger(withoutKeys(*trigger, {"geometry", "shape"}), tp, m_diagnostics);
            t.shape = geometryShape(index, *trigger, tp, t.geometryNode);
            t.source = Json::object();
            n.trigger = t;
        }
        if (!n.empty())
            m_model.nodes[index] = std::move(n);
    }

    const Json& m_json;
    Diagnostics& m_diagnostics;
    PhysicsModel m_model;
    std::vector<int> m_shapeMap; // KHR shape index -> model shape index (-1: not representable)
    std::map<std::pair<int, bool>, int> m_meshShapes;
    bool m_core = false; // the shapes are the glTF 2.1 core array's
    bool m_usedGeometryNode = false;
    bool m_usedGeometryMesh = false;
};

} // namespace

Motion readKhrMotion(const Json& motion, const std::string& pointer, Diagnostics& diagnostics)
{
    // OMI requires a type; KHR's motion is dynamic unless isKinematic.
    Json typed = withoutKeys(motion, {"isKinematic"});
    FieldReader f(motion, pointer, diagnostics);
    const bool kinematic = f.boolean("isKinematic").value_or(false);
    Diagnostics ignored; // the missing OMI `type` is expected here
    Motion m = readMotion(typed, pointer, ignored);
    for (auto& d : ignored) {
        if (d.code != code::MotionTypeMissing)
            diagnostics.push_back(d);
    }
    m.type = kinematic ? MotionType::Kinematic : MotionType::Dynamic;
    m.source = typed; // unknown keys, extras, and which values the file left to the engine
    return m;
}

bool hasKhrPhysics(const gltf::GltfDocument& doc)
{
    const Json& j = doc.json();
    const Json* exts = objectMember(j, "extensions");
    if (exts && (exts->contains(ext::KhrBodies) || exts->contains(ext::KhrShapes) ||
                 exts->contains(ext::KhrLegacyShapes)))
        return true;
    if (j.contains("nodes") && j["nodes"].is_array()) {
        for (const auto& n : j["nodes"]) {
            const Json* e = objectMember(n, "extensions");
            if (e && (e->contains(ext::KhrBodies) || e->contains(KhrBodiesMisspelled)))
                return true;
        }
    }
    return false;
}

Result<PhysicsModel> readKhr(const gltf::GltfDocument& doc)
{
    Result<PhysicsModel> result;
    try {
        KhrReader reader(doc, result.diagnostics);
        result.value = reader.read();
    } catch (const std::exception& e) {
        result.diagnostics.push_back(
            makeError(code::WrongType, std::string("KHR physics data unreadable: ") + e.what()));
        result.value = PhysicsModel{};
    }
    return result;
}

} // namespace cs::physics
