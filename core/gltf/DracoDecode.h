#pragma once

#include "gltf/Accessors.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace cs::gltf {

/// A KHR_draco_mesh_compression primitive after decoding: the attributes its extension names, converted as
/// their accessors describe them (normalized integers to [0,1] or [-1,1]), and its triangles.
struct DecodedPrimitive
{
    size_t vertexCount = 0;
    std::map<std::string, FloatArray>
        attributes;                     ///< by glTF attribute name (POSITION, NORMAL, TEXCOORD_0...)
    std::vector<std::uint32_t> indices; ///< three per triangle, each < vertexCount
};

/// The KHR_draco_mesh_compression object of a primitive, or nullptr.
const Json* dracoExtension(const Json& primitive);

/// Decodes a Draco primitive's stream once and caches it in the document's DecodeCache. Errors
/// (DRACO_INVALID: the extension or its buffer view is malformed; DRACO_DECODE_FAILED: the stream does not
/// decode; DRACO_ATTRIBUTE_MISMATCH: a decoded attribute does not match its accessor) point at
/// /meshes/M/primitives/P/extensions/KHR_draco_mesh_compression.
Result<std::shared_ptr<const DecodedPrimitive>> decodeDracoPrimitive(const GltfDocument& doc, size_t mesh,
                                                                     size_t primitive);

/// Decodes a Draco mesh stream without a document: the attributes of the given unique ids (glTF name -> id,
/// with each accessor's component type and normalized flag), for the bench and tests.
struct DracoAttributeRequest
{
    std::string name;
    int uniqueId = 0;
    int componentType = Float;
    bool normalized = false;
    int components = 0;
    size_t count = 0; ///< the accessor's count, which must equal the decoded vertex count (0: not checked)
};
Result<DecodedPrimitive> decodeDracoStream(const std::uint8_t* data, size_t size,
                                           const std::vector<DracoAttributeRequest>& attributes,
                                           const std::string& pointer);

/// Where an accessor's data comes from when a Draco primitive fills it (it has no bufferView of its own):
/// the primitive and the attribute name, or "" for the primitive's indices.
struct DracoSource
{
    size_t mesh = 0;
    size_t primitive = 0;
    std::string attribute;
};
std::optional<DracoSource> dracoSourceOf(const GltfDocument& doc, size_t accessor);

} // namespace cs::gltf
