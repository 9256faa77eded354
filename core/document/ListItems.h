#pragma once

// The document-level lists (shapes, physics materials, collision filters) as their editors see them: how long
// a list is, an item's name, who uses each item, a fresh name for a new item, and the material and filter
// edits that are more than one field.

#include "document/References.h"

#include <optional>
#include <string>
#include <vector>

namespace cs::document {

class Document;

/// The number of items in the list.
size_t listSize(const physics::PhysicsModel& model, ListKind list);
/// The item's "name" (empty when it has none or the index is out of range).
std::string itemName(const physics::PhysicsModel& model, ListKind list, size_t index);
/// For every item of the list, the nodes whose collider or trigger refers to it (in node order): usersOf()
/// for the whole list in one pass over the nodes.
std::vector<std::vector<size_t>> usersOfEach(const physics::PhysicsModel& model, ListKind list);
/// How one node uses an item of a list: through its collider, its trigger, or both.
struct ItemUse
{
    size_t node = 0;
    bool collider = false;
    bool trigger = false;

    bool operator==(const ItemUse&) const = default;
};
/// The uses of item `index` of the list, one per node of usersOf() in the same order.
std::vector<ItemUse> usesOf(const physics::PhysicsModel& model, ListKind list, int index);
/// "<stem> 1", "<stem> 2", ...: the first one no item of the list is named.
std::string freshName(const physics::PhysicsModel& model, ListKind list, const std::string& stem);

/// Appends `material` named `name` (an empty name leaves it unnamed); one undo step. Returns its index.
size_t addMaterial(Document& document, const std::string& name, physics::PhysicsMaterial material = {});
/// Appends `filter` named `name`; one undo step. Returns its index.
size_t addFilter(Document& document, const std::string& name, physics::CollisionFilter filter = {});

/// Which of a filter's two exclusive mask lists holds the systems it collides with.
enum class FilterMode
{
    CollideWithOnly,     ///< collideWithSystems
    CollideWithAllExcept ///< notCollideWithSystems
};
/// The mode the filter's lists say; nullopt when both are empty (the file does not say). A filter with both
/// lists (invalid) reads as CollideWithOnly.
std::optional<FilterMode> filterMode(const physics::CollisionFilter& filter);
/// The list that `mode` refers to.
const std::vector<std::string>& filterMask(const physics::CollisionFilter& filter, FilterMode mode);
/// Sets the list of `mode` to `systems`; the other list is emptied in the same step (the spec makes them
/// exclusive). False when nothing changed or the filter does not exist.
bool setFilterMask(Document& document, size_t filter, FilterMode mode, std::vector<std::string> systems);
/// Moves the filter's list to the property of `mode` (the collide-with list when both are set), one undo
/// step. False when nothing changed: the mode is already that one, or both lists are empty.
bool setFilterMode(Document& document, size_t filter, FilterMode mode);

} // namespace cs::document
