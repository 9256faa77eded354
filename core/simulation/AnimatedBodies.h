#pragma once

// Bodies driven by a glTF animation in the preview. The KHR draft (spec digest 2.1): "Animations override
// simulation": a body whose node, or an ancestor of it, an animation channel drives follows the animation as
// a kinematic body, with the velocity its motion implies, so that it pushes dynamic bodies.

#include "Diagnostic.h"
#include "geometry/Transform.h"
#include "gltf/Animation.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"

#include <vector>

namespace cs::simulation {

struct Pose;
struct SimulationInput;

/// One node on the way from a root down to an animated body's node.
struct AnimatedLink
{
    size_t node = 0;
    geometry::Mat4d rest; ///< the node's own transform in the file
    bool animated = false;
    gltf::NodeTrs restTrs; ///< the node's TRS in the file, for the channels to override (animated nodes)
};

/// A body the animation drives: the nodes from its root down to its node.
struct AnimatedBody
{
    size_t body = 0; ///< index into SimulationInput::bodies
    std::vector<AnimatedLink> chain;
};

/// The animation the preview plays (simulate --animation), and the bodies it drives. Empty: none.
struct BodyAnimation
{
    gltf::Animation animation;
    bool loop = false; ///< play it again from the start when it ends; otherwise the last pose stays
    std::vector<AnimatedBody> bodies;
};

/// The world placement (scale removed) of the body's node `seconds` after the simulation's start.
Pose animatedPose(const BodyAnimation& animation, const AnimatedBody& body, double seconds);

/// Makes `input` play animation `index` of `doc`: every body whose node or an ancestor of it a channel drives
/// becomes kinematic (a dynamic one too: the animation overrides the simulation), and moves along it. The
/// animation's errors come back and nothing changes then. Notes (SIM_ANIMATED_*) say what the preview does
/// not follow: an animated scale (the colliders keep the file's), an animated node between a body and its
/// colliders, an animated static collider or trigger (they stay where the file puts them).
Diagnostics animateBodies(SimulationInput& input, const gltf::GltfDocument& doc,
                          const gltf::SceneGraph& graph, size_t index, bool loop);

} // namespace cs::simulation
