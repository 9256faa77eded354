#include "viewport/OrbitCamera.h"

#include <algorithm>
#include <cmath>

namespace cs::ui {

namespace {
constexpr float kMaxPitch = 1.5533430f; // 89 degrees
constexpr float kPi = 3.14159265358979f;
} // namespace

QVector3D OrbitCamera::forward() const
{
    // yaw 0 looks along -Z (glTF's front view looks at the +Z face); positive pitch looks up.
    const float cp = std::cos(m_pitch);
    return QVector3D(-std::sin(m_yaw) * cp, std::sin(m_pitch), -std::cos(m_yaw) * cp).normalized();
}

QVector3D OrbitCamera::right() const
{
    return QVector3D::crossProduct(forward(), QVector3D(0, 1, 0)).normalized();
}

QVector3D OrbitCamera::up() const
{
    return QVector3D::crossProduct(right(), forward()).normalized();
}

QVector3D OrbitCamera::position() const
{
    return m_target - forward() * m_distance;
}

void OrbitCamera::orbit(float deltaYaw, float deltaPitch)
{
    m_yaw = std::remainder(m_yaw + deltaYaw, 2 * kPi);
    m_pitch = std::clamp(m_pitch + deltaPitch, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::pan(float dxFraction, float dyFraction)
{
    const float viewHeight = 2.0f * m_distance * std::tan(m_fov * kPi / 360.0f);
    m_target += (-right() * dxFraction + up() * dyFraction) * viewHeight;
}

void OrbitCamera::zoom(float factor)
{
    m_distance = std::clamp(m_distance * factor, m_sceneRadius * 1e-4f, m_sceneRadius * 1e3f);
}

void OrbitCamera::setView(View view)
{
    switch (view) {
    case View::Front:
        m_yaw = 0;
        m_pitch = 0;
        break;
    case View::Back:
        m_yaw = kPi;
        m_pitch = 0;
        break;
    case View::Right:
        m_yaw = kPi / 2;
        m_pitch = 0;
        break;
    case View::Left:
        m_yaw = -kPi / 2;
        m_pitch = 0;
        break;
    case View::Top:
        m_yaw = 0;
        m_pitch = -kMaxPitch;
        break;
    case View::Bottom:
        m_yaw = 0;
        m_pitch = kMaxPitch;
        break;
    case View::Iso:
        m_yaw = kPi / 4;
        m_pitch = -0.6154797f;
        break; // atan(1/sqrt(2)): the cube diagonal
    }
}

void OrbitCamera::frame(const QVector3D& boxMin, const QVector3D& boxMax, float aspect)
{
    m_target = (boxMin + boxMax) * 0.5f;
    m_sceneRadius = std::max(0.5f * (boxMax - boxMin).length(), 1e-3f);
    // The nearest distance at which every corner of the box projects inside the view: for a corner at (x, y)
    // across the view and z along it (relative to the target), |x| <= (d + z) tan(fovX/2), and likewise for
    // y.
    const float tanY = std::tan(m_fov * kPi / 360.0f);
    const float tanX = tanY * std::max(aspect, 0.1f);
    const QVector3D r = right(), u = up(), f = forward();
    float distance = 0.0f;
    for (int i = 0; i < 8; ++i) {
        const QVector3D corner((i & 1) ? boxMax.x() : boxMin.x(), (i & 2) ? boxMax.y() : boxMin.y(),
                               (i & 4) ? boxMax.z() : boxMin.z());
        const QVector3D p = corner - m_target;
        const float z = QVector3D::dotProduct(p, f);
        distance = std::max({distance, std::abs(QVector3D::dotProduct(p, r)) / tanX - z,
                             std::abs(QVector3D::dotProduct(p, u)) / tanY - z});
    }
    m_distance = std::max(1.08f * distance, m_sceneRadius * 0.05f);
}

float OrbitCamera::nearPlane() const
{
    return std::max(m_distance - 4.0f * m_sceneRadius, m_distance * 1e-3f);
}

float OrbitCamera::farPlane() const
{
    return m_distance + 4.0f * m_sceneRadius + 100.0f * m_sceneRadius;
}

QMatrix4x4 OrbitCamera::viewMatrix() const
{
    QMatrix4x4 m;
    m.lookAt(position(), m_target, up());
    return m;
}

QMatrix4x4 OrbitCamera::projectionMatrix(float aspect) const
{
    QMatrix4x4 m;
    m.perspective(m_fov, aspect, nearPlane(), farPlane());
    return m;
}

void OrbitCamera::rayThrough(float x, float y, const QSize& viewport, QVector3D& origin,
                             QVector3D& direction) const
{
    const float w = std::max(1, viewport.width());
    const float h = std::max(1, viewport.height());
    const float ndcX = 2.0f * x / w - 1.0f;
    const float ndcY = 1.0f - 2.0f * y / h;
    const float tanHalf = std::tan(m_fov * kPi / 360.0f);
    origin = position();
    direction = (forward() + right() * (ndcX * tanHalf * w / h) + up() * (ndcY * tanHalf)).normalized();
}

} // namespace cs::ui
