// Writing a GltfDocument as .glb (self-contained) or .gltf (with its resources next to it).
#include "gltf/Glb.h"
#include "gltf/GltfDocument.h"
#include "gltf/JsonIndex.h"
#include "gltf/JsonText.h"
#include "gltf/Uri.h"

#include <QSaveFile>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <unistd.h>

namespace cs::gltf {

namespace {

void padTo4(Bytes& bin)
{
    bin.resize((bin.size() + 3) & ~size_t(3), 0);
}

/// Points a bufferView-like object (a "buffer" index plus an optional "byteOffset") into the merged buffer.
/// Points `view` (a buffer view or its meshopt extension) at buffer target[buffer], shifted by
/// offsets[buffer].
void relocate(Json& view, const std::vector<size_t>& target, const std::vector<size_t>& offsets)
{
    auto b = view.find("buffer");
    if (b == view.end() || !isJsonIndex(*b) || b->get<size_t>() >= offsets.size())
        return; // out of range: left as it was, checkStructure reported it
    const size_t shift = offsets[b->get<size_t>()];
    *b = target[b->get<size_t>()];
    std::uint64_t offset = 0;
    if (auto o = view.find("byteOffset"); o != view.end() && isJsonIndex(*o))
        offset = o->get<std::uint64_t>();
    if (shift != 0 || view.contains("byteOffset"))
        view["byteOffset"] = offset + shift;
}

std::string percentEncodePath(std::string_view path)
{
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '/') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

bool sameFileContent(const std::filesystem::path& file, const Bytes& data)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec) || std::filesystem::file_size(file, ec) != data.size())
        return false;
    std::FILE* f = std::fopen(file.c_str(), "rb");
    if (!f)
        return false;
    Bytes existing(data.size());
    const bool ok = std::fread(existing.data(), 1, existing.size(), f) == existing.size();
    std::fclose(f);
    return ok && existing == data;
}

Diagnostic writeFailure(const std::filesystem::path& path, const std::string& reason)
{
    return makeError("FILE_WRITE_FAILED", "cannot save '" + path.string() + "': " + reason +
                                              "; the existing file was left unchanged");
}

/// Qt's reason for a failed save, with the system's reason added where Qt leaves it out (it says "Existing
/// file
/// ... is not writable" for a read-only file system, for instance).
std::string failureReason(const QSaveFile& file, const std::filesystem::path& path)
{
    std::string reason = file.errorString().toStdString();
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    std::string system;
    if (::access(folder.c_str(), W_OK) != 0)
        system = std::strerror(errno);
    else if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), W_OK) != 0)
        system = std::strerror(errno);
    if (!system.empty() && reason.find(system) == std::string::npos)
        reason += " (" + system + ")";
    return reason;
}

/// The files of one save. Each is written in full to a temporary file next to its target first; only when
/// every file of the save is written are they renamed into place, in the order they were staged. So a failure
/// while writing (disk full, no permission) leaves every old file as it was: an old .gltf keeps the .bin it
/// was saved with.
class StagedFiles
{
public:
    /// Writes the pieces one after the other into the temporary file of `path`.
    Diagnostics stage(const std::filesystem::path& path,
                      const std::vector<std::span<const std::uint8_t>>& pieces)
    {
        auto file = std::make_unique<QSaveFile>(QString::fromStdString(path.string()));
        if (!file->open(QIODevice::WriteOnly))
            return {writeFailure(path, failureReason(*file, path))};
        for (const auto& piece : pieces) {
            if (!writeAll(*file, piece)) {
                const std::string reason = failureReason(*file, path);
                file->cancelWriting();
                return {writeFailure(path, reason)};
            }
        }
        // Out of Qt's buffer now, so that a full disk shows here and not only when the files are committed.
        if (!file->flush()) {
            const std::string reason = failureReason(*file, path);
            file->cancelWriting();
            return {writeFailure(path, reason)};
        }
        m_files.emplace_back(path, std::move(file));
        return {};
    }

    Diagnostics stage(const std::filesystem::path& path, const Bytes& bytes)
    {
        return stage(path, {std::span<const std::uint8_t>(bytes)});
    }

