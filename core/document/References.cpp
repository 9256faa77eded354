#include "document/References.h"

#include <algorithm>
#include <set>

namespace cs::document {

namespace {

// A reference after the removal of item `removed`: unchanged below it, -1 for it, one less above it.
int shifted(int reference, int removed)
{
    if (reference < removed)
        return reference;
    return reference == removed ? -1 : reference - 1;
}

bool refersTo(const physics::NodePhysics& n, ListKind list, int index)
{
    const std::vector<int> references = referencesOf(n, list);
    return std::find(references.begin(), references.end(), index) != references.end();
}

// Applies the removal to one node; `lostTrigger` is set when the node's trigger went with its shape.
void fixNode(physics::NodePhysics& n, ListKind list, int index, bool& lostTrigger)
{
    switch (list) {
    case ListKind::Shape:
        if (n.collider && n.collider->shape >= 0) {
            if (n.collider->shape == index)
                n.collider.reset();
            else
                n.collider->shape = shifted(n.collider->shape, index);
        }
        if (n.trigger && n.trigger->shape >= 0) {
            if (n.trigger->shape == index) {
                n.trigger.reset();
                lostTrigger = true;
            } else {
                n.trigger->shape = shifted(n.trigger->shape, index);
            }
        }
        break;
    case ListKind::Material:
        if (n.collider)
            n.collider->physicsMaterial = shifted(n.collider->physicsMaterial, index);
        break;
    case ListKind::Filter:
        if (n.collider)
            n.collider->collisionFilter = shifted(n.collider->collisionFilter, index);
        if (n.trigger)
            n.trigger->collisionFilter = shifted(n.trigger->collisionFilter, index);
        break;
    }
}

bool changesOnRemoval(const physics::NodePhysics& n, ListKind list, int index)
{
    auto moves = [&](int reference) { return reference >= index; };
    switch (list) {
    case ListKind::Shape:
        return (n.collider && moves(n.collider->shape)) || (n.trigger && moves(n.trigger->shape));
    case ListKind::Material:
        return n.collider && moves(n.collider->physicsMaterial);
    case ListKind::Filter:
        return (n.collider && moves(n.collider->collisionFilter)) ||
               (n.trigger && moves(n.trigger->collisionFilter));
    }
    return false;
}

} // namespace

std::vector<int> referencesOf(const physics::NodePhysics& n, ListKind list)
{
    std::vector<int> references;
    auto add = [&](int reference) {
        if (reference >= 0 && std::find(references.begin(), references.end(), reference) == references.end())
            references.push_back(reference);
    };
    // The collider's and the trigger's reference into the list (a trigger has no material).
    auto addBoth = [&](int physics::Collider::*collider, int physics::Trigger::*trigger) {
        if (n.collider)
            add((*n.collider).*collider);
        if (n.trigger && trigger)
            add((*n.trigger).*trigger);
    };
    switch (list) {
    case ListKind::Shape:
        addBoth(&physics::Collider::shape, &physics::Trigger::shape);
        break;
    case ListKind::Material:
        addBoth(&physics::Collider::physicsMaterial, nullptr);
        break;
    case ListKind::Filter:
        addBoth(&physics::Collider::collisionFilter, &physics::Trigger::collisionFilter);
        break;
    }
    return references;
}

std::vector<size_t> usersOf(const physics::PhysicsModel& model, ListKind list, int index)
{
    std::vector<size_t> users;
    for (const auto& [node, n] : model.nodes) {
        if (refersTo(n, list, index))
            users.push_back(node);
    }
    return users;
}

void putNodePhysics(physics::PhysicsModel& model, size_t node,
                    const std::optional<physics::NodePhysics>& value)
{
    if (value)
        model.nodes[node] = *value;
    else
        model.nodes.erase(node);
}

std::vector<NodeChange> changesForRemoval(const physics::PhysicsModel& model, ListKind list, int index)
{
    std::map<size_t, physics::NodePhysics> changed;
    std::set<int> lostTriggers;
    for (const auto& [node, n] : model.nodes) {
        if (!changesOnRemoval(n, list, index))
            continue;
        physics::NodePhysics after = n;
        bool lostTrigger = false;
        fixNode(after, list, index, lostTrigger);
        if (lostTrigger)
            lostTriggers.insert(static_cast<int>(node));
        changed.emplace(node, std::move(after));
    }
    // Compound triggers lose the members whose trigger went.
    if (!lostTriggers.empty()) {
        for (const auto& [node, original] : model.nodes) {
            const auto it = changed.find(node);
            const physics::NodePhysics& current = it != changed.end() ? it->second : original;
            if (!current.trigger || current.trigger->shape >= 0 || current.trigger->nodes.empty())
                continue;
            std::vector<int> members = current.trigger->nodes;
            std::erase_if(members, [&](int m) { return lostTriggers.count(m) > 0; });
            if (members.size() == current.trigger->nodes.size())
                continue;
            physics::NodePhysics after = current;
            if (members.empty())
                after.trigger.reset();
            else
                after.trigger->nodes = std::move(members);
            changed[node] = std::move(after);
        }
    }
    std::vector<NodeChange> out;
    for (auto& [node, after] : changed) {
        NodeChange change;
        change.node = node;
        change.before = model.nodes.at(node);
        if (!isDisposable(after))
            change.after = std::move(after);
        out.push_back(std::move(change));
    }
    return out;
}

} // namespace cs::document
