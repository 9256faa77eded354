#include "Diagnostic.h"

#include <algorithm>

namespace cs {

const char* severityName(Severity s)
{
    switch (s) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    }
    return "error";
}

bool hasErrors(const Diagnostics& diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

const Diagnostic* findDiagnostic(const Diagnostics& diagnostics, const std::string& code)
{
    for (const auto& d : diagnostics) {
        if (d.code == code)
            return &d;
    }
    return nullptr;
}

std::string formatDiagnostic(const Diagnostic& d)
{
    std::string out = severityName(d.severity);
    out += ' ';
    out += d.code;
    if (!d.pointer.empty()) {
        out += " at ";
        out += d.pointer;
    }
    out += ": ";
    out += d.message;
    return out;
}

std::string jsonPointerAppend(const std::string& base, const std::string& token)
{
    std::string out = base;
    out += '/';
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string jsonPointerAppend(const std::string& base, size_t index)
{
    return base + '/' + std::to_string(index);
}

std::string jsonPointer(std::initializer_list<std::string> tokens)
{
    std::string out;
    for (const auto& t : tokens)
        out = jsonPointerAppend(out, t);
    return out;
}

} // namespace cs
