#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cs::import {

enum class UpAxis
{
    Y,
    Z
};

struct ImportOptions
{
    /// Metres per source unit, replacing whatever the file says (e.g. 0.001 for an STL in millimetres).
    std::optional<double> unitScale;
    /// The source's up axis, replacing whatever the file says or its format's convention.
    std::optional<UpAxis> upAxis;
    /// Called from the importing thread with the fraction done (0..1); return false to cancel.
    std::function<bool(double)> progress;
    /// openAnyAsset: read colliders from Godot's and Unreal's naming conventions (readNamedColliders in
    /// NamedColliders.h), its findings after the opening's. Off unless asked for.
    bool fromNames = false;
};

/// Reads any format Assimp supports (FBX, OBJ, DAE, STL, PLY, 3DS, BLEND, ...) into a new glTF 2.0 document
/// built here (not by Assimp's glTF exporter): meshes (positions, normals, first UV set, triangle indices;
/// one primitive per source mesh, grouped into one glTF mesh per node), the node hierarchy with its
/// transforms, materials' base colour factor and base colour texture (external files relative to the source,
/// embedded textures as bufferView images). The result is in metres, Y up: every conversion made is an info
/// diagnostic (code IMPORT_*); what could not be carried over (animations, skins, cameras, lights, morph
/// targets, extra UV sets, vertex colours, points and lines, other textures) is a warning.
/// A node tree with empty child slots (Assimp's RAW reader) is repaired: meshes no node refers to get
/// top-level nodes of their own, with an IMPORT_NODE_TREE_REPAIRED warning.
/// No value, with an error (IMPORT_FAILED, IMPORT_CANCELLED) when the file cannot be read at all, or when
/// its header declares more elements than the file can hold (declaredCountsBeyondSize).
/// The document's sourcePath is the source file, so relative texture files resolve against its folder.
Result<gltf::GltfDocument> importAsset(const std::filesystem::path& path, const ImportOptions& options = {});

/// True when the file is glTF (.gltf/.glb by its first bytes: the GLB magic, or JSON naming "asset"), so that
/// it should be opened losslessly with gltf::loadGltf instead of being imported.
bool isGltfFile(const std::filesystem::path& path);

/// NOT_GLTF, naming the file, when it starts with neither the GLB magic nor a JSON object: a file named .glb
/// (or anything) that is no glTF at all, which a JSON parse error at its first byte would not tell. None for
/// a file that starts like glTF (whatever is wrong further on) or cannot be read.
std::optional<Diagnostic> notGltfFile(const std::filesystem::path& path);

/// Opens any asset: glTF files losslessly with gltf::loadGltf, everything else through importAsset. The
/// entry point for the GUI's Open/Import and for commands that accept any asset. A .glb that is not glTF
/// (notGltfFile) is refused as such; a .gltf is read as glTF text, whose parse errors say where.
Result<gltf::GltfDocument> openAnyAsset(const std::filesystem::path& path, const ImportOptions& options = {});

/// The file extensions Assimp can read, lower case without the dot ("fbx", "obj", ...), for file dialogs.
std::vector<std::string> importableExtensions();

/// The extension of `path` in lower case, with its dot (".glb"); "" when there is none.
std::string lowerExtension(const std::filesystem::path& path);

} // namespace cs::import
