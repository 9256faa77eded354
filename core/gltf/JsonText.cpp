#include "gltf/JsonText.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

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

/// The text with every byte that is not part of well-formed UTF-8 written as \xNN, so that a message quoting
/// the input stays valid UTF-8 (JSON output of diagnostics refuses anything else).
std::string validUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    static const char* hex = "0123456789ABCDEF";
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        size_t length = 0;
        std::uint32_t lowest = 0;
        if (c < 0x80) {
            length = 1;
        } else if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
            lowest = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            lowest = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            lowest = 0x10000;
        }
        bool ok = length > 0 && i + length <= text.size();
        std::uint32_t code = length == 1 ? c : (c & (0x7F >> length));
        for (size_t k = 1; ok && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            ok = (next & 0xC0) == 0x80;
            code = (code << 6) | (next & 0x3F);
        }
        ok = ok && code >= lowest && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF);
        if (ok) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++i;
        }
    }
    return out;
}

/// nlohmann's what() reads "[json.exception.parse_error.101] parse error at line 1, column 7: syntax error
/// while parsing value - invalid literal; last read: 'x'"; keep the part after the position.
std::string reasonOf(const std::string& what)
{
    const size_t colon = what.find(": ");
    return validUtf8(colon == std::string::npos ? what : what.substr(colon + 2));
}

/// A hint for a parse error in a file with the signature of a known physics writer's broken output:
/// fastgltf's node writer (src/fastgltf.cpp at a31be25, lines 6282-6298) names the extension
/// "KHR_physics_rigid_body", leaves linearVelocity's '[' out and gives gravityFactor one, and never closes
/// the extension's object. Where that object was meant to end cannot be known, so the file is refused, but
/// the reader learns why.
std::string knownWriterSlip(std::string_view text)
{
    const bool misspelled = text.find("\"KHR_physics_rigid_body\":{") != std::string_view::npos;
    constexpr std::string_view key = "\"linearVelocity\":";
    const size_t velocity = text.find(key);
    const size_t value = velocity == std::string_view::npos
                             ? velocity
                             : text.find_first_not_of(" \t\r\n", velocity + key.size());
    const bool bracketless = value != std::string_view::npos && text[value] != '[';
    if (!misspelled && !bracketless)
        return {};
    return " (the file has the signature of a KHR physics writer known to break its motion objects: "
           "\"KHR_physics_rigid_body\" for KHR_physics_rigid_bodies, linearVelocity without its '[', "
           "gravityFactor as an array, an extension object left open; where those objects end cannot be "
           "known, so it is not read: write it again with a fixed writer)";
}

/// Builds the ordered tree from SAX events. ordered_json's object is a vector of pair<const key, value>;
/// growing it copies every key (a const key cannot be moved) and nlohmann's own builder also searches the
/// keys on each insertion, which together make parsing a third slower than into an unordered tree. Here each
/// open object or array collects its members in a reusable scratch frame and becomes a container of exactly
/// the right size when it closes. A key repeated within one object is kept twice (lookups find the first), so
/// even such a file is written back as it was read.
class OrderedBuilder
{
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    Json root;
    std::string error;
    size_t errorPosition = 0;
    bool tooDeep = false; ///< stopped at kMaxJsonDepth

    // Scalars are made in their place in the open frame, not as a temporary moved there.
    bool null() { return put(nullptr); }
    bool boolean(bool v) { return put(v); }
    bool number_integer(number_integer_t v) { return put(v); }
    bool number_unsigned(number_unsigned_t v) { return put(v); }
    bool number_float(number_float_t v, const string_t&) { return put(v); }
    bool string(string_t& v) { return put(std::move(v)); }
    bool binary(binary_t& v) { return put(Json::binary(std::move(v))); }

    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool key(string_t& k)
    {
        m_frames[m_depth - 1].keys.push_back(std::move(k));
        return true;
    }
    bool end_object()
    {
        Frame& f = m_frames[--m_depth];
        if (f.keys.size() > 1)
            findDuplicateKeys(f.keys);
        Json object(Json::value_t::object);
        auto& members =
            static_cast<std::vector<std::pair<const string_t, Json>>&>(object.get_ref<Json::object_t&>());
        members.reserve(f.values.size());
        for (size_t i = 0; i < f.values.size(); ++i)
            members.emplace_back(std::move(f.keys[i]), std::move(f.values[i]));
        f.keys.clear();
        f.values.clear();
        return put(std::move(object));
    }
    bool end_array()
    {
        Frame& f = m_frames[--m_depth];
        Json array(Json::value_t::array);
        auto& items = array.get_ref<Json::array_t&>();
        items.reserve(f.values.size());
        std::move(f.values.begin(), f.values.end(), std::back_inserter(items));
        f.values.clear();
        return put(std::move(array));
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        error = e.what();
        errorPosition = position;
        return false;
    }

    /// JSON_DUPLICATE_KEY warnings (at most kMaxDuplicateWarnings, then one saying how many more).
    Diagnostics duplicates;
    size_t duplicateCount = 0;
    static constexpr size_t kMaxDuplicateWarnings = 100;

private:
    struct Frame
    {
        std::vector<string_t> keys;
        std::vector<Json> values;
        bool object = false;
    };

