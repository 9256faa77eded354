#pragma once

#include "document/NodeOperationsDrag.h"
#include "viewport/GizmoInput.h"

#include <QObject>
#include <QPointer>
#include <optional>
#include <vector>

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class Viewport;

/// The move gizmo (three world-axis arrows at the current node) and the handles of its collider's or
/// trigger's shape (box faces, radius, ends), drawn in the viewport and dragged there. Picking and dragging
/// are core maths (geometry/Gizmo.h, document::HandleDragSession); this class sizes the gizmo to the view,
/// hands the lines to the viewport and turns its forwarded rays into a drag session. Holding Ctrl snaps to
/// the grid step, Alt moves a box's opposite face too; Esc cancels; each drag is one undo step.
class GizmoController : public QObject, public GizmoInput
{
    Q_OBJECT

public:
    GizmoController(Viewport* viewport, QObject* parent = nullptr);
    ~GizmoController() override;

    void setDocument(document::Document* document);
    /// The grid step Ctrl snaps to, in metres (default 0.25).
    void setGridStep(double metres) { m_step = metres; }
    double gridStep() const { return m_step; }
    /// What the drag sets now ("x 1.250 m"), empty when not dragging.
    QString valueText() const;
    /// The arrow length and pick tolerance at the current camera distance, in metres.
    double arrowLength() const;
    /// Redraws the gizmo for the current node.
    void refresh();

    bool dragPressed(const QVector3D& origin, const QVector3D& direction,
                     Qt::KeyboardModifiers modifiers) override;
    void dragMoved(const QVector3D& origin, const QVector3D& direction,
                   Qt::KeyboardModifiers modifiers) override;
    void dragReleased() override;
    void dragCancelled() override;

private:
    QPointer<Viewport> m_viewport;
    QPointer<document::Document> m_document;
    std::optional<document::HandleDragSession> m_drag;
    double m_step = 0.25;
};

} // namespace cs::ui
