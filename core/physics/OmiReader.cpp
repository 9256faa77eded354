#include "physics/OmiReader.h"

#include "gltf/JsonText.h"
#include "gltf/SceneGraph.h"
#include "physics/DiagnosticCodes.h"
#include "physics/JointCodec.h"
#include "physics/JsonFields.h"
#include "physics/KhrCodec.h"
#include "physics/MsftReader.h"
#include "physics/OmiBodyReader.h"
#include "physics/OmiShapeReader.h"

#include <algorithm>

namespace cs::physics {

namespace {

// A node that referenced a shape the legacy way (V1 inline, V2 OMI_collider, V5 node OMI_physics_shape).
struct LegacyShapeRef
{
    int shape = -1;
    bool isTrigger = false;
    bool compound = false; // draft `compound`: a grouping collider
    std::string pointer;
};

class OmiReader
{
public:
    OmiReader(const gltf::GltfDocument& doc, Diagnostics& diagnostics)
        : m_doc(doc), m_json(doc.json()), m_diagnostics(diagnostics)
    {}

    PhysicsModel read()
    {
        m_model.format = SourceFormat::Omi;
        m_context.draftDialect = detectDraftDialect();
        readDocumentShapes();
        readDocumentBody();
        readNodes();
        resolveLegacyShapeRefs();
        makeImplicitCompoundsExplicit();
        m_model.hadLegacy = m_legacy;
        return std::move(m_model);
    }

private:
    const Json* docExtension(const char* name) const { return extensionOf(m_json, name); }
    static const Json* nodeExtension(const Json& node, const char* name) { return extensionOf(node, name); }

    /// object.extensions[name], or nullptr. Keys are looked up as string_view (lengths compared first).
    static const Json* extensionOf(const Json& object, const char* name)
    {
        const Json& e = gltf::jsonMember(object, "extensions");
        if (!e.is_object())
            return nullptr;
        const auto it = e.find(std::string_view(name));
        return it == e.end() ? nullptr : &*it;
    }

    const Json& nodes() const
    {
        static const Json empty = Json::array();
        return m_json.contains("nodes") && m_json["nodes"].is_array() ? m_json["nodes"] : empty;
    }

    // The 2022 draft is recognised by what only it used: half `extents`, the types `mesh` and `compound`, and
    // colliders written inline on nodes. Its capsule height is the mid-height.
    bool detectDraftDialect() const
    {
        auto draftShape = [](const Json& s) {
            if (!s.is_object())
                return false;
            const std::string type =
                s.contains("type") && s["type"].is_string() ? s["type"].get<std::string>() : "";
            return s.contains("extents") || type == "mesh" || type == "compound";
        };
        if (const Json* c = docExtension(ext::LegacyCollider);
            c && c->is_object() && c->contains("colliders")) {
            for (const auto& s : (*c)["colliders"]) {
                if (draftShape(s))
                    return true;
            }
        }
        for (const auto& node : nodes()) {
            const Json* c = nodeExtension(node, ext::LegacyCollider);
            if (c && c->is_object() && !c->contains("collider"))
                return true;
        }
        return false;
    }

