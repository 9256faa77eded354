#include "document/JointNames.h"

#include <set>

namespace cs::document {

std::string jointKind(const physics::JointDescription& joint)
{
    std::set<int> linear, angular;
    for (const physics::JointLimit& l : joint.limits) {
        // A soft lock (with a spring) still says which way the joint is meant to move.
        const bool locked = l.min && l.max && *l.min == 0 && *l.max == 0;
        if (!locked)
            continue;
        linear.insert(l.linearAxes.begin(), l.linearAxes.end());
        angular.insert(l.angularAxes.begin(), l.angularAxes.end());
    }
    if (joint.limits.empty())
        return "free";
    if (linear.size() == 3 && angular.size() == 3)
        return "fixed";
    if (linear.size() == 3 && angular.size() == 2)
        return "hinge";
    if (linear.size() == 2 && angular.size() == 3)
        return "slider";
    if (linear.size() == 3 && angular.empty())
        return "ball and socket";
    return "joint";
}

std::string jointListText(const gltf::GltfDocument& doc, const physics::PhysicsModel& model, int index)
{
    if (index < 0 || size_t(index) >= model.joints.size())
        return {};
    const physics::JointDescription& joint = model.joints[size_t(index)];
    const auto name = joint.source.find("name");
    std::string text = name != joint.source.end() && name->is_string() && !name->get<std::string>().empty()
                           ? name->get<std::string>()
                           : jointKind(joint);
    const size_t nodes = doc.count("nodes");
    std::string separator = ": ";
    for (const auto& [node, physics] : model.nodes) {
        if (!physics.joint || physics.joint->joint != index)
            continue;
        const int other = physics.joint->connectedNode;
        text += separator + gltf::nodeLabel(doc, node) + " -> " +
                (other >= 0 && size_t(other) < nodes ? gltf::nodeLabel(doc, size_t(other)) : "no node");
        separator = ", ";
    }
    if (separator == ": ")
        text += ": not used";
    return text;
}

} // namespace cs::document
