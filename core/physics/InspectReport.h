#pragma once

#include "Diagnostic.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

/// The resolved physics scene of a document as a stable JSON document (the format of `collidoscope inspect
/// --json`, documented in docs/inspect-json.md). Values are normalised (legacy forms converted, defaults
/// filled in); world transforms are column-major 4x4 matrices rounded to 6 decimals.
Json inspectReport(const gltf::GltfDocument& doc, const PhysicsModel& model, const gltf::SceneGraph& graph,
                   const Diagnostics& diagnostics);

/// The same scene as indented text for people.
std::string inspectText(const gltf::GltfDocument& doc, const PhysicsModel& model,
                        const gltf::SceneGraph& graph);

/// Diagnostics as the command line's JSON reports write them: [{"severity", "code", "message", "pointer"}].
Json diagnosticsJson(const Diagnostics& diagnostics);

/// One shape's normalised parameters: {"type": ..., and the type's parameters}.
Json shapeParameters(const Shape& shape);

/// Version of the JSON format; raised when a field changes meaning or goes away (adding fields keeps it).
inline constexpr int kInspectFormatVersion = 1;

} // namespace cs::physics
