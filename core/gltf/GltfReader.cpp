// Reading .gltf and .glb files into a GltfDocument: container, JSON, buffers and images.
#include "gltf/Glb.h"
#include "gltf/GltfDocument.h"
#include "gltf/JsonIndex.h"
#include "gltf/JsonText.h"
#include "gltf/MeshoptDecode.h"
#include "gltf/NodeLabel.h"
#include "gltf/StructureCheck.h"
#include "gltf/Uri.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace cs::gltf {

namespace {

class FileSource : public ByteSource
{
public:
    explicit FileSource(std::FILE* f, std::uint64_t size) : m_file(f), m_size(size) {}
    ~FileSource() override { std::fclose(m_file); }
    std::uint64_t size() const override { return m_size; }
    bool read(std::uint64_t offset, size_t n, void* out) override
    {
        if (offset > m_size || n > m_size - offset)
            return false;
        if (offset != m_position && fseeko(m_file, static_cast<off_t>(offset), SEEK_SET) != 0)
            return false;
        const size_t got = std::fread(out, 1, n, m_file);
        m_position = offset + got;
        return got == n;
    }

private:
    std::FILE* m_file;
    std::uint64_t m_size;
    std::uint64_t m_position = 0;
};

class MemorySource : public ByteSource
{
public:
    explicit MemorySource(const Bytes& bytes) : m_bytes(bytes) {}
    std::uint64_t size() const override { return m_bytes.size(); }
    bool read(std::uint64_t offset, size_t n, void* out) override
    {
        if (offset > m_bytes.size() || n > m_bytes.size() - offset)
            return false;
        std::copy_n(m_bytes.data() + offset, n, static_cast<std::uint8_t*>(out));
        return true;
    }
    bool append(std::uint64_t offset, size_t n, Bytes& out) override
    {
        if (offset > m_bytes.size() || n > m_bytes.size() - offset)
            return false;
        const auto first = m_bytes.begin() + static_cast<std::ptrdiff_t>(offset);
        out.insert(out.end(), first, first + static_cast<std::ptrdiff_t>(n));
        return true;
    }

private:
    const Bytes& m_bytes;
};

std::string systemError()
{
    return std::strerror(errno);
}

/// Reads a whole external file; nullopt with the reason in `error`.
std::optional<Bytes> readWholeFile(const std::filesystem::path& path, std::string& error)
{
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        error = systemError();
        return std::nullopt;
    }
    FileSource source(f, std::filesystem::file_size(path));
    Bytes bytes;
    if (source.size() > 0 && !source.append(0, source.size(), bytes)) {
        error = "read error";
        return std::nullopt;
    }
    return bytes;
}

/// Loads the bytes behind a uri (data: or relative file). Returns the origin, or Missing with a diagnostic.
ResourceOrigin loadUri(const std::string& uri, const std::filesystem::path& baseDir,
                       const std::string& pointer, const char* what, Severity missingSeverity, Bytes& data,
                       std::string& mediaType, Diagnostics& diagnostics)
{
    if (isDataUri(uri)) {
        auto decoded = decodeDataUri(uri);
        if (!decoded) {
            diagnostics.push_back(
                {missingSeverity, "DATA_URI_INVALID",
                 std::string("the ") + what + "'s data: URI is malformed (bad base64 or no comma)", pointer});
            return ResourceOrigin::Missing;
        }
        data = std::move(decoded->data);
        mediaType = decoded->mediaType;
        return ResourceOrigin::DataUri;
    }
    auto decoded = percentDecode(uri);
    if (!decoded) {
        diagnostics.push_back({missingSeverity, "URI_INVALID",
                               "the " + std::string(what) + " uri '" + uri + "' has a malformed %-escape",
                               pointer});
        return ResourceOrigin::Missing;
    }
    const std::filesystem::path file = baseDir / std::filesystem::path(*decoded);
    std::string error;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        diagnostics.push_back({missingSeverity, "FILE_NOT_FOUND",
                               std::string("the ") + what + " file '" + file.string() + "' does not exist",
                               pointer});
        return ResourceOrigin::Missing;
    }
    auto bytes = readWholeFile(file, error);
    if (!bytes) {
        diagnostics.push_back(
            {missingSeverity, "FILE_READ_FAILED",
             std::string("cannot read the ") + what + " file '" + file.string() + "': " + error, pointer});
        return ResourceOrigin::Missing;
    }
    data = std::move(*bytes);
    return ResourceOrigin::ExternalFile;
}

