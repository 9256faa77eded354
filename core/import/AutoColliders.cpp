// The names of the collider strategies, as the add-colliders command and the window spell them.
#include "import/AutoColliders.h"

namespace cs::import {

const char* colliderStrategyName(ColliderStrategy s)
{
    switch (s) {
    case ColliderStrategy::Box:
        return "box";
    case ColliderStrategy::OrientedBox:
        return "obb";
    case ColliderStrategy::Sphere:
        return "sphere";
    case ColliderStrategy::Capsule:
        return "capsule";
    case ColliderStrategy::Hull:
        return "hull";
    case ColliderStrategy::Trimesh:
        return "trimesh";
    case ColliderStrategy::Auto:
        return "auto";
    case ColliderStrategy::Decompose:
        return "decompose";
    case ColliderStrategy::Simplified:
        return "simplified";
    }
    return "auto";
}

std::optional<ColliderStrategy> colliderStrategyFromName(const std::string& name)
{
    for (auto s : {ColliderStrategy::Box, ColliderStrategy::OrientedBox, ColliderStrategy::Sphere,
                   ColliderStrategy::Capsule, ColliderStrategy::Hull, ColliderStrategy::Trimesh,
                   ColliderStrategy::Auto, ColliderStrategy::Decompose, ColliderStrategy::Simplified}) {
        if (name == colliderStrategyName(s))
            return s;
    }
    return std::nullopt;
}

} // namespace cs::import
