#pragma once

// The transform gizmo as parts (arrows, plane squares, rings, scale arrows) with their sizes, computed once
// and used by both the drawing and the picking: what is drawn is exactly what a click can grab. All in world
// space; lengths in metres.

#include "geometry/RayCast.h"
#include "geometry/Transform.h"
#include "geometry/Vec3d.h"

#include <array>
#include <optional>
#include <vector>

namespace cs::geometry {

enum class GizmoTool
{
    Move,   ///< world- (or own-) axis arrows and squares for the three planes
    Rotate, ///< a ring about each axis and one about the view direction
    Scale   ///< the node's own axes, ending in boxes
};

/// The sizes of the gizmo's parts, in arrow lengths.
inline constexpr double kGizmoViewRing = 1.2;   ///< radius of the ring about the view direction
inline constexpr double kGizmoPlaneNear = 0.25; ///< a plane square spans [near, far] along its two axes
inline constexpr double kGizmoPlaneFar = 0.4;
inline constexpr double kGizmoArrowPickStart = 0.2; ///< the first fifth of an arrow is not grabbed
inline constexpr double kGizmoPickTolerance = 0.08; ///< how far from a part a ray may pass and grab it
inline constexpr double kGizmoHead = 0.1;           ///< arrow head length
inline constexpr double kGizmoHandleSize = 0.06;    ///< shape handle box size

/// The arrow length at a camera distance: the gizmo keeps its size on screen.
double gizmoLength(double cameraDistance);

/// Where the gizmo stands, its size and which axes it uses.
struct GizmoFrame
{
    Vec3d centre;
    std::array<Vec3d, 3> ownAxes{Vec3d{1, 0, 0}, Vec3d{0, 1, 0}, Vec3d{0, 0, 1}}; ///< the node's, normalised
    double length = 1;                                                            ///< arrow length
    bool local = false;     ///< move and rotate along the node's own axes instead of the world's
    Vec3d view{0, 0, -1};   ///< the direction the camera looks in (unit)
    Vec3d screenU{1, 0, 0}; ///< two unit directions across the screen, for the view ring and badges
    Vec3d screenV{0, 1, 0};
};

/// The frame for a node whose world matrix is `world`, seen by a camera looking along `view` with `up` up.
GizmoFrame gizmoFrame(const Mat4d& world, double length, bool local, const Vec3d& view, const Vec3d& up);

/// World axis `axis`, or the node's own when the frame is local.
Vec3d gizmoAxis(const GizmoFrame& frame, int axis);

enum class GizmoPartKind
{
    Arrow,      ///< move along an axis
    Plane,      ///< move in the plane whose normal is the axis
    Ring,       ///< rotate about an axis
    ViewRing,   ///< rotate about the view direction
    ScaleArrow, ///< scale along one of the node's own axes
};

/// One part: what the drawing draws and the picking tests.
struct GizmoPart
{
    GizmoPartKind kind = GizmoPartKind::Arrow;
    int axis = -1;     ///< 0..2, -1 for the view ring
    Vec3d centre;      ///< arrows start here; squares and rings lie about it
    Vec3d direction;   ///< arrows: along (unit); planes and rings: the normal (unit)
    Vec3d side;        ///< arrows: the direction the head opens in; planes: the square's first axis (unit)
    Vec3d u, v;        ///< rings: the two radius vectors in the ring's plane; planes: v is the second axis
    double length = 0; ///< arrows: shaft length; rings: radius; planes: the arrow length they are sized by
};

/// The parts of the gizmo for `tool`, axis by axis (Move: arrow then plane), then the view ring.
std::vector<GizmoPart> gizmoParts(const GizmoFrame& frame, GizmoTool tool);

/// The corners of a plane part's square.
std::array<Vec3d, 4> planeSquare(const GizmoPart& plane);

/// The part a ray grabs: a plane square the ray meets inside wins (the last such); else the arrow or ring
/// it passes nearest within `tolerance`, the view ring only where no axis ring is nearer. Nothing: a miss.
std::optional<GizmoPart> pickGizmo(const std::vector<GizmoPart>& parts, const Ray& ray, double tolerance);

/// The index of the point the ray passes nearest, within `tolerance`; nothing when none is that close. For
/// shape handles, which are picked before the gizmo (they sit on the shape, the gizmo starts at its centre).
std::optional<size_t> pickPoint(const std::vector<Vec3d>& points, const Ray& ray, double tolerance);

} // namespace cs::geometry