    void readDocumentShapes()
    {
        if (const Json* ext = docExtension(ext::Shape)) {
            const std::string base = jsonPointer({"extensions", ext::Shape});
            if (!ext->is_object()) {
                m_diagnostics.push_back(
                    makeError(code::WrongType, "OMI_physics_shape must be an object", base));
            } else {
                m_model.shapeExtensionSource = *ext;
                FieldReader f(*ext, base, m_diagnostics);
                if (f.has("shapes") && !(*ext)["shapes"].is_array()) {
                    m_diagnostics.push_back(
                        makeError(code::WrongType, "'shapes' must be an array", f.pointerTo("shapes")));
                } else if (f.has("shapes")) {
                    const Json& shapes = (*ext)["shapes"];
                    for (size_t i = 0; i < shapes.size(); ++i)
                        addShape(shapes[i], jsonPointerAppend(f.pointerTo("shapes"), i), ShapeReadContext{});
                }
            }
        }
        if (const Json* ext = docExtension(ext::LegacyCollider)) {
            const std::string base = jsonPointer({"extensions", ext::LegacyCollider});
            m_legacy = true;
            m_colliderOffset = static_cast<int>(m_model.shapes.size());
            const Json* colliders =
                ext->is_object() && ext->contains("colliders") && (*ext)["colliders"].is_array()
                    ? &(*ext)["colliders"]
                    : nullptr;
            m_diagnostics.push_back(makeInfo(code::LegacyOmiCollider,
                                             "OMI_collider colliders become OMI_physics_shape shapes" +
                                                 std::string(m_colliderOffset > 0 ? " (appended after the "
                                                                                    "existing shapes)"
                                                                                  : ""),
                                             base));
            ShapeReadContext context = m_context;
            context.flatContainer = true;
            if (colliders) {
                for (size_t i = 0; i < colliders->size(); ++i) {
                    addShape((*colliders)[i], jsonPointerAppend(base + "/colliders", i), context);
                    m_colliderCount++;
                }
            }
        }
    }

    int addShape(const Json& object, const std::string& pointer, const ShapeReadContext& context)
    {
        ShapeReadResult r = readShape(object, pointer, context, m_diagnostics);
        if (r.compound) {
            // Only meaningful inline on a node; in a list it has no geometry to keep.
            r.shape = Shape::defaults(ShapeType::Box);
            r.shape.opaque = true;
            r.shape.source = object;
        }
        m_legacy = m_legacy || r.legacy;
        m_model.shapes.push_back(std::move(r.shape));
        m_shapeIsTrigger.push_back(r.legacyIsTrigger);
        return static_cast<int>(m_model.shapes.size()) - 1;
    }

    void readDocumentBody()
    {
        const Json* ext = docExtension(ext::Body);
        if (!ext)
            return;
        const std::string base = jsonPointer({"extensions", ext::Body});
        if (!ext->is_object()) {
            m_diagnostics.push_back(makeError(code::WrongType, "OMI_physics_body must be an object", base));
            return;
        }
        m_model.bodyExtensionSource = *ext;
        auto readList = [&](const char* key, auto&& readOne) {
            if (!ext->contains(key))
                return;
            const Json& list = (*ext)[key];
            const std::string p = jsonPointerAppend(base, key);
            if (!list.is_array()) {
                m_diagnostics.push_back(
                    makeError(code::WrongType, std::string("'") + key + "' must be an array", p));
                return;
            }
            for (size_t i = 0; i < list.size(); ++i)
                readOne(list[i], jsonPointerAppend(p, i));
        };
        readList("physicsMaterials", [&](const Json& o, const std::string& p) {
            m_model.materials.push_back(readMaterial(o, p, m_diagnostics));
        });
        readList("collisionFilters", [&](const Json& o, const std::string& p) {
            m_model.filters.push_back(readFilter(o, p, m_diagnostics));
        });
    }

    void readNodes()
    {
        const Json& list = nodes();
        for (size_t i = 0; i < list.size(); ++i) {
            // The pointers are made only for a node that has one of the extensions.
            auto pointerOf = [i](const char* name) {
                return jsonPointerAppend(jsonPointerAppend(jsonPointerAppend("/nodes", i), "extensions"),
                                         name);
            };
            if (const Json* body = nodeExtension(list[i], ext::Body))
                readNodeBody(i, *body, pointerOf(ext::Body));
            if (const Json* shape = nodeExtension(list[i], ext::Shape))
                readNodeShapeRef(i, *shape, pointerOf(ext::Shape));
            if (const Json* collider = nodeExtension(list[i], ext::LegacyCollider))
                readNodeCollider(i, *collider, pointerOf(ext::LegacyCollider));
        }
    }

