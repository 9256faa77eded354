#include "physics/MsftReader.h"

#include "physics/DiagnosticCodes.h"
#include "physics/JointCodec.h"
#include "physics/JsonFields.h"
#include "physics/KhrCodec.h"
#include "physics/OmiBodyReader.h"

#include <utility>

namespace cs::physics {

namespace {

const Json* objectMember(const Json& o, const char* key)
{
    return o.is_object() && o.contains(key) && o[key].is_object() ? &o[key] : nullptr;
}

/// `object` with keys renamed in place (their order kept): an MSFT object read into a model object whose
/// writers copy the source's keys must not carry MSFT's spelling into KHR or OMI.
Json renamed(const Json& object, std::initializer_list<std::pair<const char*, const char*>> names)
{
    if (!object.is_object())
        return Json::object();
    Json out = Json::object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        std::string key = it.key();
        for (const auto& [from, to] : names) {
            if (key == from)
                key = to;
        }
        out[key] = it.value();
    }
    return out;
}

/// The shape sub-objects in the order the loader tests them (BMS:235-317): the first present one is used.
constexpr const char* kShapeKeys[] = {"sphere", "box", "cylinder", "capsule", "convex", "trimesh"};

class MsftReader
{
public:
    MsftReader(const Json& root, Diagnostics& diagnostics) : m_root(root), m_diagnostics(diagnostics) {}

    PhysicsModel read()
    {
        m_model.format = SourceFormat::Msft;
        const Json* exts = objectMember(m_root, "extensions");
        readShapes(exts ? objectMember(*exts, ext::MsftShapes) : nullptr);
        readDocumentBody(exts ? objectMember(*exts, ext::MsftBodies) : nullptr);
        readNodes();
        m_diagnostics.push_back(makeInfo(code::MsftImported,
                                         "MSFT_rigid_bodies data was read (as the Babylon loader reads it); "
                                         "'upgrade' writes it as KHR or OMI"));
        return std::move(m_model);
    }

private:
    void readShapes(const Json* shapesExt)
    {
        if (!shapesExt)
            return;
        const std::string base = jsonPointer({"extensions", ext::MsftShapes});
        FieldReader f(*shapesExt, base, m_diagnostics);
        if (!f.has("colliders"))
            return;
        const Json& list = (*shapesExt)["colliders"];
        if (!list.is_array()) {
            error(code::WrongType, "'colliders' must be an array", f.pointerTo("colliders"));
            return;
        }
        for (size_t i = 0; i < list.size(); ++i)
            m_shapeMap.push_back(readShape(list[i], jsonPointerAppend(f.pointerTo("colliders"), i)));
    }

    // The model index of one MSFT collider, or -1 when it cannot be read (reported).
    int readShape(const Json& object, const std::string& pointer)
    {
        const char* key = nullptr;
        for (const char* k : kShapeKeys) {
            if (!key && objectMember(object, k))
                key = k;
        }
        if (!key) {
            error(code::MsftColliderUnreadable,
                  "an MSFT collider needs one of the objects sphere, box, cylinder, capsule, convex or "
                  "trimesh; "
                  "the Babylon loader builds no shape without one (MSFT_rigid_bodies.ts:319-321)",
                  pointer);
            return -1;
        }
        FieldReader f(object, pointer, m_diagnostics);
        if (const auto type = f.string("type"); type && *type != key) {
            m_diagnostics.push_back(makeWarning(code::MsftColliderType,
                                                "'type' says '" + *type + "' but the collider has a '" + key +
                                                    "' object, which the Babylon loader uses",
                                                f.pointerTo("type")));
        }
        const Json& params = object[key];
        FieldReader p(params, jsonPointerAppend(pointer, key), m_diagnostics);
        Shape s = shapeOf(key, p);
        if ((s.type == ShapeType::Convex || s.type == ShapeType::Trimesh) && !validMesh(s.mesh)) {
            error(code::MeshIndexInvalid,
                  std::string("an MSFT ") + key + " collider needs 'mesh', the index of a mesh", p.pointer());
            return -1;
        }
        s.pointer = pointer;
        s.source = withoutKeys(object, {"type", "sphere", "box", "cylinder", "capsule", "convex", "trimesh"});
        s.paramsSource = params;
        m_model.shapes.push_back(std::move(s));
        return static_cast<int>(m_model.shapes.size()) - 1;
    }

