#pragma once

#include "Diagnostic.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"
#include "simulation/SimulationInput.h"

#include <vector>

namespace cs::simulation {

/// Internal to buildSimulationInput: the model's node joints (both families) as SimJoints between the
/// resolved scene's bodies (same indices as SimulationInput::bodies). Joints that cannot be simulated (a
/// missing description or connected node, both sides on one body or both static) and the parts of a
/// description the engine reads approximately give SIM_JOINT_* notes. `behaviour` applies a target's joint
/// deviations (rigid distance and locked limits, mixed limits read as linear, drives' maxForce 0 uncapped).
std::vector<SimJoint> buildJoints(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                                  const gltf::SceneGraph& graph, const BehaviourProfile& behaviour,
                                  Diagnostics& notes);

} // namespace cs::simulation