    void readNodeBody(size_t node, const Json& body, const std::string& pointer)
    {
        if (!body.is_object()) {
            m_diagnostics.push_back(
                makeError(code::WrongType, "OMI_physics_body must be an object", pointer));
            return;
        }
        const bool newest = body.contains("motion") || body.contains("collider") || body.contains("trigger");
        if (!newest && body.contains("type")) {
            readLegacyBody(node, body, pointer);
            return;
        }
        NodePhysics& n = m_model.nodeRef(node);
        n.pointer = pointer;
        // motion, collider and trigger keep their places; their values are the sources of their own objects.
        n.source = withValuesCleared(body, {"motion", "collider", "trigger"});
        if (body.contains("motion")) {
            n.motion = readMotion(body["motion"], jsonPointerAppend(pointer, "motion"), m_diagnostics);
            // A motion without type (Godot exports) is rewritten with its type: not already newest.
            if (!n.motion->source.contains("type"))
                m_legacy = true;
        }
        if (body.contains("collider"))
            n.collider =
                readCollider(body["collider"], jsonPointerAppend(pointer, "collider"), m_diagnostics);
        if (body.contains("trigger"))
            n.trigger = readTrigger(body["trigger"], jsonPointerAppend(pointer, "trigger"), m_diagnostics);
    }

    void readLegacyBody(size_t node, const Json& body, const std::string& pointer)
    {
        m_legacy = true;
        const std::string type = body["type"].is_string() ? body["type"].get<std::string>() : "";
        NodePhysics& n = m_model.nodeRef(node);
        n.pointer = pointer;
        n.source = withoutKeys(body, kLegacyBodyKeys);
        m_legacyBodyType[node] = type;
        if (type == "trigger") {
            // Every shape this body owns is a trigger; the body node groups them (an implicit compound
            // trigger).
            Trigger t;
            t.pointer = jsonPointerAppend(pointer, "type");
            n.trigger = t;
            m_diagnostics.push_back(makeInfo(code::LegacyBodyType,
                                             "legacy body type 'trigger' becomes a compound trigger of the "
                                             "shapes it owns",
                                             jsonPointerAppend(pointer, "type")));
            return;
        }
        n.motion = readLegacyMotion(body, pointer, type, m_diagnostics);
    }

    void readNodeShapeRef(size_t node, const Json& ref, const std::string& pointer)
    {
        m_legacy = true;
        FieldReader f(ref, pointer, m_diagnostics);
        if (!ref.is_object()) {
            m_diagnostics.push_back(
                makeError(code::WrongType, "OMI_physics_shape must be an object", pointer));
            return;
        }
        const int shape = f.index("shape");
        m_diagnostics.push_back(
            makeInfo(code::LegacyNodeShape,
                     "node-level OMI_physics_shape becomes an OMI_physics_body collider or "
                     "trigger",
                     pointer));
        LegacyShapeRef r;
        r.shape = shape;
        r.isTrigger =
            shape >= 0 && shape < static_cast<int>(m_shapeIsTrigger.size()) && m_shapeIsTrigger[shape];
        r.pointer = f.has("shape") ? f.pointerTo("shape") : pointer;
        m_shapeRefs[node] = r;
    }

