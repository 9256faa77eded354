// How Godot's and Unreal's importers read collider names (see NamedColliders.h for the sources).
#include "import/NamedColliders.h"

#include <algorithm>
#include <cctype>

namespace cs::import {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool endsWith(std::string_view s, std::string_view tail)
{
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Godot's glTF importer makes node names valid Godot node names (String::validate_node_name, called from
// GLTFDocument::_gen_unique_name), which removes these characters; Blender's ".001" thus becomes "001".
std::string godotNodeName(std::string_view name)
{
    std::string out;
    for (char c : name)
        if (std::string_view(".:@/\"%").find(c) == std::string_view::npos)
            out += c;
    return out;
}

// _teststr's first step: trailing digits, characters up to the space and underscores go.
std::string withoutTrail(std::string_view name)
{
    size_t end = name.size();
    while (end > 0) {
        const unsigned char c = static_cast<unsigned char>(name[end - 1]);
        if (!std::isdigit(c) && c > 32 && c != '_')
            break;
        --end;
    }
    return std::string(name.substr(0, end));
}

bool contains(std::string_view s, std::string_view part)
{
    return s.find(part) != std::string_view::npos;
}

} // namespace

const char* godotHintName(GodotHint hint)
{
    switch (hint) {
    case GodotHint::Col:
        return "-col";
    case GodotHint::ConvCol:
        return "-convcol";
    case GodotHint::ColOnly:
        return "-colonly";
    case GodotHint::ConvColOnly:
        return "-convcolonly";
    case GodotHint::Rigid:
        return "-rigid";
    case GodotHint::None:
        break;
    }
    return "";
}

bool godotNameHas(std::string_view name, std::string_view hint)
{
    const std::string what = lower(withoutTrail(godotNodeName(name)));
    const std::string h = lower(hint);
    return contains(what, "$" + h) || endsWith(what, "-" + h) || endsWith(what, "_" + h);
}

GodotHint godotHint(std::string_view name)
{
    // _pre_fix_node tests the hints in this order, each branch excluding the later ones.
    if (godotNameHas(name, "colonly"))
        return GodotHint::ColOnly;
    if (godotNameHas(name, "convcolonly"))
        return GodotHint::ConvColOnly;
    if (godotNameHas(name, "rigid"))
        return GodotHint::Rigid;
    if (godotNameHas(name, "col"))
        return GodotHint::Col;
    if (godotNameHas(name, "convcol"))
        return GodotHint::ConvCol;
    return GodotHint::None;
}

bool looksLikeGodotHint(std::string_view name)
{
    if (godotHint(name) != GodotHint::None)
        return false;
    const std::string what = lower(withoutTrail(godotNodeName(name)));
    for (const char* word : {"collider", "collision"})
        if (endsWith(what, std::string("-") + word) || endsWith(what, std::string("_") + word))
            return true;
    return false;
}

std::optional<physics::Shape> godotEmptyShape(std::string_view name)
{
    const std::string n = lower(name);
    if (contains(n, "box") || contains(n, "cube")) {
        physics::Shape s = physics::Shape::defaults(physics::ShapeType::Box);
        s.size = {2, 2, 2};
        return s;
    }
    if (contains(n, "sphere")) {
        physics::Shape s = physics::Shape::defaults(physics::ShapeType::Sphere);
        s.radius = 1;
        return s;
    }
    const bool capsule = contains(n, "capsule");
    if (capsule || contains(n, "cylinder")) {
        physics::Shape s =
            physics::Shape::defaults(capsule ? physics::ShapeType::Capsule : physics::ShapeType::Cylinder);
        s.radiusBottom = s.radiusTop = 0.5;
        // OMI's capsule height is between the hemisphere centres; Godot's 2 m is the total height.
        s.height = capsule ? 1.0 : 2.0;
        return s;
    }
    return std::nullopt;
}

std::optional<UnrealName> unrealName(std::string_view name)
{
    static const std::pair<const char*, UnrealKind> prefixes[] = {{"UBX_", UnrealKind::Box},
                                                                  {"USP_", UnrealKind::Sphere},
                                                                  {"UCP_", UnrealKind::Capsule},
                                                                  {"UCX_", UnrealKind::Convex}};
    for (const auto& [prefix, kind] : prefixes) {
        const std::string_view p(prefix);
        if (name.size() > p.size() && name.substr(0, p.size()) == p)
            return UnrealName{kind, std::string(p), std::string(name.substr(p.size()))};
    }
    return std::nullopt;
}

bool looksLikeUnrealName(std::string_view name)
{
    if (unrealName(name) || name.size() < 4)
        return false;
    const std::string head = lower(name.substr(0, 4));
    return head == "ubx_" || head == "usp_" || head == "ucp_" || head == "ucx_";
}

} // namespace cs::import
