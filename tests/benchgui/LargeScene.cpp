#include "LargeScene.h"

#include "gltf/GltfDocument.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

namespace cs::bench {

namespace fs = std::filesystem;

fs::path makeManyNodeScene(const fs::path& dir)
{
    constexpr int kNodes = 800, kMaterials = 200, kSide = 27;
    using Json = nlohmann::ordered_json;
    Json j;
    j["asset"] = {{"version", "2.0"}, {"generator", "cs_bench_gui"}};
    j["materials"] = Json::array();
    for (int m = 0; m < kMaterials; ++m) {
        const double h = double(m) / kMaterials;
        j["materials"].push_back(
            {{"pbrMetallicRoughness",
              {{"baseColorFactor",
                {0.5 + 0.5 * std::sin(6.28 * h), 0.5 + 0.5 * std::cos(6.28 * h), h, 1.0}}}}});
    }
    std::string bin;
    auto put = [&bin](const void* data, size_t bytes) {
        const size_t at = bin.size();
        bin.append(static_cast<const char*>(data), bytes);
        return at;
    };
    j["bufferViews"] = Json::array();
    j["accessors"] = Json::array();
    j["meshes"] = Json::array();
    j["nodes"] = Json::array();
    Json roots = Json::array();
    const int perRow = int(std::ceil(std::sqrt(double(kNodes))));
    for (int i = 0; i < kNodes; ++i) {
        // A patch whose waves differ per node, so that no two meshes are alike.
        std::vector<float> positions, normals;
        std::vector<std::uint32_t> indices;
        const float k = 3.0f + float(i % 17);
        for (int y = 0; y < kSide; ++y) {
            for (int x = 0; x < kSide; ++x) {
                const float u = float(x) / (kSide - 1), v = float(y) / (kSide - 1);
                const float h = 0.1f * std::sin(k * u) * std::cos(k * v);
                const float dx = 0.1f * k * std::cos(k * u) * std::cos(k * v);
                const float dz = -0.1f * k * std::sin(k * u) * std::sin(k * v);
                const float len = std::sqrt(dx * dx + 1 + dz * dz);
                positions.insert(positions.end(), {u, h, v});
                normals.insert(normals.end(), {-dx / len, 1 / len, -dz / len});
            }
        }
        for (int y = 0; y + 1 < kSide; ++y) {
            for (int x = 0; x + 1 < kSide; ++x) {
                const std::uint32_t a = y * kSide + x, b = a + 1, c = a + kSide, d = c + 1;
                indices.insert(indices.end(), {a, c, b, b, c, d});
            }
        }
        const size_t count = size_t(kSide) * kSide;
        const size_t view = j["bufferViews"].size(), accessor = j["accessors"].size();
        j["bufferViews"].push_back({{"buffer", 0},
                                    {"byteOffset", put(positions.data(), positions.size() * 4)},
                                    {"byteLength", positions.size() * 4}});
        j["bufferViews"].push_back({{"buffer", 0},
                                    {"byteOffset", put(normals.data(), normals.size() * 4)},
                                    {"byteLength", normals.size() * 4}});
        j["bufferViews"].push_back({{"buffer", 0},
                                    {"byteOffset", put(indices.data(), indices.size() * 4)},
                                    {"byteLength", indices.size() * 4}});
        j["accessors"].push_back({{"bufferView", view},
                                  {"componentType", 5126},
                                  {"count", count},
                                  {"type", "VEC3"},
                                  {"min", {0, -0.1, 0}},
                                  {"max", {1, 0.1, 1}}});
        j["accessors"].push_back(
            {{"bufferView", view + 1}, {"componentType", 5126}, {"count", count}, {"type", "VEC3"}});
        j["accessors"].push_back({{"bufferView", view + 2},
                                  {"componentType", 5125},
                                  {"count", indices.size()},
                                  {"type", "SCALAR"}});
        Json primitive = {{"attributes", {{"POSITION", accessor}, {"NORMAL", accessor + 1}}},
                          {"indices", accessor + 2},
                          {"material", i % kMaterials}};
        j["meshes"].push_back({{"primitives", Json::array({primitive})}});
        j["nodes"].push_back({{"name", "Part " + std::to_string(i)},
                              {"mesh", i},
                              {"translation", {1.2 * (i % perRow), 0.0, 1.2 * (i / perRow)}}});
        roots.push_back(i);
    }
    std::ofstream(dir / "many-nodes.bin", std::ios::binary).write(bin.data(), std::streamsize(bin.size()));
    j["buffers"] = {{{"uri", "many-nodes.bin"}, {"byteLength", bin.size()}}};
    j["scenes"] = {{{"nodes", roots}}};
    j["scene"] = 0;
    const fs::path path = dir / "many-nodes.gltf";
    std::ofstream(path) << j.dump();
    return path;
}

/// Writes `j` with these OMI shapes, nodes and scene roots as the .glb `path`.
static fs::path saveShapeScene(gltf::Json& j, const gltf::Json& shapes, const gltf::Json& nodes,
                               const gltf::Json& roots, const fs::path& path)
{
    j["extensions"] = {{"OMI_physics_shape", {{"shapes", shapes}}}};
    j["scene"] = 0;
    j["scenes"] = {{{"nodes", roots}}};
    j["nodes"] = nodes;
    const std::string text = j.dump();
    auto doc =
        gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), path.parent_path() / "scene.gltf");
    gltf::saveGltf(*doc, path);
    return path;
}

