#pragma once

#include <QMatrix4x4>
#include <QRect>
#include <QSize>
#include <QVector3D>
#include <utility>
#include <vector>

namespace cs::ui {

/// Axis-aligned boxes in world space, as their (lowest, highest) corners.
using WorldBoxes = std::vector<std::pair<QVector3D, QVector3D>>;

/// Where `boxes` are on a screen of `size` pixels seen through `viewProjection`: the bounds of their corners
/// in pixels (y down), clipped to the screen; empty when there are no boxes.
QRect screenBounds(const WorldBoxes& boxes, const QMatrix4x4& viewProjection, const QSize& size);

} // namespace cs::ui
