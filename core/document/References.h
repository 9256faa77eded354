#pragma once

#include "physics/NodeReferences.h"
#include "physics/PhysicsModel.h"

#include <optional>
#include <vector>

namespace cs::document {

/// The document-level lists that node physics refers to by index.
enum class ListKind
{
    Shape,
    Material,
    Filter
};

/// The items of the list that a node's collider or trigger refers to (no repeats, no -1).
std::vector<int> referencesOf(const physics::NodePhysics& node, ListKind list);
/// The nodes whose collider or trigger refers to item `index` of the list, in node order.
std::vector<size_t> usersOf(const physics::PhysicsModel& model, ListKind list, int index);

/// How one node's physics changes; nullopt means the node has no physics entry.
struct NodeChange
{
    size_t node = 0;
    std::optional<physics::NodePhysics> before;
    std::optional<physics::NodePhysics> after;
};

/// What removing item `index` of a list does to the nodes: every reference past it moves down by one, and a
/// reference to it goes:
/// - a material or filter reference becomes "none" (the default material, no filter);
/// - a collider or trigger whose shape it was is removed (a collider without a shape would silently become a
///   grouping collider), and a trigger removed that way leaves every compound trigger that listed its node
///   (a compound left with no member is removed too).
/// Only nodes that change are listed, in node order.
std::vector<NodeChange> changesForRemoval(const physics::PhysicsModel& model, ListKind list, int index);

using physics::isDisposable;

/// Puts a node's physics entry in the model (nullopt: erases it).
void putNodePhysics(physics::PhysicsModel& model, size_t node,
                    const std::optional<physics::NodePhysics>& value);

} // namespace cs::document
