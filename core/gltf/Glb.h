#pragma once

#include "gltf/GltfDocument.h"

#include <cstdint>
#include <string>

namespace cs::gltf {

inline constexpr std::uint32_t kGlbMagic = 0x46546C67;     // "glTF"
inline constexpr std::uint32_t kGlbChunkJson = 0x4E4F534A; // "JSON"
inline constexpr std::uint32_t kGlbChunkBin = 0x004E4942;  // "BIN\0"
inline constexpr size_t kGlbHeaderSize = 12;
inline constexpr size_t kGlbChunkHeaderSize = 8;

/// Random access to the bytes of a file or of memory, so that the GLB reader can read each chunk straight
/// into its final place instead of reading the whole file and copying the chunks out.
class ByteSource
{
public:
    virtual ~ByteSource() = default;
    virtual std::uint64_t size() const = 0;
    /// Reads n bytes at offset into out; false on an I/O error or when the range is past the end.
    virtual bool read(std::uint64_t offset, size_t n, void* out) = 0;
};

/// The chunks of a .glb. `json` is the JSON chunk's text; `bin` the BIN chunk when `hasBin`.
struct GlbContents
{
    std::string json;
    Bytes bin;
    bool hasBin = false;
    std::vector<ExtraChunk> extraChunks;
};

/// True when the source starts with the GLB magic.
bool looksLikeGlb(ByteSource& source);

/// Reads a GLB container: header (magic, version 2, total length), a JSON chunk first, an optional BIN chunk
/// second, further chunks of unknown types kept. Lengths are checked against the source's real size before
/// any allocation, so a header that declares gigabytes cannot make the reader allocate them.
Result<GlbContents> readGlb(ByteSource& source);

/// Assembles a GLB: JSON chunk padded with spaces, BIN chunk (when given) padded with zeros, then the extra
/// chunks.
Bytes writeGlb(const std::string& json, const Bytes* bin, const std::vector<ExtraChunk>& extraChunks);

} // namespace cs::gltf
