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

bool similarity(const QMatrix4x4& world)
{
    if (nonUniformScale(world))
        return false;
    for (int c = 0; c < 3; ++c) {
        const QVector3D a = world.column(c).toVector3D(), b = world.column((c + 1) % 3).toVector3D();
        const double ab = double(a.x()) * b.x() + double(a.y()) * b.y() + double(a.z()) * b.z();
        if (std::fabs(ab) > kWorldScaleTolerance * double(a.length()) * double(b.length()))
            return false;
    }
    return true;
}

} // namespace cs::geometry
