#pragma once

// Closed meshes of revolution about the y axis, made from their definitions, for the primitive-first parts
// tests: a capsule, a cylinder, and a box with a cylindrical peg on top. Every mesh is wound outward.

#include "gltf/MeshTriangles.h"

#include <utility>
#include <vector>

namespace cs::test {

/// The surface swept by a profile of (radius, y) points, bottom to top, about the y axis in `segments`
/// steps; a radius of 0 is one point on the axis (a pole).
gltf::TriangleMesh latheMesh(const std::vector<std::pair<double, double>>& profile, int segments);
/// A capsule about the y axis: hemispheres of `radius` whose centres are `height` apart, at the origin.
gltf::TriangleMesh capsuleMesh(double radius, double height, int segments = 32, int rings = 12);
/// A cylinder about the y axis from y0 to y1, centred on x = cx, z = cz.
gltf::TriangleMesh cylinderMesh(double radius, double y0, double y1, int segments = 32, double cx = 0,
                                double cz = 0);
/// A 2 x 1 x 2 box, [-1,1] x [0,1] x [-1,1], with a peg of radius 0.3 standing on its top from y = 1 to 2
/// (two closed pieces that touch, as a modeller builds them).
gltf::TriangleMesh boxWithPegMesh(int segments = 32);

} // namespace cs::test
