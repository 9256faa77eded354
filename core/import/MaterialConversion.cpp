// Source materials to glTF metallic-roughness materials: the base colour (factor and texture) is what a
// physics tool needs to show the model recognisably; everything else is reported as not carried over.
#include "gltf/Uri.h"
#include "import/AssimpConvert.h"
#include "import/ImportContext.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <algorithm>
#include <assimp/material.h>
#include <assimp/scene.h>

namespace cs::import {

namespace {

namespace fs = std::filesystem;

gltf::Bytes toBytes(const QByteArray& a)
{
    return gltf::Bytes(a.begin(), a.end());
}

/// PNG bytes of an image Qt can decode (BMP, TGA, ... which glTF does not allow), or nothing.
std::optional<gltf::Bytes> reencodePng(const QImage& image)
{
    if (image.isNull())
        return std::nullopt;
    QByteArray png;
    QBuffer out(&png);
    out.open(QIODevice::WriteOnly);
    if (!image.save(&out, "PNG"))
        return std::nullopt;
    return toBytes(png);
}

bool glTFImageType(const std::string& mime)
{
    return mime == "image/png" || mime == "image/jpeg";
}

/// Adds an image held in the buffer (embedded textures, and files in formats glTF cannot reference).
int addBufferImage(ImportContext& ctx, const gltf::Bytes& bytes, const std::string& mime)
{
    auto& images = ctx.doc.json()["images"];
    images.push_back({{"bufferView", ctx.builder.addImageView(bytes)}, {"mimeType", mime}});
    ctx.doc.images().push_back(gltf::Image{{}, gltf::ResourceOrigin::None, {}, mime});
    return int(images.size()) - 1;
}

int embeddedImage(ImportContext& ctx, const aiTexture& texture, const std::string& material)
{
    const std::string name = utf8(texture.mFilename);
    const std::string label =
        "'" + (name.empty() ? std::string("embedded texture") : name) + "' of " + material;
    gltf::Bytes bytes;
    if (texture.mHeight == 0) { // compressed: mWidth bytes of a file (PNG, JPEG, ...)
        const auto* p = reinterpret_cast<const std::uint8_t*>(texture.pcData);
        bytes.assign(p, p + texture.mWidth);
        const std::string mime = gltf::imageMimeType(texture.achFormatHint, bytes);
        if (glTFImageType(mime))
            return addBufferImage(ctx, bytes, mime);
        auto png = reencodePng(QImage::fromData(bytes.data(), int(bytes.size())));
        if (!png) {
            ctx.lost("IMPORT_TEXTURE_UNREADABLE", "textures in formats that cannot be decoded", label);
            return -1;
        }
        return addBufferImage(ctx, *png, "image/png");
    }
    // Raw aiTexel (b, g, r, a bytes): QImage's ARGB32 on a little-endian machine.
    QImage image(reinterpret_cast<const uchar*>(texture.pcData), int(texture.mWidth), int(texture.mHeight),
                 QImage::Format_ARGB32);
    auto png = reencodePng(image.copy());
    if (!png)
        return -1;
    return addBufferImage(ctx, *png, "image/png");
}

/// The file a material's texture path names: as written relative to the source, with Windows separators
/// fixed, or by its file name alone next to the source (exporters often write absolute paths of the
/// artist's machine).
std::optional<fs::path> findTextureFile(const fs::path& sourceDir, std::string path)
{
    std::replace(path.begin(), path.end(), '\\', '/');
    std::error_code ec;
    const fs::path written(path);
    for (const fs::path& candidate :
         {written.is_absolute() ? written : sourceDir / written, sourceDir / written.filename()}) {
        if (fs::is_regular_file(candidate, ec))
            return candidate.lexically_normal();
    }
    return std::nullopt;
}

int fileImage(ImportContext& ctx, const std::string& path, const std::string& label)
{
    const fs::path sourceDir =
        ctx.sourcePath.has_parent_path() ? ctx.sourcePath.parent_path() : fs::path(".");
    const auto file = findTextureFile(sourceDir, path);
    QFile f(file ? QString::fromStdString(file->string()) : QString());
    if (!file || !f.open(QIODevice::ReadOnly)) {
        ctx.lost("IMPORT_TEXTURE_MISSING", "texture files that were not found",
                 "'" + utf8(path) + "' of " + label);
        return -1;
    }
    const gltf::Bytes bytes = toBytes(f.readAll());
    const std::string mime = gltf::imageMimeType(file->filename().string(), bytes);
    if (!glTFImageType(mime)) {
        auto png = reencodePng(QImage::fromData(bytes.data(), int(bytes.size())));
        if (!png) {
            ctx.lost("IMPORT_TEXTURE_UNREADABLE", "textures in formats that cannot be decoded",
                     "'" + utf8(path) + "' of " + label);
            return -1;
        }
        ctx.diagnostics.push_back(
            makeInfo("IMPORT_TEXTURE_CONVERTED", "texture '" + utf8(path) +
                                                     "' converted to PNG (glTF allows PNG and "
                                                     "JPEG) and stored in the buffer"));
        return addBufferImage(ctx, *png, "image/png");
    }
    // Referenced where it is, relative to the source; a .gltf save copies it, a .glb save embeds it.
    std::error_code ec;
    fs::path relative = fs::relative(*file, sourceDir, ec);
    if (ec || relative.empty())
        relative = *file;
    const std::string uri = percentEncodeUri(utf8(relative.generic_string()));
    auto& images = ctx.doc.json()["images"];
    images.push_back({{"uri", uri}});
    ctx.doc.images().push_back(gltf::Image{bytes, gltf::ResourceOrigin::ExternalFile, uri, mime});
    return int(images.size()) - 1;
}

int textureFor(ImportContext& ctx, const std::string& path, const std::string& label)
{
    if (auto it = ctx.textures.find(path); it != ctx.textures.end())
        return it->second;
    const aiTexture* embedded = ctx.scene.GetEmbeddedTexture(path.c_str());
    const int image = embedded ? embeddedImage(ctx, *embedded, label) : fileImage(ctx, path, label);
    int texture = -1;
    if (image >= 0) {
        auto& textures = ctx.doc.json()["textures"];
        textures.push_back({{"source", image}});
        texture = int(textures.size()) - 1;
    }
    ctx.textures[path] = texture;
    return texture;
}

} // namespace

int convertMaterial(ImportContext& ctx, unsigned materialIndex)
{
    if (materialIndex >= ctx.scene.mNumMaterials)
        return -1;
    if (auto it = ctx.materials.find(materialIndex); it != ctx.materials.end())
        return it->second;
    const aiMaterial& m = *ctx.scene.mMaterials[materialIndex];
    gltf::Json material = gltf::Json::object();
    aiString name;
    if (m.Get(AI_MATKEY_NAME, name) == AI_SUCCESS && name.length > 0)
        material["name"] = utf8(name);
    const std::string label = material.contains("name")
                                  ? "material '" + material["name"].get<std::string>() + "'"
                                  : "material " + std::to_string(materialIndex);

    aiColor4D colour(1, 1, 1, 1);
    if (m.Get(AI_MATKEY_BASE_COLOR, colour) != AI_SUCCESS)
        m.Get(AI_MATKEY_COLOR_DIFFUSE, colour);
    float opacity = 1;
    // An opacity of 0 is almost always an exporter default, not an invisible material.
    if (m.Get(AI_MATKEY_OPACITY, opacity) == AI_SUCCESS && opacity > 0 && opacity < 1)
        colour.a = opacity;
    // The schema limits factors to [0, 1]; HDR diffuse values from some exporters are clamped.
    auto unit = [](float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 1.0f; };
    gltf::Json pbr = {{"baseColorFactor", {unit(colour.r), unit(colour.g), unit(colour.b), unit(colour.a)}}};

    aiString texturePath;
    unsigned uvIndex = 0;
    const bool hasBase =
        m.GetTexture(aiTextureType_BASE_COLOR, 0, &texturePath, nullptr, &uvIndex) == AI_SUCCESS;
    if (hasBase || m.GetTexture(aiTextureType_DIFFUSE, 0, &texturePath, nullptr, &uvIndex) == AI_SUCCESS) {
        if (uvIndex != 0)
            ctx.lost("IMPORT_TEXTURE_UV_SET", "base colour textures on a UV set other than the first", label);
        else if (const int texture = textureFor(ctx, std::string(texturePath.C_Str()), label); texture >= 0)
            pbr["baseColorTexture"] = {{"index", texture}};
    }
    float metallic = 0, roughness = 1;
    // Non-PBR sources describe dielectrics; glTF's default metallicFactor of 1 would make everything metal.
    pbr["metallicFactor"] = m.Get(AI_MATKEY_METALLIC_FACTOR, metallic) == AI_SUCCESS ? unit(metallic) : 0.0f;
    if (m.Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness) == AI_SUCCESS)
        pbr["roughnessFactor"] = unit(roughness);
    material["pbrMetallicRoughness"] = std::move(pbr);
    if (colour.a < 1)
        material["alphaMode"] = "BLEND";
    int twoSided = 0;
    if (m.Get(AI_MATKEY_TWOSIDED, twoSided) == AI_SUCCESS && twoSided != 0)
        material["doubleSided"] = true;

    for (int type = aiTextureType_DIFFUSE + 1; type <= aiTextureType_UNKNOWN; ++type) {
        if (type != aiTextureType_BASE_COLOR && m.GetTextureCount(aiTextureType(type)) > 0) {
            ctx.lost("IMPORT_OTHER_TEXTURES", "textures other than base colour (normal, emissive, ...)",
                     label);
            break;
        }
    }

    auto& materials = ctx.doc.json()["materials"];
    materials.push_back(std::move(material));
    const int index = int(materials.size()) - 1;
    ctx.materials[materialIndex] = index;
    return index;
}

} // namespace cs::import
