#pragma once

#include "Diagnostic.h"
#include "geometry/Shape.h"
#include "geometry/Vec3d.h"

#include <QMatrix4x4>
#include <QQuaternion>
#include <vector>

namespace cs::geometry {

/// Mass properties of a solid. Kilograms, metres; the inertia tensor (kg m^2) is about the centre of mass, in
/// the axes of the space the solid is described in.
struct MassProperties
{
    double volume = 0; ///< cubic metres
    double mass = 0;
    Vec3d centerOfMass;
    Mat3d inertia;

    /// The same solid with its density changed so that its mass is `mass` (inertia scales alike).
    MassProperties withMass(double mass) const;
};

/// A shape's mass properties at `density` (kg/m^3), in its node space (OMI: centred, capsule/cylinder along
/// Y). Tapered capsules are the hull of their two spheres; tapered cylinders are cone frustums. A convex
/// shape is the hull of its mesh's positions. A trimesh must be closed; an inward-wound one is turned
/// outward. An unusable shape (negative size, a convex mesh with no volume, an empty trimesh) is an error
/// (MASS_DEGENERATE_SHAPE).
Result<MassProperties> shapeMassProperties(const ShapeGeometry& shape, double density);

/// The polyhedral mass integrals of a closed, outward-wound triangle mesh at `density` (the signed
/// tetrahedra of the divergence theorem; a mesh wound inward gives a negative volume and mass).
MassProperties meshMassProperties(const gltf::TriangleMesh& mesh, double density);

/// One shape of a body and where it is: `transform` takes the shape's node space to the body's space. Only
/// rotation and translation are used (OMI discourages scaled shape nodes; scale is removed).
struct PlacedMass
{
    MassProperties properties;
    QMatrix4x4 transform;
};

/// The sum of the parts in the body's space: masses add, the centre of mass is their weighted mean, and each
/// tensor is rotated into the body's axes and moved to the common centre (parallel-axis theorem).
MassProperties combineMassProperties(const std::vector<PlacedMass>& parts);

/// An inertia tensor as principal moments and the rotation whose columns are the principal axes, so that
/// inertia = R * diag(diagonal) * R^T: OMI_physics_body's inertiaDiagonal and inertiaOrientation.
struct PrincipalInertia
{
    Vec3d diagonal;
    QQuaternion orientation;
};
PrincipalInertia principalInertia(const Mat3d& inertia);

/// The eigen-decomposition of a symmetric 3x3 matrix by cyclic Jacobi rotations: a = vectors * diag(values) *
/// vectors^T, with `vectors` a proper rotation (determinant +1) whose column i belongs to values[i].
struct SymmetricEigen3
{
    Vec3d values;
    Mat3d vectors = Mat3d::identity();
};
SymmetricEigen3 symmetricEigen3(const Mat3d& a);

} // namespace cs::geometry
