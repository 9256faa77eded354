#include "physics/KhrSlips.h"

#include "physics/DiagnosticCodes.h"

#include <optional>
#include <string_view>

namespace cs::physics {

namespace {

constexpr const char* kSlip = code::KhrWriterSlip;

/// 0 / 1 or "true" / "false" as the boolean they stand for; nullopt for anything else.
std::optional<bool> slippedBoolean(const Json& v)
{
    if (v.is_number_integer() || v.is_number_unsigned()) {
        const auto n = v.get<long long>();
        if (n == 0 || n == 1)
            return n == 1;
    } else if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        if (s == "true" || s == "false")
            return s == "true";
    }
    return std::nullopt;
}

void undoBoolean(Json& object, const char* key, const std::string& pointer, Diagnostics& out)
{
    if (!object.is_object() || !object.contains(key))
        return;
    Json& v = object[key];
    if (v.is_boolean())
        return;
    if (const auto b = slippedBoolean(v)) {
        out.push_back(makeWarning(kSlip,
                                  std::string(key) + " is written as " + v.dump() + " instead of " +
                                      (*b ? "true" : "false") + "; it is read as " + (*b ? "true" : "false"),
                                  jsonPointerAppend(pointer, key)));
        v = *b;
    }
}

/// `object` with the key `wrong` renamed `right` in its place, or dropped when `right` is there already.
void undoKeyName(Json& object, const char* wrong, const char* right, const std::string& pointer,
                 Diagnostics& out)
{
    if (!object.is_object() || !object.contains(wrong))
        return;
    const std::string at = jsonPointerAppend(pointer, wrong);
    if (object.contains(right)) {
        out.push_back(makeWarning(
            kSlip, std::string("the misspelled key ") + wrong + " is ignored: " + right + " is given too",
            at));
        object.erase(wrong);
        return;
    }
    Json renamed = Json::object();
    for (auto it = object.begin(); it != object.end(); ++it)
        renamed[it.key() == wrong ? std::string(right) : it.key()] = it.value();
    object = std::move(renamed);
    out.push_back(makeWarning(kSlip, std::string(wrong) + " is read as " + right + " (a misspelling)", at));
}

void undoMotion(Json& motion, const std::string& pointer, Diagnostics& out)
{
    undoKeyName(motion, "inertialDiagonal", "inertiaDiagonal", pointer, out);
    undoKeyName(motion, "inertialOrientation", "inertiaOrientation", pointer, out);
    undoBoolean(motion, "isKinematic", pointer, out);
    if (motion.contains("gravityFactor")) {
        Json& g = motion["gravityFactor"];
        if (g.is_array() && g.size() == 1 && g[0].is_number()) {
            out.push_back(makeWarning(
                kSlip, "gravityFactor is written as the array " + g.dump() + "; its one number is read",
                jsonPointerAppend(pointer, "gravityFactor")));
            g = Json(g[0]);
        }
    }
}

void undoGeometry(Json& owner, const std::string& pointer, Diagnostics& out)
{
    if (owner.is_object() && owner.contains("geometry") && owner["geometry"].is_object())
        undoBoolean(owner["geometry"], "convexHull", jsonPointerAppend(pointer, "geometry"), out);
}

} // namespace

Json withSlipsUndone(const Json& body, const std::string& pointer, Diagnostics& out)
{
    Json fixed = body;
    if (!fixed.is_object())
        return fixed;
    if (fixed.contains("motion") && fixed["motion"].is_object())
        undoMotion(fixed["motion"], jsonPointerAppend(pointer, "motion"), out);
    for (const char* key : {"collider", "trigger"}) {
        if (fixed.contains(key))
            undoGeometry(fixed[key], jsonPointerAppend(pointer, key), out);
    }
    if (fixed.contains("joint") && fixed["joint"].is_object())
        undoBoolean(fixed["joint"], "enableCollision", jsonPointerAppend(pointer, "joint"), out);
    return fixed;
}

Json shapeWithSlipsUndone(const Json& shape, const std::string& pointer, Diagnostics& out)
{
    Json fixed = shape;
    if (!fixed.is_object() || !fixed.contains("type") || !fixed["type"].is_string())
        return fixed;
    // Only the known types' flags: an unknown type's object is kept exactly as it is.
    const std::string type = fixed["type"].get<std::string>();
    const char* flag = type == "plane" ? "doubleSided" : type == "mesh" ? "convexHull" : nullptr;
    if (flag && fixed.contains(type) && fixed[type].is_object())
        undoBoolean(fixed[type], flag, jsonPointerAppend(pointer, type), out);
    return fixed;
}

} // namespace cs::physics
