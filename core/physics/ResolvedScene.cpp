#include "physics/ResolvedScene.h"

#include "gltf/WorkCounters.h"

#include <algorithm>
#include <cstdint>

namespace cs::physics {

int ResolvedScene::bodyOfNode(size_t node) const
{
    return node < nodeBody.size() ? nodeBody[node] : -1;
}

namespace {

/// A body per node with a motion, and each node's body: that of its nearest ancestor-or-self with a motion.
void resolveBodies(ResolvedScene& scene, const PhysicsModel& model, const gltf::SceneGraph& graph)
{
    const size_t nodeCount = graph.nodeCount();
    scene.nodeBody.assign(nodeCount, -1);
    std::vector<int> bodyOfMotionNode(nodeCount, -1);
    for (const auto& [index, n] : model.nodes) {
        if (index >= nodeCount || !n.motion)
            continue;
        ResolvedBody body;
        body.node = index;
        body.motion = *n.motion;
        bodyOfMotionNode[index] = static_cast<int>(scene.bodies.size());
        scene.bodies.push_back(std::move(body));
    }
    // Walking up from every node would take depth x nodes (44 s for a chain of 100,000 nodes); instead walk
    // up only to the first node already known and fill in the path on the way back.
    std::vector<std::uint8_t> known(nodeCount, 0);
    std::vector<size_t> path;
    for (size_t i = 0; i < nodeCount; ++i) {
        path.clear();
        std::optional<size_t> n = i;
        while (n && !known[*n] && bodyOfMotionNode[*n] < 0) {
            path.push_back(*n);
            n = graph.parent(*n);
        }
        const int body = !n ? -1 : (known[*n] ? scene.nodeBody[*n] : bodyOfMotionNode[*n]);
        if (n) {
            scene.nodeBody[*n] = body;
            known[*n] = 1;
        }
        for (size_t p : path) {
            scene.nodeBody[p] = body;
            known[p] = 1;
        }
    }
}

/// The grouping node of a collider on `node`, if any: the nearest node strictly between it and its body node
/// whose collider has no shape, else the body node itself when its collider has none; -1 when there is none.
int compoundColliderOf(size_t node, int bodyNode, const PhysicsModel& model, const gltf::SceneGraph& graph)
{
    for (std::optional<size_t> p = graph.parent(node); p && static_cast<int>(*p) != bodyNode;
         p = graph.parent(*p)) {
        const NodePhysics* pn = model.node(*p);
        if (pn && pn->collider && pn->collider->shape < 0)
            return static_cast<int>(*p);
    }
    if (bodyNode >= 0 && bodyNode != static_cast<int>(node)) {
        const NodePhysics* bn = model.node(static_cast<size_t>(bodyNode));
        if (bn && bn->collider && bn->collider->shape < 0)
            return bodyNode;
    }
    return -1;
}

/// Every collider and trigger with a shape, as an instance placed in the world and listed under its body (or
/// among the static ones).
void resolveInstances(ResolvedScene& scene, const PhysicsModel& model, const gltf::SceneGraph& graph)
{
    const size_t nodeCount = graph.nodeCount();
    const int shapeCount = static_cast<int>(model.shapes.size());
    for (const auto& [index, n] : model.nodes) {
        if (index >= nodeCount)
            continue;
        const int body = scene.nodeBody[index];
        // `index` is captured by an explicit copy: clang before 16 cannot capture a structured binding.
        auto add = [&, index = index](int shape, bool trigger, int material, int filter) {
            ShapeInstance s;
            s.node = index;
            s.shape = shape;
            s.trigger = trigger;
            s.physicsMaterial = material;
            s.collisionFilter = filter;
            s.world = graph.worldTransform(index);
            s.body = body;
            const int bodyNode = body >= 0 ? static_cast<int>(scene.bodies[body].node) : -1;
            if (!trigger)
                s.compoundCollider = compoundColliderOf(index, bodyNode, model, graph);
            const size_t at = scene.instances.size();
            scene.instances.push_back(s);
            if (body >= 0)
                (trigger ? scene.bodies[body].triggers : scene.bodies[body].colliders).push_back(at);
            else
                (trigger ? scene.staticTriggers : scene.staticColliders).push_back(at);
        };
        if (n.collider && n.collider->shape >= 0 && n.collider->shape < shapeCount)
            add(n.collider->shape, false, n.collider->physicsMaterial, n.collider->collisionFilter);
        if (n.trigger && n.trigger->shape >= 0 && n.trigger->shape < shapeCount)
            add(n.trigger->shape, true, -1, n.trigger->collisionFilter);
    }
}

void resolveCompoundTriggers(ResolvedScene& scene, const PhysicsModel& model, const gltf::SceneGraph& graph)
{
    for (const auto& [index, n] : model.nodes) {
        if (index >= graph.nodeCount() || !n.trigger || !n.trigger->isCompound())
            continue;
        CompoundTrigger group;
        group.node = index;
        group.collisionFilter = n.trigger->collisionFilter;
        group.implicit = n.trigger->implicitCompound;
        group.body = scene.nodeBody[index];
        const int groupIndex = static_cast<int>(scene.compoundTriggers.size());
        for (int member : n.trigger->nodes) {
            for (size_t i = 0; i < scene.instances.size(); ++i) {
                ShapeInstance& s = scene.instances[i];
                if (s.trigger && static_cast<int>(s.node) == member && s.compoundTrigger < 0) {
                    s.compoundTrigger = groupIndex;
                    group.members.push_back(i);
                }
            }
        }
        scene.compoundTriggers.push_back(std::move(group));
    }
}

} // namespace

ResolvedScene resolveScene(const PhysicsModel& model, const gltf::SceneGraph& graph)
{
    gltf::countWork(gltf::Work::PhysicsResolve);
    ResolvedScene scene;
    resolveBodies(scene, model, graph);
    resolveInstances(scene, model, graph);
    resolveCompoundTriggers(scene, model, graph);
    return scene;
}

std::map<size_t, size_t> staticJointSides(const PhysicsModel& model, const ResolvedScene& scene)
{
    std::map<size_t, size_t> sides;
    for (const auto& [index, node] : model.nodes) {
        if (!node.joint)
            continue;
        for (const int side : {int(index), node.joint->connectedNode}) {
            const int body = side >= 0 ? scene.bodyOfNode(size_t(side)) : -1;
            if (body >= 0 && scene.bodies[size_t(body)].motion.type == MotionType::Static)
                sides.emplace(scene.bodies[size_t(body)].node, index);
        }
    }
    return sides;
}

} // namespace cs::physics
