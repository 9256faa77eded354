#include "CompressedAssets.h"

#include "gltf/Glb.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <draco/compression/decode.h>
#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>
#include <meshoptimizer.h>
#include <numbers>
#include <stdexcept>

namespace cs::test {

using gltf::Bytes;
using gltf::Json;

std::vector<double> SourceMesh::extent() const
{
    std::vector<double> lo(3, 1e300), hi(3, -1e300);
    for (size_t i = 0; i < positions.size(); ++i) {
        lo[i % 3] = std::min(lo[i % 3], double(positions[i]));
        hi[i % 3] = std::max(hi[i % 3], double(positions[i]));
    }
    return {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
}

SourceMesh makeBox(float sx, float sy, float sz, std::vector<float> centre)
{
    SourceMesh m;
    const float h[3] = {sx / 2, sy / 2, sz / 2};
    for (int axis = 0; axis < 3; ++axis) {
        for (int sign : {1, -1}) {
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            const auto base = std::uint32_t(m.vertexCount());
            const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            for (const auto& c : corners) {
                float p[3], n[3] = {0, 0, 0};
                p[axis] = sign * h[axis];
                p[u] = c[0] * h[u];
                p[v] = c[1] * h[v] * float(sign);
                n[axis] = float(sign);
                for (int k = 0; k < 3; ++k) {
                    m.positions.push_back(p[k] + centre[size_t(k)]);
                    m.normals.push_back(n[k]);
                }
                m.uvs.push_back((c[0] + 1) / 2);
                m.uvs.push_back((c[1] + 1) / 2);
            }
            m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
        }
    }
    return m;
}

SourceMesh makeTorus(float R, float r, int rings, int sides)
{
    SourceMesh m;
    const double tau = 2 * std::numbers::pi;
    for (int i = 0; i <= rings; ++i) {
        for (int j = 0; j <= sides; ++j) {
            const double a = tau * i / rings, b = tau * j / sides;
            const double nx = std::cos(b) * std::cos(a), ny = std::sin(b), nz = std::cos(b) * std::sin(a);
            m.positions.insert(m.positions.end(), {float(R * std::cos(a) + r * nx), float(r * ny),
                                                   float(R * std::sin(a) + r * nz)});
            m.normals.insert(m.normals.end(), {float(nx), float(ny), float(nz)});
            m.uvs.insert(m.uvs.end(), {float(i) / float(rings), float(j) / float(sides)});
        }
    }
    for (int i = 0; i < rings; ++i) {
        for (int j = 0; j < sides; ++j) {
            const auto a = std::uint32_t(i * (sides + 1) + j), b = a + std::uint32_t(sides + 1);
            m.indices.insert(m.indices.end(), {a, a + 1, b, b, a + 1, b + 1});
        }
    }
    return m;
}

SourceMesh makeGrid(int cells)
{
    SourceMesh m;
    for (int i = 0; i <= cells; ++i) {
        for (int j = 0; j <= cells; ++j) {
            const double x = -1 + 2.0 * i / cells, z = -1 + 2.0 * j / cells;
            const double y = 0.1 * std::sin(6 * x) * std::cos(5 * z);
            // The normal of y = f(x, z): (-df/dx, 1, -df/dz), normalised.
            const double dx = 0.6 * std::cos(6 * x) * std::cos(5 * z),
                         dz = -0.5 * std::sin(6 * x) * std::sin(5 * z);
            const double l = std::sqrt(dx * dx + 1 + dz * dz);
            m.positions.insert(m.positions.end(), {float(x), float(y), float(z)});
            m.normals.insert(m.normals.end(), {float(-dx / l), float(1 / l), float(-dz / l)});
            m.uvs.insert(m.uvs.end(), {float(i) / float(cells), float(j) / float(cells)});
        }
    }
    for (int i = 0; i < cells; ++i) {
        for (int j = 0; j < cells; ++j) {
            const auto a = std::uint32_t(i * (cells + 1) + j), b = a + std::uint32_t(cells + 1);
            m.indices.insert(m.indices.end(), {a, a + 1, b, b, a + 1, b + 1});
        }
    }
    return m;
}

std::vector<float> makeRotations(size_t count)
{
    std::vector<float> q;
    for (size_t i = 0; i < count; ++i) {
        // A rotation of angle t about an axis that walks over the sphere.
        const double t = 0.37 * double(i) + 0.1, phi = 0.91 * double(i), z = std::cos(0.53 * double(i));
        const double s = std::sqrt(1 - z * z);
        const double axis[3] = {s * std::cos(phi), s * std::sin(phi), z};
        const double sh = std::sin(t / 2);
        q.insert(q.end(),
                 {float(axis[0] * sh), float(axis[1] * sh), float(axis[2] * sh), float(std::cos(t / 2))});
    }
    return q;
}

namespace {

void pad4(Bytes& b)
{
    while (b.size() % 4 != 0)
        b.push_back(0);
}

size_t append(Bytes& bin, const void* data, size_t size)
{
    pad4(bin);
    const size_t offset = bin.size();
    const auto* p = static_cast<const std::uint8_t*>(data);
    bin.insert(bin.end(), p, p + size);
    return offset;
}

Json minMax(const float* values, size_t count, int components, bool isMax)
{
    Json out = Json::array();
    for (int c = 0; c < components; ++c) {
        float v = values[c];
        for (size_t i = 1; i < count; ++i)
            v = isMax ? std::max(v, values[i * size_t(components) + size_t(c)])
                      : std::min(v, values[i * size_t(components) + size_t(c)]);
        out.push_back(v);
    }
    return out;
}

Bytes finishGlb(Json& json, Bytes& bin)
{
    pad4(bin);
    json["buffers"][0]["byteLength"] = bin.size();
    return gltf::writeGlb(json.dump(), &bin, {});
}

Json baseJson(const char* extension)
{
    return Json{{"asset", {{"version", "2.0"}, {"generator", "Collidoscope tests"}}},
                {"extensionsUsed", Json::array({extension})},
                {"extensionsRequired", Json::array({extension})},
                {"scene", 0},
                {"scenes", Json::array({Json{{"nodes", Json::array()}}})},
                {"nodes", Json::array()},
                {"meshes", Json::array()},
                {"accessors", Json::array()},
                {"bufferViews", Json::array()},
                {"buffers", Json::array({Json::object()})}};
}

size_t push(Json& array, Json value)
{
    array.push_back(std::move(value));
    return array.size() - 1;
}

} // namespace

Bytes dracoGlb(const std::vector<SourceMesh>& meshes, bool truncateStream)
{
    Json json = baseJson("KHR_draco_mesh_compression");
    Bytes bin;
    for (size_t k = 0; k < meshes.size(); ++k) {
        const SourceMesh& src = meshes[k];
        const size_t n = src.vertexCount();
        draco::Mesh dm;
        dm.set_num_points(std::uint32_t(n));
        auto addAttribute = [&](draco::GeometryAttribute::Type type, int components, const float* data) {
            draco::GeometryAttribute ga;
            ga.Init(type, nullptr, std::uint8_t(components), draco::DT_FLOAT32, false,
                    std::int64_t(sizeof(float)) * components, 0);
            const int id = dm.AddAttribute(ga, true, std::uint32_t(n));
            for (size_t i = 0; i < n; ++i)
                dm.attribute(id)->SetAttributeValue(draco::AttributeValueIndex(std::uint32_t(i)),
                                                    data + i * size_t(components));
            return dm.attribute(id)->unique_id();
        };
        const auto position = addAttribute(draco::GeometryAttribute::POSITION, 3, src.positions.data());
        const auto normal = addAttribute(draco::GeometryAttribute::NORMAL, 3, src.normals.data());
        const auto uv = addAttribute(draco::GeometryAttribute::TEX_COORD, 2, src.uvs.data());
        for (size_t t = 0; t < src.indices.size(); t += 3) {
            draco::Mesh::Face f;
            for (int c = 0; c < 3; ++c)
                f[c] = draco::PointIndex(src.indices[t + size_t(c)]);
            dm.AddFace(f);
        }
        draco::Encoder encoder;
        encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, kDracoPositionBits);
        encoder.SetAttributeQuantization(draco::GeometryAttribute::NORMAL, kDracoNormalBits);
        encoder.SetAttributeQuantization(draco::GeometryAttribute::TEX_COORD, kDracoUvBits);
        draco::EncoderBuffer encoded;
        if (!encoder.EncodeMeshToBuffer(dm, &encoded).ok())
            throw std::runtime_error("draco could not encode the test mesh");
        // The accessors' counts are those of the decoded mesh (the encoder may merge or split points).
        draco::DecoderBuffer in;
        in.Init(encoded.data(), encoded.size());
        draco::Decoder decoder;
        auto decoded = decoder.DecodeMeshFromBuffer(&in);
        if (!decoded.ok())
            throw std::runtime_error("draco could not decode its own test mesh");
        const size_t points = decoded.value()->num_points(), faces = decoded.value()->num_faces();

        const size_t length = truncateStream && k == 0 ? 16 : encoded.size();
        const size_t offset = append(bin, encoded.data(), length);
        const size_t view =
            push(json["bufferViews"], {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}});
        Json& acc = json["accessors"];
        const size_t pa = push(acc, {{"componentType", 5126},
                                     {"count", points},
                                     {"type", "VEC3"},
                                     {"min", minMax(src.positions.data(), n, 3, false)},
                                     {"max", minMax(src.positions.data(), n, 3, true)}});
        const size_t na = push(acc, {{"componentType", 5126}, {"count", points}, {"type", "VEC3"}});
        const size_t ua = push(acc, {{"componentType", 5126}, {"count", points}, {"type", "VEC2"}});
        const size_t ia = push(acc, {{"componentType", 5125}, {"count", faces * 3}, {"type", "SCALAR"}});
        Json primitive = {
            {"attributes", {{"POSITION", pa}, {"NORMAL", na}, {"TEXCOORD_0", ua}}},
            {"indices", ia},
            {"mode", 4},
            {"extensions",
             {{"KHR_draco_mesh_compression",
               {{"bufferView", view},
                {"attributes", {{"POSITION", position}, {"NORMAL", normal}, {"TEXCOORD_0", uv}}}}}}}};
        push(json["meshes"],
             {{"name", "mesh " + std::to_string(k)}, {"primitives", Json::array({primitive})}});
        const size_t node = push(
            json["nodes"],
            {{"name", "Draco " + std::to_string(k)}, {"mesh", k}, {"translation", {3.0 * double(k), 0, 0}}});
        json["scenes"][0]["nodes"].push_back(node);
    }
    return finishGlb(json, bin);
}

