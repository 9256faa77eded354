#pragma once

#include "PlanRunner.h"
#include "document/Selection.h"
#include "document/ShapeFit.h"

#include <QObject>
#include <functional>
#include <optional>

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

/// "Fit <primitive> to mesh" for the shape panel, off the GUI thread. start() reads the points the fit
/// needs (document::fitMeshPoints) and fits them on a worker (a PlanRunner); the fit is applied
/// (document::applyShapeFit, one undo step) on the GUI thread when it arrives. A result is dropped when, in
/// the meantime, another fit started, the panel moved to another shape or node, or the document was edited
/// (the points would no longer be the ones the document has). Every fit ends with finished().
class ShapeFitter : public QObject
{
    Q_OBJECT

public:
    enum class Outcome
    {
        Failed,       ///< nothing changed; the status text says why
        Unchanged,    ///< the shape already had the fitted values
        ShapeChanged, ///< the shape took the fit (and the collider node its offset)
        ChildNode,    ///< the fit went on a new child node with a new shape
        Started,      ///< start(): the fit is being computed; finished() tells how it ended
    };
    /// Asked when a result arrives: is `shape` on `node` still what the panel shows?
    using StillShown = std::function<bool(int shape, document::NodeIndex node)>;

    explicit ShapeFitter(StillShown stillShown, QObject* parent = nullptr);

    /// Fits `kind` to the mesh `node` sees and applies it to `shape` when done: Started, or Failed at once
    /// (no document, shape or node; an opaque shape; no mesh) with finished() already emitted.
    /// A capsule or cylinder runs along `axis` of the node's space.
    Outcome start(cs::document::Document* document, int shape, std::optional<document::NodeIndex> node,
                  document::FitKind kind, geometry::RoundAxis axis = geometry::RoundAxis::Auto);
    /// Drops the fit in progress (nothing is applied, finished() is not emitted).
    void cancel();
    bool isFitting() const;
    /// Runs the event loop until no fit is in progress or `milliseconds` passed; true when none is.
    bool waitForFit(int milliseconds);
    /// How the last fit ended (Started while it runs).
    Outcome lastOutcome() const { return m_lastOutcome; }
    /// The node the last fit created (Outcome::ChildNode), else none.
    std::optional<document::NodeIndex> lastChildNode() const { return m_lastChildNode; }

signals:
    /// A fit ended; `status` (rich text, with node: links) says what it did.
    void finished(cs::ui::ShapeFitter::Outcome outcome, const QString& status);

private:
    /// What a fit reads from the document, and what it is for.
    struct Request
    {
        int shape = -1;
        document::NodeIndex node = 0;
        document::FitKind kind = document::FitKind::Box;
        geometry::RoundAxis axis = geometry::RoundAxis::Auto;
        std::vector<geometry::Vec3d> points; ///< the mesh the node sees, in its space
    };
    using Runner = PlanRunner<Request, Result<geometry::FittedShape>>;
    void fitted();
    void apply(const Request& request, const Result<geometry::FittedShape>& fitted);
    Outcome end(Outcome outcome, const QString& status);

    StillShown m_stillShown;
    Runner* m_runner;      // the fit of the last start(), on its document
    Request m_next;        // what start() asked for, without the points
    QString m_gatherError; // why the points could not be read
    Outcome m_lastOutcome = Outcome::Failed;
    std::optional<document::NodeIndex> m_lastChildNode;
};

} // namespace cs::ui
