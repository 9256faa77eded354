#include "viewport/TextureUpload.h"

#include <Qt3DRender/QAbstractTextureImage>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QTextureImageData>
#include <Qt3DRender/QTextureImageDataGenerator>
#include <Qt3DRender/QTextureWrapMode>
#include <atomic>

namespace cs::ui {

namespace {

/// Decodes on demand. Generators compare equal only to themselves (by a serial number), so Qt 3D neither
/// shares nor skips an upload by mistake.
class EncodedImageGenerator : public Qt3DRender::QTextureImageDataGenerator
{
public:
    explicit EncodedImageGenerator(QByteArray encoded) : m_encoded(std::move(encoded)), m_serial(nextSerial())
    {}

    Qt3DRender::QTextureImageDataPtr operator()() override
    {
        QImage image = gltf::decodeForDisplay(m_encoded);
        if (image.isNull()) {
            image = QImage(1, 1, QImage::Format_RGBA8888);
            image.fill(QColor(200, 200, 200));
        }
        auto data = Qt3DRender::QTextureImageDataPtr::create();
        data->setImage(image);
        return data;
    }

    bool operator==(const Qt3DRender::QTextureImageDataGenerator& other) const override
    {
        const auto* o = functor_cast<EncodedImageGenerator>(&other);
        return o && o->m_serial == m_serial;
    }

    QT3D_FUNCTOR(EncodedImageGenerator)

private:
    static quint64 nextSerial()
    {
        static std::atomic<quint64> serial{0};
        return ++serial;
    }

    QByteArray m_encoded;
    quint64 m_serial;
};

class EncodedTextureImage : public Qt3DRender::QAbstractTextureImage
{
public:
    EncodedTextureImage(const QByteArray& encoded, Qt3DCore::QNode* parent)
        : Qt3DRender::QAbstractTextureImage(parent), m_generator(new EncodedImageGenerator(encoded))
    {}

protected:
    Qt3DRender::QTextureImageDataGeneratorPtr dataGenerator() const override { return m_generator; }

private:
    Qt3DRender::QTextureImageDataGeneratorPtr m_generator;
};

Qt3DRender::QTextureWrapMode::WrapMode wrapMode(int gl)
{
    switch (gl) {
    case 33071:
        return Qt3DRender::QTextureWrapMode::ClampToEdge;
    case 33648:
        return Qt3DRender::QTextureWrapMode::MirroredRepeat;
    default:
        return Qt3DRender::QTextureWrapMode::Repeat;
    }
}

Qt3DRender::QAbstractTexture::Filter filter(int gl)
{
    using F = Qt3DRender::QAbstractTexture::Filter;
    switch (gl) {
    case 9728:
        return F::Nearest;
    case 9729:
        return F::Linear;
    case 9984:
        return F::NearestMipMapNearest;
    case 9985:
        return F::LinearMipMapNearest;
    case 9986:
        return F::NearestMipMapLinear;
    default: // 9987, or none given: the smoothest
        return F::LinearMipMapLinear;
    }
}

bool usesMipmaps(Qt3DRender::QAbstractTexture::Filter f)
{
    using F = Qt3DRender::QAbstractTexture::Filter;
    return f != F::Nearest && f != F::Linear;
}

} // namespace

Qt3DRender::QAbstractTexture* makeEncodedTexture(const QByteArray& encoded,
                                                 const gltf::TextureSampler& sampler, Qt3DCore::QNode* parent)
{
    auto* texture = new Qt3DRender::QTexture2D(parent);
    texture->addTextureImage(new EncodedTextureImage(encoded, texture));
    const auto minFilter = filter(sampler.minFilter);
    texture->setMinificationFilter(minFilter);
    texture->setMagnificationFilter(sampler.magFilter == 9728 ? Qt3DRender::QAbstractTexture::Nearest
                                                              : Qt3DRender::QAbstractTexture::Linear);
    texture->setGenerateMipMaps(usesMipmaps(minFilter));
    texture->wrapMode()->setX(wrapMode(sampler.wrapS));
    texture->wrapMode()->setY(wrapMode(sampler.wrapT));
    return texture;
}

} // namespace cs::ui
