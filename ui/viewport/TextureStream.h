#pragma once

#include <QByteArray>
#include <QObject>
#include <QSize>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

class QImage;
class QQuick3DTextureData;
class QQuickWindow;

namespace cs::ui {

/// The bytes of a texture: RGBA8, rows bottom-up (the order decodeForDisplay gives and the texture expects).
struct TexturePixels
{
    QSize size;
    QByteArray bytes;
};

/// The pixels decoded from an image's bytes for one alpha use: what a stream hands to the next one, so that
/// rebuilding the meshes (an edit) does not decode the same images again.
struct DecodedTexture
{
    QByteArray encoded;
    bool alpha = false;
    TexturePixels pixels;
};

/// `image` as texture bytes. For an OPAQUE material (`alpha` false) every alpha is made 255: glTF ignores
/// the alpha of an opaque material's texture, while Qt Quick 3D would write it out and let what is behind
/// the view show through.
TexturePixels texturePixels(const QImage& image, bool alpha);

/// A texture data for a material whose alpha counts (`alpha`) or not, holding one white texel until
/// its image arrives: the material then shows its base colour factor alone.
QQuick3DTextureData* placeholderTextureData(bool alpha);

/// Base colour images decoded off the GUI and render threads. Each image's texture data starts as one
/// white texel (placeholderTextureData), so the first frame shows the materials in their base colours;
/// after that frame each image is decoded and scaled for display (gltf::decodeForDisplay) on a thread pool
/// of the stream's own, so that reading a file or a background job never waits behind it, and its pixels
/// are put into its texture data on the GUI thread when it is ready. An image that cannot be decoded is shown
/// as one grey texel, so that a broken file still opens with its shapes visible. Destroying the stream drops
/// the decodes not yet started and every result still to come.
class TextureStream : public QObject
{
    Q_OBJECT

public:
    /// A texture data to fill, and whether its material's alpha counts.
    using Target = std::pair<QQuick3DTextureData*, bool>;

    explicit TextureStream(QObject* parent = nullptr);
    ~TextureStream() override;
    TextureStream(const TextureStream&) = delete;
    TextureStream& operator=(const TextureStream&) = delete;

    /// Adds an image: `encoded` is decoded once and fills every one of `targets`; when `known` has its
    /// pixels for every target, they are filled at once instead. Before start() only.
    void add(const QByteArray& encoded, std::vector<Target> targets,
             const std::vector<DecodedTexture>& known);
    /// The pixels in the texture data so far, by image bytes and alpha use.
    std::vector<DecodedTexture> decoded() const;
    /// Starts decoding every image added (once; a later call does nothing).
    void start();
    /// Starts decoding after the next frame `window` draws, so that the decoding does not take the cores
    /// from that frame; at once when the window is not on screen.
    void startAfterFrame(QQuickWindow* window);
    /// Images added, and those whose pixels are in their texture data.
    int total() const { return int(m_jobs.size()); }
    int ready() const { return m_ready; }

    /// A test seam: called on the decoding thread before each image is decoded (a test holds decodes back
    /// with it to see the frames drawn meanwhile); empty, the default: nothing is called. Set it while no
    /// stream is decoding.
    static void setDecodeHook(std::function<void()> hook);

signals:
    /// `ready` of `total` images are in their textures; emitted after each one arrives.
    void progress(int ready, int total);

private:
    void deliver(size_t job, const std::vector<TexturePixels>& pixels);

    struct Job
    {
        QByteArray encoded;
        std::vector<Target> targets;
        std::vector<TexturePixels> pixels; ///< per target, once delivered
    };
    struct Shared;
    std::shared_ptr<Shared> m_shared; ///< what the decoding threads see of the stream
    std::vector<Job> m_jobs;
    std::vector<DecodedTexture> m_known; ///< filled at once from a previous stream's pixels
    int m_ready = 0;
    bool m_started = false;
};

} // namespace cs::ui
