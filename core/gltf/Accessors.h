#pragma once

#include "gltf/GltfDocument.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace cs::gltf {

/// glTF component types (accessor.componentType).
enum ComponentType : int
{
    Byte = 5120,
    UnsignedByte = 5121,
    Short = 5122,
    UnsignedShort = 5123,
    UnsignedInt = 5125,
    Float = 5126,
};

/// Bytes of one component (0 for an unknown type).
size_t componentSize(int componentType);
/// Components of an element: "SCALAR" 1, "VEC2" 2, "VEC3" 3, "VEC4" 4, "MAT2" 4, "MAT3" 9, "MAT4" 16; 0 if
/// unknown.
int componentCount(std::string_view type);
/// Bytes one element occupies in a buffer view, including the column padding glTF requires for matrices of
/// 1- and 2-byte components (each column starts on a 4-byte boundary).
size_t elementSize(int componentType, std::string_view type);

/// The most elements read from an accessor without a bufferView. Its data are zeros plus its sparse values,
/// so nothing in the file bounds its size: a count of 2^31 would ask for gigabytes. Larger ones are an error
/// (ACCESSOR_TOO_LARGE). Accessors with a bufferView are bounded by their buffer's bytes instead.
inline constexpr size_t kMaxUnbackedAccessorCount = size_t(1) << 24;

/// An accessor's data as floats, `components` values per element, `count` elements, row after row. Normalized
/// integers are mapped to [0,1] or [-1,1] as the glTF spec says; other integers are converted as they are.
/// byteStride, matrix column padding and sparse substitution are applied; an accessor without a bufferView
/// reads as zeros (plus its sparse values).
struct FloatArray
{
    std::vector<float> values;
    int components = 0;
    size_t count = 0;
};

/// Reads accessor `index`. Errors (code, pointer into /accessors/...) for an unknown index, component type or
/// element type, a missing buffer, or data past the end of its bufferView or buffer. Never reads out of
/// bounds.
Result<FloatArray> readAccessorFloats(const GltfDocument& doc, size_t index);

/// Reads a SCALAR accessor of unsigned integers (UNSIGNED_BYTE/SHORT/INT), e.g. primitive indices.
Result<std::vector<std::uint32_t>> readAccessorIndices(const GltfDocument& doc, size_t index);

/// Per-component bounds of an accessor, as glTF's accessor.min / accessor.max hold them.
struct AccessorBounds
{
    std::vector<double> min;
    std::vector<double> max;
};

/// The accessor's declared min and max, when both are present, numeric and of the element's component count.
std::optional<AccessorBounds> declaredBounds(const GltfDocument& doc, size_t index);
/// Bounds computed from data (e.g. for writing min/max of a new accessor, or checking declared ones).
AccessorBounds computeBounds(const FloatArray& data);

/// The largest value of an index accessor (as readAccessorIndices would read it) without materialising the
/// indices: the vertex-range check run when a file is opened.
Result<std::uint32_t> maxAccessorIndex(const GltfDocument& doc, size_t index);

/// Checks that an accessor's elements (and sparse indices and values) lie inside their buffer views and
/// buffers without reading the data: the cheap check to run on every accessor when a file is opened. With
/// `maxIndex`, an accessor that can hold indices also gets maxAccessorIndex() from the same layout (none when
/// it cannot be read; left as it is when the accessor cannot hold indices): the structure check runs both.
Diagnostics checkAccessorBounds(const GltfDocument& doc, size_t index,
                                std::optional<std::uint32_t>* maxIndex = nullptr);

} // namespace cs::gltf
