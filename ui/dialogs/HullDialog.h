#pragma once

#include "PlanRunner.h"
#include "dialogs/HullForm.h"
#include "dialogs/HullResultBox.h"
#include "dialogs/PlanDialog.h"
#include "document/HullPlan.h"

#include <QVector3D>
#include <memory>
#include <vector>

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

/// "Convex Hull…": a capped convex hull of a node's mesh (optionally with the meshes of the nodes below it,
/// brought into the node's space), previewed in the 3D view while the options are tuned, and applied as one
/// undo step (document/HullPlan.h: gatherHullSource, planHull, applyHull).
///
/// The hull is computed on a worker thread (a PlanRunner; see PlanDialog for progress, Stop, the error and
/// the count of runs), and every change of an option cancels the run in progress and starts a new one after
/// a short pause. Each finished hull is announced with previewChanged() (world-space segments for
/// Viewport::setPreviewLines); closing the dialog, by Apply or Cancel, emits previewCleared(). Cancel pushes
/// nothing.
///
/// The dialog follows the document while it is open: after an edit that changes the node's points the hull
/// is recomputed, after any other the preview moves with the node; when the node goes away, the dialog
/// closes. Show it non-modal (show()) so that the view can be turned while the options are tuned; deleting it
/// also emits previewCleared() when it was not closed first. When the document is destroyed, the dialog
/// closes (rejected).
class HullDialog : public PlanDialog
{
    Q_OBJECT

public:
    enum class Destination
    {
        NewChildNode, ///< a new child node carrying the hull collider
        NodeCollider, ///< the node's own collider (its shape is replaced; a collider is added if it has none)
    };

    HullDialog(cs::document::Document* document, size_t node, QWidget* parent = nullptr);

    size_t node() const { return m_node; }

    // --- Options (the dialog's controls, HullForm; every change recomputes)
    void setMaxPoints(int points) { m_form->setMaxPoints(points); } ///< clamped to 4..255
    int maxPoints() const { return m_form->maxPoints(); }
    void setConservative(bool on) { m_form->setConservative(on); } ///< false: inner hull (mesh points)
    bool conservative() const { return m_form->conservative(); }
    void setMaxFaces(int faces) { m_form->setMaxFaces(faces); } ///< conservative: clamped to 4..255
    int maxFaces() const { return m_form->maxFaces(); }
    /// Conservative: the hull's counts and its volume against the full hull and the oriented box.
    const std::optional<geometry::EnclosureFigures>& enclosed() const { return m_results->enclosed(); }
    void setIncludeChildren(bool on) { m_form->setIncludeChildren(on); }
    bool includeChildren() const { return m_form->includeChildren(); }
    void setDestination(Destination d) { m_form->setOnCollider(d == Destination::NodeCollider); }
    Destination destination() const
    {
        return m_form->onCollider() ? Destination::NodeCollider : Destination::NewChildNode;
    }
    void setTrigger(bool on) { m_form->setTrigger(on); }
    bool trigger() const { return m_form->trigger(); }
    /// Also make the hull of a copy of the node's mesh simplified within `metres` (world) and keep the closer
    /// one (geometry::chooseHullWithSimplifiedCopy); none: the hull of every point only.
    void setSimplifyFirst(std::optional<double> metres) { m_form->setSimplifyFirst(metres); }

    // --- The current result (and PlanDialog's: computing, waitForResult, errorText, finishedRuns)
    bool hasResult() const override { return hull() != nullptr; }
    int pointCount() const { return hull() ? int(hull()->quality.vertexCount) : -1; } ///< -1 without a hull
    /// Hull volume / volume of the full hull of the source points; -1 without a result.
    double volumeKept() const { return hull() ? hull()->quality.volumeRatio : -1.0; }
    /// Of a source point beyond the hull (0 for conservative); -1 without a result.
    double maxOutsideDistance() const { return hull() ? hull()->quality.maxOutsideDistance : -1.0; }
    /// The result's fit against the node's own mesh, in world metres (none without a result, or when the
    /// hull is of the meshes below the node too).
    const std::optional<geometry::FitSummary>& fit() const { return m_results->fit(); }
    bool capped() const { return hull() && hull()->quality.capped; } ///< source points were left out
    size_t sourcePointCount() const;                                 ///< points the hull is made from
    /// With a simplified copy tried: which hull was kept and both deviations; else empty.
    QString simplifiedCopyNote() const { return hasResult() ? m_results->copyNote() : QString(); }
    bool hullFromCopy() const { return hasResult() && m_results->fromCopy(); } ///< points from the copy
    /// The current hull (in the node's space) and its quality, or nullptr.
    const geometry::ConvexHull* hull() const;
    /// The last preview sent, in world space (empty when none).
    const std::vector<QVector3D>& previewSegments() const;

public slots:
    /// Pushes the hull (one undo step) and closes the dialog. False, with nothing pushed, when there is no
    /// result for the current options or the document refuses it (the reason is shown).
    bool apply();

signals:
    /// A hull is ready: its edges in world space, two points per segment.
    void previewChanged(const std::vector<QVector3D>& segments);
    /// Apply pushed the hull; `shape` is the new convex shape's index.
    void applied(size_t shape);

protected:
    QString takeResult() override;
    void showFigures() override;

private:
    using Runner = PlanRunner<document::HullSource, document::HullPlan>;
    void buildUi();
    std::shared_ptr<const document::HullSource> gather(cs::document::Document& document);

    size_t m_node;
    HullForm* m_form = nullptr;
    HullResultBox* m_results = nullptr;
    Runner* m_runner = nullptr; // the hull of the current options
    QString m_sourceError;      // why the last gathering found no points
};

} // namespace cs::ui
