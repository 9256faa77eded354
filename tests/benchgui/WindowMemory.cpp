#include "WindowMemory.h"

#include <QImage>
#include <QPainter>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cs::bench {

namespace fs = std::filesystem;

namespace {

QImage pattern(int side, int seed)
{
    QImage image(side, side, QImage::Format_RGB888);
    QPainter painter(&image);
    QLinearGradient gradient(0, 0, side, side);
    gradient.setColorAt(0, QColor::fromHsv((seed * 50) % 360, 200, 230));
    gradient.setColorAt(1, QColor::fromHsv((seed * 50 + 120) % 360, 200, 120));
    painter.fillRect(image.rect(), gradient);
    painter.setPen(QPen(Qt::white, 6));
    for (int i = 0; i < side; i += 128)
        painter.drawLine(i, 0, side - i, side);
    return image;
}

template <class T> void append(std::string& out, const std::vector<T>& values)
{
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

} // namespace

fs::path makeTexturedScene(const fs::path& dir, double& decodedImageBytes, double& vertexBytes)
{
    const int side = 4096, images = 6;
    decodedImageBytes = 0;
    nlohmann::ordered_json j;
    j["asset"] = {{"version", "2.0"}, {"generator", "cs_bench_gui"}};
    j["images"] = nlohmann::ordered_json::array();
    j["textures"] = nlohmann::ordered_json::array();
    j["materials"] = nlohmann::ordered_json::array();
    for (int i = 0; i < images; ++i) {
        const std::string name = "texture" + std::to_string(i) + (i % 2 ? ".png" : ".jpg");
        pattern(side, i).save(QString::fromStdString((dir / name).string()), nullptr, i % 2 ? -1 : 85);
        decodedImageBytes += double(side) * side * 4;
        j["images"].push_back({{"uri", name}});
        j["textures"].push_back({{"source", i}});
        j["materials"].push_back({{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", i}}}}}});
    }
    // One grid of n x n vertices per image, side by side: about a million triangles in all.
    const int n = 290;
    std::vector<float> positions, normals, uvs;
    std::vector<std::uint32_t> indices;
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            const float u = float(x) / (n - 1), v = float(y) / (n - 1);
            positions.insert(positions.end(), {u, 0.05f * std::sin(u * 20.0f) * std::cos(v * 20.0f), v});
            normals.insert(normals.end(), {0, 1, 0});
            uvs.insert(uvs.end(), {u, v});
        }
    }
    for (int y = 0; y + 1 < n; ++y) {
        for (int x = 0; x + 1 < n; ++x) {
            const std::uint32_t a = y * n + x, b = a + 1, c = a + n, d = c + 1;
            indices.insert(indices.end(), {a, c, b, b, c, d});
        }
    }
    std::string bin;
    append(bin, positions);
    append(bin, normals);
    append(bin, uvs);
    append(bin, indices);
    std::ofstream(dir / "mesh.bin", std::ios::binary).write(bin.data(), std::streamsize(bin.size()));
    const size_t vertexCount = size_t(n) * n, p = positions.size() * 4, nn = normals.size() * 4,
                 t = uvs.size() * 4, ix = indices.size() * 4;
    j["buffers"] = {{{"uri", "mesh.bin"}, {"byteLength", bin.size()}}};
    vertexBytes = double(bin.size()) * images; // every image's mesh draws the whole grid
    j["bufferViews"] = {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", p}},
                        {{"buffer", 0}, {"byteOffset", p}, {"byteLength", nn}},
                        {{"buffer", 0}, {"byteOffset", p + nn}, {"byteLength", t}},
                        {{"buffer", 0}, {"byteOffset", p + nn + t}, {"byteLength", ix}}};
    j["accessors"] = {
        {{"bufferView", 0},
         {"componentType", 5126},
         {"count", vertexCount},
         {"type", "VEC3"},
         {"min", {0, -0.05, 0}},
         {"max", {1, 0.05, 1}}},
        {{"bufferView", 1}, {"componentType", 5126}, {"count", vertexCount}, {"type", "VEC3"}},
        {{"bufferView", 2}, {"componentType", 5126}, {"count", vertexCount}, {"type", "VEC2"}},
        {{"bufferView", 3}, {"componentType", 5125}, {"count", indices.size()}, {"type", "SCALAR"}}};
    j["meshes"] = nlohmann::ordered_json::array();
    j["nodes"] = nlohmann::ordered_json::array();
    nlohmann::ordered_json roots = nlohmann::ordered_json::array();
    for (int i = 0; i < images; ++i) {
        nlohmann::ordered_json primitive;
        primitive["attributes"] = {{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 2}};
        primitive["indices"] = 3;
        primitive["material"] = i;
        nlohmann::ordered_json mesh;
        mesh["primitives"] = nlohmann::ordered_json::array({primitive});
        j["meshes"].push_back(mesh);
        j["nodes"].push_back({{"mesh", i}, {"translation", {1.1 * i, 0, 0}}});
        roots.push_back(i);
    }
    j["scenes"] = {{{"nodes", roots}}};
    j["scene"] = 0;
    const fs::path path = dir / "textured-scene.gltf";
    std::ofstream(path) << j.dump();
    return path;
}

} // namespace cs::bench
