#pragma once

// Where the window puts what the user adds "where they look".

#include "scene/PickScene.h"

#include <QVector3D>

namespace cs::scene {

/// The first surface (a drawn mesh, a collider or a trigger) that the ray from `eye` along `forward` (the
/// view's centre) hits, else `focus` (what the view orbits about): a new thing put there is in view either
/// way, and on what the user is looking at when there is something.
QVector3D pointUnderView(const PickScene& scene, const QVector3D& eye, const QVector3D& forward,
                         const QVector3D& focus);

} // namespace cs::scene
