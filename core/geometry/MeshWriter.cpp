#include "geometry/MeshWriter.h"

#include "gltf/Accessors.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace cs::geometry {

using gltf::Json;

namespace {

template <class T> void appendRaw(gltf::Bytes& out, T value)
{
    // glTF buffers are little-endian, as is every platform this builds for.
    std::uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.insert(out.end(), bytes, bytes + sizeof(T));
}

void padTo4(gltf::Bytes& out)
{
    while (out.size() % 4 != 0)
        out.push_back(0);
}

Json& arrayMember(Json& json, const char* name)
{
    if (!json.contains(name) || !json[name].is_array())
        json[name] = Json::array();
    return json[name];
}

/// The positions' bounds (an accessor's min and max); false when a coordinate is not finite.
bool positionBounds(const gltf::TriangleMesh& mesh, std::array<float, 3>& lo, std::array<float, 3>& hi)
{
    lo.fill(std::numeric_limits<float>::max());
    hi.fill(std::numeric_limits<float>::lowest());
    for (const QVector3D& p : mesh.positions) {
        for (int k = 0; k < 3; ++k) {
            if (!std::isfinite(p[k]))
                return false;
            lo[size_t(k)] = std::min(lo[size_t(k)], p[k]);
            hi[size_t(k)] = std::max(hi[size_t(k)], p[k]);
        }
    }
    return true;
}

} // namespace

Result<size_t> addTriangleMesh(gltf::GltfDocument& doc, const gltf::TriangleMesh& mesh,
                               const std::string& name)
{
    using R = Result<size_t>;
    if (mesh.indices.size() < 3 || mesh.indices.size() % 3 != 0)
        return R::failure(makeError("MESH_EMPTY", "the mesh has no triangles"));
    for (std::uint32_t i : mesh.indices) {
        if (i >= mesh.positions.size())
            return R::failure(makeError("MESH_EMPTY", "an index points past the mesh's positions"));
    }
    std::array<float, 3> lo{}, hi{};
    if (!positionBounds(mesh, lo, hi))
        return R::failure(makeError("MESH_NONFINITE", "a position has a NaN or infinite coordinate"));

    // Every count and index is written unsigned, as a parser would store it, so that readers that ask for
    // non-negative integers accept them.
    Json& json = doc.json();
    Json& buffers = arrayMember(json, "buffers");
    if (buffers.empty()) {
        buffers.push_back(Json{{"byteLength", 0u}});
        doc.buffers().assign(1, gltf::Buffer{{}, gltf::ResourceOrigin::GlbBinChunk, {}});
    }
    if (doc.buffers().empty() || doc.buffers()[0].origin == gltf::ResourceOrigin::Missing)
        return R::failure(makeError("BUFFER_MISSING_DATA",
                                    "buffer 0 has no data, so a mesh cannot be added to it", "/buffers/0"));
    gltf::Bytes& bytes = doc.buffers()[0].data;
    const MeshBytes w = appendMeshBytes(bytes, mesh);
    buffers[0]["byteLength"] = bytes.size();

    Json& views = arrayMember(json, "bufferViews");
    const size_t positionView = views.size();
    views.push_back(Json{{"buffer", 0u},
                         {"byteOffset", w.positionOffset},
                         {"byteLength", w.positionLength},
                         {"target", 34962u}});
    views.push_back(Json{
        {"buffer", 0u}, {"byteOffset", w.indexOffset}, {"byteLength", w.indexLength}, {"target", 34963u}});

    Json& accessors = arrayMember(json, "accessors");
    const size_t positionAccessor = accessors.size();
    accessors.push_back(Json{{"bufferView", positionView},
                             {"componentType", unsigned(gltf::Float)},
                             {"count", mesh.positions.size()},
                             {"type", "VEC3"},
                             {"min", {lo[0], lo[1], lo[2]}},
                             {"max", {hi[0], hi[1], hi[2]}}});
    accessors.push_back(
        Json{{"bufferView", positionView + 1},
             {"componentType", unsigned(w.shortIndices ? gltf::UnsignedShort : gltf::UnsignedInt)},
             {"count", mesh.indices.size()},
             {"type", "SCALAR"}});

    Json& meshes = arrayMember(json, "meshes");
    Json primitive{
        {"attributes", {{"POSITION", positionAccessor}}}, {"indices", positionAccessor + 1}, {"mode", 4u}};
    Json out{{"primitives", Json::array({primitive})}};
    if (!name.empty())
        out["name"] = name;
    meshes.push_back(out);
    return {meshes.size() - 1, {}};
}

MeshBytes appendMeshBytes(gltf::Bytes& bytes, const gltf::TriangleMesh& mesh)
{
    MeshBytes r;
    padTo4(bytes);
    r.positionOffset = bytes.size();
    for (const QVector3D& p : mesh.positions) {
        appendRaw(bytes, p.x());
        appendRaw(bytes, p.y());
        appendRaw(bytes, p.z());
    }
    r.positionLength = bytes.size() - r.positionOffset;
    r.shortIndices = mesh.positions.size() <= 65535;
    r.indexOffset = bytes.size();
    for (std::uint32_t i : mesh.indices) {
        if (r.shortIndices)
            appendRaw(bytes, static_cast<std::uint16_t>(i));
        else
            appendRaw(bytes, i);
    }
    r.indexLength = bytes.size() - r.indexOffset;
    padTo4(bytes);
    return r;
}

} // namespace cs::geometry
