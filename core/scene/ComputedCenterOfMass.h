#pragma once

// The centre of mass KHR_physics_rigid_bodies leaves to the engine ("If not provided, the mass and inertia
// properties should be calculated by the simulation engine"): the colliders' centre at uniform density. A
// reader that takes an absent value as the node origin (OMI, some engines) needs it written out.

#include "Diagnostic.h"
#include "geometry/MassProperties.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"
#include "scene/ShapeGeometryCache.h"

#include <optional>
#include <vector>

namespace cs::scene {

/// The body's colliders' mass properties at physics::kComputedMassDensity in the body node's frame; nothing
/// when it has no collider or one has no volume to compute them from (a plane, a mesh that encloses none or
/// cannot be read).
std::optional<geometry::MassProperties>
collidersMass(const physics::ResolvedBody& body, const physics::ResolvedScene& scene,
              const physics::PhysicsModel& model, const gltf::SceneGraph& graph, ShapeGeometryCache& cache);

/// Per node of `bodyNodes`: the centre of mass the preview uses when the file leaves it to the engine (KHR
/// without `centerOfMass`), the colliders' centre in the node's frame. Nothing for a node that is no body,
/// whose centre is given (or that OMI reads as the origin), or whose colliders have no volume.
std::vector<std::optional<physics::Vec3>> computedCentersOfMass(const physics::PhysicsModel& model,
                                                                const gltf::GltfDocument& doc,
                                                                const gltf::SceneGraph& graph,
                                                                const std::vector<size_t>& bodyNodes);

/// For a KHR model: every moving (dynamic or kinematic) body without `centerOfMass` gets its computed centre
/// as a given value, one Info diagnostic each ("centerOfMass written explicitly ..."). Bodies whose centre
/// cannot be computed keep none (the conversion's losses and the target checks report them). Nothing changes
/// for an OMI model.
Diagnostics writeComputedCentersOfMass(physics::PhysicsModel& model, const gltf::GltfDocument& doc);
/// The same over the document's graph and the model resolved over it, as an export has them (the bodies'
/// motion is read from `model`, not from `scene`).
Diagnostics writeComputedCentersOfMass(physics::PhysicsModel& model, const gltf::GltfDocument& doc,
                                       const gltf::SceneGraph& graph, const physics::ResolvedScene& scene);

} // namespace cs::scene
