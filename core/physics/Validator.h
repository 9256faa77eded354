#pragma once

#include "Diagnostic.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

struct ResolvedScene;

/// Sizes, radii and heights below this (metres) make a shape degenerate (SHAPE_DEGENERATE, an error), as does
/// a convex mesh whose points lie within it of one plane (CONVEX_FEW_POINTS).
inline constexpr double kDegenerateShapeSize = 1e-6;

/// The rules the physics data must follow, beyond what reading it already reported: indices in range, sizes,
/// compound trigger membership, filter masks, mesh shapes (triangles, one primitive, hull size), scaled shape
/// nodes, bodies without shapes, nested motion, extension lists. Each finding has a stable code (see
/// DiagnosticCodes.h), a severity, a message and a JSON pointer into the file.
Diagnostics validateModel(const gltf::GltfDocument& doc, const PhysicsModel& model,
                          const gltf::SceneGraph& graph);

/// Everything the validator says about a loaded document: the reader's diagnostics (legacy conversions, bad
/// values) followed by validateModel's.
Diagnostics validatePhysics(const gltf::GltfDocument& doc);

/// The rules for joints, KHR geometry, planes, compound trigger members, collision system counts, infinite
/// mass and applied combine modes (part of validateModel).
Diagnostics validateFamilyRules(const gltf::GltfDocument& doc, const PhysicsModel& model,
                                const gltf::SceneGraph& graph);
/// The same with the scene already resolved from `model` and `graph` (validateModel resolves it once).
Diagnostics validateFamilyRules(const gltf::GltfDocument& doc, const PhysicsModel& model,
                                const gltf::SceneGraph& graph, const ResolvedScene& scene);

/// The mesh rules for convex/trimesh shapes (part of validateModel).
Diagnostics validateShapeMeshes(const gltf::GltfDocument& doc, const PhysicsModel& model);

} // namespace cs::physics
