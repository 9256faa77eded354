// The rules shared by both families that the 2024-2026 revisions added: joints, geometry, planes, compound
// trigger members, collision system counts, infinite mass and the combine mode that applies.
#include "physics/DiagnosticCodes.h"
#include "physics/ResolvedScene.h"
#include "physics/Validator.h"

#include <cmath>
#include <numbers>
#include <set>
#include <sstream>

namespace cs::physics {

namespace {

std::string num(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

std::string at(const std::string& base, const std::string& key)
{
    return base.empty() ? base : jsonPointerAppend(base, key);
}

class FamilyRules
{
public:
    FamilyRules(const gltf::GltfDocument& doc, const PhysicsModel& model, const gltf::SceneGraph& graph,
                const ResolvedScene& scene)
        : m_doc(doc), m_model(model), m_graph(graph), m_scene(scene)
    {}

    Diagnostics run()
    {
        for (size_t i = 0; i < m_model.joints.size(); ++i)
            checkJointDescription(m_model.joints[i]);
        for (const auto& [index, n] : m_model.nodes) {
            if (n.joint)
                checkNodeJoint(index, *n.joint);
            if (n.trigger)
                checkTriggerMembers(index, *n.trigger);
            if (n.motion)
                checkInfiniteMass(index, *n.motion);
        }
        for (const Shape& s : m_model.shapes) {
            if (s.plane)
                checkPlane(s);
        }
        checkKhrGeometry();
        checkSystemCount();
        checkCombineModes();
        return std::move(m_out);
    }

private:
    void add(Severity severity, const char* c, std::string message, std::string pointer)
    {
        Diagnostic d = severity == Severity::Error ? makeError(c, std::move(message), std::move(pointer))
                       : severity == Severity::Warning
                           ? makeWarning(c, std::move(message), std::move(pointer))
                           : makeInfo(c, std::move(message), std::move(pointer));
        m_out.push_back(std::move(d));
    }

    void checkLimit(const JointLimit& l)
    {
        const bool linear = !l.linearAxes.empty();
        const bool angular = !l.angularAxes.empty();
        if (!linear && !angular) {
            add(Severity::Error, code::JointLimitAxes,
                "a limit has no axes; it needs linearAxes or angularAxes with 1 to 3 axes", l.pointer);
            return;
        }
        if (linear && angular) {
            // The OMI README's own weld example locks both sets in one limit (its schema forbids it); KHR
            // requires exactly one. A KHR save splits such a limit in two.
            if (m_model.format == SourceFormat::Khr) {
                add(Severity::Error, code::JointLimitAxes,
                    "a limit has both linearAxes and angularAxes; it must have exactly one", l.pointer);
                return;
            }
            add(Severity::Warning, code::JointLimitAxes,
                "a limit has both linearAxes and angularAxes: the OMI README allows it, its schema and KHR "
                "do "
                "not (a KHR save writes two limits)",
                l.pointer);
        }
        for (const bool isLinear : {true, false}) {
            const auto& set = isLinear ? l.linearAxes : l.angularAxes;
            if (!set.empty())
                checkAxes(l, isLinear, set);
        }
        if (l.min && l.max && *l.min > *l.max)
            add(Severity::Error, code::JointLimitRange,
                "limit min " + num(*l.min) + " is greater than max " + num(*l.max), l.pointer);
        if (angular) {
            for (const auto& [name, v] : {std::pair{"min", l.min}, std::pair{"max", l.max}}) {
                if (v && std::fabs(*v) > std::numbers::pi + 1e-9)
                    add(Severity::Warning, code::JointAngleBeyondPi,
                        std::string("angular limit ") + name + " " + num(*v) +
                            " rad is beyond \u00b1\u03c0; most engines clamp or reject it",
                        at(l.pointer, name));
            }
        }
    }

    void checkAxes(const JointLimit& l, bool linear, const std::vector<int>& axes)
    {
        const char* key = linear ? "linearAxes" : "angularAxes";
        std::set<int> seen;
        for (size_t i = 0; i < axes.size(); ++i) {
            if (axes[i] < 0 || axes[i] > 2 || !seen.insert(axes[i]).second) {
                add(Severity::Error, code::JointLimitAxes,
                    std::string(key) + " holds " + std::to_string(axes[i]) +
                        "; axes are distinct values 0 (X), 1 (Y) or 2 (Z)",
                    jsonPointerAppend(at(l.pointer, key), i));
            }
        }
        if (axes.size() > 3)
            add(Severity::Error, code::JointLimitAxes, std::string(key) + " has more than 3 axes",
                at(l.pointer, key));
    }

    void checkDrive(const JointDrive& d)
    {
        std::vector<std::string> missing;
        if (!d.type)
            missing.emplace_back("type");
        if (!d.mode)
            missing.emplace_back("mode");
        if (!d.axis)
            missing.emplace_back("axis");
        if (!missing.empty()) {
            std::string list;
            for (const auto& m : missing)
                list += (list.empty() ? "" : ", ") + m;
            add(Severity::Error, code::DriveIncomplete, "a drive needs type, mode and axis; missing: " + list,
                d.pointer);
        }
        if (d.axis && *d.axis > 2)
            add(Severity::Error, code::DriveIncomplete,
                "drive axis " + std::to_string(*d.axis) + " is not 0 (X), 1 (Y) or 2 (Z)",
                at(d.pointer, "axis"));
    }

    void checkJointDescription(const JointDescription& j)
    {
        for (const auto& l : j.limits)
            checkLimit(l);
        for (const auto& d : j.drives)
            checkDrive(d);
    }

    void checkNodeJoint(size_t index, const NodeJoint& j)
    {
        const std::string label = "node " + std::to_string(index) + ": ";
        if (j.joint < 0 || static_cast<size_t>(j.joint) >= m_model.joints.size())
            add(Severity::Error, code::JointIndexInvalid,
                label + "joint " + std::to_string(j.joint) + " does not name a joint description (" +
                    std::to_string(m_model.joints.size()) + " defined)",
                at(j.pointer, "joint"));
        if (j.connectedNode < 0 || static_cast<size_t>(j.connectedNode) >= m_graph.nodeCount()) {
            add(Severity::Error, code::JointConnectedNodeInvalid,
                label + "connectedNode " + std::to_string(j.connectedNode) + " does not exist",
                at(j.pointer, "connectedNode"));
            return;
        }
        if (static_cast<size_t>(j.connectedNode) == index) {
            add(Severity::Error, code::JointConnectedSelf,
                label + "a joint cannot connect its node to itself", at(j.pointer, "connectedNode"));
            return;
        }
        if (m_scene.bodyOfNode(index) < 0 && m_scene.bodyOfNode(static_cast<size_t>(j.connectedNode)) < 0)
            add(Severity::Error, code::JointNoBody,
                label + "neither the joint's node nor node " + std::to_string(j.connectedNode) +
                    " is in a body with motion; a joint needs a body on at least one side",
                j.pointer);
    }

    void checkTriggerMembers(size_t index, const Trigger& t)
    {
        std::set<int> seen;
        for (size_t i = 0; i < t.nodes.size(); ++i) {
            if (!seen.insert(t.nodes[i]).second && !t.implicitCompound)
                add(Severity::Error, code::CompoundTriggerDuplicate,
                    "node " + std::to_string(index) + ": compound trigger member " +
                        std::to_string(t.nodes[i]) + " is listed twice",
                    jsonPointerAppend(at(t.pointer, "nodes"), i));
        }
    }

    void checkInfiniteMass(size_t index, const Motion& m)
    {
        // KHR's prose: 0 means infinite (its schema says exclusiveMinimum 0). OMI has no such meaning for 0
        // inertia (computed), so only mass is read that way there.
        const std::string label = "node " + std::to_string(index) + ": ";
        if (m.mass == 0.0)
            add(Severity::Info, code::MassInfinite,
                label + "mass 0 means infinite (the body is not moved by forces)", at(m.pointer, "mass"));
        const auto inertia = inertiaMeanings(m, m_model.format);
        if (khrMeanings(m_model.format) &&
            std::find(inertia.begin(), inertia.end(), MassMeaning::Infinite) != inertia.end())
            add(Severity::Info, code::InertiaInfinite,
                label + "an inertia component of 0 means infinite (no rotation about that axis)",
                at(m.pointer, "inertiaDiagonal"));
    }

    void checkPlane(const Shape& s)
    {
        const std::string p = at(s.pointer, "plane");
        const PlaneParams& plane = *s.plane;
        for (const auto& [name, v] : {std::pair{"sizeX", plane.sizeX}, std::pair{"sizeZ", plane.sizeZ}}) {
            if (v && *v <= 0)
                add(Severity::Error, code::ShapeSizeInvalid,
                    std::string("plane ") + name + " must be greater than 0", at(p, name));
        }
        if (plane.sizeX.has_value() != plane.sizeZ.has_value())
            add(Severity::Warning, code::PlaneOneSize,
                "a plane with only one of sizeX and sizeZ: it is finite in one direction only", p);
    }

    // KHR collider/trigger geometry: exactly one of shape, mesh and node (read from the file; the model keeps
    // only the one the reader used).
    void checkKhrGeometry()
    {
        const Json& root = m_doc.json();
        if (!root.contains("nodes") || !root["nodes"].is_array())
            return;
        const Json& nodes = root["nodes"];
        for (size_t i = 0; i < nodes.size(); ++i) {
            const Json& n = nodes[i];
            if (!n.is_object() || !n.contains("extensions") || !n["extensions"].is_object() ||
                !n["extensions"].contains(ext::KhrBodies) || !n["extensions"][ext::KhrBodies].is_object())
                continue;
            const Json& body = n["extensions"][ext::KhrBodies];
            for (const char* owner : {"collider", "trigger"}) {
                if (!body.contains(owner) || !body[owner].is_object() || !body[owner].contains("geometry"))
                    continue;
                const Json& g = body[owner]["geometry"];
                int count = 0;
                for (const char* key : {"shape", "mesh", "node"})
                    count += g.is_object() && g.contains(key) ? 1 : 0;
                if (count != 1)
                    add(Severity::Error, code::GeometryNotOne,
                        "node " + std::to_string(i) +
                            ": a geometry has exactly one of shape, mesh and node (it has " +
                            std::to_string(count) + ")",
                        jsonPointer(
                            {"nodes", std::to_string(i), "extensions", ext::KhrBodies, owner, "geometry"}));
            }
        }
    }

    void checkSystemCount()
    {
        std::set<std::string> systems;
        for (const auto& f : m_model.filters) {
            for (const auto* list : {&f.collisionSystems, &f.collideWithSystems, &f.notCollideWithSystems})
                systems.insert(list->begin(), list->end());
        }
        if (systems.size() > kBitmaskSystems)
            add(Severity::Warning, code::CollisionSystemsMany,
                std::to_string(systems.size()) +
                    " distinct collision systems; engines with bitmask layers hold " +
                    std::to_string(kBitmaskSystems),
                m_model.filters.front().pointer.empty()
                    ? std::string()
                    : m_model.filters.front().pointer.substr(0, m_model.filters.front().pointer.rfind('/')));
    }

    void checkCombineModes()
    {
        std::set<int> used;
        for (const auto& inst : m_scene.instances) {
            if (!inst.trigger && inst.physicsMaterial >= 0 &&
                static_cast<size_t>(inst.physicsMaterial) < m_model.materials.size())
                used.insert(inst.physicsMaterial);
        }
        for (auto a = used.begin(); a != used.end(); ++a) {
            for (auto b = std::next(a); b != used.end(); ++b) {
                const PhysicsMaterial& ma = m_model.materials[*a];
                const PhysicsMaterial& mb = m_model.materials[*b];
                const SourceFormat f = m_model.format;
                for (const auto& [what, x, y] :
                     {std::tuple{"friction", votingCombineMode(ma.frictionCombine, f),
                                 votingCombineMode(mb.frictionCombine, f)},
                      std::tuple{"restitution", votingCombineMode(ma.restitutionCombine, f),
                                 votingCombineMode(mb.restitutionCombine, f)}}) {
                    if (x == y)
                        continue;
                    auto name = [](std::optional<CombineMode> c) {
                        return c ? std::string(combineModeName(*c)) : std::string("no mode, takes no part");
                    };
                    add(Severity::Info, code::CombineModeResolved,
                        std::string("materials ") + std::to_string(*a) + " (" + name(x) + ") and " +
                            std::to_string(*b) + " (" + name(y) + ") touch with " + what + " combine " +
                            combineModeName(appliedCombineMode(x, y)) +
                            " (average > minimum > maximum > multiply)",
                        mb.pointer);
                }
            }
        }
    }

    static constexpr size_t kBitmaskSystems = 32;

    const gltf::GltfDocument& m_doc;
    const PhysicsModel& m_model;
    const gltf::SceneGraph& m_graph;
    const ResolvedScene& m_scene;
    Diagnostics m_out;
};

} // namespace

Diagnostics validateFamilyRules(const gltf::GltfDocument& doc, const PhysicsModel& model,
                                const gltf::SceneGraph& graph)
{
    return validateFamilyRules(doc, model, graph, resolveScene(model, graph));
}

Diagnostics validateFamilyRules(const gltf::GltfDocument& doc, const PhysicsModel& model,
                                const gltf::SceneGraph& graph, const ResolvedScene& scene)
{
    return FamilyRules(doc, model, graph, scene).run();
}

} // namespace cs::physics