    void readNodeCollider(size_t node, const Json& ref, const std::string& pointer)
    {
        m_legacy = true;
        if (!ref.is_object()) {
            m_diagnostics.push_back(makeError(code::WrongType, "OMI_collider must be an object", pointer));
            return;
        }
        LegacyShapeRef r;
        r.pointer = pointer;
        if (ref.contains("collider")) {
            FieldReader f(ref, pointer, m_diagnostics);
            const int local = f.index("collider");
            if (local >= 0 && local < m_colliderCount) {
                r.shape = m_colliderOffset + local;
                r.isTrigger = m_shapeIsTrigger[r.shape];
            } else if (local >= 0) {
                m_diagnostics.push_back(makeError(code::ShapeIndexInvalid,
                                                  "collider index " + std::to_string(local) +
                                                      " is out of range (" + std::to_string(m_colliderCount) +
                                                      " colliders)",
                                                  f.pointerTo("collider")));
            }
            r.pointer = f.pointerTo("collider");
        } else {
            m_diagnostics.push_back(makeInfo(code::LegacyInlineCollider,
                                             "draft inline node collider becomes a document shape", pointer));
            ShapeReadContext context = m_context;
            ShapeReadResult sr = readShape(ref, pointer, context, m_diagnostics);
            if (sr.compound) {
                r.compound = true;
            } else {
                m_model.shapes.push_back(std::move(sr.shape));
                m_shapeIsTrigger.push_back(sr.legacyIsTrigger);
                r.shape = static_cast<int>(m_model.shapes.size()) - 1;
                r.isTrigger = sr.legacyIsTrigger;
            }
        }
        m_shapeRefs[node] = r;
    }

    // The owner of a legacy shape node is the nearest node at or above it with a legacy body.
    int legacyOwner(size_t node) const
    {
        if (!m_graph)
            return m_legacyBodyType.count(node) ? static_cast<int>(node) : -1;
        const std::optional<size_t> owner =
            m_graph->findUp(node, [&](size_t n) { return m_legacyBodyType.count(n) != 0; });
        return owner ? static_cast<int>(*owner) : -1;
    }

    void resolveLegacyShapeRefs()
    {
        if (!m_shapeRefs.empty())
            ensureGraph(); // legacyOwner walks it; a file without legacy references never builds it
        for (const auto& [node, ref] : m_shapeRefs) {
            NodePhysics& n = m_model.nodeRef(node);
            if (n.pointer.empty())
                n.pointer = ref.pointer;
            if (ref.compound) {
                if (!n.collider) {
                    Collider c;
                    c.pointer = ref.pointer;
                    n.collider = c;
                }
                continue;
            }
            const int owner = legacyOwner(node);
            const bool triggerBody =
                owner >= 0 && m_legacyBodyType.at(static_cast<size_t>(owner)) == "trigger";
            if (ref.isTrigger && !triggerBody) {
                m_diagnostics.push_back(makeInfo(code::LegacyIsTrigger,
                                                 "a collider with isTrigger becomes a trigger", ref.pointer));
            }
            if (ref.isTrigger || triggerBody) {
                if (n.trigger && n.trigger->shape < 0 && n.trigger->nodes.empty()) {
                    // The trigger body itself holds the shape: a plain trigger, not a group.
                    n.trigger->shape = ref.shape;
                } else if (!n.trigger) {
                    Trigger t;
                    t.shape = ref.shape;
                    t.pointer = ref.pointer;
                    n.trigger = t;
                }
            } else if (!n.collider) {
                Collider c;
                c.shape = ref.shape;
                c.pointer = ref.pointer;
                n.collider = c;
            }
        }
    }

    void ensureGraph()
    {
        if (m_graph)
            return;
        auto built = gltf::SceneGraph::build(m_doc);
        if (built)
            m_graph = std::move(*built);
    }