void loadBuffers(GltfDocument& doc, GlbContents* glb, const std::filesystem::path& baseDir,
                 Diagnostics& diags)
{
    const Json& root = doc.json();
    const size_t n = doc.count("buffers");
    doc.buffers().resize(n);
    for (size_t i = 0; i < n; ++i) {
        const std::string pointer = jsonPointerAppend("/buffers", i);
        const Json& b = root["buffers"][i];
        Buffer& buffer = doc.buffers()[i];
        if (!b.is_object()) {
            buffer.origin = ResourceOrigin::Missing;
            continue; // checkStructure reports the type
        }
        auto uri = b.find("uri");
        if (uri == b.end()) {
            if (i == 0 && glb && glb->hasBin) {
                buffer.data = std::move(glb->bin);
                glb->hasBin = false;
                buffer.origin = ResourceOrigin::GlbBinChunk;
            } else if (isMeshoptFallbackBuffer(b)) {
                buffer.origin = ResourceOrigin::MeshoptFallback;
            } else {
                buffer.origin = ResourceOrigin::Missing;
                diags.push_back(makeError("BUFFER_MISSING_DATA",
                                          i == 0 && glb
                                              ? "buffer 0 has no uri and the GLB has no BIN chunk"
                                              : "the buffer has no uri (only buffer 0 of a .glb may omit it)",
                                          pointer));
            }
        } else if (!uri->is_string()) {
            buffer.origin = ResourceOrigin::Missing;
            diags.push_back(makeError("INVALID_TYPE", "buffer uri must be a string", pointer + "/uri"));
            continue;
        } else {
            std::string mediaType;
            buffer.uri = uri->get<std::string>();
            buffer.origin = loadUri(buffer.uri, baseDir, pointer + "/uri", "buffer", Severity::Error,
                                    buffer.data, mediaType, diags);
        }
        if (buffer.origin == ResourceOrigin::Missing || buffer.origin == ResourceOrigin::MeshoptFallback)
            continue;
        auto byteLength = b.find("byteLength");
        if (byteLength != b.end() && isJsonIndex(*byteLength)) {
            const auto declared = byteLength->get<std::uint64_t>();
            if (buffer.data.size() < declared)
                diags.push_back(makeError("BUFFER_TOO_SHORT",
                                          "the buffer declares byteLength " + std::to_string(declared) +
                                              " but its data has " + std::to_string(buffer.data.size()) +
                                              " bytes",
                                          pointer + "/byteLength"));
        }
    }
    if (glb && glb->hasBin)
        diags.push_back(makeWarning("GLB_UNUSED_BIN_CHUNK",
                                    "the GLB has a BIN chunk but buffer 0 has a uri; the chunk is not used",
                                    "/buffers"));
}

void loadImages(GltfDocument& doc, const std::filesystem::path& baseDir, const LoadOptions& options,
                Diagnostics& diags)
{
    const size_t n = doc.count("images");
    doc.images().resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Json& j = doc.json()["images"][i];
        Image& image = doc.images()[i];
        if (!j.is_object())
            continue;
        if (auto mime = j.find("mimeType"); mime != j.end() && mime->is_string())
            image.mimeType = mime->get<std::string>();
        auto uri = j.find("uri");
        if (uri == j.end() || !uri->is_string())
            continue; // a bufferView image, or a type error checkStructure reports
        image.uri = uri->get<std::string>();
        if (!options.loadImages) {
            image.origin = ResourceOrigin::Missing;
            continue;
        }
        std::string mediaType;
        // A missing texture spoils the look, not the physics: the file still opens.
        image.origin = loadUri(image.uri, baseDir, jsonPointerAppend("/images", i) + "/uri", "image",
                               Severity::Warning, image.data, mediaType, diags);
        if (image.mimeType.empty())
            image.mimeType = !mediaType.empty() ? mediaType : imageMimeType(image.uri, image.data);
    }
}

