#pragma once

// Thin bridges from core/geometry's results to the inputs of the document's geometry actions
// (ColliderEdits.h). They only compute; nothing here changes the document, so they may run off the GUI thread
// on a const Document that nobody edits meanwhile (or on a copy).

#include "Diagnostic.h"
#include "document/ColliderEdits.h"
#include "geometry/ConvexHull.h"
#include "geometry/MassProperties.h"
#include "geometry/PrimitiveFit.h"

namespace cs::document {

/// The triangles of the node's own mesh (all triangle primitives), in the node's space, deformed by the
/// node's skin and morph weights in the file's pose.
Result<gltf::TriangleMesh> nodeMeshTriangles(const Document& document, size_t node);

/// The capped convex hull of the node's mesh, ready for generateConvexHull().
Result<gltf::TriangleMesh> hullOfNodeMesh(const Document& document, size_t node,
                                          const geometry::ConvexHullOptions& options = {});

/// A fit from core/geometry as the input of fitPrimitive(). The fits measure float vertex data, so every
/// figure (sizes, radii, height, offset, rotation) is the shortest decimal that reads back to the same float
/// (0.1, not 0.10000000149011612).
FittedPrimitive fittedPrimitive(const geometry::FittedShape& fit);

/// A new node (its JSON) placed at a fitted primitive, turned only when `turned`: OMI shapes are centred on
/// their node, capsules and cylinders along its +Y.
void placeAtFit(gltf::Json& node, const FittedPrimitive& fit, bool turned);

/// Which figure decides the mass in bodyMassProperties().
enum class MassFrom
{
    BodyWhenSet, ///< the body's mass when above 0 (left as it is), else what the shapes at the density give
    Density,     ///< always what the shapes at the density give (the mass is set)
};

/// The mass properties of the body whose motion is on `bodyNode`, from every collider shape it owns, in the
/// body node's space: the shapes at `density` (kg/m^3), with the mass `from` says; inertia scales with the
/// mass. Errors: MASS_NO_BODY (no motion on the node), MASS_NO_SHAPES, and core/geometry's errors for
/// unusable shapes.
Result<MassProperties> bodyMassProperties(const Document& document, size_t bodyNode, double density = 1000.0,
                                          MassFrom from = MassFrom::BodyWhenSet);

/// A model shape as core/geometry sees it (mesh shapes read their mesh from the document).
Result<geometry::ShapeGeometry> shapeGeometry(const Document& document, const physics::Shape& shape);

} // namespace cs::document
