#include "simulation/BodyMotions.h"

#include <algorithm>

namespace cs::simulation {

namespace {

geometry::Mat4d rigidMatrix(const Pose& p)
{
    geometry::Trs trs;
    trs.translation = {p.position[0], p.position[1], p.position[2]};
    trs.rotation = {p.rotation[0], p.rotation[1], p.rotation[2], p.rotation[3]};
    return geometry::toMatrix(trs);
}

QMatrix4x4 toQt(const geometry::Mat4d& m)
{
    QMatrix4x4 q;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            q(r, c) = float(m(r, c));
    }
    return q;
}

/// The motion of the body at `body` in the resolved scene, null for none or a body that did not move.
const geometry::Mat4d* motionOfBody(const physics::ResolvedScene& resolved, const BodyMotions& motions,
                                    int body)
{
    return body >= 0 && size_t(body) < resolved.bodies.size() ? motions.of(resolved.bodies[size_t(body)].node)
                                                              : nullptr;
}

} // namespace

geometry::Mat4d toMat4d(const QMatrix4x4& q)
{
    geometry::Mat4d m;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            m(r, c) = double(q(r, c));
    }
    return m;
}

BodyMotions::BodyMotions(const SimulationInput& input, const std::vector<BodyState>& states)
{
    std::map<size_t, const BodyState*> stateOf;
    for (const BodyState& s : states)
        stateOf.emplace(s.node, &s);
    for (const SimBody& body : input.bodies) {
        const auto it = stateOf.find(body.node);
        if (it == stateOf.end())
            continue;
        const Pose& from = body.pose;
        const Pose& to = it->second->pose;
        if (from.position == to.position && from.rotation == to.rotation)
            continue; // exactly where it started: no motion, so that nothing is rounded
        geometry::Mat4d inverse;
        geometry::affineInverse(rigidMatrix(from), inverse);
        const geometry::Mat4d motion = rigidMatrix(to) * inverse;
        m_byNode[body.node] = motion;
        if (body.kind != BodyKind::Static)
            m_moved.emplace_back(body.node, motion);
    }
}

const geometry::Mat4d* BodyMotions::of(size_t bodyNode) const
{
    const auto it = m_byNode.find(bodyNode);
    return it == m_byNode.end() ? nullptr : &it->second;
}

BodyMotions nodeMotions(const gltf::SceneGraph& graph, const std::vector<QMatrix4x4>& posed,
                        const std::vector<size_t>& nodes)
{
    std::map<size_t, geometry::Mat4d> byNode;
    for (size_t node : nodes) {
        if (node >= graph.nodeCount() || node >= posed.size() || posed[node] == graph.worldTransform(node))
            continue;
        geometry::Mat4d inverse;
        if (geometry::affineInverse(toMat4d(graph.worldTransform(node)), inverse))
            byNode.emplace(node, toMat4d(posed[node]) * inverse);
    }
    return BodyMotions(std::move(byNode));
}

std::vector<BodyState> interpolateStates(const std::vector<BodyState>& previous,
                                         const std::vector<BodyState>& current, double alpha)
{
    std::map<size_t, const BodyState*> before;
    for (const BodyState& s : previous)
        before.emplace(s.node, &s);
    std::vector<BodyState> states = current;
    for (BodyState& s : states) {
        const auto it = before.find(s.node);
        if (it != before.end())
            s.pose = interpolate(it->second->pose, s.pose, alpha);
    }
    return states;
}

std::vector<QMatrix4x4> movedInstances(const gltf::RenderScene& render,
                                       const physics::ResolvedScene& resolved, const BodyMotions& motions)
{
    std::vector<QMatrix4x4> world;
    world.reserve(render.instances.size());
    for (const gltf::RenderInstance& instance : render.instances) {
        const geometry::Mat4d* motion = motionOfBody(resolved, motions, resolved.bodyOfNode(instance.node));
        world.push_back(motion ? toQt(*motion * toMat4d(instance.world)) : instance.world);
    }
    return world;
}

physics::ResolvedScene movedScene(const physics::ResolvedScene& resolved, const BodyMotions& motions)
{
    physics::ResolvedScene moved = resolved;
    for (physics::ShapeInstance& instance : moved.instances) {
        if (const geometry::Mat4d* motion = motionOfBody(resolved, motions, instance.body))
            instance.world = toQt(*motion * toMat4d(instance.world));
    }
    return moved;
}

physics::ResolvedScene triggersOnly(const physics::ResolvedScene& resolved,
                                    const std::vector<size_t>& triggerNodes)
{
    physics::ResolvedScene lit;
    lit.nodeBody = resolved.nodeBody;
    lit.bodies = resolved.bodies;
    for (auto& body : lit.bodies) {
        body.colliders.clear();
        body.triggers.clear();
    }
    const auto listed = [&](size_t node) {
        return std::find(triggerNodes.begin(), triggerNodes.end(), node) != triggerNodes.end();
    };
    for (const physics::ShapeInstance& instance : resolved.instances) {
        if (!instance.trigger)
            continue;
        const bool inCompound = instance.compoundTrigger >= 0 &&
                                size_t(instance.compoundTrigger) < resolved.compoundTriggers.size() &&
                                listed(resolved.compoundTriggers[size_t(instance.compoundTrigger)].node);
        if (listed(instance.node) || inCompound) {
            physics::ShapeInstance copy = instance;
            copy.compoundTrigger = -1;
            lit.instances.push_back(copy);
        }
    }
    return lit;
}

} // namespace cs::simulation
