#include "gltf/Glb.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace cs::gltf {

namespace {

std::uint32_t readU32(const std::uint8_t* p)
{
    return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) |
           (std::uint32_t(p[3]) << 24);
}

void appendU32(Bytes& out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::uint8_t>((v >> (8 * i)) & 0xFF));
}

std::string chunkTypeName(std::uint32_t type)
{
    std::string name;
    for (int i = 0; i < 4; ++i) {
        const char c = static_cast<char>((type >> (8 * i)) & 0xFF);
        name += (c >= 32 && c < 127) ? c : '?';
    }
    return name;
}

/// One chunk of a GLB: its type and length from its header, where its bytes start, its place in the file.
struct ChunkHeader
{
    std::uint32_t type = 0;
    std::uint32_t length = 0;
    std::uint64_t offset = 0;
    int index = 0;
    std::string where; ///< "GLB chunk N at byte M", for messages
};

/// Reads a chunk's bytes into `glb` (JSON, BIN or an extra chunk kept as it is). Returns the error that ends
/// the reading, if any; lesser findings go to `diags`.
std::optional<Diagnostic> readChunk(ByteSource& source, const ChunkHeader& chunk, GlbContents& glb,
                                    Diagnostics& diags)
{
    const std::string& where = chunk.where;
    const std::uint32_t length = chunk.length;
    if (chunk.index == 0) {
        if (chunk.type != kGlbChunkJson)
            return makeError("GLB_BAD_CHUNK_ORDER",
                             "the first GLB chunk must be JSON, found '" + chunkTypeName(chunk.type) + "'");
        glb.json.resize(length);
        if (length > 0 && !source.read(chunk.offset, length, glb.json.data()))
            return makeError("FILE_READ_FAILED", where + ": reading the JSON chunk failed");
    } else if (chunk.type == kGlbChunkJson) {
        return makeError("GLB_BAD_CHUNK_ORDER", where + ": a second JSON chunk");
    } else if (chunk.type == kGlbChunkBin) {
        if (chunk.index != 1 || glb.hasBin) {
            diags.push_back(
                makeError("GLB_BAD_CHUNK_ORDER", where + ": a BIN chunk must directly follow the JSON "
                                                         "chunk and appear once; this one is ignored"));
            return std::nullopt;
        }
        glb.bin.clear();
        if (length > 0 && !source.append(chunk.offset, length, glb.bin))
            return makeError("FILE_READ_FAILED", where + ": reading the BIN chunk failed");
        glb.hasBin = true;
    } else {
        // Unknown chunk types are ignored by readers (glTF 2.0 §4.4.3.1); keep them for a .glb save.
        ExtraChunk extra;
        extra.type = chunk.type;
        extra.data.resize(length);
        if (length > 0 && !source.read(chunk.offset, length, extra.data.data()))
            return makeError("FILE_READ_FAILED", where + ": reading the chunk failed");
        diags.push_back(makeInfo("GLB_UNKNOWN_CHUNK", where + " has the unknown type '" +
                                                          chunkTypeName(chunk.type) + "'; it is kept"));
        glb.extraChunks.push_back(std::move(extra));
    }
    return std::nullopt;
}

} // namespace

bool ByteSource::append(std::uint64_t offset, size_t n, Bytes& out)
{
    if (offset > size() || n > size() - offset)
        return false;
    out.reserve(out.size() + n);
    // A block at a time: the zeros a resize writes are still in the cache when the read overwrites them, so
    // the bytes go out to memory once.
    constexpr size_t kBlock = size_t(1) << 18;
    while (n > 0) {
        const size_t k = std::min(n, kBlock);
        const size_t at = out.size();
        out.resize(at + k);
        if (!read(offset, k, out.data() + at))
            return false;
        offset += k;
        n -= k;
    }
    return true;
}

bool looksLikeGlb(ByteSource& source)
{
    std::uint8_t magic[4];
    return source.size() >= 4 && source.read(0, 4, magic) && readU32(magic) == kGlbMagic;
}

