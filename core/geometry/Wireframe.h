#pragma once

#include "geometry/Shape.h"

#include <QVector3D>
#include <vector>

namespace cs::geometry {

/// Line segments for drawing a shape, in its node space: each consecutive pair of points is one segment.
/// `segments` is the number of segments for a full circle (clamped to 8..256); see circleSegments().
///   box: its 12 edges. sphere: three great circles (XY, YZ, ZX planes).
///   capsule: the outline in the XY and ZY planes (cone lines and end arcs, tapered as the shape is) and the
///            two rings where the cone meets the spheres.
///   cylinder: both end circles and four lines along the side.
///   convex: the edges of the hull of its positions, leaving out diagonals across flat faces.
///   trimesh: every edge of its triangles once.
std::vector<QVector3D> shapeWireframe(const ShapeGeometry& shape, int segments = 32);

/// A circle segment count for a circle of `radiusPixels` on screen: segments about 6 pixels long, 8..128.
int circleSegments(double radiusPixels);

/// A coarser drawing of line segments (each consecutive pair of `points` is one), for what is small on
/// screen.
struct CoarserLines
{
    std::vector<QVector3D> points;
    size_t merged = 0;           ///< input segments that were joined with a neighbour
    double mergedMeanLength = 0; ///< their mean length: below a few pixels on screen, the detail is invisible
};

/// Joins each segment with the next one where that one starts exactly where it ends (a polyline, such as a
/// circle drawn by shapeWireframe) and turns from it by less than `maxTurnDegrees`: circles and arcs lose
/// half their segments, straight edges meeting at corners (a box) and separate segments (dashes) stay.
CoarserLines mergeChainedSegments(const std::vector<QVector3D>& points, double maxTurnDegrees = 65.0);

/// The coarsest level of detail, for shapes a few pixels across: segments are grouped into shapes (connected
/// through shared end points, and connected groups with the same bounds centre, such as a sphere's three
/// circles, together), and each shape becomes one segment, the diagonal of its bounds. `merged` counts the
/// input segments that were replaced (0 when grouping would not halve the count); `mergedMeanLength` is the
/// shapes' mean diagonal.
CoarserLines shapeMarks(const std::vector<QVector3D>& points);

} // namespace cs::geometry