/// A scene of `count` colliders of every primitive type on a grid, each its own static or dynamic body, and
/// no meshes: what the viewport draws is the overlay alone.
fs::path makeColliderScene(const fs::path& dir, size_t count)
{
    gltf::Json j = gltf::Json::object();
    j["asset"] = {{"version", "2.0"}, {"generator", "cs_bench_gui"}};
    j["extensionsUsed"] = {"OMI_physics_body", "OMI_physics_shape"};
    gltf::Json shapes = gltf::Json::array(), nodes = gltf::Json::array(), roots = gltf::Json::array();
    std::mt19937 random(7);
    std::uniform_real_distribution<double> size(0.2, 1.0);
    const int side = int(std::ceil(std::sqrt(double(count))));
    for (size_t i = 0; i < count; ++i) {
        switch (i % 4) {
        case 0:
            shapes.push_back(
                {{"type", "box"}, {"box", {{"size", {size(random), size(random), size(random)}}}}});
            break;
        case 1:
            shapes.push_back({{"type", "sphere"}, {"sphere", {{"radius", size(random) * 0.5}}}});
            break;
        case 2:
            shapes.push_back(
                {{"type", "capsule"},
                 {"capsule", {{"height", size(random)}, {"radiusTop", 0.2}, {"radiusBottom", 0.3}}}});
            break;
        default:
            shapes.push_back(
                {{"type", "cylinder"},
                 {"cylinder", {{"height", size(random)}, {"radiusTop", 0.3}, {"radiusBottom", 0.3}}}});
            break;
        }
        gltf::Json body = {{"collider", {{"shape", i}}}};
        if (i % 3 != 0)
            body["motion"] = {{"type", i % 3 == 1 ? "dynamic" : "kinematic"}};
        nodes.push_back({{"name", "Body " + std::to_string(i)},
                         {"translation", {double(i % side) * 1.5, 0.5, double(i / side) * 1.5}},
                         {"extensions", {{"OMI_physics_body", body}}}});
        roots.push_back(i);
    }
    return saveShapeScene(j, shapes, nodes, roots, dir / ("colliders-" + std::to_string(count) + ".glb"));
}

fs::path makeFallingScene(const fs::path& dir, size_t count)
{
    gltf::Json j = gltf::Json::object();
    j["asset"] = {{"version", "2.0"}, {"generator", "cs_bench_gui"}};
    j["extensionsUsed"] = {"OMI_physics_body", "OMI_physics_shape"};
    const gltf::Json shapes = {{{"type", "box"}, {"box", {{"size", {200, 1, 200}}}}},
                               {{"type", "box"}, {"box", {{"size", {0.5, 0.5, 0.5}}}}},
                               {{"type", "sphere"}, {"sphere", {{"radius", 0.25}}}}};
    gltf::Json nodes = gltf::Json::array(), roots = gltf::Json::array();
    nodes.push_back({{"name", "Floor"},
                     {"translation", {0, -0.5, 0}},
                     {"extensions", {{"OMI_physics_body", {{"collider", {{"shape", 0}}}}}}}});
    roots.push_back(0);
    constexpr int Side = 10; // 10 x 10 bodies per layer, 0.8 m apart
    for (size_t i = 0; i < count; ++i) {
        const int x = int(i % Side), z = int(i / Side % Side), layer = int(i / (Side * Side));
        nodes.push_back(
            {{"name", "Body " + std::to_string(i)},
             {"translation", {x * 0.8, 1.0 + layer * 0.8, z * 0.8}},
             {"extensions",
              {{"OMI_physics_body",
                {{"motion", {{"type", "dynamic"}, {"mass", 1}}}, {"collider", {{"shape", 1 + i % 2}}}}}}}});
        roots.push_back(i + 1);
    }
    return saveShapeScene(j, shapes, nodes, roots, dir / ("falling-" + std::to_string(count) + ".glb"));
}

} // namespace cs::bench
