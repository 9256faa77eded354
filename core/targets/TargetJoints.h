#pragma once

// Export move for targets that need a body at or above the node that carries a joint (Babylon.js + Havok
// reads body A as the body above the `joint` node and crashes without one, BAB:535-566): the joint moves to
// its connected node, whose body then holds it, and the description is inverted so the constraint means the
// same.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"
#include "targets/ExportScene.h"

#include <optional>

namespace cs::targets {

/// The description of the same constraint seen from the other side: the relative transform of the two frames
/// is inverted, so a limit [min, max] on an axis becomes [-max, -min] and drive targets change sign. Only
/// when that is exact: every angular axis but at most one is locked (min = max = 0), so the frames turn about
/// that axis alone (or not at all), and every limited linear axis is one whose value the inversion only
/// negates (the hinge's own axis, any axis when nothing turns, both others when both are locked, a 3-axis
/// distance); or when nothing limits the turn and every linear limit is a 3-axis distance (a ball joint),
/// which reads the same from either side. std::nullopt otherwise.
std::optional<physics::JointDescription> invertedJoint(const physics::JointDescription& joint);

/// For each joint on a node with no body at or above it whose connected node has one: the joint moves to the
/// connected node (pointing back at the first) with the inverted description. Each move is an info change
/// (TARGET_CHANGED); a joint that cannot move exactly stays, and the check of the written file reports it. An
/// OMI static body counts as a body here: the KHR writer writes every static body a joint joins as a
/// kinematic body without velocity (physics::staticJointSides), so the reader finds it above the joint node.
/// `exported`: the document's graph and the model resolved over it (which node each body moves).
void moveJointsToBodies(physics::PhysicsModel& model, const ExportScene& exported, Diagnostics& changes);

} // namespace cs::targets
