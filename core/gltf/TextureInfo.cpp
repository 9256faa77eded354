#include "gltf/TextureInfo.h"

#include "gltf/JsonIndex.h"

#include <QBuffer>
#include <QImageReader>
#include <algorithm>
#include <cmath>

namespace cs::gltf {

namespace {

int glEnum(const Json& object, const char* key, int fallback)
{
    const Json& v = object.value(key, Json());
    return isJsonIndex(v) && v.get<std::uint64_t>() < 65536 ? v.get<int>() : fallback;
}

float number(const Json& v, float fallback)
{
    if (!v.is_number())
        return fallback;
    const double d = v.get<double>();
    return std::isfinite(d) && std::abs(d) < 1e30 ? float(d) : fallback;
}

TextureSampler readSampler(const GltfDocument& doc, const Json& texture)
{
    TextureSampler s;
    const Json& index = texture.value("sampler", Json());
    const Json* sampler = isJsonIndex(index) ? doc.element("samplers", index.get<size_t>()) : nullptr;
    if (!sampler)
        return s;
    auto oneOf = [](int v, std::initializer_list<int> allowed, int fallback) {
        return std::find(allowed.begin(), allowed.end(), v) != allowed.end() ? v : fallback;
    };
    s.magFilter = oneOf(glEnum(*sampler, "magFilter", 0), {9728, 9729}, 0);
    s.minFilter = oneOf(glEnum(*sampler, "minFilter", 0), {9728, 9729, 9984, 9985, 9986, 9987}, 0);
    s.wrapS = oneOf(glEnum(*sampler, "wrapS", 10497), {33071, 33648, 10497}, 10497);
    s.wrapT = oneOf(glEnum(*sampler, "wrapT", 10497), {33071, 33648, 10497}, 10497);
    return s;
}

} // namespace

UvTransform uvTransform(const Json& t)
{
    if (!t.is_object())
        return kIdentityUvTransform;
    const Json& offset = t.value("offset", Json());
    const Json& scale = t.value("scale", Json());
    const bool hasOffset = offset.is_array() && offset.size() == 2;
    const bool hasScale = scale.is_array() && scale.size() == 2;
    const float ox = hasOffset ? number(offset[0], 0) : 0, oy = hasOffset ? number(offset[1], 0) : 0;
    const float sx = hasScale ? number(scale[0], 1) : 1, sy = hasScale ? number(scale[1], 1) : 1;
    const float r = number(t.value("rotation", Json()), 0);
    const float c = std::cos(r), s = std::sin(r);
    // translation * rotation * scale, with rotation = [c s; -s c] as the extension defines it.
    return {c * sx, s * sy, ox, -s * sx, c * sy, oy};
}

QVector2D applyUvTransform(const UvTransform& m, const QVector2D& uv)
{
    return {m[0] * uv.x() + m[1] * uv.y() + m[2], m[3] * uv.x() + m[4] * uv.y() + m[5]};
}

BaseColorTexture readBaseColorTexture(const GltfDocument& doc, size_t material, Diagnostics& diagnostics)
{
    BaseColorTexture result;
    const Json* m = doc.element("materials", material);
    const Json& pbr = m ? m->value("pbrMetallicRoughness", Json()) : Json();
    const Json& info = pbr.is_object() ? pbr.value("baseColorTexture", Json()) : Json();
    if (!info.is_object() || !isJsonIndex(info.value("index", Json())))
        return result;
    const size_t textureIndex = info["index"].get<size_t>();
    const Json* texture = doc.element("textures", textureIndex);
    if (!texture)
        return result;
    const Json& source = texture->value("source", Json());
    if (!isJsonIndex(source) || source.get<size_t>() >= doc.count("images")) {
        const Json& extensions = texture->value("extensions", Json());
        if (extensions.is_object() && !extensions.empty()) {
            diagnostics.push_back(
                makeWarning("TEXTURE_SOURCE_UNSUPPORTED",
                            "texture " + std::to_string(textureIndex) + " has its image only through " +
                                extensions.begin().key() +
                                ", which the viewport cannot decode; the mesh is drawn untextured",
                            jsonPointerAppend("/textures", textureIndex)));
        }
        return result;
    }
    result.image = source.get<int>();
    const Json& set = info.value("texCoord", Json());
    // A fraction, a negative or a huge number (1e300 overflowed the int) reads as set 0.
    result.texCoord = isJsonIndex(set) && set.get<std::uint64_t>() < 256 ? set.get<int>() : 0;
    result.sampler = readSampler(doc, *texture);
    const Json& extensions = info.value("extensions", Json());
    const Json& transform =
        extensions.is_object() ? extensions.value("KHR_texture_transform", Json()) : Json();
    if (transform.is_object()) {
        result.transform = uvTransform(transform);
        const Json& override = transform.value("texCoord", Json());
        if (isJsonIndex(override) && override.get<std::uint64_t>() < 256)
            result.texCoord = override.get<int>();
    }
    return result;
}

QByteArray encodedImage(const GltfDocument& doc, size_t image)
{
    if (image < doc.images().size() && !doc.images()[image].data.empty()) {
        const Bytes& data = doc.images()[image].data;
        return QByteArray(reinterpret_cast<const char*>(data.data()), static_cast<qsizetype>(data.size()));
    }
    const Json* j = doc.element("images", image);
    const Json& viewIndex = j ? j->value("bufferView", Json()) : Json();
    const Json* view = isJsonIndex(viewIndex) ? doc.element("bufferViews", viewIndex.get<size_t>()) : nullptr;
    if (!view || !isJsonIndex(view->value("buffer", Json())))
        return {};
    const size_t buffer = (*view)["buffer"].get<size_t>();
    if (buffer >= doc.buffers().size())
        return {};
    const Bytes& data = doc.buffers()[buffer].data;
    const Json& offsetJson = view->value("byteOffset", Json(0u));
    const Json& lengthJson = view->value("byteLength", Json());
    if (!isJsonIndex(offsetJson) || !isJsonIndex(lengthJson))
        return {};
    const std::uint64_t offset = offsetJson.get<std::uint64_t>();
    const std::uint64_t length = lengthJson.get<std::uint64_t>();
    if (offset > data.size() || length > data.size() - offset)
        return {};
    return QByteArray(reinterpret_cast<const char*>(data.data() + offset), static_cast<qsizetype>(length));
}

QSize imageHeaderSize(const QByteArray& encoded)
{
    QByteArray bytes = encoded; // shared, not copied
    QBuffer device(&bytes);
    device.open(QIODevice::ReadOnly);
    QImageReader reader(&device);
    if (!reader.canRead())
        return {};
    const QSize size = reader.size();
    return size.isValid() && !size.isEmpty() ? size : QSize();
}

bool imageEndsComplete(const QByteArray& encoded)
{
    const QByteArray tail = encoded.right(64);
    if (encoded.startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)))
        return tail.contains("IEND");
    if (encoded.startsWith(QByteArray("\xff\xd8", 2)))
        return tail.contains(QByteArray("\xff\xd9", 2));
    return true;
}

QImage decodeForDisplay(const QByteArray& encoded, int maxSide)
{
    QByteArray bytes = encoded;
    QBuffer device(&bytes);
    device.open(QIODevice::ReadOnly);
    QImageReader reader(&device);
    // An image of some gigapixels is refused by QImageReader's own allocation limit (256 MB by default).
    const QSize size = reader.size();
    if (size.isValid() && std::max(size.width(), size.height()) > maxSide) {
        // JPEG decodes straight to the smaller size; other formats are scaled after decoding.
        reader.setScaledSize(size.scaled(maxSide, maxSide, Qt::KeepAspectRatio));
    }
    QImage image = reader.read();
    if (image.isNull())
        return {};
    if (std::max(image.width(), image.height()) > maxSide)
        image = image.scaled(maxSide, maxSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    // glTF's first row is the top of the image; OpenGL's is the bottom.
    return image.convertToFormat(QImage::Format_RGBA8888).mirrored();
}

} // namespace cs::gltf
