#pragma once

// Edits of the physics components of several nodes at once (the selection), each one undo step: what the
// window's Delete, the Motion/Collider/Trigger check boxes, the shape choice and "New ... Shape" of the
// collider and trigger sections, "Compute from shapes" over several bodies do. Widgets call these and
// nothing else; the undo texts are the ones the window shows.

#include "document/ModelCommands.h"
#include "document/Selection.h"
#include "physics/PhysicsModel.h"

#include <optional>
#include <utility>
#include <vector>

namespace cs::document {

class Document;

/// One of a node's physics components.
enum class Component
{
    Motion,
    Collider,
    Trigger
};

/// "Delete physics": every listed node that has motion, a collider or a trigger loses all three, as one
/// undo step ("Delete physics of <node>" or "... of N nodes"). Returns the nodes that changed.
std::vector<NodeIndex> removePhysics(Document& document, const std::vector<NodeIndex>& nodes);

/// The component check boxes. present: every listed node without the component gets an empty one (motion
/// with its defaults; a collider or trigger with no shape). Not present: every listed node that has it
/// loses it. One undo step ("Add Motion", "Remove Collider", ...); false when nothing changed.
bool setComponentPresent(Document& document, const std::vector<NodeIndex>& nodes, Component component,
                         bool present);

/// The collider or trigger (component) of every listed node that has one uses `shape` from now on. A
/// trigger that was a compound (member list) stops being one: a trigger has a shape or members, not both.
/// One undo step, which merges with nothing; false when nothing changed.
bool assignShape(Document& document, const std::vector<NodeIndex>& nodes, Component component, int shape);

/// "New <type> Shape" for the collider or trigger of the listed nodes that have one: one shared new
/// primitive, or for convex and trimesh one new shape per mesh the nodes draw (nodes without a mesh share
/// one with no mesh). A shape made for one node is named after it. One undo step. Returns the new shapes in
/// the order they were made (empty when no listed node has the component).
std::vector<int> addShapeForNodes(Document& document, const std::vector<NodeIndex>& nodes,
                                  Component component, physics::ShapeType type);

/// "Make Compound Collider" / "Make Compound Trigger" for every listed node whose collider or trigger is not
/// a compound yet. A trigger's members are its current member list, else the triggers below it
/// (descendantTriggers); a trigger with neither is left alone. One undo step; false when nothing changed.
bool makeCompound(Document& document, const std::vector<NodeIndex>& nodes, Component component);

/// "Compute from shapes" for several bodies: each node's motion gets its mass properties (and the mass when
/// given), as one undo step. False when nothing changed.
bool computeMassProperties(Document& document,
                           const std::vector<std::pair<NodeIndex, MassProperties>>& properties);

/// The triggers below `node` (not itself), depth first: the members a compound trigger on it can have.
std::vector<int> descendantTriggers(const Document& document, NodeIndex node);

} // namespace cs::document
