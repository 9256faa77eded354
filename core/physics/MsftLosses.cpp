#include "physics/DiagnosticCodes.h"
#include "physics/MsftReader.h"

#include <string_view>

namespace cs::physics {

namespace {

/// Every `extras` and `extensions` value below `value` (the written physics objects).
void collectAttached(const Json& value, std::vector<const Json*>& out)
{
    if (value.is_array()) {
        for (const Json& v : value)
            collectAttached(v, out);
        return;
    }
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (it.key() == "extras" || it.key() == "extensions")
            out.push_back(&it.value());
        collectAttached(it.value(), out);
    }
}

/// The MSFT objects' own `extras` and `extensions` (pointer, value), walking the MSFT objects and their
/// lists; the `extensions` of an `extensions` object are not the data's own.
void collectMsft(const Json& value, const std::string& pointer,
                 std::vector<std::pair<std::string, const Json*>>& out)
{
    if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i)
            collectMsft(value[i], jsonPointerAppend(pointer, i), out);
        return;
    }
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string at = jsonPointerAppend(pointer, it.key());
        if (it.key() == "extras" || it.key() == "extensions")
            out.emplace_back(at, &it.value());
        else
            collectMsft(it.value(), at, out);
    }
}

/// The physics extension objects of `root` (document and nodes) named in `names`.
std::vector<const Json*> extensionObjects(const Json& root, std::initializer_list<const char*> names)
{
    std::vector<const Json*> out;
    auto add = [&](const Json& owner) {
        if (!owner.is_object() || !owner.contains("extensions") || !owner["extensions"].is_object())
            return;
        for (const char* name : names) {
            if (owner["extensions"].contains(name))
                out.push_back(&owner["extensions"][name]);
        }
    };
    add(root);
    if (root.is_object() && root.contains("nodes") && root["nodes"].is_array()) {
        for (const Json& n : root["nodes"])
            add(n);
    }
    return out;
}

void unusedMeshColliders(const PhysicsModel& model, Diagnostics& out)
{
    std::vector<bool> used(model.shapes.size(), false);
    for (const auto& entry : model.nodes) {
        const NodePhysics& n = entry.second;
        for (int s : {n.collider ? n.collider->shape : -1, n.trigger ? n.trigger->shape : -1}) {
            if (s >= 0 && size_t(s) < used.size())
                used[size_t(s)] = true;
        }
    }
    for (size_t i = 0; i < model.shapes.size(); ++i) {
        const Shape& s = model.shapes[i];
        if (used[i] || s.opaque || (s.type != ShapeType::Convex && s.type != ShapeType::Trimesh))
            continue;
        out.push_back(makeWarning(code::MsftNotCarried,
                                  std::string("this ") + shapeTypeName(s.type) +
                                      " collider is used by no node; KHR holds mesh geometry only on a "
                                      "collider or trigger, so it is not written",
                                  s.pointer));
    }
}

} // namespace

Diagnostics msftLosses(const PhysicsModel& model, const Json& original, const Json& written, bool khr)
{
    Diagnostics out;
    if (model.format != SourceFormat::Msft)
        return out;
    if (khr)
        unusedMeshColliders(model, out);
    std::vector<std::pair<std::string, const Json*>> attached;
    if (original.is_object() && original.contains("extensions") && original["extensions"].is_object()) {
        for (const char* name : {ext::MsftBodies, ext::MsftShapes}) {
            if (original["extensions"].contains(name))
                collectMsft(original["extensions"][name], jsonPointer({"extensions", name}), attached);
        }
    }
    if (original.is_object() && original.contains("nodes") && original["nodes"].is_array()) {
        const Json& nodes = original["nodes"];
        for (size_t i = 0; i < nodes.size(); ++i) {
            const Json* e =
                nodes[i].is_object() && nodes[i].contains("extensions") ? &nodes[i]["extensions"] : nullptr;
            if (e && e->is_object() && e->contains(ext::MsftBodies))
                collectMsft((*e)[ext::MsftBodies],
                            jsonPointer({"nodes", std::to_string(i), "extensions", ext::MsftBodies}),
                            attached);
        }
    }
    std::vector<const Json*> carried;
    const auto targets = khr ? extensionObjects(written, {ext::KhrBodies, ext::KhrShapes})
                             : extensionObjects(written, {ext::Body, ext::Shape, ext::Joint});
    for (const Json* t : targets)
        collectAttached(*t, carried);
    for (const auto& [pointer, value] : attached) {
        bool found = false;
        for (const Json* c : carried)
            found = found || *c == *value;
        if (found)
            continue;
        const std::string_view key = std::string_view(pointer).substr(pointer.rfind('/') + 1);
        out.push_back(makeWarning(code::MsftNotCarried,
                                  "'" + std::string(key) + "' of this MSFT object has no place in the " +
                                      (khr ? "KHR" : "OMI") + " object written for it and is not written",
                                  pointer));
    }
    return out;
}

} // namespace cs::physics
