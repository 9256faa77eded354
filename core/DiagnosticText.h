#pragma once

// Diagnostics as text: the one formatter every place that shows diagnostics uses (status lines, message
// boxes, the CLI's stderr).

#include "Diagnostic.h"

#include <string>
#include <utility>
#include <vector>

namespace cs {

/// How formatDiagnostics() writes a list of diagnostics.
struct DiagnosticsText
{
    enum class Line
    {
        Full,               ///< formatDiagnostic(): "error CODE at /pointer: message"
        Message,            ///< the message alone
        SeverityAndMessage, ///< "warning: message"
        CodeAndMessage      ///< "CODE: message"
    };
    Line line = Line::Full;
    bool errorsOnly = false; ///< leave out warnings and infos
    std::string prefix;      ///< put before every line, such as "model.glb: "
};

/// Every line in full (formatDiagnostic), after `prefix`.
inline DiagnosticsText fullLines(std::string prefix = {})
{
    return {DiagnosticsText::Line::Full, false, std::move(prefix)};
}
/// The messages of the errors alone.
inline DiagnosticsText errorMessages()
{
    return {DiagnosticsText::Line::Message, true, {}};
}
/// "severity: message" for every diagnostic.
inline DiagnosticsText severityAndMessages()
{
    return {DiagnosticsText::Line::SeverityAndMessage, false, {}};
}

/// "CODE: message" for every diagnostic.
inline DiagnosticsText codesAndMessages()
{
    return {DiagnosticsText::Line::CodeAndMessage, false, {}};
}

/// The diagnostics one a line as `style` says, joined with '\n' (no newline after the last; "" for none).
std::string formatDiagnostics(const Diagnostics& diagnostics, const DiagnosticsText& style = {});
/// The message of the first error, "" when there is none.
std::string firstErrorMessage(const Diagnostics& diagnostics);
/// How many of each severity: "1 error, 2 warnings, 0 infos" (every severity, each count with its noun in
/// the singular for 1 and the plural otherwise).
std::string diagnosticCounts(const Diagnostics& diagnostics);
/// The diagnostics that say the same thing (severity, code and message alike, wherever they point), as
/// lists of indices into `diagnostics`: each list in order, the lists in the order of their first member.
std::vector<std::vector<size_t>> identicalDiagnostics(const Diagnostics& diagnostics);

} // namespace cs
