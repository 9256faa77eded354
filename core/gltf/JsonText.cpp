#include "gltf/JsonText.h"

namespace cs::gltf {

namespace {

/// Line and column (1-based) of a byte offset.
std::string describePosition(std::string_view text, size_t offset)
{
    offset = std::min(offset, text.size());
    size_t line = 1;
    size_t lineStart = 0;
    for (size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1) + " (byte " +
           std::to_string(offset) + ")";
}

/// Byte offset where nesting first exceeds the limit, or npos. Skips string contents.
size_t findExcessiveDepth(std::string_view text, int limit)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string_view::npos;
}

/// nlohmann's what() reads "[json.exception.parse_error.101] parse error at line 1, column 7: syntax error while
/// parsing value - invalid literal; last read: 'x'"; keep the part after the position.
std::string reasonOf(const std::string& what)
{
    const size_t colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

} // namespace

Result<Json> parseJsonText(std::string_view text)
{
    using R = Result<Json>;
    size_t firstNonSpace = text.find_first_not_of(" \t\r\n");
    if (firstNonSpace == std::string_view::npos)
        return R::failure(makeError("JSON_EMPTY", "the file holds no JSON (it is empty or only white space)"));
    if (const size_t at = findExcessiveDepth(text, kMaxJsonDepth); at != std::string_view::npos)
        return R::failure(makeError("JSON_TOO_DEEP", "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) +
                                                         " levels at " + describePosition(text, at)));
    try {
        R r;
        r.value = Json::parse(text.begin(), text.end());
        return r;
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is 1-based: the byte after the last one read.
        const size_t at = e.byte > 0 ? e.byte - 1 : 0;
        return R::failure(makeError("JSON_PARSE_ERROR",
                                    "invalid JSON at " + describePosition(text, at) + ": " + reasonOf(e.what())));
    } catch (const nlohmann::json::exception& e) {
        return R::failure(makeError("JSON_PARSE_ERROR", "invalid JSON: " + reasonOf(e.what())));
    }
}

std::string dumpJsonText(const Json& json, int indent)
{
    // Strings were validated as UTF-8 when parsed; edits made through the API could still carry bad bytes, and
    // those are replaced rather than allowed to throw out of a save.
    return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace cs::gltf
