#pragma once

// What the preview shows between the document and the running simulation: each body's rigid motion since
// time 0, and the render instances, collider and trigger overlays moved with it. A body is known by its node
// everywhere (SimBody::node, BodyState::node, ResolvedBody::node): the simulation's states, the input and the
// resolved scene are matched by node, never by their position in lists that happen to be built alike.

#include "geometry/Transform.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"
#include "physics/ResolvedScene.h"
#include "simulation/World.h"

#include <QMatrix4x4>
#include <map>
#include <utility>
#include <vector>

namespace cs::simulation {

/// The rigid motion of every body that moved: the matrix that takes its time-0 placement (the input's
/// SimBody::pose) to the pose of its state, and so carries everything the body moves.
class BodyMotions
{
public:
    BodyMotions() = default;
    /// Bodies are matched by node; a state whose node is no body of `input`, or a body without a state,
    /// has no motion.
    BodyMotions(const SimulationInput& input, const std::vector<BodyState>& states);
    /// Motions keyed by any node (an animation moves nodes, not bodies: nodeMotions); moved() stays empty.
    explicit BodyMotions(std::map<size_t, geometry::Mat4d> byNode) : m_byNode(std::move(byNode)) {}

    /// The motion of the body whose node is `bodyNode`; null when it did not move or is not a body.
    const geometry::Mat4d* of(size_t bodyNode) const;
    /// The dynamic and kinematic bodies that moved, in input order, with their motions: what "Keep Current
    /// Poses" writes (each times the node's world matrix, so that its scale is kept).
    const std::vector<std::pair<size_t, geometry::Mat4d>>& moved() const { return m_moved; }
    bool empty() const { return m_byNode.empty(); }

private:
    std::map<size_t, geometry::Mat4d> m_byNode;
    std::vector<std::pair<size_t, geometry::Mat4d>> m_moved;
};

/// A Qt matrix (float) as the geometry's (double).
geometry::Mat4d toMat4d(const QMatrix4x4& q);

/// The states between `previous` and `current` at `alpha` (0: previous, 1: current): positions interpolated
/// linearly, rotations along the shortest arc. States are matched by node; one without a previous state is
/// kept as it is.
std::vector<BodyState> interpolateStates(const std::vector<BodyState>& previous,
                                         const std::vector<BodyState>& current, double alpha);

/// The motion of each of `nodes` from its world transform at rest (`graph`) to `posed` (one matrix per node,
/// as gltf::AnimationPose gives): posed * rest^-1, which carries the lines drawn at rest to the pose. A node
/// whose rest transform cannot be inverted (a zero scale), or that did not move, has none.
BodyMotions nodeMotions(const gltf::SceneGraph& graph, const std::vector<QMatrix4x4>& posed,
                        const std::vector<size_t>& nodes);

/// The render scene's instances moved with their bodies (the body that owns each instance's node in
/// `resolved`): one world matrix per instance.
std::vector<QMatrix4x4> movedInstances(const gltf::RenderScene& render,
                                       const physics::ResolvedScene& resolved, const BodyMotions& motions);

/// The resolved scene with every collider and trigger instance moved with its body, for the overlays.
physics::ResolvedScene movedScene(const physics::ResolvedScene& resolved, const BodyMotions& motions);

/// The resolved scene with only the trigger instances of `triggerNodes` (trigger nodes, or compound
/// trigger nodes for their members), for drawing the occupied triggers apart.
physics::ResolvedScene triggersOnly(const physics::ResolvedScene& resolved,
                                    const std::vector<size_t>& triggerNodes);

} // namespace cs::simulation
