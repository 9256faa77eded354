#pragma once

#include <QVector3D>
#include <Qt>

namespace cs::ui {

/// Takes left-button drags in the viewport before the camera does (the gizmo and shape handles). The viewport
/// only forwards the pick rays (world space); the handler decides and edits.
class GizmoInput
{
public:
    virtual ~GizmoInput() = default;
    /// The button went down: true when the ray grabs a handle (the drag is then the handler's).
    virtual bool dragPressed(const QVector3D& origin, const QVector3D& direction,
                             Qt::KeyboardModifiers modifiers) = 0;
    virtual void dragMoved(const QVector3D& origin, const QVector3D& direction,
                           Qt::KeyboardModifiers modifiers) = 0;
    virtual void dragReleased() = 0;
    /// Esc during a drag.
    virtual void dragCancelled() = 0;
};

} // namespace cs::ui
