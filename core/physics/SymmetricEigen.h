#pragma once

#include "physics/PhysicsModel.h"

#include <array>

namespace cs::physics {

/// A 3x3 matrix, row-major: m[row][column].
using Mat3 = std::array<std::array<double, 3>, 3>;

/// The eigen-decomposition A = R * diag(values) * R^T of a symmetric 3x3 matrix. R is a proper rotation
/// (determinant +1) whose columns are the eigenvectors; values[i] belongs to column i. An already diagonal
/// matrix gives R = identity and its diagonal in the same order, so a legacy tensor that only had a diagonal
/// keeps its axes.
struct SymmetricEigen
{
    Vec3 values{0, 0, 0};
    Mat3 vectors{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    int sweeps = 0; ///< Jacobi sweeps used (for tests of convergence)
};

/// Cyclic Jacobi rotations until the off-diagonal part is below 1e-15 of the matrix norm (at most 50 sweeps).
/// Only the upper triangle of `a` is read, so a slightly asymmetric input is treated as symmetric.
SymmetricEigen symmetricEigen(const Mat3& a);

/// The unit quaternion (x, y, z, w) of a proper rotation matrix.
Quat quaternionFromRotation(const Mat3& r);
/// The rotation matrix of a quaternion (x, y, z, w); the quaternion is normalised first.
Mat3 rotationFromQuaternion(const Quat& q);

} // namespace cs::physics
