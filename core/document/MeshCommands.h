#pragma once

#include "document/DocumentCommand.h"
#include "gltf/MeshTriangles.h"

#include <optional>
#include <string>

namespace cs::document {

/// Why a mesh cannot be added (empty, an index out of range, a non-finite position, buffer 0 without its
/// bytes), or nothing when it can.
std::optional<Diagnostic> checkNewMesh(const gltf::GltfDocument& doc, const gltf::TriangleMesh& mesh);

/// Appends a triangle mesh to the glTF document: the bytes (positions as float VEC3, then indices as unsigned
/// short, or unsigned int past 65535 vertices) at the end of buffer 0, 4-byte aligned (buffer 0 is created
/// when there is none); a buffer view for each; a POSITION accessor with min/max and an index accessor; a
/// mesh with one TRIANGLES primitive and no material. Existing indices never move.
///
/// Undo removes all of it: the arrays get their old lengths back (or go, if the command made them), buffer 0
/// its old bytes and byteLength (or goes), so no orphan data is left. A mesh that checkNewMesh() rejects
/// makes the command obsolete. Bytes are written little-endian (the host order on every supported platform).
class AddMesh : public DocumentCommand
{
public:
    AddMesh(Document* document, gltf::TriangleMesh mesh, std::string name, QUndoCommand* parent = nullptr);

    bool touchesPhysics() const override { return false; }
    /// The new mesh's index (valid after the first redo).
    size_t meshIndex() const { return m_meshIndex; }

    void redo() override;
    void undo() override;

private:
    gltf::TriangleMesh m_mesh;
    std::string m_name;
    size_t m_meshIndex = 0;

    // What undo restores.
    struct ArrayState
    {
        bool existed = false;
        size_t size = 0;
    };
    ArrayState m_meshes, m_accessors, m_views, m_buffers;
    std::optional<gltf::Json> m_buffer0Json; // buffers[0] before, when it existed
    size_t m_buffer0Bytes = 0;
};

} // namespace cs::document
