#pragma once

// A glTF animation's pose of the whole node tree: every node's world transform at a time, for views that
// show the animation without changing the document (the window's animation timeline).

#include "gltf/Animation.h"
#include "gltf/GltfDocument.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"

#include <QMatrix4x4>
#include <optional>
#include <vector>

namespace cs::gltf {

/// One animation of a document, ready to pose its nodes at any time. Holds copies of what it needs (the
/// animation, the graph, the animated nodes' TRS in the file), so the document may change afterwards; a pose
/// made then is of the document as it was.
class AnimationPose
{
public:
    /// Reads animation `index` of `doc` over `graph` (built from `doc`); the animation's errors come back.
    static Result<AnimationPose> make(const GltfDocument& doc, const SceneGraph& graph, size_t index);

    const Animation& animation() const { return m_animation; }
    /// Seconds of one pass, the last key time over every sampler ([0, duration()]).
    double duration() const { return m_animation.end; }
    /// Every node's world transform at `time` seconds (glTF clamps to the first and last keys; a looping
    /// player wraps the time first, animationTime): an animated node's local transform is T * R * S of its
    /// TRS in the file with the channels applied (rotation normalised, as a node's own TRS is read); every
    /// other node keeps the graph's local transform (its matrix or TRS); worlds are the products from the
    /// root down, as SceneGraph::worldTransform at rest. One per node, indexed like the graph's nodes. Morph
    /// weight channels change no transform.
    std::vector<QMatrix4x4> worldTransforms(double time) const;
    /// The nodes whose world transform the animation drives: each node a translation, rotation or scale
    /// channel targets and every node below one, ascending.
    const std::vector<size_t>& movedNodes() const { return m_moved; }
    /// The morph weights of `node` at `time` when a `weights` channel drives them (the node's own weights,
    /// else none, with the channel applied); none when no channel does.
    std::optional<std::vector<double>> weights(size_t node, double time) const;
    /// The nodes a `weights` channel targets, ascending.
    const std::vector<size_t>& weightedNodes() const { return m_weighted; }

private:
    Animation m_animation;
    SceneGraph m_graph;
    std::vector<size_t> m_order;    ///< every node, parents first
    std::vector<size_t> m_animated; ///< nodes a TRS channel targets, ascending
    std::vector<NodeTrs> m_rest;    ///< per m_animated entry: the node's TRS in the file
    std::vector<size_t> m_moved;
    std::vector<size_t> m_weighted;      ///< nodes a weights channel targets, ascending
    std::vector<NodeTrs> m_weightedRest; ///< per m_weighted entry: the node's TRS and weights in the file
};

/// Animation `index` of `doc` posed at `time`: AnimationPose::make then worldTransforms.
Result<std::vector<QMatrix4x4>> animatedWorldTransforms(const GltfDocument& doc, const SceneGraph& graph,
                                                        size_t index, double time);

/// The render instances placed by `worlds` (one matrix per node, as worldTransforms gives): one matrix per
/// instance, in `render.instances` order. A skinned mesh is placed by its node's posed transform but keeps
/// the vertices its skin gives in the file's pose (the joints' animation does not deform it): right when the
/// skinned node and its joints move together under an animated ancestor, its rest shape otherwise.
std::vector<QMatrix4x4> posedInstances(const RenderScene& render, const std::vector<QMatrix4x4>& worlds);

} // namespace cs::gltf
