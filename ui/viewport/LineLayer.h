#pragma once

#include <QColor>
#include <QVector3D>
#include <Qt3DCore/QEntity>
#include <array>
#include <vector>

namespace Qt3DCore {
class QBuffer;
class QAttribute;
} // namespace Qt3DCore
namespace Qt3DRender {
class QGeometryRenderer;
class QMaterial;
class QRenderPass;
} // namespace Qt3DRender

namespace cs::ui {

/// One batch of line segments in one colour. Lines in front of the meshes are drawn at full colour; in X-ray
/// mode a second pass draws the lines behind them faintly.
///
/// Large batches are split into up to 16 chunks by place (a 4 x 4 grid over the two longest sides of their
/// bounds), so that Qt 3D's frustum culling leaves out what is outside the view, and each chunk holds three
/// levels of detail in one buffer (the segments as given, then with chained segments merged twice, see
/// geometry::mergeChainedSegments): updateDetail() draws the coarser ones where the finer ones' segments
/// would be a few pixels long. One draw call a chunk; no buffer is rebuilt when the camera moves.
class LineLayer : public Qt3DCore::QEntity
{
public:
    static constexpr int kLevels = 3;
    static constexpr int kMaxChunks = 16;

    explicit LineLayer(const QColor& color, Qt3DCore::QNode* parent);

    void setSegments(const std::vector<QVector3D>& points);
    void setXray(bool on);
    /// Points of the segments as given (the finest level).
    size_t pointCount() const { return m_count; }
    /// Points drawn with the levels chosen by the last updateDetail() (culling aside).
    size_t drawnPointCount() const;
    /// Bounds of the points (false when there are none).
    bool bounds(QVector3D& lo, QVector3D& hi) const;
    /// Chooses each chunk's level for a camera at `eye` that shows one metre at distance d as
    /// `pixelsPerMetreAtUnitDistance` / d pixels.
    void updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance);

private:
    struct Chunk
    {
        Qt3DCore::QEntity* entity = nullptr;
        Qt3DCore::QBuffer* buffer = nullptr;
        Qt3DCore::QAttribute* position = nullptr;
        Qt3DRender::QGeometryRenderer* renderer = nullptr;
        QVector3D lo, hi;
        std::array<size_t, kLevels> first{}, count{}; ///< each level's range of points in the buffer
        std::array<double, kLevels> detailLength{};   ///< mean length of what the next level merges; 0: none
        int level = -1;
    };
    void makeChunk(Chunk& chunk);
    void fill(Chunk& chunk, const std::vector<QVector3D>& points);
    void showLevel(Chunk& chunk, int level);

    Qt3DRender::QMaterial* m_material = nullptr;
    Qt3DRender::QRenderPass* m_hiddenPass = nullptr; // enabled only in X-ray mode
    std::array<Chunk, kMaxChunks> m_chunks;
    size_t m_used = 0;
    bool m_xray = false;
    size_t m_count = 0;
    QVector3D m_lo, m_hi;
};

} // namespace cs::ui
