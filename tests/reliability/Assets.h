#pragma once

// Assets generated in code for the reliability tests.

#include "gltf/GltfDocument.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cs::reliability {

/// A document with one mesh of `vertices` positions (a triangle list; the values depend on `seed`) in buffer
/// 0 (as a GLB BIN chunk), a node using it, and `extraNodes` more named nodes (to make the JSON large).
gltf::GltfDocument makeAsset(size_t vertices, float seed, size_t extraNodes = 0);

/// The names in a folder, sorted.
std::vector<std::string> folderListing(const std::filesystem::path& folder);

/// True when `text` contains `part`.
inline bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace cs::reliability
