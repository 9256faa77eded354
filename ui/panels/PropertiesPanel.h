#pragma once

#include "document/Selection.h"

#include <QWidget>
#include <optional>
#include <vector>

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

/// The property area of the window: what the selected nodes are (a header), and the editors of their body,
/// collider, trigger and of one shape, each in a section that folds. The shape shown is the current node's
/// collider shape, else its trigger shape, until the user picks another one in the collider or trigger
/// section.
class PropertiesPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PropertiesPanel(QWidget* parent = nullptr);
    ~PropertiesPanel() override;

    /// nullptr: nothing is open (every section is cleared). The panel shows the document's selection and
    /// follows it (its change events of kind Selection).
    void setDocument(document::Document* document);
    /// Shows these nodes instead (tests, and documents whose selection is not the window's): every node
    /// and the current one, which the shape section follows.
    void setNodes(const std::vector<document::NodeIndex>& nodes, std::optional<document::NodeIndex> current);

    TransformPanel* transformPanel() const { return m_transform; }
    BodyPanel* bodyPanel() const { return m_body; }
    ColliderPanel* colliderPanel() const { return m_collider; }
    ColliderPanel* triggerPanel() const { return m_trigger; }
    ShapePanel* shapePanel() const { return m_shape; }
    JointPanel* jointPanel() const { return m_joint; }
    /// The shape the shape section edits (-1: none).
    int shownShape() const { return m_shownShape; }

signals:
    /// "Generate convex hull..." was asked for this node.
    void hullRequested(cs::document::NodeIndex node);
    /// A node was clicked in a list (shape users, compound members): select it.
    void nodeActivated(cs::document::NodeIndex node);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitWidth();
    void onChanged(const document::ChangeEvent& event);
    void updateHeader();
    /// Follows the current node's collider or trigger shape unless the user chose one.
    void updateShape();
    void showShape(int shape);

    document::Document* m_document = nullptr;
    std::vector<document::NodeIndex> m_nodes;
    std::optional<document::NodeIndex> m_current;
    int m_shownShape = -1;
    bool m_shapeChosen = false; ///< the user picked the shape: keep it while the selection stays
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
