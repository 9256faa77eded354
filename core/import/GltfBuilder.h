#pragma once

#include "gltf/GltfDocument.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::import {

/// Builds the binary side of a new glTF document: one buffer holding every bufferView, each view aligned to
/// 4 bytes (and so every float/uint accessor to its component size, as the spec requires), vertex data marked
/// ARRAY_BUFFER and indices ELEMENT_ARRAY_BUFFER so that viewers and the validator know what they hold.
/// The builder appends to json()["bufferViews"/"accessors"]; finish() writes the buffer. Not thread-safe.
class GltfBuilder
{
public:
    explicit GltfBuilder(gltf::GltfDocument& doc);

    /// A float accessor of `count` elements of `components` values each (VEC2, VEC3, VEC4). withBounds writes
    /// min/max (required for POSITION). Returns the accessor index.
    size_t addFloatAccessor(const std::vector<float>& values, int components, bool withBounds);
    /// An index accessor: UNSIGNED_SHORT when every index is below 65535 (the restart value of shorts is not
    /// allowed), else UNSIGNED_INT.
    size_t addIndexAccessor(const std::vector<std::uint32_t>& indices);
    /// A JOINTS_n accessor: four UNSIGNED_SHORT joint indices per vertex. Returns the accessor index.
    size_t addJointAccessor(const std::vector<std::uint16_t>& joints);
    /// A skin's inverseBindMatrices: MAT4 floats, column by column, in a bufferView without a target (it is
    /// not vertex data). Returns the accessor index.
    size_t addMatrixAccessor(const std::vector<float>& columnMajor);
    /// A bufferView holding an encoded image (no target). Returns the bufferView index.
    size_t addImageView(const gltf::Bytes& bytes);

    /// Adds buffers[0] (no uri: the GLB BIN chunk, or NAME.bin when saved as .gltf). Call once, last.
    void finish();

private:
    size_t addView(const void* data, size_t size, int target);

    gltf::GltfDocument& m_doc;
    gltf::Bytes m_bin;
};

} // namespace cs::import
