#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

#include <optional>
#include <string>

namespace cs::physics {

/// The glTF 2.1 draft's top-level `shapes` array: the data of KHR_implicit_shapes moved into core glTF, with
/// 2.1's defaults (capsule height 1.0 and radii 0.5, cylinder height 2.0 and radii 0.5: KHR-PHYSICS-DIGEST
/// 3.3) and mesh-based shapes, whose names are not settled: `convexMesh` / `mesh` in the Khronos Sample
/// Renderer's 2.1 code (source/gltf/shape.js, knownTypes), `convex` / `concave` in KhronosGroup/glTF PR
/// #2636. When the array is there, a KHR collider's `geometry.shape` indexes it and KHR_implicit_shapes is
/// ignored, as the Sample Renderer reads it (ENGINE-TARGETS 5: "If top-level `shapes` exists, the extension
/// is ignored"). A file that has it keeps it: a save after an edit writes the shapes back into it, each in
/// the file's spelling; nothing else ever writes it.
bool hasCoreShapes(const Json& root);

/// The model type of a mesh-based core shape type in either spelling: Convex for `convexMesh` / `convex`,
/// Trimesh for `mesh` / `concave`; nullopt for any other type.
std::optional<ShapeType> coreMeshShapeType(const std::string& type);

/// The core shape object of a model mesh shape (Convex or Trimesh with a mesh): the type in the spelling its
/// source used (the Sample Renderer's for a new shape), `{"mesh": N}`, and the source's name, extensions and
/// extras.
Json coreMeshShapeJson(const Shape& shape);

/// The info `validate` and every reader give for a file with the core array: which spelling its mesh shapes
/// use (if any) and that the 2.1 draft is not final; a warning when KHR_implicit_shapes is there too.
Diagnostics coreShapesNotes(const Json& root);

} // namespace cs::physics
