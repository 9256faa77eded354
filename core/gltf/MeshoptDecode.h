#pragma once

#include "gltf/GltfDocument.h"

#include <memory>
#include <string_view>

namespace cs::gltf {

/// The EXT_meshopt_compression (or KHR_meshopt_compression) object of a buffer view, or nullptr. `name` gets
/// the extension's name when one is found.
const Json* meshoptExtension(const Json& bufferView, std::string* name = nullptr);

/// A buffer that only stands in for compressed data: no uri and extensions.<meshopt>.fallback == true. Such a
/// buffer has no bytes by design; loaders that know the extension read its views from their streams.
bool isMeshoptFallbackBuffer(const Json& buffer);

/// Decodes one meshopt stream (the extension's mode ATTRIBUTES, TRIANGLES or INDICES and filter NONE,
/// OCTAHEDRAL, QUATERNION or EXPONENTIAL) into count * stride bytes. Parameters the format does not allow and
/// streams that do not decode are errors (MESHOPT_INVALID, MESHOPT_DECODE_FAILED) at `pointer`.
Result<Bytes> decodeMeshoptStream(const std::uint8_t* data, size_t size, size_t count, size_t stride,
                                  std::string_view mode, std::string_view filter, const std::string& pointer);

/// The bytes of buffer view `view` as its meshopt extension decodes them (count * byteStride bytes, which
/// must equal the view's byteLength). Decoded on first use and cached in the document's DecodeCache. Errors
/// point at /bufferViews/N/extensions/NAME.
Result<std::shared_ptr<const Bytes>> decodeMeshoptView(const GltfDocument& doc, size_t view);

/// An extension object on `object` that is in extensionsRequired and is not one Collidoscope decodes (or one
/// that leaves geometry as it is, in `harmless`): its name, else empty. Data under such an extension cannot
/// be read correctly.
std::string unsupportedRequiredExtension(const GltfDocument& doc, const Json& object,
                                         std::initializer_list<std::string_view> harmless = {});

} // namespace cs::gltf
