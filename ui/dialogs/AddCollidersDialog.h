#pragma once

#include "PlanRunner.h"
#include "dialogs/AddCollidersForm.h"
#include "document/AutoColliderActions.h"

#include <QDialog>
#include <optional>
#include <vector>

class QPushButton;
class QTextEdit;

namespace cs::ui {

class JobProgress;

/// "Add Colliders to All Meshes": a collider on every mesh node (or those whose name matches a wildcard, or
/// the selected ones), with the strategies of the add-colliders command (box, obb, sphere, capsule, hull,
/// trimesh, simplified, decompose, auto), applied through the document as one undo step
/// (document::applyAutoColliders, the action the command runs).
///
/// "Add" gathers the meshes, fits them on a worker thread (a PlanRunner; progress bar, Stop), then pushes
/// the result and shows a summary; the dialog stays open for another run until it is closed.
class AddCollidersDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AddCollidersDialog(cs::document::Document* document, QWidget* parent = nullptr);
    ~AddCollidersDialog() override;

    // --- Options: the dialog's controls (AddCollidersForm says what each means)
    void setStrategy(cs::import::ColliderStrategy strategy) { m_form->setStrategy(strategy); }
    cs::import::ColliderStrategy strategy() const { return m_form->strategy(); }
    void setMaxPoints(int points) { m_form->setMaxPoints(points); }
    void setTolerance(double fraction) { m_form->setTolerance(fraction); }
    void setFitTolerance(std::optional<double> metres) { m_form->setFitTolerance(metres); }
    void setSkipExisting(bool on) { m_form->setSkipExisting(on); }
    void setNodePattern(const QString& pattern) { m_form->setNodePattern(pattern); }
    void setNodes(std::vector<size_t> nodes) { m_form->setNodes(std::move(nodes)); }
    void setMaxError(double metres) { m_form->setMaxError(metres); }
    void setHullCopy(bool on) { m_form->setHullCopy(on); }
    void setMaxParts(int parts) { m_form->setMaxParts(parts); }
    void setConcavity(double fraction) { m_form->setConcavity(fraction); }
    void setPrimitiveParts(bool on) { m_form->setPrimitiveParts(on); }
    void setMotion(std::optional<physics::MotionType> motion) { m_form->setMotion(motion); }
    document::AutoColliderOptions options() const { return m_form->options(); }

    // --- Running
    bool isRunning() const;
    /// Runs the event loop until the run in progress is over or `milliseconds` passed; true when it is over.
    bool waitForFinished(int milliseconds);
    /// The last run's outcome (empty before the first run).
    const document::AutoColliderReport& report() const { return m_report; }
    /// The last run's summary, as the dialog shows it.
    QString summary() const;

public slots:
    /// "Add": gathers, fits off the GUI thread, then applies as one undo step.
    void start();
    /// Stops the run in progress; nothing is pushed.
    void stop();
    /// Close: stops a run in progress first.
    void reject() override;

signals:
    /// A run is over (applied, stopped or failed); see report().
    void finished();

private:
    using Runner = PlanRunner<document::AutoColliderInput, document::AutoColliderPlan>;
    QWidget* buildButtons();
    void runFinished();
    void setRunning(bool running);

    AddCollidersForm* m_form = nullptr;
    JobProgress* m_progress = nullptr;
    QPushButton* m_add = nullptr;
    QTextEdit* m_summary = nullptr;

    Runner* m_runner = nullptr; // the fits of the run in progress
    document::AutoColliderReport m_report;
};

} // namespace cs::ui
