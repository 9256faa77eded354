#include "TargetExporter.h"

#include "BackgroundJob.h"
#include "DiagnosticText.h"
#include "Prompter.h"
#include "document/Document.h"
#include "gltf/GltfDocument.h"
#include "targets/TargetExport.h"

#include <QDir>
#include <QFileInfo>
#include <memory>

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

TargetExporter::TargetExporter(Prompter& prompter, QObject* parent)
    : QObject(parent), m_prompter(prompter), m_job(new BackgroundJob<targets::TargetExportResult>(this))
{
    m_job->setOnFinished([this](const targets::TargetExportResult& exported) {
        emit runningChanged(false);
        finish(exported);
    });
    connect(m_job, &BackgroundJobBase::progressChanged, this, [this](double fraction) {
        emit statusMessage(tr("Exporting for %1... %2%").arg(m_target).arg(int(fraction * 100)));
    });
}

void TargetExporter::start(const document::Document& document, const targets::Target& target)
{
    m_target = QString::fromStdString(target.name);
    m_suggestion = suggestedPath(document, m_target);
    // The snapshot is taken here, on the GUI thread; the export reads only it.
    auto snapshot = std::make_shared<gltf::GltfDocument>(document.snapshot());
    m_job->start([snapshot, &target](const JobToken& token) {
        targets::ExportWork work;
        work.progress = token.progressReport();
        work.cancel = token.cancelFlag();
        return targets::exportForTarget(std::move(*snapshot), target, work);
    });
    emit runningChanged(true);
    emit statusMessage(tr("Exporting for %1...").arg(m_target));
}

void TargetExporter::cancel()
{
    if (!m_job->isRunning())
        return;
    m_job->cancel();
    emit runningChanged(false);
    emit statusMessage(tr("Export for %1 stopped: nothing was written").arg(m_target));
}

bool TargetExporter::isRunning() const
{
    return m_job->isRunning();
}

bool TargetExporter::waitForFinished(int milliseconds)
{
    return m_job->waitForIdle(milliseconds);
}

void TargetExporter::finish(const targets::TargetExportResult& exported)
{
    const QString& name = m_target;
    const QString title = tr("Export For %1").arg(name);
    if (exported.unusable) {
        m_prompter.reportError(title,
                               tr("The export for %1 failed:\n%2")
                                   .arg(name, QString::fromStdString(formatDiagnostics(exported.changes))));
        emit statusMessage(tr("Not exported for %1: the export failed").arg(name));
        return;
    }
    if (!m_prompter.confirmTargetExport(name, exported.changes, exported.losses)) {
        emit statusMessage(exported.losses.empty()
                               ? tr("Export for %1 cancelled").arg(name)
                               : tr("Not exported: %1 cannot hold %n item(s) of this file", nullptr,
                                    int(exported.losses.size()))
                                     .arg(name));
        return;
    }
    const QString path = m_prompter.chooseSavePath(m_suggestion, tr("glTF binary (*.glb);;glTF (*.gltf)"));
    if (path.isEmpty()) {
        emit statusMessage(tr("Export for %1 cancelled").arg(name));
        return;
    }
    const Diagnostics saved = gltf::saveGltf(exported.document, path.toStdString());
    if (hasErrors(saved)) {
        m_prompter.reportError(
            title, tr("Could not write %1:\n%2").arg(path, QString::fromStdString(formatDiagnostics(saved))));
        emit statusMessage(tr("Not exported: could not write %1").arg(path));
        return;
    }
    emit statusMessage(tr("Exported %1 for %2 (%n change(s))", nullptr, int(exported.changes.size()))
                           .arg(QFileInfo(path).fileName(), name));
}

} // namespace cs::ui
