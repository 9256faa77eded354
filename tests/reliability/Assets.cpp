#include "Assets.h"

#include <algorithm>
#include <cstring>

namespace cs::reliability {

gltf::GltfDocument makeAsset(size_t vertices, float seed, size_t extraNodes)
{
    using gltf::Json;
    vertices -= vertices % 3;
    gltf::Bytes data(vertices * 12);
    for (size_t i = 0; i < vertices; ++i) {
        const float p[3] = {float(i % 97) + seed, float((i / 97) % 89) * 0.5f, float(i % 13) - seed};
        std::memcpy(data.data() + i * 12, p, 12);
    }
    Json j = Json::object();
    j["asset"] = {{"version", "2.0"}, {"generator", "collidoscope reliability tests"}};
    j["buffers"] = Json::array({{{"byteLength", data.size()}}});
    j["bufferViews"] = Json::array({{{"buffer", 0}, {"byteLength", data.size()}, {"target", 34962}}});
    j["accessors"] = Json::array({{{"bufferView", 0},
                                   {"componentType", 5126},
                                   {"count", vertices},
                                   {"type", "VEC3"},
                                   {"min", {seed, 0, -seed}},
                                   {"max", {96 + seed, 44, 12 - seed}}}});
    j["meshes"] = Json::array({{{"primitives", Json::array({{{"attributes", {{"POSITION", 0}}}}})}}});
    Json nodes = Json::array({{{"name", "mesh"}, {"mesh", 0}}});
    Json roots = Json::array({0});
    for (size_t i = 0; i < extraNodes; ++i) {
        nodes.push_back({{"name", "generated node number " + std::to_string(i)}});
        roots.push_back(i + 1);
    }
    j["nodes"] = std::move(nodes);
    j["scenes"] = Json::array({{{"nodes", std::move(roots)}}});
    j["scene"] = 0;

    gltf::GltfDocument doc;
    doc.json() = std::move(j);
    doc.setSourceFormat(gltf::FileFormat::Glb);
    gltf::Buffer buffer;
    buffer.data = std::move(data);
    buffer.origin = gltf::ResourceOrigin::GlbBinChunk;
    doc.buffers().push_back(std::move(buffer));
    return doc;
}

std::vector<std::string> folderListing(const std::filesystem::path& folder)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(folder, ec))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace cs::reliability
