#pragma once

// The surfaces of the primitive shapes in closed form, in the shape's own space (centred, capsules and
// cylinders along +Y, as OMI_physics_shape): the signed distance of a point to the surface and points spread
// evenly over it. Used to measure how well a collider fits its mesh (ColliderFit).

#include "geometry/Shape.h"
#include "geometry/Vec3d.h"

#include <cstdint>
#include <random>
#include <vector>

namespace cs::geometry {

/// The exact signed distance from p to the surface of a box, sphere, capsule (tapered: two balls joined by
/// their tangent cone) or cylinder (tapered: a frustum with flat ends): negative inside, positive outside.
/// Convex and trimesh shapes have no closed form and give 0.
double primitiveSignedDistance(const ShapeGeometry& shape, const Vec3d& p);

/// The surface area of a primitive (0 for convex and trimesh).
double primitiveSurfaceArea(const ShapeGeometry& shape);

/// Appends `count` points drawn uniformly by area over the primitive's surface, from `rng` (so a fixed seed
/// gives the same points on every run), then, for a box, its eight corners.
void samplePrimitiveSurface(const ShapeGeometry& shape, size_t count, std::mt19937_64& rng,
                            std::vector<Vec3d>& out);

/// A box's surface (`size` in its own space, centred) on a grid, the box under a scale of `axisScale` along
/// its own axes: each face cut into equal cells no longer than `spacing` a side (in the scaled space), one
/// point at each cell's centre, its weight the cell's area (scaled); then the eight corners with weight 0.
/// Every point of the surface lies in a cell, so within half its diagonal, spacing / sqrt(2), of that cell's
/// point: a 1-Lipschitz function of the surface point (such as the distance to a mesh) has its maximum, its
/// area-weighted mean and any area-weighted percentile over the points within spacing / sqrt(2) of the
/// surface's own. (A point drawn anywhere in its cell would only give spacing * sqrt(2): four times the
/// points for the same bound.)
void sampleBoxGrid(const Vec3d& size, const Vec3d& axisScale, double spacing, std::vector<Vec3d>& out,
                   std::vector<double>& weights);
/// How many cells sampleBoxGrid makes (without the corners).
size_t boxGridCells(const Vec3d& size, const Vec3d& axisScale, double spacing);

/// Appends `count` points drawn uniformly by area over triangles given as three corners each.
void sampleTriangles(const std::vector<Vec3d>& corners, size_t count, std::mt19937_64& rng,
                     std::vector<Vec3d>& out);
/// The same over triangles given as three indices each into `positions` (every index in range): the same
/// points as over their corners.
void sampleTriangles(const std::vector<Vec3d>& positions, const std::vector<std::uint32_t>& triangles,
                     size_t count, std::mt19937_64& rng, std::vector<Vec3d>& out);

/// The area of triangles given as three corners each.
double trianglesArea(const std::vector<Vec3d>& corners);

} // namespace cs::geometry
