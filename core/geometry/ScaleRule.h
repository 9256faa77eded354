#pragma once

// The one rule for "scaled differently per axis", which decides whether a sphere, capsule or cylinder can
// follow its node's scale (spheres stay spheres only under a uniform scale). Mirroring does not count: the
// magnitudes of the scale factors are compared.

#include "geometry/Vec3d.h"

#include <QMatrix4x4>

namespace cs::geometry {

/// Relative tolerance for scales read from a node's own TRS (double precision).
inline constexpr double kScaleTolerance = 1e-9;
/// Relative tolerance for scales measured on a world matrix (single precision, products of many nodes).
inline constexpr double kWorldScaleTolerance = 1e-4;

/// True when the largest and smallest |scale factor| differ by more than `tolerance` times the largest.
/// A zero scale is uniform.
bool nonUniformScale(const Vec3d& scale, double tolerance = kScaleTolerance);

/// The lengths of the basis columns of `world`: the scale it applies along each of its own axes.
Vec3d columnScale(const QMatrix4x4& world);

/// nonUniformScale(columnScale(world), kWorldScaleTolerance).
bool nonUniformScale(const QMatrix4x4& world);

/// True when `world`'s linear part is a rotation (or mirror) times one scale: its basis columns of equal
/// length (kWorldScaleTolerance) and at right angles. Every distance in the node's space is then the world's
/// divided by that scale; under any other transform (a scale that differs between axes, or a shear from a
/// turned child of such a node) distances do not scale alike.
bool similarity(const QMatrix4x4& world);

} // namespace cs::geometry
