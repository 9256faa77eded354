#pragma once

// The shapes colliders and triggers name, as the feature scan reads them from the JSON.
#include "gltf/GltfDocument.h"

namespace cs::targets {

/// The shape a collider or trigger names (its `shape`, or KHR's `geometry.shape`) in `shapes`; null when
/// none.
const gltf::Json& shapeNamed(const gltf::Json& holder, const gltf::Json& shapes);
/// The mesh index of a convex shape; null for any other shape.
const gltf::Json* convexMesh(const gltf::Json& shape);

} // namespace cs::targets
