#pragma once

#include "gltf/GltfDocument.h"

#include <string>
#include <string_view>

namespace cs::gltf {

/// Deepest nesting of arrays and objects accepted. glTF files nest a dozen levels; the limit keeps recursive
/// consumers (dump, validators) far from the stack's end on hostile input.
inline constexpr int kMaxJsonDepth = 256;

/// Parses glTF JSON text. Errors (code JSON_PARSE_ERROR, JSON_TOO_DEEP, JSON_EMPTY) say where: line, column
/// and byte offset, and what was expected. Invalid UTF-8 and numbers out of double range are parse errors.
Result<Json> parseJsonText(std::string_view text);

/// object[key] when `object` is an object with that member, else a null value that lives as long as the
/// program. Unlike Json::value(key, default), which returns a copy, this reads in place: a conditional such
/// as `ok ? doc["nodes"] : Json()` copies the whole array too, because its result is a temporary.
const Json& jsonMember(const Json& object, std::string_view key);

/// The JSON as text: compact when indent < 0. Non-ASCII is written as UTF-8, as read.
std::string dumpJsonText(const Json& json, int indent);

} // namespace cs::gltf
