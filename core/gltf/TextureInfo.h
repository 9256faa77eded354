#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QVector2D>
#include <array>
#include <vector>

namespace cs::gltf {

/// How a texture is sampled: the glTF sampler's values (GL enums). A filter of 0 means the file gives none
/// and the viewer chooses (linear, with mipmaps when minifying).
struct TextureSampler
{
    int magFilter = 0;
    int minFilter = 0;
    int wrapS = 10497; ///< REPEAT
    int wrapT = 10497;

    bool operator==(const TextureSampler&) const = default;
};

/// KHR_texture_transform as a 2x3 affine matrix on texture coordinates, row-major: u' = m[0]u + m[1]v + m[2],
/// v' = m[3]u + m[4]v + m[5]. Identity when the texture has no transform.
using UvTransform = std::array<float, 6>;
constexpr UvTransform kIdentityUvTransform{1, 0, 0, 0, 1, 0};

/// A material's base colour texture, resolved down to its image.
struct BaseColorTexture
{
    int image = -1;   ///< index into images, -1 when there is none that can be drawn
    int texCoord = 0; ///< TEXCOORD_n set (KHR_texture_transform may override the textureInfo's)
    TextureSampler sampler;
    UvTransform transform = kIdentityUvTransform;
};

/// Reads `material.pbrMetallicRoughness.baseColorTexture`. A texture whose image comes only through an
/// extension the viewport cannot decode (EXT_texture_webp, KHR_texture_basisu, ...) gives image -1 and a
/// warning naming it. Values of the wrong type are ignored (checkStructure reports them).
BaseColorTexture readBaseColorTexture(const GltfDocument& doc, size_t material, Diagnostics& diagnostics);

/// The matrix of a KHR_texture_transform object (offset, rotation in radians, scale), as the extension
/// defines it: translation * rotation * scale.
UvTransform uvTransform(const Json& textureTransform);
QVector2D applyUvTransform(const UvTransform& m, const QVector2D& uv);

/// The encoded bytes of an image: from its file or data: URI, or from its buffer view. Empty when there are
/// none.
QByteArray encodedImage(const GltfDocument& doc, size_t image);

/// The size an image's header gives, without decoding its pixels; invalid when Qt cannot read this image.
QSize imageHeaderSize(const QByteArray& encoded);

/// False when a PNG or JPEG image visibly ends early: a PNG without its IEND chunk, a JPEG without its end
/// of image marker (both looked for in the last 64 bytes, as some writers add padding). Other formats, and
/// bytes that are neither, give true: only what the header promises can be found missing.
bool imageEndsComplete(const QByteArray& encoded);

/// The longest side of a texture as the viewport uploads it: larger images are scaled down for display.
constexpr int kMaxDisplayTextureSide = 2048;

/// Decodes an image for upload: RGBA8888, rows bottom-up as OpenGL reads them, and scaled down (aspect kept)
/// so that its longest side is at most `maxSide`. Grey, grey-alpha, palette, 16-bit and JPEG inputs all come
/// out as 8-bit RGBA. Null when the bytes cannot be decoded.
QImage decodeForDisplay(const QByteArray& encoded, int maxSide = kMaxDisplayTextureSide);

} // namespace cs::gltf
