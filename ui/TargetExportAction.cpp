#include "TargetExportAction.h"

#include "DiagnosticText.h"
#include "Prompter.h"
#include "document/Document.h"
#include "gltf/GltfDocument.h"
#include "targets/TargetExport.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>

namespace cs::ui {

namespace {

/// "<folder>/<name>-<target>.glb" beside the document's file ("untitled-<target>.glb" without one).
QString suggestedPath(const document::Document& document, const QString& target)
{
    const QFileInfo file(QString::fromStdString(document.filePath().string()));
    const QString base = document.filePath().empty() ? QStringLiteral("untitled") : file.completeBaseName();
    const QString folder = document.filePath().empty() ? QDir::currentPath() : file.absolutePath();
    return QDir(folder).filePath(base + QLatin1Char('-') + target + QStringLiteral(".glb"));
}

} // namespace

QString exportDocumentForTarget(const document::Document& document, Prompter& prompter,
                                const targets::Target& target)
{
    const QString name = QString::fromStdString(target.name);
    const QString title = QObject::tr("Export For %1").arg(name);
    const targets::TargetExportResult exported = targets::exportForTarget(document.snapshot(), target);
    if (exported.unusable) {
        prompter.reportError(title,
                             QObject::tr("The export for %1 failed:\n%2")
                                 .arg(name, QString::fromStdString(formatDiagnostics(exported.changes))));
        return QObject::tr("Not exported for %1: the export failed").arg(name);
    }
    if (!prompter.confirmTargetExport(name, exported.changes, exported.losses))
        return exported.losses.empty() ? QObject::tr("Export for %1 cancelled").arg(name)
                                       : QObject::tr("Not exported: %1 cannot hold %n item(s) of this file",
                                                     nullptr, int(exported.losses.size()))
                                             .arg(name);
    const QString path = prompter.chooseSavePath(suggestedPath(document, name),
                                                 QObject::tr("glTF binary (*.glb);;glTF (*.gltf)"));
    if (path.isEmpty())
        return QObject::tr("Export for %1 cancelled").arg(name);
    const Diagnostics saved = gltf::saveGltf(exported.document, path.toStdString());
    if (hasErrors(saved)) {
        prompter.reportError(title, QObject::tr("Could not write %1:\n%2")
                                        .arg(path, QString::fromStdString(formatDiagnostics(saved))));
        return QObject::tr("Not exported: could not write %1").arg(path);
    }
    return QObject::tr("Exported %1 for %2 (%n change(s))", nullptr, int(exported.changes.size()))
        .arg(QFileInfo(path).fileName(), name);
}

} // namespace cs::ui
