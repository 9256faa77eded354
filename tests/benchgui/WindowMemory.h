#pragma once

#include <filesystem>

namespace cs::bench {

/// A large textured scene in `dir`: six 4096x4096 base colour images (three JPEG, three PNG) on a grid mesh
/// of about a million triangles. Returns the .gltf path; `decodedImageBytes` gets what the images take
/// decoded at full size as RGBA8 (the memory a viewer that keeps them decoded would hold), `vertexBytes` the
/// vertex and index data the meshes draw (each mesh's share of the buffer counted once per mesh).
std::filesystem::path makeTexturedScene(const std::filesystem::path& dir, double& decodedImageBytes,
                                        double& vertexBytes);

} // namespace cs::bench
