#include "physics/OmiWriter.h"

#include "gltf/JsonText.h"
#include "physics/DiagnosticCodes.h"
#include "physics/JointCodec.h"
#include "physics/JsonObjectWriter.h"
#include "physics/KhrSlips.h"
#include "physics/ShapeReferences.h"

#include <algorithm>
#include <string_view>

namespace cs::physics {

Json shapeToJson(const Shape& s)
{
    if (s.opaque)
        return s.source;
    const std::string typeName = shapeTypeName(s.type);
    JsonObjectWriter params(s.paramsSource);
    switch (s.type) {
    case ShapeType::Box:
        params.numbers<3>("size", s.size, {1, 1, 1});
        break;
    case ShapeType::Sphere:
        params.number("radius", s.radius, 0.5);
        break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
        params.number("height", s.height, s.type == ShapeType::Cylinder ? 2.0 : 1.0);
        params.number("radiusBottom", s.radiusBottom, 0.5);
        params.number("radiusTop", s.radiusTop, 0.5);
        break;
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        params.index("mesh", s.mesh);
        break;
    }
    params.omit("radius");
    const Json paramsJson = params.finish();

    JsonObjectWriter w(s.source);
    w.string("type", typeName, std::nullopt);
    // The schema requires the sub-object; a source that had none (the spec's own default_box) keeps having
    // none while it only holds defaults, so that an unchanged file is written back unchanged.
    const bool emitParams = !paramsJson.empty() || s.source.contains(typeName) || s.source.empty();
    w.value(typeName.c_str(), emitParams ? std::optional<Json>(paramsJson) : std::nullopt);
    for (const char* other : {"box", "sphere", "capsule", "cylinder", "convex", "trimesh"}) {
        if (typeName != other)
            w.omit(other);
    }
    return w.finish();
}

Json motionToJson(const Motion& m)
{
    JsonObjectWriter w(m.source);
    w.string("type", motionTypeName(m.type), std::nullopt);
    w.optionalNumber("mass", m.mass);
    w.optionalNumbers<3>("centerOfMass", m.centerOfMass);
    w.optionalNumbers<3>("inertiaDiagonal", m.inertiaDiagonal);
    w.numbers<4>("inertiaOrientation", m.inertiaOrientation, {0, 0, 0, 1});
    w.numbers<3>("linearVelocity", m.linearVelocity, {0, 0, 0});
    w.numbers<3>("angularVelocity", m.angularVelocity, {0, 0, 0});
    w.number("gravityFactor", m.gravityFactor, 1.0);
    return w.finish();
}

Json materialToJson(const PhysicsMaterial& m)
{
    JsonObjectWriter w(m.source);
    w.number("staticFriction", m.staticFriction, 0.6);
    w.number("dynamicFriction", m.dynamicFriction, 0.6);
    w.number("restitution", m.restitution, 0.0);
    auto mode = [](std::optional<CombineMode> c) {
        return c ? std::optional<std::string>(combineModeName(*c)) : std::nullopt;
    };
    w.optionalString("frictionCombine", mode(m.frictionCombine));
    w.optionalString("restitutionCombine", mode(m.restitutionCombine));
    return w.finish();
}

Json filterToJson(const CollisionFilter& f)
{
    JsonObjectWriter w(f.source);
    w.strings("collisionSystems", f.collisionSystems);
    w.strings("collideWithSystems", f.collideWithSystems);
    w.strings("notCollideWithSystems", f.notCollideWithSystems);
    return w.finish();
}

namespace {

// Model shape index -> OMI_physics_shape index: planes have no OMI form and are left out of the list.
using ShapeRemap = std::vector<int>;

/// A plane, or a KHR shape of a type the tool does not know: OMI lists its types, so neither has an OMI form
/// (an unknown type read from an OMI file is the file's own and is written back as it was).
bool hasNoOmiForm(const PhysicsModel& model, const Shape& s)
{
    return s.isPlane() || (s.opaque && model.format == SourceFormat::Khr);
}

ShapeRemap omiShapeIndices(const PhysicsModel& model)
{
    ShapeRemap remap;
    int next = 0;
    for (const Shape& s : model.shapes)
        remap.push_back(hasNoOmiForm(model, s) ? -1 : next++);
    return remap;
}

int remapped(const ShapeRemap& remap, int shape)
{
    return shape >= 0 && static_cast<size_t>(shape) < remap.size() ? remap[shape] : shape;
}

Json colliderToJson(const Collider& c, const ShapeRemap& remap)
{
    JsonObjectWriter w(c.source);
    w.index("shape", remapped(remap, c.shape));
    w.index("physicsMaterial", c.physicsMaterial);
    w.index("collisionFilter", c.collisionFilter);
    return w.finish();
}

Json triggerToJson(const Trigger& t, const ShapeRemap& remap)
{
    JsonObjectWriter w(t.source);
    w.index("shape", remapped(remap, t.shape));
    w.indices("nodes", t.nodes);
    w.index("collisionFilter", t.collisionFilter);
    return w.finish();
}

// The node's OMI_physics_body, or nullopt when nothing is left to write.
std::optional<Json> nodeToJson(size_t index, const NodePhysics& n, const PhysicsModel& model,
                               const ShapeRemap& remap, Diagnostics& diagnostics)
{
    auto planeLost = [&](int shape, const std::string& pointer, const char* what) {
        if (shape < 0 || remapped(remap, shape) >= 0)
            return false;
        const Shape& s = model.shapes[static_cast<size_t>(shape)];
        const std::string type = s.isPlane() ? "plane shape" : "shape type '" + s.typeName() + "'";
        diagnostics.push_back(makeWarning(code::OmiNotExpressible,
                                          "node " + std::to_string(index) + ": OMI has no " + type +
                                              "; the " + what + " on shape " + std::to_string(shape) +
                                              " is left out",
                                          pointer));
        return true;
    };
    JsonObjectWriter w(n.source);
    w.value("motion", n.motion ? std::optional<Json>(motionToJson(*n.motion)) : std::nullopt);
    const bool colliderLost = n.collider && planeLost(n.collider->shape, n.collider->pointer, "collider");
    w.value("collider", n.collider && !colliderLost ? std::optional<Json>(colliderToJson(*n.collider, remap))
                                                    : std::nullopt);
    std::optional<Json> trigger;
    if (n.trigger && planeLost(n.trigger->shape, n.trigger->pointer, "trigger")) {
        // reported
    } else if (n.trigger && (n.trigger->shape >= 0 || !n.trigger->nodes.empty())) {
        trigger = triggerToJson(*n.trigger, remap);
    } else if (n.trigger) {
        diagnostics.push_back(makeWarning(code::WriteDroppedEmptyTrigger,
                                          "node " + std::to_string(index) +
                                              ": a trigger with no shape and no trigger below it cannot be "
                                              "written in the newest form and was left out",
                                          n.trigger->pointer));
    }
    w.value("trigger", trigger);
    Json out = w.finish();
    if (out.empty())
        return std::nullopt;
    return out;
}

Json& objectAt(Json& parent, const char* key)
{
    if (!parent.contains(key) || !parent[key].is_object())
        parent[key] = Json::object();
    return parent[key];
}

void writeDocumentExtensions(const PhysicsModel& model, Json& root)
{
    const bool hadExtensions = root.contains("extensions") && root["extensions"].is_object();
    if (!hadExtensions && model.shapes.empty() && model.materials.empty() && model.filters.empty())
        return;
    Json& exts = objectAt(root, "extensions");

    const bool anyShape = std::any_of(model.shapes.begin(), model.shapes.end(),
                                      [&](const Shape& s) { return !hasNoOmiForm(model, s); });
    if (anyShape) {
        JsonObjectWriter w(model.shapeExtensionSource);
        Json shapes = Json::array();
        for (const Shape& s : model.shapes) {
            if (!hasNoOmiForm(model, s))
                shapes.push_back(shapeToJson(s));
        }
        w.value("shapes", shapes);
        exts[ext::Shape] = w.finish();
    } else {
        exts.erase(ext::Shape);
    }

    JsonObjectWriter body(model.bodyExtensionSource);
    Json materials = Json::array();
    for (const auto& m : model.materials)
        materials.push_back(materialToJson(m));
    Json filters = Json::array();
    for (const auto& f : model.filters)
        filters.push_back(filterToJson(f));
    body.value("physicsMaterials", materials.empty() ? std::nullopt : std::optional<Json>(materials));
    body.value("collisionFilters", filters.empty() ? std::nullopt : std::optional<Json>(filters));
    Json bodyJson = body.finish();
    if (!bodyJson.empty())
        exts[ext::Body] = std::move(bodyJson);
    else
        exts.erase(ext::Body);
}

void writeNodes(const PhysicsModel& model, Json& root, Diagnostics& diagnostics)
{
    const ShapeRemap remap = omiShapeIndices(model);
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    Json& nodes = root["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i) {
        Json& node = nodes[i];
        if (!node.is_object())
            continue;
        const NodePhysics* n = model.node(i);
        std::optional<Json> body = n ? nodeToJson(i, *n, model, remap, diagnostics) : std::nullopt;
        const bool hadExtensions = node.contains("extensions") && node["extensions"].is_object();
        if (!body && !hadExtensions)
            continue;
        Json& exts = objectAt(node, "extensions");
        if (body)
            exts[ext::Body] = std::move(*body);
        else
            exts.erase(ext::Body);
    }
}

} // namespace

static bool hasNonEmptyExtensions(const Json& o)
{
    return o.is_object() && o.contains("extensions") && o["extensions"].is_object() &&
           !o["extensions"].empty();
}

ExtensionOwners extensionOwners(const Json& root)
{
    ExtensionOwners owners;
    owners.root = hasNonEmptyExtensions(root);
    if (root.contains("nodes") && root["nodes"].is_array()) {
        for (const auto& n : root["nodes"])
            owners.nodes.push_back(hasNonEmptyExtensions(n));
    }
    return owners;
}

void eraseEmptiedExtensions(Json& root, const ExtensionOwners& owners)
{
    auto clean = [](Json& o, bool hadContent) {
        if (hadContent && o.is_object() && o.contains("extensions") && o["extensions"].is_object() &&
            o["extensions"].empty())
            o.erase("extensions");
    };
    clean(root, owners.root);
    if (root.contains("nodes") && root["nodes"].is_array()) {
        Json& nodes = root["nodes"];
        for (size_t i = 0; i < nodes.size() && i < owners.nodes.size(); ++i)
            clean(nodes[i], owners.nodes[i]);
    }
}

bool setExtensionListed(Json& root, const char* key, const std::string& name, bool listed)
{
    const bool exists = root.contains(key) && root[key].is_array();
    if (exists) {
        Json& list = root[key];
        const auto it = std::find(list.begin(), list.end(), Json(name));
        const bool present = it != list.end();
        if (present == listed)
            return false;
        if (listed) {
            list.push_back(name);
        } else {
            list.erase(it);
            if (list.empty())
                root.erase(key);
        }
        return true;
    }
    if (!listed)
        return false;
    root[key] = Json::array({name});
    return true;
}

bool anyExtensionListed(const Json& root, const char* key, const std::vector<std::string>& names)
{
    if (!root.contains(key) || !root[key].is_array())
        return false;
    const Json& list = root[key];
    return std::any_of(names.begin(), names.end(), [&](const std::string& name) {
        return std::find(list.begin(), list.end(), Json(name)) != list.end();
    });
}

void listWrittenExtension(Json& root, const std::string& name, bool used, bool required)
{
    setExtensionListed(root, "extensionsUsed", name, used);
    if (!used)
        setExtensionListed(root, "extensionsRequired", name, false);
    else if (required)
        setExtensionListed(root, "extensionsRequired", name, true);
}

bool extensionPresent(const Json& root, const std::string& name)
{
    // Every node is looked at for each name asked: the keys are looked up as string_view (lengths compared
    // first) and each node's "extensions" once.
    auto has = [&](const Json& o) {
        const Json& e = gltf::jsonMember(o, "extensions");
        return e.is_object() && e.find(std::string_view(name)) != e.end();
    };
    if (has(root))
        return true;
    const Json& nodes = gltf::jsonMember(root, "nodes");
    if (nodes.is_array()) {
        for (const auto& n : nodes) {
            if (has(n))
                return true;
        }
    }
    return false;
}

bool removeExtensionEverywhere(Json& root, const std::string& name, bool eraseEmptied)
{
    bool removed = false;
    auto strip = [&](Json& o) {
        if (!o.is_object() || !o.contains("extensions") || !o["extensions"].is_object())
            return;
        Json& e = o["extensions"];
        if (e.erase(name) > 0) {
            removed = true;
            if (e.empty() && eraseEmptied)
                o.erase("extensions");
        }
    };
    strip(root);
    if (root.contains("nodes") && root["nodes"].is_array()) {
        for (auto& n : root["nodes"])
            strip(n);
    }
    return removed;
}

namespace {

/// Removes every copy of `key` in `object` after the first. Returns how many went.
size_t dropLaterCopies(Json& object, std::string_view key)
{
    if (!object.is_object())
        return 0;
    auto& members = object.get_ref<Json::object_t&>();
    bool seen = false;
    size_t dropped = 0;
    for (auto it = members.begin(); it != members.end();) {
        if (it->first == key) {
            if (seen) {
                it = members.erase(it);
                ++dropped;
                continue;
            }
            seen = true;
        }
        ++it;
    }
    return dropped;
}

constexpr const char* kPhysicsExtensionNames[] = {ext::Body,      ext::Shape,     ext::LegacyCollider,
                                                  ext::KhrBodies, ext::KhrShapes, ext::KhrLegacyShapes,
                                                  ext::Joint};

} // namespace

Diagnostics dropRepeatedPhysicsKeys(Json& root)
{
    Diagnostics diagnostics;
    auto drop = [&](Json& object, std::string_view key, const std::string& pointer) {
        if (dropLaterCopies(object, key) > 0) {
            diagnostics.push_back(
                makeInfo(code::WriteRepeatedKeyDropped,
                         "the key '" + std::string(key) +
                             "' appeared more than once; the first copy was written and the "
                             "others dropped",
                         pointer));
        }
    };
    auto dropInExtensions = [&](Json& owner, const std::string& pointer) {
        drop(owner, "extensions", pointer);
        if (owner.contains("extensions") && owner["extensions"].is_object()) {
            for (const char* name : kPhysicsExtensionNames)
                drop(owner["extensions"], name, pointer + "/extensions");
        }
    };
    if (!root.is_object())
        return diagnostics;
    dropInExtensions(root, "");
    drop(root, "extensionsUsed", "");
    drop(root, "extensionsRequired", "");
    if (root.contains("nodes") && root["nodes"].is_array()) {
        Json& nodes = root["nodes"];
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (nodes[i].is_object())
                dropInExtensions(nodes[i], "/nodes/" + std::to_string(i));
        }
    }
    return diagnostics;
}

