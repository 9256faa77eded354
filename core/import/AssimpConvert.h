#pragma once

#include "gltf/GltfDocument.h"

#include <QMatrix4x4>
#include <assimp/matrix4x4.h>
#include <assimp/types.h>
#include <string>

struct aiScene;

namespace cs::import {

/// Small conversions from Assimp's types to ours, shared by the import steps.

QMatrix4x4 toQt(const aiMatrix4x4& m);

/// Valid UTF-8 for JSON: names from old exporters may be Latin-1; invalid bytes become U+FFFD so that the
/// writer never fails on a name.
std::string utf8(const std::string& text);
inline std::string utf8(const aiString& text)
{
    return utf8(std::string(text.C_Str(), text.length));
}

/// The importer's name of the source format (scene metadata "SourceAsset_Format"), else the extension.
std::string sourceFormatName(const aiScene& scene, const std::string& extension);

/// Sets a node's translation/rotation/scale from a transform (identity parts left out). glTF requires node
/// matrices to be decomposable, so a sheared transform is replaced by its nearest TRS; returns false then.
bool setNodeTransform(gltf::Json& node, const QMatrix4x4& transform);

/// Stores every non-negative integer as unsigned, as the JSON parser does when the file is read back, so an
/// imported document holds the same JSON types as the one loaded from its saved text.
void normaliseIntegers(gltf::Json& json);

/// The percent-encoded form of a relative file path for a glTF uri (RFC 3986 path characters kept).
std::string percentEncodeUri(const std::string& path);

} // namespace cs::import