Result<GltfDocument> loadFromSource(ByteSource& source, const std::filesystem::path& sourcePath,
                                    const LoadOptions& options)
{
    using R = Result<GltfDocument>;
    R result;
    std::optional<GlbContents> glb;
    std::string text;
    if (looksLikeGlb(source)) {
        auto g = readGlb(source);
        result.diagnostics = std::move(g.diagnostics);
        if (!g)
            return result;
        glb = std::move(*g.value);
        text = std::move(glb->json);
    } else {
        text.resize(source.size());
        if (!text.empty() && !source.read(0, text.size(), text.data()))
            return R::failure(makeError("FILE_READ_FAILED", "reading the file failed"));
    }

    auto parsed = parseJsonText(text);
    if (glb && !parsed) {
        // The positions the JSON errors give count from the start of the JSON chunk, not of the file.
        for (Diagnostic& d : parsed.diagnostics) {
            if (d.severity == Severity::Error)
                d.message += " (in the GLB JSON chunk, which starts at byte " +
                             std::to_string(kGlbHeaderSize + kGlbChunkHeaderSize) + " of the file)";
        }
    }
    result.diagnostics.insert(result.diagnostics.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
    if (!parsed)
        return result;
    if (!parsed->is_object()) {
        result.diagnostics.push_back(makeError("GLTF_NOT_AN_OBJECT", "the glTF JSON must be an object", ""));
        return result;
    }
    const Json& asset = (*parsed)["asset"];
    if (asset.is_object() && asset.contains("version") && asset["version"].is_string()) {
        const std::string version = asset["version"].get<std::string>();
        if (version.rfind("2.", 0) != 0) {
            result.diagnostics.push_back(
                makeError("GLTF_UNSUPPORTED_VERSION",
                          "glTF version " + version + " is not supported; Collidoscope reads glTF 2.0",
                          "/asset/version"));
            return result;
        }
    }

    GltfDocument doc;
    doc.json() = std::move(*parsed.value);
    doc.setSourcePath(sourcePath);
    doc.setSourceFormat(glb ? FileFormat::Glb : FileFormat::Gltf);
    const std::filesystem::path baseDir = sourcePath.has_parent_path() ? sourcePath.parent_path() : ".";
    loadBuffers(doc, glb ? &*glb : nullptr, baseDir, result.diagnostics);
    loadImages(doc, baseDir, options, result.diagnostics);
    if (glb)
        doc.extraChunks() = std::move(glb->extraChunks);
    if (options.checkStructure) {
        auto structural = checkStructure(doc);
        result.diagnostics.insert(result.diagnostics.end(), structural.begin(), structural.end());
    }
    result.value = std::move(doc);
    return result;
}

} // namespace

Result<GltfDocument> loadGltf(const std::filesystem::path& path, const LoadOptions& options)
{
    using R = Result<GltfDocument>;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return R::failure(makeError("FILE_NOT_FOUND", "'" + path.string() + "' does not exist"));
    if (std::filesystem::is_directory(path, ec))
        return R::failure(makeError("FILE_READ_FAILED", "'" + path.string() + "' is a folder, not a file"));
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return R::failure(
            makeError("FILE_READ_FAILED", "cannot read '" + path.string() + "': " + ec.message()));
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return R::failure(
            makeError("FILE_READ_FAILED", "cannot open '" + path.string() + "': " + systemError()));
    FileSource source(f, size);
    return loadFromSource(source, path, options);
}

Result<GltfDocument> loadGltfFromBytes(const Bytes& bytes, const std::filesystem::path& sourcePath,
                                       const LoadOptions& options)
{
    MemorySource source(bytes);
    return loadFromSource(source, sourcePath, options);
}

size_t GltfDocument::count(const char* arrayName) const
{
    // A string_view key compares lengths before bytes; a const char* key is compared with strlen + memcmp
    // against every top-level key.
    auto it = m_json.find(std::string_view(arrayName));
    return it != m_json.end() && it->is_array() ? it->size() : 0;
}

const Json* GltfDocument::element(const char* arrayName, size_t index) const
{
    auto it = m_json.find(std::string_view(arrayName));
    if (it == m_json.end() || !it->is_array() || index >= it->size())
        return nullptr;
    const Json& e = (*it)[index];
    return e.is_object() ? &e : nullptr;
}

std::string elementName(const GltfDocument& doc, const char* arrayName, size_t index)
{
    const Json* n = doc.element(arrayName, index);
    const auto it = n ? n->find("name") : Json::const_iterator();
    return n && it != n->end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string nodeLabel(const GltfDocument& doc, size_t node)
{
    return nodeLabel(nodeName(doc, node), node);
}

std::string nodeLabel(std::string_view name, size_t node)
{
    return name.empty() ? "Node " + std::to_string(node) : std::string(name);
}

std::string nodeReference(std::string_view name, size_t node)
{
    return name.empty() ? "node " + std::to_string(node)
                        : "node '" + std::string(name) + "' (" + std::to_string(node) + ")";
}

std::optional<size_t> nodeMesh(const GltfDocument& doc, size_t node)
{
    const Json* n = doc.element("nodes", node);
    const auto it = n ? n->find("mesh") : Json::const_iterator();
    // Signed or unsigned: JSON built in code (not parsed) holds small indices as signed integers.
    if (!n || it == n->end() || !it->is_number_integer() || it->get<std::int64_t>() < 0 ||
        it->get<size_t>() >= doc.count("meshes"))
        return std::nullopt;
    return it->get<size_t>();
}

std::vector<size_t> nodesNamed(const GltfDocument& doc, std::string_view name)
{
    std::vector<size_t> out;
    for (size_t i = 0; i < doc.count("nodes"); ++i) {
        const Json* n = doc.element("nodes", i);
        const auto it = n ? n->find("name") : Json::const_iterator();
        if (n && it != n->end() && it->is_string() && it->get_ref<const std::string&>() == name)
            out.push_back(i);
    }
    return out;
}

} // namespace cs::gltf
