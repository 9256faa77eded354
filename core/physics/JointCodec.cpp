#include "physics/JointCodec.h"

#include "physics/DiagnosticCodes.h"
#include "physics/JsonFields.h"
#include "physics/JsonObjectWriter.h"
#include "physics/OmiWriter.h"

#include <cmath>
#include <limits>

namespace cs::physics {

namespace {

std::optional<double> optionalNumber(const FieldReader& f, const char* key)
{
    if (!f.has(key))
        return std::nullopt;
    const double fallback = std::numeric_limits<double>::quiet_NaN();
    const double v = f.number(key, fallback);
    return std::isnan(v) ? std::nullopt : std::optional<double>(v);
}

std::vector<int> axes(const FieldReader& f, const char* key)
{
    return f.indexArray(key);
}

JointLimit readLimit(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    FieldReader f(object, pointer, diagnostics);
    JointLimit l;
    l.pointer = pointer;
    l.source = object.is_object() ? object : Json::object();
    l.linearAxes = axes(f, "linearAxes");
    l.angularAxes = axes(f, "angularAxes");
    l.min = optionalNumber(f, "min");
    l.max = optionalNumber(f, "max");
    l.stiffness = optionalNumber(f, "stiffness");
    l.damping = f.number("damping", 0.0);
    return l;
}

JointDrive readDrive(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    FieldReader f(object, pointer, diagnostics);
    JointDrive d;
    d.pointer = pointer;
    d.source = object.is_object() ? object : Json::object();
    if (const auto t = f.string("type")) {
        d.type = driveTypeFromName(*t);
        if (!d.type)
            diagnostics.push_back(makeError(code::DriveValueUnknown,
                                            "drive type '" + *t + "' is not linear or angular",
                                            f.pointerTo("type")));
    }
    if (const auto m = f.string("mode")) {
        d.mode = driveModeFromName(*m);
        if (!d.mode)
            diagnostics.push_back(makeError(code::DriveValueUnknown,
                                            "drive mode '" + *m + "' is not force or acceleration",
                                            f.pointerTo("mode")));
    }
    if (f.has("axis")) {
        const int axis = f.index("axis");
        if (axis >= 0)
            d.axis = axis;
    }
    d.maxForce = optionalNumber(f, "maxForce");
    d.positionTarget = optionalNumber(f, "positionTarget");
    d.velocityTarget = optionalNumber(f, "velocityTarget");
    d.stiffness = f.number("stiffness", 0.0);
    d.damping = f.number("damping", 0.0);
    return d;
}

template <class T, class Read>
std::vector<T> readList(const Json& owner, const char* key, const std::string& pointer,
                        Diagnostics& diagnostics, Read read)
{
    std::vector<T> out;
    if (!owner.is_object() || !owner.contains(key))
        return out;
    const Json& list = owner[key];
    const std::string base = jsonPointerAppend(pointer, key);
    if (!list.is_array()) {
        diagnostics.push_back(
            makeError(code::WrongType, std::string("'") + key + "' must be an array", base));
        return out;
    }
    for (size_t i = 0; i < list.size(); ++i)
        out.push_back(read(list[i], jsonPointerAppend(base, i), diagnostics));
    return out;
}

bool isLegacyConstraint(const Json& o)
{
    return o.is_object() && (o.contains("lowerLimit") || o.contains("upperLimit"));
}

void optionalNumberOut(JsonObjectWriter& w, const char* key, const std::optional<double>& v)
{
    if (v)
        w.number(key, *v, std::nullopt);
    else
        w.omit(key);
}

} // namespace

JointDescription readJointDescription(const Json& object, const std::string& pointer,
                                      Diagnostics& diagnostics)
{
    JointDescription j;
    j.pointer = pointer;
    if (!object.is_object()) {
        diagnostics.push_back(makeError(code::WrongType, "a joint description must be an object", pointer));
        return j;
    }
    j.source = object;
    j.limits = readList<JointLimit>(object, "limits", pointer, diagnostics, readLimit);
    j.drives = readList<JointDrive>(object, "drives", pointer, diagnostics, readDrive);
    return j;
}

NodeJoint readNodeJoint(const Json& object, const std::string& pointer, Diagnostics& diagnostics)
{
    FieldReader f(object, pointer, diagnostics);
    NodeJoint j;
    j.pointer = pointer;
    j.source = object.is_object() ? object : Json::object();
    j.connectedNode = f.index("connectedNode");
    j.joint = f.index("joint");
    j.enableCollision = f.boolean("enableCollision").value_or(false);
    return j;
}

void readOmiJoints(const Json& root, PhysicsModel& model, Diagnostics& diagnostics)
{
    const Json* docJoint = nullptr;
    if (root.contains("extensions") && root["extensions"].is_object() &&
        root["extensions"].contains(ext::Joint) && root["extensions"][ext::Joint].is_object())
        docJoint = &root["extensions"][ext::Joint];
    const std::string base = jsonPointer({"extensions", ext::Joint});
    bool legacy = false;
    if (docJoint) {
        const char* key = docJoint->contains("physicsJoints") ? "physicsJoints" : "constraints";
        if (docJoint->contains(key) && (*docJoint)[key].is_array()) {
            for (const auto& item : (*docJoint)[key])
                legacy = legacy || isLegacyConstraint(item);
        }
        if (!legacy) {
            model.joints =
                readList<JointDescription>(*docJoint, key, base, diagnostics, readJointDescription);
            model.jointExtensionSource = withoutKeys(*docJoint, {"physicsJoints", "constraints"});
            if (std::string(key) == "constraints" && docJoint->contains(key)) {
                diagnostics.push_back(makeInfo(code::JointConstraintsKey,
                                               "joint descriptions read from 'constraints' (the key the "
                                               "extension's schema names); they are written as "
                                               "'physicsJoints'",
                                               jsonPointerAppend(base, key)));
            }
        }
    }
    if (!root.contains("nodes") || !root["nodes"].is_array())
        return;
    const Json& nodes = root["nodes"];
    std::vector<std::pair<size_t, const Json*>> nodeJoints;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const Json& n = nodes[i];
        if (!n.is_object() || !n.contains("extensions") || !n["extensions"].is_object() ||
            !n["extensions"].contains(ext::Joint))
            continue;
        const Json& j = n["extensions"][ext::Joint];
        legacy = legacy ||
                 (j.is_object() && (j.contains("nodeA") || j.contains("nodeB") || j.contains("constraints")));
        nodeJoints.emplace_back(i, &j);
    }
    if (legacy) {
        model.joints.clear();
        model.jointsKeptAsRead = true;
        diagnostics.push_back(makeWarning(code::JointLegacyForm,
                                          "OMI_physics_joint is in its 2023 form (constraints with "
                                          "lowerLimit/upperLimit, nodeA/nodeB); it is kept as it is and not "
                                          "shown or converted",
                                          base));
        return;
    }
    for (const auto& [index, object] : nodeJoints) {
        const std::string pointer = jsonPointer({"nodes", std::to_string(index), "extensions", ext::Joint});
        model.nodeRef(index).joint = readNodeJoint(*object, pointer, diagnostics);
    }
}

