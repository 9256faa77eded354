#pragma once

// File > Export For > (a target): a copy of the document written as the engine reads it best
// (targets::exportForTarget, the same export as `collidoscope upgrade --target`). The export (which may
// decompose meshes) runs off the GUI thread, its progress on the status line, and can be stopped; then the
// changes and what the target cannot hold are shown, a path is asked and the copy written. The open document
// and its file stay as they are.

#include <QObject>
#include <QString>

namespace cs::document {
class Document;
}
namespace cs::targets {
struct Target;
struct TargetExportResult;
} // namespace cs::targets

namespace cs::ui {

class Prompter;
template <class Result> class BackgroundJob;

class TargetExporter : public QObject
{
    Q_OBJECT

public:
    /// `prompter` asks the questions (not owned; it outlives the exporter).
    explicit TargetExporter(Prompter& prompter, QObject* parent = nullptr);

    /// Exports `document` as a save would write it (unsaved edits included) for `target`: the export off the
    /// GUI thread, then the prompter confirms the listed changes and losses and gives a path (suggested
    /// beside the document's file as "<name>-<target>.glb"), then the copy is written atomically. A new start
    /// supersedes a run in progress.
    void start(const document::Document& document, const targets::Target& target);
    bool isRunning() const;
    /// Stops the export under way (its decompositions stop at once); nothing is written.
    void cancel();
    /// Runs the event loop until the run is over or `milliseconds` passed; true when it is over.
    bool waitForFinished(int milliseconds);

signals:
    /// What was written, or why nothing was (a refusal, a cancel or a failure, which the prompter also
    /// reports).
    void statusMessage(const QString& text);
    /// An export started (true) or ended, was written, refused or stopped (false).
    void runningChanged(bool running);

private:
    void finish(const targets::TargetExportResult& exported);

    Prompter& m_prompter;
    BackgroundJob<targets::TargetExportResult>* m_job = nullptr;
    QString m_target;     ///< the running export's target name
    QString m_suggestion; ///< and the path suggested for it
};

} // namespace cs::ui
