#pragma once

#include <QObject>
#include <QPoint>
#include <QVector3D>
#include <functional>

class QKeyEvent;
class QMouseEvent;
class QWindow;

namespace cs::ui {

class GizmoInput;
class Viewport;

/// The viewport's mouse and keyboard: camera navigation (Blender's and Godot's bindings), clicks turned into
/// pick rays, and left-button drags handed to the gizmo when it grabs them. Watches the window Qt Quick draws
/// into; the viewport re-emits its signals.
class ViewportInput : public QObject
{
    Q_OBJECT

public:
    /// `cameraMoved` applies the camera after a change (and on resize).
    ViewportInput(Viewport& view, QWindow& window, std::function<void()> cameraMoved);

    /// Left-button drags that start on a handle go to `input` (null: none); the camera gets the rest.
    void setGizmoInput(GizmoInput* input);

signals:
    /// A click without dragging: the ray through the clicked pixel.
    void clicked(const QVector3D& rayOrigin, const QVector3D& rayDirection, Qt::KeyboardModifiers modifiers);
    /// F was pressed.
    void frameSelectionRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool mousePressed(const QMouseEvent& e);
    bool mouseMoved(const QMouseEvent& e);
    bool mouseReleased(const QMouseEvent& e);
    bool keyPressed(const QKeyEvent& e);
    /// Arrow keys orbit, + and - zoom; false for any other key.
    bool cameraKey(int key);
    /// The ray through the pixel at `position`.
    void rayAt(const QPointF& position, QVector3D& origin, QVector3D& direction) const;

    Viewport& m_view;
    QWindow& m_window;
    std::function<void()> m_cameraMoved;
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_dragging = false;
    Qt::MouseButton m_dragButton = Qt::NoButton;
    GizmoInput* m_gizmoInput = nullptr;
    bool m_gizmoDrag = false; ///< the current drag belongs to m_gizmoInput
};

} // namespace cs::ui
