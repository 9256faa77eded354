#pragma once

#include "dialogs/HullRun.h"
#include "geometry/ColliderFit.h"
#include "geometry/ConvexHull.h"

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
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

template <class Result> class BackgroundJob;
class HullForm;
class JobResultBox;

/// "Convex Hull…": a capped convex hull of a node's mesh (optionally with the meshes of the nodes below it,
/// brought into the node's space), previewed in the 3D view while the options are tuned, and applied as one
/// undo step (document::generateConvexHull).
///
/// The hull is computed on a worker thread; the dialog shows progress and a Stop button, and every change of
/// an option cancels the run in progress and starts a new one. Each finished hull is announced with
/// previewChanged() (world-space segments for Viewport::setPreviewLines); closing the dialog, by Apply or
/// Cancel, emits previewCleared(). Cancel pushes nothing.
///
/// The dialog follows the document while it is open: when the node's meshes or transforms change, the hull
/// is recomputed (or only the preview moved); when the node goes away, the dialog closes. Show it non-modal
/// (show()) so that the view can be turned while the options are tuned; deleting it also emits
/// previewCleared() when it was not closed first. When the document is destroyed, the dialog closes
/// (rejected).
class HullDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Destination
    {
        NewChildNode, ///< a new child node carrying the hull collider
        NodeCollider, ///< the node's own collider (its shape is replaced; a collider is added if it has none)
    };

    HullDialog(cs::document::Document* document, size_t node, QWidget* parent = nullptr);
    ~HullDialog() override;

    size_t node() const { return m_node; }

    // --- Options (the dialog's controls; every change recomputes)
    void setMaxPoints(int points); ///< clamped to 4..255
    int maxPoints() const;
    void setConservative(bool on); ///< false: inner hull (its vertices are mesh points)
    bool conservative() const;
    void setIncludeChildren(bool on);
    bool includeChildren() const;
    void setDestination(Destination destination);
    Destination destination() const;
    void setTrigger(bool on);
    bool trigger() const;
    /// Also make the hull of a copy of the node's mesh simplified within `metres` (world) and keep the closer
    /// one (geometry::chooseHullWithSimplifiedCopy); none: the hull of every point only.
    void setSimplifyFirst(std::optional<double> metres);

    // --- The current result
    /// True while a hull for the current options is being computed (or about to be).
    bool isComputing() const;
    /// True when a hull for the current options is ready (Apply is then enabled).
    bool hasResult() const { return m_result != nullptr; }
    /// Runs the event loop until the current computation is over or `milliseconds` passed; hasResult().
    bool waitForResult(int milliseconds);
    int pointCount() const;    ///< vertices of the hull; -1 without a result
    double volumeKept() const; ///< hull volume / volume of the full hull of the source points; -1 without
    double maxOutsideDistance() const; ///< of a source point beyond the hull (0 for conservative); -1 without
    /// The result's fit against the node's own mesh, in world metres (none without a result, or when the
    /// hull is of the meshes below the node too).
    const std::optional<geometry::FitSummary>& fit() const { return m_fit; }
    bool capped() const;             ///< source points were left out to meet the cap
    size_t sourcePointCount() const; ///< points the hull is made from
    QString errorText() const;       ///< why there is no hull (no mesh, flat mesh, stopped...), else empty
    /// With a simplified copy tried: which hull was kept and both deviations; else empty.
    QString simplifiedCopyNote() const;
    bool hullFromCopy() const; ///< the current hull's points came from the simplified copy
    /// The current hull (in the node's space) and its quality, or nullptr.
    const geometry::ConvexHull* hull() const { return m_result.get(); }
    /// The last preview sent, in world space (empty when none).
    const std::vector<QVector3D>& previewSegments() const { return m_preview; }
    /// How many computations delivered a result or an error (stale ones that were cancelled do not count).
    int finishedRuns() const { return m_finishedRuns; }

public slots:
    /// Pushes the hull (one undo step) and closes the dialog. False, with nothing pushed, when there is no
    /// result for the current options or the document refuses it (the reason is shown).
    bool apply();
    /// Stops the computation in progress (the dialog stays open without a result).
    void stopComputing();
    /// Computes for the current options now (option changes otherwise start a run after a short pause, so
    /// that a burst of changes computes once). A run in progress is cancelled.
    void recompute();

signals:
    /// A hull is ready: its edges in world space, two points per segment.
    void previewChanged(const std::vector<QVector3D>& segments);
    /// The preview should go (the dialog closed, or its result no longer stands).
    void previewCleared();
    /// A computation for the current options finished, with a hull or an error.
    void resultReady();
    /// Apply pushed the hull; `shape` is the new convex shape's index.
    void applied(size_t shape);

protected:
    void done(int result) override;

private:
    using Run = HullRun;
    void buildUi();
    void optionsChanged();
    void gatherSources();
    void startRun();
    void runFinished(Run run);
    void showResult();
    std::vector<QVector3D> worldSegments() const; ///< the result's edges in world space
    void setPreview(std::vector<QVector3D> segments);
    void clearPreview();
    void documentChanged(const cs::document::ChangeEvent& event);
    void followDocument();

    QPointer<cs::document::Document> m_document; // closing the document closes the dialog
    size_t m_node;
    bool m_closed = false;

    HullForm* m_form = nullptr;
    JobResultBox* m_results = nullptr;
    QLabel* m_pointsLabel = nullptr;
    QLabel* m_volumeLabel = nullptr;
    QLabel* m_outsideLabel = nullptr;
    QLabel* m_fitLabel = nullptr; // outside and overhang of the hull, world metres
    std::optional<geometry::FitSummary> m_fit;
    QLabel* m_copyLabel = nullptr; // which hull was kept, when a simplified copy was tried
    QString m_copyNote;
    bool m_fromCopy = false;
    QPushButton* m_apply = nullptr;
    QTimer* m_restart = nullptr; // coalesces option changes into one run
    QTimer* m_follow = nullptr;  // coalesces document changes

    std::shared_ptr<const std::vector<geometry::Vec3d>> m_points; // the source, in the node's space
    std::shared_ptr<const gltf::TriangleMesh> m_mesh;             // the node's own mesh (null with children)
    QString m_sourceError;
    BackgroundJob<Run>* m_job = nullptr; // the hull of the current options
    std::shared_ptr<const geometry::ConvexHull> m_result;
    QString m_error;
    std::vector<QVector3D> m_preview;
    int m_finishedRuns = 0;
};

} // namespace cs::ui
