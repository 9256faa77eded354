#pragma once

#include "panels/DocumentPanel.h"

class QLabel;
class QScrollArea;
class QToolButton;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class BodyPanel;
class ColliderPanel;
class JointPanel;
class ShapePanel;
class TransformPanel;

/// The property area of the window: what the document's selected nodes are (a header), and the editors of
/// their transform, body, collider, trigger and joint, and of the document's selected shape (see
/// Document::selectedShape()), each in a section that folds. A shape picked in the collider or trigger
/// section becomes the selected shape.
class PropertiesPanel : public DocumentPanel
{
    Q_OBJECT

public:
    explicit PropertiesPanel(QWidget* parent = nullptr);
    ~PropertiesPanel() override;

    TransformPanel* transformPanel() const { return m_transform; }
    BodyPanel* bodyPanel() const { return m_body; }
    ColliderPanel* colliderPanel() const { return m_collider; }
    ShapePanel* shapePanel() const { return m_shape; }
    /// The shape the shape section edits (-1: none).
    int shownShape() const;

signals:
    /// "Generate convex hull..." was asked for this node.
    void hullRequested(cs::document::NodeIndex node);
    /// A node was clicked in a list (shape users, compound members): select it.
    void nodeActivated(cs::document::NodeIndex node);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool concerns(const document::ChangeEvent& event) const override;
    /// Passes the document's selection to the sections and shows its shape.
    void refresh() override;
    void documentReplaced() override;
    void fitWidth();
    void updateHeader();

    QLabel* m_header = nullptr;
    TransformPanel* m_transform = nullptr;
    BodyPanel* m_body = nullptr;
    ColliderPanel* m_collider = nullptr;
    ColliderPanel* m_trigger = nullptr;
    ShapePanel* m_shape = nullptr;
    JointPanel* m_joint = nullptr;
    QWidget* m_shapeSection = nullptr;
    QScrollArea* m_scroll = nullptr;
    QWidget* m_inner = nullptr;
};

} // namespace cs::ui
