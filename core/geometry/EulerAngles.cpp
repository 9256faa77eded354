#include "geometry/EulerAngles.h"

#include "geometry/Transform.h"

#include <cmath>

namespace cs::geometry {

namespace {

Quatd toQuatd(const QuatArray& q)
{
    return {q[0], q[1], q[2], q[3]};
}

/// -0 and tiny rounding noise shown as 0.
double tidy(double degrees)
{
    return std::fabs(degrees) < 1e-12 ? 0.0 : degrees;
}

} // namespace

QuatArray normalizedQuat(const QuatArray& q)
{
    const Quatd n = normalized(toQuatd(q));
    return {n.x, n.y, n.z, n.w};
}

AnglesArray quatToEulerDegrees(const QuatArray& q)
{
    const Vec3d angles = eulerDegreesFromQuat(normalized(toQuatd(q)));
    return {tidy(angles.x), tidy(angles.y), tidy(angles.z)};
}

QuatArray eulerDegreesToQuat(const AnglesArray& degrees)
{
    const Quatd q = quatFromEulerDegrees({degrees[0], degrees[1], degrees[2]});
    return {q.x, q.y, q.z, q.w};
}

QuatArray withEulerAngle(const QuatArray& q, int axis, double degrees)
{
    AnglesArray angles = quatToEulerDegrees(q);
    if (axis >= 0 && axis < 3)
        angles[static_cast<size_t>(axis)] = degrees;
    return eulerDegreesToQuat(angles);
}

bool sameOrientation(const QuatArray& a, const QuatArray& b, double tolerance)
{
    const QuatArray na = normalizedQuat(a), nb = normalizedQuat(b);
    const double dot = na[0] * nb[0] + na[1] * nb[1] + na[2] * nb[2] + na[3] * nb[3];
    return 1.0 - std::fabs(dot) <= tolerance;
}

} // namespace cs::geometry
