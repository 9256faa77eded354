#include "geometry/Transform.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::geometry {

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

double norm(const Quatd& q)
{
    return std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
}

} // namespace

Quatd operator*(const Quatd& a, const Quatd& b)
{
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Quatd conjugate(const Quatd& q)
{
    return {-q.x, -q.y, -q.z, q.w};
}

Quatd normalized(const Quatd& q)
{
    const double n = norm(q);
    if (!(n > 0) || !std::isfinite(n))
        return {};
    return {q.x / n, q.y / n, q.z / n, q.w / n};
}

Quatd quatFromAxisAngle(const Vec3d& axis, double radians)
{
    const Vec3d a = normalized(axis);
    if (a == Vec3d{})
        return {};
    const double s = std::sin(radians / 2);
    return {a.x * s, a.y * s, a.z * s, std::cos(radians / 2)};
}

Vec3d rotate(const Quatd& q, const Vec3d& v)
{
    const Quatd u = normalized(q);
    const Vec3d axis{u.x, u.y, u.z};
    // v + 2w (a x v) + 2 a x (a x v), the expanded form of q v q*.
    const Vec3d t = cross(axis, v) * 2.0;
    return v + t * u.w + cross(axis, t);
}

Mat3d rotationMatrix(const Quatd& q)
{
    const Quatd u = normalized(q);
    const double x = u.x, y = u.y, z = u.z, w = u.w;
    Mat3d r;
    r.m = {{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
    return r;
}

Quatd quatFromRotationMatrix(const Mat3d& r)
{
    const auto& m = r.m;
    const double trace = m[0][0] + m[1][1] + m[2][2];
    Quatd q;
    // Divide by the largest of 4w^2, 4x^2, 4y^2, 4z^2: the others lose accuracy near half turns.
    if (trace >= m[0][0] && trace >= m[1][1] && trace >= m[2][2]) {
        const double s = std::sqrt(1.0 + trace) * 2;
        q = {(m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, s / 4};
    } else if (m[0][0] >= m[1][1] && m[0][0] >= m[2][2]) {
        const double s = std::sqrt(1.0 + m[0][0] - m[1][1] - m[2][2]) * 2;
        q = {s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s};
    } else if (m[1][1] >= m[2][2]) {
        const double s = std::sqrt(1.0 + m[1][1] - m[0][0] - m[2][2]) * 2;
        q = {(m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s};
    } else {
        const double s = std::sqrt(1.0 + m[2][2] - m[0][0] - m[1][1]) * 2;
        q = {(m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4, (m[1][0] - m[0][1]) / s};
    }
    if (q.w < 0)
        q = {-q.x, -q.y, -q.z, -q.w};
    return normalized(q);
}

bool sameRotation(const Quatd& a, const Quatd& b, double tol)
{
    const Quatd p = normalized(a), q = normalized(b);
    auto close = [&](double sign) {
        return std::fabs(p.x - sign * q.x) <= tol && std::fabs(p.y - sign * q.y) <= tol &&
               std::fabs(p.z - sign * q.z) <= tol && std::fabs(p.w - sign * q.w) <= tol;
    };
    return close(1) || close(-1);
}

Quatd quatFromEulerDegrees(const Vec3d& degrees)
{
    const Quatd qx = quatFromAxisAngle({1, 0, 0}, degrees.x * kDegree);
    const Quatd qy = quatFromAxisAngle({0, 1, 0}, degrees.y * kDegree);
    const Quatd qz = quatFromAxisAngle({0, 0, 1}, degrees.z * kDegree);
    return normalized(qz * qy * qx);
}

Vec3d eulerDegreesFromQuat(const Quatd& q)
{
    // R = Rz Ry Rx has R20 = -sin y, R21 = sin x cos y, R22 = cos x cos y, R10 = cos y sin z, R00 = cos y cos
    // z.
    const Mat3d r = rotationMatrix(q);
    const double sy = std::clamp(-r.m[2][0], -1.0, 1.0);
    double x = 0, y = std::asin(sy), z = 0;
    if (std::fabs(sy) < 1 - 1e-12) {
        x = std::atan2(r.m[2][1], r.m[2][2]);
        z = std::atan2(r.m[1][0], r.m[0][0]);
    } else {
        // cos y = 0: only x - z (or x + z) is defined; with x = 0, R01 = -sin z and R11 = cos z.
        z = std::atan2(-r.m[0][1], r.m[1][1]);
    }
    auto deg = [](double radians) {
        const double d = radians / kDegree;
        return d <= -180.0 ? d + 360.0 : d; // (-180, 180]
    };
    return {deg(x), y / kDegree, deg(z)};
}

Mat4d Mat4d::operator*(const Mat4d& o) const
{
    Mat4d r;
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 4; ++col) {
            double sum = 0;
            for (int k = 0; k < 4; ++k)
                sum += (*this)(row, k) * o(k, col);
            r(row, col) = sum;
        }
    }
    return r;
}

Vec3d transformPoint(const Mat4d& t, const Vec3d& p)
{
    return transformVector(t, p) + Vec3d{t(0, 3), t(1, 3), t(2, 3)};
}

Vec3d transformVector(const Mat4d& t, const Vec3d& v)
{
    return {t(0, 0) * v.x + t(0, 1) * v.y + t(0, 2) * v.z, t(1, 0) * v.x + t(1, 1) * v.y + t(1, 2) * v.z,
            t(2, 0) * v.x + t(2, 1) * v.y + t(2, 2) * v.z};
}

bool affineInverse(const Mat4d& t, Mat4d& inverse)
{
    inverse = Mat4d{};
    Mat3d a;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c)
            a.m[r][c] = t(r, c);
    }
    const double det = a.determinant();
    if (!(std::fabs(det) > 1e-300) || !std::isfinite(det))
        return false;
    // The inverse of the 3x3 part is its adjugate over the determinant; the translation goes back through it.
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            const int r1 = (c + 1) % 3, r2 = (c + 2) % 3, c1 = (r + 1) % 3, c2 = (r + 2) % 3;
            inverse(r, c) = (a.m[r1][c1] * a.m[r2][c2] - a.m[r1][c2] * a.m[r2][c1]) / det;
        }
    }
    const Vec3d back = transformVector(inverse, Vec3d{t(0, 3), t(1, 3), t(2, 3)});
    inverse(0, 3) = -back.x;
    inverse(1, 3) = -back.y;
    inverse(2, 3) = -back.z;
    return true;
}