    Diagnostics commit()
    {
        for (auto& [path, file] : m_files) {
            if (!file->commit())
                return {writeFailure(path, failureReason(*file, path))};
        }
        return {};
    }

private:
    static bool writeAll(QSaveFile& file, std::span<const std::uint8_t> bytes)
    {
        const char* data = reinterpret_cast<const char*>(bytes.data());
        qint64 remaining = static_cast<qint64>(bytes.size());
        while (remaining > 0) {
            const qint64 n = file.write(data, remaining);
            if (n <= 0)
                return false;
            data += n;
            remaining -= n;
        }
        return true;
    }

    std::vector<std::pair<std::filesystem::path, std::unique_ptr<QSaveFile>>> m_files;
};

/// Stages a resource file of a .gltf unless the same bytes are already there.
Diagnostics stageResource(StagedFiles& staged, const std::filesystem::path& target, const Bytes& data)
{
    if (sameFileContent(target, data))
        return {};
    std::error_code ec;
    std::filesystem::create_directories(target.parent_path(), ec);
    return staged.stage(target, data);
}

} // namespace

namespace {

/// What a .glb save changes: the JSON only when something moves (a copy made on the first change), the binary
/// chunk only when buffers are merged or images added (otherwise the document's buffer 0 is used in place).
class Embedding
{
public:
    explicit Embedding(const GltfDocument& doc) : m_doc(doc) {}

