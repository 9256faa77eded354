#pragma once

#include "gltf/GltfDocument.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

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
    /// Appends n bytes at offset to `out`; false (and `out` of an unspecified length) on an I/O error or when
    /// the range is past the end. Resizing `out` by n and reading into it would write the range twice out to
    /// memory (zeros, then the bytes: the BIN chunk is most of a file); this reads a cache-sized block at a
    /// time.
    virtual bool append(std::uint64_t offset, size_t n, Bytes& out);
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

/// A GLB as the byte ranges to write one after the other, so that the binary chunk (most of a file's bytes)
/// is written from where it is instead of being copied into one block first. `bin` points at bytes this
/// object does not own (a document's buffer, valid while the document is unchanged) or into `ownedBin`;
/// moving the object keeps it valid.
struct GlbPieces
{
    Bytes head; ///< GLB header, the JSON chunk (header, text, padding), the BIN chunk header
    std::span<const std::uint8_t> bin; ///< the BIN chunk's bytes
    Bytes tail;                        ///< the BIN chunk's padding, then every extra chunk
    Bytes ownedBin; ///< the BIN chunk when it had to be assembled (buffers merged, images embedded)

    std::vector<std::span<const std::uint8_t>> spans() const { return {head, bin, tail}; }
    size_t size() const { return head.size() + bin.size() + tail.size(); }
    /// The whole file in one block.
    Bytes join() const;
};

/// Lays out a GLB: JSON chunk padded with spaces, BIN chunk (when given) padded with zeros, then the extra
/// chunks. `bin` is referred to, not copied.
GlbPieces glbPieces(const std::string& json, const Bytes* bin, const std::vector<ExtraChunk>& extraChunks);

/// The same GLB in one block of bytes.
Bytes writeGlb(const std::string& json, const Bytes* bin, const std::vector<ExtraChunk>& extraChunks);

/// The .glb saveGltf writes, as pieces (see embedResources); the document's buffer 0 is referred to, not
/// copied, when it becomes the BIN chunk as it is.
Result<GlbPieces> encodeGlbPieces(const GltfDocument& doc);

} // namespace cs::gltf
