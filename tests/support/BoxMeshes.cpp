#include "BoxMeshes.h"

#include "TestSupport.h"

#include <cstdint>

namespace cs::test {

gltf::Json boxMeshes(gltf::Json gltfJson, const std::vector<Box>& boxes)
{
    gltf::Bytes bytes;
    gltf::Json views = gltf::Json::array();
    gltf::Json accessors = gltf::Json::array();
    gltf::Json meshes = gltf::Json::array();
    const std::initializer_list<std::uint16_t> indices = {0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5,
                                                          0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6,
                                                          0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3};
    for (const Box& b : boxes) {
        const size_t positionsAt = bytes.size();
        for (int i = 0; i < 8; ++i)
            appendFloats(bytes, {(i & 4) ? b[3] : b[0], (i & 2) ? b[4] : b[1], (i & 1) ? b[5] : b[2]});
        const size_t indicesAt = bytes.size();
        appendValues<std::uint16_t>(bytes, indices);
        const size_t view = views.size();
        views.push_back({{"buffer", 0}, {"byteOffset", positionsAt}, {"byteLength", 96}, {"target", 34962}});
        views.push_back({{"buffer", 0}, {"byteOffset", indicesAt}, {"byteLength", 72}, {"target", 34963}});
        const size_t accessor = accessors.size();
        accessors.push_back({{"bufferView", view},
                             {"componentType", 5126},
                             {"count", 8},
                             {"type", "VEC3"},
                             {"min", {b[0], b[1], b[2]}},
                             {"max", {b[3], b[4], b[5]}}});
        accessors.push_back(
            {{"bufferView", view + 1}, {"componentType", 5123}, {"count", 36}, {"type", "SCALAR"}});
        meshes.push_back(
            {{"name", "Box " + std::to_string(meshes.size())},
             {"primitives",
              {{{"attributes", {{"POSITION", accessor}}}, {"indices", accessor + 1}, {"mode", 4}}}}});
    }
    gltfJson["buffers"] = {{{"byteLength", bytes.size()}, {"uri", base64DataUri(bytes)}}};
    gltfJson["bufferViews"] = views;
    gltfJson["accessors"] = accessors;
    gltfJson["meshes"] = meshes;
    return gltfJson;
}

} // namespace cs::test