    /// The declared defaults (BMS:35, 43, 51-53, 61-63) where the file leaves a value out; the loader itself
    /// passes the missing value on as undefined, so each one is noted.
    Shape shapeOf(const std::string& key, const FieldReader& p)
    {
        auto number = [&](const char* name, double fallback) {
            if (!p.has(name))
                missing(name, fallback, p.pointer());
            return p.number(name, fallback);
        };
        if (key == "sphere") {
            Shape s = Shape::defaults(ShapeType::Sphere);
            s.radius = number("radius", 0.5);
            return s;
        }
        if (key == "box") {
            Shape s = Shape::defaults(ShapeType::Box);
            if (!p.has("size"))
                missing("size", 1.0, p.pointer());
            s.size = p.vec3("size", {1, 1, 1});
            return s;
        }
        if (key == "convex" || key == "trimesh") {
            Shape s = Shape::defaults(key == "convex" ? ShapeType::Convex : ShapeType::Trimesh);
            s.mesh = p.index("mesh");
            return s;
        }
        // The loader places a capsule's hemisphere centres and a cylinder's discs at +-height/2
        // (BMS:245-246, 277-278): the model's height for both.
        Shape s = Shape::defaults(key == "capsule" ? ShapeType::Capsule : ShapeType::Cylinder);
        s.height = number("height", 0.5);
        s.radiusTop = number("radiusTop", 0.25);
        s.radiusBottom = number("radiusBottom", 0.25);
        return s;
    }

    void missing(const char* name, double value, const std::string& pointer)
    {
        m_diagnostics.push_back(makeInfo(code::ShapeParamsMissing,
                                         std::string("'") + name + "' is left out: the schema's default " +
                                             Json(value).dump() +
                                             " is used (the Babylon loader passes no value)",
                                         pointer));
    }

    bool validMesh(int mesh) const
    {
        const auto meshes = m_root.find("meshes");
        return mesh >= 0 && meshes != m_root.end() && meshes->is_array() && size_t(mesh) < meshes->size();
    }

    void readDocumentBody(const Json* body)
    {
        if (!body)
            return;
        const std::string base = jsonPointer({"extensions", ext::MsftBodies});
        m_model.bodyExtensionSource =
            withoutKeys(*body, {"physicsMaterials", "collisionFilters", "physicsJointLimits"});
        forEach(*body, "physicsMaterials", base, [&](const Json& o, const std::string& p) {
            m_model.materials.push_back(readMaterial(o, p));
        });
        forEach(*body, "collisionFilters", base, [&](const Json& o, const std::string& p) {
            m_model.filters.push_back(readFilter(o, p, m_diagnostics));
        });
        forEach(*body, "physicsJointLimits", base,
                [&](const Json& o, const std::string& p) { m_model.joints.push_back(readLimitSet(o, p)); });
    }

    template <class Read> void forEach(const Json& owner, const char* key, const std::string& base, Read read)
    {
        if (!owner.contains(key))
            return;
        const Json& list = owner[key];
        const std::string pointer = jsonPointerAppend(base, key);
        if (!list.is_array()) {
            error(code::WrongType, std::string("'") + key + "' must be an array", pointer);
            return;
        }
        for (size_t i = 0; i < list.size(); ++i)
            read(list[i], jsonPointerAppend(pointer, i));
    }

    /// Babylon's reading of a material (BMS:345-371): missing frictions 0.5, restitution 0, and the modes
    /// maximum (friction) and minimum (restitution) unless the file spells one in capitals.
    PhysicsMaterial readMaterial(const Json& object, const std::string& pointer)
    {
        const Json plain = withoutKeys(object, {"frictionCombine", "restitutionCombine"});
        PhysicsMaterial m = physics::readMaterial(plain, pointer, m_diagnostics);
        FieldReader f(object, pointer, m_diagnostics);
        m.staticFriction = f.number("staticFriction", 0.5);
        m.dynamicFriction = f.number("dynamicFriction", 0.5);
        m.frictionCombine = combineMode(f, "frictionCombine", CombineMode::Maximum);
        m.restitutionCombine = combineMode(f, "restitutionCombine", CombineMode::Minimum);
        return m;
    }

    CombineMode combineMode(const FieldReader& f, const char* key, CombineMode absent)
    {
        const auto name = f.string(key);
        if (!name)
            return absent;
        for (CombineMode mode :
             {CombineMode::Average, CombineMode::Minimum, CombineMode::Maximum, CombineMode::Multiply}) {
            std::string upper = combineModeName(mode);
            for (char& c : upper)
                c = char(c - 'a' + 'A');
            if (*name == upper)
                return mode;
        }
        m_diagnostics.push_back(makeWarning(code::CombineModeUnknown,
                                            "combine mode '" + *name +
                                                "' is not AVERAGE, MINIMUM, MAXIMUM or MULTIPLY; the Babylon "
                                                "loader reads it as " +
                                                combineModeName(absent) + " (MSFT_rigid_bodies.ts:359-371)",
                                            f.pointerTo(key)));
        return absent;
    }

    /// `physicsJointLimits[i]` = {limits: [...]}: a joint description with limits only.
    JointDescription readLimitSet(const Json& object, const std::string& pointer)
    {
        Json limits = Json::array();
        if (object.is_object() && object.contains("limits") && object["limits"].is_array()) {
            for (const Json& l : object["limits"])
                limits.push_back(l.is_object() ? renamed(l, {{"springConstant", "stiffness"},
                                                             {"springDamping", "damping"}})
                                               : l);
        }
        Json description = object.is_object() ? object : Json();
        if (description.is_object() && description.contains("limits"))
            description["limits"] = limits;
        return readJointDescription(description, pointer, m_diagnostics);
    }

