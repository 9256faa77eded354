#pragma once

#include "panels/PropertyRows.h"

#include <functional>
#include <vector>

namespace cs::ui {

/// The values of a node's collider or trigger that the Collider and Trigger panels show and edit.
struct ColliderComponent
{
    size_t node;
    int shape;
    int material; ///< collider only
    int filter;
    std::vector<int> members; ///< trigger only
    bool compound;
};

/// Item data of the shape picker entries that create a shape: kNewShapeItem + int(ShapeType).
inline constexpr int kNewShapeItem = -1000;

/// The rows of a collider (`collider`) or trigger, in this order: shape, compound, filter, and material for
/// colliders. The shape row's edit (an existing shape, a new one of a type as kNewShapeItem + type, or
/// none for a compound) goes to `chooseShape` with the nodes it applies to.
std::vector<PropertyRow<ColliderComponent>>
colliderRows(bool collider, std::function<void(const std::vector<size_t>&, int)> chooseShape);

} // namespace cs::ui
