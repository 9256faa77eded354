#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

namespace cs::physics {

/// The two families a model can be written in.
enum class Family
{
    Omi, ///< OMI_physics_shape + OMI_physics_body + OMI_physics_joint, newest form
    Khr, ///< KHR_physics_rigid_bodies + KHR_implicit_shapes
};

const char* familyName(Family f);

/// The family a file keeps on save: KHR for a model read from KHR or MSFT, OMI otherwise (legacy OMI is
/// upgraded).
Family sourceFamily(const PhysicsModel& model);

/// Writes the model in `family` (writeOmi or writeKhr) and returns the writer's diagnostics. `resolved`, when
/// given, is the model already resolved over `doc`'s node graph (the KHR writer then resolves nothing).
Diagnostics writePhysics(const PhysicsModel& model, gltf::GltfDocument& doc, Family family,
                         const ResolvedScene* resolved = nullptr);

/// One write of the physics in a family and what it loses, read from that same write.
struct Conversion
{
    Diagnostics written; ///< the writer's diagnostics, every one
    Diagnostics losses;  ///< as conversionLosses() gives them
};

/// Writes the model in `family` into `doc` (as writePhysics) and reports what that write lost, as
/// conversionLosses() would for the document before it: a Save As or an export writes the physics once.
Conversion convertPhysics(const PhysicsModel& model, gltf::GltfDocument& doc, Family family,
                          const ResolvedScene* resolved = nullptr);

/// What writing the model in `family` would lose: one warning per lost item, with the pointer of the object
/// it was read from (codes KHR_NOT_EXPRESSIBLE, OMI_NOT_EXPRESSIBLE, WRITE_DROPPED_EMPTY_TRIGGER,
/// KHR_DEGENERATE_SHAPE, MSFT_NOT_CARRIED). Empty when the target holds everything. The document is not
/// changed (the writer runs on a copy of its JSON).
Diagnostics conversionLosses(const PhysicsModel& model, const gltf::GltfDocument& doc, Family family);

} // namespace cs::physics
