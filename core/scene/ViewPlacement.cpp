#include "scene/ViewPlacement.h"

namespace cs::scene {

QVector3D pointUnderView(const PickScene& scene, const QVector3D& eye, const QVector3D& forward,
                         const QVector3D& focus)
{
    const std::optional<Pick> hit = scene.pick(eye, forward);
    return hit ? eye + forward.normalized() * float(hit->distance) : focus;
}

} // namespace cs::scene
