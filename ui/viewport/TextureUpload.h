#pragma once

#include "gltf/TextureInfo.h"

#include <QByteArray>

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QAbstractTexture;
}

namespace cs::ui {

/// A 2D texture whose pixels are decoded from a file's encoded image (PNG, JPEG, ...) when Qt 3D uploads it,
/// on Qt 3D's worker threads, scaled down to gltf::kMaxDisplayTextureSide. Qt 3D drops the decoded pixels
/// after the upload, so only the encoded bytes stay in memory. An image that fails to decode is uploaded as
/// one grey texel: the renderer never gets a texture without data (Qt 3D 6.4 dereferences a missing texture
/// generator).
Qt3DRender::QAbstractTexture*
makeEncodedTexture(const QByteArray& encoded, const gltf::TextureSampler& sampler, Qt3DCore::QNode* parent);

} // namespace cs::ui
