#pragma once

// Texts the tool dialogs share: the errors of a result.

#include "Diagnostic.h"
#include "document/Document.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace cs::ui {

/// The messages of the errors among `diagnostics`, one a line (empty when there is none).
inline QString errorLines(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& d : diagnostics) {
        if (d.severity == Severity::Error)
            lines << QString::fromStdString(d.message);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace cs::ui
