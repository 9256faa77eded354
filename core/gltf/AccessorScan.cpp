// Scans over accessor data: the largest index of an index accessor, the bounds of float data.
#include "gltf/AccessorScan.h"

#include "gltf/Accessors.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace cs::gltf {

namespace {

// x86-64's baseline (SSE2) has no unsigned maximum of 16- or 32-bit lanes, so the compiler emulates it with
// compares and masks (about four instructions an index); where the processor has AVX2, a copy of the scans
// built for it is chosen when the program starts (one vpmaxud for eight 32-bit indices).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define CS_SCAN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CS_SCAN_CLONES
#endif

template <class T>
[[gnu::always_inline]] inline T largestOf(const std::uint8_t* base, size_t count, size_t stride)
{
    T m = 0;
    if (stride != sizeof(T) || reinterpret_cast<std::uintptr_t>(base) % alignof(T) != 0) {
        for (size_t i = 0; i < count; ++i) {
            T v;
            std::memcpy(&v, base + i * stride, sizeof(T));
            m = v > m ? v : m;
        }
        return m;
    }
    // The common case, tightly packed and aligned (glTF aligns accessors to their component size): read in
    // place through a type that may alias the bytes. Blocks of a fixed size let the compiler vectorize the
    // reduction at -O2. (Copying each block to the stack first, as this once did, made every 32-byte load
    // of the copy wait for the two 16-byte stores that wrote it: the scan ran at a third of its speed.)
    using Lane __attribute__((may_alias)) = T;
    const Lane* lanes = reinterpret_cast<const Lane*>(base);
    constexpr size_t kBlock = 256;
    size_t i = 0;
    for (; i + kBlock <= count; i += kBlock) {
        T bm = 0;
        for (size_t k = 0; k < kBlock; ++k)
            bm = lanes[i + k] > bm ? lanes[i + k] : bm;
        m = bm > m ? bm : m;
    }
    for (; i < count; ++i)
        m = lanes[i] > m ? lanes[i] : m;
    return m;
}

CS_SCAN_CLONES std::uint8_t largestU8(const std::uint8_t* base, size_t count, size_t stride)
{
    return largestOf<std::uint8_t>(base, count, stride);
}
CS_SCAN_CLONES std::uint16_t largestU16(const std::uint8_t* base, size_t count, size_t stride)
{
    return largestOf<std::uint16_t>(base, count, stride);
}
CS_SCAN_CLONES std::uint32_t largestU32(const std::uint8_t* base, size_t count, size_t stride)
{
    return largestOf<std::uint32_t>(base, count, stride);
}

} // namespace

std::uint32_t largestIndex(const std::uint8_t* base, size_t count, size_t stride, int componentType)
{
    if (componentType == UnsignedByte)
        return largestU8(base, count, stride);
    if (componentType == UnsignedShort)
        return largestU16(base, count, stride);
    return largestU32(base, count, stride);
}

AccessorBounds computeBounds(const FloatArray& data)
{
    AccessorBounds out;
    if (data.count == 0 || data.components == 0)
        return out;
    out.min.assign(data.values.begin(), data.values.begin() + data.components);
    out.max = out.min;
    for (size_t i = 1; i < data.count; ++i) {
        for (int c = 0; c < data.components; ++c) {
            const double v = data.values[i * data.components + c];
            out.min[c] = std::min(out.min[c], v);
            out.max[c] = std::max(out.max[c], v);
        }
    }
    return out;
}

} // namespace cs::gltf
