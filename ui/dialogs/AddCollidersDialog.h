#pragma once

#include "document/AutoColliderActions.h"

#include <QDialog>
#include <QPointer>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextEdit;

namespace cs::ui {

template <class Result> class BackgroundJob;

/// "Add Colliders to All Meshes": a collider on every mesh node (or those whose name matches a wildcard, or
/// the selected ones), with the strategies of the add-colliders command (box, obb, sphere, capsule, hull,
/// trimesh, simplified, decompose, auto), applied through the document as one undo step
/// (document::applyAutoColliders, the action the command runs).
///
/// "Add" gathers the meshes, fits them on a worker thread (progress bar, Stop), then pushes the result and
/// shows a summary; the dialog stays open for another run until it is closed.
class AddCollidersDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AddCollidersDialog(cs::document::Document* document, QWidget* parent = nullptr);
    ~AddCollidersDialog() override;

    // --- Options (the dialog's controls)
    void setStrategy(import::ColliderStrategy strategy);
    import::ColliderStrategy strategy() const;
    void setMaxPoints(int points); ///< hull vertex cap, 4..255
    void
    setTolerance(double fraction); ///< auto: how much larger than the hull a primitive may be (0.15 = 15%)
    /// auto: choose by the measured fit within this distance (metres) instead of the volume rule; nothing:
    /// the volume rule (the fallback, as the add-colliders command without --tolerance).
    void setFitTolerance(std::optional<double> metres);
    void setSkipExisting(bool on);
    void setNodePattern(const QString& pattern); ///< shell wildcard on node names; "*" or empty: every node
    /// Exactly these nodes (the pattern is then not used); empty: the pattern decides.
    void setNodes(std::vector<size_t> nodes);
    void setMaxError(double metres); ///< simplified: the largest deviation of the collision mesh
    /// Hull and auto: also try the hull of a copy simplified within the largest error (setMaxError).
    void setHullCopy(bool on);
    void setMaxParts(int parts);        ///< decompose: the most parts per mesh, 1..256
    void setConcavity(double fraction); ///< decompose: of the mesh's bounding-box diagonal, 0.001..0.999
    /// The motion given to mesh nodes not inside a body; nothing: static colliders without a body.
    void setMotion(std::optional<physics::MotionType> motion);
    /// The options as the controls say.
    document::AutoColliderOptions options() const;

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
    void addFitFields(QFormLayout* form);
    void addPartFields(QFormLayout* form);
    void addNodeFields(QFormLayout* form);
    QWidget* buildProgressRow();
    QWidget* buildButtons();
    void runFinished(const document::AutoColliderPlan& plan);
    void setRunning(bool running);
    void followPointDefault();

    QPointer<cs::document::Document> m_document; // closing the document closes the dialog
    QComboBox* m_strategy = nullptr;
    QSpinBox* m_maxPoints = nullptr;
    import::ColliderStrategy m_pointsStrategy = import::ColliderStrategy::Auto; ///< whose default it shows
    QDoubleSpinBox* m_tolerance = nullptr;
    QCheckBox* m_byFit = nullptr;
    QDoubleSpinBox* m_fitTolerance = nullptr;
    QDoubleSpinBox* m_maxError = nullptr;
    QCheckBox* m_hullCopy = nullptr;
    QComboBox* m_axis = nullptr; ///< capsule and auto's capsule: the node axis
    QSpinBox* m_maxParts = nullptr;
    QDoubleSpinBox* m_concavity = nullptr;
    std::vector<size_t> m_nodes;
    QCheckBox* m_skipExisting = nullptr;
    QLineEdit* m_pattern = nullptr;
    QComboBox* m_motion = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_stop = nullptr;
    QPushButton* m_close = nullptr;
    QTextEdit* m_summary = nullptr;

    BackgroundJob<document::AutoColliderPlan>* m_job = nullptr; // the fits of the run in progress
    document::AutoColliderReport m_report;
};

} // namespace cs::ui
