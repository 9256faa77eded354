#pragma once

#include "Diagnostic.h"
#include "geometry/Shape.h"
#include "geometry/Vec3d.h"

#include <QQuaternion>
#include <optional>
#include <string>
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

/// The axis a capsule or cylinder runs along, in the points' space. Auto: the mesh's long axis, the one of
/// its principal axes along which it reaches furthest (a standing character gets a standing capsule, however
/// wide its arms).
enum class RoundAxis
{
    Auto,
    X,
    Y,
    Z
};
const char* roundAxisName(RoundAxis axis); ///< "auto", "x", "y", "z"
std::optional<RoundAxis> roundAxisFromName(const std::string& name);

/// Capsule (equal radii) and cylinder along `axis`: the smallest circle around the points' projection
/// across it, then the shortest length that holds them. Auto: of the principal, oriented-box and X/Y/Z axes
/// within 20 degrees of the long axis, the one of least volume.
Result<FittedShape> fitCapsule(const std::vector<Vec3d>& points, RoundAxis axis = RoundAxis::Auto);
Result<FittedShape> fitCylinder(const std::vector<Vec3d>& points, RoundAxis axis = RoundAxis::Auto);

/// The rotation that takes +Y to `axis` (unit), turning the shortest way.
QQuaternion rotationFromY(const Vec3d& axis);

} // namespace cs::geometry