Json jointDescriptionToJson(const JointDescription& joint)
{
    JsonObjectWriter w(joint.source);
    Json limits = Json::array();
    for (const auto& l : joint.limits) {
        JsonObjectWriter lw(l.source);
        lw.indices("linearAxes", l.linearAxes);
        lw.indices("angularAxes", l.angularAxes);
        optionalNumberOut(lw, "min", l.min);
        optionalNumberOut(lw, "max", l.max);
        optionalNumberOut(lw, "stiffness", l.stiffness);
        lw.number("damping", l.damping, 0.0);
        limits.push_back(lw.finish());
    }
    Json drives = Json::array();
    for (const auto& d : joint.drives) {
        JsonObjectWriter dw(d.source);
        if (d.type)
            dw.string("type", driveTypeName(*d.type), std::nullopt);
        if (d.mode)
            dw.string("mode", driveModeName(*d.mode), std::nullopt);
        if (d.axis)
            dw.index("axis", *d.axis);
        optionalNumberOut(dw, "maxForce", d.maxForce);
        optionalNumberOut(dw, "positionTarget", d.positionTarget);
        optionalNumberOut(dw, "velocityTarget", d.velocityTarget);
        dw.number("stiffness", d.stiffness, 0.0);
        dw.number("damping", d.damping, 0.0);
        drives.push_back(dw.finish());
    }
    w.value("limits",
            limits.empty() && !joint.source.contains("limits") ? std::nullopt : std::optional<Json>(limits));
    w.value("drives",
            drives.empty() && !joint.source.contains("drives") ? std::nullopt : std::optional<Json>(drives));
    return w.finish();
}

Json nodeJointToJson(const NodeJoint& joint)
{
    JsonObjectWriter w(joint.source);
    w.index("connectedNode", joint.connectedNode);
    w.index("joint", joint.joint);
    const bool spelled = joint.source.contains("enableCollision") &&
                         joint.source["enableCollision"] == Json(joint.enableCollision);
    w.value("enableCollision",
            spelled || joint.enableCollision ? std::optional<Json>(joint.enableCollision) : std::nullopt);
    return w.finish();
}

void writeOmiJoints(const PhysicsModel& model, Json& root)
{
    if (model.jointsKeptAsRead)
        return;
    auto extensionsOf = [](Json& o) -> Json& {
        if (!o.contains("extensions") || !o["extensions"].is_object())
            o["extensions"] = Json::object();
        return o["extensions"];
    };
    auto eraseFrom = [](Json& o) {
        if (o.contains("extensions") && o["extensions"].is_object())
            o["extensions"].erase(ext::Joint);
    };
    bool used = false;
    if (!model.joints.empty()) {
        JsonObjectWriter w(model.jointExtensionSource);
        Json list = Json::array();
        for (const auto& j : model.joints)
            list.push_back(jointDescriptionToJson(j));
        w.value("physicsJoints", list);
        w.omit("constraints");
        extensionsOf(root)[ext::Joint] = w.finish();
        used = true;
    } else {
        eraseFrom(root);
    }
    if (root.contains("nodes") && root["nodes"].is_array()) {
        Json& nodes = root["nodes"];
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (!nodes[i].is_object())
                continue;
            const NodePhysics* n = model.node(i);
            if (n && n->joint) {
                extensionsOf(nodes[i])[ext::Joint] = nodeJointToJson(*n->joint);
                used = true;
            } else {
                eraseFrom(nodes[i]);
            }
        }
    }
    listWrittenExtension(root, ext::Joint, used, false);
}

} // namespace cs::physics
