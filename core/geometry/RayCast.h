#pragma once

#include "geometry/Shape.h"
#include "geometry/Vec3d.h"

#include <QMatrix4x4>
#include <optional>
#include <vector>

namespace cs::geometry {

/// A ray origin + t * direction, t >= 0. The direction need not be unit length; distances returned are in
/// units of t, so with a unit direction they are metres.
struct Ray
{
    Vec3d origin;
    Vec3d direction{0, 0, -1};
};

/// The smallest t >= 0 where the ray meets the shape's surface (in the shape's node space), or nothing. A ray
/// starting inside a solid meets it where it leaves, so a shape around the camera can still be picked.
/// Trimesh triangles are hit from either side. A convex shape is the hull of its mesh's positions (computed
/// per call: fine for a click, not for a per-frame loop over large meshes).
std::optional<double> rayCast(const ShapeGeometry& shape, const Ray& ray);

/// One pickable shape: its geometry, the transform from its node space to the world, and the caller's id.
struct PickTarget
{
    ShapeGeometry shape;
    QMatrix4x4 transform;
    int id = -1;
};

struct PickHit
{
    double distance = 0; ///< along the world ray, in units of its direction's length
    int id = -1;
};

/// The nearest shape along a world-space ray (transforms may scale: the ray goes into each node's space, and
/// the parameter t is the same on both sides). Ties go to the earlier target.
std::optional<PickHit> pick(const std::vector<PickTarget>& targets, const Ray& ray);

} // namespace cs::geometry
