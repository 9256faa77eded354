#include "gltf/Glb.h"

#include <cstring>

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

} // namespace

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
        if (chunkIndex == 0) {
            if (type != kGlbChunkJson)
                return R::failure(
                    makeError("GLB_BAD_CHUNK_ORDER",
                              "the first GLB chunk must be JSON, found '" + chunkTypeName(type) + "'"));
            glb.json.resize(length);
            if (length > 0 && !source.read(offset, length, glb.json.data()))
                return R::failure(makeError("FILE_READ_FAILED", where + ": reading the JSON chunk failed"));
            sawJson = true;
        } else if (type == kGlbChunkJson) {
            return R::failure(makeError("GLB_BAD_CHUNK_ORDER", where + ": a second JSON chunk"));
        } else if (type == kGlbChunkBin) {
            if (chunkIndex != 1 || glb.hasBin) {
                result.diagnostics.push_back(
                    makeError("GLB_BAD_CHUNK_ORDER", where + ": a BIN chunk must directly follow the JSON "
                                                             "chunk and appear once; this one is ignored"));
            } else {
                glb.bin.resize(length);
                if (length > 0 && !source.read(offset, length, glb.bin.data()))
                    return R::failure(
                        makeError("FILE_READ_FAILED", where + ": reading the BIN chunk failed"));
                glb.hasBin = true;
            }
        } else {
            // Unknown chunk types are ignored by readers (glTF 2.0 §4.4.3.1); keep them for a .glb save.
            ExtraChunk extra;
            extra.type = type;
            extra.data.resize(length);
            if (length > 0 && !source.read(offset, length, extra.data.data()))
                return R::failure(makeError("FILE_READ_FAILED", where + ": reading the chunk failed"));
            result.diagnostics.push_back(
                makeInfo("GLB_UNKNOWN_CHUNK",
                         where + " has the unknown type '" + chunkTypeName(type) + "'; it is kept"));
            glb.extraChunks.push_back(std::move(extra));
        }
        offset += length;
        ++chunkIndex;
    }
    if (!sawJson)
        return R::failure(makeError("GLB_TRUNCATED", "the GLB has no JSON chunk"));
    return result;
}

Bytes writeGlb(const std::string& json, const Bytes* bin, const std::vector<ExtraChunk>& extraChunks)
{
    auto padded = [](size_t n) { return (n + 3) & ~size_t(3); };
    size_t total = kGlbHeaderSize + kGlbChunkHeaderSize + padded(json.size());
    if (bin)
        total += kGlbChunkHeaderSize + padded(bin->size());
    for (const auto& c : extraChunks)
        total += kGlbChunkHeaderSize + padded(c.data.size());

    Bytes out;
    out.reserve(total);
    appendU32(out, kGlbMagic);
    appendU32(out, 2);
    appendU32(out, static_cast<std::uint32_t>(total));

    appendU32(out, static_cast<std::uint32_t>(padded(json.size())));
    appendU32(out, kGlbChunkJson);
    out.insert(out.end(), json.begin(), json.end());
    out.resize(out.size() + padded(json.size()) - json.size(), ' ');

    auto appendChunk = [&](std::uint32_t type, const Bytes& data) {
        appendU32(out, static_cast<std::uint32_t>(padded(data.size())));
        appendU32(out, type);
        out.insert(out.end(), data.begin(), data.end());
        out.resize(out.size() + padded(data.size()) - data.size(), 0);
    };
    if (bin)
        appendChunk(kGlbChunkBin, *bin);
    for (const auto& c : extraChunks)
        appendChunk(c.type, c.data);
    return out;
}

} // namespace cs::gltf
