#pragma once

// The meshes an animation deforms, posed at any time: a skinned mesh skinned again by its joints' animated
// world transforms, a morphed one by its node's animated weights (glTF 2.0, 3.7.3 and 3.8). The deformation
// is MeshPoser's, the one the render scene and the physics readers apply at the file's pose, given the
// animation's pose instead.

#include "gltf/AnimationPose.h"
#include "gltf/GltfDocument.h"
#include "gltf/PosedPrimitive.h"

#include <QMatrix4x4>
#include <QVector3D>
#include <cstdint>
#include <vector>

namespace cs::gltf {

/// The meshes nodes draw whose shape an animation changes: a skinned mesh whose node or a joint the animation
/// moves, a mesh with morph targets whose node a `weights` channel drives. The node posing a mesh is the one
/// the render scene poses it by (meshPoseNode), else the first node drawing it that a `weights` channel
/// drives. The undeformed positions and triangles are read once; posing reads the skin and the targets from
/// the document, which must outlive this object unchanged (the timeline makes it again after an edit).
class AnimatedMeshes
{
public:
    static AnimatedMeshes make(const GltfDocument& doc, const AnimationPose& pose);

    bool empty() const { return m_meshes.empty(); }
    /// The meshes deformed, ascending.
    std::vector<size_t> meshes() const;
    /// Every primitive of those meshes at `time`, `worlds` being pose.worldTransforms(time). A mesh whose
    /// pose cannot be had (a singular skinned node, a broken skin) or a primitive whose deformation fails is
    /// left out, with its diagnostics as warnings: it stays as drawn.
    Result<std::vector<PosedPrimitive>> at(const AnimationPose& pose, const std::vector<QMatrix4x4>& worlds,
                                           double time) const;

private:
    struct Rest
    {
        size_t primitive = 0;
        std::vector<QVector3D> positions; ///< undeformed, as POSITION holds them
        std::vector<std::uint32_t> indices;
    };
    struct Mesh
    {
        size_t mesh = 0;
        size_t node = 0; ///< the node whose skin and weights pose it
        std::vector<Rest> primitives;
    };

    const GltfDocument* m_doc = nullptr;
    std::vector<Mesh> m_meshes;
};

} // namespace cs::gltf
