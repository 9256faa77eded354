#include "physics/OmiShapeReader.h"

#include "physics/DiagnosticCodes.h"
#include "physics/JsonFields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace cs::physics {

namespace {

std::string num(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/// `full - 2 radius` for two decimals read from a file, as the shortest decimal within the subtraction's
/// rounding error: 1 - 2 x 0.35 is 0.3, not 0.30000000000000004, in the panel and in the upgraded file.
double midHeight(double full, double radius)
{
    const double exact = full - 2.0 * radius;
    const double bound =
        4.0 * std::numeric_limits<double>::epsilon() * std::max(std::fabs(full), 2.0 * radius);
    for (int digits = 1; digits <= 17; ++digits) {
        char text[40];
        std::snprintf(text, sizeof text, "%.*g", digits, exact);
        const double candidate = std::strtod(text, nullptr);
        if (std::fabs(candidate - exact) <= bound)
            return candidate;
    }
    return exact;
}

// Parameter keys that may sit directly on a flat (legacy) shape object.
constexpr std::initializer_list<const char*> kFlatKeys = {
    "size", "radius", "height", "mesh", "extents", "isTrigger", "radiusTop", "radiusBottom"};

void readCapsuleOrCylinder(ShapeReadResult& r, const FieldReader& p, bool flat,
                           const ShapeReadContext& context, Diagnostics& diagnostics)
{
    Shape& s = r.shape;
    const bool tapered = p.has("radiusTop") || p.has("radiusBottom");
    const bool hasRadius = p.has("radius");
    const double radius = p.number("radius", 0.5);
    s.radiusTop = p.number("radiusTop", radius);
    s.radiusBottom = p.number("radiusBottom", radius);
    if (hasRadius) {
        r.legacy = true;
        if (s.type == ShapeType::Cylinder) {
            diagnostics.push_back(
                makeInfo(code::LegacyCylinderRadius,
                         "cylinder 'radius' " + num(radius) + " becomes radiusTop and radiusBottom",
                         p.pointerTo("radius")));
        }
    }

    if (s.type == ShapeType::Cylinder) {
        s.height = p.number("height", 2.0); // always the full height
        return;
    }

    // The capsule's height changed meaning in 2025 (full height -> mid-height); which one a file means is
    // decided by the keys it uses and the era of its container (spec digest section 6.3).
    const bool legacyFullHeight = !tapered && !context.draftDialect && (hasRadius || flat);
    if (!legacyFullHeight) {
        s.height = p.number("height", 1.0);
        return;
    }
    r.legacy = true;
    const double full = p.number("height", 2.0);
    if (full < 2.0 * radius) {
        s.height = full;
        diagnostics.push_back(makeWarning(
            code::LegacyCapsuleTooShort,
            "legacy capsule height " + num(full) + " is less than twice its radius " + num(radius) +
                "; the old meaning (full height) is impossible, so it is read as the mid-height",
            p.pointerTo("height")));
        return;
    }
    s.height = midHeight(full, radius);
    diagnostics.push_back(makeInfo(code::LegacyCapsuleHeight,
                                   "legacy capsule {height " + num(full) + " (full), radius " + num(radius) +
                                       "} becomes mid-height " + num(s.height),
                                   p.has("height") ? p.pointerTo("height") : p.pointer()));
}

/// An unreadable shape, kept as it is so that saving writes it back.
ShapeReadResult opaqueShape(const Json& object, const std::string& pointer)
{
    ShapeReadResult r;
    r.shape.opaque = true;
    r.shape.source = object;
    r.shape.pointer = pointer;
    return r;
}

/// Where a shape's parameters are: the `<type>` sub-object (E2 onward), else the shape object itself (flat,
/// E0-E1; `flat` is then true).
struct ShapeParams
{
    const Json* nested = nullptr;
    bool flat = false;
};

ShapeParams locateParams(ShapeReadResult& r, const Json& object, const std::string& pointer,
                         const std::string& typeName, const std::string& canonical,
                         const ShapeReadContext& context, Diagnostics& diagnostics)
{
    ShapeParams at;
    at.nested = object.contains(typeName) && object[typeName].is_object() ? &object[typeName] : nullptr;
    if (!at.nested) {
        for (const char* k : kFlatKeys) {
            if (object.contains(k))
                at.flat = true;
        }
    }
    at.flat = at.flat || (context.flatContainer && !at.nested);
    if (at.flat && !context.flatContainer) {
        r.legacy = true;
        diagnostics.push_back(makeInfo(
            code::LegacyFlatShape, "flat shape parameters move into a '" + canonical + "' object", pointer));
    } else if (at.flat) {
        r.legacy = true;
    }
    if (!at.nested && !at.flat) {
        diagnostics.push_back(makeWarning(code::ShapeParamsMissing,
                                          "the shape has no '" + canonical +
                                              "' object (the schema requires one); the defaults are used",
                                          pointer));
    }
    return at;
}

void readParams(ShapeReadResult& r, FieldReader& p, bool flat, const ShapeReadContext& context,
                Diagnostics& diagnostics)
{
    Shape& s = r.shape;
    switch (s.type) {
    case ShapeType::Box:
        if (p.has("extents")) {
            const Vec3 e = p.vec3("extents", {0.5, 0.5, 0.5});
            s.size = {2 * e[0], 2 * e[1], 2 * e[2]};
            r.legacy = true;
            diagnostics.push_back(makeInfo(code::LegacyBoxExtents,
                                           "draft box 'extents' (half size) become 'size' (full size)",
                                           p.pointerTo("extents")));
        } else {
            s.size = p.vec3("size", {1, 1, 1});
        }
        break;
    case ShapeType::Sphere:
        s.radius = p.number("radius", 0.5);
        break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
        readCapsuleOrCylinder(r, p, flat || context.flatContainer, context, diagnostics);
        break;
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        s.mesh = p.index("mesh");
        break;
    }
    if (flat || context.flatContainer)
        r.legacyIsTrigger = p.boolean("isTrigger").value_or(false);
}

/// Keep what the writer must carry over; drop the keys this reader consumed from legacy forms.
void keepSource(Shape& s, const Json& object, const ShapeParams& at, const std::string& typeName,
                const std::string& canonical)
{
    s.source = at.flat ? withoutKeys(object, kFlatKeys) : withoutKeys(object, {"isTrigger"});
    if (typeName != canonical)
        s.source.erase(typeName); // a `hull` sub-object is written back as `convex`
    if (at.nested) {
        const bool radiusIsLegacy = s.type == ShapeType::Capsule || s.type == ShapeType::Cylinder;
        s.paramsSource =
            radiusIsLegacy ? withoutKeys(*at.nested, {"radius"}) : withoutKeys(*at.nested, {"extents"});
    } else if (at.flat)
        s.source[canonical] = Json::object(); // the newest form always has the sub-object; mark its place
}

} // namespace

ShapeReadResult readShape(const Json& object, const std::string& pointer, const ShapeReadContext& context,
                          Diagnostics& diagnostics)
{
    if (!object.is_object()) {
        diagnostics.push_back(makeError(code::WrongType, "a shape must be an object", pointer));
        return opaqueShape(object, pointer);
    }
    ShapeReadResult r;
    FieldReader f(object, pointer, diagnostics);
    const std::string typeName = f.string("type").value_or("");
    std::string canonical = typeName;
    if (typeName == "hull" || typeName == "mesh") {
        canonical = typeName == "hull" ? "convex" : "trimesh";
        r.legacy = true;
        diagnostics.push_back(makeInfo(code::LegacyShapeTypeAlias,
                                       "shape type '" + typeName + "' is now '" + canonical + "'",
                                       f.pointerTo("type")));
    }
    if (typeName == "compound" && context.draftDialect) {
        r.compound = true;
        r.legacy = true;
        return r;
    }
    const auto type = shapeTypeFromName(canonical);
    if (!type) {
        diagnostics.push_back(makeError(code::ShapeTypeUnknown,
                                        typeName.empty() ? std::string("the shape has no 'type'")
                                                         : "unknown shape type '" + typeName + "'",
                                        f.has("type") ? f.pointerTo("type") : pointer));
        return opaqueShape(object, pointer);
    }
    r.shape = Shape::defaults(*type);
    r.shape.pointer = pointer;
    const ShapeParams at = locateParams(r, object, pointer, typeName, canonical, context, diagnostics);
    const Json& params = at.nested ? *at.nested : object;
    FieldReader p(params, at.nested ? jsonPointerAppend(pointer, typeName) : pointer, diagnostics);
    readParams(r, p, at.flat, context, diagnostics);
    keepSource(r.shape, object, at, typeName, canonical);
    return r;
}

} // namespace cs::physics
