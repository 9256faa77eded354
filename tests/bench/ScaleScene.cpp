// The scale scene of bench=scale: written straight to a .glb, mesh by mesh, so that making 1 GB holds one
// mesh in memory at a time.
#include "ScaleScene.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

namespace cs::bench {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

/// One mesh's vertex attributes, each a flat float array, and its indices.
struct MeshData
{
    std::vector<float> positions, normals, tangents, uv0, uv1, colors;
    std::vector<std::uint32_t> indices;
    std::array<float, 3> min{}, max{};
};

/// Mesh `k`: a sphere of rings x segments quads, stretched per mesh and rippled (a smooth displacement), so
/// that no two meshes are alike and a box fits each differently.
MeshData makeMesh(const ScaleSceneSize& size, size_t k)
{
    MeshData m;
    const size_t R = size.rings, S = size.segments;
    const double pi = std::numbers::pi;
    const double sx = 0.5 + double(k % 7) * 0.15, sy = 0.4 + double(k % 5) * 0.2,
                 sz = 0.6 + double(k % 3) * 0.2;
    m.min = {1e30f, 1e30f, 1e30f};
    m.max = {-1e30f, -1e30f, -1e30f};
    for (size_t i = 0; i <= R; ++i) {
        const double theta = pi * double(i) / double(R);
        for (size_t j = 0; j <= S; ++j) {
            const double phi = 2 * pi * double(j) / double(S);
            const double ripple = 1 + 0.08 * std::sin(5 * theta + double(k)) * std::cos(7 * phi);
            const double dir[3] = {std::sin(theta) * std::cos(phi), std::cos(theta),
                                   std::sin(theta) * std::sin(phi)};
            const float p[3] = {float(sx * ripple * dir[0]), float(sy * ripple * dir[1]),
                                float(sz * ripple * dir[2])};
            for (int c = 0; c < 3; ++c) {
                m.positions.push_back(p[c]);
                m.normals.push_back(float(dir[c]));
                m.min[size_t(c)] = std::min(m.min[size_t(c)], p[c]);
                m.max[size_t(c)] = std::max(m.max[size_t(c)], p[c]);
            }
            m.tangents.insert(m.tangents.end(), {float(-std::sin(phi)), 0.0f, float(std::cos(phi)), 1.0f});
            const float u = float(j) / float(S), v = float(i) / float(R);
            m.uv0.insert(m.uv0.end(), {u, v});
            m.uv1.insert(m.uv1.end(), {2 * u, 2 * v});
            m.colors.insert(m.colors.end(), {0.5f + 0.5f * u, 0.5f, 0.5f + 0.5f * v, 1.0f});
        }
    }
    for (size_t i = 0; i < R; ++i) {
        for (size_t j = 0; j < S; ++j) {
            const auto a = std::uint32_t(i * (S + 1) + j), b = std::uint32_t(a + S + 1);
            m.indices.insert(m.indices.end(), {a, b, a + 1, a + 1, b, b + 1});
        }
    }
    return m;
}

/// The byte size of each of a mesh's blocks, in the order they are written.
std::array<size_t, 7> blockBytes(const ScaleSceneSize& size)
{
    const size_t v = size.verticesPerMesh();
    return {v * 12, v * 12, v * 16, v * 8, v * 8, v * 16, size.rings * size.segments * 6 * 4};
}

Json number3(double x, double y, double z)
{
    Json a = Json::array();
    a.push_back(x);
    a.push_back(y);
    a.push_back(z);
    return a;
}

/// A small deterministic generator (the same file on every machine).
struct Lcg
{
    std::uint32_t seed = 12345;
    double next()
    {
        seed = seed * 1664525u + 1013904223u;
        return double(seed >> 8) / double(1 << 24);
    }
};

/// The accessors, views and meshes: seven accessors per mesh (six attributes, then the indices).
void addMeshes(Json& j, const ScaleSceneSize& size, size_t& binBytes)
{
    static const char* const names[6] = {"POSITION",   "NORMAL",     "TANGENT",
                                         "TEXCOORD_0", "TEXCOORD_1", "COLOR_0"};
    static const char* const types[7] = {"VEC3", "VEC3", "VEC4", "VEC2", "VEC2", "VEC4", "SCALAR"};
    const auto bytes = blockBytes(size);
    Json views = Json::array(), accessors = Json::array(), meshes = Json::array();
    size_t offset = 0;
    for (size_t k = 0; k < size.meshes; ++k) {
        Json attributes = Json::object();
        for (size_t b = 0; b < 7; ++b) {
            Json view = Json::object();
            view["buffer"] = 0;
            view["byteOffset"] = offset;
            view["byteLength"] = bytes[b];
            view["target"] = b < 6 ? 34962 : 34963;
            offset += bytes[b];
            views.push_back(std::move(view));
            Json accessor = Json::object();
            accessor["bufferView"] = views.size() - 1;
            accessor["componentType"] = b < 6 ? 5126 : 5125;
            accessor["count"] = b < 6 ? size.verticesPerMesh() : size.rings * size.segments * 6;
            accessor["type"] = types[b];
            if (b == 0) {
                const MeshData m = makeMesh(size, k); // the bounds a POSITION accessor must give
                accessor["min"] = number3(m.min[0], m.min[1], m.min[2]);
                accessor["max"] = number3(m.max[0], m.max[1], m.max[2]);
            }
            accessors.push_back(std::move(accessor));
            if (b < 6)
                attributes[names[b]] = accessors.size() - 1;
        }
        Json primitive = Json::object();
        primitive["attributes"] = std::move(attributes);
        primitive["indices"] = accessors.size() - 1;
        primitive["material"] = 0;
        Json mesh = Json::object();
        mesh["name"] = "Rock " + std::to_string(k);
        mesh["primitives"] = Json::array();
        mesh["primitives"].push_back(std::move(primitive));
        meshes.push_back(std::move(mesh));
    }
    j["bufferViews"] = std::move(views);
    j["accessors"] = std::move(accessors);
    j["meshes"] = std::move(meshes);
    binBytes = offset;
}

/// Zones (roots), then bodies with a box collider each, then one node per mesh, then empty markers; every
/// node past the zones is a child of zone (index % zones).
void addNodes(Json& j, const ScaleSceneSize& size)
{
    Lcg random;
    Json nodes = Json::array(), shapes = Json::array(), roots = Json::array();
    std::vector<Json> children(size.zones, Json::array());
    for (size_t n = 0; n < size.nodes; ++n) {
        Json node = Json::object();
        if (n < size.zones) {
            node["name"] = "Zone " + std::to_string(n);
            roots.push_back(n);
            nodes.push_back(std::move(node));
            continue;
        }
        children[n % size.zones].push_back(n);
        const size_t body = n - size.zones, mesh = body - size.bodies;
        if (body < size.bodies) {
            node["name"] = "Body " + std::to_string(body);
            node["translation"] = number3(random.next() * 200, random.next() * 10, random.next() * 160);
            Json motion = Json::object();
            motion["type"] = body % 3 == 0 ? "static" : "dynamic";
            if (body % 3 != 0)
                motion["mass"] = 1 + random.next();
            Json collider = Json::object();
            collider["shape"] = body;
            node["extensions"]["OMI_physics_body"]["motion"] = std::move(motion);
            node["extensions"]["OMI_physics_body"]["collider"] = std::move(collider);
            Json shape = Json::object();
            shape["type"] = "box";
            shape["box"]["size"] = number3(random.next() + 0.1, random.next() + 0.1, random.next() + 0.1);
            shapes.push_back(std::move(shape));
        } else if (mesh < size.meshes) {
            node["name"] = "Rock " + std::to_string(mesh);
            node["mesh"] = mesh;
            node["translation"] = number3(double(mesh % 50) * 4, 0, double(mesh / 50) * 4);
        } else {
            node["name"] = "Marker " + std::to_string(n);
            node["translation"] = number3(random.next() * 200, random.next() * 10, random.next() * 160);
        }
        nodes.push_back(std::move(node));
    }
    for (size_t z = 0; z < size.zones; ++z)
        nodes[z]["children"] = std::move(children[z]);
    j["extensions"]["OMI_physics_shape"]["shapes"] = std::move(shapes);
    j["nodes"] = std::move(nodes);
    j["scenes"] = Json::array();
    j["scenes"].push_back(Json::object());
    j["scenes"][0]["nodes"] = std::move(roots);
    j["scene"] = 0;
}

void putU32(std::FILE* f, std::uint32_t v)
{
    const unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                                static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
    std::fwrite(b, 1, 4, f);
}

template <typename T> void putAll(std::FILE* f, const std::vector<T>& v)
{
    std::fwrite(v.data(), sizeof(T), v.size(), f);
}

bool writeScene(const fs::path& path, const ScaleSceneSize& size)
{
    Json j = Json::object();
    j["asset"]["version"] = "2.0";
    j["asset"]["generator"] = "cs_bench scale scene";
    j["extensionsUsed"] = Json::array();
    j["extensionsUsed"].push_back("OMI_physics_body");
    j["extensionsUsed"].push_back("OMI_physics_shape");
    j["materials"] = Json::array();
    j["materials"].push_back(Json::object());
    j["materials"][0]["name"] = "Stone";
    size_t binBytes = 0;
    addMeshes(j, size, binBytes);
    addNodes(j, size);
    j["buffers"] = Json::array();
    j["buffers"].push_back(Json::object());
    j["buffers"][0]["byteLength"] = binBytes;
    std::string text = j.dump();
    text.resize((text.size() + 3) & ~size_t(3), ' ');

    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        return false;
    putU32(f, 0x46546C67u);
    putU32(f, 2);
    putU32(f, std::uint32_t(12 + 8 + text.size() + 8 + binBytes));
    putU32(f, std::uint32_t(text.size()));
    putU32(f, 0x4E4F534Au);
    std::fwrite(text.data(), 1, text.size(), f);
    putU32(f, std::uint32_t(binBytes));
    putU32(f, 0x004E4942u);
    for (size_t k = 0; k < size.meshes; ++k) {
        const MeshData m = makeMesh(size, k);
        putAll(f, m.positions);
        putAll(f, m.normals);
        putAll(f, m.tangents);
        putAll(f, m.uv0);
        putAll(f, m.uv1);
        putAll(f, m.colors);
        putAll(f, m.indices);
    }
    const bool ok = std::ferror(f) == 0;
    return std::fclose(f) == 0 && ok;
}

} // namespace

ScaleSceneSize scaleSceneSize(bool quick)
{
    ScaleSceneSize s;
    if (quick) {
        s.meshes /= 10;
        s.bodies /= 10;
        s.nodes /= 10;
        s.zones /= 10;
    }
    return s;
}

fs::path scaleSceneFile(const fs::path& cacheDir, const ScaleSceneSize& size, bool* generated)
{
    const fs::path path = cacheDir / ("scale-scene-" + std::to_string(size.nodes) + "-nodes.glb");
    if (generated)
        *generated = !fs::exists(path);
    if (fs::exists(path))
        return path;
    fs::create_directories(cacheDir);
    const fs::path partial = path.string() + ".partial";
    if (!writeScene(partial, size)) {
        fs::remove(partial);
        return {};
    }
    fs::rename(partial, path);
    return path;
}

} // namespace cs::bench
