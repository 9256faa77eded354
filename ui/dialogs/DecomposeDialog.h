#pragma once

#include "PlanRunner.h"
#include "dialogs/DecomposeForm.h"
#include "dialogs/DecomposeResultBox.h"
#include "dialogs/PlanDialog.h"
#include "document/DecomposeAction.h"

#include <QVector3D>
#include <memory>
#include <vector>

class QLabel;

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

/// "Decompose into Convex Parts…": the meshes of one or more nodes split into a few convex parts each
/// (document::previewDecompositions), shown in the 3D view while the parameters are tuned, and applied as
/// one undo step (document::applyDecompositions: per node a child node per part, each with a capped convex
/// shape).
///
/// The parts are computed on a worker thread (a PlanRunner; see PlanDialog for progress, Stop, the error and
/// the count of runs); every parameter change cancels the run in progress and starts a new one after a short
/// pause. Each finished result is announced with previewChanged() (one list of world-space segments per
/// part, for Viewport::setPreviewParts); closing the dialog, by Apply or Close, emits previewCleared().
/// Close pushes nothing.
///
/// While it is open the dialog follows the document: an edit that leaves the nodes' meshes as they were
/// keeps the result (the preview moves with the nodes); a changed mesh computes again; a node that goes
/// away closes the dialog. Show it non-modal (show()); deleting it also emits previewCleared().
class DecomposeDialog : public PlanDialog
{
    Q_OBJECT

public:
    /// `nodes`: the nodes whose own meshes are decomposed (nodes without a mesh are reported, not fatal
    /// while at least one has a mesh).
    DecomposeDialog(cs::document::Document* document, std::vector<size_t> nodes, QWidget* parent = nullptr);

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
    /// Each part the primitive that encloses it where one fits, as add-colliders --primitives gives it.
    void setPrimitiveParts(bool on) { m_form->setPrimitiveParts(on); }
    bool primitiveParts() const { return m_form->primitiveParts(); }
    void setResolution(int voxels) { m_form->setResolution(voxels); } ///< along the longest side, 16..256
    int resolution() const { return m_form->resolution(); }
    void setTimeBudget(double seconds) { m_form->setTimeBudget(seconds); } ///< per node; 0: no limit
    double timeBudget() const { return m_form->timeBudget(); }
    void setAddBody(bool on) { m_form->setAddBody(on); } ///< Apply makes a node in no body dynamic
    bool addBody() const { return m_form->addBody(); }
    /// The options a run uses (progress and cancel are set by the run itself).
    geometry::DecompositionOptions options() const { return m_form->options(); }

    // --- The current result (and PlanDialog's: computing, waitForResult, errorText, finishedRuns)
    bool hasResult() const override { return results() != nullptr; }
    int partCount() const { return hasResult() ? figures().parts : -1; } ///< every node's parts together
    /// The largest concavity of a part (fraction of its mesh's diagonal); -1 without a result.
    double maxConcavity() const { return hasResult() ? figures().maxConcavity : -1; }
    /// The parts' union against the meshes' closed volume (summed over the nodes); -1 without a result or
    /// when a mesh is not closed.
    double volumeRatio() const { return hasResult() ? figures().volumeRatio : -1; }
    double seconds() const { return hasResult() ? figures().seconds : -1; } ///< wall time; -1 without
    /// The parts' fit of each node's mesh, in world metres (none for a node not measured); empty without a
    /// result.
    std::vector<std::optional<geometry::FitSummary>> fits() const;
    /// The current result's primitive-first parts, one per node (null for a node without); empty without a
    /// result or without Primitives first.
    std::vector<std::shared_ptr<const geometry::PrimitiveParts>> primitives() const;
    /// Vertices of each part's hull, in preview order (0 for a primitive); empty without a result.
    std::vector<size_t> partPoints() const { return figures().partPoints; }
    /// The last preview sent: one list of world-space segment points per part (empty when none).
    const std::vector<std::vector<QVector3D>>& previewParts() const { return m_runner->preview(); }

public slots:
    /// Pushes the parts (one undo step) and closes the dialog. False, with nothing pushed, when there is no
    /// result for the current parameters or the document refuses it (the reason is shown).
    bool apply();

signals:
    /// A result is ready: per part its hull's edges in world space, two points per segment.
    void previewChanged(const std::vector<std::vector<QVector3D>>& parts);
    /// Apply pushed `parts` parts.
    void applied(size_t parts);

protected:
    QString takeResult() override;
    void showFigures() override;

private:
    /// What a run decomposes: every selected node with a mesh, and the parameters.
    struct Source
    {
        std::vector<cs::document::DecomposeInput> inputs;
        geometry::DecompositionOptions options;
        bool primitives = false; ///< document::previewPrimitiveParts
    };
    using Parts = Result<std::vector<geometry::Decomposition>>;
    using Runner = PlanRunner<Source, Parts>;
    void buildUi();
    std::shared_ptr<const Source> gather(cs::document::Document& document);
    const std::vector<geometry::Decomposition>* results() const;
    cs::document::DecompositionFigures figures() const;

    std::vector<size_t> m_nodes;
    QLabel* m_sourceLabel = nullptr;
    DecomposeForm* m_form = nullptr;
    DecomposeResultBox* m_results = nullptr;
    Runner* m_runner = nullptr; // the parts for the current parameters
    QString m_sourceError;      // the nodes the last gathering found no mesh on
};

} // namespace cs::ui
