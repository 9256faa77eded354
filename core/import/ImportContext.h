#pragma once

#include "Diagnostic.h"
#include "import/AssetImporter.h"
#include "import/GltfBuilder.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct aiScene;

namespace cs::import {

/// The state of one import, shared by its steps (meshes, materials, nodes). One per importAsset call.
struct ImportContext
{
    ImportContext(const aiScene& s, const std::filesystem::path& source, gltf::GltfDocument& d)
        : scene(s), sourcePath(source), doc(d), builder(d)
    {}

    const aiScene& scene;
    std::filesystem::path sourcePath;
    gltf::GltfDocument& doc;
    GltfBuilder builder;
    double scale = 1.0; ///< metres per source unit, baked into positions and translations
    Diagnostics diagnostics;

    std::map<unsigned, int> materials;   ///< source material -> glTF material (-1: none made)
    std::map<std::string, int> textures; ///< source texture path -> glTF texture (-1: unusable)

    /// Something that could not be carried over, reported once per kind with a count (a scene with a
    /// thousand coloured meshes gets one warning, not a thousand).
    void lost(const std::string& code, const std::string& what, const std::string& where);
    /// Adds the collected warnings to `diagnostics`.
    void reportLost();

private:
    struct Lost
    {
        std::string what;
        std::vector<std::string> where;
    };
    std::map<std::string, Lost> m_lost;
    std::vector<std::string> m_lostOrder;
};

/// The glTF primitive (attributes, indices, material) of source mesh `meshIndex`, its data added to the
/// builder; nullopt when the mesh has no triangles (points, lines) or unusable data, with a warning.
std::optional<gltf::Json> convertPrimitive(ImportContext& ctx, unsigned meshIndex);

/// The glTF material made for source material `materialIndex` (made on first use), or -1.
int convertMaterial(ImportContext& ctx, unsigned materialIndex);

} // namespace cs::import
