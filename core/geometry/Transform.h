#pragma once

// Node transforms in double precision: translation/rotation/scale (TRS) and glTF's column-major 4x4 matrix,
// the decomposition of a matrix into TRS (with a measure of what TRS cannot hold: shear, projection), and
// Euler angles for editing rotations. Units: metres and degrees for Euler angles (radians elsewhere). glTF
// conventions: right-handed, Y up, quaternions written x, y, z, w, node matrix M = T * R * S.

#include "geometry/Vec3d.h"

#include <array>

namespace cs::geometry {

/// A quaternion x, y, z, w (glTF order). Rotations use unit quaternions.
struct Quatd
{
    double x = 0, y = 0, z = 0, w = 1;

    constexpr bool operator==(const Quatd&) const = default;
};

Quatd operator*(const Quatd& a, const Quatd& b);
Quatd conjugate(const Quatd& q);
/// q / |q|, or identity for a zero quaternion.
Quatd normalized(const Quatd& q);
/// The rotation of `radians` about `axis` (normalised here; zero axis: identity), right-handed.
Quatd quatFromAxisAngle(const Vec3d& axis, double radians);
/// v rotated by q (q is normalised first).
Vec3d rotate(const Quatd& q, const Vec3d& v);
/// The rotation matrix of q (normalised first).
Mat3d rotationMatrix(const Quatd& q);
/// The quaternion of a proper rotation matrix (w >= 0).
Quatd quatFromRotationMatrix(const Mat3d& r);
/// True when a and b are the same rotation (q and -q are), within `tol` per component.
bool sameRotation(const Quatd& a, const Quatd& b, double tol = 1e-9);

/// Euler angles in degrees, convention "XYZ" (as Blender's default): the rotation about X by x is applied
/// first, then about the fixed Y axis by y, then about the fixed Z axis by z; R = Rz(z) * Ry(y) * Rx(x).
Quatd quatFromEulerDegrees(const Vec3d& degrees);
/// The angles of quatFromEulerDegrees that give q: x and z in (-180, 180], y in [-90, 90]. At y = +-90
/// (gimbal lock) x is 0 and z carries the whole remaining rotation.
Vec3d eulerDegreesFromQuat(const Quatd& q);

/// A 4x4 matrix stored column-major as glTF's `matrix`: element (row, column) is m[column * 4 + row].
struct Mat4d
{
    std::array<double, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    double operator()(int row, int column) const { return m[size_t(column) * 4 + size_t(row)]; }
    double& operator()(int row, int column) { return m[size_t(column) * 4 + size_t(row)]; }
    Mat4d operator*(const Mat4d& o) const;
    bool operator==(const Mat4d&) const = default;
};

/// The point p through the affine part of t (the bottom row is taken as 0 0 0 1).
Vec3d transformPoint(const Mat4d& t, const Vec3d& p);
/// The direction v through the linear part of t (no translation).
Vec3d transformVector(const Mat4d& t, const Vec3d& v);
/// The inverse of an affine matrix; false (and identity) when its linear part is singular.
bool affineInverse(const Mat4d& t, Mat4d& inverse);

/// A node transform as glTF's three properties.
struct Trs
{
    Vec3d translation{0, 0, 0};
    Quatd rotation{0, 0, 0, 1};
    Vec3d scale{1, 1, 1};

    bool operator==(const Trs&) const = default;
};

/// T * R * S.
Mat4d toMatrix(const Trs& trs);
/// A vector given in a node's own space (before its scale and rotation), as a displacement in its parent's
/// space: R * (S * v). What moves a node so that a point of its own shape moves by v.
Vec3d localToParent(const Trs& trs, const Vec3d& v);

/// A matrix taken apart into TRS, and how far the TRS is from the matrix.
struct MatrixDecomposition
{
    Trs trs;
    /// The largest |cos| of the angle between two of the matrix's (non-zero) basis columns: 0 when they are
    /// orthogonal, so no shear.
    double shear = 0;
    /// The bottom row is not 0 0 0 1 (a projective matrix; glTF forbids it for nodes).
    bool projective = false;
    /// The largest absolute difference between toMatrix(trs) and the matrix.
    double residual = 0;

    /// True when TRS holds the matrix (residual within `tol`, relative to the matrix's largest element
    /// when that is above 1).
    bool exact(double tol = 1e-9) const { return !projective && residual <= tol * m_scaleOfMatrix; }

    double m_scaleOfMatrix = 1; ///< max(1, largest |element|), set by decompose()
};

/// Translation from the last column; scale the lengths of the basis columns (a negative determinant negates
/// scale x); rotation from the columns divided by their scales, made orthonormal (a zero column is replaced
/// by the cross product of the others) in the order x, y, z (Gram-Schmidt). A sheared matrix keeps the
/// direction of its x column and reports the shear; nothing is dropped silently.
MatrixDecomposition decompose(const Mat4d& matrix);

} // namespace cs::geometry
