#pragma once

// add-colliders --strategy decompose --primitives: reading the option and reporting each part's kind and the
// totals of a mesh's parts.

#include "import/AutoColliderParts.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cs::app {

/// --primitives: sets options.primitiveParts; with decompose it moves a --tolerance already read into
/// fitTolerance to partTolerance. An error message for another strategy, or auto without --tolerance.
std::optional<std::string> readPrimitiveParts(bool primitives, import::ColliderOptions& options);

/// The part's members of an add-colliders JSON entry: "kind" and "partFit", and on each part the totals
/// "primitiveParts" (parts per kind, bytes against the hulls', merges, distances in metres).
void addPartJson(const import::AddedCollider& added, nlohmann::ordered_json& entry);

} // namespace cs::app
