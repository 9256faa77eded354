#pragma once

// How the Joints tab names a joint description: by its name or kind and the nodes it joins.

#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"

#include <string>

namespace cs::document {

/// The kind of joint a description makes, from the axes its limits lock (min and max 0, with or without a
/// spring), as
/// the Add menu's presets make them: "fixed" (every axis), "hinge" (the linear axes and two angular ones),
/// "slider" (two linear axes and the angular ones), "ball and socket" (the linear axes), "free" (no limit);
/// "joint" for any other combination.
std::string jointKind(const physics::JointDescription& joint);

/// A description's line in the Joints tab: its name (a "name" in its JSON), else its kind, then each node
/// joint that uses it as "node -> connected node", e.g. "hinge: Door -> Frame" or
/// "hinge: Door -> Frame, Lid -> Box"; "hinge: not used" when none does.
std::string jointListText(const gltf::GltfDocument& doc, const physics::PhysicsModel& model, int index);

} // namespace cs::document
