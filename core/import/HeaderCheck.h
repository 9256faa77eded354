#pragma once

#include "Diagnostic.h"

#include <filesystem>
#include <optional>

namespace cs::import {

/// Checks the element counts a text header declares against the file's size, before Assimp reads the file:
/// Assimp reserves memory for the declared counts, so a header claiming billions of vertices in a small
/// file would exhaust memory instead of failing. Handles OFF (first word ending in "OFF", then the vertex
/// and face counts: each vertex takes at least 6 bytes, "0 0 0\n", each face at least 2) and PLY (every
/// `element NAME COUNT` up to `end_header`, each entry at least 2 bytes a property in ASCII, its types'
/// sizes in binary). Returns an IMPORT_FAILED error naming the file and the counts when the file is too
/// small to hold them; nullopt for files that pass, are not of a checked format, or whose header is not
/// readable text (left to Assimp).
std::optional<Diagnostic> declaredCountsBeyondSize(const std::filesystem::path& path);

} // namespace cs::import
