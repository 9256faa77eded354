#pragma once

#include <QMatrix4x4>
#include <QQuaternion>
#include <QVector3D>
#include <array>
#include <cmath>

namespace cs::geometry {

/// A double-precision 3D vector. QVector3D is float; hulls and mass integrals accumulate in double so that
/// models far from the origin or with a million points keep their accuracy.
struct Vec3d
{
    double x = 0, y = 0, z = 0;

    constexpr Vec3d() = default;
    constexpr Vec3d(double xx, double yy, double zz) : x(xx), y(yy), z(zz) {}
    explicit Vec3d(const QVector3D& v) : x(v.x()), y(v.y()), z(v.z()) {}

    QVector3D toQt() const { return QVector3D(float(x), float(y), float(z)); }

    constexpr double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
    double& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }

    constexpr Vec3d operator+(const Vec3d& o) const { return {x + o.x, y + o.y, z + o.z}; }
    constexpr Vec3d operator-(const Vec3d& o) const { return {x - o.x, y - o.y, z - o.z}; }
    constexpr Vec3d operator-() const { return {-x, -y, -z}; }
    constexpr Vec3d operator*(double s) const { return {x * s, y * s, z * s}; }
    constexpr Vec3d operator/(double s) const { return {x / s, y / s, z / s}; }
    Vec3d& operator+=(const Vec3d& o) { return *this = *this + o; }
    Vec3d& operator-=(const Vec3d& o) { return *this = *this - o; }
    Vec3d& operator*=(double s) { return *this = *this * s; }
    constexpr bool operator==(const Vec3d&) const = default;
};

inline constexpr Vec3d operator*(double s, const Vec3d& v)
{
    return v * s;
}
inline constexpr double dot(const Vec3d& a, const Vec3d& b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline constexpr Vec3d cross(const Vec3d& a, const Vec3d& b)
{
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length(const Vec3d& v)
{
    return std::sqrt(dot(v, v));
}
inline constexpr double lengthSquared(const Vec3d& v)
{
    return dot(v, v);
}
/// The unit vector along v, or zero for a zero vector.
inline Vec3d normalized(const Vec3d& v)
{
    const double l = length(v);
    return l > 0 ? v / l : Vec3d{};
}
/// fmin and fmax as the compiler can inline them (a NaN gives way to the other value, as with std::fmin):
/// the library calls were a fifth of the time of building a bounding volume hierarchy.
inline double minOrOther(double a, double b)
{
    return (b < a || std::isnan(a)) ? b : a;
}
inline double maxOrOther(double a, double b)
{
    return (b > a || std::isnan(a)) ? b : a;
}
inline Vec3d minOf(const Vec3d& a, const Vec3d& b)
{
    return {minOrOther(a.x, b.x), minOrOther(a.y, b.y), minOrOther(a.z, b.z)};
}
inline Vec3d maxOf(const Vec3d& a, const Vec3d& b)
{
    return {maxOrOther(a.x, b.x), maxOrOther(a.y, b.y), maxOrOther(a.z, b.z)};
}
inline bool isFinite(const Vec3d& v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// A 3x3 matrix, row-major: m[row][column]. Used for inertia tensors and rotations.
struct Mat3d
{
    std::array<std::array<double, 3>, 3> m{{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}};

    static Mat3d identity() { return diagonal({1, 1, 1}); }
    static Mat3d diagonal(const Vec3d& d)
    {
        Mat3d r;
        r.m[0][0] = d.x;
        r.m[1][1] = d.y;
        r.m[2][2] = d.z;
        return r;
    }
    /// The rotation part of a quaternion (normalised first).
    static Mat3d fromQuaternion(const QQuaternion& q);
    /// The upper-left 3x3 of a 4x4 transform.
    static Mat3d fromMatrix(const QMatrix4x4& t);

    std::array<double, 3>& operator[](int r) { return m[r]; }
    const std::array<double, 3>& operator[](int r) const { return m[r]; }

    Vec3d column(int c) const { return {m[0][c], m[1][c], m[2][c]}; }
    Mat3d transposed() const;
    Mat3d operator*(const Mat3d& o) const;
    Vec3d operator*(const Vec3d& v) const;
    Mat3d operator+(const Mat3d& o) const;
    Mat3d operator*(double s) const;
    double determinant() const;
};

/// The quaternion of a proper rotation matrix.
QQuaternion quaternionFromRotation(const Mat3d& r);

/// A point through a 4x4 transform, in double.
Vec3d transformPoint(const QMatrix4x4& t, const Vec3d& p);

} // namespace cs::geometry
