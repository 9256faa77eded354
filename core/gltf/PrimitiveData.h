#pragma once

#include "gltf/Accessors.h"

#include <optional>

namespace cs::gltf {

/// The JSON object of a primitive (no copy), or nullptr when there is no such primitive object.
const Json* findPrimitive(const GltfDocument& doc, size_t mesh, size_t primitive);

/// Attribute `name` of primitive `primitive` of mesh `mesh`, as floats: decoded from the primitive's Draco
/// stream when KHR_draco_mesh_compression holds it, else read from its accessor (which decodes meshopt buffer
/// views). Errors for a primitive whose geometry cannot be read: MESH_EXTENSION_UNSUPPORTED (a required
/// extension on the primitive that Collidoscope does not decode), Draco and meshopt errors, accessor errors.
Result<FloatArray> readPrimitiveAttribute(const GltfDocument& doc, size_t mesh, size_t primitive,
                                          const std::string& name);

/// The primitive's vertex indices, decoded like its attributes; nullopt when the primitive has none.
Result<std::optional<std::vector<std::uint32_t>>> readPrimitiveIndices(const GltfDocument& doc, size_t mesh,
                                                                       size_t primitive);

/// Every reason compressed or extended geometry cannot be read, found by decoding it (cached): unsupported
/// required extensions on primitives and buffer views, Draco streams and meshopt streams that do not decode.
/// Part of checkStructure, so that opening and validating a file report them with their JSON pointers.
Diagnostics checkCompressedGeometry(const GltfDocument& doc);

} // namespace cs::gltf
