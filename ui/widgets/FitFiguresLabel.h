#pragma once

#include "document/Selection.h"
#include "geometry/ColliderFit.h"

#include <QLabel>
#include <QPointer>
#include <cstdint>
#include <optional>

class QTimer;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

template <class Result> class BackgroundJob;

/// Shows how well a node's colliders fit its mesh (document::colliderFitFigures): the outside and overhang
/// figures in metres. The figures of the document's revision from its fit cache when some view measured them
/// already (Add Colliders, the hull dialog), else measured off the GUI thread and cached; again after every
/// edit of the document (coalesced); the figures shown stay until the new ones are ready.
class FitFiguresLabel : public QLabel
{
    Q_OBJECT

public:
    explicit FitFiguresLabel(QWidget* parent = nullptr);
    ~FitFiguresLabel() override;

    /// The node whose colliders are measured (none: the label is cleared).
    void setTarget(cs::document::Document* document, std::optional<document::NodeIndex> node);
    /// The figures shown (none before the first measurement, or when the node has no collider or mesh).
    const std::optional<geometry::FitSummary>& figures() const { return m_figures; }
    /// Runs the event loop until no measurement is pending or running; true when that happened in time.
    bool waitForFigures(int milliseconds);

signals:
    /// New figures are shown.
    void figuresChanged();

private:
    void schedule();
    void start();
    void finished(std::optional<geometry::FitSummary> figures);
    void showFigures(const geometry::FitSummary& figures);

    QPointer<cs::document::Document> m_document;
    std::optional<document::NodeIndex> m_node;
    std::optional<geometry::FitSummary> m_figures;
    BackgroundJob<std::optional<geometry::FitSummary>>* m_job;
    QTimer* m_timer;              ///< coalesces the edits of a drag
    bool m_again = false;         ///< an edit came while measuring: measure once more when done
    std::uint64_t m_revision = 0; ///< the document's revision the running measurement was gathered at
};

} // namespace cs::ui
