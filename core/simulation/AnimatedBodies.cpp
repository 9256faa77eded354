#include "simulation/AnimatedBodies.h"

#include "simulation/BodyMotions.h"
#include "simulation/SimulationInput.h"

#include <algorithm>
#include <set>

namespace cs::simulation {

namespace {

geometry::Trs trsOf(const gltf::NodeTrs& n)
{
    geometry::Trs t;
    t.translation = {n.translation[0], n.translation[1], n.translation[2]};
    t.rotation = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
    t.scale = {n.scale[0], n.scale[1], n.scale[2]};
    return t;
}

/// The nodes from the root down to `node`.
std::vector<size_t> pathFromRoot(const gltf::SceneGraph& graph, size_t node)
{
    std::vector<size_t> path;
    for (std::optional<size_t> n = node; n; n = graph.parent(*n))
        path.push_back(*n);
    std::reverse(path.begin(), path.end());
    return path;
}

std::string nodePointer(size_t node)
{
    return jsonPointerAppend("/nodes", node);
}

/// Notes for the animated nodes the preview does not follow: below a body (between it and its colliders),
/// above a static collider or trigger, or an animated scale on a body's way.
void noteUnfollowed(const SimulationInput& input, const gltf::SceneGraph& graph, const gltf::Animation& a,
                    const std::set<size_t>& drivenBodies, Diagnostics& notes)
{
    const std::vector<size_t> animated = gltf::animatedNodes(a);
    auto animatedAbove = [&](size_t node) {
        return graph.findUp(
            node, [&](size_t n) { return std::binary_search(animated.begin(), animated.end(), n); });
    };
    for (const SimBody& b : input.bodies) {
        for (const SimShape& s : b.colliders) {
            const auto above = animatedAbove(s.node);
            if (above && *above != b.node && graph.isDescendantOf(*above, b.node))
                notes.push_back(makeWarning("SIM_ANIMATED_COLLIDER_NODE",
                                            "an animated node between a body and its collider: the collider "
                                            "stays where the file puts it on its body",
                                            nodePointer(*above)));
        }
    }
    for (const SimStatic& s : input.statics) {
        if (const auto above = animatedAbove(s.shape.node))
            notes.push_back(makeWarning("SIM_ANIMATED_STATIC",
                                        "an animated static collider stays where the file puts it (give it a "
                                        "kinematic motion to move it with the animation)",
                                        nodePointer(s.shape.node)));
    }
    for (const gltf::AnimationChannel& c : a.channels) {
        const bool onBodyWay = std::any_of(drivenBodies.begin(), drivenBodies.end(), [&](size_t body) {
            return body == c.node || graph.isDescendantOf(body, c.node);
        });
        if (c.path == gltf::AnimationPath::Scale && onBodyWay)
            notes.push_back(makeWarning("SIM_ANIMATED_SCALE",
                                        "an animated scale is not followed: the body's colliders keep the "
                                        "file's size",
                                        c.pointer));
    }
}

} // namespace

Pose animatedPose(const BodyAnimation& a, const AnimatedBody& body, double seconds)
{
    const double t = gltf::animationTime(a.animation, seconds, a.loop);
    geometry::Mat4d world;
    for (const AnimatedLink& link : body.chain)
        world = world *
                (link.animated
                     ? geometry::toMatrix(trsOf(gltf::animatedTrs(a.animation, link.node, link.restTrs, t)))
                     : link.rest);
    const geometry::Trs trs = geometry::decompose(world).trs;
    return {{trs.translation.x, trs.translation.y, trs.translation.z},
            {trs.rotation.x, trs.rotation.y, trs.rotation.z, trs.rotation.w}};
}

Diagnostics animateBodies(SimulationInput& input, const gltf::GltfDocument& doc,
                          const gltf::SceneGraph& graph, size_t index, bool loop)
{
    auto read = gltf::readAnimation(doc, index);
    if (!read)
        return read.diagnostics;
    Diagnostics notes = read.diagnostics;
    BodyAnimation out;
    out.animation = std::move(*read);
    out.loop = loop;
    const std::vector<size_t> animated = gltf::animatedNodes(out.animation);
    auto isAnimated = [&](size_t n) { return std::binary_search(animated.begin(), animated.end(), n); };
    const gltf::Json& nodes = doc.json()["nodes"];
    std::set<size_t> driven;
    for (size_t i = 0; i < input.bodies.size(); ++i) {
        SimBody& b = input.bodies[i];
        const std::vector<size_t> path = pathFromRoot(graph, b.node);
        if (std::none_of(path.begin(), path.end(), isAnimated))
            continue;
        AnimatedBody body{i, {}};
        for (size_t n : path) {
            AnimatedLink link{n, toMat4d(graph.localTransform(n)), isAnimated(n), {}};
            if (link.animated)
                link.restTrs = gltf::restTrs(nodes[n]);
            body.chain.push_back(link);
        }
        if (b.kind == BodyKind::Dynamic)
            notes.push_back(makeInfo("SIM_ANIMATED_DYNAMIC",
                                     "the animation drives this dynamic body: it moves as a kinematic body "
                                     "(\"Animations override simulation\")",
                                     nodePointer(b.node)));
        b.kind = BodyKind::Kinematic;
        b.linearVelocity = {0, 0, 0};
        b.angularVelocity = {0, 0, 0};
        driven.insert(b.node);
        out.bodies.push_back(std::move(body));
    }
    noteUnfollowed(input, graph, out.animation, driven, notes);
    input.animation = std::move(out);
    return notes;
}

} // namespace cs::simulation
