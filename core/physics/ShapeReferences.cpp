#include "physics/ShapeReferences.h"

#include "physics/DiagnosticCodes.h"
#include "physics/OmiWriter.h"

#include <array>
#include <string_view>

namespace cs::physics {

namespace {

/// The extensions whose own shape indices the physics readers and writers already handle.
bool isPhysicsExtension(std::string_view name)
{
    constexpr std::array<std::string_view, 5> prefixes = {"OMI_physics", "OMI_collider", "KHR_physics",
                                                          "KHR_implicit_shapes", "KHR_collision_shapes"};
    for (std::string_view prefix : prefixes) {
        if (name.substr(0, prefix.size()) == prefix)
            return true;
    }
    return name == "MSFT_rigid_bodies" || name == "MSFT_collision_primitives";
}

void collectShapeMembers(const Json& value, const std::string& pointer, const std::string& by,
                         std::vector<ForeignShapeReference>& out)
{
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string at = jsonPointerAppend(pointer, it.key());
            if (it.key() == "shape" && it.value().is_number_integer())
                out.push_back({at, by, it.value().get<int>()});
            else
                collectShapeMembers(it.value(), at, by, out);
        }
    } else if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i)
            collectShapeMembers(value[i], jsonPointerAppend(pointer, i), by, out);
    }
}

/// Walks the document for `extensions` objects; the members of those that are not physics extensions are
/// searched whole, and everything else is walked on for deeper `extensions` (mesh primitives, materials).
void findInExtensions(const Json& value, const std::string& pointer, std::vector<ForeignShapeReference>& out)
{
    if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i)
            findInExtensions(value[i], jsonPointerAppend(pointer, i), out);
        return;
    }
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string at = jsonPointerAppend(pointer, it.key());
        if (it.key() == "extras")
            continue; // the user's own data: its numbers are not references
        if (it.key() != "extensions" || !it.value().is_object()) {
            findInExtensions(it.value(), at, out);
            continue;
        }
        for (auto e = it.value().begin(); e != it.value().end(); ++e) {
            if (!isPhysicsExtension(e.key()))
                collectShapeMembers(e.value(), jsonPointerAppend(at, e.key()), e.key(), out);
        }
    }
}

} // namespace

std::vector<ForeignShapeReference> foreignShapeReferences(const Json& root)
{
    std::vector<ForeignShapeReference> out;
    if (!root.is_object() || (root.contains("shapes") && root["shapes"].is_array()))
        return out;
    findInExtensions(root, "", out);
    return out;
}

Diagnostics renumberForeignShapeReferences(Json& root, const std::vector<ForeignShapeReference>& references,
                                           const std::function<int(int)>& newIndex, const char* lossCode,
                                           const std::string& listName)
{
    Diagnostics out;
    for (const ForeignShapeReference& r : references) {
        const int now = r.shape >= 0 ? newIndex(r.shape) : -1;
        const std::string what = r.by + " refers to shape " + std::to_string(r.shape);
        std::string message = what;
        if (now < 0) {
            message.append(", which ")
                .append(listName)
                .append(
                    " cannot hold any more; the reference is left as it was and no longer names that shape");
            out.push_back(makeWarning(lossCode, std::move(message), r.pointer));
        } else if (now != r.shape) {
            root[Json::json_pointer(r.pointer)] = now;
            message.append(": that shape is number ")
                .append(std::to_string(now))
                .append(" of ")
                .append(listName)
                .append(" now, and the reference was renumbered");
            out.push_back(makeInfo(code::WriteShapeReferenceRenumbered, std::move(message), r.pointer));
        }
    }
    return out;
}

std::vector<ForeignShapeReference> referencesInto(const std::vector<ForeignShapeReference>& references,
                                                  const Json& shapesExtension)
{
    std::vector<ForeignShapeReference> out;
    if (!shapesExtension.is_object() || !shapesExtension.contains("shapes") ||
        !shapesExtension["shapes"].is_array())
        return out;
    const auto count = static_cast<int>(shapesExtension["shapes"].size());
    for (const ForeignShapeReference& r : references) {
        if (r.shape >= 0 && r.shape < count)
            out.push_back(r);
    }
    return out;
}

Diagnostic shapeListKept(const std::string& name, const std::vector<ForeignShapeReference>& references)
{
    std::string users;
    for (const ForeignShapeReference& r : references)
        users += (users.empty() ? "" : ", ") + r.pointer;
    return makeInfo(code::WriteShapeListKept,
                    name + " is kept as the file had it: other extensions refer to its shapes (" + users +
                        ")",
                    jsonPointer({"extensions", name}));
}

void restoreShapeList(Json& root, const std::string& name, const Json& oldList, bool wasRequired)
{
    if (!root.is_object() || !oldList.is_object())
        return;
    if (!root.contains("extensions") || !root["extensions"].is_object())
        root["extensions"] = Json::object();
    root["extensions"][name] = oldList;
    setExtensionListed(root, "extensionsUsed", name, true);
    if (wasRequired)
        setExtensionListed(root, "extensionsRequired", name, true);
}

} // namespace cs::physics