namespace {

/// Adds a meshopt-compressed buffer view: its stream in buffer 0, its place in fallback buffer 1.
class MeshoptViews
{
public:
    MeshoptViews(Json& json, Bytes& bin) : m_json(json), m_bin(bin) {}

    size_t add(const Bytes& encoded, size_t count, size_t stride, const char* mode, const char* filter,
               bool vertexStride, bool corrupt = false)
    {
        const size_t offset = append(m_bin, encoded.data(), encoded.size());
        if (corrupt)
            m_bin[offset] = 0x00; // the header byte names the codec version; 0 is none
        Json ext = {{"buffer", 0},          {"byteOffset", offset}, {"byteLength", encoded.size()},
                    {"byteStride", stride}, {"count", count},       {"mode", mode}};
        if (std::string(filter) != "NONE")
            ext["filter"] = filter;
        Json view = {{"buffer", 1}, {"byteOffset", m_fallback}, {"byteLength", count * stride}};
        if (vertexStride)
            view["byteStride"] = stride;
        view["extensions"] = {{"EXT_meshopt_compression", ext}};
        m_fallback += (count * stride + 3) / 4 * 4;
        return push(m_json["bufferViews"], view);
    }
    size_t fallbackSize() const { return m_fallback; }

private:
    Json& m_json;
    Bytes& m_bin;
    size_t m_fallback = 0;
};

Bytes encodeVertices(const void* data, size_t count, size_t stride)
{
    Bytes out(meshopt_encodeVertexBufferBound(count, stride));
    out.resize(meshopt_encodeVertexBuffer(out.data(), out.size(), data, count, stride));
    return out;
}

} // namespace

