#pragma once

#include "Diagnostic.h"
#include "geometry/Shape.h"
#include "geometry/Vec3d.h"

#include <QQuaternion>
#include <vector>

namespace cs::geometry {

/// A primitive that encloses a mesh, and where its node must sit: OMI shapes are centred on their node and
/// capsules/cylinders run along the node's +Y, so the fit gives the node's local offset and rotation (in the
/// space the points were given in, normally the node that will carry the shape). Metres.
struct FittedShape
{
    ShapeGeometry shape;
    Vec3d offset;
    QQuaternion rotation;
    /// The enclosed volume, for comparing fits.
    double volume = 0;
};

/// Every fit encloses all the points. Errors (FIT_NO_POINTS, FIT_NONFINITE_POINT) for no points or NaN/inf.
/// Sizes and heights never reach zero (OMI requires them positive): flat or thin input gets a floor of
/// 1e-6 of its extent (1e-9 m at least).
Result<FittedShape> fitBox(const std::vector<Vec3d>& points); ///< axis-aligned box, no rotation
/// Oriented box: the principal axes of the hull's points, then the best turn about each axis in turn
/// (coarse-to-fine search), keeping whichever of that and the axis-aligned box is smaller.
Result<FittedShape> fitOrientedBox(const std::vector<Vec3d>& points);
Result<FittedShape> fitSphere(const std::vector<Vec3d>& points); ///< the smallest enclosing sphere
/// Capsule (equal radii) and cylinder along the best of the principal and oriented-box axes: for each axis
/// the smallest circle around the points' projection, then the shortest length that holds them; least volume
/// wins.
Result<FittedShape> fitCapsule(const std::vector<Vec3d>& points);
Result<FittedShape> fitCylinder(const std::vector<Vec3d>& points);

/// The rotation that takes +Y to `axis` (unit), turning the shortest way.
QQuaternion rotationFromY(const Vec3d& axis);

} // namespace cs::geometry
