#include "gltf/AnimationPose.h"

#include "gltf/NodeWalk.h"

#include <QQuaternion>
#include <algorithm>

namespace cs::gltf {

namespace {

QMatrix4x4 trsMatrix(const NodeTrs& trs)
{
    QMatrix4x4 m;
    m.translate(float(trs.translation[0]), float(trs.translation[1]), float(trs.translation[2]));
    m.rotate(QQuaternion(float(trs.rotation[3]), float(trs.rotation[0]), float(trs.rotation[1]),
                         float(trs.rotation[2]))
                 .normalized());
    m.scale(float(trs.scale[0]), float(trs.scale[1]), float(trs.scale[2]));
    return m;
}

} // namespace

Result<AnimationPose> AnimationPose::make(const GltfDocument& doc, const SceneGraph& graph, size_t index)
{
    auto read = readAnimation(doc, index);
    if (!read) {
        Result<AnimationPose> failed;
        failed.diagnostics = std::move(read.diagnostics);
        return failed;
    }
    AnimationPose pose;
    pose.m_animation = std::move(*read);
    pose.m_graph = graph;
    pose.m_order = preOrder(graph, graph.roots());
    for (const AnimationChannel& c : pose.m_animation.channels) {
        if (c.node < graph.nodeCount())
            (c.path == AnimationPath::Weights ? pose.m_weighted : pose.m_animated).push_back(c.node);
    }
    for (auto* nodes : {&pose.m_animated, &pose.m_weighted}) {
        std::sort(nodes->begin(), nodes->end());
        nodes->erase(std::unique(nodes->begin(), nodes->end()), nodes->end());
    }
    const Json& nodes = doc.json()["nodes"];
    for (size_t n : pose.m_animated)
        pose.m_rest.push_back(restTrs(nodes[n]));
    for (size_t n : pose.m_weighted)
        pose.m_weightedRest.push_back(restTrs(nodes[n]));
    for (size_t n = 0; n < graph.nodeCount(); ++n) {
        if (graph.findUp(n, [&](size_t up) {
                return std::binary_search(pose.m_animated.begin(), pose.m_animated.end(), up);
            }))
            pose.m_moved.push_back(n);
    }
    return {std::move(pose), std::move(read.diagnostics)};
}

std::vector<QMatrix4x4> AnimationPose::worldTransforms(double time) const
{
    std::vector<QMatrix4x4> local(m_graph.nodeCount());
    for (size_t n = 0; n < local.size(); ++n)
        local[n] = m_graph.localTransform(n);
    for (size_t i = 0; i < m_animated.size(); ++i)
        local[m_animated[i]] = trsMatrix(animatedTrs(m_animation, m_animated[i], m_rest[i], time));
    std::vector<QMatrix4x4> world(local.size());
    for (size_t n : m_order) {
        const auto parent = m_graph.parent(n);
        world[n] = parent ? world[*parent] * local[n] : local[n];
    }
    return world;
}

std::optional<std::vector<double>> AnimationPose::weights(size_t node, double time) const
{
    const auto at = std::lower_bound(m_weighted.begin(), m_weighted.end(), node);
    if (at == m_weighted.end() || *at != node)
        return std::nullopt;
    return animatedTrs(m_animation, node, m_weightedRest[size_t(at - m_weighted.begin())], time).weights;
}

Result<std::vector<QMatrix4x4>> animatedWorldTransforms(const GltfDocument& doc, const SceneGraph& graph,
                                                        size_t index, double time)
{
    auto pose = AnimationPose::make(doc, graph, index);
    if (!pose) {
        Result<std::vector<QMatrix4x4>> failed;
        failed.diagnostics = std::move(pose.diagnostics);
        return failed;
    }
    return {pose->worldTransforms(time), std::move(pose.diagnostics)};
}

std::vector<QMatrix4x4> posedInstances(const RenderScene& render, const std::vector<QMatrix4x4>& worlds)
{
    std::vector<QMatrix4x4> out;
    out.reserve(render.instances.size());
    for (const RenderInstance& instance : render.instances)
        out.push_back(instance.node < worlds.size() ? worlds[instance.node] : instance.world);
    return out;
}

} // namespace cs::gltf