    const Json& json() const { return m_json ? *m_json : m_doc.json(); }
    Json& writableJson()
    {
        if (!m_json)
            m_json = m_doc.json();
        return *m_json;
    }
    /// The binary chunk, or nullptr when the .glb has none.
    const Bytes* bin() const { return !m_hasBin ? nullptr : m_ownsBin ? &m_bin : &m_doc.buffers()[0].data; }
    /// The binary chunk to append to (a copy of buffer 0 on first use when that is the chunk).
    Bytes& writableBin()
    {
        if (!m_ownsBin && m_hasBin)
            m_bin = m_doc.buffers()[0].data;
        m_ownsBin = true;
        m_hasBin = true;
        return m_bin;
    }
    void useBufferZero() { m_hasBin = true; }
    bool ownsBin() const { return m_ownsBin; }
    Bytes takeBin() { return std::move(m_bin); }
    std::optional<Json> takeJson() { return std::move(m_json); }

private:
    const GltfDocument& m_doc;
    std::optional<Json> m_json;
    Bytes m_bin;
    bool m_ownsBin = false;
    bool m_hasBin = false;
};

/// A GLB carries one binary chunk, which is buffer 0: concatenates the `data` buffers (each start 4-byte
/// aligned, so every accessor keeps its alignment) and points the buffer views into the result; meshopt
/// fallback buffers stay separate buffers after it.
void mergeBuffers(const GltfDocument& doc, const std::vector<size_t>& data,
                  const std::vector<size_t>& fallbacks, Embedding& out)
{
    const size_t bufferCount = std::min(doc.buffers().size(), doc.count("buffers"));
    std::vector<size_t> offsets(bufferCount, 0), target(bufferCount, 0);
    Bytes& bin = out.writableBin();
    for (size_t i : data) {
        padTo4(bin);
        offsets[i] = bin.size();
        bin.insert(bin.end(), doc.buffers()[i].data.begin(), doc.buffers()[i].data.end());
    }
    Json& json = out.writableJson();
    Json buffers = Json::array({json["buffers"][data[0]]});
    buffers[0].erase("uri");
    for (size_t k = 0; k < fallbacks.size(); ++k) {
        target[fallbacks[k]] = k + 1;
        buffers.push_back(json["buffers"][fallbacks[k]]);
    }
    if (auto views = json.find("bufferViews"); views != json.end() && views->is_array()) {
        for (Json& view : *views) {
            if (!view.is_object())
                continue;
            relocate(view, target, offsets);
            if (auto ext = view.find("extensions"); ext != view.end() && ext->is_object()) {
                for (const char* name : {"EXT_meshopt_compression", "KHR_meshopt_compression"}) {
                    if (auto m = ext->find(name); m != ext->end() && m->is_object())
                        relocate(*m, target, offsets);
                }
            }
        }
    }
    json["buffers"] = std::move(buffers);
}

/// Moves every external or data: image into the binary chunk, behind a new buffer view. True when one moved.
bool embedImages(const GltfDocument& doc, Embedding& out, Diagnostics& diags)
{
    bool moved = false;
    const size_t imageCount = std::min(doc.images().size(), doc.count("images"));
    for (size_t i = 0; i < imageCount; ++i) {
        const Image& image = doc.images()[i];
        if (image.uri.empty())
            continue;
        const std::string pointer = jsonPointerAppend("/images", i);
        if (image.origin != ResourceOrigin::DataUri && image.origin != ResourceOrigin::ExternalFile) {
            diags.push_back(makeWarning(
                "IMAGE_NOT_EMBEDDED",
                "image '" + image.uri + "' could not be read, so its uri is kept as it was", pointer));
            continue;
        }
        const std::string mime =
            !image.mimeType.empty() ? image.mimeType : imageMimeType(image.uri, image.data);
        if (mime.empty()) {
            diags.push_back(makeWarning("IMAGE_NOT_EMBEDDED",
                                        "image '" + image.uri + "' is of an unknown type, so its uri is kept",
                                        pointer));
            continue;
        }
        Bytes& bin = out.writableBin();
        padTo4(bin);
        Json view = Json::object();
        view["buffer"] = 0;
        view["byteOffset"] = bin.size();
        view["byteLength"] = image.data.size();
        bin.insert(bin.end(), image.data.begin(), image.data.end());
        Json& json = out.writableJson();
        if (!json.contains("bufferViews") || !json["bufferViews"].is_array())
            json["bufferViews"] = Json::array();
        json["bufferViews"].push_back(std::move(view));
        Json& j = json["images"][i];
        j.erase("uri");
        j["bufferView"] = json["bufferViews"].size() - 1;
        if (!j.contains("mimeType"))
            j["mimeType"] = mime;
        moved = true;
    }
    return moved;
}

/// The embedding of a document for a .glb (see embedResources), copying only what changes.
Result<Embedding> embed(const GltfDocument& doc)
{
    using R = Result<Embedding>;
    R result;
    Embedding out(doc);
    const size_t bufferCount = std::min(doc.buffers().size(), doc.count("buffers"));

    // Meshopt fallback buffers have no bytes by design: they stay separate buffers without uri, after the one
    // the binary chunk holds. Every other buffer goes into that chunk.
    std::vector<size_t> data, fallbacks;
    for (size_t i = 0; i < bufferCount; ++i) {
        if (doc.buffers()[i].origin == ResourceOrigin::Missing)
            return R::failure(
                makeError("BUFFER_MISSING_DATA",
                          "buffer " + std::to_string(i) +
                              " has no data (see the diagnostics from loading); it cannot be embedded",
                          jsonPointerAppend("/buffers", i)));
        (doc.buffers()[i].origin == ResourceOrigin::MeshoptFallback ? fallbacks : data).push_back(i);
    }

    bool layoutChanged = false;
    if (data.size() == 1 && data[0] == 0 && (fallbacks.empty() || fallbacks[0] == 1)) {
        // Buffer 0 becomes the chunk and nothing moves.
        out.useBufferZero();
        if (out.json()["buffers"][0].contains("uri"))
            out.writableJson()["buffers"][0].erase("uri");
    } else if (!data.empty()) {
        mergeBuffers(doc, data, fallbacks, out);
        layoutChanged = true;
        if (data.size() > 1)
            result.diagnostics.push_back(makeInfo("BUFFERS_MERGED",
                                                  "the " + std::to_string(data.size()) +
                                                      " buffers were merged into the GLB binary chunk",
                                                  "/buffers"));
    }
    layoutChanged = embedImages(doc, out, result.diagnostics) || layoutChanged;
    if (layoutChanged) {
        Json& json = out.writableJson();
        if (!json.contains("buffers") || !json["buffers"].is_array() || json["buffers"].empty())
            json["buffers"] = Json::array({Json::object()});
        json["buffers"][0]["byteLength"] = out.bin()->size();
    }
    result.value.emplace(std::move(out));
    return result;
}

} // namespace

