#pragma once

// What the viewport takes to reshape a mesh (see AnimatedMeshes), in a header of its own so that the
// viewport's interface need not include the animation code.

#include <QVector3D>
#include <cstddef>
#include <vector>

namespace cs::gltf {

/// One primitive of a mesh at a pose: positions and normals (from the posed faces) in the frame of the node
/// that poses the mesh, where the render scene's instances place it (a skinned node's own transform cancels
/// out, as glTF 2.0, 3.7.3 says), one per vertex of the render scene's primitive.
struct PosedPrimitive
{
    size_t mesh = 0;
    size_t primitive = 0; ///< its index in the file's mesh
    std::vector<QVector3D> positions;
    std::vector<QVector3D> normals;
};

} // namespace cs::gltf
