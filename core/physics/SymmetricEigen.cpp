#include "physics/SymmetricEigen.h"

#include <cmath>

namespace cs::physics {

SymmetricEigen symmetricEigen(const Mat3& input)
{
    Mat3 a{};
    for (int r = 0; r < 3; ++r) {
        for (int c = r; c < 3; ++c)
            a[r][c] = a[c][r] = input[r][c];
    }
    SymmetricEigen out;
    Mat3& v = out.vectors;

    double norm = 0;
    for (const auto& row : a) {
        for (double x : row)
            norm += x * x;
    }
    const double tolerance = 1e-30 * (norm > 0 ? norm : 1.0);

    for (int sweep = 0; sweep < 50; ++sweep) {
        const double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
        if (off <= tolerance)
            break;
        out.sweeps = sweep + 1;
        for (int p = 0; p < 2; ++p) {
            for (int q = p + 1; q < 3; ++q) {
                if (a[p][q] == 0.0)
                    continue;
                // The rotation angle that zeroes a[p][q]; the smaller root keeps the rotation small (stable).
                const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
                const double t =
                    (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
                const double c = 1.0 / std::sqrt(t * t + 1.0);
                const double s = t * c;
                for (int k = 0; k < 3; ++k) {
                    const double akp = a[k][p];
                    const double akq = a[k][q];
                    a[k][p] = c * akp - s * akq;
                    a[k][q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; ++k) {
                    const double apk = a[p][k];
                    const double aqk = a[q][k];
                    a[p][k] = c * apk - s * aqk;
                    a[q][k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; ++k) {
                    const double vkp = v[k][p];
                    const double vkq = v[k][q];
                    v[k][p] = c * vkp - s * vkq;
                    v[k][q] = s * vkp + c * vkq;
                }
            }
        }
    }
    out.values = {a[0][0], a[1][1], a[2][2]};

    const double det = v[0][0] * (v[1][1] * v[2][2] - v[1][2] * v[2][1]) -
                       v[0][1] * (v[1][0] * v[2][2] - v[1][2] * v[2][0]) +
                       v[0][2] * (v[1][0] * v[2][1] - v[1][1] * v[2][0]);
    if (det < 0) {
        // Jacobi rotations are proper, so this only guards against round-off; flipping an eigenvector keeps
        // it one.
        for (int k = 0; k < 3; ++k)
            v[k][2] = -v[k][2];
    }
    return out;
}

Quat quaternionFromRotation(const Mat3& m)
{
    // Shepperd's method: pick the largest of w, x, y, z to divide by, for accuracy near 180 degree turns.
    const double trace = m[0][0] + m[1][1] + m[2][2];
    Quat q{};
    if (trace > 0) {
        const double s = std::sqrt(trace + 1.0) * 2.0;
        q = {(m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, 0.25 * s};
    } else if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
        const double s = std::sqrt(1.0 + m[0][0] - m[1][1] - m[2][2]) * 2.0;
        q = {0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s};
    } else if (m[1][1] > m[2][2]) {
        const double s = std::sqrt(1.0 + m[1][1] - m[0][0] - m[2][2]) * 2.0;
        q = {(m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s};
    } else {
        const double s = std::sqrt(1.0 + m[2][2] - m[0][0] - m[1][1]) * 2.0;
        q = {(m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s, (m[1][0] - m[0][1]) / s};
    }
    // One sign for the same rotation, so that equal inputs always give equal output.
    if (q[3] < 0) {
        for (double& x : q)
            x = -x;
    }
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& x : q)
        x /= n;
    return q;
}

Mat3 rotationFromQuaternion(const Quat& in)
{
    double n = std::sqrt(in[0] * in[0] + in[1] * in[1] + in[2] * in[2] + in[3] * in[3]);
    if (n == 0)
        n = 1;
    const double x = in[0] / n, y = in[1] / n, z = in[2] / n, w = in[3] / n;
    return {{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
             {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
             {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
}

} // namespace cs::physics
