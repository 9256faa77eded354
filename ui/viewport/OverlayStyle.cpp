// The colour and legend name of each overlay layer (declared in OverlayLayer.h).
#include "viewport/Viewport.h"

namespace cs::ui {

QColor overlayColor(OverlayLayer layer)
{
    switch (layer) {
    case OverlayLayer::Static:
        return QColor(120, 170, 255);
    case OverlayLayer::Kinematic:
        return QColor(255, 200, 60);
    case OverlayLayer::Dynamic:
        return QColor(90, 230, 120);
    case OverlayLayer::Trigger:
        return QColor(240, 90, 220);
    case OverlayLayer::Selection:
        return QColor(255, 255, 255);
    case OverlayLayer::CenterOfMass:
        return QColor(255, 80, 60);
    case OverlayLayer::Inertia:
        return QColor(255, 150, 90);
    case OverlayLayer::Velocity:
        return QColor(80, 230, 255);
    // By shape: warm for the primitives engines simulate cheaply, blue for hulls, red for the costly
    // triangle meshes; none is the trigger's magenta or the selection's white.
    case OverlayLayer::ShapeBox:
        return QColor(255, 150, 50);
    case OverlayLayer::ShapeSphere:
        return QColor(240, 225, 70);
    case OverlayLayer::ShapeCapsule:
        return QColor(130, 225, 80);
    case OverlayLayer::ShapeCylinder:
        return QColor(60, 205, 185);
    case OverlayLayer::ShapeHull:
        return QColor(110, 150, 255);
    case OverlayLayer::ShapeMesh:
        return QColor(240, 70, 70);
    case OverlayLayer::ShapePlane:
        return QColor(175, 175, 190);
    case OverlayLayer::Grid:
        return QColor(90, 92, 104);
    case OverlayLayer::AxisX:
        return QColor(220, 70, 70);
    case OverlayLayer::AxisY:
        return QColor(90, 200, 90);
    case OverlayLayer::AxisZ:
        return QColor(80, 120, 230);
    case OverlayLayer::Ground: // earth brown: neither a collider's colour nor the grid's grey
        return QColor(190, 130, 70);
    case OverlayLayer::Count:
        break;
    }
    return Qt::white;
}

const char* overlayName(OverlayLayer layer)
{
    switch (layer) {
    case OverlayLayer::Static:
        return "Static";
    case OverlayLayer::Kinematic:
        return "Kinematic";
    case OverlayLayer::Dynamic:
        return "Dynamic";
    case OverlayLayer::Trigger:
        return "Trigger";
    case OverlayLayer::Selection:
        return "Selection";
    case OverlayLayer::CenterOfMass:
        return "Centre of mass";
    case OverlayLayer::Inertia:
        return "Inertia box";
    case OverlayLayer::Velocity:
        return "Initial velocity";
    case OverlayLayer::ShapeBox:
        return "Box";
    case OverlayLayer::ShapeSphere:
        return "Sphere";
    case OverlayLayer::ShapeCapsule:
        return "Capsule";
    case OverlayLayer::ShapeCylinder:
        return "Cylinder";
    case OverlayLayer::ShapeHull:
        return "Convex hull";
    case OverlayLayer::ShapeMesh:
        return "Triangle mesh";
    case OverlayLayer::ShapePlane:
        return "Plane";
    case OverlayLayer::Grid:
        return "Grid";
    case OverlayLayer::AxisX:
        return "X axis";
    case OverlayLayer::AxisY:
        return "Y axis";
    case OverlayLayer::AxisZ:
        return "Z axis";
    case OverlayLayer::Ground:
        return "Ground (preview only)";
    case OverlayLayer::Count:
        break;
    }
    return "";
}

} // namespace cs::ui
