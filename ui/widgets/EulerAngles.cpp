#include "widgets/EulerAngles.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::ui {

namespace {
constexpr double kDegrees = 180.0 / std::numbers::pi;
constexpr double kRadians = std::numbers::pi / 180.0;

/// -0 and tiny rounding noise shown as 0.
double tidy(double degrees)
{
    return std::fabs(degrees) < 1e-12 ? 0.0 : degrees;
}
} // namespace

physics::Quat normalizedQuat(const physics::Quat& q)
{
    const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!std::isfinite(length) || length <= 0.0)
        return {0, 0, 0, 1};
    return {q[0] / length, q[1] / length, q[2] / length, q[3] / length};
}

physics::Vec3 quatToEulerDegrees(const physics::Quat& quat)
{
    const physics::Quat q = normalizedQuat(quat);
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double sinPitch = 2.0 * (w * y - z * x);
    if (std::fabs(sinPitch) >= 1.0 - 1e-10) {
        // Gimbal lock: x and z turn about the same axis; the combined turn goes to z. At y = +90 the rotation
        // depends on z - x only, at y = -90 on z + x.
        const double half = sinPitch > 0 ? std::atan2(z - x, w + y) : std::atan2(z + x, w - y);
        double turn = std::remainder(2.0 * half * kDegrees, 360.0);
        if (turn <= -180.0)
            turn += 360.0;
        return {0.0, std::copysign(90.0, sinPitch), tidy(turn)};
    }
    const double roll = std::atan2(2.0 * (w * x + y * z), 1.0 - 2.0 * (x * x + y * y));
    const double pitch = std::asin(std::clamp(sinPitch, -1.0, 1.0));
    const double yaw = std::atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (y * y + z * z));
    return {tidy(roll * kDegrees), tidy(pitch * kDegrees), tidy(yaw * kDegrees)};
}

physics::Quat eulerDegreesToQuat(const physics::Vec3& degrees)
{
    const double hx = degrees[0] * kRadians * 0.5;
    const double hy = degrees[1] * kRadians * 0.5;
    const double hz = degrees[2] * kRadians * 0.5;
    const double cx = std::cos(hx), sx = std::sin(hx);
    const double cy = std::cos(hy), sy = std::sin(hy);
    const double cz = std::cos(hz), sz = std::sin(hz);
    // qz * qy * qx
    return normalizedQuat({
        sx * cy * cz - cx * sy * sz,
        cx * sy * cz + sx * cy * sz,
        cx * cy * sz - sx * sy * cz,
        cx * cy * cz + sx * sy * sz,
    });
}

physics::Quat withEulerAngle(const physics::Quat& q, int axis, double degrees)
{
    physics::Vec3 angles = quatToEulerDegrees(q);
    if (axis >= 0 && axis < 3)
        angles[static_cast<size_t>(axis)] = degrees;
    return eulerDegreesToQuat(angles);
}

bool sameRotation(const physics::Quat& a, const physics::Quat& b, double tolerance)
{
    const physics::Quat na = normalizedQuat(a);
    const physics::Quat nb = normalizedQuat(b);
    const double dot = na[0] * nb[0] + na[1] * nb[1] + na[2] * nb[2] + na[3] * nb[3];
    return 1.0 - std::fabs(dot) <= tolerance;
}

} // namespace cs::ui
