#pragma once

#include "gltf/GltfDocument.h"

#include <cstdint>

namespace cs::gltf {

/// Whether a value is a glTF index or count: a non-negative integer, signed or unsigned. Text parses
/// non-negative numbers as unsigned, while JSON built in memory from an int (`Json(3)`) holds a signed one;
/// both are the same index. Negative numbers, fractions (also 3.0) and non-numbers are not. Read the value
/// with get<size_t>() or get<std::uint64_t>() after this check.
inline bool isJsonIndex(const Json& v)
{
    return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
}

} // namespace cs::gltf
