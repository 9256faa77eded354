#pragma once

#include "dialogs/DecomposeForm.h"
#include "document/DecomposeAction.h"

#include <QDialog>
#include <QPointer>
#include <QVector3D>
#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTimer;

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

template <class Result> class BackgroundJob;
class JobResultBox;

/// "Decompose into Convex Parts…": the meshes of one or more nodes split into a few convex parts each
/// (document::previewDecomposition), shown in the 3D view while the parameters are tuned, and applied as one
/// undo step (document::applyDecomposition: per node a child node per part, each with a capped convex
/// shape).
///
/// The parts are computed on a worker thread with progress and a Stop button; every parameter change cancels
/// the run in progress and starts a new one after a short pause. Each finished result is announced with
/// previewChanged() (one list of world-space segments per part, for Viewport::setPreviewParts); closing the
/// dialog, by Apply or Close, emits previewCleared(). Close pushes nothing.
///
/// While it is open the dialog follows the document: an edit that leaves the nodes' meshes as they were
/// keeps the result (the preview moves with the nodes); a changed mesh computes again; a node that goes
/// away closes the dialog. Show it non-modal (show()); deleting it also emits previewCleared().
class DecomposeDialog : public QDialog
{
    Q_OBJECT

public:
    /// `nodes`: the nodes whose own meshes are decomposed (nodes without a mesh are reported, not fatal
    /// while at least one has a mesh).
    DecomposeDialog(cs::document::Document* document, std::vector<size_t> nodes, QWidget* parent = nullptr);
    ~DecomposeDialog() override;

    const std::vector<size_t>& nodes() const { return m_nodes; }

    // --- Parameters (the dialog's controls, DecomposeForm; every change computes again)
    void setConcavity(double fraction) { m_form->setConcavity(fraction); } ///< of the diagonal, 0.001..0.5
    double concavity() const { return m_form->concavity(); }
    void setMaxParts(int parts) { m_form->setMaxParts(parts); } ///< 1..128 per node
    int maxParts() const { return m_form->maxParts(); }
    void setPointsPerPart(int points) { m_form->setPointsPerPart(points); } ///< 4..255 (preset 64)
    int pointsPerPart() const { return m_form->pointsPerPart(); }
    void setMerge(bool on) { m_form->setMerge(on); }
    bool merge() const { return m_form->merge(); }
    void setResolution(int voxels) { m_form->setResolution(voxels); } ///< along the longest side, 16..256
    int resolution() const { return m_form->resolution(); }
    void setTimeBudget(double seconds) { m_form->setTimeBudget(seconds); } ///< per node; 0: no limit
    double timeBudget() const { return m_form->timeBudget(); }
    void setAddBody(bool on) { m_form->setAddBody(on); } ///< Apply makes a node in no body dynamic
    bool addBody() const { return m_form->addBody(); }
    /// The options a run uses (progress and cancel are set by the run itself).
    geometry::DecompositionOptions options() const { return m_form->options(); }

    // --- The current result
    bool isComputing() const;
    bool hasResult() const { return m_result != nullptr; }
    /// Runs the event loop until the current computation is over or `milliseconds` passed; hasResult().
    bool waitForResult(int milliseconds);
    int partCount() const; ///< every node's parts together; -1 without a result
    /// The largest concavity of a part (fraction of its mesh's diagonal); -1 without a result.
    double maxConcavity() const;
    /// The parts' union against the meshes' closed volume (summed over the nodes); -1 without a result or
    /// when a mesh is not closed.
    double volumeRatio() const;
    double seconds() const; ///< wall time of the decompositions; -1 without a result
    /// The parts' fit of each node's mesh, in world metres (none for a node not measured); empty without a
    /// result.
    std::vector<std::optional<geometry::FitSummary>> fits() const;
    /// Vertices of each part's hull, in preview order; empty without a result.
    std::vector<size_t> partPoints() const;
    QString errorText() const; ///< why there is no result (no mesh, stopped...), else empty
    /// The last preview sent: one list of world-space segment points per part (empty when none).
    const std::vector<std::vector<QVector3D>>& previewParts() const { return m_preview; }
    /// How many computations delivered a result or an error (cancelled ones do not count).
    int finishedRuns() const { return m_finishedRuns; }

public slots:
    /// Pushes the parts (one undo step) and closes the dialog. False, with nothing pushed, when there is no
    /// result for the current parameters or the document refuses it (the reason is shown).
    bool apply();
    /// Stops the computation in progress (the dialog stays open without a result).
    void stopComputing();
    /// Computes for the current parameters now; a run in progress is cancelled.
    void recompute();

signals:
    /// A result is ready: per part its hull's edges in world space, two points per segment.
    void previewChanged(const std::vector<std::vector<QVector3D>>& parts);
    /// The preview should go.
    void previewCleared();
    /// A computation for the current parameters finished, with parts or an error.
    void resultReady();
    /// Apply pushed `parts` parts.
    void applied(size_t parts);

protected:
    void done(int result) override;

private:
    struct Run;
    struct Outcome;
    void buildUi();
    void optionsChanged();
    void gatherInputs();
    void startRun();
    void runFinished(Run run);
    void showResult();
    void showFigures();
    void sendPreview();
    void clearPreview();
    void followDocument();

    QPointer<cs::document::Document> m_document;
    std::vector<size_t> m_nodes;
    bool m_closed = false;

    QLabel* m_sourceLabel = nullptr;
    DecomposeForm* m_form = nullptr;
    JobResultBox* m_results = nullptr;
    QLabel* m_partsLabel = nullptr;
    QLabel* m_concavityLabel = nullptr;
    QLabel* m_volumeLabel = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_fitLabel = nullptr;
    QPushButton* m_apply = nullptr;
    QTimer* m_restart = nullptr; // coalesces parameter changes into one run
    QTimer* m_follow = nullptr;  // coalesces document edits

    std::vector<cs::document::DecomposeInput> m_inputs; // the nodes with a mesh
    QString m_sourceError;
    BackgroundJob<Run>* m_job = nullptr; // the parts for the current parameters
    std::shared_ptr<const Outcome> m_result;
    QString m_error;
    std::vector<std::vector<QVector3D>> m_preview;
    int m_finishedRuns = 0;
};

} // namespace cs::ui
