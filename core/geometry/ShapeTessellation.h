#pragma once

// The surfaces of collision shapes as triangles, in the shape's own space, for drawing them filled (the fit
// heat map colours each vertex by its own distance to the mesh, so the surfaces carry vertices inside their
// faces, not only at their corners).

#include "geometry/Shape.h"
#include "gltf/MeshTriangles.h"

namespace cs::geometry {

/// The surface of a shape as triangles (wound counter-clockwise seen from outside for the primitives):
///   box: each face a grid of `segments` / 4 (at least 2) squares a side, two triangles each;
///   sphere, capsule (tapered as capsuleProfile says) and cylinder (tapered, flat ends): a surface of
///   revolution about +Y with `segments` (clamped to 8..256) steps around, the profile stepped as finely
///   (the flat ends of a cylinder in rings, its side in `segments` / 4 bands);
///   convex: the hull of its positions (empty when they have no volume); trimesh: its own triangles.
/// Every vertex lies on the shape's surface.
gltf::TriangleMesh tessellateShape(const ShapeGeometry& shape, int segments = 32);

} // namespace cs::geometry
