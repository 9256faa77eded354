#pragma once

#include <QVector3D>
#include <vector>

namespace cs::scene {

/// The preview's ground (simulation::Settings::ground) as line segments (pairs of points) for the view: the
/// plane y = `height` shown as a square around the scene's footprint (its XZ extent, half as wide again on
/// each side, at least 1 m from its centre) crossed by diagonal hatching, so that it reads as something the
/// preview adds and not as the grid or a collider of the file. Metres, world frame.
std::vector<QVector3D> groundLines(double height, const QVector3D& sceneMin, const QVector3D& sceneMax);

} // namespace cs::scene
