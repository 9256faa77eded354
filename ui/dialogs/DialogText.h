#pragma once

// Texts the tool dialogs share: a node's title and the errors of a result.

#include "Diagnostic.h"
#include "document/Document.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace cs::ui {

/// The node's name, or "Node N" when it has none.
inline QString nodeTitle(const document::Document& document, size_t node)
{
    const gltf::Json* n = document.gltf().element("nodes", node);
    if (n && n->contains("name") && (*n)["name"].is_string())
        return QString::fromStdString((*n)["name"].get<std::string>());
    return QObject::tr("Node %1").arg(node);
}

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