Result<GlbContents> readGlb(ByteSource& source)
{
    using R = Result<GlbContents>;
    const std::uint64_t fileSize = source.size();
    std::uint8_t header[kGlbHeaderSize];
    if (fileSize < kGlbHeaderSize || !source.read(0, kGlbHeaderSize, header))
        return R::failure(makeError("GLB_TRUNCATED", "the file is " + std::to_string(fileSize) +
                                                         " bytes, too short for a GLB header (12 bytes)"));
    if (readU32(header) != kGlbMagic)
        return R::failure(makeError("GLB_BAD_MAGIC", "the file does not start with the GLB magic 'glTF'"));
    const std::uint32_t version = readU32(header + 4);
    if (version != 2)
        return R::failure(makeError("GLB_UNSUPPORTED_VERSION",
                                    "GLB container version " + std::to_string(version) +
                                        " is not supported (Collidoscope reads glTF 2.0, GLB version 2)"));
    const std::uint64_t declared = readU32(header + 8);

    R result;
    result.value.emplace();
    GlbContents& glb = *result.value;
    if (declared > fileSize)
        return R::failure(makeError("GLB_TRUNCATED", "the GLB header declares " + std::to_string(declared) +
                                                         " bytes but the file has only " +
                                                         std::to_string(fileSize) +
                                                         ": the file is truncated"));
    if (declared < fileSize)
        result.diagnostics.push_back(
            makeWarning("GLB_LENGTH_MISMATCH", "the GLB header declares " + std::to_string(declared) +
                                                   " bytes but the file has " + std::to_string(fileSize) +
                                                   "; the bytes after the declared end are ignored"));

    std::uint64_t offset = kGlbHeaderSize;
    int chunkIndex = 0;
    bool sawJson = false;
    while (offset < declared) {
        const std::string where =
            "GLB chunk " + std::to_string(chunkIndex) + " at byte " + std::to_string(offset);
        std::uint8_t chunkHeader[kGlbChunkHeaderSize];
        if (declared - offset < kGlbChunkHeaderSize || !source.read(offset, kGlbChunkHeaderSize, chunkHeader))
            return R::failure(makeError("GLB_TRUNCATED", where + ": the chunk header is cut off"));
        const std::uint32_t length = readU32(chunkHeader);
        const std::uint32_t type = readU32(chunkHeader + 4);
        offset += kGlbChunkHeaderSize;
        if (length > declared - offset)
            return R::failure(makeError("GLB_CHUNK_TOO_LONG",
                                        where + " (" + chunkTypeName(type) + ") declares " +
                                            std::to_string(length) + " bytes but only " +
                                            std::to_string(declared - offset) + " remain in the file"));
        if (length % 4 != 0)
            result.diagnostics.push_back(
                makeWarning("GLB_CHUNK_LENGTH_UNALIGNED",
                            where + ": length " + std::to_string(length) + " is not a multiple of 4"));
        if (auto failed =
                readChunk(source, {type, length, offset, chunkIndex, where}, glb, result.diagnostics))
            return R::failure(std::move(*failed));
        sawJson = sawJson || chunkIndex == 0;
        offset += length;
        ++chunkIndex;
    }
    if (!sawJson)
        return R::failure(makeError("GLB_TRUNCATED", "the GLB has no JSON chunk"));
    return result;
}

GlbPieces glbPieces(const std::string& json, const Bytes* bin, const std::vector<ExtraChunk>& extraChunks)
{
    auto padded = [](size_t n) { return (n + 3) & ~size_t(3); };
    size_t total = kGlbHeaderSize + kGlbChunkHeaderSize + padded(json.size());
    if (bin)
        total += kGlbChunkHeaderSize + padded(bin->size());
    for (const auto& c : extraChunks)
        total += kGlbChunkHeaderSize + padded(c.data.size());

    GlbPieces out;
    Bytes& head = out.head;
    head.reserve(kGlbHeaderSize + 2 * kGlbChunkHeaderSize + padded(json.size()));
    appendU32(head, kGlbMagic);
    appendU32(head, 2);
    appendU32(head, static_cast<std::uint32_t>(total));
    appendU32(head, static_cast<std::uint32_t>(padded(json.size())));
    appendU32(head, kGlbChunkJson);
    head.insert(head.end(), json.begin(), json.end());
    head.resize(head.size() + padded(json.size()) - json.size(), ' ');
    if (bin) {
        appendU32(head, static_cast<std::uint32_t>(padded(bin->size())));
        appendU32(head, kGlbChunkBin);
        out.bin = *bin;
        out.tail.resize(padded(bin->size()) - bin->size(), 0);
    }
    for (const auto& c : extraChunks) {
        appendU32(out.tail, static_cast<std::uint32_t>(padded(c.data.size())));
        appendU32(out.tail, c.type);
        out.tail.insert(out.tail.end(), c.data.begin(), c.data.end());
        out.tail.resize(out.tail.size() + padded(c.data.size()) - c.data.size(), 0);
    }
    return out;
}

Bytes writeGlb(const std::string& json, const Bytes* bin, const std::vector<ExtraChunk>& extraChunks)
{
    return glbPieces(json, bin, extraChunks).join();
}

Bytes GlbPieces::join() const
{
    Bytes out;
    out.reserve(size());
    for (const auto& piece : spans())
        out.insert(out.end(), piece.begin(), piece.end());
    return out;
}

} // namespace cs::gltf
