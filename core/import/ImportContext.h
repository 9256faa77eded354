#pragma once

#include "Diagnostic.h"
#include "import/AssetImporter.h"
#include "import/GltfBuilder.h"

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct aiMesh;
struct aiNode;
struct aiScene;

namespace cs::import {

/// A skin being made for one glTF mesh: its bones (the source nodes, the union over the mesh's source meshes
/// in order of first use) and each bone's inverse bind matrix (Assimp's offset matrix), row by row,
/// translation in metres.
struct PendingSkin
{
    std::vector<const aiNode*> joints;
    std::vector<std::array<double, 16>> offsets;
};

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

    std::map<unsigned, int> materials;           ///< source material -> glTF material (-1: none made)
    std::map<std::string, int> textures;         ///< source texture path -> glTF texture (-1: unusable)
    std::vector<PendingSkin> skins;              ///< the glTF skins, by index, written by writeSkins
    std::map<const aiNode*, size_t> nodeIndices; ///< source node -> the glTF node made for it
    bool rootConverted = true; ///< false when the frame is baked: the source root is then no glTF node

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
/// builder; nullopt when the mesh has no triangles (points, lines) or unusable data, with a warning. With
/// `skin`, the mesh's bone weights become JOINTS_0 / WEIGHTS_0 against that skin's joints.
std::optional<gltf::Json> convertPrimitive(ImportContext& ctx, unsigned meshIndex,
                                           const PendingSkin* skin = nullptr);

/// The skin of the glTF mesh made of source meshes `meshes` (`label` names it):
/// -1 when none has bones, or when their bones cannot be carried over as the source means them (then with a
/// warning: meshes with and without bones on one node, a vertex no bone weighs, a bone that is no node of the
/// tree), so the mesh is kept unskinned. Else the index of a new entry of ctx.skins.
int planSkin(ImportContext& ctx, const std::vector<unsigned>& meshes, const std::string& label);

/// JOINTS_n and WEIGHTS_n of `mesh` against `skin`: a set of four per vertex for every four influences the
/// mesh needs, up to eight (more are cut to the eight largest with a warning), each vertex's summing to 1.
void addSkinAttributes(ImportContext& ctx, const aiMesh& mesh, const PendingSkin& skin,
                       gltf::Json& attributes, const std::string& label);

/// Writes json["skins"] from ctx.skins; call once every node is converted.
void writeSkins(ImportContext& ctx);

/// The glTF material made for source material `materialIndex` (made on first use), or -1.
int convertMaterial(ImportContext& ctx, unsigned materialIndex);

} // namespace cs::import
