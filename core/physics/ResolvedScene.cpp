#include "physics/ResolvedScene.h"

#include <algorithm>
#include <cstdint>

namespace cs::physics {

int ResolvedScene::bodyOfNode(size_t node) const
{
    return node < nodeBody.size() ? nodeBody[node] : -1;
}

ResolvedScene resolveScene(const PhysicsModel& model, const gltf::SceneGraph& graph)
{
    ResolvedScene scene;
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
    // Each node's body is that of its nearest ancestor-or-self with a motion. Walking up from every node
    // would take depth x nodes (44 s for a chain of 100,000 nodes); instead walk up only to the first node
    // already known and fill in the path on the way back.
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
            // The grouping node, if any, between the shape (exclusive of itself) and its body node.
            const int bodyNode = body >= 0 ? static_cast<int>(scene.bodies[body].node) : -1;
            for (std::optional<size_t> p = graph.parent(index); p && static_cast<int>(*p) != bodyNode;
                 p = graph.parent(*p)) {
                const NodePhysics* pn = model.node(*p);
                if (!trigger && pn && pn->collider && pn->collider->shape < 0) {
                    s.compoundCollider = static_cast<int>(*p);
                    break;
                }
            }
            if (!trigger && bodyNode >= 0 && s.compoundCollider < 0) {
                const NodePhysics* bn = model.node(static_cast<size_t>(bodyNode));
                if (bn && bn->collider && bn->collider->shape < 0 && bodyNode != static_cast<int>(index))
                    s.compoundCollider = bodyNode;
            }
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

    for (const auto& [index, n] : model.nodes) {
        if (index >= nodeCount || !n.trigger || !n.trigger->isCompound())
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
    return scene;
}

} // namespace cs::physics
