#pragma once

#include "gltf/GltfDocument.h"
#include "gltf/MeshTriangles.h"
#include "gltf/SceneGraph.h"
#include "gltf/TextureInfo.h"

#include <QByteArray>
#include <QMatrix4x4>
#include <QSize>
#include <QVector2D>
#include <QVector3D>
#include <array>
#include <vector>

namespace cs::gltf {

/// A material's alphaMode: the base colour's alpha ignored (OPAQUE), compared with alphaCutoff (MASK: drawn
/// where it is at least the cutoff, not at all elsewhere) or blended over what is behind (BLEND).
enum class AlphaMode
{
    Opaque,
    Mask,
    Blend
};

/// One drawable primitive of a mesh, in the mesh's space: triangles with per-vertex normals, the material's
/// base colour (linear RGBA) and, when the material has a base colour texture, its image, sampler and
/// coordinates (KHR_texture_transform already applied).
struct RenderPrimitive
{
    /// Positions and triangle indices, shared with the pick scene so that the window holds them once.
    std::shared_ptr<const TriangleMesh> triangles;
    size_t primitive = 0; ///< its index in the file's mesh (primitives that cannot be drawn are left out)
    std::vector<QVector3D>
        normals; ///< one per position; released once the viewport has them (releaseDrawData)
    std::array<float, 4> baseColor{0.8f, 0.8f, 0.8f, 1.0f};
    int image = -1;             ///< index into images, -1 when untextured
    TextureSampler sampler;     ///< how the image is sampled, when image >= 0
    std::vector<QVector2D> uvs; ///< TEXCOORD_n of the base colour texture, when image >= 0
    bool doubleSided = false;   ///< false: back faces (clockwise as seen) are not drawn
    AlphaMode alphaMode = AlphaMode::Opaque;
    float alphaCutoff = 0.5f; ///< MASK only
};

struct RenderMesh
{
    std::vector<RenderPrimitive> primitives;
};

/// A base colour image as the file holds it. Pixels are decoded only when the viewport uploads the texture
/// (decodeForDisplay), so that no decoded copy stays in memory beside the GPU's.
struct RenderImage
{
    QByteArray encoded; ///< PNG/JPEG bytes; empty when the image is not used or cannot be read
    QSize size;         ///< from the image header
};

/// A node that draws a mesh.
struct RenderInstance
{
    size_t node = 0;
    size_t mesh = 0;
    QMatrix4x4 world;
};

/// What the viewport draws of a document's own geometry: the meshes that nodes use (meshes referenced only by
/// collision shapes are not here), placed by their nodes' world transforms. Built in core so that it can be
/// tested without a display and computed off the GUI thread.
struct RenderScene
{
    std::vector<RenderMesh> meshes; ///< indexed like the document's meshes; unused ones stay empty
    std::vector<RenderInstance> instances;
    std::vector<RenderImage> images; ///< base colour images, indexed like images; empty if unused
    QVector3D boundsMin;             ///< world-space bounds of all instances (both zero when empty)
    QVector3D boundsMax;

    bool empty() const { return instances.empty(); }
};

/// Frees what only the viewport needs (normals, texture coordinates, image bytes) once it has made its
/// buffers: the window keeps the render scene for picking and framing, which need the triangles alone.
void releaseDrawData(RenderScene& scene);

/// Per-vertex normals from the faces (area-weighted), as drawn for a mesh without NORMAL or a posed one; a
/// vertex of no face of any area gets (0, 1, 0).
std::vector<QVector3D> faceNormals(const std::vector<QVector3D>& positions,
                                   const std::vector<std::uint32_t>& indices);

/// Builds the render scene. Primitives that cannot be drawn (not triangles, broken accessors) are left out
/// with a warning; normals are read from NORMAL or, when absent, computed from the faces (area-weighted).
Result<RenderScene> buildRenderScene(const GltfDocument& doc, const SceneGraph& graph);

} // namespace cs::gltf
