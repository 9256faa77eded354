#pragma once

// Internal to the simulation library's .cpp files: conversions between its value types and Bullet's.
// Includes Bullet; never include it from a header outside core/simulation/*.cpp.
#include "simulation/SimulationInput.h"

#include <LinearMath/btTransform.h>

namespace cs::simulation {

inline btVector3 toBullet(const Vec3& v)
{
    return btVector3(btScalar(v[0]), btScalar(v[1]), btScalar(v[2]));
}

inline btQuaternion toBullet(const Quat& q)
{
    return btQuaternion(btScalar(q[0]), btScalar(q[1]), btScalar(q[2]), btScalar(q[3])).normalized();
}

inline btTransform toBullet(const Pose& p)
{
    return btTransform(toBullet(p.rotation), toBullet(p.position));
}

inline Vec3 fromBullet(const btVector3& v)
{
    return {v.x(), v.y(), v.z()};
}

inline Pose fromBullet(const btTransform& t)
{
    const btQuaternion q = t.getRotation();
    return {fromBullet(t.getOrigin()), {q.x(), q.y(), q.z(), q.w()}};
}

} // namespace cs::simulation
