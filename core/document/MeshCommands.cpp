#include "document/MeshCommands.h"

#include "geometry/MeshWriter.h"
#include "gltf/Accessors.h"

#include <cmath>
#include <cstring>

namespace cs::document {

namespace {

using gltf::Json;

// Unsigned, as the loader reads every non-negative integer of a file (its index checks expect that).
constexpr unsigned kArrayBuffer = 34962;
constexpr unsigned kElementArrayBuffer = 34963;
constexpr unsigned kBuffer0 = 0;

Json& arrayAt(Json& root, const char* key)
{
    if (!root.contains(key) || !root[key].is_array())
        root[key] = Json::array();
    return root[key];
}

void truncate(Json& root, const char* key, bool existed, size_t size)
{
    if (!existed) {
        root.erase(key);
        return;
    }
    Json& list = root[key];
    while (list.size() > size)
        list.erase(list.size() - 1);
}

/// The buffer views and accessors of an appended mesh; returns the positions accessor (the indices follow).
size_t addAccessors(Json& root, const geometry::MeshBytes& appended, const gltf::TriangleMesh& mesh)
{
    Json& views = arrayAt(root, "bufferViews");
    const size_t positionView = views.size();
    views.push_back({{"buffer", kBuffer0},
                     {"byteOffset", appended.positionOffset},
                     {"byteLength", appended.indexOffset - appended.positionOffset},
                     {"target", kArrayBuffer}});
    views.push_back({{"buffer", kBuffer0},
                     {"byteOffset", appended.indexOffset},
                     {"byteLength", appended.indexLength},
                     {"target", kElementArrayBuffer}});
    gltf::FloatArray floats;
    floats.components = 3;
    floats.count = mesh.positions.size();
    floats.values.reserve(3 * mesh.positions.size());
    for (const QVector3D& p : mesh.positions)
        floats.values.insert(floats.values.end(), {p.x(), p.y(), p.z()});
    const gltf::AccessorBounds bounds = gltf::computeBounds(floats);
    Json& accessors = arrayAt(root, "accessors");
    const size_t positionAccessor = accessors.size();
    accessors.push_back({{"bufferView", positionView},
                         {"componentType", unsigned(gltf::Float)},
                         {"count", mesh.positions.size()},
                         {"type", "VEC3"},
                         {"min", bounds.min},
                         {"max", bounds.max}});
    accessors.push_back(
        {{"bufferView", positionView + 1},
         {"componentType", unsigned(appended.shortIndices ? gltf::UnsignedShort : gltf::UnsignedInt)},
         {"count", mesh.indices.size()},
         {"type", "SCALAR"}});
    return positionAccessor;
}

} // namespace

std::optional<Diagnostic> checkNewMesh(const gltf::GltfDocument& doc, const gltf::TriangleMesh& mesh)
{
    if (mesh.positions.empty() || mesh.indices.empty() || mesh.indices.size() % 3 != 0)
        return makeError("MESH_EMPTY", "the mesh has no triangles");
    for (std::uint32_t i : mesh.indices) {
        if (i >= mesh.positions.size())
            return makeError("MESH_EMPTY", "a triangle refers to vertex " + std::to_string(i) + " of " +
                                               std::to_string(mesh.positions.size()));
    }
    for (const QVector3D& p : mesh.positions) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            return makeError("MESH_NONFINITE", "the mesh has a position that is not a finite number");
    }
    if (doc.count("buffers") > 0 &&
        (doc.buffers().empty() || doc.buffers()[0].origin == gltf::ResourceOrigin::Missing))
        return makeError("BUFFER_MISSING_DATA",
                         "buffer 0 could not be loaded, so appending to it would lose its bytes",
                         "/buffers/0");
    return std::nullopt;
}

AddMesh::AddMesh(Document* document, gltf::TriangleMesh mesh, std::string name, QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Add Mesh"), parent), m_mesh(std::move(mesh)),
      m_name(std::move(name))
{}

void AddMesh::redo()
{
    gltf::GltfDocument& doc = gltf();
    if (checkNewMesh(doc, m_mesh)) {
        setObsolete(true);
        return;
    }
    Json& root = doc.json();
    auto state = [&](const char* key) {
        ArrayState s;
        s.existed = root.contains(key) && root[key].is_array();
        s.size = s.existed ? root[key].size() : 0;
        return s;
    };
    m_meshes = state("meshes");
    m_accessors = state("accessors");
    m_views = state("bufferViews");
    m_buffers = state("buffers");
    if (m_buffers.size == 0) {
        gltf::Buffer buffer;
        buffer.origin = gltf::ResourceOrigin::GlbBinChunk;
        doc.buffers().insert(doc.buffers().begin(), std::move(buffer));
        arrayAt(root, "buffers").push_back(Json::object({{"byteLength", size_t(0)}}));
        m_buffer0Json.reset();
    } else {
        m_buffer0Json = root["buffers"][0];
    }
    gltf::Bytes& data = doc.buffers()[0].data;
    m_buffer0Bytes = data.size();
    const geometry::MeshBytes appended = geometry::appendMeshBytes(data, m_mesh);
    root["buffers"][0]["byteLength"] = data.size();
    const size_t positionAccessor = addAccessors(root, appended, m_mesh);

    Json mesh = Json::object();
    if (!m_name.empty())
        mesh["name"] = m_name;
    mesh["primitives"] =
        Json::array({{{"attributes", {{"POSITION", positionAccessor}}}, {"indices", positionAccessor + 1}}});
    Json& meshes = arrayAt(root, "meshes");
    m_meshIndex = meshes.size();
    meshes.push_back(std::move(mesh));
    notify(ChangeEvent::Kind::Mesh, static_cast<int>(m_meshIndex), ChangeEvent::Created);
}

void AddMesh::undo()
{
    gltf::GltfDocument& doc = gltf();
    Json& root = doc.json();
    truncate(root, "meshes", m_meshes.existed, m_meshes.size);
    truncate(root, "accessors", m_accessors.existed, m_accessors.size);
    truncate(root, "bufferViews", m_views.existed, m_views.size);
    if (m_buffer0Json) {
        doc.buffers()[0].data.resize(m_buffer0Bytes);
        root["buffers"][0] = *m_buffer0Json;
    } else {
        doc.buffers().erase(doc.buffers().begin());
        truncate(root, "buffers", m_buffers.existed, m_buffers.size);
    }
    notify(ChangeEvent::Kind::Mesh, static_cast<int>(m_meshIndex), ChangeEvent::Removed);
}

} // namespace cs::document
