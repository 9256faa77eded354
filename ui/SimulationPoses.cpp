#include "SimulationPoses.h"

#include "document/NodeOperations.h"

#include <algorithm>

namespace cs::ui {

namespace {

geometry::Mat4d rigidMatrix(const simulation::Pose& p)
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

geometry::Mat4d fromQt(const QMatrix4x4& q)
{
    geometry::Mat4d m;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            m(r, c) = double(q(r, c));
    }
    return m;
}

bool isIdentity(const geometry::Mat4d& m)
{
    return m.m == geometry::Mat4d().m;
}

/// The motion of the body that moves `node`, or null for a node no body moves.
const geometry::Mat4d* motionOf(const physics::ResolvedScene& resolved,
                                const std::vector<geometry::Mat4d>& motions, size_t node)
{
    const int body = resolved.bodyOfNode(node);
    return body >= 0 && size_t(body) < motions.size() ? &motions[size_t(body)] : nullptr;
}

} // namespace

std::vector<geometry::Mat4d> bodyMotions(const simulation::SimulationInput& input,
                                         const std::vector<simulation::BodyState>& states)
{
    std::vector<geometry::Mat4d> motions(input.bodies.size());
    for (size_t i = 0; i < input.bodies.size() && i < states.size(); ++i) {
        const simulation::Pose& from = input.bodies[i].pose;
        const simulation::Pose& to = states[i].pose;
        if (from.position == to.position && from.rotation == to.rotation)
            continue; // exactly where it started: identity, so that nothing is rounded
        geometry::Mat4d inverse;
        geometry::affineInverse(rigidMatrix(from), inverse);
        motions[i] = rigidMatrix(to) * inverse;
    }
    return motions;
}

std::vector<QMatrix4x4> movedInstances(const gltf::RenderScene& render,
                                       const physics::ResolvedScene& resolved,
                                       const std::vector<geometry::Mat4d>& motions)
{
    std::vector<QMatrix4x4> world;
    world.reserve(render.instances.size());
    for (const gltf::RenderInstance& instance : render.instances) {
        const geometry::Mat4d* motion = motionOf(resolved, motions, instance.node);
        world.push_back(motion && !isIdentity(*motion) ? toQt(*motion * fromQt(instance.world))
                                                       : instance.world);
    }
    return world;
}

physics::ResolvedScene movedScene(const physics::ResolvedScene& resolved,
                                  const std::vector<geometry::Mat4d>& motions)
{
    physics::ResolvedScene moved = resolved;
    for (physics::ShapeInstance& instance : moved.instances) {
        if (instance.body >= 0 && size_t(instance.body) < motions.size() &&
            !isIdentity(motions[size_t(instance.body)]))
            instance.world = toQt(motions[size_t(instance.body)] * fromQt(instance.world));
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

std::vector<std::pair<document::NodeIndex, geometry::Mat4d>>
keptPoses(const document::Document& document, const simulation::SimulationInput& input,
          const std::vector<geometry::Mat4d>& motions)
{
    std::vector<std::pair<document::NodeIndex, geometry::Mat4d>> worlds;
    for (size_t i = 0; i < input.bodies.size() && i < motions.size(); ++i) {
        if (input.bodies[i].kind == simulation::BodyKind::Static || isIdentity(motions[i]))
            continue;
        const size_t node = input.bodies[i].node;
        worlds.emplace_back(node, motions[i] * document::nodeWorldMatrix(document, node));
    }
    return worlds;
}

} // namespace cs::ui
