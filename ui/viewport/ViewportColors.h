#pragma once

// The colours of the viewport's own lines: the gizmo's parts and the previews (a hull before it is applied,
// the parts of a decomposition). The overlay layers' colours are overlayColor() (OverlayLayer.h).

#include <QColor>
#include <algorithm>
#include <array>
#include <cstddef>

namespace cs::ui {

/// The gizmo's axis colours: x red, y green, z blue.
inline QColor gizmoAxisColor(int axis)
{
    static const std::array<QColor, 3> colors{QColor(235, 75, 75), QColor(120, 210, 70),
                                              QColor(70, 140, 245)};
    return colors[size_t(std::clamp(axis, 0, 2))];
}
/// The ring about the view direction.
inline QColor gizmoViewColor()
{
    return {225, 225, 225};
}
/// The badge beside the gizmo when a drag cannot be shown as it is (non-uniform scale).
inline QColor gizmoWarningColor()
{
    return {255, 160, 30};
}
/// The colour of the gizmo's part `part`: the X, Y and Z axes, the view ring, the handles (white), the
/// warning badge.
inline QColor gizmoPartColor(int part)
{
    return part < 3    ? gizmoAxisColor(part)
           : part == 3 ? gizmoViewColor()
           : part == 5 ? gizmoWarningColor()
                       : QColor(255, 255, 255);
}

/// A temporary set of lines (a hull shown before it is applied).
inline QColor previewColor()
{
    return {255, 110, 30};
}

constexpr size_t previewPartColorCount()
{
    return 12;
}
/// Distinct colours for preview parts; part i and part i + previewPartColorCount() share a colour.
inline QColor previewPartColor(size_t index)
{
    // Hues spread around the wheel in an order that puts neighbours far apart, saturated and bright enough
    // to read against the dark background and the grey meshes.
    static constexpr std::array<int, previewPartColorCount()> hues{10,  190, 100, 280, 50,  230,
                                                                   140, 320, 75,  165, 250, 350};
    return QColor::fromHsv(hues[index % hues.size()], 200, 245);
}

} // namespace cs::ui
