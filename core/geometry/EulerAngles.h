#pragma once

// Orientations as glTF stores them (quaternion arrays x, y, z, w) edited as three Euler angles: the one
// quaternion/Euler module. The maths is Transform.h's (quatFromEulerDegrees, eulerDegreesFromQuat, convention
// "XYZ" about fixed axes, q = qz * qy * qx, degrees); these functions take and give the arrays the physics
// model and the property fields hold. x and z lie in (-180, 180], y in [-90, 90]; at y = +-90 (gimbal lock)
// the whole turn about the vertical is reported in z and x is 0.

#include <array>

namespace cs::geometry {

using QuatArray = std::array<double, 4>;   ///< x, y, z, w
using AnglesArray = std::array<double, 3>; ///< degrees about x, y, z

/// `q` scaled to length 1; the identity when `q` has zero length or a non-finite component.
QuatArray normalizedQuat(const QuatArray& q);

/// The Euler angles (degrees) of the rotation `q` stands for (`q` need not be normalized); -0 and rounding
/// noise below 1e-12 degrees are shown as 0.
AnglesArray quatToEulerDegrees(const QuatArray& q);

/// The normalized quaternion of the Euler angles (degrees).
QuatArray eulerDegreesToQuat(const AnglesArray& degrees);

/// `q` with one Euler angle (0 x, 1 y, 2 z) set to `degrees`, the other two kept as quatToEulerDegrees gives
/// them.
QuatArray withEulerAngle(const QuatArray& q, int axis, double degrees);

/// True when `a` and `b` stand for the same rotation: 1 - |a . b| (both normalized) within `tolerance`
/// (q and -q are the same rotation).
bool sameOrientation(const QuatArray& a, const QuatArray& b, double tolerance = 1e-9);

} // namespace cs::geometry
