#include "viewport/TextureStream.h"

#include "gltf/TextureInfo.h"

#include <QColor>
#include <QImage>
#include <QMutex>
#include <QMutexLocker>
#include <QQuickWindow>
#include <QThreadPool>
#include <QtQuick3D/qquick3dtexturedata.h>
#include <algorithm>
#include <atomic>
#include <cstring>

namespace cs::ui {

namespace {

/// The threads that decode images: a pool apart from the global one, where the file reader and the
/// background jobs run.
QThreadPool& decodePool()
{
    static QThreadPool pool;
    return pool;
}

std::function<void()>& decodeHook()
{
    static std::function<void()> hook;
    return hook;
}

/// The pixels of `encoded` for each alpha use in `alphas`; one grey texel when it cannot be decoded.
std::vector<TexturePixels> decodeTexture(const QByteArray& encoded, const std::vector<bool>& alphas)
{
    QImage image = gltf::decodeForDisplay(encoded);
    if (image.isNull()) {
        image = QImage(1, 1, QImage::Format_RGBA8888);
        image.fill(QColor(200, 200, 200));
    }
    std::vector<TexturePixels> pixels;
    pixels.reserve(alphas.size());
    for (bool alpha : alphas)
        pixels.push_back(texturePixels(image, alpha));
    return pixels;
}

} // namespace

TexturePixels texturePixels(const QImage& image, bool alpha)
{
    // RGBX8888 has the layout of RGBA8888 with every alpha 255.
    const QImage::Format format = alpha ? QImage::Format_RGBA8888 : QImage::Format_RGBX8888;
    const QImage rgba = image.format() == format ? image : image.convertToFormat(format);
    TexturePixels pixels{rgba.size(), QByteArray()};
    const size_t row = size_t(rgba.width()) * 4;
    pixels.bytes = QByteArray(static_cast<qsizetype>(row) * rgba.height(), Qt::Uninitialized);
    for (int y = 0; y < rgba.height(); ++y)
        std::memcpy(pixels.bytes.data() + qsizetype(y) * qsizetype(row), rgba.constScanLine(y), row);
    return pixels;
}

QQuick3DTextureData* placeholderTextureData(bool alpha)
{
    auto* data = new QQuick3DTextureData();
    data->setFormat(QQuick3DTextureData::RGBA8);
    data->setHasTransparency(alpha);
    data->setSize(QSize(1, 1));
    data->setTextureData(QByteArray(4, char(255)));
    return data;
}

struct TextureStream::Shared
{
    QMutex mutex;
    TextureStream* owner = nullptr; ///< null once the stream is gone (under the mutex)
    std::atomic<bool> cancelled{false};
};

TextureStream::TextureStream(QObject* parent) : QObject(parent), m_shared(std::make_shared<Shared>())
{
    m_shared->owner = this;
}

TextureStream::~TextureStream()
{
    m_shared->cancelled = true;
    // A result posted before this point is an event of this object, which its destruction discards.
    QMutexLocker lock(&m_shared->mutex);
    m_shared->owner = nullptr;
}

void TextureStream::setDecodeHook(std::function<void()> hook)
{
    decodeHook() = std::move(hook);
}

void TextureStream::add(const QByteArray& encoded, std::vector<Target> targets,
                        const std::vector<DecodedTexture>& known)
{
    std::vector<const DecodedTexture*> found;
    for (const Target& t : targets) {
        const auto it = std::find_if(known.begin(), known.end(), [&](const DecodedTexture& k) {
            return k.alpha == t.second && k.encoded == encoded;
        });
        if (it != known.end())
            found.push_back(&*it);
    }
    if (found.size() < targets.size()) {
        m_jobs.push_back({encoded, std::move(targets), {}});
        return;
    }
    for (size_t i = 0; i < targets.size(); ++i) {
        targets[i].first->setSize(found[i]->pixels.size);
        targets[i].first->setTextureData(found[i]->pixels.bytes);
        m_known.push_back(*found[i]);
    }
}

std::vector<DecodedTexture> TextureStream::decoded() const
{
    std::vector<DecodedTexture> all = m_known;
    for (const Job& job : m_jobs)
        for (size_t i = 0; i < job.pixels.size() && i < job.targets.size(); ++i)
            all.push_back({job.encoded, job.targets[i].second, job.pixels[i]});
    return all;
}

void TextureStream::startAfterFrame(QQuickWindow* window)
{
    if (!window->isExposed())
        start();
    else
        connect(window, &QQuickWindow::frameSwapped, this, &TextureStream::start, Qt::SingleShotConnection);
}

void TextureStream::start()
{
    if (m_started)
        return;
    m_started = true;
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        std::vector<bool> alphas;
        for (const Target& t : m_jobs[j].targets)
            alphas.push_back(t.second);
        decodePool().start([shared = m_shared, encoded = m_jobs[j].encoded, alphas = std::move(alphas), j] {
            if (shared->cancelled)
                return;
            if (const std::function<void()>& hook = decodeHook())
                hook();
            if (shared->cancelled)
                return;
            std::vector<TexturePixels> pixels = decodeTexture(encoded, alphas);
            const QMutexLocker lock(&shared->mutex);
            if (TextureStream* owner = shared->owner) {
                QMetaObject::invokeMethod(
                    owner, [owner, j, pixels = std::move(pixels)] { owner->deliver(j, pixels); },
                    Qt::QueuedConnection);
            }
        });
    }
}

void TextureStream::deliver(size_t job, const std::vector<TexturePixels>& pixels)
{
    const std::vector<Target>& targets = m_jobs[job].targets;
    for (size_t i = 0; i < targets.size() && i < pixels.size(); ++i) {
        targets[i].first->setSize(pixels[i].size);
        targets[i].first->setTextureData(pixels[i].bytes);
    }
    m_jobs[job].pixels = pixels;
    ++m_ready;
    emit progress(m_ready, total());
}

} // namespace cs::ui
