#include "viewport/ViewportInput.h"

#include "viewport/GizmoInput.h"
#include "viewport/Viewport.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QWindow>
#include <algorithm>
#include <cmath>

namespace cs::ui {

ViewportInput::ViewportInput(Viewport& view, QWindow& window, std::function<void()> cameraMoved)
    : QObject(&view), m_view(view), m_window(window), m_cameraMoved(std::move(cameraMoved))
{
    window.installEventFilter(this);
}

void ViewportInput::setGizmoInput(GizmoInput* input)
{
    m_gizmoInput = input;
    m_gizmoDrag = false;
}

void ViewportInput::rayAt(const QPointF& position, QVector3D& origin, QVector3D& direction) const
{
    m_view.camera().rayThrough(float(position.x()), float(position.y()), m_window.size(), origin, direction);
}

bool ViewportInput::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != &m_window)
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::Resize:
        m_cameraMoved();
        break;
    case QEvent::MouseButtonPress:
        return mousePressed(static_cast<const QMouseEvent&>(*event));
    case QEvent::MouseMove:
        return mouseMoved(static_cast<const QMouseEvent&>(*event));
    case QEvent::MouseButtonRelease:
        return mouseReleased(static_cast<const QMouseEvent&>(*event));
    case QEvent::Wheel: {
        const auto& e = static_cast<const QWheelEvent&>(*event);
        m_view.camera().zoom(std::pow(0.9f, e.angleDelta().y() / 120.0f));
        m_cameraMoved();
        return true;
    }
    case QEvent::KeyPress:
        if (keyPressed(static_cast<const QKeyEvent&>(*event)))
            return true;
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

bool ViewportInput::mousePressed(const QMouseEvent& e)
{
    m_pressPos = m_lastPos = e.position().toPoint();
    m_dragButton = e.button();
    m_dragging = false;
    if (m_gizmoInput && e.button() == Qt::LeftButton) {
        QVector3D origin, direction;
        rayAt(e.position(), origin, direction);
        m_gizmoDrag = m_gizmoInput->dragPressed(origin, direction, e.modifiers());
    }
    return true;
}

bool ViewportInput::mouseMoved(const QMouseEvent& e)
{
    const QPoint pos = e.position().toPoint();
    const QPoint delta = pos - m_lastPos;
    m_lastPos = pos;
    if (m_dragButton == Qt::NoButton)
        return false;
    if (m_gizmoDrag) {
        QVector3D origin, direction;
        rayAt(e.position(), origin, direction);
        m_gizmoInput->dragMoved(origin, direction, e.modifiers());
        return true;
    }
    if ((pos - m_pressPos).manhattanLength() > 3)
        m_dragging = true;
    if (!m_dragging)
        return true;
    const float h = std::max(1, m_window.height());
    // Blender and Godot: the middle button orbits and Shift+middle pans. Any button does the same here, so
    // that mice and trackpads without a middle button work; a left click that does not drag selects.
    OrbitCamera& camera = m_view.camera();
    if (e.modifiers() & Qt::ShiftModifier)
        camera.pan(delta.x() / h, delta.y() / h);
    else if (e.modifiers() & Qt::ControlModifier)
        camera.zoom(std::pow(1.01f, float(delta.y())));
    else
        camera.orbit(-delta.x() * 0.008f, -delta.y() * 0.008f);
    m_cameraMoved();
    return true;
}

bool ViewportInput::mouseReleased(const QMouseEvent& e)
{
    if (m_gizmoDrag) {
        m_gizmoDrag = false;
        m_dragButton = Qt::NoButton;
        m_gizmoInput->dragReleased();
        return true;
    }
    if (!m_dragging && e.button() == Qt::LeftButton) {
        QVector3D origin, direction;
        rayAt(e.position(), origin, direction);
        emit clicked(origin, direction, e.modifiers());
    }
    m_dragButton = Qt::NoButton;
    m_dragging = false;
    return true;
}

bool ViewportInput::keyPressed(const QKeyEvent& e)
{
    const bool keypad = e.modifiers() & Qt::KeypadModifier;
    const bool ctrl = e.modifiers() & Qt::ControlModifier;
    switch (e.key()) {
    case Qt::Key_Escape:
        if (!m_gizmoDrag)
            return false;
        m_gizmoDrag = false;
        m_dragButton = Qt::NoButton;
        m_gizmoInput->dragCancelled();
        return true;
    case Qt::Key_F:
        emit frameSelectionRequested();
        return true;
    case Qt::Key_Home:
        m_view.frameAll();
        return true;
    case Qt::Key_1:
        if (keypad)
            m_view.setView(ctrl ? OrbitCamera::View::Back : OrbitCamera::View::Front);
        return keypad;
    case Qt::Key_3:
        if (keypad)
            m_view.setView(ctrl ? OrbitCamera::View::Left : OrbitCamera::View::Right);
        return keypad;
    case Qt::Key_7:
        if (keypad)
            m_view.setView(ctrl ? OrbitCamera::View::Bottom : OrbitCamera::View::Top);
        return keypad;
    default:
        return cameraKey(e.key());
    }
}

bool ViewportInput::cameraKey(int key)
{
    OrbitCamera& camera = m_view.camera();
    switch (key) {
    case Qt::Key_Left:
        camera.orbit(0.1f, 0);
        break;
    case Qt::Key_Right:
        camera.orbit(-0.1f, 0);
        break;
    case Qt::Key_Up:
        camera.orbit(0, 0.1f);
        break;
    case Qt::Key_Down:
        camera.orbit(0, -0.1f);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        camera.zoom(0.85f);
        break;
    case Qt::Key_Minus:
        camera.zoom(1.0f / 0.85f);
        break;
    default:
        return false;
    }
    m_cameraMoved();
    return true;
}

} // namespace cs::ui
