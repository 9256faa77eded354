#include "geometry/Vec3d.h"

namespace cs::geometry {

Mat3d Mat3d::fromQuaternion(const QQuaternion& quaternion)
{
    const double len = std::sqrt(double(quaternion.lengthSquared()));
    Mat3d r = identity();
    if (!(len > 0))
        return r;
    const double w = quaternion.scalar() / len, x = quaternion.x() / len, y = quaternion.y() / len,
                 z = quaternion.z() / len;
    r.m = {{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
    return r;
}

Mat3d Mat3d::fromMatrix(const QMatrix4x4& t)
{
    Mat3d r;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = t(i, j);
    }
    return r;
}

Mat3d Mat3d::transposed() const
{
    Mat3d r;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = m[j][i];
    }
    return r;
}

Mat3d Mat3d::operator*(const Mat3d& o) const
{
    Mat3d r;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = m[i][0] * o.m[0][j] + m[i][1] * o.m[1][j] + m[i][2] * o.m[2][j];
    }
    return r;
}

Vec3d Mat3d::operator*(const Vec3d& v) const
{
    return {m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z, m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
            m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z};
}

Mat3d Mat3d::operator+(const Mat3d& o) const
{
    Mat3d r;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = m[i][j] + o.m[i][j];
    }
    return r;
}

Mat3d Mat3d::operator*(double s) const
{
    Mat3d r;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = m[i][j] * s;
    }
    return r;
}

double Mat3d::determinant() const
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

QQuaternion quaternionFromRotation(const Mat3d& r)
{
    // Divide by the largest of 4w^2, 4x^2, 4y^2, 4z^2: the other choices lose accuracy near half turns.
    const auto& m = r.m;
    const double trace = m[0][0] + m[1][1] + m[2][2];
    double w, x, y, z;
    if (trace > 0) {
        const double s = 2 * std::sqrt(trace + 1);
        w = s / 4;
        x = (m[2][1] - m[1][2]) / s;
        y = (m[0][2] - m[2][0]) / s;
        z = (m[1][0] - m[0][1]) / s;
    } else if (m[0][0] >= m[1][1] && m[0][0] >= m[2][2]) {
        const double s = 2 * std::sqrt(1 + m[0][0] - m[1][1] - m[2][2]);
        w = (m[2][1] - m[1][2]) / s;
        x = s / 4;
        y = (m[0][1] + m[1][0]) / s;
        z = (m[0][2] + m[2][0]) / s;
    } else if (m[1][1] >= m[2][2]) {
        const double s = 2 * std::sqrt(1 + m[1][1] - m[0][0] - m[2][2]);
        w = (m[0][2] - m[2][0]) / s;
        x = (m[0][1] + m[1][0]) / s;
        y = s / 4;
        z = (m[1][2] + m[2][1]) / s;
    } else {
        const double s = 2 * std::sqrt(1 + m[2][2] - m[0][0] - m[1][1]);
        w = (m[1][0] - m[0][1]) / s;
        x = (m[0][2] + m[2][0]) / s;
        y = (m[1][2] + m[2][1]) / s;
        z = s / 4;
    }
    // One sign convention (w >= 0) so that equal rotations compare equal.
    if (w < 0) {
        w = -w;
        x = -x;
        y = -y;
        z = -z;
    }
    return QQuaternion(float(w), float(x), float(y), float(z)).normalized();
}

Vec3d transformPoint(const QMatrix4x4& t, const Vec3d& p)
{
    return {t(0, 0) * p.x + t(0, 1) * p.y + t(0, 2) * p.z + t(0, 3),
            t(1, 0) * p.x + t(1, 1) * p.y + t(1, 2) * p.z + t(1, 3),
            t(2, 0) * p.x + t(2, 1) * p.y + t(2, 2) * p.z + t(2, 3)};
}

} // namespace cs::geometry
