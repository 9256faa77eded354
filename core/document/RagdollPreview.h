#pragma once

// What Physics > Add Ragdoll shows of a plan before it is applied: each body's shape drawn where it will be.

#include "document/Ragdoll.h"
#include "geometry/Shape.h"

#include <QVector3D>
#include <vector>

namespace cs::document {

/// Per body of `plan`, in order: the edges of its capsule or box (geometry::shapeWireframe) at its centre and
/// rotation, in world space, two points per segment. Empty without bodies.
std::vector<std::vector<QVector3D>> ragdollPreviewLines(const RagdollPlan& plan);

/// The shape a body is given: a capsule (its radius at both ends) or a box, in the body's shape frame.
geometry::ShapeGeometry ragdollBodyShape(const RagdollBody& body);

} // namespace cs::document
