#pragma once

#include "document/HandleDragSession.h"
#include "geometry/GizmoParts.h"
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

/// The transform gizmo at the current node and the handles of its collider's or trigger's shape (box faces,
/// radius, ends), drawn in the viewport and dragged there. Three tools: move (world-axis arrows, and squares
/// for the three world planes), rotate (a ring about each world axis) and scale (the node's own axes, ending
/// in boxes). The parts, their sizes and which one a ray grabs are core (geometry/GizmoParts.h: drawing and
/// picking use the same parts), dragging is document::HandleDragSession; this class sizes the gizmo to the
/// view, hands the parts' lines to the viewport and turns its forwarded rays into a drag session. Holding
/// Ctrl snaps (grid step, angle step, tenths of scale), Alt moves a box's opposite face too; Esc cancels;
/// each drag is one undo step; the value being set is shown next to the cursor.
class GizmoController : public QObject, public GizmoInput
{
    Q_OBJECT

public:
    GizmoController(Viewport* viewport, QObject* parent = nullptr);
    ~GizmoController() override;

    using Tool = geometry::GizmoTool;

    void setDocument(document::Document* document);
    void setTool(Tool tool);
    Tool tool() const { return m_tool; }
    /// Move and rotate along the node's own axes instead of the world's.
    void setLocalAxes(bool on);
    bool localAxes() const { return m_local; }
    /// The angle step Ctrl snaps rotations to, in degrees (default 15).
    void setAngleStep(double degrees) { m_angleStep = degrees; }
    double angleStep() const { return m_angleStep; }
    /// The grid step Ctrl snaps to, in metres (default 0.25).
    void setGridStep(double metres) { m_step = metres; }
    double gridStep() const { return m_step; }
    /// What the drag sets now ("x 1.250 m"), empty when not dragging; with a warning while the node carries
    /// a shape under a non-uniform scale.
    QString valueText() const;
    /// The current node carries a collider or trigger shape and its scale differs between axes: a warning
    /// badge is drawn beside the gizmo.
    bool scaleWarning() const { return m_warning; }
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
    void showValue();
    /// The gizmo's frame at the current camera for a node whose world matrix is `world`.
    geometry::GizmoFrame frameOf(const geometry::Mat4d& world) const;
    /// The drag session a picked part starts.
    std::optional<document::HandleDragSession> startDrag(const geometry::GizmoPart& part,
                                                         document::NodeIndex node, const geometry::Ray& ray);

    QPointer<Viewport> m_viewport;
    Tool m_tool = Tool::Move;
    double m_angleStep = 15.0;
    bool m_local = false;
    QPointer<document::Document> m_document;
    std::optional<document::HandleDragSession> m_drag;
    double m_step = 0.25;
    bool m_warning = false;
};

} // namespace cs::ui
