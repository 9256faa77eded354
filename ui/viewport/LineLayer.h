#pragma once

#include <QColor>
#include <QVector3D>
#include <Qt3DCore/QEntity>
#include <vector>

namespace Qt3DCore {
class QBuffer;
class QAttribute;
} // namespace Qt3DCore
namespace Qt3DRender {
class QGeometryRenderer;
class QRenderPass;
} // namespace Qt3DRender

namespace cs::ui {

/// One batch of line segments in one colour: a single entity, buffer and draw call. Lines in front of the
/// meshes are drawn at full colour; in X-ray mode a second pass draws the lines behind them faintly.
class LineLayer : public Qt3DCore::QEntity
{
public:
    explicit LineLayer(const QColor& color, Qt3DCore::QNode* parent);

    void setSegments(const std::vector<QVector3D>& points);
    void setXray(bool on);
    size_t pointCount() const { return m_count; }
    /// Bounds of the points (false when there are none).
    bool bounds(QVector3D& lo, QVector3D& hi) const;

private:
    Qt3DCore::QBuffer* m_buffer;
    Qt3DCore::QAttribute* m_position;
    Qt3DRender::QGeometryRenderer* m_renderer;
    Qt3DRender::QRenderPass* m_hiddenPass = nullptr; // enabled only in X-ray mode
    bool m_xray = false;
    size_t m_count = 0;
    QVector3D m_lo, m_hi;
};

} // namespace cs::ui
