#pragma once

// Export move for targets that take a dynamic body's initial velocities as world vectors (the Sample Renderer
// passes them to PhysX unrotated, SR createActor; Godot sets them on RigidBody3D as global vectors, G47
// body.cpp:231-233, inferred): the spec gives them in node space, so the export writes them already turned by
// the node's world rotation, which such a target then reads as the spec's world velocity.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"

namespace cs::targets {

/// For each dynamic body with a non-zero linear or angular velocity under a turned node: the velocities are
/// written in the world frame (one info change, TARGET_CHANGED, per vector, with its pointer). A node whose
/// world matrix shears or mirrors has no single rotation: its velocities stay and an info TARGET_DIFFERS says
/// so.
void worldFrameVelocities(physics::PhysicsModel& model, const gltf::SceneGraph& graph, Diagnostics& changes);

} // namespace cs::targets