Bytes meshoptGlb(const SourceMesh& mesh, const std::vector<float>& rotations, bool corrupt)
{
    Json json = baseJson("EXT_meshopt_compression");
    for (const char* key : {"extensionsUsed", "extensionsRequired"})
        json[key].push_back("KHR_mesh_quantization");
    Bytes bin;
    MeshoptViews views(json, bin);
    const size_t n = mesh.vertexCount(), nIdx = mesh.indices.size();
    Json& acc = json["accessors"];

    // Mesh 0: filtered attributes.
    Bytes positions(n * 12);
    meshopt_encodeFilterExp(positions.data(), n, 12, kExpBits, mesh.positions.data());
    // min/max of what the filter will decode to (the library's own decoder on a copy).
    Bytes decodedPositions = positions;
    meshopt_decodeFilterExp(decodedPositions.data(), n, 12);
    const auto* dp = reinterpret_cast<const float*>(decodedPositions.data());
    const size_t pv =
        views.add(encodeVertices(positions.data(), n, 12), n, 12, "ATTRIBUTES", "EXPONENTIAL", true, corrupt);
    const size_t pa = push(acc, {{"bufferView", pv},
                                 {"componentType", 5126},
                                 {"count", n},
                                 {"type", "VEC3"},
                                 {"min", minMax(dp, n, 3, false)},
                                 {"max", minMax(dp, n, 3, true)}});

    std::vector<float> normals4;
    for (size_t i = 0; i < n; ++i)
        normals4.insert(normals4.end(),
                        {mesh.normals[3 * i], mesh.normals[3 * i + 1], mesh.normals[3 * i + 2], 0});
    Bytes normals(n * 4);
    meshopt_encodeFilterOct(normals.data(), n, 4, kOctBits, normals4.data());
    const size_t nv = views.add(encodeVertices(normals.data(), n, 4), n, 4, "ATTRIBUTES", "OCTAHEDRAL", true);
    const size_t na = push(
        acc,
        {{"bufferView", nv}, {"componentType", 5120}, {"normalized", true}, {"count", n}, {"type", "VEC3"}});

    std::vector<std::uint16_t> uvs(n * 2);
    for (size_t i = 0; i < n * 2; ++i)
        uvs[i] = std::uint16_t(std::lround(mesh.uvs[i] * 65535.0f));
    const size_t uv = views.add(encodeVertices(uvs.data(), n, 4), n, 4, "ATTRIBUTES", "NONE", true);
    const size_t ua = push(
        acc,
        {{"bufferView", uv}, {"componentType", 5123}, {"normalized", true}, {"count", n}, {"type", "VEC2"}});

    Bytes quats(n * 8);
    meshopt_encodeFilterQuat(quats.data(), n, 8, kQuatBits, rotations.data());
    const size_t qv = views.add(encodeVertices(quats.data(), n, 8), n, 8, "ATTRIBUTES", "QUATERNION", true);
    const size_t qa = push(
        acc,
        {{"bufferView", qv}, {"componentType", 5122}, {"normalized", true}, {"count", n}, {"type", "VEC4"}});

    Bytes triangles(meshopt_encodeIndexBufferBound(nIdx, n));
    triangles.resize(
        meshopt_encodeIndexBuffer(triangles.data(), triangles.size(), mesh.indices.data(), nIdx));
    const size_t tv = views.add(triangles, nIdx, 4, "TRIANGLES", "NONE", false);
    const size_t ta =
        push(acc, {{"bufferView", tv}, {"componentType", 5125}, {"count", nIdx}, {"type", "SCALAR"}});
    Json p0 = {{"attributes", {{"POSITION", pa}, {"NORMAL", na}, {"TEXCOORD_0", ua}, {"_ROTATION", qa}}},
               {"indices", ta}};
    push(json["meshes"], {{"name", "Filtered"}, {"primitives", Json::array({p0})}});

    // Mesh 1: integer positions (KHR_mesh_quantization), dequantized by the node's scale.
    std::vector<std::int16_t> quantized(n * 4, 0);
    for (size_t i = 0; i < n; ++i)
        for (size_t c = 0; c < 3; ++c)
            quantized[i * 4 + c] = std::int16_t(std::lround(mesh.positions[i * 3 + c] * kQuantizedScale));
    Json qmin = Json::array(), qmax = Json::array();
    for (size_t c = 0; c < 3; ++c) {
        std::int16_t lo = quantized[c], hi = quantized[c];
        for (size_t i = 1; i < n; ++i) {
            lo = std::min(lo, quantized[i * 4 + c]);
            hi = std::max(hi, quantized[i * 4 + c]);
        }
        qmin.push_back(lo);
        qmax.push_back(hi);
    }
    const size_t qpv = views.add(encodeVertices(quantized.data(), n, 8), n, 8, "ATTRIBUTES", "NONE", true);
    const size_t qpa = push(acc, {{"bufferView", qpv},
                                  {"componentType", 5122},
                                  {"count", n},
                                  {"type", "VEC3"},
                                  {"min", qmin},
                                  {"max", qmax}});
    Bytes sequence(meshopt_encodeIndexSequenceBound(nIdx, n));
    sequence.resize(meshopt_encodeIndexSequence(sequence.data(), sequence.size(), mesh.indices.data(), nIdx));
    const bool wide = n > 65535; // 16-bit indices when they fit
    const size_t sv = views.add(sequence, nIdx, wide ? 4 : 2, "INDICES", "NONE", false);
    const size_t sa = push(
        acc,
        {{"bufferView", sv}, {"componentType", wide ? 5125 : 5123}, {"count", nIdx}, {"type", "SCALAR"}});
    push(json["meshes"],
         {{"name", "Quantized"},
          {"primitives", Json::array({Json{{"attributes", {{"POSITION", qpa}}}, {"indices", sa}}})}});

    const double s = 1.0 / kQuantizedScale;
    push(json["nodes"], {{"name", "Filtered"}, {"mesh", 0}});
    push(json["nodes"],
         {{"name", "Quantized"}, {"mesh", 1}, {"translation", {3, 0, 0}}, {"scale", {s, s, s}}});
    json["scenes"][0]["nodes"] = {0, 1};
    json["buffers"].push_back({{"byteLength", views.fallbackSize()},
                               {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}});
    return finishGlb(json, bin);
}

} // namespace cs::test