Mat4d toMatrix(const Trs& trs)
{
    const Mat3d r = rotationMatrix(trs.rotation);
    Mat4d m;
    for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col)
            m(row, col) = r.m[row][col] * trs.scale[col];
    }
    m(0, 3) = trs.translation.x;
    m(1, 3) = trs.translation.y;
    m(2, 3) = trs.translation.z;
    return m;
}

Vec3d localToParent(const Trs& trs, const Vec3d& v)
{
    return rotate(trs.rotation, {v.x * trs.scale.x, v.y * trs.scale.y, v.z * trs.scale.z});
}

MatrixDecomposition decompose(const Mat4d& matrix)
{
    MatrixDecomposition out;
    for (double e : matrix.m)
        out.m_scaleOfMatrix = std::max(out.m_scaleOfMatrix, std::fabs(e));
    out.projective = matrix(3, 0) != 0 || matrix(3, 1) != 0 || matrix(3, 2) != 0 || matrix(3, 3) != 1;
    out.trs.translation = {matrix(0, 3), matrix(1, 3), matrix(2, 3)};

    std::array<Vec3d, 3> u;
    for (int c = 0; c < 3; ++c) {
        u[c] = {matrix(0, c), matrix(1, c), matrix(2, c)};
        out.trs.scale[c] = length(u[c]);
    }
    if (dot(u[0], cross(u[1], u[2])) < 0)
        out.trs.scale.x = -out.trs.scale.x;
    for (int c = 0; c < 3; ++c) {
        if (out.trs.scale[c] != 0)
            u[c] = u[c] / out.trs.scale[c];
    }
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 3; ++j) {
            if (out.trs.scale[i] != 0 && out.trs.scale[j] != 0)
                out.shear = std::max(out.shear, std::fabs(dot(u[i], u[j])));
        }
    }

    // An orthonormal right-handed basis keeping x's direction, then y's, filling zero columns.
    const std::array<Vec3d, 3> unit{Vec3d{1, 0, 0}, Vec3d{0, 1, 0}, Vec3d{0, 0, 1}};
    auto firstNonZero = [&](std::initializer_list<int> order) {
        for (int c : order) {
            if (out.trs.scale[c] != 0)
                return c;
        }
        return -1;
    };
    std::array<Vec3d, 3> basis;
    const int a = firstNonZero({0, 1, 2});
    if (a < 0)
        basis = unit;
    else {
        int b =
            firstNonZero(a == 0 ? std::initializer_list<int>{1, 2}
                                : (a == 1 ? std::initializer_list<int>{2} : std::initializer_list<int>{}));
        Vec3d ua = normalized(u[a]);
        Vec3d ub;
        if (b >= 0)
            ub = normalized(u[b] - ua * dot(u[b], ua));
        if (b < 0 || length(ub) < 0.5) {
            // Any direction perpendicular to ua: the unit axis least aligned with it.
            int best = 0;
            for (int k = 1; k < 3; ++k) {
                if (std::fabs(dot(unit[k], ua)) < std::fabs(dot(unit[best], ua)))
                    best = k;
            }
            ub = normalized(unit[best] - ua * dot(unit[best], ua));
            b = -1;
        }
        // Place ua and ub at their columns (ub at the next column after a when b is unknown), then the third
        // column completes a right-handed set.
        const int ib = b >= 0 ? b : (a + 1) % 3;
        const int ic = 3 - a - ib;
        basis[a] = ua;
        basis[ib] = ub;
        const bool cyclic = (ib == (a + 1) % 3);
        basis[ic] = cyclic ? cross(ua, ub) : cross(ub, ua);
    }
    Mat3d r;
    for (int row = 0; row < 3; ++row) {
        for (int c = 0; c < 3; ++c)
            r.m[row][c] = basis[c][row];
    }
    out.trs.rotation = quatFromRotationMatrix(r);

    const Mat4d back = toMatrix(out.trs);
    for (int i = 0; i < 16; ++i)
        out.residual = std::max(out.residual, std::fabs(back.m[size_t(i)] - matrix.m[size_t(i)]));
    return out;
}

} // namespace cs::geometry
