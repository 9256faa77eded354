#pragma once

// Skin and morph deformation of a mesh's vertex positions, as glTF 2.0 defines it (sections 3.7.3 and 3.8):
// morph targets first (base + sum of weight * POSITION delta), then linear blend skinning with each joint's
// world matrix times its inverse bind matrix. The pose is the file's (the nodes' transforms and weights as
// written) unless one is given: an animation's world transforms and morph weights at a time.

#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"

#include <QMatrix4x4>
#include <QVector3D>
#include <cstdint>
#include <optional>
#include <vector>

namespace cs::gltf {

/// skins[i] as read: joint node indices and one inverse bind matrix per joint (identity when the skin has no
/// inverseBindMatrices, as the spec says).
struct Skin
{
    std::vector<size_t> joints;
    std::vector<QMatrix4x4> inverseBindMatrices; ///< same length as joints
    std::optional<size_t> skeleton;              ///< informative only: joint matrices use world transforms
};

/// Reads skins[skin]. Errors (pointer into /skins/i): no such skin, no joints, a joint that is not a node,
/// an inverseBindMatrices accessor that is not MAT4 or holds fewer matrices than there are joints.
Result<Skin> readSkin(const GltfDocument& doc, size_t skin);

/// The joint influences of a primitive's vertices: every JOINTS_n / WEIGHTS_n pair it has (4 influences per
/// set, so 4 or 8 or more per vertex), read like any attribute (quantized, Draco and meshopt data decode).
struct VertexInfluences
{
    size_t vertexCount = 0;
    size_t perVertex = 0;             ///< 4 * number of sets
    std::vector<std::uint32_t> joint; ///< vertexCount * perVertex indices into Skin::joints
    std::vector<float> weight;        ///< as joint; normalized integers already mapped to [0, 1]
};

/// Reads JOINTS_0, WEIGHTS_0, JOINTS_1, ... until a set is missing. Errors (pointer to the accessor): JOINTS
/// that are not unsigned byte or short VEC4, WEIGHTS that are not VEC4, a count other than `vertexCount`, a
/// JOINTS_n without its WEIGHTS_n, no set at all.
Result<VertexInfluences> readInfluences(const GltfDocument& doc, size_t mesh, size_t primitive,
                                        size_t vertexCount);

/// The morph weights that apply to `mesh` drawn by `node`: the node's `weights`, else the mesh's, else none
/// (all zero). Non-numbers read as 0.
std::vector<double> morphWeights(const GltfDocument& doc, size_t mesh, std::optional<size_t> node);

/// True when the node deforms its mesh: it has a skin, or the weights that apply (morphWeights) are not all 0
/// on a primitive with targets.
bool nodeDeformsMesh(const GltfDocument& doc, size_t mesh, std::optional<size_t> node);

/// The node whose skin and weights pose `mesh` wherever the mesh is used without a node of its own (a
/// collider shape names a mesh, not a node): the first node that uses the mesh and deforms it; none when no
/// node deforms it (the mesh's own weights still apply). When several nodes deform it differently, `note`
/// receives a warning naming the one used.
std::optional<size_t> meshPoseNode(const GltfDocument& doc, size_t mesh, Diagnostics* note = nullptr);

/// Poses the primitives of one mesh for one node. Built once per (mesh, node); apply() per primitive.
class MeshPoser
{
public:
    /// `node`: the node whose skin and weights apply (none: the mesh's weights only). `graph` gives the
    /// joints' world matrices; it is only read during construction.
    static Result<MeshPoser> make(const GltfDocument& doc, const SceneGraph& graph, size_t mesh,
                                  std::optional<size_t> node);
    /// The same at another pose: `worlds` holds every node's world transform (as
    /// AnimationPose::worldTransforms gives them), `weights` the morph weights that apply (none: the file's,
    /// morphWeights()).
    static Result<MeshPoser> make(const GltfDocument& doc, const std::vector<QMatrix4x4>& worlds, size_t mesh,
                                  std::optional<size_t> node,
                                  std::optional<std::vector<double>> weights = std::nullopt);

    /// True when apply() changes anything.
    bool deforms() const { return m_skinned || m_morphed; }

    /// The primitive's positions (read undeformed, `positions`) morphed, then skinned, expressed in the
    /// node's own frame: skinned vertices come out in world space (the spec ignores the skinned node's
    /// transform), and are mapped back by the inverse of the node's world transform, so that code placing
    /// the mesh by its node's world transform (as every reader of mesh geometry does) puts them where the
    /// skin puts them. Errors carry the pointer: a joint index past the skin's joints, weights that add up to
    /// 0, morph target POSITION accessors of the wrong type or count. Weights whose sum is not 1 (beyond
    /// 0.01) are divided by their sum, with a warning.
    Result<std::vector<QVector3D>> apply(size_t primitive, std::vector<QVector3D> positions) const;

private:
    MeshPoser(const GltfDocument& doc) : m_doc(&doc) {}
    Diagnostics morph(size_t primitive, std::vector<QVector3D>& positions) const;
    Diagnostics skin(size_t primitive, std::vector<QVector3D>& positions) const;

    const GltfDocument* m_doc;
    size_t m_mesh = 0;
    std::string m_skinPointer;
    bool m_skinned = false;
    bool m_morphed = false;
    std::vector<double> m_weights;
    std::vector<QMatrix4x4> m_jointMatrices; ///< worldToNode * jointWorld * inverseBind, per joint
};

/// The poser of `mesh` for `node` (none: the mesh's weights only), or none when nothing deforms it; builds
/// the scene graph only when it is needed.
Result<std::optional<MeshPoser>> meshPoser(const GltfDocument& doc, size_t mesh, std::optional<size_t> node);

} // namespace cs::gltf
