#pragma once

#include "viewport/JointColors.h"

#include <QColor>
#include <QMatrix4x4>
#include <QVector3D>
#include <array>
#include <memory>

class QQuick3DObject;

namespace cs::scene {
struct JointLines;
}

namespace cs::ui {

class LineLayer;
class QuickScene;

/// Every joint of the document as lines: one LineLayer per part under one node, so that the joints are
/// shown and hidden as one.
class JointLayer
{
public:
    JointLayer(QuickScene& scene, QQuick3DObject* parent);
    ~JointLayer();
    JointLayer(const JointLayer&) = delete;
    JointLayer& operator=(const JointLayer&) = delete;

    void setLines(const scene::JointLines& lines);
    void setXray(bool on);
    void updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance,
                      const QMatrix4x4& viewProjection);
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    /// Bounds of every part's points (false when there are none).
    bool bounds(QVector3D& lo, QVector3D& hi) const;
    size_t pointCount(JointPart part) const;

private:
    QQuick3DObject* m_node = nullptr;
    std::array<std::unique_ptr<LineLayer>, size_t(JointPart::Count)> m_parts;
    bool m_visible = true;
};

} // namespace cs::ui
