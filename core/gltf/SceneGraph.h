#pragma once

#include "gltf/GltfDocument.h"

#include <QMatrix4x4>
#include <optional>
#include <vector>

namespace cs::gltf {

/// The node hierarchy of a document: parents, children, local and world transforms, scenes. Built once from
/// the JSON; rebuild after the node graph or a transform changes. Defects (child index out of range, a node
/// with two parents, cycles, a matrix or TRS of the wrong length) are reported by build() and the offending
/// links are left out, so that every query here terminates and every node has a world transform.
class SceneGraph
{
public:
    static Result<SceneGraph> build(const GltfDocument& doc);

    size_t nodeCount() const { return m_parent.size(); }
    /// The node's parent; none for a root.
    std::optional<size_t> parent(size_t node) const { return m_parent[node]; }
    /// The nearest of the node and its ancestors for which `pred(index)` is true, walking up; none when no
    /// node on the way qualifies (or `node` is out of range).
    template <class Pred> std::optional<size_t> findUp(size_t node, Pred&& pred) const
    {
        for (std::optional<size_t> n = node < m_parent.size() ? std::optional<size_t>(node) : std::nullopt; n;
             n = m_parent[*n]) {
            if (pred(*n))
                return n;
        }
        return std::nullopt;
    }
    const std::vector<size_t>& children(size_t node) const { return m_children[node]; }
    /// The node's own transform: `matrix` if present, else T * R * S (defaults where absent).
    const QMatrix4x4& localTransform(size_t node) const { return m_local[node]; }
    /// The product of the local transforms from the root down to this node.
    const QMatrix4x4& worldTransform(size_t node) const { return m_world[node]; }
    /// Every node's world transform, indexed like the nodes.
    const std::vector<QMatrix4x4>& worldTransforms() const { return m_world; }
    /// True when `ancestor` is a proper ancestor of `node`.
    bool isDescendantOf(size_t node, size_t ancestor) const;
    /// The nodes without a parent, in index order.
    std::vector<size_t> roots() const;

    size_t sceneCount() const { return m_sceneRoots.size(); }
    const std::vector<size_t>& sceneRoots(size_t scene) const { return m_sceneRoots[scene]; }
    /// The `scene` property, or -1 when absent.
    int defaultScene() const { return m_defaultScene; }

private:
    std::vector<std::optional<size_t>> m_parent;
    std::vector<std::vector<size_t>> m_children;
    std::vector<QMatrix4x4> m_local;
    std::vector<QMatrix4x4> m_world;
    std::vector<std::vector<size_t>> m_sceneRoots;
    int m_defaultScene = -1;
};

/// The local transform of a node object (matrix or TRS); malformed arrays are ignored (identity parts).
QMatrix4x4 nodeLocalTransform(const Json& node);

} // namespace cs::gltf
