#pragma once

#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"

#include <QMatrix4x4>
#include <map>
#include <vector>

namespace cs::physics {

/// One collider or trigger volume placed in the world.
struct ShapeInstance
{
    size_t node = 0;
    int shape = -1; ///< model shape index (valid: 0 <= shape < model.shapes.size())
    bool trigger = false;
    int physicsMaterial = -1;
    int collisionFilter = -1;
    QMatrix4x4 world;          ///< the node's world transform (the shape's frame)
    int body = -1;             ///< index into ResolvedScene::bodies, -1 = static world geometry
    int compoundTrigger = -1;  ///< index into ResolvedScene::compoundTriggers, -1 = a trigger on its own
    int compoundCollider = -1; ///< node of the nearest `collider: {}` grouping node below the body, -1 = none
};

/// A node with motion and everything it moves.
struct ResolvedBody
{
    size_t node = 0;
    Motion motion;                 ///< with defaults applied
    std::vector<size_t> colliders; ///< indices into ResolvedScene::instances
    std::vector<size_t> triggers;
};

struct CompoundTrigger
{
    size_t node = 0;
    std::vector<size_t> members; ///< indices into ResolvedScene::instances
    int collisionFilter = -1;
    bool implicit = false;
    int body = -1;
};

/// The physics scene as an engine would build it (spec digest section 3.6): each collider and trigger belongs
/// to the nearest node at or above it with motion (a nested motion starts an independent body), or else is
/// static world geometry; compound triggers gather their listed members. Shapes with an invalid index are
/// left out (the validator reports them).
struct ResolvedScene
{
    std::vector<ShapeInstance> instances; ///< in node order; a node with collider and trigger gives two
    std::vector<ResolvedBody> bodies;     ///< in node order
    std::vector<CompoundTrigger> compoundTriggers;
    std::vector<size_t> staticColliders; ///< instances with no body
    std::vector<size_t> staticTriggers;

    /// The body index owning node `node` (nearest motion at or above it), -1 for none.
    int bodyOfNode(size_t node) const;

    std::vector<int> nodeBody; ///< per node: the owning body, -1 none
};

ResolvedScene resolveScene(const PhysicsModel& model, const gltf::SceneGraph& graph);

/// The static bodies (OMI motion type static) that are a side of a joint: the nearest body at or above a
/// joint node, or at or above its connectedNode. Each body's node maps to the first joint node that joins it.
/// KHR has no static motion: written as colliders without motion, such a body would leave the joint's side to
/// the world, so `enableCollision: false` would no longer keep the two bodies apart, and a joint with two
/// static sides would have no side in a body. The KHR writer writes them as kinematic bodies without
/// velocity.
std::map<size_t, size_t> staticJointSides(const PhysicsModel& model, const ResolvedScene& scene);

} // namespace cs::physics
