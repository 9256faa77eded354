#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

/// True when the document has KHR_physics_rigid_bodies, KHR_implicit_shapes or KHR_collision_shapes data.
bool hasKhrPhysics(const gltf::GltfDocument& doc);

/// Reads KHR_physics_rigid_bodies + KHR_implicit_shapes (or the older key KHR_collision_shapes) into the same
/// model the OMI reader fills. Mesh colliders are accepted as `geometry.node` (the mesh of that node; older
/// revision) and as `geometry.mesh` (2026 revision), with `convexHull`; each distinct (mesh, convex) pair
/// becomes one convex/trimesh shape appended after the implicit shapes. KHR defaults (capsule/cylinder height
/// 0.5, radii 0.25) are applied where the file leaves values out. What OMI cannot hold (planes, joints) is
/// reported and left out.
Result<PhysicsModel> readKhr(const gltf::GltfDocument& doc);

/// Writes the model as KHR_physics_rigid_bodies + KHR_implicit_shapes, every value explicit (the KHR defaults
/// differ from OMI's), mesh shapes as collider/trigger `geometry.mesh` (+ convexHull), and removes the OMI
/// physics extensions. Warnings name what KHR cannot express (static motion with values, grouping colliders,
/// filters on compound triggers, degenerate shapes); OMI_physics_joint/OMI_physics_gravity data that refer to
/// the removed OMI data are reported.
Diagnostics writeKhr(const PhysicsModel& model, gltf::GltfDocument& doc);

} // namespace cs::physics