Result<EmbeddedAsset> embedResources(const GltfDocument& doc)
{
    auto embedded = embed(doc);
    Result<EmbeddedAsset> result{std::nullopt, std::move(embedded.diagnostics)};
    if (!embedded)
        return result;
    EmbeddedAsset out;
    out.hasBin = embedded->bin() != nullptr;
    if (out.hasBin)
        out.bin = embedded->ownsBin() ? embedded->takeBin() : *embedded->bin();
    // Two statements: a conditional with the document's JSON as one branch would copy the moved one too.
    if (auto json = embedded->takeJson())
        out.json = std::move(*json);
    else
        out.json = doc.json();
    result.value = std::move(out);
    return result;
}

Result<GlbPieces> encodeGlbPieces(const GltfDocument& doc)
{
    using R = Result<GlbPieces>;
    auto embedded = embed(doc);
    R result{std::nullopt, std::move(embedded.diagnostics)};
    if (!embedded)
        return result;
    const std::string json = dumpJsonText(embedded->json(), -1);
    const Bytes* bin = embedded->bin();
    size_t total = kGlbHeaderSize + kGlbChunkHeaderSize + json.size() + 3;
    if (bin)
        total += kGlbChunkHeaderSize + bin->size() + 3;
    for (const auto& c : doc.extraChunks())
        total += kGlbChunkHeaderSize + c.data.size() + 3;
    if (total > std::numeric_limits<std::uint32_t>::max()) {
        result.diagnostics.push_back(
            makeError("GLB_TOO_LARGE", "the asset needs " + std::to_string(total) +
                                           " bytes; a .glb holds at most 4 GiB. Save it as .gltf instead"));
        return result;
    }
    GlbPieces pieces = glbPieces(json, bin, doc.extraChunks());
    if (embedded->ownsBin()) {
        // The chunk was assembled here: the pieces keep it (moving a vector keeps its bytes where they are).
        pieces.ownedBin = embedded->takeBin();
        pieces.bin = pieces.ownedBin;
    }
    result.value = std::move(pieces);
    return result;
}

Result<Bytes> encodeGlb(const GltfDocument& doc)
{
    auto pieces = encodeGlbPieces(doc);
    Result<Bytes> result{std::nullopt, std::move(pieces.diagnostics)};
    if (!pieces)
        return result;
    result.value = pieces->join();
    return result;
}

