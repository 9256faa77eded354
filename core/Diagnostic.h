#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs {

enum class Severity
{
    Info,
    Warning,
    Error
};

/// One finding about a file: what is wrong, how bad it is, and where (a JSON pointer into the glTF JSON,
/// e.g. "/accessors/3/bufferView", or "" when the problem is with the file as a whole). `code` is stable and
/// machine-readable (UPPER_SNAKE_CASE); `message` is a sentence for people.
struct Diagnostic
{
    Severity severity = Severity::Error;
    std::string code;
    std::string message;
    std::string pointer;

    bool operator==(const Diagnostic&) const = default;
};

using Diagnostics = std::vector<Diagnostic>;

const char* severityName(Severity s);
bool hasErrors(const Diagnostics& diagnostics);
/// The first diagnostic with this code, or nullptr.
const Diagnostic* findDiagnostic(const Diagnostics& diagnostics, const std::string& code);
/// "error GLB_TRUNCATED at /buffers/0: message" (the pointer part is left out when empty).
std::string formatDiagnostic(const Diagnostic& d);

/// A JSON pointer built from tokens, escaping '~' and '/' as RFC 6901 says.
std::string jsonPointer(std::initializer_list<std::string> tokens);
std::string jsonPointerAppend(const std::string& base, const std::string& token);
std::string jsonPointerAppend(const std::string& base, size_t index);

/// A value or the reasons there is none. Diagnostics may be present alongside a value (warnings, or errors
/// the value survived, such as a bad accessor in a file that still opens).
template <class T> struct Result
{
    std::optional<T> value;
    Diagnostics diagnostics;

    explicit operator bool() const { return value.has_value(); }
    T& operator*() { return *value; }
    const T& operator*() const { return *value; }
    T* operator->() { return &*value; }
    const T* operator->() const { return &*value; }

    static Result failure(Diagnostic d)
    {
        Result r;
        r.diagnostics.push_back(std::move(d));
        return r;
    }
};

inline Diagnostic makeError(std::string code, std::string message, std::string pointer = {})
{
    return {Severity::Error, std::move(code), std::move(message), std::move(pointer)};
}
inline Diagnostic makeWarning(std::string code, std::string message, std::string pointer = {})
{
    return {Severity::Warning, std::move(code), std::move(message), std::move(pointer)};
}
inline Diagnostic makeInfo(std::string code, std::string message, std::string pointer = {})
{
    return {Severity::Info, std::move(code), std::move(message), std::move(pointer)};
}

} // namespace cs
