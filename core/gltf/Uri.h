#pragma once

#include "gltf/GltfDocument.h"

#include <optional>
#include <string>
#include <string_view>

namespace cs::gltf {

/// A parsed data: URI: its media type ("" when none), whether it was base64, and the decoded bytes.
struct DataUri
{
    std::string mediaType;
    Bytes data;
};

bool isDataUri(std::string_view uri);
/// Decodes a data: URI (base64 or percent-encoded payload); nullopt when it is malformed.
std::optional<DataUri> decodeDataUri(std::string_view uri);
/// "data:MEDIATYPE;base64,...."
std::string encodeDataUri(std::string_view mediaType, const Bytes& data);

std::optional<Bytes> decodeBase64(std::string_view text);
std::string encodeBase64(const Bytes& data);

/// Undoes %XX escapes (uri references in glTF are percent-encoded); nullopt for a malformed escape.
std::optional<std::string> percentDecode(std::string_view uri);

/// True for a uri that names a file below the folder of the glTF (relative, no "..", no scheme): the only
/// kind a .gltf save writes next to itself.
bool isPlainRelativePath(std::string_view decodedUri);

/// The image media type a file name or data implies ("image/png", "image/jpeg", "image/webp", "image/ktx2"),
/// or "".
std::string imageMimeType(std::string_view fileName, const Bytes& data);

} // namespace cs::gltf