    // `trigger: {}` (and the legacy trigger body) group every descendant trigger shape that no nearer group
    // claims. The newest form lists the members, so the model does too.
    void makeImplicitCompoundsExplicit()
    {
        std::vector<size_t> groups;
        for (const auto& [node, n] : m_model.nodes) {
            if (n.trigger && n.trigger->shape < 0 && n.trigger->nodes.empty())
                groups.push_back(node);
        }
        if (groups.empty())
            return;
        ensureGraph();
        if (!m_graph)
            return;
        for (size_t group : groups) {
            Trigger& t = *m_model.nodeRef(group).trigger;
            for (const auto& [node, n] : m_model.nodes) {
                if (!n.trigger || n.trigger->shape < 0 || !m_graph->isDescendantOf(node, group))
                    continue;
                bool nearer = false;
                for (std::optional<size_t> p = m_graph->parent(node); p && *p != group;
                     p = m_graph->parent(*p)) {
                    if (std::find(groups.begin(), groups.end(), *p) != groups.end())
                        nearer = true;
                }
                if (!nearer)
                    t.nodes.push_back(static_cast<int>(node));
            }
            if (t.nodes.empty())
                continue;
            t.implicitCompound = true;
            m_legacy = true;
            const bool fromEmptyObject = m_legacyBodyType.count(group) == 0;
            if (fromEmptyObject) {
                m_diagnostics.push_back(
                    makeWarning(code::LegacyImplicitCompoundTrigger,
                                "'trigger: {}' (the 2023 implicit compound trigger; invalid "
                                "under the current schema) becomes a compound trigger of its " +
                                    std::to_string(t.nodes.size()) + " descendant trigger(s)",
                                t.pointer));
            }
        }
    }

    const gltf::GltfDocument& m_doc;
    const Json& m_json;
    Diagnostics& m_diagnostics;
    PhysicsModel m_model;
    ShapeReadContext m_context;
    bool m_legacy = false;
    int m_colliderOffset = 0;
    int m_colliderCount = 0;
    std::vector<bool> m_shapeIsTrigger;
    std::map<size_t, std::string> m_legacyBodyType;
    std::map<size_t, LegacyShapeRef> m_shapeRefs;
    std::optional<gltf::SceneGraph> m_graph;
};

} // namespace

Result<PhysicsModel> readOmi(const gltf::GltfDocument& doc)
{
    Result<PhysicsModel> result;
    try {
        OmiReader reader(doc, result.diagnostics);
        result.value = reader.read();
        readOmiJoints(doc.json(), *result.value, result.diagnostics);
    } catch (const std::exception& e) {
        // The reader checks types before every access; this is a last guard so that no exception leaves core.
        result.diagnostics.push_back(
            makeError(code::WrongType, std::string("physics data unreadable: ") + e.what()));
        result.value = PhysicsModel{};
    }
    return result;
}

bool hasOmiPhysics(const gltf::GltfDocument& doc)
{
    const Json& j = doc.json();
    auto hasKey = [](const Json& o, const char* k) { return o.is_object() && o.contains(k); };
    if (hasKey(j, "extensions")) {
        const Json& e = j["extensions"];
        if (hasKey(e, ext::Shape) || hasKey(e, ext::Body) || hasKey(e, ext::LegacyCollider))
            return true;
    }
    if (hasKey(j, "nodes") && j["nodes"].is_array()) {
        for (const auto& n : j["nodes"]) {
            if (!hasKey(n, "extensions"))
                continue;
            const Json& e = n["extensions"];
            if (hasKey(e, ext::Shape) || hasKey(e, ext::Body) || hasKey(e, ext::LegacyCollider))
                return true;
        }
    }
    return false;
}

Result<PhysicsModel> readPhysics(const gltf::GltfDocument& doc)
{
    const bool msft = hasMsftPhysics(doc);
    if (msft && (hasOmiPhysics(doc) || hasKhrPhysics(doc))) {
        Result<PhysicsModel> read = hasOmiPhysics(doc) ? readOmi(doc) : readKhr(doc);
        read.diagnostics.push_back(makeInfo(code::MsftKept,
                                            "the file has MSFT_rigid_bodies data too; the newer family is "
                                            "read and the MSFT data is kept as it is",
                                            jsonPointer({"extensions", ext::MsftBodies})));
        return read;
    }
    if (hasOmiPhysics(doc))
        return readOmi(doc);
    if (hasKhrPhysics(doc))
        return readKhr(doc);
    if (msft)
        return readMsft(doc);
    Result<PhysicsModel> empty;
    empty.value = PhysicsModel{};
    return empty;
}

} // namespace cs::physics