Diagnostics writeOmi(const PhysicsModel& model, gltf::GltfDocument& doc)
{
    Json& root = doc.json();
    if (!root.is_object())
        return {};
    Diagnostics diagnostics = dropRepeatedPhysicsKeys(root);
    const ExtensionOwners owners = extensionOwners(root);

    // Shapes other extensions refer to stay theirs: KHR_implicit_shapes is kept where they point into it, and
    // an OMI list is renumbered under them.
    const auto foreign = foreignShapeReferences(root);
    const Json* rootExtensions = root.contains("extensions") ? &root["extensions"] : nullptr;
    const auto listAt = [&](const char* name) {
        return rootExtensions && rootExtensions->is_object() && rootExtensions->contains(name)
                   ? (*rootExtensions)[name]
                   : Json();
    };
    const auto khrUsers = model.format == SourceFormat::Khr ? referencesInto(foreign, listAt(ext::KhrShapes))
                                                            : std::vector<ForeignShapeReference>{};
    const auto omiUsers = referencesInto(foreign, listAt(ext::Shape));
    std::vector<std::string> replaced = {ext::LegacyCollider};
    if (model.format == SourceFormat::Khr)
        replaced.insert(replaced.end(), {ext::KhrBodies, ext::KhrLegacyShapes, KhrBodiesMisspelled});
    if (model.format == SourceFormat::Khr && khrUsers.empty())
        replaced.emplace_back(ext::KhrShapes);
    else if (!khrUsers.empty())
        diagnostics.push_back(shapeListKept(ext::KhrShapes, khrUsers));
    if (model.format == SourceFormat::Msft)
        replaced.insert(replaced.end(), {ext::MsftBodies, ext::MsftShapes});
    const bool replacedRequired = anyExtensionListed(root, "extensionsRequired", replaced);
    for (const auto& name : replaced) {
        if (removeExtensionEverywhere(root, name, false)) {
            diagnostics.push_back(makeInfo(code::WriteLegacyRemoved,
                                           name + " was converted to OMI_physics_shape/OMI_physics_body and "
                                                  "removed"));
        }
    }
    // Node-level OMI_physics_shape (2023) is legacy; the document-level one is the newest shapes list.
    if (root.contains("nodes") && root["nodes"].is_array()) {
        bool removed = false;
        for (auto& n : root["nodes"]) {
            if (n.is_object() && n.contains("extensions") && n["extensions"].is_object() &&
                n["extensions"].erase(ext::Shape) > 0)
                removed = true;
        }
        if (removed) {
            diagnostics.push_back(makeInfo(code::WriteLegacyRemoved,
                                           "node-level OMI_physics_shape was converted to OMI_physics_body "
                                           "colliders and triggers and removed"));
        }
    }

    writeDocumentExtensions(model, root);
    if (model.format == SourceFormat::Omi) {
        const ShapeRemap remap = omiShapeIndices(model);
        const Diagnostics notes = renumberForeignShapeReferences(
            root, omiUsers, [&](int old) { return remapped(remap, old); }, code::OmiNotExpressible,
            ext::Shape);
        diagnostics.insert(diagnostics.end(), notes.begin(), notes.end());
    }
    writeNodes(model, root, diagnostics);
    writeOmiJoints(model, root);
    eraseEmptiedExtensions(root, owners);

    for (const auto& name : replaced) {
        setExtensionListed(root, "extensionsUsed", name, false);
        setExtensionListed(root, "extensionsRequired", name, false);
    }
    // The OMI names take the required place of the names they replace; a file's own OMI names stay as listed.
    for (const char* name : {ext::Shape, ext::Body})
        listWrittenExtension(root, name, extensionPresent(root, name), replacedRequired);
    if (!model.jointsKeptAsRead)
        listWrittenExtension(root, ext::Joint, extensionPresent(root, ext::Joint), replacedRequired);
    return diagnostics;
}

} // namespace cs::physics
