#pragma once

// Texts the tool dialogs share: the errors of a result.

#include "Diagnostic.h"
#include "DiagnosticText.h"
#include "document/Document.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace cs::ui {

/// The messages of the errors among `diagnostics`, one a line (empty when there is none).
inline QString errorLines(const Diagnostics& diagnostics)
{
    return QString::fromStdString(formatDiagnostics(diagnostics, errorMessages()));
}

} // namespace cs::ui
