#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

// The parts of the OMI reader that read one body-related object. Used by the OMI and KHR readers.

Motion readMotion(const Json& object, const std::string& pointer, Diagnostics& diagnostics);
Collider readCollider(const Json& object, const std::string& pointer, Diagnostics& diagnostics);
Trigger readTrigger(const Json& object, const std::string& pointer, Diagnostics& diagnostics);
PhysicsMaterial readMaterial(const Json& object, const std::string& pointer, Diagnostics& diagnostics);
CollisionFilter readFilter(const Json& object, const std::string& pointer, Diagnostics& diagnostics);

/// The legacy (E0-E2) body object `{type, mass, linearVelocity, angularVelocity, inertiaTensor,
/// centerOfMass}` as a motion. `type` is the legacy type string; it must not be "trigger".
Motion readLegacyMotion(const Json& object, const std::string& pointer, const std::string& type,
                        Diagnostics& diagnostics);

/// The keys of a legacy body object that readLegacyMotion consumes.
inline constexpr std::initializer_list<const char*> kLegacyBodyKeys = {
    "type", "mass", "linearVelocity", "angularVelocity", "inertiaTensor", "centerOfMass"};

} // namespace cs::physics
