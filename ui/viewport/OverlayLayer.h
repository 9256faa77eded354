#pragma once

#include <QColor>

namespace cs::ui {

/// The kinds of overlay lines the viewport draws, each in its own colour and each switchable. A layer is one
/// draw call however many shapes it holds, so ten thousand colliders cost a handful of draw calls.
enum class OverlayLayer
{
    Static,
    Kinematic,
    Dynamic,
    Trigger,
    Selection,
    CenterOfMass,
    Inertia,
    Velocity,
    /// Colliders by the kind of their shape (View > Colour Colliders by Shape), in place of the three above
    /// Trigger.
    ShapeBox,
    ShapeSphere,
    ShapeCapsule,
    ShapeCylinder,
    ShapeHull,
    ShapeMesh,
    ShapePlane,
    Grid,
    AxisX,
    AxisY,
    AxisZ,
    /// The preview's ground (Simulate > Ground): not the file's, hatched in a colour of its own.
    Ground,
    Count
};

/// The default colour of a layer (also what the legend shows).
QColor overlayColor(OverlayLayer layer);
const char* overlayName(OverlayLayer layer);

} // namespace cs::ui
