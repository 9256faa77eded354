#pragma once

#include "gltf/GltfDocument.h"

namespace cs::gltf {

/// Checks the glTF core structure that later readers rely on: required properties, types of index properties,
/// every index in range, buffer views inside their buffers, accessors inside their buffer views (byteStride
/// and sparse included), node cycles and nodes with several parents, and the asset version. Each finding is
/// an error or warning with a JSON pointer. Extensions are not looked into (the physics validator does that).
Diagnostics checkStructure(const GltfDocument& doc);

} // namespace cs::gltf
