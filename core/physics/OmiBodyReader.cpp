#include "physics/OmiBodyReader.h"

#include "physics/DiagnosticCodes.h"
#include "physics/JsonFields.h"
#include "physics/SymmetricEigen.h"

#include <cmath>

namespace cs::physics {

namespace {

/// A number the file may leave out (nullopt then; a value of the wrong type is reported and read as 1).
std::optional<double> optionalNumber(const FieldReader& f, const char* key)
{
    if (!f.has(key))
        return std::nullopt;
    return f.number(key, 1.0);
}

void readMotionValues(Motion& m, const FieldReader& f)
{
    m.mass = optionalNumber(f, "mass");
    if (f.has("centerOfMass"))
        m.centerOfMass = f.vec3("centerOfMass", {0, 0, 0});
    if (f.has("inertiaDiagonal"))
        m.inertiaDiagonal = f.vec3("inertiaDiagonal", {0, 0, 0});
    m.inertiaOrientation = f.quat("inertiaOrientation", {0, 0, 0, 1});
    m.linearVelocity = f.vec3("linearVelocity", {0, 0, 0});
    m.angularVelocity = f.vec3("angularVelocity", {0, 0, 0});
    m.gravityFactor = f.number("gravityFactor", 1.0);
}

std::optional<CombineMode> readCombine(const FieldReader& f, const char* key, Diagnostics& diagnostics)
{
    const auto name = f.string(key);
    if (!name)
        return std::nullopt;
    const auto mode = combineModeFromName(*name);
    if (!mode) {
        diagnostics.push_back(makeError(code::CombineModeUnknown,
                                        "unknown combine mode '" + *name +
                                            "' (average, minimum, maximum or multiply); average is used",
                                        f.pointerTo(key)));
        return CombineMode::Average;
    }
    return *mode;
}

} // namespace

Motion readMotion(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    Motion m;
    m.pointer = pointer;
    m.source = object.is_object() ? object : Json::object();
    FieldReader f(m.source, pointer, diagnostics);
    if (const auto type = f.string("type")) {
        if (const auto t = motionTypeFromName(*type)) {
            m.type = *t;
        } else {
            diagnostics.push_back(makeError(code::MotionTypeUnknown,
                                            "unknown motion type '" + *type +
                                                "' (static, kinematic or dynamic); dynamic is assumed",
                                            f.pointerTo("type")));
        }
    } else if (!f.has("type")) {
        diagnostics.push_back(
            makeWarning(code::MotionTypeMissing,
                        "motion has no 'type' (the schema requires one); dynamic is assumed, "
                        "as Godot does",
                        pointer));
    }
    readMotionValues(m, f);
    return m;
}

Motion readLegacyMotion(const Json& object, const std::string& pointer, const std::string& type,
                        Diagnostics& diagnostics)
{
    Motion m;
    m.pointer = pointer;
    FieldReader f(object, pointer, diagnostics);
    std::string note;
    if (type == "rigid" || type == "vehicle") {
        m.type = MotionType::Dynamic;
        note = type == "vehicle" ? " (a vehicle body; see OMI_vehicle_body)" : "";
    } else if (type == "character") {
        m.type = MotionType::Kinematic;
        note = " (engines create a character body)";
    } else if (const auto t = motionTypeFromName(type)) {
        m.type = *t;
    } else {
        diagnostics.push_back(makeError(code::MotionTypeUnknown,
                                        "unknown legacy body type '" + type + "'; dynamic is assumed",
                                        f.pointerTo("type")));
    }
    diagnostics.push_back(makeInfo(code::LegacyBodyType,
                                   "legacy body type '" + type + "' becomes motion type '" +
                                       motionTypeName(m.type) + "'" + note,
                                   f.pointerTo("type")));
    m.mass = optionalNumber(f, "mass");
    if (f.has("centerOfMass"))
        m.centerOfMass = f.vec3("centerOfMass", {0, 0, 0});
    m.linearVelocity = f.vec3("linearVelocity", {0, 0, 0});
    m.angularVelocity = f.vec3("angularVelocity", {0, 0, 0});
    if (const auto tensor = f.numbers("inertiaTensor")) {
        if (tensor->size() != 9) {
            diagnostics.push_back(
                makeError(code::ArrayLength,
                          "'inertiaTensor' must have 9 numbers, not " + std::to_string(tensor->size()),
                          f.pointerTo("inertiaTensor")));
        } else {
            const auto& t = *tensor;
            const Mat3 a{{{t[0], t[1], t[2]}, {t[3], t[4], t[5]}, {t[6], t[7], t[8]}}};
            const SymmetricEigen e = symmetricEigen(a);
            m.inertiaDiagonal = e.values;
            m.inertiaOrientation = quaternionFromRotation(e.vectors);
            const bool symmetric = t[1] == t[3] && t[2] == t[6] && t[5] == t[7];
            diagnostics.push_back(makeInfo(code::LegacyInertiaTensor,
                                           std::string("'inertiaTensor' becomes its principal moments "
                                                       "(inertiaDiagonal) and axes (inertiaOrientation)") +
                                               (symmetric ? ""
                                                          : "; it was not symmetric, so its upper "
                                                            "triangle was used"),
                                           f.pointerTo("inertiaTensor")));
        }
    }
    return m;
}

Collider readCollider(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    Collider c;
    c.pointer = pointer;
    c.source = object.is_object() ? object : Json::object();
    if (!object.is_object())
        diagnostics.push_back(makeError(code::WrongType, "'collider' must be an object", pointer));
    FieldReader f(c.source, pointer, diagnostics);
    c.shape = f.index("shape");
    c.physicsMaterial = f.index("physicsMaterial");
    c.collisionFilter = f.index("collisionFilter");
    return c;
}

Trigger readTrigger(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    Trigger t;
    t.pointer = pointer;
    t.source = object.is_object() ? object : Json::object();
    if (!object.is_object())
        diagnostics.push_back(makeError(code::WrongType, "'trigger' must be an object", pointer));
    FieldReader f(t.source, pointer, diagnostics);
    t.shape = f.index("shape");
    t.nodes = f.indexArray("nodes");
    t.collisionFilter = f.index("collisionFilter");
    return t;
}

PhysicsMaterial readMaterial(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    PhysicsMaterial m;
    m.pointer = pointer;
    m.source = object.is_object() ? object : Json::object();
    if (!object.is_object())
        diagnostics.push_back(makeError(code::WrongType, "a physics material must be an object", pointer));
    FieldReader f(m.source, pointer, diagnostics);
    m.staticFriction = f.number("staticFriction", 0.6);
    m.dynamicFriction = f.number("dynamicFriction", 0.6);
    m.restitution = f.number("restitution", 0.0);
    m.frictionCombine = readCombine(f, "frictionCombine", diagnostics);
    m.restitutionCombine = readCombine(f, "restitutionCombine", diagnostics);
    return m;
}

CollisionFilter readFilter(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    CollisionFilter c;
    c.pointer = pointer;
    c.source = object.is_object() ? object : Json::object();
    if (!object.is_object())
        diagnostics.push_back(makeError(code::WrongType, "a collision filter must be an object", pointer));
    FieldReader f(c.source, pointer, diagnostics);
    c.collisionSystems = f.strings("collisionSystems");
    c.collideWithSystems = f.strings("collideWithSystems");
    c.notCollideWithSystems = f.strings("notCollideWithSystems");
    return c;
}

} // namespace cs::physics
