#pragma once

// The maths behind the viewport's gizmos and shape handles, as pure functions: where a pick ray meets an
// axis, a plane or a ring; what a drag from one ray to another means (a distance along an axis, a
// displacement in a plane, an angle about an axis, a scale factor); snapping; and what dragging a shape
// handle does to the shape (a box face moves with the opposite face staying, or both move symmetrically).
//
// Rays need not be unit length; axes and normals are normalised here. Everything is in one space, whichever
// the caller works in: to get a shape handle's distance in the shape's own units, bring the ray into the
// node's space first (transformPoint / transformVector with the inverse world matrix).

#include "geometry/RayCast.h"
#include "geometry/Shape.h"
#include "geometry/Vec3d.h"

#include <optional>
#include <vector>

namespace cs::geometry {

/// The parameter t of the point origin + t * axis (axis normalised) closest to the ray's line; nothing when
/// the ray is parallel to the axis (within about 0.06 degrees), where a drag along it means nothing.
std::optional<double> closestOnAxis(const Ray& ray, const Vec3d& origin, const Vec3d& axis);

/// The distance between the ray (t >= 0) and the segment a-b: how close a pick ray passes to a gizmo arrow.
double rayToSegmentDistance(const Ray& ray, const Vec3d& a, const Vec3d& b);

/// Where the ray (t >= 0) meets the plane through `point` with normal `normal`; nothing when it is parallel
/// to the plane or the plane is behind it.
std::optional<Vec3d> intersectPlane(const Ray& ray, const Vec3d& point, const Vec3d& normal);

/// How far from the circle (centre, axis, radius) the ray meets the circle's plane: the pick distance of a
/// rotation ring; nothing when the ray misses the plane.
std::optional<double> ringDistance(const Ray& ray, const Vec3d& centre, const Vec3d& axis, double radius);

// --- Drags: the ray where the button went down (start) and where the cursor is now (current).

/// The signed distance moved along the axis.
std::optional<double> dragAlongAxis(const Ray& start, const Ray& current, const Vec3d& origin,
                                    const Vec3d& axis);
/// The displacement within the plane through `origin` with normal `normal`.
std::optional<Vec3d> dragInPlane(const Ray& start, const Ray& current, const Vec3d& origin,
                                 const Vec3d& normal);
/// The angle turned about `axis` through `centre`, in radians in (-pi, pi], positive counter-clockwise when
/// looking down the axis (right-handed). Nothing when a ray misses the plane or passes through the centre.
std::optional<double> dragRotation(const Ray& start, const Ray& current, const Vec3d& centre,
                                   const Vec3d& axis);
/// The scale factor along the axis: the ratio of the current to the start distance from `origin` along it.
/// Nothing when the drag starts at the origin.
std::optional<double> dragScale(const Ray& start, const Ray& current, const Vec3d& origin, const Vec3d& axis);

/// value rounded to the nearest multiple of step (step <= 0: value unchanged). For lengths (grid step in
/// metres) and angles alike (angle step in the value's own unit).
double snap(double value, double step);
Vec3d snap(const Vec3d& value, double step);

// --- Shape handles.

/// The smallest extent, radius or box size a handle leaves (1 mm); a capsule's mid-height may reach 0.
inline constexpr double kMinimumExtent = 1e-3;

/// A face (or end) dragged along its axis: the new extent, and how far the shape's centre moves along the
/// axis so that the opposite face stays where it was.
struct FaceDrag
{
    double extent = 0;
    double centreShift = 0;
};

/// The face on `side` (+1 or -1) of an extent moved by `delta` along the axis (positive: towards +axis).
/// symmetric: both faces move apart by delta, the centre stays. The new extent is snapped to `step` and kept
/// at or above `minimum`.
FaceDrag dragFace(double extent, int side, double delta, bool symmetric, double minimum, double step);

enum class HandleKind
{
    BoxFace,      ///< axis 0..2, side +-1
    Radius,       ///< sphere radius, or capsule/cylinder radius when top and bottom are equal
    RadiusTop,    ///< capsule/cylinder radius at +Y
    RadiusBottom, ///< capsule/cylinder radius at -Y
    Height,       ///< capsule/cylinder end, side +-1 along Y
};

/// A handle of a shape, in the shape's node space: where it is drawn and the direction it is dragged along.
struct ShapeHandle
{
    HandleKind kind = HandleKind::BoxFace;
    int axis = 0;
    int side = 1;
    Vec3d position;
    Vec3d direction;
};

/// The handles of a box (6 faces), sphere (radius), capsule and cylinder (two ends, and one radius, or a top
/// and a bottom radius when they differ). Convex and trimesh shapes have none.
std::vector<ShapeHandle> shapeHandles(const ShapeGeometry& shape);

/// A handle drag applied: the new shape and the displacement of its centre in the node's space (move the node
/// by it, through localToParent, so that the opposite face stays).
struct HandleDrag
{
    ShapeGeometry shape;
    Vec3d centreShift;
};

/// `delta` is the handle's movement along its direction (node space, metres); symmetric moves the opposite
/// face too; step snaps the changed size (0: none). Radii grow by delta (handles sit on the +X side).
HandleDrag dragHandle(const ShapeGeometry& shape, const ShapeHandle& handle, double delta, bool symmetric,
                      double step);

} // namespace cs::geometry
