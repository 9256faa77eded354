#include "geometry/ScaleRule.h"

#include <algorithm>
#include <cmath>

namespace cs::geometry {

bool nonUniformScale(const Vec3d& scale, double tolerance)
{
    const double x = std::fabs(scale.x), y = std::fabs(scale.y), z = std::fabs(scale.z);
    const double hi = std::max({x, y, z}), lo = std::min({x, y, z});
    return hi > 0 && hi - lo > tolerance * hi;
}

Vec3d columnScale(const QMatrix4x4& world)
{
    Vec3d s;
    for (int c = 0; c < 3; ++c) {
        const QVector4D column = world.column(c);
        s[c] = std::sqrt(double(column.x()) * column.x() + double(column.y()) * column.y() +
                         double(column.z()) * column.z());
    }
    return s;
}

bool nonUniformScale(const QMatrix4x4& world)
{
    return nonUniformScale(columnScale(world), kWorldScaleTolerance);
}

} // namespace cs::geometry
