#pragma once

#include "physics/PhysicsModel.h"

#include <string>

namespace cs::document {

/// A new shape of `type` with the spec's default parameters, ready to be written: its source JSON names the
/// type and holds the `<type>` sub-object, which the schema requires even when every parameter is a default
/// (the writer keeps the sub-object only when the source had one).
physics::Shape makeShape(physics::ShapeType type, const std::string& name = {});

/// A shape made in code (no source JSON) as a writer needs it: makeShape(shape.type, name) with the shape's
/// parameters (size, radii, height, mesh) copied in. A shape read from a file (with source JSON) is
/// returned as it is.
physics::Shape writableShape(const physics::Shape& shape, const std::string& name = {});

/// The shape as `type`, keeping what carries over, so that the shape stays about the size it was:
/// - between sphere, capsule and cylinder the radii carry; a box and a round shape convert through their
///   extents (box size = diameter x full height x diameter; capsule/cylinder radius = half the larger
///   horizontal side, sphere radius = half the largest side), Y being the axis of capsules and cylinders;
/// - a capsule's mid-height and a cylinder's full height convert so that the total height stays
///   (capsule total = height + radiusTop + radiusBottom), never below a small positive height;
/// - convex and trimesh share their mesh; a primitive turned into a mesh shape has no mesh until one is set
///   (mesh keeps whatever it held before, -1 for shapes that never had one).
/// Name, extensions and extras carry; the old type's parameter object goes, its extensions/extras excepted.
physics::Shape convertShape(const physics::Shape& shape, physics::ShapeType type);

/// Full extents of a primitive shape along x, y, z (mesh shapes: zero, their extent is the mesh's).
physics::Vec3 shapeExtents(const physics::Shape& shape);

/// What a fitted shape is called in node names and summaries: a box the fit turned (its node's rotation is
/// not the identity) is an "oriented box"; any other shape goes by its type ("box", "capsule", ...).
std::string fittedShapeName(physics::ShapeType type, const physics::Quat& rotation);

} // namespace cs::document
