// bench=reskin: one frame of the Animation timeline's skinning of a large skinned mesh (AnimatedMeshes::at:
// the joint matrices at a pose, every vertex morphed and skinned, normals from the posed faces) against the
// floor of any redraw from the file, reading the same mesh's positions and triangles from its accessors
// (restMeshTriangles). The mesh: a strip of `vertices` vertices along X, bent by a chain of 16 joints, each
// vertex weighted to the two joints nearest it.
#include "BenchUtil.h"
#include "gltf/AnimatedMeshes.h"
#include "gltf/MeshTriangles.h"

#include <QByteArray>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace cs::bench {

namespace {

constexpr size_t kJoints = 16;

template <class T> size_t append(std::string& bin, const std::vector<T>& values)
{
    const size_t at = bin.size();
    bin.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
    while (bin.size() % 4)
        bin.push_back('\0');
    return at;
}

/// The strip as a .gltf with its buffer in a data: URI.
std::string skinnedStrip(size_t vertices)
{
    const size_t columns = vertices / 2;
    std::vector<float> positions, weights, inverseBind, times{0, 1}, rotations;
    std::vector<std::uint8_t> joints;
    std::vector<std::uint32_t> indices;
    const float length = float(kJoints);
    for (size_t c = 0; c < columns; ++c) {
        const float x = length * float(c) / float(columns - 1);
        const auto j = std::min(size_t(x), kJoints - 2);
        const float f = std::clamp(x - float(j), 0.0f, 1.0f);
        for (float y : {-0.5f, 0.5f}) {
            positions.insert(positions.end(), {x, y, 0});
            joints.insert(joints.end(), {std::uint8_t(j), std::uint8_t(j + 1), 0, 0});
            weights.insert(weights.end(), {1 - f, f, 0, 0});
        }
        if (c + 1 < columns) {
            const auto a = std::uint32_t(2 * c);
            indices.insert(indices.end(), {a, a + 2, a + 1, a + 1, a + 2, a + 3});
        }
    }
    for (size_t j = 0; j < kJoints; ++j)
        inverseBind.insert(inverseBind.end(), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -float(j), 0, 0, 1});
    const float s = std::sin(0.1f), c = std::cos(0.1f);
    rotations = {0, 0, 0, 1, 0, 0, s, c};
    std::string bin;
    gltf::Json views = gltf::Json::array(), accessors = gltf::Json::array();
    auto add = [&](size_t offset, size_t bytes, int type, size_t count, const char* shape) {
        views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}});
        accessors.push_back(
            {{"bufferView", views.size() - 1}, {"componentType", type}, {"count", count}, {"type", shape}});
        return accessors.size() - 1;
    };
    const size_t n = positions.size() / 3;
    const size_t p = add(append(bin, positions), positions.size() * 4, 5126, n, "VEC3");
    const size_t jo = add(append(bin, joints), joints.size(), 5121, n, "VEC4");
    const size_t w = add(append(bin, weights), weights.size() * 4, 5126, n, "VEC4");
    const size_t i = add(append(bin, indices), indices.size() * 4, 5125, indices.size(), "SCALAR");
    const size_t ibm = add(append(bin, inverseBind), inverseBind.size() * 4, 5126, kJoints, "MAT4");
    const size_t t = add(append(bin, times), 8, 5126, 2, "SCALAR");
    const size_t r = add(append(bin, rotations), 32, 5126, 2, "VEC4");
    gltf::Json root = {{"asset", {{"version", "2.0"}}}};
    root["nodes"] = {{{"mesh", 0}, {"skin", 0}}};
    gltf::Json skinJoints = gltf::Json::array(), channels = gltf::Json::array();
    for (size_t j = 0; j < kJoints; ++j) {
        gltf::Json node = {{"translation", {j == 0 ? 0 : 1, 0, 0}}};
        if (j + 1 < kJoints)
            node["children"] = {j + 2};
        root["nodes"].push_back(node);
        skinJoints.push_back(j + 1);
        channels.push_back({{"sampler", 0}, {"target", {{"node", j + 1}, {"path", "rotation"}}}});
    }
    root["meshes"] = {
        {{"primitives",
          {{{"attributes", {{"POSITION", p}, {"JOINTS_0", jo}, {"WEIGHTS_0", w}}}, {"indices", i}}}}}};
    root["skins"] = {{{"joints", skinJoints}, {"inverseBindMatrices", ibm}}};
    root["animations"] = {{{"channels", channels}, {"samplers", {{{"input", t}, {"output", r}}}}}};
    const QByteArray encoded = QByteArray(bin.data(), qsizetype(bin.size())).toBase64();
    root["buffers"] = {{{"byteLength", bin.size()},
                        {"uri", "data:application/octet-stream;base64," + encoded.toStdString()}}};
    root["bufferViews"] = views;
    root["accessors"] = accessors;
    return root.dump();
}

} // namespace

int runReskinBenchmarks(int runs, bool quick)
{
    const size_t vertices = quick ? 100'000 : 1'000'000;
    const std::string text = skinnedStrip(vertices);
    auto doc = gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), "strip.gltf");
    const auto graph = doc ? gltf::SceneGraph::build(*doc.value) : Result<gltf::SceneGraph>{};
    const auto pose =
        graph ? gltf::AnimationPose::make(*doc.value, *graph, 0) : Result<gltf::AnimationPose>{};
    if (!pose) {
        std::printf("bench=reskin error=the strip did not load\n");
        return 1;
    }
    const auto meshes = gltf::AnimatedMeshes::make(*doc.value, *pose);
    const auto worlds = pose->worldTransforms(0.5);
    const auto ms = medianMs({[&] { keep(meshes.at(*pose, worlds, 0.5).value->data()); },
                              [&] { keep(gltf::restMeshTriangles(*doc.value, 0).value->positions.data()); }},
                             runs);
    std::printf("bench=reskin vertices=%zu joints=%zu reskin_ms=%s read_positions_ms=%s ratio=%s\n", vertices,
                kJoints, fixed(ms[0], 2).c_str(), fixed(ms[1], 2).c_str(), fixed(ms[0] / ms[1], 2).c_str());
    return 0;
}

} // namespace cs::bench
