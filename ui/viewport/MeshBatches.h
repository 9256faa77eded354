#pragma once

// The vertex data of the viewport's meshes: a primitive in its own space (drawn through an instance table),
// and batches that hold many primitives already placed in the world, so that a scene of many meshes each
// drawn once costs a few models instead of one per mesh.

#include "gltf/RenderScene.h"

#include <QByteArray>
#include <QColor>
#include <QMatrix4x4>
#include <QVector3D>
#include <QtQuick3D/qquick3dgeometry.h>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace cs::ui {

/// How the vertices of a geometry are laid out: position and normal, then texture coordinates or an RGBA
/// colour (4 floats).
enum class VertexLayout
{
    Plain,
    Textured,
    Coloured
};

/// The material colour that Qt Quick 3D draws as the glTF base colour factor `linear` (glTF factors are
/// linear; Qt Quick 3D takes a material colour as sRGB and makes it linear with the cubic fit
/// c (c (0.3053 c + 0.6822) + 0.01252), which this inverts). Opaque: the viewport draws meshes opaque.
QColor materialColor(const std::array<float, 4>& linear);
/// What Qt Quick 3D makes of a material colour channel: the linear value it draws.
float linearOfMaterialChannel(double srgb);

/// Floats per vertex of a layout.
int floatsPerVertex(VertexLayout layout);

/// A triangle geometry of interleaved 32-bit float vertices and 16- or 32-bit indices; its data can be
/// replaced.
class MeshGeometry : public QQuick3DGeometry
{
public:
    /// The bounds of the positions are found by reading every vertex, unless given (`lo`, `hi`).
    MeshGeometry(VertexLayout layout, const QByteArray& vertices, const QByteArray& indices,
                 bool shortIndices = false, std::optional<std::pair<QVector3D, QVector3D>> bounds = {});
    /// New vertices and indices (same layout and index size); the bounds follow.
    void replace(const QByteArray& vertices, const QByteArray& indices);
    VertexLayout layout() const { return m_layout; }
    size_t vertexCount() const;
    /// Writes new positions and normals into the vertices (the rest of each vertex kept); false, and nothing
    /// changed, unless there are vertexCount() of each.
    bool setPositions(const std::vector<QVector3D>& positions, const std::vector<QVector3D>& normals);

private:
    void updateBounds();
    VertexLayout m_layout;
};

/// The vertices of a primitive in its own space: positions and normals, and its texture coordinates when
/// `textured`.
QByteArray localVertices(const gltf::RenderPrimitive& p, bool textured);
/// The primitive's triangle indices as bytes.
QByteArray indexBytes(const gltf::TriangleMesh& mesh);

/// One primitive of one instance inside a batch.
struct BatchMember
{
    size_t instance = 0;
    std::shared_ptr<const gltf::TriangleMesh> triangles; ///< the primitive's own positions and indices
    std::array<float, 4> color{1, 1, 1, 1};              ///< the primitive's base colour (untextured)
    QMatrix4x4 world;                                    ///< where it was placed in the batch
    std::uint32_t firstVertex = 0, vertexCount = 0, firstIndex = 0, indexCount = 0;
    bool removed = false;
};

/// Primitives of instances drawn by one model, their vertices placed in the world: untextured with the base
/// colour in each vertex, untextured all of one colour (the model's), or all showing one texture with one
/// sampler. Made in three steps: add() the primitives, fill() the vertices (any thread; batches in
/// parallel), makeGeometry() (the GUI thread).
class MeshBatch
{
public:
    /// Untextured when `textured` is false; then the colours go into the vertices unless `oneColour` (every
    /// primitive added has the same base colour, which the model draws).
    explicit MeshBatch(bool textured, bool oneColour = false) : m_textured(textured), m_oneColour(oneColour)
    {}

    bool textured() const { return m_textured; }
    size_t vertexCount() const { return m_vertexCount; }
    VertexLayout layout() const
    {
        return m_textured    ? VertexLayout::Textured
               : m_oneColour ? VertexLayout::Plain
                             : VertexLayout::Coloured;
    }
    /// 16-bit indices: the batch has at most 65,536 vertices.
    bool shortIndices() const { return m_vertexCount <= (size_t(1) << 16); }

    /// Adds primitive `p` of `instance` placed by `world`; `p` is read by fill().
    void add(size_t instance, const gltf::RenderPrimitive& p, const QMatrix4x4& world);
    /// Writes the vertices and indices of the added primitives (once: later calls do nothing).
    void fill();
    bool filled() const { return m_filled; }
    /// The vertices fill() wrote, until makeGeometry() takes them.
    const QByteArray& filledVertices() const { return m_vertices; }
    /// The geometry of the filled primitives (made once; the batch keeps no copy of the data).
    MeshGeometry* makeGeometry();
    MeshGeometry* geometry() const { return m_geometry; }

    const std::vector<BatchMember>& members() const { return m_members; }
    /// The vertices of member `m` back in its own space (positions, normals, and texture coordinates when
    /// textured): what an instance needs to be drawn on its own.
    QByteArray ownVertices(size_t m) const;
    /// Marks member `m` as no longer drawn here; rebuild() drops it.
    void remove(size_t m) { m_members[m].removed = true; }
    /// Rewrites the geometry without the removed members; false when none is left.
    bool rebuild();

private:
    bool m_textured, m_oneColour;
    size_t m_vertexCount = 0, m_indexCount = 0;
    std::vector<const gltf::RenderPrimitive*> m_sources; ///< the members' primitives, until fill()
    QByteArray m_vertices, m_indices;                    ///< from fill() to makeGeometry()
    QVector3D m_lo,
        m_hi; ///< the bounds of the positions fill() wrote (read there, not again on the GUI thread)
    std::vector<BatchMember> m_members;
    MeshGeometry* m_geometry = nullptr;
    bool m_filled = false;
};

/// Vertices a batch takes before a new one is started (a primitive with more has a batch of its own): a
/// moved instance leaves its batch, which is then rewritten, so batches are kept small enough to rewrite in
/// a frame; and their indices fit in 16 bits.
inline constexpr size_t kBatchVertexLimit = size_t(1) << 16;

} // namespace cs::ui
