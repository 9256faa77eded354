#pragma once

#include "document/Selection.h"
#include "geometry/Transform.h"
#include "gltf/RenderScene.h"
#include "physics/ResolvedScene.h"
#include "simulation/World.h"

#include <QMatrix4x4>
#include <utility>
#include <vector>

namespace cs::document {
class Document;
}

namespace cs::ui {

/// Per body (SimulationInput order): the rigid motion from its pose at time 0 to `states`' pose, as the
/// world matrix that carries everything the body moves.
std::vector<geometry::Mat4d> bodyMotions(const simulation::SimulationInput& input,
                                         const std::vector<simulation::BodyState>& states);

/// The render scene's instances moved with their bodies (the resolved scene's nodeBody; the bodies are in
/// the same order as the input's): one world matrix per instance, for Viewport::setInstanceTransforms.
std::vector<QMatrix4x4> movedInstances(const gltf::RenderScene& render,
                                       const physics::ResolvedScene& resolved,
                                       const std::vector<geometry::Mat4d>& motions);

/// The resolved scene with every collider and trigger instance moved with its body, for the overlays.
physics::ResolvedScene movedScene(const physics::ResolvedScene& resolved,
                                  const std::vector<geometry::Mat4d>& motions);

/// The resolved scene with only the trigger instances of `triggerNodes` (trigger nodes, or compound
/// trigger nodes for their members), for drawing the occupied triggers apart.
physics::ResolvedScene triggersOnly(const physics::ResolvedScene& resolved,
                                    const std::vector<size_t>& triggerNodes);

/// The world matrix each moved body node (dynamic and kinematic bodies whose pose changed) would have, its
/// scale kept: what "Keep Current Poses" writes (document::placeNodesInWorld).
std::vector<std::pair<document::NodeIndex, geometry::Mat4d>>
keptPoses(const document::Document& document, const simulation::SimulationInput& input,
          const std::vector<geometry::Mat4d>& motions);

} // namespace cs::ui
