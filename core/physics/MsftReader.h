#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

// MSFT_rigid_bodies + MSFT_collision_primitives: the frozen ancestor of KHR_physics_rigid_bodies, still read
// by the Babylon loader. Its schema has no published text of its own; the loader's reader is the reference,
// cited as BMS:line = eoineoineoin/glTF_Physics_Babylon@a920d07 (package 0.6.0)
// packages/loader/src/MSFT_rigid_bodies.ts.

/// True when the document has MSFT_rigid_bodies or MSFT_collision_primitives data.
bool hasMsftPhysics(const gltf::GltfDocument& doc);

/// Reads the MSFT data into the model (format Msft, KHR's meanings), as the Babylon loader reads it:
/// - document `MSFT_collision_primitives.colliders[]` are the shapes, each chosen by the first sub-object
///   present in the order sphere, box, cylinder, capsule, convex, trimesh (BMS:235-317; `type` is optional,
///   BMS:87); convex and trimesh name a mesh (BMS:294, 307). Parameters the file leaves out take the
///   schema's declared defaults (BMS:35-79), with a note, since the loader passes none.
/// - document `MSFT_rigid_bodies`: `physicsMaterials` (absent friction 0.5, restitution 0, friction combine
///   maximum and restitution combine minimum, modes spelled "AVERAGE"... in capitals: BMS:347-371, held
///   explicitly), `collisionFilters`, `physicsJointLimits[]` = joint descriptions of `limits` whose
///   `springConstant`/`springDamping` are KHR's stiffness/damping (BMS:126-143, 590-624).
/// - node `MSFT_rigid_bodies`: `motion` as KHR's (BMS:104-117, 460-498), `collider` and `trigger` naming a
///   collider by index with `physicsMaterial`/`collisionFilter` (BMS:152-163, 396-406), `joint` with
///   `connectedNode`, `jointLimits` and `enableCollision` (BMS:145-150, 590, 637).
/// Data that cannot be read (a collider with no shape, an index out of range, a value of the wrong type) is
/// an error with its JSON pointer; an object that refers to it is left out with an error of its own, never
/// silently.
Result<PhysicsModel> readMsft(const gltf::GltfDocument& doc);

/// What writing a model read from MSFT into `written` (the document after the KHR or OMI writer ran) does
/// not carry: a mesh collider no node uses (KHR lists only implicit shapes), and `extras` or `extensions` of
/// MSFT objects that the written file holds nowhere. Warnings of code MSFT_NOT_CARRIED, each with the MSFT
/// object's pointer.
Diagnostics msftLosses(const PhysicsModel& model, const Json& original, const Json& written, bool khr);

} // namespace cs::physics
