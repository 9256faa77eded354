#pragma once

#include "geometry/Vec3d.h"
#include "gltf/MeshTriangles.h"

#include <random>
#include <vector>

namespace cs::test {

using geometry::Vec3d;

/// Seeded point sets, so that every run tests the same input.
std::vector<Vec3d> pointsOnSphere(size_t n, double radius, unsigned seed);
std::vector<Vec3d> pointsInBox(size_t n, const Vec3d& lo, const Vec3d& hi, unsigned seed);

/// The diagonal of the mesh's bounding box (the mesh has a vertex).
double diagonalOf(const gltf::TriangleMesh& mesh);

/// An axis-aligned box as 12 outward triangles over its 8 corners.
gltf::TriangleMesh boxMesh(const Vec3d& lo, const Vec3d& hi);

/// Brute-force checks written independently of the code under test.
/// Every directed edge of a closed 2-manifold appears once and its reverse once.
bool isClosedManifold(const gltf::TriangleMesh& mesh);
/// The largest distance of a point beyond the plane of any triangle (all faces must be outward).
double maxBeyondFaces(const gltf::TriangleMesh& mesh, const std::vector<Vec3d>& points);
/// True when every face's plane has every mesh vertex on its inner side (within tol): convex, outward.
bool isConvexOutward(const gltf::TriangleMesh& mesh, double tol);
/// Inside a closed mesh, by the parity of crossings along a fixed slanted ray.
bool insideMesh(const gltf::TriangleMesh& mesh, const Vec3d& p);

/// Distance-like test for a tapered capsule written from its definition: the union of the balls interpolated
/// between the two end balls (centres at y = -h/2 and +h/2). Negative inside.
double capsuleField(double height, double r0, double r1, const Vec3d& p);

} // namespace cs::test
