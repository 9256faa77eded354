#include "Diagnostic.h"

#include "DiagnosticText.h"

#include <algorithm>
#include <map>
#include <tuple>

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

std::string formatDiagnostics(const Diagnostics& diagnostics, const DiagnosticsText& style)
{
    std::string out;
    bool first = true;
    for (const auto& d : diagnostics) {
        if (style.errorsOnly && d.severity != Severity::Error)
            continue;
        if (!first)
            out += '\n';
        first = false;
        out += style.prefix;
        switch (style.line) {
        case DiagnosticsText::Line::Full:
            out += formatDiagnostic(d);
            break;
        case DiagnosticsText::Line::Message:
            out += d.message;
            break;
        case DiagnosticsText::Line::SeverityAndMessage:
            out += severityName(d.severity);
            out += ": ";
            out += d.message;
            break;
        case DiagnosticsText::Line::CodeAndMessage:
            out += d.code;
            out += ": ";
            out += d.message;
            break;
        }
    }
    return out;
}

std::string firstErrorMessage(const Diagnostics& diagnostics)
{
    const auto it = std::find_if(diagnostics.begin(), diagnostics.end(),
                                 [](const Diagnostic& d) { return d.severity == Severity::Error; });
    return it == diagnostics.end() ? std::string() : it->message;
}

std::string diagnosticCounts(const Diagnostics& diagnostics)
{
    const auto counted = [&](Severity severity, const char* noun) {
        const auto n = std::count_if(diagnostics.begin(), diagnostics.end(),
                                     [severity](const Diagnostic& d) { return d.severity == severity; });
        return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
    };
    return counted(Severity::Error, "error") + ", " + counted(Severity::Warning, "warning") + ", " +
           counted(Severity::Info, "info");
}

std::vector<std::vector<size_t>> identicalDiagnostics(const Diagnostics& diagnostics)
{
    std::vector<std::vector<size_t>> groups;
    std::map<std::tuple<Severity, std::string, std::string>, size_t> groupOf;
    for (size_t i = 0; i < diagnostics.size(); ++i) {
        const Diagnostic& d = diagnostics[i];
        const auto [at, added] = groupOf.try_emplace({d.severity, d.code, d.message}, groups.size());
        if (added)
            groups.emplace_back();
        groups[at->second].push_back(i);
    }
    return groups;
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