namespace {

/// Stages the buffer files of a .gltf save (and rewrites data: and new uris in `json`); false when one
/// failed.
bool stageBuffers(const GltfDocument& doc, const std::filesystem::path& path, Json& json, StagedFiles& staged,
                  Diagnostics& diags)
{
    const std::filesystem::path outDir = path.has_parent_path() ? path.parent_path() : ".";
    const std::string stem = path.stem().string();
    const size_t bufferCount = std::min(doc.buffers().size(), doc.count("buffers"));
    for (size_t i = 0; i < bufferCount; ++i) {
        const Buffer& buffer = doc.buffers()[i];
        switch (buffer.origin) {
        case ResourceOrigin::MeshoptFallback:
            break; // no bytes, no uri: written as it was
        case ResourceOrigin::Missing:
            diags.push_back(makeError("BUFFER_MISSING_DATA",
                                      "buffer " + std::to_string(i) + " has no data; nothing was saved",
                                      jsonPointerAppend("/buffers", i)));
            return false;
        case ResourceOrigin::DataUri: {
            const size_t comma = buffer.uri.find(',');
            const std::string head = buffer.uri.substr(0, comma + 1);
            const bool base64 = head.size() > 8 && head.compare(head.size() - 8, 8, ";base64,") == 0;
            json["buffers"][i]["uri"] = base64 ? head + encodeBase64(buffer.data)
                                               : encodeDataUri("application/octet-stream", buffer.data);
            break;
        }
        case ResourceOrigin::ExternalFile:
        case ResourceOrigin::GlbBinChunk:
        case ResourceOrigin::None: {
            std::string name;
            if (buffer.origin == ResourceOrigin::ExternalFile) {
                auto decoded = percentDecode(buffer.uri);
                if (decoded && isPlainRelativePath(*decoded))
                    name = *decoded;
            }
            if (name.empty()) {
                name = bufferCount == 1 ? stem + ".bin" : stem + "_" + std::to_string(i) + ".bin";
                json["buffers"][i]["uri"] = percentEncodePath(name);
            }
            auto written = stageResource(staged, outDir / name, buffer.data);
            diags.insert(diags.end(), written.begin(), written.end());
            if (hasErrors(written))
                return false;
            break;
        }
        }
    }
    return true;
}

/// Stages the external image files of a .gltf save; an image outside the target's folder is referred to by
/// its absolute path instead. False when one failed.
bool stageImages(const GltfDocument& doc, const std::filesystem::path& path, Json& json, StagedFiles& staged,
                 Diagnostics& diags)
{
    const std::filesystem::path outDir = path.has_parent_path() ? path.parent_path() : ".";
    const std::filesystem::path sourceDir =
        doc.sourcePath().has_parent_path() ? doc.sourcePath().parent_path() : ".";
    const size_t imageCount = std::min(doc.images().size(), doc.count("images"));
    for (size_t i = 0; i < imageCount; ++i) {
        const Image& image = doc.images()[i];
        if (image.origin != ResourceOrigin::ExternalFile)
            continue;
        auto decoded = percentDecode(image.uri);
        if (!decoded || !isPlainRelativePath(*decoded)) {
            // Outside the target folder: keep referring to it where it is, never write outside the folder.
            std::error_code ec;
            const auto absolute =
                std::filesystem::weakly_canonical(sourceDir / decoded.value_or(image.uri), ec);
            json["images"][i]["uri"] = percentEncodePath(absolute.generic_string());
            diags.push_back(makeWarning("IMAGE_OUTSIDE_FOLDER",
                                        "image '" + image.uri +
                                            "' lies outside the saved file's folder; it is "
                                            "referred to by its absolute path",
                                        jsonPointerAppend("/images", i) + "/uri"));
            continue;
        }
        auto written = stageResource(staged, outDir / *decoded, image.data);
        diags.insert(diags.end(), written.begin(), written.end());
        if (hasErrors(written))
            return false;
    }
    return true;
}

/// A .glb save: the pieces are written straight from the document's buffer (no copy of the whole file).
Diagnostics saveGlb(const GltfDocument& doc, const std::filesystem::path& path)
{
    auto pieces = encodeGlbPieces(doc);
    Diagnostics diags = pieces.diagnostics;
    if (!pieces)
        return diags;
    StagedFiles staged;
    auto written = staged.stage(path, pieces->spans());
    if (written.empty())
        written = staged.commit();
    diags.insert(diags.end(), written.begin(), written.end());
    return diags;
}

} // namespace

Diagnostics saveGltf(const GltfDocument& doc, const std::filesystem::path& path, const SaveOptions& options)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    const FileFormat format = options.format.value_or(ext == ".glb" ? FileFormat::Glb : FileFormat::Gltf);
    if (format == FileFormat::Glb)
        return saveGlb(doc, path);

    // Resources first, the .gltf last; nothing is replaced until all of them are written.
    Diagnostics diags;
    StagedFiles staged;
    Json json = doc.json();
    if (!stageBuffers(doc, path, json, staged, diags) || !stageImages(doc, path, json, staged, diags))
        return diags;
    const std::string text = dumpJsonText(json, options.gltfIndent) + "\n";
    auto written = staged.stage(path, Bytes(text.begin(), text.end()));
    if (written.empty())
        written = staged.commit();
    diags.insert(diags.end(), written.begin(), written.end());
    return diags;
}

Diagnostics writeFileAtomically(const std::filesystem::path& path, const Bytes& bytes)
{
    StagedFiles staged;
    if (auto written = staged.stage(path, bytes); !written.empty())
        return written;
    return staged.commit();
}

} // namespace cs::gltf
