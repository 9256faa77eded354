#pragma once

#include <cstddef>
#include <cstdint>

namespace cs::gltf {

/// The largest of `count` unsigned indices of `componentType` (UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT)
/// starting at `base`, `stride` bytes apart; 0 when `count` is 0. The vertex range check runs it over every
/// index of every mesh when a file is opened.
std::uint32_t largestIndex(const std::uint8_t* base, size_t count, size_t stride, int componentType);

} // namespace cs::gltf