    bool open(bool object)
    {
        if (m_depth >= size_t(kMaxJsonDepth)) {
            tooDeep = true; // parseJsonText finds where (JSON_TOO_DEEP)
            return false;
        }
        if (m_depth == m_frames.size())
            m_frames.emplace_back();
        m_frames[m_depth].object = object;
        ++m_depth;
        return true;
    }

    /// Reports each key that repeats an earlier key of the object that just closed (m_frames[m_depth]).
    void findDuplicateKeys(const std::vector<string_t>& keys)
    {
        auto report = [&](const string_t& key) {
            if (++duplicateCount > kMaxDuplicateWarnings)
                return;
            duplicates.push_back(
                makeWarning("JSON_DUPLICATE_KEY",
                            "the key '" + key +
                                "' appears more than once in one object; the first value is used (a save "
                                "writes every copy back, except of the physics keys it rewrites)",
                            pointerOfClosedObject(key)));
        };
        if (keys.size() <= 16) {
            for (size_t i = 1; i < keys.size(); ++i) {
                if (std::find(keys.begin(), keys.begin() + std::ptrdiff_t(i), keys[i]) !=
                    keys.begin() + std::ptrdiff_t(i))
                    report(keys[i]);
            }
            return;
        }
        std::vector<std::string_view> sorted(keys.begin(), keys.end());
        std::sort(sorted.begin(), sorted.end());
        for (size_t i = 1; i < sorted.size(); ++i) {
            if (sorted[i] == sorted[i - 1])
                report(string_t(sorted[i]));
        }
    }

    /// The JSON pointer of `key` in the object that just closed: its ancestors are the open frames.
    std::string pointerOfClosedObject(const string_t& key) const
    {
        std::string pointer;
        for (size_t d = 0; d < m_depth; ++d) {
            const Frame& f = m_frames[d];
            pointer = f.object ? jsonPointerAppend(pointer, f.keys.empty() ? std::string() : f.keys.back())
                               : jsonPointerAppend(pointer, f.values.size());
        }
        return jsonPointerAppend(pointer, key);
    }
    template <class Value> bool put(Value&& value)
    {
        if (m_depth == 0)
            root = Json(std::forward<Value>(value));
        else
            m_frames[m_depth - 1].values.emplace_back(std::forward<Value>(value));
        return true;
    }

    std::vector<Frame> m_frames; ///< reused across objects: their vectors keep their capacity
    size_t m_depth = 0;
};

} // namespace

Result<Json> parseJsonText(std::string_view text)
{
    using R = Result<Json>;
    // glTF forbids a UTF-8 byte order mark and lets readers ignore one (the parser skips it).
    const bool byteOrderMark = text.substr(0, 3) == "\xEF\xBB\xBF";
    size_t firstNonSpace = text.find_first_not_of(" \t\r\n", byteOrderMark ? 3 : 0);
    if (firstNonSpace == std::string_view::npos)
        return R::failure(
            makeError("JSON_EMPTY", "the file holds no JSON (it is empty or only white space)"));
    // The builder stops at the depth limit itself; the text is scanned for where only when parsing failed, so
    // a file that parses is read once. Too deep is reported before any syntax error, wherever each is.
    OrderedBuilder builder;
    bool ok = false;
    try {
        ok = Json::sax_parse(text.begin(), text.end(), &builder);
    } catch (const nlohmann::json::exception& e) {
        builder.error = e.what();
    }
    if (!ok) {
        if (const size_t at = findExcessiveDepth(text, kMaxJsonDepth);
            at != std::string_view::npos || builder.tooDeep)
            return R::failure(makeError("JSON_TOO_DEEP",
                                        "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) +
                                            " levels at " +
                                            describePosition(text, at != std::string_view::npos ? at : 0)));
        // The position is 1-based: the byte after the last one read.
        const size_t at = builder.errorPosition > 0 ? builder.errorPosition - 1 : 0;
        return R::failure(makeError("JSON_PARSE_ERROR", "invalid JSON at " + describePosition(text, at) +
                                                            ": " + reasonOf(builder.error) +
                                                            knownWriterSlip(text)));
    }
    R r;
    r.value = std::move(builder.root);
    if (byteOrderMark)
        r.diagnostics.push_back(makeWarning(
            "JSON_BYTE_ORDER_MARK", "the JSON starts with a UTF-8 byte order mark, which glTF does not "
                                    "allow; it is ignored (and not written back)"));
    r.diagnostics.insert(r.diagnostics.end(), builder.duplicates.begin(), builder.duplicates.end());
    if (builder.duplicateCount > OrderedBuilder::kMaxDuplicateWarnings)
        r.diagnostics.push_back(
            makeWarning("JSON_DUPLICATE_KEY",
                        std::to_string(builder.duplicateCount - OrderedBuilder::kMaxDuplicateWarnings) +
                            " more keys repeat within their objects"));
    return r;
}

const Json& jsonMember(const Json& object, std::string_view key)
{
    static const Json none;
    if (!object.is_object())
        return none;
    const auto it = object.find(key);
    return it == object.end() ? none : *it;
}

std::string dumpJsonText(const Json& json, int indent)
{
    // Strings were validated as UTF-8 when parsed; edits made through the API could still carry bad bytes,
    // and those are replaced rather than allowed to throw out of a save.
    return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace cs::gltf
