#pragma once

#include "viewport/JointColors.h"

#include <QColor>
#include <QVector3D>
#include <Qt3DCore/QEntity>
#include <array>

namespace cs::scene {
struct JointLines;
}

namespace cs::ui {

class LineLayer;

/// Every joint of the document as lines: one LineLayer per part under one entity, so that the joints are
/// shown and hidden as one.
class JointLayer : public Qt3DCore::QEntity
{
public:
    explicit JointLayer(Qt3DCore::QNode* parent);

    void setLines(const scene::JointLines& lines);
    void setXray(bool on);
    void updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance);
    /// Bounds of every part's points (false when there are none).
    bool bounds(QVector3D& lo, QVector3D& hi) const;
    size_t pointCount(JointPart part) const;

private:
    std::array<LineLayer*, size_t(JointPart::Count)> m_parts{};
};

} // namespace cs::ui
