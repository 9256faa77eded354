#pragma once

#include <QMatrix4x4>
#include <QSize>
#include <QVector3D>

namespace cs::ui {

/// The viewport camera as plain maths (no renderer), so that orbiting, framing and picking rays are testable:
/// a target point, a yaw and pitch about it (radians, Y up), a distance, and a vertical field of view.
class OrbitCamera
{
public:
    enum class View
    {
        Front,
        Back,
        Left,
        Right,
        Top,
        Bottom,
        Iso
    };

    QVector3D target() const { return m_target; }
    float distance() const { return m_distance; }
    float yaw() const { return m_yaw; }
    float pitch() const { return m_pitch; }
    float verticalFovDegrees() const { return m_fov; }

    QVector3D position() const;
    QVector3D forward() const; ///< unit vector from the eye towards the target
    QVector3D right() const;
    QVector3D up() const;

    /// Rotates about the target; pitch is clamped short of the poles so that "up" stays defined.
    void orbit(float deltaYaw, float deltaPitch);
    /// Moves eye and target together by fractions of the view height at the target's distance.
    void pan(float dxFraction, float dyFraction);
    /// Multiplies the distance (factor < 1 moves closer).
    void zoom(float factor);
    void setView(View view);
    /// Puts the whole box in view, as close as it fits, keeping the direction; aspect = width / height.
    void frame(const QVector3D& boxMin, const QVector3D& boxMax, float aspect = 4.0f / 3.0f);

    float nearPlane() const;
    float farPlane() const;
    QMatrix4x4 viewMatrix() const;
    QMatrix4x4 projectionMatrix(float aspect) const;

    /// The world-space ray through a pixel of a viewport of the given size (pixel (0,0) is top left).
    void rayThrough(float x, float y, const QSize& viewport, QVector3D& origin, QVector3D& direction) const;

private:
    QVector3D m_target{0, 0, 0};
    float m_distance = 10.0f;
    float m_yaw = 0.7853982f;    // looking from +X+Z towards the origin
    float m_pitch = -0.5235988f; // from above
    float m_fov = 45.0f;
    float m_sceneRadius = 5.0f;
};

} // namespace cs::ui
