#include "scene/GroundLines.h"

#include <algorithm>

namespace cs::scene {

namespace {

constexpr int HatchLines = 16; ///< diagonals across the square, one way
constexpr float MinHalfWidth = 1.0f;

} // namespace

std::vector<QVector3D> groundLines(double height, const QVector3D& sceneMin, const QVector3D& sceneMax)
{
    const float y = float(height);
    const float cx = (sceneMin.x() + sceneMax.x()) / 2, cz = (sceneMin.z() + sceneMax.z()) / 2;
    const float h = std::max(
        {(sceneMax.x() - sceneMin.x()) * 0.75f, (sceneMax.z() - sceneMin.z()) * 0.75f, MinHalfWidth});
    auto at = [&](float u, float v) { return QVector3D(cx + u, y, cz + v); };
    std::vector<QVector3D> out = {at(-h, -h), at(h, -h), at(h, -h), at(h, h),
                                  at(h, h),   at(-h, h), at(-h, h), at(-h, -h)};
    // The diagonals u - v = d across the square: u runs over [d - h, d + h] within [-h, h].
    const float spacing = 4 * h / float(HatchLines);
    for (int i = 1; i < HatchLines; ++i) {
        const float d = -2 * h + float(i) * spacing;
        const float u0 = std::max(-h, d - h), u1 = std::min(h, d + h);
        out.push_back(at(u0, u0 - d));
        out.push_back(at(u1, u1 - d));
    }
    return out;
}

} // namespace cs::scene
