#pragma once

// Quaternion <-> Euler angle conversion for editing orientations as three angles.
//
// The angles (x, y, z), in degrees, are rotations about the fixed X, then Y, then Z axes of the parent space:
// q = qz * qy * qx (the same rotation as intrinsic Z, Y', X''). x and z lie in (-180, 180], y in [-90, 90].
// Quaternions are x, y, z, w as glTF writes them.

#include "physics/PhysicsModel.h"

namespace cs::ui {

/// `q` scaled to length 1; the identity when `q` has zero length or a non-finite component.
physics::Quat normalizedQuat(const physics::Quat& q);

/// The Euler angles (degrees) of the rotation `q` stands for (`q` need not be normalized). At y = +-90
/// (gimbal lock) the whole rotation about the vertical is reported in z and x is 0.
physics::Vec3 quatToEulerDegrees(const physics::Quat& q);

/// The normalized quaternion of the Euler angles (degrees).
physics::Quat eulerDegreesToQuat(const physics::Vec3& degrees);

/// `q` with one Euler angle (0 x, 1 y, 2 z) set to `degrees`, the other two kept as quatToEulerDegrees gives
/// them.
physics::Quat withEulerAngle(const physics::Quat& q, int axis, double degrees);

/// True when `a` and `b` stand for the same rotation within `tolerance` (q and -q are the same rotation).
bool sameRotation(const physics::Quat& a, const physics::Quat& b, double tolerance = 1e-9);

} // namespace cs::ui
