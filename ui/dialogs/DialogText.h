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

/// "1 collider", "3 colliders".
inline QString countText(qsizetype n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

} // namespace cs::ui
