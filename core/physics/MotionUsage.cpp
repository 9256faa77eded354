#include "physics/MotionUsage.h"

namespace cs::physics {

MotionUsage motionUsage(MotionType type)
{
    switch (type) {
    case MotionType::Static:
        return {false, false, false};
    case MotionType::Kinematic:
        return {false, true, false};
    case MotionType::Dynamic:
        break;
    }
    return {};
}

SelectionUsage motionUsage(const std::vector<const Motion*>& motions)
{
    SelectionUsage out;
    for (const Motion* m : motions) {
        const MotionUsage u = motionUsage(m->type);
        out.used.mass = out.used.mass || u.mass;
        out.used.velocities = out.used.velocities || u.velocities;
        out.used.gravity = out.used.gravity || u.gravity;
        out.anyStatic = out.anyStatic || m->type == MotionType::Static;
        out.anyKinematic = out.anyKinematic || m->type == MotionType::Kinematic;
    }
    return out;
}

} // namespace cs::physics
