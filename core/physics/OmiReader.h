#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

/// Reads the OMI physics data of a document into the model, whatever era of the spec wrote it (the variants
/// V1-V9 of the spec digest): the 2022 draft's inline node colliders, OMI_collider, body `type`, flat and
/// nested shapes, node-level OMI_physics_shape, motion/collider/trigger, compound triggers, tapered capsules.
/// Every conversion of a legacy form is reported (code LEGACY_*), so the user sees what an upgrade will
/// change. Never fails: bad values give error diagnostics and defaults; the model is always present.
Result<PhysicsModel> readOmi(const gltf::GltfDocument& doc);

/// True when the document has any OMI physics data (newest or legacy).
bool hasOmiPhysics(const gltf::GltfDocument& doc);

/// Reads whatever physics the document has: OMI when present, else KHR (see KhrCodec.h), else MSFT (see
/// MsftReader.h), else an empty model.
Result<PhysicsModel> readPhysics(const gltf::GltfDocument& doc);

} // namespace cs::physics
