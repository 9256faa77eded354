#pragma once

// What `collidoscope add-colliders` does to a loaded file, for core tests: the window's Add Colliders action
// (document::addAutoColliders) on a Document made of it, with the command's settings.

#include "document/AutoColliderActions.h"
#include "gltf/GltfDocument.h"
#include "import/AutoColliders.h"

namespace cs::test {

/// Runs the action with `options` as the command does (a motion of type options.body on every new body,
/// nodes that have a collider left alone and listed as COLLIDER_EXISTS notes in the report's diagnostics),
/// then replaces `doc` with the document as a save writes it (the physics written, newest OMI form for a file
/// without KHR physics).
document::AutoColliderReport addCollidersAsTheCommand(gltf::GltfDocument& doc,
                                                      const import::ColliderOptions& options);

} // namespace cs::test
