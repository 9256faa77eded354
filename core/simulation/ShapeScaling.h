#pragma once

#include "Diagnostic.h"
#include "geometry/Shape.h"

#include <optional>
#include <string>

namespace cs::simulation {

/// A shape with a node scale baked in. Boxes and meshes scale exactly along their axes; spheres, capsules
/// and cylinders under a uniform scale stay what they are. Under a non-uniform scale a round shape is no
/// longer a sphere, capsule or cylinder: it becomes the convex hull of its sampled surface, scaled, with the
/// warning SIM_SCALED_ROUND_SHAPE at `pointer`. Scale components are taken as absolute values.
geometry::ShapeGeometry scaledShape(const geometry::ShapeGeometry& shape, const geometry::Vec3d& scale,
                                    Diagnostics& notes, const std::string& pointer);

/// Points on the surface of a sphere, capsule (tapered too) or cylinder (tapered too, or a cone), enough for
/// a hull within 0.5% of the radius: the hull the preview uses for shapes an engine has no primitive for.
gltf::TriangleMesh roundShapePoints(const geometry::ShapeGeometry& shape);

} // namespace cs::simulation
