#pragma once

#include <filesystem>

namespace cs::bench {

/// A large textured scene in `dir`: six 4096x4096 base colour images (three JPEG, three PNG) on a grid mesh
/// of about a million triangles. Returns the .gltf path; `decodedImageBytes` gets what the images take
/// decoded at full size as RGBA8 (the memory a viewer that keeps them decoded would hold).
std::filesystem::path makeTexturedScene(const std::filesystem::path& dir, double& decodedImageBytes);

/// Peak resident memory (KiB) of `collidoscope FILE --screenshot OUT`: the real program, opened to its first
/// frame in a process of its own. Negative when it did not exit cleanly.
long peakResidentKib(const std::filesystem::path& app, const std::filesystem::path& file,
                     const std::filesystem::path& screenshot);

} // namespace cs::bench