    void readNodes()
    {
        const auto nodes = m_root.find("nodes");
        if (nodes == m_root.end() || !nodes->is_array())
            return;
        for (size_t i = 0; i < nodes->size(); ++i) {
            const Json* exts = objectMember((*nodes)[i], "extensions");
            if (!exts || !exts->contains(ext::MsftBodies))
                continue;
            const std::string pointer =
                jsonPointer({"nodes", std::to_string(i), "extensions", ext::MsftBodies});
            const Json& body = (*exts)[ext::MsftBodies];
            if (!body.is_object()) {
                error(code::WrongType, "MSFT_rigid_bodies must be an object", pointer);
                continue;
            }
            readNode(i, body, pointer);
        }
    }

    void readNode(size_t index, const Json& body, const std::string& pointer)
    {
        NodePhysics n;
        n.pointer = pointer;
        n.source = withoutKeys(body, {"motion", "collider", "trigger", "joint"});
        FieldReader f(body, pointer, m_diagnostics);
        if (const Json* motion = f.object("motion"))
            n.motion = readKhrMotion(*motion, f.pointerTo("motion"), m_diagnostics);
        readShapeUser(f, "collider", n.collider, readCollider);
        readShapeUser(f, "trigger", n.trigger, readTrigger);
        if (const Json* joint = f.object("joint")) {
            // {connectedNode, jointLimits, enableCollision}: KHR's node joint with `joint` named jointLimits.
            n.joint = readNodeJoint(renamed(*joint, {{"jointLimits", "joint"}}), f.pointerTo("joint"),
                                    m_diagnostics);
        }
        if (!n.empty())
            m_model.nodes[index] = std::move(n);
    }

    /// A node's `collider` or `trigger` (`key`): read by `read`, its shape the MSFT collider it names. Left
    /// out (reported by shapeOfNode) when that collider cannot be used.
    template <class T, class Read>
    void readShapeUser(const FieldReader& f, const char* key, std::optional<T>& out, Read read)
    {
        const Json* object = f.object(key);
        if (!object)
            return;
        const std::string pointer = f.pointerTo(key);
        T user = read(withoutKeys(*object, {"collider"}), pointer, m_diagnostics);
        user.shape = shapeOfNode(*object, pointer, key);
        if (user.shape >= 0)
            out = std::move(user);
    }

    /// The model shape of a node's collider or trigger `collider` index; -1, reported, when there is none.
    int shapeOfNode(const Json& owner, const std::string& pointer, const char* what)
    {
        FieldReader f(owner, pointer, m_diagnostics);
        const int index = f.index("collider");
        if (index < 0 || size_t(index) >= m_shapeMap.size()) {
            error(code::ShapeIndexInvalid,
                  std::string("the ") + what +
                      "'s 'collider' must be the index of an MSFT_collision_primitives collider; it is "
                      "left out",
                  f.has("collider") ? f.pointerTo("collider") : pointer);
            return -1;
        }
        if (m_shapeMap[index] < 0) {
            error(code::MsftColliderUnreadable,
                  std::string("the ") + what + " names collider " + std::to_string(index) +
                      ", which could not be read; it is left out",
                  f.pointerTo("collider"));
        }
        return m_shapeMap[index];
    }

    void error(const char* code, const std::string& message, const std::string& pointer)
    {
        m_diagnostics.push_back(makeError(code, message, pointer));
    }

    const Json& m_root;
    Diagnostics& m_diagnostics;
    PhysicsModel m_model;
    std::vector<int> m_shapeMap; // MSFT collider index -> model shape index (-1: unreadable)
};

} // namespace

bool hasMsftPhysics(const gltf::GltfDocument& doc)
{
    const Json& j = doc.json();
    const Json* exts = objectMember(j, "extensions");
    if (exts && (exts->contains(ext::MsftBodies) || exts->contains(ext::MsftShapes)))
        return true;
    const auto nodes = j.is_object() ? j.find("nodes") : j.end();
    if (!j.is_object() || nodes == j.end() || !nodes->is_array())
        return false;
    for (const Json& n : *nodes) {
        const Json* e = objectMember(n, "extensions");
        if (e && e->contains(ext::MsftBodies))
            return true;
    }
    return false;
}

Result<PhysicsModel> readMsft(const gltf::GltfDocument& doc)
{
    Result<PhysicsModel> result;
    try {
        MsftReader reader(doc.json(), result.diagnostics);
        result.value = reader.read();
    } catch (const std::exception& e) {
        result.diagnostics.push_back(
            makeError(code::WrongType, std::string("MSFT physics data unreadable: ") + e.what()));
        result.value = PhysicsModel{};
    }
    return result;
}

} // namespace cs::physics
