#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

namespace cs::physics {

/// True when the document has KHR_physics_rigid_bodies, KHR_implicit_shapes or KHR_collision_shapes data.
bool hasKhrPhysics(const gltf::GltfDocument& doc);

/// Reads KHR_physics_rigid_bodies + KHR_implicit_shapes (or the older key KHR_collision_shapes) into the same
/// model the OMI reader fills, joints and planes included; unknown shape types are kept as they are. Mesh
/// colliders are accepted as `geometry.node` (the mesh of that node; older revision) and as `geometry.mesh`
/// (2026 revision), with `convexHull`; each distinct (mesh, convex) pair becomes one convex/trimesh shape
/// appended after the implicit shapes. KHR defaults (capsule/cylinder height 0.5, radii 0.25) are applied
/// where the file leaves values out. Collider::geometryNode remembers `geometry.node`, so that a KHR save
/// writes the form the file used.
Result<PhysicsModel> readKhr(const gltf::GltfDocument& doc);

/// One KHR `motion` object (MSFT_rigid_bodies spells it the same): dynamic unless `isKinematic`; the values
/// the file leaves out stay absent (the engine computes them).
Motion readKhrMotion(const Json& motion, const std::string& pointer, Diagnostics& diagnostics);

/// Writes the model as KHR_physics_rigid_bodies + KHR_implicit_shapes, every shape parameter explicit (the
/// KHR defaults differ from OMI's), mesh shapes as collider/trigger `geometry.mesh` or `geometry.node` (as
/// read;
/// + convexHull), joints as `physicsJoints` and node `joint`, and removes the OMI physics extensions
/// (OMI_physics_joint too, unless it is in its 2023 form). Warnings name what KHR cannot express (static
/// motion with values, grouping colliders, filters on compound triggers, degenerate shapes);
/// OMI_physics_gravity (and a 2023 OMI_physics_joint) that refer to the removed OMI data are reported.
Diagnostics writeKhr(const PhysicsModel& model, gltf::GltfDocument& doc);
/// The same, with the model already resolved over the document's node graph (an export resolves it once for
/// all its passes); `scene` must be resolveScene(model, graph of doc) as far as bodies and their motion types
/// go.
Diagnostics writeKhr(const PhysicsModel& model, gltf::GltfDocument& doc, const ResolvedScene& scene);

} // namespace cs::physics
