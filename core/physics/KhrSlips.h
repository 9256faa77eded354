#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

#include <string>

namespace cs::physics {

/// The node extension's name as one KHR writer spells it (fastgltf's writer, src/fastgltf.cpp at a31be25,
/// line 6282: "KHR_physics_rigid_body", without the final "s"). Read with a warning, replaced on save.
inline constexpr const char* KhrBodiesMisspelled = "KHR_physics_rigid_body";

/// A node's KHR_physics_rigid_bodies object with the slips other writers are known to make undone, each with
/// a KHR_WRITER_SLIP warning at its place (`pointer` is the object's):
/// - `inertialDiagonal` / `inertialOrientation` for inertiaDiagonal / inertiaOrientation (fastgltf, lines
///   6291 and 6294; its reader also looks for `inertialOrientation`, line 4605); the key keeps its place.
///   When the right key is there too, it wins and the misspelled one is dropped.
/// - booleans written as 0 / 1 (fastgltf writes std::to_string(bool): isKinematic line 6285, convexHull 6313
///   and 6351, enableCollision 6337) or as the strings "true" / "false".
/// - `gravityFactor` written as a one-number array (fastgltf, line 6298).
/// Anything else of the wrong type is left as it is, for the reader to refuse with its usual error.
Json withSlipsUndone(const Json& body, const std::string& pointer, Diagnostics& out);

/// The same for a shape: a plane's `doubleSided`, a KHR_collision_shapes mesh's `convexHull`.
Json shapeWithSlipsUndone(const Json& shape, const std::string& pointer, Diagnostics& out);

} // namespace cs::physics
