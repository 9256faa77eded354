#pragma once

#include "Diagnostic.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs::gltf {

/// The JSON tree of a glTF file. ordered_json keeps the key order of the file, so a save writes keys back in
/// the order they were read.
using Json = nlohmann::ordered_json;
using Bytes = std::vector<std::uint8_t>;

enum class FileFormat
{
    Gltf,
    Glb
};

/// Where a buffer's or an image's bytes came from; a save puts them back the same way where the format
/// allows.
enum class ResourceOrigin
{
    None,         ///< images that live in a bufferView: their bytes are in a buffer already
    GlbBinChunk,  ///< buffers[0] of a .glb with no uri
    DataUri,      ///< a base64 data: URI
    ExternalFile, ///< a file next to the .gltf, named by a relative uri
    Missing,      ///< the bytes could not be had (missing file, bad data URI); a diagnostic says why
    /// An EXT_meshopt_compression / KHR_meshopt_compression fallback buffer without uri: it has no bytes by
    /// design (its buffer views are read from their compressed streams) and is written back as it was.
    MeshoptFallback,
};

struct Buffer
{
    Bytes data;
    ResourceOrigin origin = ResourceOrigin::None;
    std::string uri; ///< as written in the file (still percent-encoded); empty for GlbBinChunk
};

struct Image
{
    Bytes data; ///< loaded for DataUri and ExternalFile images (empty otherwise)
    ResourceOrigin origin = ResourceOrigin::None;
    std::string uri;
    std::string mimeType; ///< from the data: URI, the file extension or the JSON
};

/// A GLB chunk of a type this version does not know. Kept so that a .glb -> .glb save loses nothing.
struct ExtraChunk
{
    std::uint32_t type = 0;
    Bytes data;
};

class DecodeCache;
std::shared_ptr<DecodeCache> makeDecodeCache();

/// A whole glTF 2.0 asset as it was read: the JSON tree and the bytes of every buffer and image. Nothing is
/// interpreted or normalised here; readers (accessors, meshes, the scene graph, the physics codec) look
/// through this object. Buffers and images are indexed as in the JSON: buffers()[i] belongs to
/// json()["buffers"][i].
class GltfDocument
{
public:
    Json& json() { return m_json; }
    const Json& json() const { return m_json; }

    std::vector<Buffer>& buffers() { return m_buffers; }
    const std::vector<Buffer>& buffers() const { return m_buffers; }
    std::vector<Image>& images() { return m_images; }
    const std::vector<Image>& images() const { return m_images; }
    std::vector<ExtraChunk>& extraChunks() { return m_extraChunks; }
    const std::vector<ExtraChunk>& extraChunks() const { return m_extraChunks; }

    FileFormat sourceFormat() const { return m_sourceFormat; }
    void setSourceFormat(FileFormat f) { m_sourceFormat = f; }
    /// The file this document was read from (empty for documents made in memory); external resources are
    /// resolved against its folder.
    const std::filesystem::path& sourcePath() const { return m_sourcePath; }
    void setSourcePath(std::filesystem::path p) { m_sourcePath = std::move(p); }

    /// The number of elements of a top-level array such as "nodes" (0 when absent or not an array).
    size_t count(const char* arrayName) const;
    /// The element json()[arrayName][index], or nullptr when there is no such element or it is not an object.
    const Json* element(const char* arrayName, size_t index) const;

    /// Decoded Draco and meshopt geometry (see DecodeCache.h). Copies of a document share it; every entry is
    /// checked against the JSON and bytes it came from before it is used.
    DecodeCache& decodeCache() const { return *m_decodeCache.cache; }

private:
    /// Copying shares the cache; a move copies too, so a moved-from document still has one.
    struct SharedCache
    {
        SharedCache() = default;
        SharedCache(const SharedCache&) = default;
        SharedCache& operator=(const SharedCache&) = default;
        std::shared_ptr<DecodeCache> cache = makeDecodeCache();
    };

    Json m_json = Json::object();
    std::vector<Buffer> m_buffers;
    std::vector<Image> m_images;
    std::vector<ExtraChunk> m_extraChunks;
    FileFormat m_sourceFormat = FileFormat::Gltf;
    std::filesystem::path m_sourcePath;
    SharedCache m_decodeCache;
};

/// The `name` of json()[arrayName][index] when it is a string, else empty (also for an element that does not
/// exist). Malformed names are no error here: the validator reports them.
std::string elementName(const GltfDocument& doc, const char* arrayName, size_t index);
/// elementName() of a node.
inline std::string nodeName(const GltfDocument& doc, size_t node)
{
    return elementName(doc, "nodes", node);
}
/// The node's name, or "Node N" when it has none: how undo texts, new shapes and messages name a node.
std::string nodeLabel(const GltfDocument& doc, size_t node);
/// The node's `mesh` when it names a mesh of the document; none otherwise.
std::optional<size_t> nodeMesh(const GltfDocument& doc, size_t node);
/// The nodes whose name is `name`, in index order.
std::vector<size_t> nodesNamed(const GltfDocument& doc, std::string_view name);

struct LoadOptions
{
    bool loadImages = true;     ///< read external and data: images (needed to embed them in a .glb on save)
    bool checkStructure = true; ///< run checkStructure() and add its findings to the result
};

/// Reads a .gltf or .glb (detected by content, not by extension). A file that cannot be used at all
/// (unreadable, not glTF, broken GLB container, invalid JSON, not glTF 2.0) gives no value and an error
/// saying why. A file that opens but has defects (missing buffer file, out-of-range index, accessor past its
/// buffer view...) gives the document and error diagnostics with JSON pointers.
Result<GltfDocument> loadGltf(const std::filesystem::path& path, const LoadOptions& options = {});

/// The same from bytes in memory; `sourcePath` names the file for resolving external resources (may be
/// empty).
Result<GltfDocument> loadGltfFromBytes(const Bytes& bytes, const std::filesystem::path& sourcePath,
                                       const LoadOptions& options = {});

struct SaveOptions
{
    /// Format to write; by default from the target's extension (.glb -> Glb, anything else -> Gltf).
    std::optional<FileFormat> format;
    /// Indentation of .gltf JSON (-1: compact). .glb JSON is always compact.
    int gltfIndent = 2;
};

/// Writes the document. .glb: one self-contained file, with every external or data: buffer and image moved
/// into the BIN chunk. .gltf: JSON plus external resources next to it (a .glb's BIN chunk becomes NAME.bin).
/// Every file is written atomically (temporary file, then rename): on failure the old files are untouched and
/// the diagnostics say why. Returns the diagnostics (errors mean nothing was replaced).
Diagnostics saveGltf(const GltfDocument& doc, const std::filesystem::path& path,
                     const SaveOptions& options = {});

/// The .glb bytes saveGltf would write.
Result<Bytes> encodeGlb(const GltfDocument& doc);

/// The JSON and BIN chunk of a .glb made from this document: external and data: resources are moved into one
/// binary buffer (bufferViews and images rewritten to point into it), everything else is left as it was.
struct EmbeddedAsset
{
    Json json;
    Bytes bin;
    bool hasBin = false;
};
Result<EmbeddedAsset> embedResources(const GltfDocument& doc);

/// Writes bytes to `path` through a temporary file in the same folder and a rename, so that the target is
/// either the old file or the complete new one. Returns an error diagnostic (code FILE_WRITE_FAILED) on
/// failure.
Diagnostics writeFileAtomically(const std::filesystem::path& path, const Bytes& bytes);

} // namespace cs::gltf
